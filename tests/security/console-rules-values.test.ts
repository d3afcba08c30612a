/**
 * Issue #29, seen 9: from the console, the owner of a unit wrote its strength, supply, movement
 * points, black chip and side, an HQ's level, radius and initiative, and a card's assignment; all
 * stayed after the GM heard them, and the GM then judged requests on them (an HQ's radius raised
 * 0→9 let a card be assigned beyond the real radius). Only the mode was watched, and that watch could
 * be turned: re-sending the current mode with `diff: false` made the GM "put back" the other mode,
 * and two quick toggles heard late ended in March. Now the active GM's client puts back every rules
 * value anyone else wrote, from its own copy of what the GMs wrote, and tells the GM once.
 * The system runs as Foundry starts it (src/nobc.ts `init`, then `ready`).
 */
import "../harness/install";
import "../harness/sheets-fake";
import "../harness/chat-fake";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expandObject, harness, type FakeActorT, type FakeItemT } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import { replacement } from "../../src/base/compat";
import "../../src/nobc";
import { requestCardAssignment } from "../../src/queries/card-assignment";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { actor, freshWorld, gmReady, heardOn, startSystem } from "./system-start";

type Raw = Record<string, unknown>;

let unit: FakeActorT;
let far: FakeActorT;
let hq: FakeActorT;
let card: FakeItemT;

beforeAll(startSystem);
beforeEach(async () => {
  freshWorld();
  hq = actor("I GE Corps", "hq", hqSystem("nato", { radius: 0, level: { value: 2, max: 4 } }), "p1");
  card = hq.addItem({ name: "+2 Combat", type: "supportCard", system: cardSystem("nato", "combatModifier", 2, null) });
  unit = actor("PzBrig 34", "unit", unitSystem("nato", { hq: hq.uuid, movementPoints: 1 }), "p1");
  far = actor("PzBrig 36", "unit", unitSystem("nato", { hq: hq.uuid }), "p1");
  harness.placeToken(hq, 0);
  harness.placeToken(unit, 0, 1);
  harness.placeToken(far, 6);
  await gmReady();
  chatFake.setUsers("p1");
});

/** A player's console write, then the GM's client hearing it (Foundry's `updateActor` / `updateItem` arguments). */
async function consoleWrite(doc: FakeActorT | FakeItemT, changes: Raw, options: Raw = {}): Promise<void> {
  await doc.update(changes, options);
  const changed = expandObject(changes);
  await heardOn("gm", doc.documentName === "Item" ? "updateItem" : "updateActor", [doc, changed, options, "p1"], "p1");
}

const putBackNotices = () => harness.notices.filter((n) => n.message.includes("NOBC.Guard.PutBack"));

describe("a rules value written from the console", () => {
  it("a unit's strength, supply, movement points, black chip and side are put back, and the GM told once", async () => {
    await consoleWrite(unit, {
      "system.strength.value": 6,
      "system.supply": 3,
      "system.movementPoints": 4,
      "system.noMove": true,
      "system.side": "wp",
    });
    expect(unit.system).toMatchObject({ strength: { value: 4, max: 6 }, supply: 2, movementPoints: 1, noMove: false, side: "nato" });
    expect(putBackNotices()).toHaveLength(1);
    const notice = putBackNotices()[0]!.message;
    for (const word of [
      "p1",
      "PzBrig 34",
      "system.strength.value",
      "system.supply",
      "system.movementPoints",
      "system.noMove",
      "system.side",
    ])
      expect(notice).toContain(word);
  });

  it("a value replaced whole (v13's `==` key, v14's `_replace`) is put back too", async () => {
    // The generation's spelling of "replace whole", as a console user would write it (src/base/compat.ts).
    await consoleWrite(unit, replacement("system.strength", { value: 9, max: 9 }));
    expect(unit.system["strength"]).toEqual({ value: 4, max: 6 });
    expect(putBackNotices()).toHaveLength(1);
    expect(putBackNotices()[0]!.message).toContain("system.strength");
  });

  it("an HQ's level, radius and initiative are put back, and a card assignment beyond the real radius is refused", async () => {
    await consoleWrite(hq, { "system.level.value": 4, "system.radius": 9, "system.initiative": true });
    expect(hq.system).toMatchObject({ level: { value: 2, max: 4 }, radius: 0, initiative: false });
    // The GM judges the drop on the radius it wrote (0), not on the 9 the player typed.
    expect(await requestCardAssignment(card.uuid, far.uuid)).toBe(false);
    expect(card.system["assignedTo"]).toBeNull();
  });

  it("a card's assignment written from the console is put back", async () => {
    await consoleWrite(card, { "system.assignedTo": far.uuid, "system.value": 5 });
    expect(card.system).toMatchObject({ assignedTo: null, value: 2 });
    expect(putBackNotices()).toHaveLength(1);
  });

  it("re-sending the current mode with diff: false changes nothing (it used to make the GM write the other mode)", async () => {
    await consoleWrite(unit, { "system.mode": "combat" }, { diff: false });
    expect(unit.system["mode"]).toBe("combat");
    expect(putBackNotices()).toEqual([]);
    expect(harness.Actor.calls.filter((c) => c.method === "updateDocuments")).toEqual([]);
  });

  it("two quick toggles heard late end in the mode the GM wrote", async () => {
    await unit.update({ "system.mode": "march" });
    await unit.update({ "system.mode": "combat" });
    await heardOn("gm", "updateActor", [unit, { system: { mode: "march" } }, {}, "p1"], "p1");
    await heardOn("gm", "updateActor", [unit, { system: { mode: "combat" } }, {}, "p1"], "p1");
    expect(unit.system["mode"]).toBe("combat");
  });

  it("a value the GM wrote since is what is put back; the owner's name, image and notes stay theirs", async () => {
    chatFake.setUsers("gm");
    await unit.update({ "system.movementPoints": 2.5 });
    await heardOn("gm", "updateActor", [unit, { system: { movementPoints: 2.5 } }, {}, "gm"], "p1");
    await consoleWrite(unit, { "system.movementPoints": 4, "system.notes": "<p>dug in</p>", name: "34. PzBrig" });
    expect(unit.system["movementPoints"]).toBe(2.5);
    expect(unit.system["notes"]).toBe("<p>dug in</p>");
    expect(unit.name).toBe("34. PzBrig");
  });

  it("the GM's own writes and another client's hearing change nothing", async () => {
    await heardOn("p2", "updateActor", [unit, { system: { supply: 9 } }, {}, "p1"], "p1");
    expect(harness.Actor.calls).toEqual([]);
    expect(harness.notices).toEqual([]);
  });
});
