/**
 * Issue #16, "Denial of service": one write the server never answered stalled every later card
 * until the GM reloaded, because the GM's card actions run one at a time. The model: each GM task
 * has a time limit (`GM_TASK_LIMIT_MS`); past it, the queue goes on, the requester is told the
 * outcome is unknown and to check it, and the card is marked so. The harness leaves a write
 * unanswered (`harness.stallWrites`: its promise never settles); fake timers stand in for the wait.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { decorateCard, registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import type { CardResult } from "../../src/queries/card-actions";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

/** Half a minute: the longest a player's query waits for the GM. */
const HALF_A_MINUTE = 30_000;

let unit: FakeActorT;
let enemy: FakeActorT;

async function post(effects: Effect[]): Promise<string> {
  const message = (await postResolution({ title: "Combat", resolution: { breakdown: [], rolls: [], outcome: "x", effects } })) as {
    id: string;
  };
  return message.id;
}

const flags = (id: string): Raw => chatFake.messages.get(id)!.system;
const strength = (actor: FakeActorT): unknown => (actor.system["strength"] as Raw)["value"];

/** A promise's answer once it has one (read after the timers have run). */
function track<T>(promise: Promise<T>): { result?: T } {
  const seen: { result?: T } = {};
  void promise.then((r) => (seen.result = r));
  return seen;
}

const warnings = (): string[] => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" } });
  enemy = new harness.Actor({ name: "11 ACR", type: "unit", system: { strength: { value: 3, max: 4 }, supply: 0, mode: "combat" } });
  chatFake.own(unit, "p1");
  chatFake.own(enemy, "p1");
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a write the server never answers does not stall the queue", () => {
  it("the GM's own click: told the outcome is unknown, the card marked, the next card applied", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    const b = await post([{ type: "hits", actor: enemy.uuid, amount: 1 }]);
    harness.stallWrites(1);
    const first = track(requestCardAction("apply", a));
    const second = track(requestCardAction("apply", b));
    await vi.advanceTimersByTimeAsync(HALF_A_MINUTE);
    expect(first.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.timedOut" });
    expect(second.result).toEqual({ ok: true });
    expect(strength(enemy)).toBe(2);
    expect(flags(b)["state"]).toBe("applied");
    // The GM read, in its own words, that the outcome is unknown; the card says so to everyone.
    expect(warnings()).toContain("NOBC.Chat.Refused.timedOut");
    expect(flags(a)["outcomeUnknown"]).toBe(true);
    expect(flags(a)["state"]).toBe("pending");
  });

  it("a player's request: the GM answers 'outcome unknown' before the player's query gives up, and later requests go on", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    const b = await post([{ type: "hits", actor: enemy.uuid, amount: 1 }]);
    chatFake.setUsers("p1");
    harness.stallWrites(1);
    const first = track(requestCardAction("apply", a));
    await vi.advanceTimersByTimeAsync(HALF_A_MINUTE - 1);
    expect(first.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.timedOut" });
    expect(warnings()).toEqual(["NOBC.Chat.Refused.timedOut"]);
    const second = track(requestCardAction("apply", b));
    await vi.advanceTimersByTimeAsync(0);
    expect(second.result).toEqual({ ok: true });
    expect(strength(enemy)).toBe(2);
  });

  it("a write that landed though its answer was lost: the card is not applied twice, and says to check by hand", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    harness.stallWrites(1, { written: true });
    const first = track(requestCardAction("apply", a));
    await vi.advanceTimersByTimeAsync(HALF_A_MINUTE);
    expect(first.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.timedOut" });
    // The write that landed is the card's mark ("applying", with its plan): no document was written yet.
    expect(flags(a)["state"]).toBe("applying");
    expect(strength(unit)).toBe(4);
    // Still waiting on the server: applying the card again is refused, so the hit is not taken twice.
    const again = track(requestCardAction("apply", a));
    await vi.advanceTimersByTimeAsync(0);
    expect(again.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.stalled" });
    expect(strength(unit)).toBe(4);
  });

  it("the chat hook shows the mark: the state line says the outcome is unknown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    harness.stallWrites(1);
    track(requestCardAction("apply", a));
    await vi.advanceTimersByTimeAsync(HALF_A_MINUTE);
    const classes = new Set<string>();
    const state = { textContent: "" };
    // No DOM here: just the members decorateCard touches.
    const ownerDocument = { createElement: () => ({ textContent: "", className: "", append: () => undefined }) };
    const changes = { ownerDocument, replaceChildren: () => undefined };
    const root = {
      classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
      ownerDocument,
      querySelector: (sel: string) => (sel === ".card-state" ? state : sel === ".card-changes" ? changes : null),
      querySelectorAll: () => [],
    };
    const html = { querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : null) } as unknown as HTMLElement;
    decorateCard(chatFake.messages.get(a)!, html);
    expect(state.textContent).toBe("NOBC.Chat.State.unknown");
    expect(classes.has("outcome-unknown")).toBe(true);
  });
});

describe("a task that does end in time is not affected", () => {
  it("an answered write applies as before and leaves no mark", async () => {
    const a = await post([{ type: "hits", actor: unit.uuid, amount: 1 }]);
    const result: CardResult = await requestCardAction("apply", a);
    expect(result).toEqual({ ok: true });
    expect(flags(a)["outcomeUnknown"]).toBe(false);
  });
});
