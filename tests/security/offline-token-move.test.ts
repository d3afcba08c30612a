/**
 * Issue #29, item 1: a unit's token moved (or resized, reshaped, unlinked) from the console while no
 * GM was connected. The live watches run on the active GM's client, so none hears it; at the next GM
 * client's `ready` the world is checked against the record of what the GMs last wrote
 * (src/documents/rules-record.ts): a token a player wrote last is put back to its recorded place (a
 * unit's or an HQ's, whose every move by a player is a request the GM writes) and its recorded
 * footprint (any token of ours), in one token write, and the GMs told once who moved what. A token the
 * GM wrote last is taken where it stands (the record is the GM's, a move the GM wrote is not undone),
 * and tokens a player made or deleted are still found. The system runs as Foundry starts it
 * (src/nobc.ts `init`, then `ready`).
 */
import "../harness/install";
import "../harness/sheets-fake";
import "../harness/chat-fake";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import "../../src/nobc";
import { AUTHORITY_MOVE } from "../../src/base/constants";
import { applyPlan, EMPTY_PLAN } from "../../src/effects/apply";
import { changedParts, partOf, RECORD_PARTS, recordKey } from "../../src/documents/rules-record";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { actor, freshWorld, gmReady, startSystem } from "./system-start";

type Raw = Record<string, unknown>;
type TokenT = ReturnType<typeof harness.placeToken>;

let hq: FakeActorT;
let unit: FakeActorT;
let hqToken: TokenT;
let token: TokenT;

const Token = () => (globalThis as unknown as { TokenDocument: { createDocuments(d: Raw[], o: Raw): Promise<unknown[]> } }).TokenDocument;
const notices = (key: string) => harness.notices.filter((n) => n.message.includes(key));
const tokenWrites = () => harness.Token.calls.filter((c) => c.method === "updateDocuments");
const stored = (n: number): { tokens: Record<string, Raw> } => harness.settingsStore.get(`nobc.${recordKey(n)}`) as never;
const place = (t: TokenT) => ({ x: t.x, y: t.y });

/** The GM's client closes: players play on with no GM connected (`game.users.activeGM` null). */
function gmLeaves(): void {
  chatFake.setUsers("p1", false);
  harness.notices.length = 0;
}

/** A move from the player's console: the drag's check skipped by naming the write path's own option. */
const consoleMove = (t: TokenT, to: { x: number; y: number }) => t.update(to, { [AUTHORITY_MOVE]: true });

beforeAll(startSystem);
beforeEach(async () => {
  freshWorld();
  hq = actor("I GE Corps", "hq", hqSystem("nato"), "p1", "hq00000000000001");
  unit = actor("PzBrig 34", "unit", unitSystem("nato", { hq: hq.uuid }), "p1", "unit000000000001");
  hqToken = harness.placeToken(hq, 0);
  token = harness.placeToken(unit, 1, 1);
  await gmReady();
  await vi.waitFor(() => expect(changedParts()).toEqual([]));
  harness.Token.calls.length = 0;
});

