/**
 * Issue #29, item 1: a unit's token resized, reshaped or unlinked by a player (Foundry lets an owner
 * write their own token). A unit counter is one hex: the token's size and shape decide the hex its
 * centre is read in, and an unlinked token stands for a synthetic copy of the unit whose rules values
 * nobody guards. The active GM's client puts such a change back from its own copy of what the GMs
 * wrote (never from the changed token), as one token row of the one write path, and tells the GMs once
 * who tried what. The row is a proper planned write: the write plan's schema reads it (and still reads
 * a record's move row of before), and refuses any other token field. The system runs as Foundry starts
 * it (src/nobc.ts `init`, then `ready`).
 */
import "../harness/install";
import "../harness/sheets-fake";
import "../harness/chat-fake";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import "../../src/nobc";
import { driftedDocuments, EMPTY_PLAN, snapshotOf, type WritePlan } from "../../src/effects/apply";
import { writePlanSchema } from "../../src/schemas/write-plan";
import { readBattlefield } from "../../src/world/read";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { actor, freshWorld, gmReady, heardOn, startSystem } from "./system-start";

type Raw = Record<string, unknown>;
type TokenT = ReturnType<typeof harness.placeToken>;

let unit: FakeActorT;
let token: TokenT;

beforeAll(startSystem);
beforeEach(async () => {
  freshWorld();
  const hq = actor("I GE Corps", "hq", hqSystem("nato"), "p1");
  unit = actor("PzBrig 34", "unit", unitSystem("nato", { hq: hq.uuid }), "p1");
  token = harness.placeToken(unit, 1, 1);
  await gmReady();
  chatFake.setUsers("p1");
  harness.Token.calls.length = 0;
});

const notices = (key: string) => harness.notices.filter((n) => n.message.includes(key));
const footprint = (t: TokenT) => ({ width: t.width, height: t.height, shape: t.shape, actorLink: t.actorLink });
const tokenWrites = () => harness.Token.calls.filter((c) => c.method === "updateDocuments");
/** The hex the rules read the unit in (the board's read of the viewed scene). */
const unitHex = () => readBattlefield().units.find((u) => u.id === unit.uuid)?.hex;

/**
 * The player writes their own token from the console; the GM's client hears it (Foundry fires
 * updateToken on every client). `between` runs after the write, before the GM hears it.
 */
async function playerWrites(changes: Raw, options: Raw = {}, between?: () => void): Promise<void> {
  await token.update(changes, options);
  between?.();
  await heardOn("gm", "updateToken", [token, { _id: token.id, ...changes }, options, "p1"], "p1");
}

describe("a unit's token resized, reshaped or unlinked by its owner from the console", () => {
  it("a resized token is put back to its size, in one token write, the unit read in its hex again, and the GM told once who", async () => {
    const hex = unitHex();
    expect(hex).toMatch(/^\d{4}$/);
    // A token three hexes across has its centre a hex further on: the rules would read the unit there.
    await playerWrites({ width: 3, height: 3 }, {}, () => expect(unitHex()).not.toBe(hex));
    expect(footprint(token)).toEqual({ width: 1, height: 1, shape: 0, actorLink: true });
    expect(unitHex()).toBe(hex);
    // The one write path's token row: the footprint only (the place is the movement watch's).
    expect(tokenWrites()).toHaveLength(1);
    expect(tokenWrites()[0]!.data).toEqual([{ _id: token.id, width: 1, height: 1 }]);
    expect(notices("NOBC.Guard.TokenPutBack")).toHaveLength(1);
    expect(harness.notices).toHaveLength(1);
    for (const word of ["p1", "PzBrig 34", "width", "height"]) expect(notices("NOBC.Guard.TokenPutBack")[0]!.message).toContain(word);
  });

  it("a reshaped token is put back to its shape", async () => {
    await playerWrites({ shape: 4 });
    expect(token.shape).toBe(0);
    expect(notices("NOBC.Guard.TokenPutBack")[0]!.message).toContain("shape");
  });

  it("an unlinked token is linked to its unit again", async () => {
    await playerWrites({ actorLink: false });
    expect(token.actorLink).toBe(true);
    expect(notices("NOBC.Guard.TokenPutBack")[0]!.message).toContain("actorLink");
  });

  it("is put back to what the GM last wrote, from the GM's copy, never from the token", async () => {
    chatFake.setUsers("gm");
    await token.update({ width: 2, height: 2 });
    chatFake.setUsers("p1");
    await playerWrites({ width: 5, shape: 2 });
    expect(footprint(token)).toEqual({ width: 2, height: 2, shape: 0, actorLink: true });
    // Only what the player changed is written back.
    expect(tokenWrites().at(-1)!.data).toEqual([{ _id: token.id, width: 2, shape: 0 }]);
  });

  it("a value re-sent as the GM has it (diff: false) changes nothing and is not reported; a GM's own change stands", async () => {
    await playerWrites({ width: 1, actorLink: true }, { diff: false });
    expect(tokenWrites()).toEqual([]);
    expect(harness.notices).toEqual([]);
    chatFake.setUsers("gm");
    await token.update({ shape: 4 });
    await heardOn("gm", "updateToken", [token, { _id: token.id, shape: 4 }, {}, "gm"], "gm");
    expect(token.shape).toBe(4);
    expect(harness.notices).toEqual([]);
  });

  it("a change to what the rules do not read (the token's name, its rotation) is the owner's", async () => {
    await playerWrites({ name: "Panzers", rotation: 30 });
    expect(token.name).toBe("Panzers");
    expect(tokenWrites()).toEqual([]);
    expect(harness.notices).toEqual([]);
  });
});

describe("the write path's token row", () => {
  const row = (changes: Raw) => ({
    ...EMPTY_PLAN,
    tokenUpdates: [{ uuid: "Scene.s1.Token.t1", id: "t1", parentUuid: "Scene.s1", changes }],
  });

  it("is read by the write plan's schema with a footprint, a place, or both; a record's move row of before reads the same", () => {
    for (const changes of [
      { width: 1, height: 1 },
      { shape: 4, actorLink: true },
      { x: 10, y: 20 },
      { x: 10, y: 20, width: 2 },
    ])
      expect(writePlanSchema.safeParse(row(changes)).success).toBe(true);
  });

  it("refuses any other token field, a place without both corners, no field, and a value out of shape", () => {
    for (const changes of [
      { x: 10, y: 20, texture: { src: "x.png" } },
      { width: 2, ownership: { default: 3 } },
      { x: 10 },
      {},
      { width: 0 },
      { height: -1 },
      { shape: 6 },
      { shape: 1.5 },
      { actorLink: "yes" },
    ])
      expect(writePlanSchema.safeParse(row(changes)).success, JSON.stringify(changes)).toBe(false);
  });

  it("a footprint the row wrote that no longer holds is drift (an Undo or a take-over compares the token with it)", () => {
    const plan: WritePlan = {
      ...EMPTY_PLAN,
      tokenUpdates: [{ uuid: token.uuid, id: token.id, parentUuid: harness.scene!.uuid, changes: { width: 1, actorLink: true } }],
    };
    expect(driftedDocuments(plan, snapshotOf)).toEqual([]);
    token.width = 2;
    expect(driftedDocuments(plan, snapshotOf)).toEqual([token.name]);
  });
});
