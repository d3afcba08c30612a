/**
 * A unit's move on the board through the one authority (src/apps/land/move): a drag becomes a
 * request; the GM plans it with `planMove`, refuses a player's move that breaks a rule (nothing
 * written, the rule's words on the player's screen), carries out a GM's as an override listed on the
 * card, and posts and applies an accepted move at once; Undo puts MP, hits and the token back. A path
 * through a minefield asks the mover; a player's console move is put back on the GM's client.
 */
import "../../harness/install";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeMovement } from "../../harness/foundry";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { MINED, stageBoardWorld } from "../../turn/board-world";
import { hexCentre, offsetOf } from "../../../src/map/hex-grid";
import { requestResolution } from "../../../src/apps/base/request";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { MOVE } from "../../../src/apps/land/dialogs";
import { onMoveToken, registerMoveHooks } from "../../../src/apps/land/move/hooks";
import { moveStateSchema } from "../../../src/apps/land/move/state";
import { TURN_COMBAT_TYPE } from "../../../src/combat/turn-type";
import { MOVEMENT_LAST_SLOT } from "../../../src/world/movement-slots";
import { registerSettings } from "../../../src/base/settings";
import { turn } from "../../../src/rules/index";
import type { FakeActorT } from "../../harness/foundry";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;

/** Where a one-hex token centred on `hex` has its top-left corner (whole pixels). */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

/** The tracker at `id`; in Movement, NATO's group (the last slot: no corps holds the initiative) moves now. */
function stage(id: "movement" | "groundCombat"): void {
  harness.game["combat"] = { type: TURN_COMBAT_TYPE, system: { turn: 1, stage: turn.stageIndex(id), movementSlot: MOVEMENT_LAST_SLOT } };
}

const token = (id: string) => harness.scene!.tokens.find((t) => t.actorId === id)!;
const where = (id: string) => ({ x: token(id).x, y: token(id).y });
const sys = (id: string) => actors.get(id)!.system;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const cardsPosted = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const lastCard = () => cardsPosted().at(-1) as unknown as { id: string; system: Raw };
/** What the last card rendered shows (the harness's i18n writes each key with its data). */
const lastCardShown = () => JSON.stringify(sheetsFake.rendered.filter((r) => r.path.includes("resolution-card")).at(-1)?.data);

beforeEach(() => {
  actors = stageBoardWorld();
  registerRequests([MOVE]);
  stage("movement");
});
afterEach(() => clearDialogRegistry());

