/**
 * Issue #18, "Done when": a scripted Movement phase for 20 units of both sides on a padded scene,
 * through the harness and the real code paths. The world is tests/turn/movement-world.ts (the
 * "Werra gap": 12 × 8 hexes, Foundry's default padding 0.25); the GM attaches its terrain with the
 * Map terrain tool (`attachTerrain`). The turn tracker stands at turn 1's Ground Combat (the game so
 * far, set as the fixture); the GM's Next (`advanceTurn`) enters Movement and steps through its
 * groups. Players move by dragging their tokens (`token.move(waypoints, { method: "dragging" })` as
 * their user): the drag is checked on their client, a legal one becomes a request the GM's client
 * answers (its own handler, counted), and the GM's card moves the token.
 *
 *  - Entering Movement: the entry card resets the MP left over from the last turn.
 *  - The airborne group (NATO's 1 Airborne Bde) moves first; other units are refused meanwhile.
 *  - The Warsaw Pact: a move over the allowance refused, the Werra crossed unbridged (+2 MP),
 *    the autobahn in March Mode (½ MP a hex, the city on it too), woods (2 MP).
 *  - NATO: a brigade leaving the WP division it stood next to (+1 MP, 1 hit) and crossing a
 *    minefield taking the hit; the NATO stop refused, then kept; the overrun of the lone WP
 *    battalion in 0805 (its card eliminates it); artillery moving in with a brigade.
 *  - A player's plain token update from the console is checked like a drag (refused on screen); one
 *    that skips the check (forging the write path's option) is caught by the GM's watch and put back.
 *    The GM's override of the turn order is carried out, its card saying so.
 *  - The GM's End Movement posts the stacking card (one violation) and holds the tracker once; the
 *    umpire's "This turn's moves" lists every move; Undo of the last four cards, last first, puts
 *    tokens, MP, hits and the eliminated battalion back exactly; the next Next leaves Movement.
 *
 * After every step the whole board is compared with `toEqual` (every actor's `system`, every token's
 * place and how many there are, the scene's `flags.nobc.mapState`), and the write calls counted:
 * each move's Apply is one Actor call and one Token call (plus one Token deletion for the overrun).
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { combatFake, type FakeCombatDoc } from "../combat/combat-fake";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeSceneT } from "../harness/foundry";
import { registerSheets } from "../../src/sheets/register";
import { advanceTurn } from "../../src/combat/advance";
import { readMovementTurn } from "../../src/combat/movement-turn";
import "../../src/nobc";
import type { NobcApi } from "../../src/nobc";
import { turn } from "../../src/rules/index";
import { attachTerrain } from "../../src/apps/map/attach";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { readBattlefield } from "../../src/world/read";
import { movementLogController } from "../../src/apps/land/movement-log/controller";
import { movementLogContext } from "../../src/apps/land/movement-log/context";
import { translator } from "../../src/base/foundry";
import { MINED, buildMovementWorld, movementMap, movementMapState, movementSpecs } from "./movement-world";
import {
  cards,
  effectsOf,
  expectCards,
  expectWrites,
  expectedStates,
  merge,
  message,
  messages,
  posted,
  recordRequests,
  startGame,
  stateOf,
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

const OPTS = { planningMinutes: 15, now: 1_000 };
const MOVEMENT = turn.stageIndex("movement");
const GROUND_COMBAT = turn.stageIndex("groundCombat");

/* --------------------------------- the board --------------------------------- */

interface Board {
  actors: Record<string, Raw>;
  mapState: unknown;
  tokens: Record<string, { x: number; y: number }>;
  tokenCount: number;
}

