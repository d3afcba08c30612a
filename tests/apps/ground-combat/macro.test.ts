/** Macro arguments: zod checks naming the field, and the state a macro's explicit choices make. */
import { describe, expect, it } from "vitest";
import { openArgsSchema, parseArgs, resolveArgsSchema, stateFromArgs } from "../../../src/apps/ground-combat/args";
import { planFromState } from "../../../src/apps/ground-combat/input";
import { phrase, unwrap, type Phrase } from "../../../src/rules/resolution";
import { cardUuid, frontField, uuid, worldOptions } from "./fixture";

describe("macro arguments", () => {
  it("accepts the documented shapes", () => {
    expect(parseArgs(openArgsSchema, undefined)).toEqual({ ok: true, value: {} });
    expect(parseArgs(openArgsSchema, { attackers: ["Actor.a"], target: "0201" }).ok).toBe(true);
  });

  it("names every bad field", () => {
    const bad = parseArgs(resolveArgsSchema, {
      attackers: [],
      target: "201",
      hqDistances: { "Actor.h": 1.5 },
      options: { oddsBelowOne: "half" },
    });
    expect(bad.ok).toBe(false);
    const problem = (field: string, what: Phrase) => ({
      code: "invalidArgument",
      field,
      text: phrase("NOBC.Validation.Problem", { field, problem: what }),
    });
    expect(bad.ok ? [] : bad.refusals).toEqual([
      problem("attackers", phrase("NOBC.Validation.Args.Attackers", { input: "[]", minimum: 1 })),
      problem("target", phrase("NOBC.Validation.Args.HexLabel", { input: '"201"' })),
      problem("hqDistances.Actor.h", phrase("NOBC.Validation.Args.Whole", { input: "1.5" })),
      problem("options.oddsBelowOne", phrase("NOBC.Validation.InvalidOption", { values: '"zero", "mirror"' })),
    ]);
  });
});

describe("the state of a macro's combat", () => {
  const field = frontField({ map: false });

  it("keeps the world's defaults where the macro says nothing", () => {
    const state = stateFromArgs(field, { attackers: [uuid("w1"), uuid("w2")], target: "0201" }, worldOptions("zero"));
    expect(state).toMatchObject({
      attackerSide: "wp",
      target: "0201",
      cards: [cardUuid("icorps", "cart"), cardUuid("gta", "cbar")],
      options: { combat: { oddsBelowOne: "zero" } },
    });
  });

  it("takes explicit cards, CAS, fire missions, terrain, rivers, distances and options", () => {
    const state = stateFromArgs(
      field,
      {
        attackers: [uuid("w1"), uuid("w2")],
        target: "0201",
        cards: [cardUuid("gta", "cchem")],
        cas: [{ squadron: uuid("su25"), hq: uuid("gta") }],
        fireMissions: [{ supported: uuid("w1"), artillery: [uuid("wart")] }],
        terrain: ["city"],
        rivers: { "0301": { kind: "minor", bridged: true } },
        hqDistances: { [uuid("gta")]: 2 },
        minefield: true,
        chemicalReleaseConfirmed: true,
        options: { oddsBelowOne: "mirror" },
      },
      worldOptions("zero"),
    );
    const plan = unwrap(planFromState(field, state).plan);
    expect(plan.minefield).toBe(true);
    expect(plan.cardsPlayed).toEqual([cardUuid("gta", "cchem")]);
    expect(plan.cas.map((s) => s.id)).toEqual([uuid("su25")]);
    expect(plan.attackStrength.artillery).toBe(3);
    expect(plan.breakdown.find((l) => l.text.key === "NOBC.Rules.Land.Combat.Terrain")?.value).toBe(-4);
    expect(state.options.combat.oddsBelowOne).toBe("mirror");
  });

  it("takes the whole rules options (as game.nobc.rulesOptions() gives them) over the world's, and hands them whole to the rules", () => {
    const world = { combat: { oddsBelowOne: "zero" as const }, overrun: { lightExtrasCumulative: true, minorRoadMeansMinorRiver: false } };
    const args = {
      attackers: [uuid("w1"), uuid("w2")],
      target: "0201",
      options: { combat: { oddsBelowOne: "mirror" as const }, overrun: { minorRoadMeansMinorRiver: true } },
    };
    expect(parseArgs(resolveArgsSchema, args).ok).toBe(true);
    const state = stateFromArgs(field, args, world);
    const whole = { combat: { oddsBelowOne: "mirror" }, overrun: { lightExtrasCumulative: true, minorRoadMeansMinorRiver: true } };
    expect(state.options).toEqual(whole);
    expect(planFromState(field, state).input.options).toEqual(whole);
    expect(stateFromArgs(field, { attackers: [uuid("w1")], target: "0201" }, world).options).toBe(world);
    const bad = parseArgs(resolveArgsSchema, { ...args, options: { overrun: { everyItem: true } } });
    expect(bad.ok ? [] : bad.refusals.map((r) => r.field)).toEqual(["options.overrun"]);
  });
});
