/**
 * Who moves when in the Movement phase, on the turn tracker (src/world/movement-groups.ts,
 * src/combat/movement-turn.ts, movement-step.ts, movement-panel.ts): the groups in the seed's order
 * (seed 000, Land War QRS, 5. Movement: airborne first; the Warsaw Pact first unless a NATO corps
 * holds the initiative), the GM's Next stepping through them, `planMove` refusing another group's
 * unit, and the end-of-Movement stacking card (Land War QRS: Stacking). The world is the board
 * game's (tests/turn/board-world.ts) with its terrain attached, plus units added per test.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { combatFake, type FakeCombatDoc } from "../combat/combat-fake";
import { boardMap, buildBoardWorld } from "./board-world";
import { unitSystem } from "../apps/ground-combat/fixture";
import { readBattlefield, forgetTerrain } from "../../src/world/read";
import { planMove } from "../../src/world/movement";
import { createTurnCombat } from "../../src/combat/create";
import { advanceTurn, stepBackTurn } from "../../src/combat/advance";
import { readMovementTurn, type MovementCombat } from "../../src/combat/movement-turn";
import { movementPanel } from "../../src/combat/movement-panel";
import { STACKING_END_TEMPLATE, type StackingEndView } from "../../src/combat/movement-step";
import { endOfMovementStacking, groupsNow, movementGroupsOf, movementStep, slotOf } from "../../src/world/movement-groups";
import { translator } from "../../src/base/foundry";
import { turn } from "../../src/rules/index";
import { offsetOf } from "../../src/map/hex-grid";
import { theatre, theatreField } from "../bench/theatre";

type Raw = Record<string, unknown>;
const MOVEMENT = turn.stageIndex("movement");
const OPTS = { planningMinutes: 15, now: 1_000 };

let actors: Map<string, FakeActorT>;
let combat: FakeCombatDoc;

function addUnit(id: string, name: string, hex: string, system: Raw): FakeActorT {
  const actor = new harness.Actor({ id, name, type: "unit", system });
  const { col, row } = offsetOf(hex);
  harness.placeToken(actor, col, row);
  sheetsFake.actors.push(actor);
  actors.set(id, actor);
  return actor;
}

/** The turn tracker at Movement of turn 1, as if entered before (no entry card is posted by these tests). */
async function trackerAtMovement(slot?: number): Promise<void> {
  expect(await createTurnCombat()).toMatchObject({ ok: true });
  combat = combatFake.combats[0]!;
  combat.system = {
    turn: 1,
    stage: MOVEMENT,
    planningEndsAt: null,
    reached: 18 + MOVEMENT,
    ...(slot === undefined ? {} : { movementSlot: slot }),
  };
}

const giveInitiative = async (hq: string): Promise<void> => {
  await actors.get(hq)!.update({ system: { initiative: true } });
};

const groupWords = (): string[] => movementGroupsOf(readBattlefield(), []).map((g) => `${g.side}${g.airborne ? "+air" : ""}`);

const notices = () => harness.notices.map((n) => `${n.level} ${n.message}`);

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  combatFake.reset();
  forgetTerrain();
  harness.viewScene();
  actors = buildBoardWorld();
  harness.setSceneFlag("terrain", boardMap());
  const messages = (globalThis as unknown as { game: Raw }).game["messages"] as object;
  Object.defineProperty(messages, "contents", { get: () => [...chatFake.messages.values()], configurable: true });
});

