/**
 * Issue #17, "Done when": a scripted two-turn game on the board, through the harness. The scene has
 * Foundry's default padding (0.25) and its terrain is attached by the GM with the Map terrain tool
 * (`attachTerrain`), not set as a fixture. The tracker starts at turn 0, a quiet turn stepped
 * through with `advanceTurn` (its steps are tests/turn/full-turn.test.ts's). Turn 1: I Corps's minelaying engineer lays a minefield in
 * an empty hex (Orders), then its engineer blows the Aller bridge (the demolition dialog). Between
 * the turns the GM moves 36 PzBrig's token into the mined hex. Turn 2: 1 MRR's attack across the
 * blown bridge is refused for want of an engineer card; 2 and 3 MRR attack the mined hex, the card
 * reads the mine column, and Apply writes the hits and the retreat and clears the minefield from the
 * scene. Then every card is undone, last first, back to the start.
 *
 * Every player's step is a request the GM's client answers (its own handler, counted below); the GM
 * applies every card (`game.nobc.applyCard`) and undoes it (`game.nobc.undoCard`). After each step the
 * whole board is compared with `toEqual`: every actor's `system` and its cards' `system`, the scene's
 * `flags.nobc.mapState` whole, its tokens (each one's position, and how many), the cards' states,
 * and the write calls each Apply and Undo made (one Scene update for a card that changes the map).
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { combatFake, type FakeCombatDoc } from "../combat/combat-fake";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeSceneT } from "../harness/foundry";
import { registerSheets } from "../../src/sheets/register";
import { advanceTurn } from "../../src/combat/advance";
import "../../src/nobc";
import type { NobcApi } from "../../src/nobc";
import { turn } from "../../src/rules/index";
import { attachTerrain } from "../../src/apps/map/attach";
import { hexCentre, hexLabel, neighbour, offsetOf } from "../../src/map/hex-grid";
import { readBattlefield } from "../../src/world/read";
import { riverCrossing } from "../../src/map/rules-view";
import { mapBridges } from "../../src/apps/land/demolition/state";
import { BRIDGE, MINED, boardMap, buildBoardWorld } from "./board-world";
import {
  cards,
  dice,
  effectsOf,
  expectCards,
  expectWrites,
  expectedStates,
  faces,
  merge,
  message,
  messages,
  posted,
  recordRequests,
  scriptDice,
  startGame,
  stateOf,
  unscriptDice,
  type Message,
  type Writes,
} from "./script";

// The sheets are ApplicationV2 document sheets, beyond the stand-in; their own tests cover them.
vi.mock("../../src/sheets/register", () => ({ registerSheets: vi.fn() }));

type Raw = Record<string, unknown>;
let nobc: NobcApi;
let actors: Map<string, FakeActorT>;
let scene: FakeSceneT;
let combat: FakeCombatDoc;
/** The requests the GM's client answered: "<user> <dialog id>". */
let requests: string[];

/* --------------------------------- the board --------------------------------- */

interface Board {
  actors: Record<string, { system: Raw; items: Record<string, Raw> }>;
  mapState: unknown;
  tokens: Record<string, { x: number; y: number; hidden: boolean; elevation: number }>;
}

const px = (v: number) => Math.round(v * 1000) / 1000;

/** Everything this test asserts, read from the documents. */
function board(): Board {
  const tokens: Board["tokens"] = {};
  for (const t of scene.tokens) {
    const o = t.toObject();
    // Pixels to a thousandth: the harness's grid and the map's hex geometry round differently.
    tokens[String(o["actorId"])] = {
      x: px(o["x"] as number),
      y: px(o["y"] as number),
      hidden: o["hidden"] as boolean,
      elevation: o["elevation"] as number,
    };
  }
  return {
    actors: Object.fromEntries(
      [...actors].map(([key, a]) => [
        key,
        { system: structuredClone(a.system), items: Object.fromEntries(a.items.map((i) => [i.id, structuredClone(i.system)])) },
      ]),
    ),
    mapState: structuredClone((scene.flags["nobc"] as Raw | undefined)?.["mapState"] ?? null),
    tokens,
  };
}

let expected: Board;
let start: Board;

/**
 * Folds `changes` (per actor: its `system` and its `items`, each card's system by id) into the
 * expected board, sets the map state and tokens when given (whole), and checks everything.
 */
