/**
 * The registry of effect handlers (src/effects/registry.ts): every effect type the card schema knows
 * has exactly one handler, in exactly one family module, and the types written to documents are the
 * ones whose handler plans writes. The compile-time checks are checked too: a type two families
 * register names itself, and a family cannot register a key that is no effect type.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { EFFECT_FAMILIES, EFFECT_HANDLERS, type HeldTwice, type None } from "../../src/effects/registry";
import { BY_HAND, type FamilyHandlers } from "../../src/effects/handler";
import { planEffects, writtenEffectTypes } from "../../src/effects/apply";
import { EFFECT_TYPES } from "../../src/schemas/effects";

const families = Object.entries(EFFECT_FAMILIES) as [string, Readonly<Record<string, unknown>>][];

describe("the effect registry", () => {
  it("has one handler for every effect type of the card schema, and none for anything else", () => {
    expect(Object.keys(EFFECT_HANDLERS).sort()).toEqual([...EFFECT_TYPES].sort());
  });

  it("takes each effect type from exactly one family", () => {
    for (const type of EFFECT_TYPES) {
      const holders = families.filter(([, handlers]) => Object.hasOwn(handlers, type)).map(([name]) => name);
      expect({ type, holders: holders.length }).toEqual({ type, holders: 1 });
    }
    expect(families.reduce((n, [, handlers]) => n + Object.keys(handlers).length, 0)).toBe(EFFECT_TYPES.length);
  });

  it("registers the family's own handler object for each type", () => {
    for (const [, handlers] of families)
      for (const [type, handler] of Object.entries(handlers)) expect(EFFECT_HANDLERS[type as never]).toBe(handler);
  });

  it("names as written exactly the types whose handler plans writes", () => {
    const written = EFFECT_TYPES.filter((t) => EFFECT_HANDLERS[t].route === "write");
    expect(writtenEffectTypes().sort()).toEqual([...written].sort());
    expect(written.length).toBeGreaterThan(0);
  });

  it("plans a toolkit change as words on the card, writing nothing", () => {
    const plan = planEffects([{ type: "playsheetSuppressed", actor: "2 Coy" }], () => undefined);
    expect(plan.actorUpdates).toEqual([]);
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.toolkit"]);
  });

  it("finds at compile time a type two families register, and a key that is no effect type", () => {
    expectTypeOf<HeldTwice<{ a: { hits: 1 }; b: { hits: 1; mode: 1 }; c: { supply: 1 } }>>().toEqualTypeOf<"hits">();
    expectTypeOf<HeldTwice<typeof EFFECT_FAMILIES>>().toEqualTypeOf<never>();
    expectTypeOf<None<never>>().toEqualTypeOf<never>();
    // @ts-expect-error: a type registered twice does not satisfy the check.
    type Twice = None<"hits">;
    expectTypeOf<Twice>().not.toBeAny();
    // @ts-expect-error: a family's key must be an effect type.
    const stray: FamilyHandlers = { notAnEffect: BY_HAND };
    expect(stray).toBeDefined();
  });
});