describe("the movement groups (pure over the battlefield)", () => {
  it("puts airborne units first, then NATO corps with the initiative, the Warsaw Pact, other NATO; empty groups left out", () => {
    expect(groupWords()).toEqual(["wp", "nato"]);
    addUnit("para", "26 LLBrig", "0101", unitSystem("nato", { arm: "airborne", hq: "Actor.icorps" }));
    addUnit("vdv", "103 VDV", "0404", unitSystem("wp", { arm: "airborne", hq: "Actor.gta" }));
    const field = readBattlefield();
    const groups = movementGroupsOf(field, ["Actor.icorps"]);
    expect(groups.map((g) => [g.side, g.airborne, g.initiative, g.units])).toEqual([
      ["nato", true, true, ["Actor.para"]],
      ["wp", true, false, ["Actor.vdv"]],
      ["nato", false, true, ["Actor.n34", "Actor.n36"]],
      ["wp", false, false, ["Actor.w1", "Actor.w2", "Actor.w3"]],
    ]);
    expect(groups.map(slotOf)).toEqual([0, 1, 3, 4]);
  });

  it("reads a stored slot as the first group at or after it, the last group past them all, none when over", () => {
    const groups = movementGroupsOf(readBattlefield(), []); // WP (slot 4), NATO (slot 5)
    expect(groupsNow(groups, 0)).toEqual({ current: 0, over: false }); // an old world without the field
    expect(groupsNow(groups, 5)).toEqual({ current: 1, over: false });
    expect(groupsNow(groups, 6)).toEqual({ current: null, over: true });
    expect(movementStep(groups, 0, "next")).toMatchObject({ kind: "group", slot: 5 });
    expect(movementStep(groups, 5, "next")).toEqual({ kind: "end" });
    expect(movementStep(groups, 6, "next")).toEqual({ kind: "leave" });
    expect(movementStep(groups, 6, "previous")).toMatchObject({ kind: "group", slot: 5 });
    expect(movementStep(groups, 4, "previous")).toEqual({ kind: "leave" });
  });

  it("lists every stacking violation hex by hex, each side counted apart", () => {
    // Two NATO battalions in 0203 break the battalion rule; a WP battalion beside them in 0203 is not counted with them.
    addUnit("b1", "1 Recce Bn", "0203", unitSystem("nato", { size: "battalion", arm: "recce" }));
    addUnit("b2", "2 Recce Bn", "0203", unitSystem("nato", { size: "battalion", arm: "recce" }));
    addUnit("wb", "7 Recon Bn", "0203", unitSystem("wp", { size: "battalion", arm: "recce" }));
    // Artillery with a brigade in 0202: the artillery rule.
    addUnit("art", "5 ArtBde", "0202", unitSystem("nato", { arm: "artillery" }));
    const found = endOfMovementStacking(readBattlefield());
    expect(found.map((v) => [v.hex, v.rule, v.units])).toEqual([
      ["0202", "artilleryMixed", ["Actor.n36", "Actor.art"]],
      ["0203", "battalions", ["Actor.b1", "Actor.b2"]],
    ]);
  });
});

