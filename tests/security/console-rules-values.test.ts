/**
 * Issue #29, seen 9: from the console, the owner of a unit wrote its strength, supply, movement
 * points, black chip and side, an HQ's level, radius and initiative, and a card's assignment; all
 * stayed after the GM heard them, and the GM then judged requests on them (an HQ's radius raised
 * 0→9 let a card be assigned beyond the real radius). Only the mode was watched, and that watch could
 * be turned: re-sending the current mode with `diff: false` made the GM "put back" the other mode,
 * and two quick toggles heard late ended in March. Now the active GM's client puts back every rules
 * value anyone else wrote, from its own copy of what the GMs wrote, and tells the GM once.
 *
 * Played over the multi-client harness with a 40 ms wire (./system-clients.ts): the player `p1`
 * writes through its own client's Foundry API, the server checks that p1 owns the document, and
 * the GM's client hears it after the delay with Foundry's arguments and p1's id. Every check reads
 * the server's copy and each client's once the wire has settled.
 */
import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActorT, FakeItemT } from "../harness/foundry";
import type * as Compat from "../../src/base/compat";
import type * as CardAssignment from "../../src/queries/card-assignment";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import {
  allNotices,
  docOn,
  documentWrites,
  itemOn,
  noticesOn,
  onConsole,
  openSystemNetwork,
  ownedActor,
  quiet,
  systemWorld,
  type SystemTable,
} from "./system-clients";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

let t: SystemTable;
openSystemNetwork((table) => (t = table));

const UNIT = "PzBrig 34";
const FAR = "PzBrig 36";
const HQ = "I GE Corps";
const CARD = "+2 Combat";

beforeEach(async () => {
  await systemWorld(t, (h) => {
    const hq = ownedActor(h, HQ, "hq", hqSystem("nato", { radius: 0, level: { value: 2, max: 4 } }), "p1");
    hq.addItem({ name: CARD, type: "supportCard", system: cardSystem("nato", "combatModifier", 2, null) });
    const unit = ownedActor(h, UNIT, "unit", unitSystem("nato", { hq: hq.uuid, movementPoints: 1 }), "p1");
    const far = ownedActor(h, FAR, "unit", unitSystem("nato", { hq: hq.uuid }), "p1");
    h.placeToken(hq, 0);
    h.placeToken(unit, 0, 1);
    h.placeToken(far, 6);
    return [hq, unit, far];
  });
});

/** Document `name`'s `system` on every copy (the server's, then gm's, p1's, p2's). */
const everywhere = (name: string): Raw[] => t.copies.map((c) => docOn(c, name).system);
const cardEverywhere = (): Raw[] => t.copies.map((c) => itemOn(c, CARD).system);

/** `p1` writes `changes` on its copy of `name` from the console; resolves with the server's answer. */
function consoleWrite(name: string, changes: Raw, options: Raw = {}): Promise<unknown> {
  const doc: FakeActorT | FakeItemT = name === CARD ? itemOn(t.p1, name) : docOn(t.p1, name);
  return onConsole(t.p1, () => doc.update(changes, options));
}

const putBackNotices = () => noticesOn(t.gm, "NOBC.Guard.PutBack");

