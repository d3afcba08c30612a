/**
 * Issue #16, "Two GM clients": during a hand-over of the active GM, two cards hitting one unit
 * could both report applied while one card's hits were lost, and two cards with one once-only key
 * could both stand. The model: each GM client runs its card actions one at a time; the queued task
 * re-checks, right before it writes, that its client is still the active GM and that the card is
 * still at the revision it planned from; when the card is recorded, a card another client recorded
 * meanwhile with the same key (or over the same paths) keeps this one from standing.
 *
 * The harness plays two GM clients (`gm`, `gm2`) against one world: `chatFake.setActiveGM` hands
 * the active GM over, `chatFake.actAs` plays the other client, and `harness.holdWrites` keeps writes
 * in flight (sent, not yet carried out) so both clients read the world as it was before them.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { performCardAction, type CardResult, type RequestingUser } from "../../src/queries/card-actions";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

let unit: FakeActorT;
let other: FakeActorT;

async function post(effects: Effect[], once?: string): Promise<string> {
  const message = (await postResolution({
    title: "Combat",
    resolution: { breakdown: [], rolls: [], outcome: "x", effects },
    ...(once === undefined ? {} : { once }),
  })) as { id: string };
  return message.id;
}

const user = (id: string): RequestingUser => chatFake.users.get(id)!;
const state = (id: string): unknown => chatFake.cardOf(chatFake.messages.get(id))["state"];
const strength = (actor: FakeActorT): unknown => (actor.system["strength"] as Raw)["value"];
const hit = (actor: FakeActorT): Effect[] => [{ type: "hits", actor: actor.uuid, amount: 1 }];

/** Lets every queued task and answered write run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

/** Every card standing applied that hits `actor`, each hit once: the unit's strength must show them all. */
function appliedHits(ids: readonly string[]): number {
  return ids.filter((id) => state(id) === "applied").length;
}

/**
 * A hand-over with writes held in flight: the old active GM's client (`gm`) applies `before` (its
 * first write sent, the rest queued behind it), then gm2 becomes the active GM and applies `after`,
 * not yet seeing those writes; then the writes are let through. The results in that order.
 */
async function handOver(before: readonly string[], after: readonly string[]): Promise<CardResult[]> {
  const release = harness.holdWrites();
  const old = before.map((id) => performCardAction("apply", id, user("gm")));
  await settle();
  chatFake.setActiveGM("gm2");
  chatFake.actAs("gm2");
  const next = after.map((id) => performCardAction("apply", id, user("gm2")));
  await settle();
  release();
  return Promise.all([...old, ...next]);
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" } });
  other = new harness.Actor({ name: "11 ACR", type: "unit", system: { strength: { value: 4, max: 4 }, supply: 0, mode: "combat" } });
});

describe("a hand-over of the active GM while a task waits in the old GM's queue", () => {
  it("the queued task does not write once its client is no longer the active GM; no hit is lost", async () => {
    const w = await post(hit(other));
    const x = await post(hit(unit));
    const y = await post(hit(unit));
    // The old GM's client: W is writing (in flight), X waits behind it in the queue; after the
    // hand-over gm2 is the active GM and applies Y on the same unit.
    const results = await handOver([w, x], [y]);
    expect(results[0]).toEqual({ ok: true });
    expect(results[1]).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.notActiveGM" });
    expect(results[2]).toEqual({ ok: true });
    expect(strength(unit)).toBe(4 - appliedHits([x, y]));
    expect(state(x)).toBe("pending");
    // The new active GM applies X: both hits stand.
    expect(await performCardAction("apply", x, user("gm2"))).toEqual({ ok: true });
    expect(strength(unit)).toBe(2);
  });
});

describe("two GM clients whose writes are in flight at once", () => {
  it("two cards hitting one unit never both report applied with a hit lost", async () => {
    const x = await post(hit(unit));
    const y = await post(hit(unit));
    // The old GM checked and sent X's write just before the hand-over; gm2, not yet seeing it, plans Y from strength 4.
    const [a, b] = (await handOver([x], [y])) as [CardResult, CardResult];
    const reported = [a, b].filter((r) => r.ok).length;
    // Whatever each reports, every card reported applied shows in the unit's strength.
    expect(4 - (strength(unit) as number)).toBeGreaterThanOrEqual(appliedHits([x, y]));
    expect(reported).toBe(appliedHits([x, y]));
    expect(reported).toBe(1);
    const loser = a.ok ? y : x;
    expect(b.ok ? b : a).toEqual({ ok: true });
    expect(a.ok ? b : a).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.raced" });
    // The card that lost the race is pending and marked "outcome unknown"; applied again, its hit lands.
    expect(state(loser)).toBe("pending");
    expect(chatFake.cardOf(chatFake.messages.get(loser))["outcomeUnknown"]).toBe(true);
    expect(await performCardAction("apply", loser, user("gm2"))).toEqual({ ok: true });
    expect(strength(unit)).toBe(2);
  });

  it("two cards with one once-only key never both stand", async () => {
    const key = "orders:Actor.hq:1";
    const x = await post([{ type: "noMove", actor: unit.uuid }], key);
    const y = await post([{ type: "noMove", actor: other.uuid }], key);
    const results = await handOver([x], [y]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect([state(x), state(y)].filter((s) => s === "applied")).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.onceOnly" });
    // The refused card's writes were put back: only the standing card's change shows.
    expect([unit.system["noMove"] === true, other.system["noMove"] === true]).toEqual(
      state(x) === "applied" ? [true, false] : [false, true],
    );
  });

  it("one card asked of both clients is recorded once: the second record is refused by the card's revision, nothing lost", async () => {
    const x = await post(hit(unit));
    const results = await handOver([x], [x]);
    expect(results).toEqual([{ ok: true }, { ok: false, reason: "NOBC.CardAuth.Refused.cardChanged" }]);
    // Both clients wrote the same hit from the same strength: it counts once, as the card says.
    expect(strength(unit)).toBe(3);
    expect(state(x)).toBe("applied");
    await settle();
    expect(chatFake.cardOf(chatFake.messages.get(x))["outcomeUnknown"]).toBe(true);
  });
});