function expectBoard(changes: Record<string, Raw> = {}, whole: { mapState?: unknown; tokens?: Board["tokens"] } = {}): void {
  merge(expected.actors, changes);
  if ("mapState" in whole) expected.mapState = structuredClone(whole.mapState);
  if (whole.tokens !== undefined) expected.tokens = structuredClone(whole.tokens);
  expect(board()).toEqual(expected);
  expect(faces).toEqual([]); // every scripted die was used, none was missing
}

/* ---------------------------------- cards ------------------------------------ */

/* ------------------------------- write counting ------------------------------- */

/** Applies a card as the GM (the query path) and checks its write calls. */
async function apply(name: string, made: Partial<Writes>): Promise<void> {
  await expectWrites(made, async () => expect(await nobc.applyCard(cards.get(name)!)).toEqual({ ok: true }));
  expectedStates.set(name, "applied");
}

/** Undoes a card as the GM and checks its write calls. */
async function undo(name: string, made: Partial<Writes>): Promise<void> {
  await expectWrites(made, async () => expect(await nobc.undoCard(cards.get(name)!)).toEqual({ ok: true }));
  expectedStates.set(name, "reverted");
}

/* ---------------------------------- the turn ---------------------------------- */

function expectStage(stageId: turn.StageId, turnNumber: number): void {
  expect(combat.system).toMatchObject({ turn: turnNumber, stage: turn.stageIndex(stageId) });
}

/** The GM's Next stage until `stageId` of `turnNumber`, one Combat update per move; returns what was posted. */
async function advanceTo(stageId: turn.StageId, turnNumber: number): Promise<Message[]> {
  const before = messages().length;
  const target = turnNumber * turn.STAGES.length + turn.stageIndex(stageId);
  while ((combat.system["turn"] as number) * turn.STAGES.length + (combat.system["stage"] as number) < target) {
    const updates = combat.updates.length;
    expect((await advanceTurn(combat, { planningMinutes: 15, now: 1_000 })).ok).toBe(true);
    expect(combat.updates.length - updates).toBe(1);
  }
  expectStage(stageId, turnNumber);
  return messages().slice(before);
}

const uuid = (key: string) => actors.get(key)!.uuid;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

/** Where a token centred on `hex` has its top-left corner (scene padding included), in whole pixels as Foundry keeps it. */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

/** The Aller between 1 MRR's hex and 34 PzBrig's, as the rules read it from the scene now. */
function aller(): unknown {
  const field = readBattlefield();
  return riverCrossing(field.map!, "0301", "0201", field.mapState);
}

/** The scene's map state flag as the write path leaves it: the format, every part, `parts` filled in. */
function MAP_STATE(parts: Raw = {}): Raw {
  return { format: "nobc-map-state/1", mines: {}, contaminated: {}, destroyedBridges: {}, cutAutobahn: {}, engineersLeft: {}, ...parts };
}

/* ----------------------------------- set-up ----------------------------------- */

beforeAll(() => {
  nobc = startGame();
  expect(registerSheets).toHaveBeenCalledTimes(1);
  scene = harness.scene!;
  expect(scene.padding).toBe(0.25);
  actors = buildBoardWorld();
  scriptDice();
  requests = recordRequests();
  start = board();
  expected = board();
});

afterAll(() => {
  unscriptDice();
});

/* ------------------------------------ the game ------------------------------------ */

