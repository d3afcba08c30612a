/**
 * Issue #29, seen 10: a whispered message of the defender's own carrying `flags.nobc.overrunOffer`
 * stopped the GM from being offered an airfield overrun: the check for an offer already in chat read
 * messages from any author. Now only an offer a GM posted counts.
 *
 * Played over the multi-client harness with a 40 ms wire (./system-clients.ts): the defender `p2`
 * posts the forged whisper through its own client's `ChatMessage.create`, the server takes it (a
 * player may post as themselves, any flags), and every client holds it; then the GM's client moves
 * the attacker's token onto the airfield, every client hears the move, and the active GM's watch
 * posts its offer, which every copy receives.
 */
import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { unitSystem } from "../apps/ground-combat/fixture";
import { docOn, onConsole, openSystemNetwork, ownedActor, quiet, sceneOn, systemWorld, type SystemTable } from "./system-clients";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

let t: SystemTable;
openSystemNetwork((table) => (t = table));

beforeEach(async () => {
  await systemWorld(t, (h) => {
    const tank = ownedActor(h, "PzBrig 34", "unit", unitSystem("nato"), "p1");
    const templin = ownedActor(
      h,
      "Templin",
      "airbase",
      { side: "wp", airZone: "2ATAF", baseCapacity: 2, hits: { repairable: 0, permanent: 0 }, airDefence: { value: 2, max: 4 } },
      "p2",
    );
    h.placeToken(templin, 3, 2);
    h.placeToken(tank, 1, 1);
    return [tank, templin];
  });
});

const Message = () => (globalThis as unknown as { ChatMessage: { create(d: Raw): Promise<{ id: string }> } }).ChatMessage;

/** The messages carrying an overrun offer on each copy (the server's, gm's, p1's, p2's), by author. */
const offersEverywhere = (): string[][] =>
  t.copies.map((c) =>
    [...c.entry.chatFake.messages.values()]
      .filter((m) => (m.flags["nobc"] as Raw | undefined)?.["overrunOffer"] !== undefined)
      .map((m) => m.author?.id ?? "?"),
  );

/** Waits until `done()` holds once the wire is quiet (the watch loads its module on the first move it acts on), or fails. */
async function until(done: () => boolean): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > 5_000) throw new Error("the clients went quiet without it");
    await quiet(t.net);
  }
}

describe("an overrun offer forged by the defender", () => {
  it("a player's own whisper carrying the flag reaches every client, and does not stop the GM's offer", async () => {
    const [tank, templin] = [docOn(t.p2, "PzBrig 34"), docOn(t.p2, "Templin")];
    await onConsole(t.p2, () =>
      Message().create({ content: "", whisper: ["p2"], flags: { nobc: { overrunOffer: { unit: tank.uuid, airbase: templin.uuid } } } }),
    );
    await quiet(t.net);
    expect(offersEverywhere()).toEqual(t.copies.map(() => ["p2"]));
    // The GM's client moves the attacker onto the airfield; every client hears the move, the active GM's offers.
    const [base, token] = sceneOn(t.gm).tokens;
    await onConsole(t.gm, () => token!.update({ x: base!.x, y: base!.y }));
    await until(() => offersEverywhere().every((authors) => authors.length === 2));
    expect(offersEverywhere()).toEqual(t.copies.map(() => ["p2", "gm"]));
  });
});
