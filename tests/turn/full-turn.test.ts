/**
 * Issue #6, "Done when": one full NOBC turn scripted through the harness from start to end — the
 * Air War's eleven steps, the Land War's seven phases with two ground combats and a rear-area
 * attack, and the step into the next turn — driven the way the GM drives it (the turn tracker's
 * `advanceTurn`, `game.nobc` macros, the dialogs' own post paths), with the dice scripted and
 * every posted card applied through `game.nobc.applyCard` (the GM's query path). Each player's step
 * is a request the GM's client answers (issue #16): it rolls and authors every card, and the last
 * test checks that no message was written by a player's client.
 *
 * After every step the whole world is compared with `toEqual`: `expectWorld(changes)` folds the
 * changes the rules should have made into the running expectation, then checks every actor's
 * fields (tests/turn/world.ts `worldState`), every card's state and the Combat's `system`.
 * Every number below comes from the rules run on the scripted dice; each comment names the seed
 * table (seed 000, NOBC Air War / Land War QRS) that gives it.
 *
 * Not driven here (no canvas): moving tokens in the Movement phase and a retreat's hexes; the
 * rules leave those to the map (a card's notes), and this test asserts the notes are there.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { combatFake, type FakeCombatDoc } from "../combat/combat-fake";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { registerSheets } from "../../src/sheets/register";
import { advanceTurn, type AdvanceResult } from "../../src/combat/advance";
import { readMovementTurn } from "../../src/combat/movement-turn";
import { readBattlefield } from "../../src/world/read";
import "../../src/nobc";
import type { NobcApi } from "../../src/nobc";
import { scriptedDice } from "../../src/rules/dice";
import { turn } from "../../src/rules/index";
import { ZONE, buildWorld, worldState, type WorldState } from "./world";
import { phrase, type Phrase } from "../../src/rules/resolution";
import { speak } from "../../src/words/phrase";
import { keyWording } from "../harness/wording";
import {
  cards,
  dice,
  effectsOf,
  expectCards,
  expectWrites,
  expectedStates,
  faces,
  merge,
  messages,
  posted,
  recordRequests,
  scriptDice,
  startGame,
  stateOf,
  unscriptDice,
  type Message,
} from "./script";

// The sheets are ApplicationV2 document sheets, beyond the stand-in; their own tests cover them.
vi.mock("../../src/sheets/register", () => ({ registerSheets: vi.fn() }));

type Raw = Record<string, unknown>;
let nobc: NobcApi;
let actors: Map<string, FakeActorT>;
let combat: FakeCombatDoc;
/** The requests the GM's client answered: "<user> <dialog id>". */
let requests: string[];

/* ------------------------------- world checks -------------------------------- */

let expected: WorldState;

/** Folds `changes` into the expected world and checks every actor against it. */
function expectWorld(changes: Record<string, Raw> = {}): void {
  merge(expected, changes);
  expect(worldState(actors)).toEqual(expected);
  expect(faces).toEqual([]); // every scripted die was used, none was missing
}

/** Every player's step of the turn, as the request it sends the GM (the umpire's own steps are its own). */
const REQUESTS = [
  "p1 air.allocation",
  "p2 air.allocation",
  "p1 air.sorties",
  "p2 air.sorties",
  "p1 airMissions.deepStrike",
  "p1 airMissions.repair",
  "p2 airMissions.repair",
  "p2 airMissions.airbaseRepair",
  "p1 land.orders",
  "p2 land.orders",
  "p1 land.rearArea",
  "p2 groundCombat.plan",
  "p1 groundCombat.plan",
  "p1 land.resupply",
  "p1 land.recovery",
  "p2 land.recovery",
];

/** The Air War record a card carries beside its effects. */
const airBattle = (m: Message): Raw => (m.system["records"] as Raw)["airBattle"] as Raw;

/**
 * Applies a card as the GM (game.nobc.applyCard) and counts the writes: one Actor.updateDocuments
 * call for all the actors it changes, item writes batched per holding HQ (`items`), and no other write.
 */
async function apply(name: string, items = { updates: 0, deletions: 0 }, actorCalls = 1): Promise<void> {
  await expectWrites({ actors: actorCalls, itemUpdates: items.updates, itemDeletions: items.deletions }, async () =>
    expect(await nobc.applyCard(cards.get(name)!)).toEqual({ ok: true }),
  );
  expectedStates.set(name, "applied");
}

/** The GM's Next stage: exactly one Combat update per move. */
async function advance(): Promise<AdvanceResult> {
  const updates = combat.updates.length;
  const result = await advanceTurn(combat, { planningMinutes: 15, now: 1_000 });
  expect(result.ok).toBe(true);
  expect(combat.updates.length - updates).toBe(1);
  return result;
}

