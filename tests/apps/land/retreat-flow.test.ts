/**
 * A retreat carried out on the map through the GM (#18, item 6): a combat card with "retreat" and the
 * black chip is applied; its card says whose retreat it awaits; the owner sends each unit's path (the
 * proposal, or one changed hex by hex); the GM checks it again and posts the retreat card; Apply moves
 * the tokens, adds 2 hits per hex short and destroys the minefield of the hex left; Undo puts all back.
 * The world is the board game's (tests/turn/board-world.ts).
 */
import "../../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { boardMap, buildBoardWorld } from "../../turn/board-world";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { requestResolution } from "../../../src/apps/base/request";
import { requestCardAction } from "../../../src/queries/register";
import { postResolution } from "../../../src/chat/resolution-card";
import { RETREAT } from "../../../src/apps/land/dialogs";
import { awaitedRetreats } from "../../../src/apps/land/retreat/card-note";
import { registerRetreatNotes } from "../../../src/apps/land/retreat/hooks";
import { retreatController } from "../../../src/apps/land/retreat/controller";
import { retreatFromForm } from "../../../src/apps/land/retreat/state";
import { readBattlefield, forgetTerrain } from "../../../src/world/read";
import { hexCentre, offsetOf } from "../../../src/map/hex-grid";
import type { Effect } from "../../../src/rules/effects";

const A = (id: string) => `Actor.${id}`;

/** Where a one-hex token centred on `hex` has its top-left corner (whole pixels). */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}
const token = (id: string) => harness.scene!.tokens.find((t) => t.actorId === id)!;
const where = (id: string) => ({ x: token(id).x, y: token(id).y });
const actor = (id: string) => (sheetsFake.actors as { id: string; system: Record<string, unknown> }[]).find((a) => a.id === id)!;
const strength = (id: string) => (actor(id).system["strength"] as { value: number }).value;
const noMove = (id: string) => actor(id).system["noMove"];
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const mines = (): object => (harness.scene!.flags["nobc"] as Record<string, { mines?: object }> | undefined)?.["mapState"]?.mines ?? {};

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRetreatNotes(); // on init in Foundry: the notes read the chat again when it changes
  forgetTerrain();
  harness.viewScene();
  registerRequests([RETREAT]);
  buildBoardWorld();
  harness.setSceneFlag("terrain", boardMap());
});
afterEach(() => clearDialogRegistry());

/** The GM posts and applies a card whose effects are `effects` (a combat's retreat, say). */
async function applied(effects: Effect[]): Promise<string> {
  chatFake.setUsers("gm");
  const card = (await postResolution({ title: "Ground combat", resolution: { breakdown: [], rolls: [], outcome: {}, effects } })) as {
    id: string;
  };
  expect(await requestCardAction("apply", card.id)).toEqual({ ok: true });
  return card.id;
}

const lastCard = () =>
  [...chatFake.messages.values()].at(-1) as unknown as {
    id: string;
    system: { effects: Effect[]; requestedBy?: string; once?: string; state?: string };
  };
const note = (id: string) =>
  awaitedRetreats(chatFake.messages.get(id) as never)
    .map((a) => `${a.text}${a.mayAnswer ? " [answer]" : ""}`)
    .join("\n");