describe("the move request (land.move)", () => {
  it("a player's legal move is a card the GM posts and applies at once; Undo puts MP, hits and the token back", async () => {
    const before = { at: where("n36"), strength: structuredClone(sys("n36")["strength"]), mp: sys("n36")["movementPoints"] };
    chatFake.setUsers("p1");
    // 36 PzBrig (0202) starts next to 2 MRR: leaving costs +1 MP and 1 hit, then two clear hexes.
    expect((await requestResolution("land.move", { unit: "Actor.n36", path: ["0102", "0103"], ignoreMines: [] })).ok).toBe(true);
    expect(where("n36")).toEqual(tokenAt("0103"));
    expect(sys("n36")["movementPoints"]).toBe(1);
    expect((sys("n36")["strength"] as Raw)["value"]).toBe(((before.strength as Raw)["value"] as number) - 1);
    const card = lastCard();
    expect(card.system["state"]).toBe("applied");
    expect(card.system["requestedBy"]).toBe("p1");
    expect(card.system["records"]).toEqual({
      move: { unit: "Actor.n36", from: "0202", path: ["0102", "0103"], mpSpent: 3, override: false },
    });
    expect(lastCardShown()).toContain("NOBC.Move.Card.OutcomeHits");
    chatFake.setUsers("gm");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(where("n36")).toEqual(before.at);
    expect(sys("n36")["strength"]).toEqual(before.strength);
    expect(sys("n36")["movementPoints"]).toBe(before.mp);
  });

  it("each refusal reaches the player's screen with the rule's words, and nothing is written", async () => {
    const at = where("n36");
    chatFake.setUsers("p1");
    const ask = (unit: string, path: string[]) => requestResolution("land.move", { unit, path, ignoreMines: [] });
    expect((await ask("Actor.n36", ["0203", "0204"])).ok).toBe(false); // the NATO stop (rules)
    expect((await ask("Actor.n36", ["0302", "0303", "0403"])).ok).toBe(false); // through an enemy
    expect((await ask("Actor.n34", ["0301"])).ok).toBe(false); // into an enemy hex
    expect((await ask("Actor.n36", ["0204"])).ok).toBe(false); // not adjacent
    expect((await ask("Actor.w1", ["0401"])).ok).toBe(false); // not the player's unit
    stage("groundCombat");
    expect((await ask("Actor.n36", ["0102"])).ok).toBe(false); // out of the Movement phase: the stage table's refusal
    const said = warnings();
    expect(said).toHaveLength(6);
    for (const [i, key] of [
      "NOBC.Rules.Land.Movement.Refusal.mustStopAdjacent",
      "NOBC.Movement.Refused.throughEnemy",
      "NOBC.Movement.Refused.intoEnemy",
      "NOBC.Movement.Refused.notAdjacent",
      "NOBC.Move.Refused.notYours",
      "NOBC.Stage.Refused.request",
    ].entries())
      expect(said[i]).toContain(key);
    expect(cardsPosted()).toEqual([]);
    expect(where("n36")).toEqual(at);
  });

  it("a GM's move that breaks rules is carried out as an override, each rule listed on its card", async () => {
    chatFake.setUsers("gm");
    stage("groundCombat");
    expect((await requestResolution("land.move", { unit: "Actor.n36", path: ["0203", "0204"], ignoreMines: [] })).ok).toBe(true);
    expect(where("n36")).toEqual(tokenAt("0204"));
    const card = lastCard();
    expect(card.system["state"]).toBe("applied");
    expect((card.system["records"] as { move: Raw }).move).toMatchObject({ override: true, mpSpent: 2 });
    const shown = lastCardShown();
    expect(shown).toContain("NOBC.Move.Card.TitleOverride");
    expect(shown).toContain("NOBC.Movement.Refused.outOfPhase");
    expect(shown).toContain("mustStopAdjacent");
  });

  it("a move is checked and written on the scene it was dragged on, while the GM views another scene", async () => {
    chatFake.setUsers("p1");
    const board = harness.scene!;
    const ask = { unit: "Actor.n36", path: ["0102"], ignoreMines: [], scene: board.id };
    // The umpire looks at the air board: the move is still decided on the map it was dragged on.
    harness.view(new harness.Scene({ name: "Air board" }));
    const onBoard = () => board.tokens.find((t) => t.actorId === "n36")!;
    expect((await requestResolution("land.move", ask)).ok).toBe(true);
    expect([onBoard().x, onBoard().y]).toEqual(Object.values(tokenAt("0102")));
    expect(lastCard().system["scene"]).toBe(board.id);
    // Undone while the umpire still views the air board: the token goes back on its own scene.
    expect((await requestCardAction("undo", lastCard().id)).ok).toBe(true);
    expect([onBoard().x, onBoard().y]).toEqual(Object.values(tokenAt("0202")));
  });

  it("a GM with the canvas off decides a move on the scene's documents", async () => {
    chatFake.setUsers("p1");
    const board = harness.scene!;
    harness.canvasOff();
    const asked = await requestResolution("land.move", { unit: "Actor.n36", path: ["0102", "0103"], ignoreMines: [], scene: board.id });
    expect(asked.ok).toBe(true);
    expect(where("n36")).toEqual(tokenAt("0103"));
    expect(lastCard().system["records"]).toMatchObject({ move: { from: "0202", path: ["0102", "0103"] } });
  });

  it("a move dragged on a scene the world no longer holds is refused, naming the unit", async () => {
    chatFake.setUsers("p1");
    const ask = { unit: "Actor.n36", path: ["0102"], ignoreMines: [], scene: "noSuchScene00000" };
    expect((await requestResolution("land.move", ask)).ok).toBe(false);
    expect(warnings().join("\n")).toMatch(/NOBC\.Move\.Refused\.sceneGone.*36 PzBrig/);
    expect(cardsPosted()).toEqual([]);
  });

  it("a move whose card cannot be written is withdrawn and the player is told why: nothing moved, no card left", async () => {
    const before = { at: where("n36"), mp: sys("n36")["movementPoints"] };
    chatFake.setUsers("p1");
    // The server refuses the actor write (another client's change, a lost connection): Apply fails.
    const refusedWrite = vi.spyOn(harness.Actor, "updateDocuments").mockRejectedValueOnce(new Error("the server said no"));
    try {
      const asked = await requestResolution("land.move", { unit: "Actor.n36", path: ["0102"], ignoreMines: [] });
      expect(asked.ok).toBe(false);
    } finally {
      refusedWrite.mockRestore();
    }
    expect(warnings().join("\n")).toContain("NOBC.Move.NotApplied");
    expect(cardsPosted()).toEqual([]);
    expect(where("n36")).toEqual(before.at);
    expect(sys("n36")["movementPoints"]).toBe(before.mp);
  });

  it("the request's state is bounded and strict", () => {
    expect(moveStateSchema.safeParse({ unit: "Actor.n36", path: [], ignoreMines: [] }).success).toBe(false);
    expect(moveStateSchema.safeParse({ unit: "Actor.n36", path: Array(41).fill("0102"), ignoreMines: [] }).success).toBe(false);
    expect(moveStateSchema.safeParse({ unit: "Actor.n36", path: ["0102"], ignoreMines: [], overrun: true }).success).toBe(false);
    expect(moveStateSchema.safeParse({ unit: "Actor.n36", path: ["x"], ignoreMines: [] }).success).toBe(false);
  });
});