function expectStage(stageId: turn.StageId, turnNumber = 0, planningEndsAt: number | null = null): void {
  // Played straight through, the furthest stage entered is the one the marker is on.
  const stage = turn.stageIndex(stageId);
  // The Movement group's slot is asserted where the groups are stepped through (Land phase 5).
  const { movementSlot: _slot, ...system } = combat.system;
  expect(system).toEqual({ turn: turnNumber, stage, planningEndsAt, reached: turnNumber * turn.STAGES.length + stage });
}

const uuid = (key: string) => actors.get(key)!.uuid;
/** A phrase as the harness's `game.i18n` writes it: its key and data. */
const said = (p: Phrase) => speak(p, keyWording());
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

/* ---------------------------------- set-up ----------------------------------- */

beforeAll(() => {
  // The stand-ins are fresh in this file; src/nobc.ts has put its init hook in, so no reset here.
  nobc = startGame();
  expect(registerSheets).toHaveBeenCalledTimes(1);
  actors = buildWorld();
  expected = worldState(actors);
  scriptDice();
  sheetsFake.answer = true; // the GM confirms the air-combat preview
  // Every request the GM answers, with the user who asked and the dialog named (the handler is the system's own).
  requests = recordRequests();
});

afterAll(() => {
  unscriptDice();
});

/* ------------------------------------ the turn ------------------------------------ */