/** Where a token centred on `hex` has its top-left corner (scene padding included), in whole pixels as Foundry keeps it. */
function at(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

/** Everything this test asserts, read from the documents. */
function board(): Board {
  const tokens: Board["tokens"] = {};
  for (const t of scene.tokens) tokens[String(t.actorId)] = { x: t.x, y: t.y };
  return {
    actors: Object.fromEntries([...actors].map(([key, a]) => [key, structuredClone(a.system)])),
    mapState: structuredClone((scene.flags["nobc"] as Raw | undefined)?.["mapState"] ?? null),
    tokens,
    tokenCount: scene.tokens.length,
  };
}

let expected: Board;
/** The board as it stood before 3 PzGrenBrig moved (Undo goes back to it). */
let snapshotBeforeN3: Board;

/**
 * Folds `changes` (per actor, into its `system`) into the expected board, moves the expected tokens
 * (`moved`: actor key → hex; null: the token is gone) and checks everything.
 */
function expectBoard(changes: Record<string, Raw> = {}, moved: Record<string, string | null> = {}): void {
  merge(expected.actors, changes);
  for (const [key, hex] of Object.entries(moved)) {
    if (hex === null) Reflect.deleteProperty(expected.tokens, key);
    else expected.tokens[key] = at(hex);
  }
  expected.tokenCount = Object.keys(expected.tokens).length;
  expect(board()).toEqual(expected);
}

/* ------------------------------- writes and moves ------------------------------- */

/** Token writes of the one write path (marked with its update option, `nobcAuthority`), and all others. */
function tokenCalls(): { path: number; other: number } {
  let path = 0;
  let other = 0;
  for (const c of harness.Token.calls) {
    if (c.method !== "update" && c.method !== "updateDocuments") continue;
    if ((c.operation as Raw | undefined)?.["nobcAuthority"] === true) path += 1;
    else other += 1;
  }
  return { path, other };
}

/** Runs `act` and checks its write calls: `made` as `expectWrites` counts them, and `tokens` Token updates of the write path. */
async function expectAllWrites(made: Partial<Writes>, tokens: number, act: () => Promise<unknown>): Promise<void> {
  const before = tokenCalls().path;
  await expectWrites(made, act);
  expect(tokenCalls().path - before).toBe(tokens);
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

const token = (key: string) => scene.tokens.find((t) => t.actorId === key)!;
const uuid = (key: string) => actors.get(key)!.uuid;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const resolutionCards = () => messages().filter((m) => m.type === "resolution");

/**
 * `user` drags unit `key`'s token through the centres of `hexes` (each a waypoint) and lets go.
 * The drag itself writes nothing (`move` answers false: preMoveToken stopped it). "card": the GM's
 * card is posted and applied (named `name`); "refused": the player is told why, nothing is sent.
 * `choices` answers the mover's questions (a minefield: "mp" or "hit"; an overrun: "overrun").
 */
async function drag(
  user: string,
  key: string,
  hexes: string[],
  result: { card: string } | { refused: string },
  choices: (string | null)[] = [],
): Promise<void> {
  chatFake.actAs(user);
  sheetsFake.choices = [...choices];
  const cardsBefore = resolutionCards().length;
  const warned = warnings().length;
  const otherBefore = tokenCalls().other;
  expect(await token(key).move(hexes.map(at), { method: "dragging" })).toBe(false);
  expect(tokenCalls().other - otherBefore).toBe(1); // the drag's own call, stopped before any write
  if ("card" in result) {
    await vi.waitFor(() =>
      expect(resolutionCards().at(-1)?.system["state"] === "applied" && resolutionCards().length > cardsBefore).toBe(true),
    );
  } else {
    await vi.waitFor(() => expect(warnings().length).toBeGreaterThan(warned));
  }
  await settle();
  chatFake.actAs("gm");
  expect(sheetsFake.choices).toEqual([]); // every question was asked
  if ("card" in result) {
    keepShown(result.card);
    posted(result.card);
    expectedStates.set(result.card, "applied");
  } else {
    expect(warnings().slice(warned).join("\n")).toContain(result.refused);
    expect(resolutionCards()).toHaveLength(cardsBefore);
  }
  expectCards();
}

/** What each card named showed when it was posted (the card template's data, as rendered). */
const shown = new Map<string, Raw>();

/** The card just rendered, kept under `name`. */
function keepShown(name: string): void {
  shown.set(name, sheetsFake.rendered.findLast((r) => r.path.endsWith("chat/resolution-card.hbs"))!.data as Raw);
}

/**
 * A card's breakdown as shown, one row a line: the hex it names, the rule's words (the rules' keys it
 * names, past the step's own, e.g. `Terrain`, `RiverUnbridged`) and the value; then the total (MP; hits
 * are 0-value notes).
 */
const breakdownOf = (name: string): string[] => {
  const view = shown.get(name) as { rows: { label: string; valueText: string }[]; total: string };
  const line = (label: string): string => {
    const hex = /(\d{4})/.exec(label)?.[1] ?? "-";
    const keys = [...label.matchAll(/NOBC\.(?:Rules\.Land\.\w+|Overrun)\.(\w+)/g)].map((m) => m[1]).filter((k) => k !== "StepMp");
    return `${hex} ${keys.join(" ")}`;
  };
  return [...view.rows.map((r) => `${line(r.label)} ${r.valueText}`), `= ${view.total}`];
};

/** The GM's Next: one update of the turn Combat; what it posted. */
async function next(): Promise<void> {
  const updates = combat.updates.length;
  expect((await advanceTurn(combat, OPTS)).ok).toBe(true);
  expect(combat.updates.length - updates).toBe(1);
}

const groupNow = (): unknown => {
  const now = readMovementTurn(readBattlefield());
  return now.phase === "movement" ? { side: now.group?.side, airborne: now.group?.airborne, units: now.group?.units } : now;
};

/* ----------------------------------- set-up ----------------------------------- */

beforeAll(() => {
  nobc = startGame();
  expect(registerSheets).toHaveBeenCalledTimes(1);
  scene = harness.scene!;
  expect(scene.padding).toBe(0.25);
  actors = buildMovementWorld();
  // NATO's minefield, laid in an earlier turn: world data on the scene.
  harness.setSceneFlag("mapState", movementMapState());
  requests = recordRequests();
  expected = board();
});

afterAll(() => {
  sheetsFake.choices = [];
});

/* ------------------------------------ the phase ------------------------------------ */

describe("a scripted Movement phase on the Werra gap", () => {
  it("starts with twenty units and three HQs, each token at its hex's centre past the padding", () => {
    expect(expected.tokenCount).toBe(23);
    for (const spec of movementSpecs()) expect(expected.tokens[spec.id]).toEqual(at(spec.hex));
    expect(movementSpecs().filter((s) => s.type === "unit")).toHaveLength(20);
  });

  it("the GM attaches the terrain with the Map terrain tool: one Scene write, every unit read in its hex", async () => {
    expect(readBattlefield().map).toBeNull();
    await expectAllWrites({ scenes: 1 }, 0, async () => expect(await attachTerrain(scene, movementMap())).toMatchObject({ ok: true }));
    const field = readBattlefield();
    expect(field.map?.map).toEqual(movementMap());
    expect(Object.fromEntries(field.units.map((u) => [u.id.slice("Actor.".length), u.hex]))).toEqual(
      Object.fromEntries(
        movementSpecs()
          .filter((s) => s.type === "unit")
          .map((s) => [s.id, s.hex]),
      ),
    );
    expect(field.mapState.mines).toEqual(new Set([MINED]));
    expectBoard();
  });

  it("the GM's Next enters Movement: the entry card resets the MP left over; the airborne group moves first", async () => {
    expect(await nobc.createTurnCombat()).toMatchObject({ ok: true });
    combat = combatFake.combats[0]!;
    // The game so far: turn 1's Ground Combat is done.
    combat.system = { ...combat.system, turn: 1, stage: GROUND_COMBAT, planningEndsAt: null, reached: turn.STAGES.length + GROUND_COMBAT };
    await next();
    expect(combat.system).toMatchObject({ turn: 1, stage: MOVEMENT, movementSlot: 0 });
    posted("entry");
    // Seed 000 Land War QRS, 5. Movement: 4 MP in Combat Mode, 6 in March Mode, each turn.
    expect(effectsOf("entry")).toEqual([
      { type: "movementPoints", actor: uuid("a1"), value: 4 },
      { type: "movementPoints", actor: uuid("n3"), value: 4 },
      { type: "movementPoints", actor: uuid("w1"), value: 4 },
      { type: "movementPoints", actor: uuid("w7"), value: 4 },
    ]);
    expectBoard();
    await expectAllWrites({ actors: 1 }, 0, async () => expect(await nobc.applyCard(cards.get("entry")!)).toEqual({ ok: true }));
    expectedStates.set("entry", "applied");
    expectBoard({ a1: { movementPoints: 4 }, n3: { movementPoints: 4 }, w1: { movementPoints: 4 }, w7: { movementPoints: 4 } });
    expectCards();
    // Airborne units first (seed 000, Land War QRS, 5. Movement); no corps holds the initiative.
    expect(groupNow()).toEqual({ side: "nato", airborne: true, units: [uuid("a1")] });
  });

  it("airborne group: a Warsaw Pact and a NATO unit are refused (not their group's turn); 1 Airborne Bde moves three hexes", async () => {
    await expectAllWrites({}, 0, async () => {
      await drag("p2", "w3", ["0902"], { refused: "NOBC.Movement.Refused.notYourGroup" });
      await drag("p1", "n1", ["0103"], { refused: "NOBC.Movement.Refused.notYourGroup" });
    });
    expectBoard();
    expect(requests).toEqual([]); // refused on the players' screens: nothing sent

    // 0102 → 0201 → 0301 → 0401, all clear in Combat Mode (the road at 0301 counts only in March Mode): 3 MP.
    await expectAllWrites({ actors: 1 }, 1, () => drag("p1", "a1", ["0201", "0301", "0401"], { card: "a1" }));
    expect(effectsOf("a1")).toEqual([
      { type: "movementPoints", actor: uuid("a1"), value: 1 },
      { type: "moved", actor: uuid("a1"), from: "0102", path: ["0201", "0301", "0401"] },
    ]);
    expect(breakdownOf("a1")).toEqual(["0201 Terrain clear +1", "0301 Terrain clear +1", "0401 Terrain clear +1", "= +3"]);
    expect(shown.get("a1")!["title"]).toBe(
      'NOBC.Move.Card.Outcome {"unit":"1 Airborne Bde","from":"0102","to":"0401","spent":"3","left":"1"}',
    );
    expect(message("a1").system["records"]).toEqual({
      move: { unit: uuid("a1"), from: "0102", path: ["0201", "0301", "0401"], mpSpent: 3, override: false },
    });
    expectBoard({ a1: { movementPoints: 1 } }, { a1: "0401" });
    expect(requests).toEqual(["p1 land.move"]);
  });

  it("the GM's Next: the Warsaw Pact moves; NATO waits", async () => {
    await next();
    expect(combat.system).toMatchObject({ stage: MOVEMENT, movementSlot: 4 });
    expect(groupNow()).toEqual({
      side: "wp",
      airborne: false,
      units: ["w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8", "w9", "w10"].map(uuid),
    });
    expect(harness.notices.at(-1)?.message).toBe('NOBC.MovementTurn.Tracker.NowMoving {"group":"NOBC.MovementTurn.Group.wp"}');
    await expectAllWrites({}, 0, () => drag("p1", "n1", ["0103"], { refused: "NOBC.Movement.Refused.notYourGroup" }));
    expectBoard();
  });

  it("1 GTD: over the Werra and on is over its 4 MP (refused); over the Werra unbridged it pays 1 + 2 MP", async () => {
    // 0703 (1), 0602 (1, the Werra unbridged +2: 1 GTA has no engineer), 0601 (1): 5 MP of 4.
    await expectAllWrites({}, 0, () =>
      drag("p2", "w1", ["0703", "0602", "0601"], { refused: "NOBC.Rules.Land.Movement.Refusal.overAllowance" }),
    );
    expectBoard();
    await expectAllWrites({ actors: 1 }, 1, () => drag("p2", "w1", ["0703", "0602"], { card: "w1" }));
    expect(effectsOf("w1")).toEqual([
      { type: "movementPoints", actor: uuid("w1"), value: 0 },
      { type: "moved", actor: uuid("w1"), from: "0803", path: ["0703", "0602"] },
    ]);
    // Seed 000 Land War QRS, Movement Rates: clear 1; an unbridged minor river +2 (no Bridging Engineer).
    expect(breakdownOf("w1")).toEqual(["0703 Terrain clear +1", "0602 RiverUnbridged minor +2", "0602 Terrain clear +1", "= +4"]);
    expectBoard({ w1: { movementPoints: 0 } }, { w1: "0602" });
  });

  it("4 MRR in March Mode takes the autobahn: ½ MP a hex, the city on it too; 7 MRR enters the woods (2 MP)", async () => {
    // 1004: onto the autobahn from off it, clear (1); 0904: city along the autobahn (½ instead of 2).
    await expectAllWrites({ actors: 1 }, 1, () => drag("p2", "w4", ["1004", "0904"], { card: "w4" }));
    expect(effectsOf("w4")).toEqual([
      { type: "movementPoints", actor: uuid("w4"), value: 4.5 },
      { type: "moved", actor: uuid("w4"), from: "1003", path: ["1004", "0904"] },
    ]);
    // Movement Rates: the autobahn ½ in March Mode, whatever the hex (a city is 2 off it).
    expect(breakdownOf("w4")).toEqual(["1004 Terrain clear +1", "0904 Road autobahn +0.5", "= +1.5"]);
    expectBoard({ w4: { movementPoints: 4.5 } }, { w4: "0904" });

    await expectAllWrites({ actors: 1 }, 1, () => drag("p2", "w7", ["0906"], { card: "w7" }));
    expect(effectsOf("w7")).toEqual([
      { type: "movementPoints", actor: uuid("w7"), value: 2 },
      { type: "moved", actor: uuid("w7"), from: "1006", path: ["0906"] },
    ]);
    expect(breakdownOf("w7")).toEqual(["0906 Terrain woods +2", "= +2"]);
    expectBoard({ w7: { movementPoints: 2 } }, { w7: "0906" });
    expect(requests).toEqual(["p1 land.move", "p2 land.move", "p2 land.move", "p2 land.move"]);
  });

  it("the GM's Next: NATO moves; 6 JgBrig leaves 1 GTD (+1 MP, 1 hit) and crosses the minefield taking the hit", async () => {
    await next();
    expect(combat.system).toMatchObject({ stage: MOVEMENT, movementSlot: 5 });
    expect(groupNow()).toMatchObject({ side: "nato", airborne: false });
    await expectAllWrites({ actors: 1 }, 1, () => drag("p1", "n6", ["0402", MINED], { card: "n6" }, ["hit"]));
    expect(effectsOf("n6")).toEqual([
      { type: "movementPoints", actor: uuid("n6"), value: 1 },
      { type: "hits", actor: uuid("n6"), amount: 2 },
      { type: "moved", actor: uuid("n6"), from: "0502", path: ["0402", MINED] },
    ]);
    // Seed 000 Land War QRS, 5. Movement: leaving 1 GTD (next to 0502) +1 MP and 1 hit; Movement Rates:
    // the minefield crossed taking 1 hit instead of its +1 MP.
    expect(breakdownOf("n6")).toEqual([
      "0402 Disengage +1",
      "0402 Terrain clear +1",
      "0402 StepHits Disengage 0",
      "0403 Terrain clear +1",
      "0403 StepHits MinefieldIgnored 0",
      "= +3",
    ]);
    expectBoard({ n6: { movementPoints: 1, strength: { value: 4 } } }, { n6: MINED });
    expect(readBattlefield().mapState.mines).toEqual(new Set([MINED])); // the minefield stays
  });

  it("3 PzGrenBrig: on past the hex next to 1 GTD is refused (the NATO stop); it stops there", async () => {
    snapshotBeforeN3 = board();
    // 0502 is next to 1 GTD (0602): a NATO unit entering it must stop; 0601 is a step past it.
    await expectAllWrites({}, 0, () =>
      drag("p1", "n3", ["0402", "0502", "0601"], { refused: "NOBC.Rules.Land.Movement.Refusal.mustStopAdjacent" }),
    );
    expectBoard();
    await expectAllWrites({ actors: 1 }, 1, () => drag("p1", "n3", ["0402", "0502"], { card: "n3" }));
    expect(effectsOf("n3")).toEqual([
      { type: "movementPoints", actor: uuid("n3"), value: 1 },
      { type: "moved", actor: uuid("n3"), from: "0302", path: ["0402", "0502"] },
    ]);
    expect(breakdownOf("n3")).toEqual(["0402 Terrain clear +1", "0502 Terrain woods +2", "= +3"]);
    expectBoard({ n3: { movementPoints: 1 } }, { n3: "0502" });
  });

  it("4 PzGrenBrig overruns the lone battalion in 0805 over the Werra bridge: the card eliminates it and moves the mover in", async () => {
    const path = ["0304", "0404", "0504", "0604", "0704", "0705", "0805"];
    await expectAllWrites({ actors: 1, tokenDeletions: 1 }, 1, () => drag("p1", "n4", path, { card: "n4" }, ["overrun"]));
    expect(effectsOf("n4")).toEqual([
      { type: "movementPoints", actor: uuid("n4"), value: 0 },
      { type: "hits", actor: uuid("n4"), amount: 2 },
      { type: "eliminated", actor: uuid("w5") },
      { type: "moved", actor: uuid("n4"), from: "0303", path },
    ]);
    // Seed 000 Land War QRS, Movement Rates and 5. Movement: in March Mode the road 1 and the autobahn ½
    // a hex (bridged over the Werra: +0), then clear 1 and 1 into the battalion's hex; the counter's
    // 1 MP and 1 hit; +1 hit for an overrun in March Mode. 6 MP of 6; 2 hits.
    expect(breakdownOf("n4")).toEqual([
      "0304 Road road +1",
      "0404 Road autobahn +0.5",
      "0504 Road autobahn +0.5",
      "0604 Road autobahn +0.5",
      "0704 RiverBridged minor 0",
      "0704 Road autobahn +0.5",
      "0705 Terrain clear +1",
      "0805 Terrain clear +1",
      "0805 CounterMp +1",
      "0805 StepHits OverrunCostHits 0",
      "0805 StepHits OverrunExtraOnce 0",
      "= +6",
    ]);
    expect(shown.get("n4")!["title"]).toBe(
      'NOBC.Overrun.Outcome.overrun.other {"unit":"4 PzGrenBrig","hex":"0805","mp":"6","count":"2","defenders":"5/1 MR Bn"}',
    );
    expectBoard({ n4: { movementPoints: 0, strength: { value: 4 } }, w5: { strength: { value: 0 } } }, { n4: "0805", w5: null });
  });

  it("1 ArtRgt moves in with 5 PzBrig: the move stands (stacking is checked at the end of Movement)", async () => {
    await expectAllWrites({ actors: 1 }, 1, () => drag("p1", "n8", ["0308", "0407"], { card: "n8" }));
    expect(effectsOf("n8")).toEqual([
      { type: "movementPoints", actor: uuid("n8"), value: 4 },
      { type: "moved", actor: uuid("n8"), from: "0208", path: ["0308", "0407"] },
    ]);
    expect(breakdownOf("n8")).toEqual(["0308 Terrain clear +1", "0407 Terrain clear +1", "= +2"]);
    expectBoard({ n8: { movementPoints: 4 } }, { n8: "0407" });
  });

  it("a player's plain token update from the console is checked as a drag would be: an illegal one is refused, nothing written", async () => {
    chatFake.actAs("p1");
    const warned = warnings().length;
    // 1 PzBrig (0203) straight to 0603, hex by hex through the woods at 0504: over its 4 MP by the third hex.
    await expectAllWrites({}, 0, async () => {
      await token("n1").update(at("0603"));
      await vi.waitFor(() => expect(warnings().length).toBeGreaterThan(warned));
      await settle();
    });
    chatFake.actAs("gm");
    expect(warnings().slice(warned).join("\n")).toContain('NOBC.Rules.Land.Movement.Refusal.overAllowance {\\"unit\\":\\"1 PzBrig\\"');
    expectBoard();
    expectCards();
  });

  it("a player's console move that skips the drag's check (a token update naming the write path's option) is put back by the GM's watch", async () => {
    const cardsBefore = resolutionCards().length;
    const heard: unknown[][] = [];
    const hooks = Hooks as unknown as {
      on(n: string, fn: (...a: unknown[]) => void): number;
      off(n: string, id: number): void;
      callAll(n: string, ...a: unknown[]): boolean;
    };
    const id = hooks.on("moveToken", (...args) => void heard.push(args));
    chatFake.actAs("p1");
    // Foundry lets the token's owner write it; the option is forged (only the GM's client writes moves with it).
    // 8 PzBrig (0108) to 0708: far over its 6 MP and across the Werra unbridged.
    await expectAllWrites({}, 1, () => token("n9").update(at("0708"), { nobcAuthority: true }));
    hooks.off("moveToken", id);
    expectBoard({}, { n9: "0708" });
    // The GM's client hears the same move (Foundry fires moveToken on every client; the stand-in is one).
    chatFake.actAs("gm");
    expect(heard).toHaveLength(1);
    await expectAllWrites({}, 1, async () => {
      hooks.callAll("moveToken", ...heard[0]!);
      await vi.waitFor(() => expect(token("n9").x).toBe(at("0108").x));
      await settle();
    });
    expectBoard({}, { n9: "0108" });
    expect(harness.notices.at(-1)).toMatchObject({ level: "warn", message: 'NOBC.Move.PutBack {"unit":"8 PzBrig","user":"p1"}' });
    expect(resolutionCards()).toHaveLength(cardsBefore); // placement by the write path: no card
  });

  it("the GM moves 10 MRR out of its group's turn: an override, carried out, its card listing the rule broken", async () => {
    await expectAllWrites({ actors: 1 }, 1, () => drag("gm", "w10", ["0908", "0808"], { card: "w10" }));
    expect(effectsOf("w10")).toEqual([
      { type: "movementPoints", actor: uuid("w10"), value: 2 },
      { type: "moved", actor: uuid("w10"), from: "1008", path: ["0908", "0808"] },
    ]);
    expect(shown.get("w10")!["kicker"]).toBe('NOBC.Move.Card.TitleOverride {"unit":"10 MRR"}');
    expect(shown.get("w10")!["inputs"]).toEqual([
      { label: "NOBC.Move.Card.Path", value: "1008 → 0908 → 0808" },
      { label: "NOBC.Move.Card.Overridden", value: 'NOBC.Movement.Refused.notYourGroup {"unit":"10 MRR"}' },
    ]);
    expect(message("w10").system["records"]).toEqual({
      move: { unit: uuid("w10"), from: "1008", path: ["0908", "0808"], mpSpent: 2, override: true },
    });
    expectBoard({ w10: { movementPoints: 2 } }, { w10: "0808" });
  });

  it("End Movement: the stacking card lists the one violation and the tracker is held once", async () => {
    await next();
    expect(combat.system).toMatchObject({ stage: MOVEMENT, movementSlot: 6 });
    posted("stacking");
    expect(message("stacking").type).not.toBe("resolution"); // information: no Apply, no Undo
    // Seed 000 Land War QRS, Stacking: artillery stacks only with artillery.
    expect(message("stacking").flags["nobc"]).toEqual({
      stackingEnd: { turn: 1, violations: [{ hex: "0407", rule: "artilleryMixed", units: [uuid("n5"), uuid("n8")] }] },
    });
    expect(harness.notices.at(-1)?.message).toBe('NOBC.MovementTurn.Stacking.Held.one {"count":"1"}');
    // Every group has moved: only the umpire moves units now.
    expect(groupNow()).toEqual({ phase: "other" });
    expectBoard();
    expectCards();
  });

  it("the umpire's window lists this turn's moves, unit by unit", () => {
    const move = (name: string, from: string, path: string[], mpSpent: number, override = false) => ({
      kind: "move",
      message: cards.get(name),
      from,
      path,
      mpSpent,
      override,
    });
    const unit = (key: string, moves: ReturnType<typeof move>[], overrides = 0) => ({
      unit: uuid(key),
      start: moves[0]!.from,
      now: moves.at(-1)!.path.at(-1),
      moves,
      mpSpent: moves.reduce((n, m) => n + m.mpSpent, 0),
      overrides,
    });
    const world = movementLogController.read();
    expect(world.log).toEqual({
      turn: 1,
      unreadable: 0,
      units: [
        unit("a1", [move("a1", "0102", ["0201", "0301", "0401"], 3)]),
        unit("w1", [move("w1", "0803", ["0703", "0602"], 4)]),
        unit("w4", [move("w4", "1003", ["1004", "0904"], 1.5)]),
        unit("w7", [move("w7", "1006", ["0906"], 2)]),
        unit("n6", [move("n6", "0502", ["0402", MINED], 3)]),
        unit("n3", [move("n3", "0302", ["0402", "0502"], 3)]),
        unit("n4", [move("n4", "0303", ["0304", "0404", "0504", "0604", "0704", "0705", "0805"], 6)]),
        unit("n8", [move("n8", "0208", ["0308", "0407"], 2)]),
        unit("w10", [move("w10", "1008", ["0908", "0808"], 2, true)], 1),
      ],
    });
    const view = movementLogContext(world.log, (u) => world.names.get(u) ?? u, translator());
    expect(view.units.map((u) => `${u.name}: ${u.start} → ${u.now}`)).toEqual([
      "1 Airborne Bde: 0102 → 0401",
      "1 ArtRgt: 0208 → 0407",
      "1 GTD: 0803 → 0602",
      "10 MRR: 1008 → 0808",
      "3 PzGrenBrig: 0302 → 0502",
      "4 MRR: 1003 → 0904",
      "4 PzGrenBrig: 0303 → 0805",
      "6 JgBrig: 0502 → 0403",
      "7 MRR: 1006 → 0906",
    ]);
    expectBoard(); // reading the log writes nothing
  });

  it("Undo of the last four cards, last first, puts tokens, MP, hits and the overrun battalion back exactly", async () => {
    const undo = async (name: string, made: Partial<Writes>, tokens = 1): Promise<void> => {
      await expectAllWrites(made, tokens, async () => expect(await nobc.undoCard(cards.get(name)!)).toEqual({ ok: true }));
      expectedStates.set(name, "reverted");
      expectCards();
    };
    await undo("w10", { actors: 1 });
    expectBoard({ w10: { movementPoints: 4 } }, { w10: "1008" });
    await undo("n8", { actors: 1 });
    expectBoard({ n8: { movementPoints: 6 } }, { n8: "0208" });
    await undo("n4", { actors: 1, tokenCreations: 1 });
    expectBoard({ n4: { movementPoints: 6, strength: { value: 6 } }, w5: { strength: { value: 6 } } }, { n4: "0303", w5: "0805" });
    await undo("n3", { actors: 1 });
    expectBoard({ n3: { movementPoints: 4 } }, { n3: "0302" });
    // The board as it stood before 3 PzGrenBrig moved.
    expect(board()).toEqual(snapshotBeforeN3);
    expect(movementLogController.read().log?.units.map((u) => u.unit)).toEqual(["a1", "w1", "w4", "w7", "n6"].map(uuid));
  });

  it("the GM's Next leaves Movement without checking stacking again (it was undone anyway)", async () => {
    await next();
    expect(combat.system).toMatchObject({ turn: 1, stage: MOVEMENT + 1 });
    posted("resupply.info");
    expectBoard();
    expectCards();
  });

  it("no card was written by a player's client: every player's move reached the GM as a request", () => {
    expect(messages().filter((m) => m.author?.isGM !== true)).toEqual([]);
    // No status icon changed on the way (no mode, no black chip): no ActiveEffect was written.
    expect(harness.ActiveEffect.calls).toEqual([]);
    // Eight accepted moves by the players (the refused ones were stopped on their screens); the GM's own
    // override is answered on its own client, not sent.
    expect(requests).toEqual([
      "p1 land.move",
      "p2 land.move",
      "p2 land.move",
      "p2 land.move",
      "p1 land.move",
      "p1 land.move",
      "p1 land.move",
      "p1 land.move",
    ]);
    expect([...cards.keys()].map((n) => `${n}: ${stateOf(n)}`)).toEqual([
      "entry: applied",
      "a1: applied",
      "w1: applied",
      "w4: applied",
      "w7: applied",
      "n6: applied",
      "n3: reverted",
      "n4: reverted",
      "n8: reverted",
      "w10: reverted",
      "stacking: info",
      "resupply.info: info",
    ]);
  });
});