describe("the drag (preMoveToken)", () => {
  beforeEach(() => registerMoveHooks());

  it("a player's drag moves nothing itself: it becomes the request, and the GM's card moves the token", async () => {
    chatFake.setUsers("p1");
    const from = where("n36");
    const moved = await token("n36").move([tokenAt("0102"), tokenAt("0103")], { method: "dragging" });
    expect(moved).toBe(false);
    expect(where("n36")).toEqual(from);
    await vi.waitFor(() => expect(where("n36")).toEqual(tokenAt("0103")));
    expect(lastCard().system["records"]).toMatchObject({ move: { path: ["0102", "0103"] } });
  });

  it("a player's drag that breaks a rule is refused on screen before any request", async () => {
    chatFake.setUsers("p1");
    await token("n36").move([tokenAt("0203"), tokenAt("0204")], { method: "dragging" });
    await vi.waitFor(() => expect(warnings().join("\n")).toContain("mustStopAdjacent"));
    expect(chatFake.users.get("gm")!.queries).toEqual([]);
    expect(cardsPosted()).toEqual([]);
  });

  it("a player's drag off the map's hexes (into the scene's padding) is refused on screen", async () => {
    chatFake.setUsers("p1");
    const from = where("n36");
    await token("n36").move([{ x: 0, y: 0 }], { method: "dragging" });
    await vi.waitFor(() => expect(warnings().join("\n")).toContain("NOBC.Move.Refused.offBoard"));
    expect(where("n36")).toEqual(from);
    expect(cardsPosted()).toEqual([]);
  });

  it("a path through a minefield asks the mover: a hit instead of the MP, or nothing when the question is closed", async () => {
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: { [MINED]: { side: "wp" } },
      contaminated: {},
      destroyedBridges: {},
      cutAutobahn: {},
    });
    chatFake.setUsers("p1");
    sheetsFake.choices = [null];
    await token("n36").move([tokenAt(MINED)], { method: "dragging" });
    await vi.waitFor(() => expect(sheetsFake.dialogs).toHaveLength(1));
    expect(cardsPosted()).toEqual([]);
    const strength = (sys("n36")["strength"] as Raw)["value"] as number;
    sheetsFake.choices = ["hit"];
    await token("n36").move([tokenAt(MINED)], { method: "dragging" });
    await vi.waitFor(() => expect(where("n36")).toEqual(tokenAt(MINED)));
    // Still next to 2 MRR (no disengagement); the minefield crossed: 1 hit instead of its MP, the hex 1 MP.
    expect((sys("n36")["strength"] as Raw)["value"]).toBe(strength - 1);
    expect(sys("n36")["movementPoints"]).toBe(3);
    expect(lastCard().system["records"]).toMatchObject({ move: { path: [MINED], mpSpent: 1 } });
  });

  it("a move that fits the allowance only by taking the minefield's hit is asked about, not refused", async () => {
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: { "0103": { side: "wp" } },
      contaminated: {},
      destroyedBridges: {},
      cutAutobahn: {},
    });
    chatFake.setUsers("p1");
    // 34 PzBrig leaves 1 MRR (+1 MP, 1 hit) and enters three clear hexes: 4 MP taking the mine's hit, 5 paying it.
    sheetsFake.choices = ["hit"];
    await token("n34").move([tokenAt("0101"), tokenAt("0102"), tokenAt("0103")], { method: "dragging" });
    await vi.waitFor(() => expect(where("n34")).toEqual(tokenAt("0103")));
    expect(sheetsFake.dialogs).toHaveLength(1);
    expect(sys("n34")["movementPoints"]).toBe(0);
    expect(warnings()).toEqual([]);
  });

  it("Foundry's own undo of a unit's move is refused: the card's Undo puts moves back", async () => {
    chatFake.setUsers("gm");
    const from = where("n36");
    expect(await token("n36").move([tokenAt("0102")], { method: "undo" })).toBe(false);
    expect(where("n36")).toEqual(from);
    expect(warnings().join("\n")).toContain("NOBC.Move.Refused.useCardUndo");
  });

  it("a GM's drag in the Movement phase is a request too: a move over the NATO stop is an override card, and the token moves", async () => {
    chatFake.setUsers("gm");
    expect(await token("n36").move([tokenAt("0203"), tokenAt("0204")], { method: "dragging" })).toBe(false);
    await vi.waitFor(() => expect(where("n36")).toEqual(tokenAt("0204")));
    expect(lastCard().system["records"]).toMatchObject({ move: { override: true, path: ["0203", "0204"] } });
    expect(lastCard().system["state"]).toBe("applied");
  });

  it("a GM's drag outside Movement is free placement (no card); an HQ's owner may not move it outside Movement", async () => {
    stage("groundCombat");
    chatFake.setUsers("gm");
    expect(await token("n36").move([tokenAt("0104")], { method: "dragging" })).toBe(true);
    expect(cardsPosted()).toEqual([]);
    chatFake.setUsers("p1");
    const hq = where("icorps");
    expect(await token("icorps").move([tokenAt("0101")], { method: "dragging" })).toBe(false);
    expect(where("icorps")).toEqual(hq);
    expect(warnings().join("\n")).toContain("NOBC.Move.Refused.hqOutOfPhase");
    // In Movement an HQ's drag is a request too: the GM checks its path and writes the move (no MP).
    stage("movement");
    expect(await token("icorps").move([tokenAt("0101")], { method: "dragging" })).toBe(false);
    await vi.waitFor(() => expect(where("icorps")).toEqual(tokenAt("0101")));
    expect(lastCard().system["records"]).toEqual({
      move: { unit: "Actor.icorps", from: "0102", path: ["0101"], mpSpent: 0, override: false },
    });
    expect(lastCardShown()).toContain("NOBC.Move.Card.OutcomeHq");
  });

  it("an HQ may not be dragged into an enemy's hex", async () => {
    chatFake.setUsers("p1");
    const hq = where("icorps");
    // I Corps (0102) → 0202 (36 PzBrig, own) → 0302 → 0301 (1 MRR): into an enemy's hex.
    await token("icorps").move([tokenAt("0202"), tokenAt("0302"), tokenAt("0301")], { method: "dragging" });
    await vi.waitFor(() => expect(warnings().join("\n")).toContain("NOBC.Movement.Refused.intoEnemy"));
    expect(where("icorps")).toEqual(hq);
    expect(cardsPosted()).toEqual([]);
  });
});