describe("one full NOBC turn through the harness", () => {
  it("the GM starts the turn tracker: turn 0 at the Air War's step 1, the HQs as combatants", async () => {
    const made = await nobc.createTurnCombat();
    expect(made).toMatchObject({ ok: true, added: 2 });
    combat = combatFake.combats[0]!;
    expect(combat.combatants.map((c) => c.actorId)).toEqual(["icorps", "gta"]);
    expectStage("airAllocation");
    expectWorld();
    expectCards();
  });

  /* ------------------------------ Air War, steps 1-6 ------------------------------ */

  it("Air step 1: each side allocates its ready squadrons on its Air War chart; the GM applies both cards", async () => {
    // Seed 000 Air War QRS 1): every ready squadron takes a mission box. Each player opens the
    // chart of their own side and zone, drops the squadrons into their boxes (the actions the page's
    // drag and drop asks) and posts the allocation dialog's own request; the GM applies.
    const drop = (box: string, ...keys: string[]) => ({ dataset: { box, squadrons: keys.map(uuid).join(",") } }) as unknown as HTMLElement;
    const post = { dataset: {} } as unknown as HTMLElement;
    chatFake.setUsers("p1");
    const nato = (await nobc.openDialog("air.chart", { side: "nato", zone: ZONE }))!;
    await nato.act("place", drop("airSuperiority", "f15", "f16"));
    await nato.act("place", drop("cas", "a10"));
    await nato.act("place", drop("deepStrike", "tornado"));
    await nato.act("postAllocation", post);
    chatFake.setUsers("p2");
    const wp = (await nobc.openDialog("air.chart", { side: "wp", zone: ZONE }))!;
    await wp.act("place", drop("airSuperiority", "mig29", "mig23"));
    await wp.act("place", drop("cas", "su25"));
    await wp.act("postAllocation", post);
    posted("allocation.nato", "allocation.wp");
    chatFake.setUsers("gm");
    expectWorld(); // posting changes nothing
    await apply("allocation.nato");
    await apply("allocation.wp");
    expectWorld({
      f15: { box: "airSuperiority" },
      f16: { box: "airSuperiority" },
      a10: { box: "cas" },
      tornado: { box: "deepStrike" },
      mig29: { box: "airSuperiority" },
      mig23: { box: "airSuperiority" },
      su25: { box: "cas" },
    });
    expectCards();
  });

  it("Air step 2: the GM lines up the fighters (WP best first, NATO best against best)", async () => {
    await advance();
    expectStage("airLineup");
    expect(await (await nobc.air.openAirLineUp({ zone: ZONE }))!.resolve()).not.toBeNull();
    const [lineUp] = posted("lineUp");
    expect(airBattle(lineUp!)).toMatchObject({
      kind: "lineUp",
      bouts: [
        { wp: uuid("mig29"), nato: uuid("f15") },
        { wp: uuid("mig23"), nato: uuid("f16") },
      ],
    });
    expectWorld();
    expectCards();
  });

  it("Air step 3: air-to-air combat — the F-15's AAM fires first; MiG-23 and F-16 fire together", async () => {
    await advance();
    expectStage("airCombat");
    // Seed 000 Air War QRS 3): a hit is a roll at or under the shooter's air-to-air value.
    // Bout 1: F-15 (5, advanced AAM) fires first: 2 ≤ 5, MiG-29 damaged and does not fire back.
    // Bout 2: no AAM, the WP die first: MiG-23 (3) rolls 2, hit on the F-16; F-16 (4) rolls 5, miss.
    const fought = (await nobc.air.resolveAirCombatStep({ zone: ZONE }, scriptedDice([2, 2, 5])))!;
    expect(fought).toHaveLength(1);
    expect(sheetsFake.dialogs).toHaveLength(1); // the GM's preview of who fires first
    const [card] = posted("airCombat");
    expect(card!.rolls).toHaveLength(1);
    expect(airBattle(card!)).toMatchObject({ kind: "airCombat", zone: ZONE });
    expect(effectsOf("airCombat")).toEqual([
      { type: "squadronBox", squadron: uuid("mig29"), box: "damaged" },
      { type: "squadronBox", squadron: uuid("f16"), box: "damaged" },
    ]);
    expectWorld();
    await apply("airCombat");
    expectWorld({ mig29: { box: "damaged" }, f16: { box: "damaged" } });
    expectCards();
  });

  it("Air step 4: one fighter left each side — contested, no winner", async () => {
    await advance();
    expectStage("airSuperiority");
    expect(await nobc.air.resolveAirSuperiorityStep({ zone: ZONE })).toHaveLength(1);
    posted("superiority");
    // Seed 000 Air War QRS 4)-5): 1 against 1 is below 2:1, so contested; a tie has no winner.
    const view = sheetsFake.rendered.at(-1)!.data as { title: string };
    expect(view.title).toContain("NOBC.AirBattle.Level.contested");
    expect(effectsOf("superiority")).toEqual([]);
    expectWorld();
    expectCards();
  });

  it("Air step 5: each side picks its sorties from the loser's allotment (contested: 6 CAS)", async () => {
    await advance();
    expectStage("airSorties");
    // Seed 000 Air War QRS 5) table, contested: loser 6 CAS / 3 Recce-EW; with no winner both sides take it.
    chatFake.setUsers("p1");
    expect(await (await nobc.air.openAirSorties({ side: "nato", zone: ZONE }))!.resolve()).not.toBeNull();
    chatFake.setUsers("p2");
    expect(await (await nobc.air.openAirSorties({ side: "wp", zone: ZONE }))!.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    const [nato, wp] = posted("sorties.nato", "sorties.wp");
    expect(airBattle(nato!)).toMatchObject({
      kind: "sorties",
      side: "nato",
      status: { level: "contested", winner: null },
      flying: [uuid("a10"), uuid("tornado")],
    });
    expect(airBattle(wp!)).toMatchObject({ kind: "sorties", side: "wp", flying: [uuid("su25")] });
    expectWorld();
    expectCards();
  });

  it("Air step 6: the fighters return to holding (the F-15's AAM card spent); mission squadrons fly on", async () => {
    await advance();
    expectStage("airReturn");
    expect(await nobc.air.resolveAirReturnStep({ zone: ZONE })).toHaveLength(1);
    posted("return");
    // Seed 000 Air War QRS 6): air superiority squadrons to holding, AAM cards discarded; every
    // mission squadron flies (none over the allotment), so none is intercepted.
    expect(effectsOf("return")).toEqual([
      { type: "weaponDiscarded", squadron: uuid("f15"), weapon: "AIM-7" },
      { type: "squadronBox", squadron: uuid("f15"), box: "holding" },
      { type: "squadronBox", squadron: uuid("mig23"), box: "holding" },
    ]);
    await apply("return");
    expectWorld({ f15: { box: "holding", weapons: [] }, mig23: { box: "holding" } });
    expectCards();
  });

  /* ------------------------------ Air War, steps 7-11 ----------------------------- */

  it("Air step 7: the GM hands the CAS over to the land teams (a record; nothing moves)", async () => {
    await advance();
    expectStage("airHandOver");
    expect(await nobc.air.handOverCas()).toBe(true);
    posted("handOver");
    // Seed 000 Air War QRS 7): the squadrons in the CAS box go to the land teams with their CAS values.
    expect(effectsOf("handOver")).toEqual([]);
    const view = sheetsFake.rendered.at(-1)!.data as { rows: { label: string; valueText: string }[] };
    expect(view.rows.map((r) => [r.label, r.valueText])).toEqual([
      [said(phrase("NOBC.Rules.Air.HandOver.CasValue", { squadron: "81 TFW (A-10)" })), "+5"],
      [said(phrase("NOBC.Rules.Air.HandOver.CasValue", { squadron: "357 OShAP (Su-25)" })), "+4"],
    ]);
    expectWorld();
    expectCards();
  });

  it("Air step 8: NATO's Tornado strikes Templin through its air defence", async () => {
    await advance();
    expectStage("airDeepStrike");
    chatFake.setUsers("p1");
    const dialog = (await nobc.air.openDeepStrike({ side: "nato" }))!;
    // Defaults: the Tornado (the deep-strike box), the first enemy airbase, its 2 working boxes at 3.
    expect(dialog.dialogState).toMatchObject({ attackers: [uuid("tornado")], target: `airbase::${uuid("templin")}`, airDefence: "3, 3" });
    // docs/rules-decisions.md, deep-strike air defence: box 3 meets the Tornado, 4 > 3 so it gets
    // through; the second box has no one to meet. The Tornado hits on 2 ≤ its deep strike 5.
    dice(4, 2);
    expect(await dialog.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    posted("deepStrike");
    expect(effectsOf("deepStrike")).toEqual([
      { type: "airbaseHits", airbase: uuid("templin"), repairable: 1, permanent: 0 },
      { type: "squadronBox", squadron: uuid("tornado"), box: "holding" },
    ]);
    await apply("deepStrike");
    expectWorld({ templin: { hits: { repairable: 1 } }, tornado: { box: "holding" } });
    expectCards();
  });

  it("Air step 9: each air team repairs its damaged squadrons", async () => {
    await advance();
    expectStage("airRepair");
    // Seed 000 Air War QRS 9): NATO repairs two squadrons without a roll — the F-16 here.
    chatFake.setUsers("p1");
    expect(await nobc.air.repairSide({ side: "nato", automatic: [uuid("f16")] })).toBe(true);
    // The MiG-29 (Soviet, repair score 4) rolls 3: repaired.
    chatFake.setUsers("p2");
    dice(3);
    expect(await nobc.air.repairSide({ side: "wp" })).toBe(true);
    chatFake.setUsers("gm");
    posted("repair.nato", "repair.wp");
    expect(effectsOf("repair.nato")).toEqual([{ type: "squadronBox", squadron: uuid("f16"), box: "ready" }]);
    expect(effectsOf("repair.wp")).toEqual([{ type: "squadronBox", squadron: uuid("mig29"), box: "ready" }]);
    await apply("repair.nato");
    await apply("repair.wp");
    expectWorld({ f16: { box: "ready" }, mig29: { box: "ready" } });
    expectCards();
  });

  it("Air step 10: the GM bases the squadrons for next turn; the hit on Templin leaves one space", async () => {
    await advance();
    expectStage("airCapacity");
    // From the chart: every squadron stays at its own base, so the GM posts the basing as it stands.
    const chart = (await nobc.openDialog("air.chart", { side: "nato", zone: ZONE }))!;
    await chart.act("postBasing", { dataset: {} } as unknown as HTMLElement);
    posted("capacity");
    // Seed 000 Air War QRS 10) and docs/rules-decisions.md (airbase capacity): Bitburg holds 2 (F-15
    // from holding, F-16; the Tornado waits in holding), Templin 2 − 1 hit = 1 (the MiG-29; the MiG-23
    // stays in holding). The A-10 and Su-25 are in the CAS box and not based now.
    expect(effectsOf("capacity")).toEqual([{ type: "squadronBox", squadron: uuid("f15"), box: "ready" }]);
    await apply("capacity");
    expectWorld({ f15: { box: "ready" } });
    expectCards();
  });

  it("Air step 11: WP repairs Templin's hit (or it stays for good) and an air-defence box", async () => {
    await advance();
    expectStage("airbaseRepair");
    chatFake.setUsers("p2");
    dice(5);
    expect(await nobc.air.repairAirbases({ side: "wp" })).toBe(true);
    chatFake.setUsers("gm");
    posted("airbaseRepair.wp");
    // Seed 000 Air War QRS 11): WP repairs a hit on 3 or less — 5 fails, so the hit is permanent;
    // the zone restores up to three air-defence boxes, Templin has lost one.
    expect(effectsOf("airbaseRepair.wp")).toEqual([
      { type: "airbaseHits", airbase: uuid("templin"), repairable: -1, permanent: 1 },
      { type: "airDefence", chart: uuid("templin"), delta: 1 },
    ]);
    await apply("airbaseRepair.wp");
    expectWorld({ templin: { hits: { repairable: 0, permanent: 1 }, airDefence: 3 } });
    expectCards();
  });

  /* ------------------------------- Land War, phases 1-7 ------------------------------- */

  it("Land phase 1: air support collected — nothing to post (the CAS box is read where it is used)", async () => {
    const result = await advance();
    expectStage("airSupport");
    expect(result).toMatchObject({ card: null });
    posted();
    expectWorld();
  });

  it("Land phase 2: Orders — the entry card, then each HQ keeps its modes; Combat Mode costs 1 SP", async () => {
    const result = await advance();
    expectStage("orders");
    expect(result).toMatchObject({ card: null });
    const [info] = posted("orders.info");
    expect(info!.flags["nobc"]).toEqual({ landInfo: "orders" });
    chatFake.setUsers("p1");
    expect(await (await nobc.land.openOrders({ hq: uuid("icorps") }))!.resolve()).not.toBeNull();
    chatFake.setUsers("p2");
    expect(await (await nobc.land.openOrders({ hq: uuid("gta") }))!.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    posted("orders.nato", "orders.wp");
    // Seed 000 Land War QRS phase 2: each unit kept in Combat Mode pays 1 SP; March Mode is free.
    expect(effectsOf("orders.nato")).toEqual([
      { type: "supply", actor: uuid("n34"), delta: -1 },
      { type: "supply", actor: uuid("n36"), delta: -1 },
    ]);
    expect(effectsOf("orders.wp")).toEqual([
      { type: "supply", actor: uuid("w1"), delta: -1 },
      { type: "supply", actor: uuid("w2"), delta: -1 },
    ]);
    await apply("orders.nato");
    await apply("orders.wp");
    expectWorld({ n34: { supply: 1 }, n36: { supply: 1 }, w1: { supply: 1 }, w2: { supply: 1 } });
    expectCards();
  });

  it("Land phase 3: NATO's rear-area attack on 1 GTA — identified by two cards, struck by a Lance SSM", async () => {
    await advance();
    expectStage("rearArea");
    chatFake.setUsers("p1");
    const dialog = (await nobc.land.openRearAreaAttack({ target: uuid("gta") }))!;
    await dialog.change({
      target: uuid("gta"),
      ident0: "Actor.icorps.Item.cint",
      ident1: "Actor.icorps.Item.crec",
      "strike:Actor.icorps.Item.clance": true,
    });
    dice(5);
    expect(await dialog.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    posted("rearArea");
    // Seed 000 Land War QRS 3. Rear Area Attacks: SSM 3 + die 5 = 8 (an HQ in clear terrain: no
    // halving); 7-9 on the results table takes one box off the HQ and no card. The Lance is spent;
    // the identifying cards stay.
    expect(effectsOf("rearArea")).toEqual([
      { type: "hqLevel", actor: uuid("gta"), delta: -1 },
      { type: "cardDiscarded", card: "Actor.icorps.Item.clance" },
    ]);
    await apply("rearArea", { updates: 0, deletions: 1 });
    expectWorld({ gta: { level: 2 }, icorps: { cards: { clance: undefined } } });
    expectCards();
  });

  it("Land phase 4, combat A: 1 MRR and 2 MRR attack 34 PzBrig; the attackers' shared hits are re-split before Apply", async () => {
    await advance();
    expectStage("groundCombat");
    // WP moves first (no NATO corps holds the initiative). The WP player asks for the combat; the
    // cards assigned to units of the combat play: Front barrage (+1, on 1 MRR) from the WP plan, and
    // Corps artillery (on 34 PzBrig), which the WP player never sees, added by the GM for the defender.
    chatFake.setUsers("p2");
    dice(3);
    const result = await nobc.resolveGroundCombatFor({ attackers: [uuid("w1"), uuid("w2")], target: "0201" });
    expect(result.ok).toBe(true);
    chatFake.setUsers("gm");
    posted("combatA");
    const card = chatFake.messages.get(cards.get("combatA")!)!;
    const gc = card.system["groundCombat"] as {
      plan: { breakdown: { text: { key: string }; value: number }[]; modifier: number };
      outcome: Raw;
    };
    // Seed 000 Land War QRS Ground Combat Steps One-Four: 12 against 4 is 3:1 (+4), town −1, no
    // river, 36 PzBrig next to the hex in Combat Mode −2, the cards +1 and −2: modifier 0.
    expect(gc.plan.breakdown.map((b) => b.value)).toEqual([4, -1, 0, -2, 1, -2]);
    expect(gc.plan.modifier).toBe(0);
    // Step Five: die 3, score 3 — the CRT's "<4" row, no minefield: Attack Beaten Off, 3 hits
    // between the attackers (proposed 2 + 1, the first listed first) and 2 between the defenders.
    expect(gc.outcome).toMatchObject({ die: 3, score: 3, band: "4-", result: { id: "attackBeatenOff", retreat: 0 } });
    expect(effectsOf("combatA")).toEqual([
      { type: "hits", actor: uuid("w1"), amount: 2 },
      { type: "hits", actor: uuid("w2"), amount: 1 },
      { type: "hits", actor: uuid("n34"), amount: 2 },
    ]);
    expectWorld();

    // The WP player shares the hits the other way (2 MRR takes two) with the card's split editor.
    chatFake.setUsers("p2");
    expect(
      await nobc.setCardSplit(cards.get("combatA")!, "attackers", [
        { actor: uuid("w1"), hits: 1 },
        { actor: uuid("w2"), hits: 2 },
      ]),
    ).toEqual({ ok: true });
    chatFake.setUsers("gm");
    expect(effectsOf("combatA")).toEqual([
      { type: "hits", actor: uuid("w1"), amount: 1 },
      { type: "hits", actor: uuid("w2"), amount: 2 },
      { type: "hits", actor: uuid("n34"), amount: 2 },
    ]);
    // A split that does not add up to 3 is refused and changes nothing.
    expect(
      await nobc.setCardSplit(cards.get("combatA")!, "attackers", [
        { actor: uuid("w1"), hits: 3 },
        { actor: uuid("w2"), hits: 2 },
      ]),
    ).toMatchObject({ ok: false });
    expect(effectsOf("combatA")[0]).toEqual({ type: "hits", actor: uuid("w1"), amount: 1 });
    expectWorld();
    await apply("combatA");
    expectWorld({ w1: { strength: 5 }, w2: { strength: 4 }, n34: { strength: 2 } });
    expectCards();
  });

  it("Land phase 4, combat B: 36 PzBrig with the A-10's CAS attacks 0302; Undo restores the exact state, Apply again", async () => {
    chatFake.setUsers("p1");
    dice(6);
    const result = await nobc.resolveGroundCombatFor({
      attackers: [uuid("n36")],
      target: "0302",
      cards: [],
      cas: [{ squadron: uuid("a10"), hq: uuid("icorps") }],
    });
    expect(result.ok).toBe(true);
    chatFake.setUsers("gm");
    posted("combatB");
    const gc = (chatFake.messages.get(cards.get("combatB")!)! as unknown as Message).system["groundCombat"] as {
      plan: { breakdown: { text: { key: string }; value: number }[]; modifier: number };
      outcome: Raw;
    };
    // Steps One-Four: 4 against 8 is below 1:1 (+0, docs/rules-decisions.md), marsh −1, no river,
    // 1 MRR next to the hex in Combat Mode −2, the A-10's CAS +5: modifier +2.
    expect(gc.plan.breakdown.map((b) => b.value)).toEqual([0, -1, 0, -2, 5]);
    expect(gc.plan.modifier).toBe(2);
    // Step Five: die 6, score 8 — CRT 8-11, no minefield: Success. 3 hits on each attacker, 2
    // between the defenders (1 + 1), who retreat one hex and may not move; the CAS goes to damaged.
    expect(gc.outcome).toMatchObject({ die: 6, score: 8, band: "8-11", result: { id: "success", retreat: 1 } });
    expect(effectsOf("combatB")).toEqual([
      { type: "hits", actor: uuid("n36"), amount: 3 },
      { type: "hits", actor: uuid("w2"), amount: 1 },
      { type: "hits", actor: uuid("w3"), amount: 1 },
      { type: "retreat", actor: uuid("w2"), hexes: 1 },
      { type: "noMove", actor: uuid("w2") },
      { type: "retreat", actor: uuid("w3"), hexes: 1 },
      { type: "noMove", actor: uuid("w3") },
      { type: "squadronBox", squadron: uuid("a10"), box: "damaged" },
    ]);
    // The retreats are for the map: the card lists them as things to do there.
    const view = sheetsFake.rendered.at(-1)!.data as { notes: string[] };
    expect(view.notes).toEqual([expect.stringContaining('"name":"2 MRR"'), expect.stringContaining('"name":"3 MRR"')]);
    expectWorld();
    const before = worldState(actors);
    await apply("combatB");
    expectWorld({ n36: { strength: 1 }, w2: { strength: 3, noMove: true }, w3: { strength: 3, noMove: true }, a10: { box: "damaged" } });

    // Undo (the GM's undoCard) writes the stored inverse in one update: the world is as before.
    await expectWrites({ actors: 1 }, async () => expect(await nobc.undoCard(cards.get("combatB")!)).toEqual({ ok: true }));
    expectedStates.set("combatB", "reverted");
    expect(worldState(actors)).toEqual(before);
    expectWorld({ n36: { strength: 4 }, w2: { strength: 4, noMove: false }, w3: { strength: 4, noMove: false }, a10: { box: "cas" } });
    expectCards();

    // A reverted card is final (pending → applied → reverted): Apply again is refused, nothing written.
    await expectWrites({}, async () =>
      expect(await nobc.applyCard(cards.get("combatB")!)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" }),
    );
    expect(warnings().at(-1)).toBe("NOBC.Chat.Refused.notPending");
    expectWorld();

    // The undone card still holds its attackers' attack of the turn: asking again is refused, even
    // for the GM, until the GM releases what it holds (or deletes it). The turn limits say so first,
    // naming the earlier combat, before any die is rolled.
    const again = { attackers: [uuid("n36")], target: "0302", cards: [], cas: [{ squadron: uuid("a10"), hq: uuid("icorps") }] };
    expect((await nobc.resolveGroundCombatFor(again)).ok).toBe(false);
    expect(warnings().at(-1)).toContain(`NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked {\\"unit\\":\\"36 PzBrig\\"`);
    expect(await nobc.releaseCardKey(cards.get("combatB")!, "redo after undo")).toEqual({ ok: true });
    posted("combatB.release");

    // So the GM resolves the combat again (the same die comes up) and applies the new card.
    dice(6);
    expect(
      (
        await nobc.resolveGroundCombatFor({
          attackers: [uuid("n36")],
          target: "0302",
          cards: [],
          cas: [{ squadron: uuid("a10"), hq: uuid("icorps") }],
        })
      ).ok,
    ).toBe(true);
    posted("combatB.again");
    expect(effectsOf("combatB.again")).toEqual(effectsOf("combatB"));
    await apply("combatB.again");
    expectWorld({ n36: { strength: 1 }, w2: { strength: 3, noMove: true }, w3: { strength: 3, noMove: true }, a10: { box: "damaged" } });
    expectCards();
  });

  it("Land phase 5: entering Movement resets movement points and sends the unused CAS (Su-25) to damaged", async () => {
    const result = await advance();
    expectStage("movement");
    posted("movement.entry");
    expect(result).toMatchObject({ ok: true, card: chatFake.messages.get(cards.get("movement.entry")!) });
    // Seed 000 Land War QRS phase 5, Movement Rates: Combat Mode 4 MP, March Mode 6 (a battalion
    // always moves in March Mode); CAS still in the CAS box after ground combat goes to damaged.
    expect(effectsOf("movement.entry")).toEqual([
      { type: "movementPoints", actor: uuid("n36"), value: 4 },
      { type: "movementPoints", actor: uuid("nrec"), value: 6 },
      { type: "squadronBox", squadron: uuid("su25"), box: "damaged" },
    ]);
    expectWorld();
    await apply("movement.entry");
    expectWorld({ n36: { movementPoints: 4 }, nrec: { movementPoints: 6 }, su25: { box: "damaged" } });
    expectCards();
    // Who moves when (seed 000 Land War QRS, 5. Movement): no NATO corps holds the initiative, so
    // the Warsaw Pact moves first; the GM's Next hands Movement to NATO, and NATO's Next ends it.
    expect(combat.system["movementSlot"]).toBe(0);
    expect(readMovementTurn(readBattlefield())).toMatchObject({ phase: "movement", group: { side: "wp", airborne: false } });
    expect(await advance()).toMatchObject({ ok: true, card: null });
    expectStage("movement");
    expect(combat.system["movementSlot"]).toBe(5);
    expect(readMovementTurn(readBattlefield())).toMatchObject({ phase: "movement", group: { side: "nato", initiative: false } });
    // Moving the tokens is done on the canvas, which the harness does not have.
  });

  it("Land phase 6: Resupply — the offer card, I Corps's two counters, then HQ recovery on both sides", async () => {
    await advance();
    expectStage("resupply");
    const [info] = posted("resupply.info");
    expect(info!.flags["nobc"]).toEqual({ landInfo: "resupply" });
    chatFake.setUsers("p1");
    const resupply = (await nobc.land.openResupply({ hq: uuid("icorps") }))!;
    await resupply.change({ [`give:${uuid("n34")}`]: "1", [`give:${uuid("n36")}`]: "1" });
    expect(await resupply.resolve()).not.toBeNull();
    const recovery = (await nobc.land.openHqRecovery({ hq: uuid("icorps") }))!;
    await recovery.change({ "play:Actor.icorps.Item.csig": true });
    expect(await recovery.resolve()).not.toBeNull();
    chatFake.setUsers("p2");
    expect(await (await nobc.land.openHqRecovery({ hq: uuid("gta") }))!.resolve()).not.toBeNull();
    chatFake.setUsers("gm");
    posted("resupply.nato", "recovery.nato", "recovery.wp");
    // Seed 000 Land War QRS phase 6: an HQ hands out as many supply counters as its level (I Corps: 2).
    expect(effectsOf("resupply.nato")).toEqual([
      { type: "supply", actor: uuid("n34"), delta: 1 },
      { type: "supply", actor: uuid("n36"), delta: 1 },
    ]);
    // HQ recovery (docs/rules-decisions.md): +1 after resupply, +1 for the Signals card played (then
    // discarded): I Corps 2 → 4 (its maximum). 1 GTA, in East Germany, recovers 1: 2 → 3.
    expect(effectsOf("recovery.nato")).toEqual([
      { type: "hqLevel", actor: uuid("icorps"), delta: 2 },
      { type: "cardDiscarded", card: "Actor.icorps.Item.csig" },
    ]);
    expect(effectsOf("recovery.wp")).toEqual([{ type: "hqLevel", actor: uuid("gta"), delta: 1 }]);
    await apply("resupply.nato");
    await apply("recovery.nato", { updates: 0, deletions: 1 });
    await apply("recovery.wp");
    expectWorld({ n34: { supply: 2 }, n36: { supply: 2 }, icorps: { level: 4, cards: { csig: undefined } }, gta: { level: 3 } });
    expectCards();
  });

  it("Land phase 7: Planning starts the team-time countdown", async () => {
    const result = await advance();
    expect(result).toMatchObject({ card: null });
    expectStage("planning", 0, 1_000 + 15 * 60_000);
    posted();
    expectWorld();
  });

  it("Into turn 1: the Air War's step 1 again; entering it ends every support card assignment and lifts the retreat chips", async () => {
    const result = await advance();
    expect(result).toMatchObject({ position: { turn: 1, stage: 0, turnZero: false } });
    expectStage("airAllocation", 1);
    posted("turn1.entry");
    expect(effectsOf("turn1.entry")).toEqual([
      { type: "cardAssignment", card: "Actor.icorps.Item.cart", assignedTo: null },
      { type: "cardAssignment", card: "Actor.gta.Item.cbar", assignedTo: null },
      { type: "noMoveCleared", actor: uuid("w2") },
      { type: "noMoveCleared", actor: uuid("w3") },
    ]);
    // One Item batch per holding HQ, one Actor batch for the two units.
    await apply("turn1.entry", { updates: 2, deletions: 0 }, 1);
    expectWorld({ icorps: { cards: { cart: null } }, gta: { cards: { cbar: null } }, w2: { noMove: false }, w3: { noMove: false } });
    expectCards();
    // Every card of the turn in the order posted, and what became of it. The air battle's records
    // (line-up, superiority, sorties, hand-over) change no document, so they stay pending; the
    // Orders and Resupply entries are information cards with no Apply.
    expect([...cards.keys()].map((n) => `${n}: ${stateOf(n)}`)).toEqual([
      "allocation.nato: applied",
      "allocation.wp: applied",
      "lineUp: pending",
      "airCombat: applied",
      "superiority: pending",
      "sorties.nato: pending",
      "sorties.wp: pending",
      "return: applied",
      "handOver: pending",
      "deepStrike: applied",
      "repair.nato: applied",
      "repair.wp: applied",
      "capacity: applied",
      "airbaseRepair.wp: applied",
      "orders.info: info",
      "orders.nato: applied",
      "orders.wp: applied",
      "rearArea: applied",
      "combatA: applied",
      "combatB: reverted",
      "combatB.release: info",
      "combatB.again: applied",
      "movement.entry: applied",
      "resupply.info: info",
      "resupply.nato: applied",
      "recovery.nato: applied",
      "recovery.wp: applied",
      "turn1.entry: applied",
    ]);
    expect(warnings()).toEqual([
      `NOBC.Chat.Refused.badSplit ${said(phrase("NOBC.Rules.Land.CombatHits.Refusal.splitTotal", { count: 5, total: 3 }))}`,
      "NOBC.Chat.Refused.notPending",
      expect.stringContaining("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked"),
    ]);
  });

  it("no card was written by a player's client: the GM authored every message, the players' steps reached it as requests", () => {
    expect(messages().filter((m) => m.author?.isGM !== true)).toEqual([]);
    const resolutions = messages().filter((m) => m.type === "resolution");
    expect(resolutions.filter((m) => m.system["requestedBy"] !== null).map((m) => m.system["requestedBy"])).toEqual(
      requests.map((r) => r.split(" ")[0]),
    );
    expect(requests).toEqual(REQUESTS);
  });

  it("every card of the turn is headed by its outcome, the procedure's name above it as a kicker (issue #21, 3)", () => {
    const views = sheetsFake.rendered
      .filter((r) => r.path.endsWith("chat/resolution-card.hbs"))
      .map((r) => r.data as { title: string; kicker: string | null });
    expect(views.length).toBeGreaterThan(20);
    // A card posted with no outcome in words would have its procedure as the title and no kicker.
    expect(views.filter((v) => v.kicker === null || v.title === "" || v.title === v.kicker)).toEqual([]);
  });
});
