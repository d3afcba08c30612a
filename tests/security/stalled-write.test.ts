/**
 * Issue #16, "Denial of service", and #29 seen 14: one write the server never answered stalled
 * every later card until the GM reloaded. The model: the GM's tasks queue per document
 * (src/queries/card-actions.ts), so a card over other documents goes on at once; each task has a
 * time limit (`GM_TASK_LIMIT_MS`) past which the cards over the same documents go on too, the
 * requester is told the outcome is unknown and to check it, and the card is marked so.
 *
 * Played over the multi-client harness (tests/harness/clients.ts) with a 40 ms wire: the GM's
 * client, a player's, and the server's copy. The unanswered write is the GM client's
 * `harness.stallWrites` (its promise never settles; with `written`, the server took it and only
 * the answer is lost). The wire keeps its own clock; the code's own timers (the task limit, the
 * player's query timeout) run on vitest's fake time, advanced only once the wire has settled, so
 * every write that could be answered has been before a single fake millisecond passes.
 */
import "../harness/install";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import type { CardResult } from "../../src/queries/card-actions";
import type { Effect } from "../../src/rules/effects";
import type * as CardControls from "../../src/queries/card-controls";
import type * as CardState from "../../src/queries/card-state";
import type * as Register from "../../src/queries/register";
import type * as ResolutionCard from "../../src/chat/resolution-card";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

/** Half a minute: the longest a player's query waits for the GM (src/queries/register.ts). */
const HALF_A_MINUTE = 30_000;

let net: Network;
let gm: Client;
let p1: Client;
/** Every copy of the world: the server's, the GM client's, the player's. */
let copies: Client[];
let limitMs: number;
const code = new Map<Client, { register: typeof Register; controls: typeof CardControls; post: typeof ResolutionCard.postResolution }>();

beforeAll(async () => {
  net = await Network.open({ users: ["gm", "p1"], delay: 40 });
  gm = net.client("gm");
  p1 = net.client("p1");
  copies = [net.serverCopy, gm, p1];
  for (const c of net.clients) {
    // Loaded before the test: the handlers load the card actions lazily, and a first load takes real time.
    await c.load("src/queries/card-actions");
    code.set(c, {
      register: await c.load<typeof Register>("src/queries/register"),
      controls: await c.load<typeof CardControls>("src/queries/card-controls"),
      post: (await c.load<typeof ResolutionCard>("src/chat/resolution-card")).postResolution,
    });
  }
  limitMs = (await gm.load<typeof CardState>("src/queries/card-state")).GM_TASK_LIMIT_MS;
});

afterAll(() => {
  net.close();
  removeAccessors();
});

beforeEach(async () => {
  await net.world((c) => {
    for (const name of ["3 Pz Bde", "11 ACR"]) {
      const unit = new c.entry.harness.Actor({
        name,
        type: "unit",
        system: { strength: { value: 4, max: 4 }, supply: 1, mode: "march" },
      });
      c.entry.harness.own(unit, "p1");
    }
  });
  for (const c of net.clients) c.run(() => code.get(c)!.controls.registerChat());
  await net.settle();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const unitOf = (c: Client, name: string): { uuid: string; system: Raw } =>
  c.run(() => c.entry.harness.documents().find((d) => d.name === name)) as unknown as { uuid: string; system: Raw };
const strengths = (name: string): unknown[] => copies.map((c) => (unitOf(c, name).system["strength"] as Raw)["value"]);
/** The card's field `key` on every copy. */
const onEvery = (id: string, key: string): unknown[] => copies.map((c) => c.run(() => c.entry.chatFake.messages.get(id)?.system[key]));
const hit = (name: string): Effect[] => [{ type: "hits", actor: unitOf(gm, name).uuid, amount: 1 }];
const warnings = (c: Client): string[] => c.entry.harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

/** The GM posts a card over the wire; its id once every client has it. */
async function post(effects: Effect[]): Promise<string> {
  const made = (await gm.run(() =>
    code.get(gm)!.post({ title: "Combat", resolution: { breakdown: [], rolls: [], outcome: "x", effects } }),
  )) as { id: string };
  await net.settle();
  return made.id;
}

/** `client`'s Apply button: the GM acts at once, a player asks the GM over the wire. Its answer once it has one. */
function apply(client: Client, id: string): { result?: CardResult } {
  const seen: { result?: CardResult } = {};
  void client.run(() => code.get(client)!.register.requestCardAction("apply", id)).then((r) => (seen.result = r));
  return seen;
}

/** `ms` of the code's own (fake) time, then the wire carries what those timers sent. */
async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await net.settle();
}

/**
 * The wire settled with `done()` true. A request's handler loads the card actions lazily, and
 * even a loaded module's `import()` takes the module runner a few real turns the wire cannot see;
 * so settle again until it holds (no fake time passes meanwhile), or fail saying so.
 */
async function until(done: () => boolean): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < 5_000) {
    await net.settle();
    if (done()) return;
  }
  throw new Error(`the wire settled and the clients went idle without it (${String(vi.getTimerCount())} timers pending)`);
}

/** The time limits (and query timeouts) pending: a task that has started has one. */
const timersSet = (count: number) => (): boolean => vi.getTimerCount() === count;