describe("the owner answers a retreat; the GM writes it as its own card", () => {
  it("the cards drawn read the chat's owed retreats once per change of the chat, not once per card", async () => {
    const source = await applied([{ type: "retreat", actor: A("n34"), hexes: 2 }]);
    const other = await applied([{ type: "retreat", actor: A("n36"), hexes: 1 }]);
    const messages = harness.game["messages"] as object;
    const contents = Object.getOwnPropertyDescriptor(messages, "contents")!;
    let reads = 0;
    Object.defineProperty(messages, "contents", {
      get: () => ((reads += 1), contents.get!.call(messages) as unknown),
      configurable: true,
    });
    try {
      for (const id of [source, other, source, other]) expect(note(id)).toContain("NOBC.Retreat.Awaiting");
      expect(reads).toBe(1);
      await chatFake.messages.get(other)!.update({ "system.state": "reverted" }); // the chat changed (an Undo)
      expect(note(source)).toContain("34 PzBrig");
      expect(note(other)).toBe("");
      expect(reads).toBe(2);
    } finally {
      Object.defineProperty(messages, "contents", contents);
    }
  });

  it("the proposal is posted, applied (tokens moved, minefield of the hex left destroyed) and undone (all back)", async () => {
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: { "0202": { side: "nato" } },
      contaminated: {},
      destroyedBridges: {},
      cutAutobahn: {},
    });
    const source = await applied([
      { type: "retreat", actor: A("n34"), hexes: 2 },
      { type: "noMove", actor: A("n34") },
      { type: "retreat", actor: A("n36"), hexes: 2 },
      { type: "noMove", actor: A("n36") },
    ]);
    expect(note(source)).toContain("NOBC.Retreat.Awaiting");
    expect(note(source)).toContain("[answer]");
    chatFake.setUsers("p2");
    expect(note(source)).not.toContain("[answer]");

    // The owner's dialog opens on both units with the proposal; the GM takes the same state.
    chatFake.setUsers("p1");
    const world = retreatController.read();
    const opened = retreatController.open(world, { source });
    expect(opened).toEqual({
      ok: true,
      state: {
        source,
        units: [
          { actor: A("n34"), path: ["0102", "0103"] },
          { actor: A("n36"), path: ["0102", "0101"] },
        ],
      },
    });
    if (!opened.ok) return;
    // 36 PzBrig's first hex changed to 0103: the rest is completed from there.
    const changed = retreatFromForm(world, opened.state, { [`step:${A("n36")}:0`]: "0103" });
    expect(changed.units[1]).toEqual({ actor: A("n36"), path: ["0103", "0104"] });

    const before = { n34: where("n34"), n36: where("n36") };
    expect((await requestResolution(RETREAT.id, changed)).ok).toBe(true);
    const card = lastCard();
    expect(card.system.requestedBy).toBe("p1");
    expect(card.system.effects).toEqual([
      { type: "moved", actor: A("n34"), from: "0201", path: ["0102", "0103"] },
      { type: "moved", actor: A("n36"), from: "0202", path: ["0103", "0104"] },
      { type: "minefield", hex: "0202", present: false },
    ]);
    expect(note(source)).toBe("");

    chatFake.setUsers("gm");
    // Applied by the GM as soon as it was accepted (#29, seen 5): no second click.
    expect(card.system.state).toBe("applied");
    expect(where("n34")).toEqual(tokenAt("0103"));
    expect(where("n36")).toEqual(tokenAt("0104"));
    expect(mines()).toEqual({});
    expect(readBattlefield().units.find((u) => u.id === A("n36"))!.hex).toBe("0104");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect({ n34: where("n34"), n36: where("n36") }).toEqual(before);
    expect(mines()).toEqual({ "0202": { side: "nato" } });
    // Undone: the retreat is awaited again.
    expect(note(source)).toContain("NOBC.Retreat.Awaiting");
  });

  it("a retreat cut short: 2 hits for each hex short, the black chip set when the combat's card did not", async () => {
    const source = await applied([{ type: "retreat", actor: A("n36"), hexes: 3 }]);
    chatFake.setUsers("p1");
    const state = { source, units: [{ actor: A("n36"), path: ["0102", "0101"] }] };
    const hitsBefore = strength("n36");
    expect((await requestResolution(RETREAT.id, state)).ok).toBe(true);
    const card = lastCard();
    expect(card.system.effects).toEqual([
      { type: "moved", actor: A("n36"), from: "0202", path: ["0102", "0101"] },
      { type: "hits", actor: A("n36"), amount: 2 },
      { type: "noMove", actor: A("n36") },
    ]);
    chatFake.setUsers("gm");
    // Applied by the GM as soon as it was accepted (#29, seen 5): no second click.
    expect(card.system.state).toBe("applied");
    expect(strength("n36")).toBe(hitsBefore - 2);
    expect(noMove("n36")).toBe(true);
    expect(where("n36")).toEqual(tokenAt("0101"));
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(strength("n36")).toBe(hitsBefore);
    expect(noMove("n36")).toBe(false);
    expect(where("n36")).toEqual(tokenAt("0202"));
  });

  it("the GM answers for the owner; a unit the shortfall hits bring to 0 is eliminated, and Undo puts its token back", async () => {
    const source = await applied([{ type: "retreat", actor: A("n36"), hexes: 3 }]);
    chatFake.setUsers("gm");
    await (sheetsFake.actors as { id: string; update(c: object): Promise<unknown> }[])
      .find((a) => a.id === "n36")!
      .update({ "system.strength.value": 2 });
    const before = where("n36");
    expect((await requestResolution(RETREAT.id, { source, units: [{ actor: A("n36"), path: ["0102", "0101"] }] })).ok).toBe(true);
    const card = lastCard();
    expect(card.system.requestedBy ?? null).toBeNull();
    expect(card.system.effects).toEqual([
      { type: "moved", actor: A("n36"), from: "0202", path: ["0102", "0101"] },
      { type: "hits", actor: A("n36"), amount: 2 },
      { type: "eliminated", actor: A("n36") },
      { type: "noMove", actor: A("n36") },
    ]);
    // Applied by the GM as soon as it was accepted (#29, seen 5): no second click.
    expect(card.system.state).toBe("applied");
    expect(harness.scene!.tokens.some((t) => t.actorId === "n36")).toBe(false);
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(where("n36")).toEqual(before);
    expect(strength("n36")).toBe(2);
  });

  it("refused: another player's unit, an illegal path, a path stopping early, a unit the card does not name, a second answer", async () => {
    const source = await applied([
      { type: "retreat", actor: A("n34"), hexes: 2 },
      { type: "noMove", actor: A("n34") },
    ]);
    const before = chatFake.messages.size;
    /** The answer is refused with the reason `key` warned. */
    const refused = async (key: string, path: string[], unit = A("n34")) => {
      harness.notices.length = 0;
      expect((await requestResolution(RETREAT.id, { source, units: [{ actor: unit, path }] })).ok).toBe(false);
      expect(warnings().join("\n")).toContain(key);
    };
    chatFake.setUsers("p2");
    await refused("NOBC.Retreat.Refused.notYourUnits", ["0102", "0103"]);
    chatFake.setUsers("p1");
    await refused("NOBC.Retreat.Refused.nearEnemy", ["0202", "0203"]);
    await refused("NOBC.Retreat.Refused.notAway", ["0102", "0101"]);
    await refused("NOBC.Retreat.Refused.tooShort", ["0102"]);
    await refused("NOBC.Movement.Refused.notAdjacent", ["0103", "0104"]);
    await refused("NOBC.Retreat.Refused.notOwed", ["0102", "0103"], A("n36"));
    expect(chatFake.messages.size).toBe(before);
    expect(where("n34")).toEqual(tokenAt("0201"));
    expect((await requestResolution(RETREAT.id, { source, units: [{ actor: A("n34"), path: ["0102", "0103"] }] })).ok).toBe(true);
    await refused("NOBC.Retreat.Refused.answered", ["0102", "0103"]);
    expect(chatFake.messages.size).toBe(before + 1);
  });

  it("the request's shape is checked: a path longer than any retreat is refused before anything is read", async () => {
    const source = await applied([{ type: "retreat", actor: A("n34"), hexes: 2 }]);
    chatFake.setUsers("p1");
    const long = Array.from({ length: 11 }, () => "0102");
    const before = chatFake.messages.size;
    expect((await requestResolution(RETREAT.id, { source, units: [{ actor: A("n34"), path: long }] })).ok).toBe(false);
    expect(warnings().length).toBeGreaterThan(0);
    expect(chatFake.messages.size).toBe(before);
  });

  it("an HQ met alone retreats too: short of hexes it loses 2 levels for each, and has no black chip", async () => {
    // I Corps (0102) has no parent HQ and the map's west edge behind it: 2 hexes of the 4 an overrun asks.
    const source = await applied([{ type: "retreat", actor: A("icorps"), hexes: 4 }]);
    chatFake.setUsers("p1");
    const world = retreatController.read();
    const opened = retreatController.open(world, { source });
    if (!opened.ok) throw new Error("not opened");
    expect(opened.state.units).toEqual([{ actor: A("icorps"), path: ["0103", "0104"] }]);
    expect(readBattlefield().hqs.find((h) => h.id === A("icorps"))!.level).toBe(2);
    expect((await requestResolution(RETREAT.id, opened.state)).ok).toBe(true);
    expect(lastCard().system.effects).toEqual([
      { type: "moved", actor: A("icorps"), from: "0102", path: ["0103", "0104"] },
      // 2 levels for each of the 2 hexes short, never below 0: I Corps stands at level 2.
      { type: "hqLevel", actor: A("icorps"), delta: -2 },
    ]);
    // Applied at once (#29, seen 5): the level is down to 0.
    expect(readBattlefield().hqs.find((h) => h.id === A("icorps"))!.level).toBe(0);
  });
});