describe("an overrun through the move (src/world/overrun.ts)", () => {
  // The GM reads the world's rules options (the overrun's house rules) from the settings.
  beforeEach(() => registerSettings());

  /** 1 MRR (0301) a battalion, and 34 PzBrig's counter with an overrun cost of 1 MP and 1 hit. */
  async function battalionInFront(): Promise<void> {
    chatFake.setUsers("gm");
    await actors.get("w1")!.update({ "system.size": "battalion", "system.mode": "march" });
    await actors.get("n34")!.update({ "system.overrunCost": { mp: 1, hits: 1 } });
  }

  it("a player's move into a battalion's hex is the overrun: its card eliminates the battalion and moves the mover in; Undo puts all back", async () => {
    await battalionInFront();
    const before = { w1: where("w1"), n34: where("n34"), strength: structuredClone(sys("n34")["strength"]) };
    chatFake.setUsers("p1");
    expect((await requestResolution("land.move", { unit: "Actor.n34", path: ["0301"], ignoreMines: [] })).ok).toBe(true);
    const card = lastCard();
    expect(card.system["state"]).toBe("applied");
    expect(card.system["records"]).toEqual({ move: { unit: "Actor.n34", from: "0201", path: ["0301"], mpSpent: 2, override: false } });
    expect(lastCardShown()).toContain("NOBC.Overrun.Outcome");
    // The battalion is gone from the scene; the mover stands in its hex, having paid the clear hex's 1 MP
    // (the Aller is bridged) and the counter's 1 MP and 1 hit.
    expect(harness.scene!.tokens.some((t) => t.actorId === "w1")).toBe(false);
    expect((sys("w1")["strength"] as Raw)["value"]).toBe(0);
    expect(where("n34")).toEqual(tokenAt("0301"));
    expect(sys("n34")["movementPoints"]).toBe(2);
    chatFake.setUsers("gm");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(where("w1")).toEqual(before.w1);
    expect(where("n34")).toEqual(before.n34);
    expect(sys("n34")["strength"]).toEqual(before.strength);
    expect((sys("w1")["strength"] as Raw)["value"]).toBe(6);
  });

  it("the drag shows what the overrun costs and asks first; closing the question moves nothing", async () => {
    await battalionInFront();
    registerMoveHooks();
    chatFake.setUsers("p1");
    sheetsFake.choices = [null];
    await token("n34").move([tokenAt("0301")], { method: "dragging" });
    await vi.waitFor(() => expect([warnings(), sheetsFake.dialogs]).toEqual([[], [expect.anything()]]));
    expect(JSON.stringify(sheetsFake.dialogs[0])).toContain("NOBC.Overrun.Outcome");
    expect(cardsPosted()).toEqual([]);
    sheetsFake.choices = ["overrun"];
    await token("n34").move([tokenAt("0301")], { method: "dragging" });
    await vi.waitFor(() => expect(where("n34")).toEqual(tokenAt("0301")));
    expect(harness.scene!.tokens.some((t) => t.actorId === "w1")).toBe(false);
  });

  it("an overrun with no cost on the counter is refused, naming the unit", async () => {
    chatFake.setUsers("gm");
    await actors.get("w1")!.update({ "system.size": "battalion", "system.mode": "march" });
    chatFake.setUsers("p1");
    expect((await requestResolution("land.move", { unit: "Actor.n34", path: ["0301"], ignoreMines: [] })).ok).toBe(false);
    expect(warnings().join("\n")).toContain("NOBC.Overrun");
    expect(cardsPosted()).toEqual([]);
  });
});