describe("a write the server never answers holds only its own documents, and those only for the task's time limit", () => {
  it("the GM's own click: a card on another unit applies at once; past the limit the GM is told, the card marked, the next card on the unit applied", async () => {
    const a = await post(hit("3 Pz Bde"));
    const b = await post(hit("11 ACR"));
    const c = await post(hit("3 Pz Bde"));
    gm.run(() => gm.entry.harness.stallWrites(1));
    const first = apply(gm, a);
    const same = apply(gm, c);
    const other = apply(gm, b);
    // The card over another unit is answered; the stalled one's task has started, with its limit.
    await until(() => other.result !== undefined && timersSet(1)());
    // No fake time has passed: the card over another unit did not wait for the stalled one.
    expect(other.result).toEqual({ ok: true });
    expect(strengths("11 ACR")).toEqual([3, 3, 3]);
    expect(onEvery(b, "state")).toEqual(["applied", "applied", "applied"]);
    // The cards over the stalled unit wait, up to the task's limit.
    await wait(limitMs - 1);
    expect([first.result, same.result]).toEqual([undefined, undefined]);
    await wait(1);
    await until(() => same.result !== undefined);
    expect(first.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.timedOut" });
    // The GM read, in its own words, that the outcome is unknown; the card says so on every copy.
    expect(warnings(gm)).toContain("NOBC.Chat.Refused.timedOut");
    expect(onEvery(a, "outcomeUnknown")).toEqual([true, true, true]);
    expect(onEvery(a, "state")).toEqual(["pending", "pending", "pending"]);
    // The queue went on: the next card on the same unit is applied, from the strength the server holds.
    expect(same.result).toEqual({ ok: true });
    expect(strengths("3 Pz Bde")).toEqual([3, 3, 3]);
    expect(onEvery(c, "state")).toEqual(["applied", "applied", "applied"]);
  });

  it("a player's request: the GM answers 'outcome unknown' before the player's query gives up, and later requests go on", async () => {
    const a = await post(hit("3 Pz Bde"));
    const b = await post(hit("11 ACR"));
    gm.run(() => gm.entry.harness.stallWrites(1));
    const first = apply(p1, a);
    // The player's query waits (its half minute set), and the GM's task has started (its limit set).
    await until(timersSet(2));
    expect(first.result).toBeUndefined();
    // The GM's limit passes well within the player's half minute: the player hears the GM, not "no answer".
    await wait(limitMs);
    expect(limitMs).toBeLessThan(HALF_A_MINUTE);
    expect(first.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.timedOut" });
    expect(warnings(p1)).toEqual(["NOBC.Chat.Refused.timedOut"]);
    await wait(HALF_A_MINUTE - limitMs);
    expect(warnings(p1)).toEqual(["NOBC.Chat.Refused.timedOut"]);
    expect(onEvery(a, "outcomeUnknown")).toEqual([true, true, true]);
    const second = apply(p1, b);
    await until(() => second.result !== undefined);
    expect(second.result).toEqual({ ok: true });
    expect(strengths("11 ACR")).toEqual([3, 3, 3]);
  });

  it("a write that landed though its answer was lost: the card is not applied twice, and says to check by hand", async () => {
    const a = await post(hit("3 Pz Bde"));
    gm.run(() => gm.entry.harness.stallWrites(1, { written: true }));
    const first = apply(gm, a);
    await until(timersSet(1));
    await wait(limitMs);
    expect(first.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.timedOut" });
    // The write that landed is the card's mark ("applying", with its plan): the server and the player hold it; the
    // GM's copy, whose answer was lost, does not. No document was written yet.
    expect(onEvery(a, "state")).toEqual(["applying", "pending", "applying"]);
    expect(strengths("3 Pz Bde")).toEqual([4, 4, 4]);
    expect(onEvery(a, "outcomeUnknown")).toEqual([true, true, true]);
    // Still waiting on the server: applying the card again is refused, so the hit is not taken twice.
    const again = apply(gm, a);
    await until(() => again.result !== undefined);
    expect(again.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.stalled" });
    // A player's request for it is refused the same way, by the GM.
    const asked = apply(p1, a);
    await until(() => asked.result !== undefined);
    expect(asked.result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.stalled" });
    expect(strengths("3 Pz Bde")).toEqual([4, 4, 4]);
  });

  it("the chat hook shows the mark on the player's client: the state line says the outcome is unknown", async () => {
    const a = await post(hit("3 Pz Bde"));
    gm.run(() => gm.entry.harness.stallWrites(1));
    apply(gm, a);
    await until(timersSet(1));
    await wait(limitMs);
    const classes = new Set<string>();
    const state = { textContent: "", before: () => undefined };
    // No DOM here: just the members decorateCard touches.
    const ownerDocument = {
      createElement: () => ({
        textContent: "",
        className: "",
        type: "",
        disabled: false,
        append: () => undefined,
        addEventListener: () => undefined,
      }),
    };
    const changes = { ownerDocument, replaceChildren: () => undefined };
    const root = {
      classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
      ownerDocument,
      querySelector: (sel: string) => (sel === ".card-state" ? state : sel === ".card-changes" ? changes : null),
      querySelectorAll: () => [],
    };
    const html = { querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : null) } as unknown as HTMLElement;
    p1.run(() => code.get(p1)!.controls.decorateCard(p1.entry.chatFake.messages.get(a)!, html));
    expect(state.textContent).toBe("NOBC.Chat.State.unknown");
    expect(classes.has("outcome-unknown")).toBe(true);
  });
});

describe("a task that does end in time is not affected", () => {
  it("an answered write applies as before, and the limit passing later leaves no mark", async () => {
    const a = await post(hit("3 Pz Bde"));
    const done = apply(p1, a);
    await until(() => done.result !== undefined);
    expect(done.result).toEqual({ ok: true });
    await wait(HALF_A_MINUTE);
    expect(strengths("3 Pz Bde")).toEqual([3, 3, 3]);
    expect(onEvery(a, "state")).toEqual(["applied", "applied", "applied"]);
    expect(onEvery(a, "outcomeUnknown")).toEqual([false, false, false]);
    expect([...warnings(gm), ...warnings(p1)]).toEqual([]);
  });
});