describe("two turns on the board through the harness", () => {
  it("the GM attaches the terrain with the Map terrain tool: one Scene write, the rules read it at once", async () => {
    // The map's bridge is where the map says: 0201's north-east side is 0301's.
    expect(hexLabel(neighbour(offsetOf("0201"), "ne"))).toBe("0301");
    // The tokens stand where their hexes are, past the scene's padding.
    expect(scene.tokens.find((t) => t.actorId === "n36")!.x).toBe(tokenAt("0202").x);
    expect(readBattlefield().map).toBeNull();
    await expectWrites({ scenes: 1 }, async () =>
      expect(await attachTerrain(scene, boardMap())).toEqual({ ok: true, map: boardMap(), warnings: [] }),
    );
    expect(scene.flags["nobc"]).toEqual({ terrain: boardMap() });
    const field = readBattlefield();
    expect(field.map?.map).toEqual(boardMap());
    // Every unit is read in its hex.
    expect(Object.fromEntries(field.units.map((u) => [u.name, u.hex]))).toEqual({
      "34 PzBrig": "0201",
      "36 PzBrig": "0202",
      "1 MRR": "0301",
      "2 MRR": "0303",
      "3 MRR": "0304",
    });
    expect(mapBridges(field).map((b) => b.hexside)).toEqual([BRIDGE]);
    expectBoard();
  });

  it("the GM starts the turn tracker at turn 0 and steps through it (a quiet first turn) to turn 1's Orders phase", async () => {
    expect(await nobc.createTurnCombat()).toMatchObject({ ok: true, added: 2 });
    combat = combatFake.combats[0]!;
    expectStage("airAllocation", 0);
    // Turn 0's own steps are the full-turn test's; here nobody acts in it, so no stage changes a document.
    // Only the Orders and Resupply phases post their information cards (no Apply).
    const fresh = await advanceTo("orders", 1);
    expect(fresh.map((m) => m.flags["nobc"])).toEqual([{ landInfo: "orders" }, { landInfo: "resupply" }, { landInfo: "orders" }]);
    posted("t0.orders.info", "t0.resupply.info", "t1.orders.info");
    expectBoard();
    expectCards();
  });

  /* ----------------------------------- turn 1 ----------------------------------- */

  it("turn 1, Orders: I Corps keeps its brigades in Combat Mode and lays a minefield in the empty hex 0203", async () => {
    expect(readBattlefield().units.filter((u) => u.hex === MINED)).toEqual([]); // no unit stands there
    chatFake.setUsers("p1");
    const dialog = (await nobc.land.openOrders({ hq: uuid("icorps") }))!;
    await dialog.change({ "mine:Actor.icorps.Item.cmine": MINED });
    expect(await dialog.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    posted("orders.nato");
    // Seed 000 Land War QRS 2. Orders: 1 SP for each unit kept in Combat Mode; the minelaying
    // engineer lays its minefield (the side that laid it kept) and is used up.
    expect(effectsOf("orders.nato")).toEqual([
      { type: "supply", actor: uuid("n34"), delta: -1 },
      { type: "supply", actor: uuid("n36"), delta: -1 },
      { type: "minefield", hex: MINED, present: true, side: "nato" },
      { type: "cardDiscarded", card: "Actor.icorps.Item.cmine" },
    ]);
    expectBoard(); // posting changes nothing
    expectCards();
    await apply("orders.nato", { actors: 1, itemDeletions: 1, scenes: 1 });
    expectBoard(
      { n34: { system: { supply: 1 } }, n36: { system: { supply: 1 } }, icorps: { items: { cmine: undefined } } },
      { mapState: MAP_STATE({ mines: { [MINED]: { side: "nato" } } }) },
    );
    expect(readBattlefield().mapState.mines).toEqual(new Set([MINED]));
    expectCards();
  });

  it("turn 1, Rear Area: I Corps's engineer blows the Aller bridge (turn 1, minor river: no roll)", async () => {
    expect(await advanceTo("rearArea", 1)).toEqual([]); // entering phase 3 posts nothing
    // Until it is blown, 1 MRR would attack 34 PzBrig over a bridge: no engineer needed.
    expect(aller()).toEqual({ kind: "minor", bridged: true });
    chatFake.setUsers("p1");
    const dialog = (await nobc.land.openDemolition({ hq: uuid("icorps") }))!;
    await dialog.change({ [`by:${BRIDGE}`]: "Actor.icorps.Item.ceng" });
    expect(await dialog.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    posted("demolition");
    // Seed 000 Land War QRS 3. Bridge Demolition: from turn 1 NATO engineers blow a minor bridge
    // without a roll; the engineer card is kept.
    expect(effectsOf("demolition")).toEqual([{ type: "bridgeDestroyed", hexside: BRIDGE }]);
    expectBoard();
    await apply("demolition", { scenes: 1 });
    expectBoard({}, { mapState: MAP_STATE({ mines: { [MINED]: { side: "nato" } }, destroyedBridges: { [BRIDGE]: true } }) });
    // The blown bridge is offered for demolition no more, and the river is crossed unbridged.
    expect(mapBridges(readBattlefield())).toEqual([]);
    expect(aller()).toEqual({ kind: "minor", bridged: false });
    expectCards();
  });

  it("into turn 2 through the tracker; between the turns the GM moves 36 PzBrig's token onto the minefield", async () => {
    // Phase 4 of turn 1 has no combat; entering Movement changes nothing (every unit has its 4 MP).
    expect(await advanceTo("movement", 1)).toEqual([]);
    // The GM drags 36 PzBrig from 0202 to 0203 (a token update; moving by the rules is a later issue).
    const token = scene.tokens.find((t) => t.actorId === "n36")!;
    await expectWrites({}, async () => token.update(tokenAt(MINED)));
    expect(readBattlefield().units.find((u) => u.name === "36 PzBrig")!.hex).toBe(MINED);
    expectBoard({}, { tokens: { ...expected.tokens, n36: { ...expected.tokens["n36"]!, ...tokenAt(MINED) } } });

    // On to turn 2's Ground Combat: the Resupply and Orders phases post their information cards.
    const fresh = await advanceTo("groundCombat", 2);
    expect(fresh.map((m) => m.flags["nobc"])).toEqual([{ landInfo: "resupply" }, { landInfo: "orders" }]);
    posted("t1.resupply.info", "t2.orders.info");
    expectBoard();
    expectCards();
  });

  /* ----------------------------------- turn 2 ----------------------------------- */

  it("turn 2: 1 MRR's attack across the blown bridge is refused, naming the engineer card it needs; nothing is posted", async () => {
    chatFake.setUsers("p2");
    const before = warnings().length;
    const result = await nobc.resolveGroundCombatFor({ attackers: [uuid("w1")], target: "0201" });
    chatFake.setUsers("gm");
    // Seed 000 Land War QRS, Ground Combat Step Three note: an unbridged minor river needs one
    // Engineer card to attack across; the bridge is gone, 1 GTA plays none.
    expect(result).toEqual({
      ok: false,
      refusals: [
        {
          code: "riverNeedsEngineer",
          text: { key: "NOBC.Rules.Land.Combat.Refusal.riverNeedsEngineer", data: { count: 1, played: 0 } },
          field: "support",
        },
      ],
    });
    expect(warnings().slice(before)).toEqual([
      `NOBC.Notify.Refused {"reason":"NOBC.Rules.Land.Combat.Refusal.riverNeedsEngineer.one {\\"count\\":\\"1\\",\\"played\\":\\"0\\"}"}`,
    ]);
    // Refused before any request or die: no card, no write.
    posted();
    expect(requests).toEqual(["p1 land.orders", "p1 land.demolition"]);
    expectBoard();
    expectCards();
  });

  it("turn 2: 2 MRR and 3 MRR attack 36 PzBrig on the minefield: the card reads the mine column", async () => {
    chatFake.setUsers("p2");
    dice(6);
    const result = await nobc.resolveGroundCombatFor({ attackers: [uuid("w2"), uuid("w3")], target: MINED });
    chatFake.setUsers("gm");
    expect(result.ok).toBe(true);
    posted("combat.mine");
    const gc = message("combat.mine").system["groundCombat"] as { plan: Raw & { breakdown: { value: number }[] }; outcome: Raw };
    // Seed 000 Land War QRS Ground Combat Steps One-Four: 16 against 4 is 4:1 (+6), clear, no
    // river, no defender next to the hex: +6. The minefield is the scene's (the GM's read).
    expect(gc.plan).toMatchObject({ target: MINED, minefield: true, modifier: 6 });
    expect(gc.plan.breakdown.map((b) => b.value)).toEqual([6, 0, 0, 0]);
    // Step Five and the CRT's minefield column: die 6, score 12 — Costly Success: 4 hits on each
    // attacker, 3 between the defenders, who retreat one hex; the retreat clears the minefield.
    expect(gc.outcome).toMatchObject({
      die: 6,
      score: 12,
      band: "12-15",
      result: { id: "costlySuccess", retreat: 1 },
      retreat: { hexes: 1, minefieldCleared: true },
    });
    expect(effectsOf("combat.mine")).toEqual([
      { type: "hits", actor: uuid("w2"), amount: 4 },
      { type: "hits", actor: uuid("w3"), amount: 4 },
      { type: "hits", actor: uuid("n36"), amount: 3 },
      { type: "retreat", actor: uuid("n36"), hexes: 1 },
      { type: "noMove", actor: uuid("n36") },
      { type: "minefield", hex: MINED, present: false },
    ]);
    // The card shows the column and the table row it read, and says the minefield goes.
    const view = sheetsFake.rendered.findLast((r) => r.path.endsWith("chat/resolution-card.hbs"))!.data as {
      inputs: { label: string; value: string }[];
      tableRow: string;
      other: string[];
    };
    expect(view.inputs.at(-1)).toEqual({ label: "NOBC.GroundCombat.ColumnLabel", value: "NOBC.GroundCombat.Column.mine" });
    expect(view.tableRow).toBe('NOBC.Chat.Crt.Row {"score":"12","band":"12–15","column":"NOBC.Chat.Crt.Mine"}');
    expect(view.other).toEqual([`NOBC.MapWrite.Effect.minefieldCleared {"hex":"${MINED}"}`]);
    expectBoard();
    expectCards();
  });

  it("turn 2: Apply writes the hits and the retreat chip and clears the minefield (one Actor, one Scene write); the GM moves the token off", async () => {
    await apply("combat.mine", { actors: 1, scenes: 1 });
    expectBoard(
      {
        w2: { system: { strength: { value: 4 } } },
        w3: { system: { strength: { value: 4 } } },
        n36: { system: { strength: { value: 1 }, noMove: true } },
      },
      { mapState: MAP_STATE({ destroyedBridges: { [BRIDGE]: true } }) },
    );
    expect(readBattlefield().mapState.mines).toEqual(new Set());
    // Undo out of order is refused while this card stands: it cleared the minefield the Orders laid.
    await expectWrites({}, async () =>
      expect(await nobc.undoCard(cards.get("orders.nato")!)).toMatchObject({ ok: false, reason: "NOBC.CardAuth.Refused.laterCard" }),
    );
    expectCards();
    // The retreat itself is the GM's drag, back to 0202 (the card's note says one hex).
    await scene.tokens.find((t) => t.actorId === "n36")!.update(tokenAt("0202"));
    expectBoard({}, { tokens: start.tokens });
    expectCards();
  });

  /* ------------------------------------ Undo ------------------------------------ */

  it("Undo of the combat: the minefield is back on the scene, every actor as before the Apply", async () => {
    await undo("combat.mine", { actors: 1, scenes: 1 });
    expectBoard(
      {
        w2: { system: { strength: { value: 8 } } },
        w3: { system: { strength: { value: 8 } } },
        n36: { system: { strength: { value: 4 }, noMove: false } },
      },
      { mapState: MAP_STATE({ mines: { [MINED]: { side: "nato" } }, destroyedBridges: { [BRIDGE]: true } }) },
    );
    expect(readBattlefield().mapState.mines).toEqual(new Set([MINED]));
    expectCards();
  });

  it("Undo of turn 1's cards, last first: the bridge stands again, then the minefield and the engineer card are back", async () => {
    await undo("demolition", { scenes: 1 });
    expectBoard({}, { mapState: MAP_STATE({ mines: { [MINED]: { side: "nato" } } }) });
    expect(mapBridges(readBattlefield()).map((b) => b.hexside)).toEqual([BRIDGE]);

    // The discarded card is created again with its id (one Item call), the SP given back.
    await undo("orders.nato", { actors: 1, itemCreations: 1, scenes: 1 });
    expectBoard(
      {
        n34: { system: { supply: 2 } },
        n36: { system: { supply: 2 } },
        icorps: { items: { cmine: start.actors["icorps"]!.items["cmine"] } },
      },
      { mapState: MAP_STATE() },
    );
    expectCards();
    // Back at the start: every actor and card, every token where it stood; the map state's parts are
    // empty (the flag was first written by the Orders card), so the rules read an empty board.
    expect(board()).toEqual({ ...start, mapState: MAP_STATE() });
    const field = readBattlefield();
    expect(field.mapState).toEqual({
      mines: new Set(),
      contaminated: new Set(),
      destroyedBridges: new Set(),
      cutAutobahn: new Set(),
      engineersLeft: new Map(),
      mineSides: new Map(),
    });
    expect(field.mapStateProblems).toEqual([]);
  });

  it("no card was written by a player's client: the GM authored every message, the players' steps reached it as requests", () => {
    expect(messages().filter((m) => m.author?.isGM !== true)).toEqual([]);
    expect(requests).toEqual(["p1 land.orders", "p1 land.demolition", "p2 groundCombat.plan"]);
    expect([...cards.keys()].map((n) => `${n}: ${stateOf(n)}`)).toEqual([
      "t0.orders.info: info",
      "t0.resupply.info: info",
      "t1.orders.info: info",
      "orders.nato: reverted",
      "demolition: reverted",
      "t1.resupply.info: info",
      "t2.orders.info: info",
      "combat.mine: reverted",
    ]);
  });
});