describe("the tracker in Movement", () => {
  it("tells planMove which group moves: the Warsaw Pact first without initiative, another group's unit refused", async () => {
    await trackerAtMovement();
    const field = readBattlefield();
    const now = readMovementTurn(field);
    expect(now).toMatchObject({ phase: "movement", group: { side: "wp", units: ["Actor.w1", "Actor.w2", "Actor.w3"] } });
    const nato = planMove(field, now, { unit: "Actor.n36", path: ["0102"] });
    expect("refused" in nato ? [] : nato.breaks.map((b) => b.code)).toEqual(["notYourGroup"]);
    const wp = planMove(field, now, { unit: "Actor.w3", path: ["0404"] });
    expect("refused" in wp ? ["refused"] : wp.breaks).toEqual([]);
  });

  it("steps through the groups with Next (one Combat update each), then checks stacking and leaves the phase", async () => {
    await giveInitiative("icorps");
    await trackerAtMovement();
    const i18n = translator();
    expect(readMovementTurn(readBattlefield())).toMatchObject({ group: { side: "nato", initiative: true } });
    expect(movementPanel(combat as unknown as MovementCombat, i18n)).toEqual({
      now: 'NOBC.MovementTurn.Group.initiative {"corps":"I Corps"}',
      next: ["NOBC.MovementTurn.Group.wp"],
      nextText: "NOBC.MovementTurn.Group.wp",
      over: false,
      none: false,
      nextKey: "NOBC.MovementTurn.Tracker.NextGroup",
    });
    // A Warsaw Pact player's tracker under double-blind: NATO's initiative group, not which corps.
    expect(movementPanel(combat as unknown as MovementCombat, i18n, false)).toMatchObject({
      now: "NOBC.MovementTurn.Group.initiativeUnnamed",
    });

    expect(await advanceTurn(combat, OPTS)).toMatchObject({ ok: true, card: null });
    expect(combat.updates).toEqual([{ system: { movementSlot: 4 } }]);
    expect(readMovementTurn(readBattlefield())).toMatchObject({ group: { side: "wp" } });
    expect(movementPanel(combat as unknown as MovementCombat, i18n)).toMatchObject({
      now: "NOBC.MovementTurn.Group.wp",
      next: [],
      nextKey: "NOBC.MovementTurn.Tracker.EndMovement",
    });
    expect(notices()).toContain('info NOBC.MovementTurn.Tracker.NowMoving {"group":"NOBC.MovementTurn.Group.wp"}');

    // No stacking violation: the last group's Next leaves the phase at once, with no card.
    expect(await advanceTurn(combat, OPTS)).toMatchObject({ ok: true, position: { stage: MOVEMENT + 1 } });
    expect(combat.system).toMatchObject({ stage: MOVEMENT + 1 });
    expect(chatFake.messages.size).toBe(0);
  });

  it("refuses to step while the GM views another scene than the map (the groups would be empty), and steps again on the map", async () => {
    await trackerAtMovement();
    const map = harness.scene!;
    harness.viewScene(); // the air board: no terrain, no units
    forgetTerrain();
    expect(await advanceTurn(combat, OPTS)).toMatchObject({ ok: false, reason: "NOBC.MovementTurn.Refused.viewTheMap" });
    expect(combat.updates).toEqual([]);
    expect(notices()).toContain("warn NOBC.MovementTurn.Refused.viewTheMap");
    harness.view(map);
    forgetTerrain();
    expect(await advanceTurn(combat, OPTS)).toMatchObject({ ok: true });
    expect(combat.updates).toEqual([{ system: { movementSlot: 5 } }]);
  });

  it("Previous steps back a group, then out of the phase; stepping back into Movement lands on the last group", async () => {
    await trackerAtMovement(5);
    expect(readMovementTurn(readBattlefield())).toMatchObject({ group: { side: "nato" } });
    expect(await stepBackTurn(combat, OPTS)).toMatchObject({ ok: true });
    expect(combat.system).toMatchObject({ stage: MOVEMENT, movementSlot: 4 });
    expect(await stepBackTurn(combat, OPTS)).toMatchObject({ ok: true });
    expect(combat.system).toMatchObject({ stage: MOVEMENT - 1 }); // the slot is read only in Movement, and written on entering it
    expect(readMovementTurn(readBattlefield())).toEqual({ phase: "other" });
    expect(await advanceTurn(combat, OPTS)).toMatchObject({ ok: true });
    expect(combat.system).toMatchObject({ stage: MOVEMENT, movementSlot: 0 });
  });

  it("holds the tracker once for a stacking card (information, no Apply), then the next Next moves on", async () => {
    addUnit("b1", "1 Recce Bn", "0203", unitSystem("nato", { size: "battalion", arm: "recce" }));
    addUnit("b2", "2 Recce Bn", "0203", unitSystem("nato", { size: "battalion", arm: "recce" }));
    await trackerAtMovement(5);
    const result = await advanceTurn(combat, OPTS);
    expect(result).toMatchObject({ ok: true, position: { stage: MOVEMENT } });
    expect(combat.system).toMatchObject({ stage: MOVEMENT, movementSlot: 6 });
    const [card] = [...chatFake.messages.values()];
    expect(card?.type).not.toBe("resolution"); // information: no Apply, no Undo
    expect(card?.flags["nobc"]).toEqual({
      stackingEnd: { turn: 1, violations: [{ hex: "0203", rule: "battalions", units: ["Actor.b1", "Actor.b2"] }] },
    });
    const view = sheetsFake.rendered.find((r) => r.path === STACKING_END_TEMPLATE)?.data as StackingEndView;
    expect(view.headline).toBe('NOBC.MovementTurn.Stacking.Headline.one {"count":"1","hexes":"0203"}');
    expect(view.hexes).toEqual([
      {
        hex: "0203",
        rules: [
          {
            rule: "battalions",
            text: expect.stringContaining("NOBC.Rules.Land.Stacking.Battalions"),
            // The seed named as its document (src/view/citation.ts), in the reader's words.
            source: 'NOBC.Source.Cited.nobc {"section":"Land War QRS: Stacking"}',
            units: ["1 Recce Bn", "2 Recce Bn"],
          },
        ],
      },
    ]);
    expect(notices()).toEqual(['warn NOBC.MovementTurn.Stacking.Held.one {"count":"1"}']);
    // Every group has moved: a player's move now reads as outside the phase, and the panel says so.
    expect(readMovementTurn(readBattlefield())).toEqual({ phase: "other" });
    expect(movementPanel(combat as unknown as MovementCombat, translator())).toMatchObject({
      now: null,
      over: true,
      nextKey: "NOBC.Turn.Track.NextTo",
    });

    expect(await advanceTurn(combat, OPTS)).toMatchObject({ ok: true, position: { stage: MOVEMENT + 1 } });
    expect(chatFake.messages.size).toBe(1); // no second card
  });

  it("refuses a player's and a non-active GM's Next: only the active GM writes the turn", async () => {
    await trackerAtMovement();
    chatFake.actAs("p1");
    expect(await advanceTurn(combat, OPTS)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notGM" });
    expect(combat.updates).toEqual([]);
  });
});

describe("at the scale of the game", () => {
  it("groups 400 units and checks the stacking of a 2,000-hex map in one pass each", () => {
    const field = theatreField(theatre(400));
    const started = performance.now();
    const groups = movementGroupsOf(field, []);
    const violations = endOfMovementStacking(field);
    const took = performance.now() - started;
    // Every unit on the map is in exactly one group; every violation names units of one side in one hex.
    expect(groups.reduce((n, g) => n + g.units.length, 0)).toBe(field.units.filter((u) => u.hex !== "").length);
    const sideOf = new Map(field.units.map((u) => [u.id, u.side]));
    for (const v of violations) expect(new Set(v.units.map((u) => sideOf.get(u))).size).toBe(1);
    // A generous bound (milliseconds, not seconds): linear work over 400 units.
    expect(took).toBeLessThan(100);
  });
});