describe("at a GM's start-up, a unit's token a player moved while no GM was connected", () => {
  it("is put back to its recorded place, in one token write, and the GM told once who moved what", async () => {
    const at = place(token);
    gmLeaves();
    await consoleMove(token, { x: at.x + 600, y: at.y });
    expect(token.x).toBe(at.x + 600);
    expect(token._stats.lastModifiedBy).toBe("p1");
    await gmReady();
    expect(place(token)).toEqual(at);
    expect(tokenWrites()).toHaveLength(1);
    expect(tokenWrites()[0]!.data).toEqual([{ _id: token.id, x: at.x, y: at.y }]);
    expect(notices("NOBC.Guard.StartUp")).toHaveLength(1);
    expect(harness.notices).toHaveLength(1);
    for (const word of ["p1", "PzBrig 34", "x, y"]) expect(harness.notices[0]!.message).toContain(word);
    // The record still holds the place, and the GM's copy too: a later start finds nothing.
    expect(stored(partOf(unit.uuid)).tokens[token.uuid]).toMatchObject(at);
    harness.notices.length = 0;
    await gmReady();
    expect(harness.notices).toEqual([]);
  });

  it("an HQ's token and a unit's moved and resized are put back together: one token write, one notice naming each", async () => {
    const at = { hq: place(hqToken), unit: place(token) };
    gmLeaves();
    await consoleMove(hqToken, { x: at.hq.x, y: at.hq.y + 300 });
    await consoleMove(token, { x: at.unit.x + 600, y: at.unit.y });
    await token.update({ width: 3, height: 3, shape: 4, actorLink: false });
    await gmReady();
    expect(place(hqToken)).toEqual(at.hq);
    expect(place(token)).toEqual(at.unit);
    expect({ width: token.width, height: token.height, shape: token.shape, actorLink: token.actorLink }).toEqual({
      width: 1,
      height: 1,
      shape: 0,
      actorLink: true,
    });
    expect(tokenWrites()).toHaveLength(1);
    expect(notices("NOBC.Guard.StartUp")).toHaveLength(1);
    const told = notices("NOBC.Guard.StartUp")[0]!.message;
    for (const word of ["I GE Corps", "PzBrig 34", "width", "shape", "actorLink"]) expect(told).toContain(word);
  });

  it("a move the GM wrote stands, though the record is older (the GM's browser closed before it followed)", async () => {
    const before = Array.from({ length: RECORD_PARTS }, (_, n) => structuredClone(stored(n)));
    const to = { x: token.x + 600, y: token.y };
    // The write path's own move (a card's Apply), on the GM's client.
    await applyPlan({ ...EMPTY_PLAN, tokenUpdates: [{ uuid: token.uuid, id: token.id, parentUuid: harness.scene!.uuid, changes: to }] });
    expect(token._stats.lastModifiedBy).toBe("gm");
    before.forEach((part, n) => harness.settingsStore.set(`nobc.${recordKey(n)}`, part));
    gmLeaves();
    harness.Token.calls.length = 0;
    await gmReady();
    expect(place(token)).toEqual(to);
    expect(tokenWrites()).toEqual([]);
    expect(harness.notices).toEqual([]);
    // And the record follows the world again.
    expect(stored(partOf(unit.uuid)).tokens[token.uuid]).toMatchObject(to);
  });

  it("a token a player wrote but did not move or resize (its name) stays as it stands, without a word", async () => {
    gmLeaves();
    await token.update({ name: "Panzers" });
    await gmReady();
    expect(token.name).toBe("Panzers");
    expect(tokenWrites()).toEqual([]);
    expect(harness.notices).toEqual([]);
  });

  it("a record from before the shape was kept is read: the size is put back, the shape left as it stands", async () => {
    const part = partOf(unit.uuid);
    const old = structuredClone(stored(part));
    delete old.tokens[token.uuid]!["shape"];
    harness.settingsStore.set(`nobc.${recordKey(part)}`, old);
    gmLeaves();
    await token.update({ width: 2, shape: 4 });
    await gmReady();
    expect({ width: token.width, shape: token.shape }).toEqual({ width: 1, shape: 4 });
    expect(notices("NOBC.Guard.RecordUnreadable")).toEqual([]);
    expect(notices("NOBC.Guard.StartUp")[0]!.message).toContain("width");
    expect(notices("NOBC.Guard.StartUp")[0]!.message).not.toContain("shape");
  });

  it("with a token moved, one deleted and one dropped elsewhere, each is found: one write per kind and one notice", async () => {
    harness.tokenRights.create = true;
    harness.tokenRights.delete = true;
    const scene = harness.scene!;
    const at = { hq: { id: hqToken.id, ...place(hqToken) }, unit: place(token) };
    gmLeaves();
    await consoleMove(token, { x: at.unit.x + 600, y: at.unit.y });
    await hqToken.delete();
    await Token().createDocuments([{ name: hq.name, actorId: hq.id, x: at.hq.x + 900, y: at.hq.y }], { parent: scene });
    harness.Token.calls.length = 0;
    await gmReady();
    expect(place(token)).toEqual(at.unit);
    expect(scene.tokens.filter((t) => t.actorId === hq.id).map((t) => ({ id: t.id, ...place(t) }))).toEqual([at.hq]);
    expect(harness.Token.calls.map((c) => c.method).sort()).toEqual(["createDocuments", "deleteDocuments", "updateDocuments"]);
    expect(notices("NOBC.Guard.StartUp")).toHaveLength(1);
    expect(harness.notices).toHaveLength(1);
  });
});