describe("a rules value written from the console", () => {
  it("a unit's strength, supply, movement points, black chip and side are put back on every copy, and the GM told once", async () => {
    const from = t.net.log.length;
    await consoleWrite(UNIT, {
      "system.strength.value": 6,
      "system.supply": 3,
      "system.movementPoints": 4,
      "system.noMove": true,
      "system.side": "wp",
    });
    await quiet(t.net);
    for (const system of everywhere(UNIT))
      expect(system).toMatchObject({ strength: { value: 4, max: 6 }, supply: 2, movementPoints: 1, noMove: false, side: "nato" });
    // The server took p1's write (p1 owns the unit); then one put-back, written by the GM's client through the write path.
    expect(documentWrites(t.net, from)).toEqual([`p1 update ${docOn(t.p1, UNIT).uuid}`, "gm updateDocuments Actor"]);
    expect(putBackNotices()).toHaveLength(1);
    const notice = putBackNotices()[0]!;
    for (const word of ["p1", UNIT, "system.strength.value", "system.supply", "system.movementPoints", "system.noMove", "system.side"])
      expect(notice).toContain(word);
    // The GMs are told; the players are not.
    expect([allNotices(t)["p1"], allNotices(t)["p2"]]).toEqual([[], []]);
  });

  it("a value replaced whole (v13's `==` key, v14's `_replace`) is put back too", async () => {
    // The generation's spelling of "replace whole", as a console user would write it (src/base/compat.ts), built on p1's client.
    const { replacement } = await t.p1.load<typeof Compat>("src/base/compat");
    await consoleWrite(
      UNIT,
      onConsole(t.p1, () => replacement("system.strength", { value: 9, max: 9 })),
    );
    await quiet(t.net);
    for (const system of everywhere(UNIT)) expect(system["strength"]).toEqual({ value: 4, max: 6 });
    expect(putBackNotices()).toHaveLength(1);
    expect(putBackNotices()[0]).toContain("system.strength");
  });

  it("an HQ's level, radius and initiative are put back, and a card assignment beyond the real radius is refused, even sent at once", async () => {
    const { requestCardAssignment } = await t.p1.load<typeof CardAssignment>("src/queries/card-assignment");
    await consoleWrite(HQ, { "system.level.value": 4, "system.radius": 9, "system.initiative": true });
    // Sent the moment p1's write is answered: the GM hears the request after the write and before its put-back is answered.
    const card = itemOn(t.p1, CARD);
    const assigned = onConsole(t.p1, () => requestCardAssignment(card.uuid, docOn(t.p1, FAR).uuid));
    // The GM judges the drop on the radius it wrote (0), not on the 9 the player typed.
    expect(await assigned).toBe(false);
    await quiet(t.net);
    for (const system of everywhere(HQ)) expect(system).toMatchObject({ level: { value: 2, max: 4 }, radius: 0, initiative: false });
    for (const system of cardEverywhere()) expect(system["assignedTo"]).toBeNull();
  });

  it("a card's assignment written from the console is put back", async () => {
    await consoleWrite(CARD, { "system.assignedTo": docOn(t.p1, FAR).uuid, "system.value": 5 });
    await quiet(t.net);
    for (const system of cardEverywhere()) expect(system).toMatchObject({ assignedTo: null, value: 2 });
    expect(putBackNotices()).toHaveLength(1);
  });

  it("re-sending the current mode with diff: false changes nothing (it used to make the GM write the other mode)", async () => {
    const heard: unknown[] = [];
    t.gm.run(() =>
      Hooks.on(
        "updateActor" as never,
        ((_d: unknown, changes: unknown, options: { diff?: unknown }, userId: unknown) =>
          void heard.push([changes, options.diff, userId])) as never,
      ),
    );
    const from = t.net.log.length;
    await consoleWrite(UNIT, { "system.mode": "combat" }, { diff: false });
    await quiet(t.net);
    // Foundry broadcasts a diff: false update whole: the GM's client heard the unchanged mode, as p1's.
    expect(heard).toEqual([[expect.objectContaining({ system: { mode: "combat" } }), false, "p1"]]);
    for (const system of everywhere(UNIT)) expect(system["mode"]).toBe("combat");
    expect(putBackNotices()).toEqual([]);
    expect(documentWrites(t.net, from)).toEqual([`p1 update ${docOn(t.p1, UNIT).uuid}`]);
  });

  it("two quick toggles heard late end in the mode the GM wrote, on every copy", async () => {
    // The second is sent the moment the first is answered: the GM hears both 40 ms late, its put-back of the first on its way.
    await consoleWrite(UNIT, { "system.mode": "march" });
    await consoleWrite(UNIT, { "system.mode": "combat" });
    await quiet(t.net);
    for (const system of everywhere(UNIT)) expect(system["mode"]).toBe("combat");
    // And sent together (the second before the first is answered), with diff: false so the copy's stale mode cannot drop it.
    const both = [consoleWrite(UNIT, { "system.mode": "march" }), consoleWrite(UNIT, { "system.mode": "march" }, { diff: false })];
    await Promise.all(both);
    await quiet(t.net);
    for (const system of everywhere(UNIT)) expect(system["mode"]).toBe("combat");
  });

  it("a value the GM wrote since is what is put back; the owner's name, image and notes stay theirs", async () => {
    await onConsole(t.gm, () => docOn(t.gm, UNIT).update({ "system.movementPoints": 2.5 }));
    await quiet(t.net);
    await consoleWrite(UNIT, { "system.movementPoints": 4, "system.notes": "<p>dug in</p>", name: "34. PzBrig" });
    await quiet(t.net);
    for (const c of t.copies) {
      const unit = docOn(c, "34. PzBrig");
      expect([unit.system["movementPoints"], unit.system["notes"]]).toEqual([2.5, "<p>dug in</p>"]);
    }
  });

  it("the GM's own writes, and another player's client hearing p1's, write nothing more", async () => {
    const from = t.net.log.length;
    await onConsole(t.gm, () => docOn(t.gm, UNIT).update({ "system.supply": 0 }));
    await quiet(t.net);
    for (const system of everywhere(UNIT)) expect(system["supply"]).toBe(0);
    expect(documentWrites(t.net, from)).toEqual([`gm update ${docOn(t.gm, UNIT).uuid}`]);
    expect(allNotices(t)).toEqual({ gm: [], p1: [], p2: [] });
    // p2's client hears p1's write (as every client does) and leaves it to the active GM.
    const heardOnP2: unknown[] = [];
    t.p2.run(() =>
      Hooks.on("updateActor" as never, ((_d: unknown, _c: unknown, _o: unknown, userId: unknown) => void heardOnP2.push(userId)) as never),
    );
    const after = t.net.log.length;
    await consoleWrite(UNIT, { "system.supply": 3 });
    await quiet(t.net);
    expect(heardOnP2).toEqual(["p1", "gm"]);
    expect(documentWrites(t.net, after)).toEqual([`p1 update ${docOn(t.p1, UNIT).uuid}`, "gm updateDocuments Actor"]);
    expect(allNotices(t)["p2"]).toEqual([]);
    for (const system of everywhere(UNIT)) expect(system["supply"]).toBe(0);
  });
});
