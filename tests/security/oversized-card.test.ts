/**
 * Issue #16, "Denial of service": a 1.1 MB card (32,000 effects on one unit) took seconds to render
 * on every client, because the changes list was built quadratically. The model: rendering a card is
 * linear in its effects, and a card carries at most `MAX_CARD_EFFECTS` of them.
 *
 * Never measured by the clock: the work is counted, as the elements that array scans and spreads
 * step over (`ArrayIterator#next`, and `this.length` of every scanning array method), while the
 * chat hook's steps run. Linear work grows about 8× from 1,000 to 8,000 effects; quadratic, 64×.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { keyWording } from "../harness/wording";
import { changesContext, resolutionCardContext } from "../../src/chat/context";
import { MAX_CARD_EFFECTS, readCard } from "../../src/chat/card-data";
import { nameOf } from "../../src/chat/render";
import { planEffects, snapshotOf } from "../../src/effects/apply";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import type { Effect } from "../../src/rules/effects";

const SCANS = ["find", "findIndex", "includes", "indexOf", "lastIndexOf", "filter", "some", "every", "map", "forEach"] as const;
const MORE_SCANS = ["reduce", "flatMap", "slice", "concat", "join"] as const;

/** The elements stepped over while `run` runs: array iterations (spreads, for…of) and array method scans. */
function work(run: () => void): number {
  let steps = 0;
  const iteratorProto = Object.getPrototypeOf([][Symbol.iterator]()) as { next: (this: unknown) => unknown };
  const next = iteratorProto.next;
  const proto = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = [...SCANS, ...MORE_SCANS].map((name) => [name, proto[name]!] as const);
  iteratorProto.next = function (this: unknown) {
    steps += 1;
    return next.call(this);
  };
  for (const [name, original] of originals) {
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      steps += this.length;
      return original.apply(this, args);
    };
  }
  try {
    run();
  } finally {
    iteratorProto.next = next;
    for (const [name, original] of originals) proto[name] = original;
  }
  return steps;
}

let unit: FakeActorT;
const i18n = keyWording();

const hitsOn = (count: number): Effect[] => Array.from({ length: count }, (): Effect => ({ type: "hits", actor: unit.uuid, amount: 1 }));

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" } });
});

describe("rendering a card is linear in its effects", () => {
  it("the changes list every client builds (the chat hook's step) grows like the effects, not their square", () => {
    const small = work(() => changesContext(hitsOn(1000), nameOf, i18n));
    const large = work(() => changesContext(hitsOn(8000), nameOf, i18n));
    // Linear: about 8×; the quadratic list of before: about 64×.
    expect(large / small).toBeLessThan(12);
    const view = changesContext(hitsOn(8000), nameOf, i18n);
    expect(view.documents).toHaveLength(1);
    expect(view.documents[0]!.changes).toHaveLength(8000);
  });

  it("so does the whole card the poster and the GM render (its changes and its notes)", () => {
    const context = (count: number) => () => {
      const effects = hitsOn(count);
      const notes = planEffects(effects, snapshotOf).notes;
      resolutionCardContext({ title: "Combat", breakdown: [], rolls: [], outcome: "x", effects, notes }, nameOf, i18n);
    };
    const small = work(context(1000));
    const large = work(context(8000));
    expect(large / small).toBeLessThan(12);
  });

  it("reading a card, each effect checked against the effect schema, is linear too", () => {
    const read = (count: number) => () => void readCard({ effects: hitsOn(count), state: "pending" });
    const small = work(read(MAX_CARD_EFFECTS / 8));
    const large = work(read(MAX_CARD_EFFECTS));
    expect(large / small).toBeLessThan(12);
    expect(readCard({ effects: hitsOn(MAX_CARD_EFFECTS), state: "pending" })?.effects).toHaveLength(MAX_CARD_EFFECTS);
  });

  it("a card with a few weapons attached and dropped many times plans linearly too", () => {
    const squadron = new harness.Actor({ name: "1 Sqn", type: "airSquadron", system: { weapons: [] } });
    const churn = (count: number): Effect[] =>
      Array.from({ length: count }, (_, k): Effect => ({
        type: "weaponAttached",
        squadron: squadron.uuid,
        kind: "cas",
        weapon: `w${String(k)}`,
      }));
    const small = work(() => planEffects(churn(1000), snapshotOf));
    const large = work(() => planEffects(churn(8000), snapshotOf));
    expect(large / small).toBeLessThan(12);
  });
});

describe("a card carries a bounded number of effects", () => {
  it("the limit is far above a real turn and far below the attack", () => {
    expect(MAX_CARD_EFFECTS).toBeGreaterThanOrEqual(1000);
    expect(MAX_CARD_EFFECTS).toBeLessThan(32_000);
  });

  it("a card of 32,000 effects on one unit is not read as a card, and Apply refuses it by name without writing", async () => {
    const effects = hitsOn(32_000);
    expect(readCard({ effects, state: "pending" })).toBeUndefined();
    expect(readCard({ effects: hitsOn(MAX_CARD_EFFECTS), state: "pending" })?.effects).toHaveLength(MAX_CARD_EFFECTS);
    const message = await (ChatMessage as unknown as { create(d: object): Promise<{ id: string }> }).create({
      content: "<p>forged</p>",
      flags: { nobc: { effects, state: "pending" } },
    });
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.tooLarge" });
    expect(harness.Actor.calls).toHaveLength(0);
  });
});