describe("console moves (moveToken on the active GM's client)", () => {
  it("a player's move that did not come through the write path is put back and the GMs told; a forged authority option does not help", async () => {
    registerMoveHooks();
    chatFake.setUsers("p1");
    const from = where("n36");
    const seen: [unknown, FakeMovement, Raw, unknown][] = [];
    harness.hooks.push({ name: "moveToken", fn: (...a: unknown[]) => void seen.push(a as never), once: false });
    // The player's own client skips the drag's check by naming the write path's option.
    await token("n36").update(tokenAt("0104"), { nobcAuthority: true });
    expect(where("n36")).toEqual(tokenAt("0104"));
    // The GM's client hears of the move (Foundry fires moveToken on every client).
    chatFake.actAs("gm");
    const [doc, movement, operation, user] = seen[0]!;
    onMoveToken(doc as never, movement, operation, user);
    await vi.waitFor(() => expect(where("n36")).toEqual(from));
    expect(warnings().join("\n")).toMatch(/NOBC\.Move\.PutBack.*36 PzBrig/);
    expect(cardsPosted()).toEqual([]);
  });

  it("a console move in checkpoints is put back where the whole movement began, not to a hex it passed", async () => {
    registerMoveHooks();
    chatFake.setUsers("p1");
    const from = where("n36");
    const seen: [unknown, FakeMovement, Raw, unknown][] = [];
    harness.hooks.push({ name: "moveToken", fn: (...a: unknown[]) => void seen.push(a as never), once: false });
    await token("n36").move([tokenAt("0103"), tokenAt("0104"), tokenAt("0105")], { method: "dragging", nobcAuthority: true });
    expect(seen).toHaveLength(3);
    expect(where("n36")).toEqual(tokenAt("0105"));
    // The GM's client hears each operation of the movement, each with its own origin.
    chatFake.actAs("gm");
    for (const [doc, movement, operation, user] of seen) onMoveToken(doc as never, movement, operation, user);
    await vi.waitFor(() => expect(harness.notices.filter((n) => n.message.includes("NOBC.Move.PutBack"))).toHaveLength(1));
    expect(where("n36")).toEqual(from);
  });

  it("an HQ's token moved by a player outside the request is put back too", async () => {
    registerMoveHooks();
    chatFake.setUsers("p1");
    const from = where("icorps");
    const seen: [unknown, FakeMovement, Raw, unknown][] = [];
    harness.hooks.push({ name: "moveToken", fn: (...a: unknown[]) => void seen.push(a as never), once: false });
    await token("icorps").update(tokenAt("0101"), { nobcAuthority: true });
    chatFake.actAs("gm");
    const [doc, movement, operation, user] = seen[0]!;
    onMoveToken(doc as never, movement, operation, user);
    await vi.waitFor(() => expect(where("icorps")).toEqual(from));
    expect(warnings().join("\n")).toMatch(/NOBC\.Move\.PutBack.*I Corps/);
  });
});

describe("a GM's moves that are placement", () => {
  it("a GM's drag in Movement that ends off the map's hexes is placed where the drag ends, not at its first checkpoint", async () => {
    registerMoveHooks();
    chatFake.setUsers("gm");
    expect(await token("n36").move([tokenAt("0103"), { x: 0, y: 0 }], { method: "dragging" })).toBe(false);
    await vi.waitFor(() => expect(where("n36")).toEqual({ x: 0, y: 0 }));
    expect(cardsPosted()).toEqual([]);
  });

  it("a GM's move through the API (a macro, the console) passes in the Movement phase too, without a card", async () => {
    registerMoveHooks();
    chatFake.setUsers("gm");
    await token("n36").update(tokenAt("0104"));
    expect(where("n36")).toEqual(tokenAt("0104"));
    expect(cardsPosted()).toEqual([]);
  });
});
