/**
 * A Team Yankee mission scripted through the tracker, from set-up to victory points (seed 002), with
 * Foundry's dice scripted: every card is posted and applied through the one write path, and each
 * state of the `nobcMission` Combat and its panel is asserted; Undo puts the tracker and the
 * briefing journal back exactly. Inputs the rules refuse are refused with the field named.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { registerSettings } from "../../src/base/settings";
import { registerTurnTracking } from "../../src/combat/register";
import { openDialogById, clearDialogRegistry } from "../../src/apps/base/registry";
import { MISSION_DIALOGS } from "../../src/apps/missions/dialogs";
import { registerMissions } from "../../src/apps/missions/register";
import { clearMissionActions } from "../../src/combat/mission-actions";
import { missionPanelContext } from "../../src/combat/mission-panel";
import { requestCardAction } from "../../src/queries/register";
import type { NobcDialog } from "../../src/apps/base/dialog";
import { missions } from "../../src/rules/index";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { CONFIG: Raw; game: Raw };

/** Faces Foundry's random source gives, in order; a die the test did not script fails the test. */
const faces: number[] = [];
function dice(...next: number[]): void {
  faces.push(...next);
}

beforeEach(() => {
  harness.reset();
  registerSettings();
  sheetsFake.reset();
  chatFake.reset();
  registerTurnTracking();
  registerRequests(MISSION_DIALOGS);
  clearMissionActions();
  registerMissions();
  faces.length = 0;
  g.CONFIG["Dice"] = {
    randomUniform: () => {
      const face = faces.shift();
      if (face === undefined) throw new Error("a die was rolled that the test did not script");
      return (face - 0.5) / 6;
    },
  };
});

afterEach(() => {
  delete g.CONFIG["Dice"];
  delete g.game["combats"];
  clearDialogRegistry();
  clearMissionActions();
  expect(faces).toEqual([]);
});

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const combat = () => (g.game["combats"] as { uuid: string; system: missions.MissionTrack }[])[0]!;
const track = () => combat().system;
const panel = () => missionPanelContext(track(), true, () => true);
/** The world journal entry a UUID names (the stand-in's), or null. */
const journalAt = (uuid: string) =>
  (
    globalThis as unknown as { foundry: { utils: { fromUuidSync(u: string): { name: string; pages: Raw[] } | null } } }
  ).foundry.utils.fromUuidSync(uuid);

async function open(id: string, args: object = {}): Promise<NobcDialog> {
  const dialog = await openDialogById(id, args);
  expect(dialog).not.toBeNull();
  return dialog!;
}

/** Opens a procedure, sets its form, submits it: the card posted and applied (its message). */
async function run(id: string, values: Raw = {}): Promise<{ id: string; system: Raw }> {
  const dialog = await open(id);
  if (Object.keys(values).length > 0) await dialog.change(values);
  const message = (await dialog.resolve()) as { id: string; system: Raw } | null;
  expect(message, `${id}: ${warnings().join(" | ")}`).not.toBeNull();
  expect(message!.system["state"]).toBe("applied");
  return message!;
}

const force = (name: string, reserves = 0, extra: Partial<missions.MissionForceTrack> = {}) => ({
  name,
  reserves,
  delayCounters: 0,
  unitsLost: 0,
  points: -1,
  ...extra,
});

describe("a Team Yankee mission on the tracker, set-up to victory points", () => {
  it("runs Breakthrough from battle plans to a defender's major victory, each state asserted", async () => {
    // Set-up: NATO plans Manoeuvre, the Warsaw Pact Attack: the Warsaw Pact attacks (seed 002 Battle Plans);
    // mission die 1 → Breakthrough; its time of day table (1 Dawn, 2-4 Daylight, 5-6 Dusk): 5 → Dusk.
    const setup = await open("missions.setup");
    await setup.change({ method: "battlePlans", natoPlan: "manoeuvre", wpPlan: "attack", natoName: "Team Bravo", wpName: "2nd MRB" });
    dice(1, 5);
    const card = (await setup.resolve()) as { id: string; system: Raw };
    expect(card.system["state"]).toBe("applied");
    expect(track()).toEqual({
      mission: "breakthrough",
      attackerFaction: "wp",
      firstPlayer: "attacker",
      timeOfDay: "dusk",
      light: "daylight",
      measure: "inches",
      turn: 0,
      player: "attacker",
      journal: track().journal,
      attackerForce: force("2nd MRB"),
      defenderForce: force("Team Bravo"),
      ended: false,
      winner: "",
      revision: 1,
    });
    // The briefing journal was created by the write path, with its four pages.
    const journal = harness.JournalEntry.calls.find((c) => c.method === "createDocuments")!;
    expect(journal).toBeDefined();
    const entry = journalAt(track().journal);
    expect(entry!.name).toBe('NOBC.Mission.Journal.Name {"mission":"NOBC.Mission.Name.breakthrough"}');
    expect(entry!.pages.map((p) => p["name"])).toEqual([
      "NOBC.Mission.Journal.SetUpPage",
      "NOBC.Mission.Journal.DeploymentPage",
      "NOBC.Mission.Journal.ObjectivesPage",
      "NOBC.Mission.Journal.SpecialPage",
    ]);
    expect(panel().actions.map((a) => a.id)).toEqual(["missions.setup", "missions.reserveList", "missions.turn"]);

    // Reserves lists (Breakthrough: the defender's immediate, the attacker's delayed).
    // 65 of 100 points on the table: refused, with the number.
    const list = await open("missions.reserveList");
    await list.change({ side: "defender", agreedPoints: "100", "units.0.name": "1st Pl", "units.0.points": "40" });
    await list.act("addRow", {} as HTMLElement);
    await list.act("addRow", {} as HTMLElement);
    await list.change({
      "units.0.name": "1st Pl",
      "units.1.name": "2nd Pl",
      "units.1.points": "25",
      "units.2.name": "3rd Pl",
      "units.2.points": "35",
      "units.2.inReserve": "on",
    });
    expect(await list.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Rules.Missions.Reserves.Refusal.tooManyOnTable");
    expect(warnings().at(-1)).toMatch(/count\W+65\W/);
    expect(warnings().at(-1)).toMatch(/limit\W+60\W/);
    await list.change({
      "units.0.name": "1st Pl",
      "units.1.name": "2nd Pl",
      "units.1.inReserve": "on",
      "units.2.name": "3rd Pl",
      "units.2.inReserve": "on",
    });
    const listed = (await list.resolve()) as { system: Raw };
    expect(listed.system["state"]).toBe("applied");
    await run("missions.reserveList", {
      side: "attacker",
      agreedPoints: "100",
      "units.0.name": "T-72 Coy",
      "units.0.points": "30",
      "units.0.inReserve": "on",
    });
    expect(track().defenderForce).toEqual(force("Team Bravo", 2));
    expect(track().attackerForce).toEqual(force("2nd MRB", 1));

    // Turn 1, attacker: nothing due (delayed reserves roll from turn 3; the first dusk check is the defender's turn 3).
    await run("missions.turn");
    expect([track().turn, track().player]).toEqual([1, "attacker"]);
    expect(panel().due).toEqual([]);
    expect(panel().limits).toEqual([]); // not a meeting engagement
    expect(panel().actions.map((a) => a.id)).not.toContain("missions.reserves");

    // Turn 1, defender: immediate reserves, 1 die; a 5 brings one unit.
    await run("missions.turn");
    expect([track().turn, track().player]).toEqual([1, "defender"]);
    expect(panel().due).toEqual(["NOBC.Mission.Due.reserves"]);
    dice(5);
    await run("missions.reserves");
    expect(track().defenderForce.reserves).toBe(1);

    // Turn 2: attacker nothing; defender 2 dice, 2 and 3: none arrive (fewer than three dice), nothing written.
    await run("missions.turn");
    expect(panel().due).toEqual([]);
    await run("missions.turn");
    dice(2, 3);
    const none = await run("missions.reserves");
    expect((none.system["effects"] as unknown[]).length).toBe(0);
    expect(track().defenderForce.reserves).toBe(1);

    // Turn 3, attacker: delayed reserves roll 1 die: a 6.
    await run("missions.turn");
    expect(panel().due).toEqual(["NOBC.Mission.Due.reserves"]);
    dice(6);
    await run("missions.reserves");
    expect(track().attackerForce.reserves).toBe(0);

    // Turn 3, defender: the first dusk check (1 die: 5, night falls) and reserves (3 dice, all fail: one comes anyway).
    await run("missions.turn");
    expect(panel().due).toEqual(["NOBC.Mission.Due.light", "NOBC.Mission.Due.reserves"]);
    dice(5);
    await run("missions.light");
    expect(track().light).toBe("darkness");
    expect(panel().due).toEqual(["NOBC.Mission.Due.reserves"]);
    dice(1, 2, 4);
    await run("missions.reserves");
    expect(track().defenderForce.reserves).toBe(0);

    // Night: a unit's line of sight, die 3 → 12 inches (the Night Visibility Table); nothing written.
    dice(3);
    const night = await run("missions.night", { unit: "1st Pl" });
    expect(night.system["effects"]).toEqual([]);
    expect(panel().actions.map((a) => a.id)).toContain("missions.night");

    // The objective: the defender's infantry 3" from it at the start of its turn; at the end only a bailed-out
    // enemy tank (which does not count) and an enemy infantry team 5" away (beyond 4"): held. Nothing written.
    expect(panel().actions.map((a) => a.id)).toContain("missions.objective");
    const objective = await open("missions.objective");
    await objective.act("addRow", {} as HTMLElement);
    await objective.change({
      objective: "Hof crossroads",
      "teams.0.name": "2nd Pl",
      "teams.0.side": "own",
      "teams.0.kind": "infantry",
      "teams.0.distance": "3",
      "teams.1.name": "T-72",
      "teams.1.side": "enemy",
      "teams.1.kind": "tank",
      "teams.1.bailedOut": "on",
      "teams.1.distance": "2",
      "teams.2.name": "BMP Pl",
      "teams.2.side": "enemy",
      "teams.2.kind": "infantry",
      "teams.2.distance": "5",
    });
    const held = (await objective.resolve()) as { system: Raw };
    expect(held.system["state"]).toBe("applied");
    expect(held.system["effects"]).toEqual([]);
    const heldCard = JSON.stringify(sheetsFake.rendered.filter((r) => r.path.endsWith("chat/resolution-card.hbs")).at(-1)!.data);
    expect(heldCard).toContain("NOBC.Mission.Objective.OutcomeHeld");
    expect(heldCard).toContain("NOBC.Rules.Missions.Objectives.OwnInRange");
    // A distance that is no distance is refused, naming the team; nothing is posted.
    const bad = await open("missions.objective");
    await bad.change({ objective: "Hof crossroads", "teams.0.name": "2nd Pl", "teams.0.distance": "-1" });
    expect(await bad.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("2nd Pl");
    await bad.close();

    // The end: the defender held; the defender lost 2 units: a major victory, 7 points to 2.
    const before = structuredClone(track());
    const end = await run("missions.victory", { winner: "defender", attackerLost: "3", defenderLost: "2" });
    expect(track()).toEqual({
      ...before,
      attackerForce: { ...before.attackerForce, unitsLost: 3, points: 2 },
      defenderForce: { ...before.defenderForce, unitsLost: 2, points: 7 },
      ended: true,
      winner: "defender",
      revision: before.revision + 1,
    });
    expect(panel().winnerKey).toBe("NOBC.Mission.Winner.defender");
    expect(panel().forces.map((f) => f.points)).toEqual(["2", "7"]);
    expect(panel().actions).toEqual([]);

    // Undo the end: the tracker is exactly as before it.
    expect(await requestCardAction("undo", end.id)).toEqual({ ok: true });
    expect(track()).toEqual(before);
  });

  it("undoing the set-up puts the tracker back and deletes the briefing journal", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "rearguard", attacker: "nato", time: "dusk", measure: "cm" });
    const card = (await setup.resolve()) as { id: string };
    const uuid = track().journal;
    expect(uuid).toMatch(/^JournalEntry\./);
    expect(track().mission).toBe("rearguard");
    expect(track().timeOfDay).toBe("dusk");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(track().mission).toBe("");
    expect(track().journal).toBe("");
    expect(journalAt(uuid)).toBeNull();
    expect(harness.JournalEntry.calls.map((c) => c.method)).toEqual(["createDocuments", "deleteDocuments"]);
  });

  it("Undo is refused after a hand edit of the tracker, or while a later card wrote the same values", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "rearguard", attacker: "nato", time: "daylight" });
    await setup.resolve();
    const first = await run("missions.turn");
    const second = await run("missions.turn");
    expect(await requestCardAction("undo", first.id)).toMatchObject({ ok: false, reason: "NOBC.CardAuth.Refused.laterCard" });
    await (combat() as unknown as { update(d: Raw): Promise<unknown> }).update({ "system.player": "attacker" });
    // The refusal names the tracker by its mission (a v13 Combat has no name of its own).
    expect(await requestCardAction("undo", second.id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.changedSince",
      details: ['NOBC.Mission.TrackerNamed {"mission":"NOBC.Mission.Name.rearguard"}'],
    });
    expect([track().turn, track().player]).toEqual([1, "attacker"]);
  });

  it("makes the tracker without a name (v13's Combat has none), and the stand-in drops one given", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "rearguard", attacker: "nato", time: "daylight" });
    await setup.resolve();
    const created = harness.Combat.calls.find((c) => c.method === "create")!;
    expect(created.data).toEqual({ type: "nobcMission", active: true });
    const other = (await harness.Combat.create({ type: "base", name: "Named" })) as unknown as { name: string; toObject(): Raw };
    expect(other.name).toBe("");
    await expect((combat() as unknown as { update(d: Raw): Promise<unknown> }).update({ name: "Renamed" })).rejects.toThrow(
      /no field name/,
    );
  });

  it("creates the briefing so every player may read it (OBSERVER), and the panel offers it to those who can", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "rearguard", attacker: "nato", time: "daylight" });
    await setup.resolve();
    const created = harness.JournalEntry.calls.find((c) => c.method === "createDocuments")!;
    expect((created.data as Raw[])[0]!["ownership"]).toEqual({ default: 2 });
    const entry = journalAt(track().journal) as unknown as { ownership: Raw; testUserPermission(u: unknown, l: string): boolean };
    expect(entry.ownership).toEqual({ default: 2 });
    const player = harness.playAsPlayer();
    expect(entry.testUserPermission(player, "OBSERVER")).toBe(true);
    expect(entry.testUserPermission(player, "OWNER")).toBe(false);
    expect(missionPanelContext(track(), false, () => true).journal).toBe(track().journal);
    expect(missionPanelContext(track(), false, () => false).journal).toBe("");
  });

  it("Undo of the set-up is refused, naming the briefing, once the journal was edited since", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "rearguard", attacker: "nato", time: "daylight" });
    const card = (await setup.resolve()) as { id: string };
    const uuid = track().journal;
    const entry = journalAt(uuid) as unknown as { name: string; pages: { text: { content: string } }[] };
    const name = entry.name;
    // A page's text edited by hand: refused, the journal kept, the tracker unchanged.
    const text = entry.pages[1]!.text.content;
    entry.pages[1]!.text.content = `${text}<p>Umpire's note</p>`;
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.changedSince", details: [name] });
    expect(journalAt(uuid)).not.toBeNull();
    expect(track().mission).toBe("rearguard");
    // Put back as written, then renamed: refused, naming it by its new name.
    entry.pages[1]!.text.content = text;
    await (entry as unknown as { update(d: Raw): Promise<unknown> }).update({ name: "Our briefing" });
    expect(await requestCardAction("undo", card.id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.changedSince",
      details: ["Our briefing"],
    });
    // As written again: Undo deletes it.
    await (entry as unknown as { update(d: Raw): Promise<unknown> }).update({ name });
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(journalAt(uuid)).toBeNull();
  });

  it("strategic withdrawal (Rearguard): a delay counter each turn until units and counters reach six", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "rearguard", attacker: "nato", time: "daylight" });
    await setup.resolve();
    for (let i = 0; i < 4; i++) await run("missions.turn"); // turn 1 attacker, defender; turn 2 attacker, defender
    expect([track().turn, track().player]).toEqual([2, "defender"]);
    expect(panel().due).toEqual(["NOBC.Mission.Due.withdrawal"]);
    await run("missions.withdrawal", { units: "4" });
    expect(track().defenderForce.delayCounters).toBe(1);
    await run("missions.turn");
    await run("missions.turn");
    await run("missions.withdrawal", { units: "5" });
    expect(track().defenderForce.delayCounters).toBe(0);
  });

  it("a meeting engagement's first-turn limits hold in the first player's first turn only", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "annihilation", attacker: "wp", time: "daylight" });
    dice(2, 6); // who has the first turn: attacker 2, defender 6
    await setup.resolve();
    expect(track().firstPlayer).toBe("defender");
    await run("missions.turn");
    expect([track().turn, track().player]).toEqual([1, "defender"]);
    expect(panel().limits).toEqual([
      "NOBC.Mission.Limit.noStrikeAircraft",
      "NOBC.Mission.Limit.teamsCountAsMoved",
      "NOBC.Mission.Limit.noBombardments",
    ]);
    await run("missions.turn");
    expect(panel().limits).toEqual([]);
  });

  it("scattered reserves come on where the viewed scene's own table of arrival points says", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "choose", mission: "encounter", attacker: "nato", time: "daylight" });
    dice(5, 2); // who has the first turn (a meeting engagement): attacker 5, defender 2
    await setup.resolve();
    expect(panel().actions.map((a) => a.id)).toContain("missions.arrivals");
    const arrivals = await open("missions.arrivals");
    await arrivals.change({ face4: "corner:enemyLeft" });
    await arrivals.resolve();
    const flag = harness.Scene.calls.at(-1)!.data;
    expect(JSON.stringify(flag)).toContain("enemyLeft");
    await run("missions.reserveList", {
      side: "attacker",
      agreedPoints: "100",
      "units.0.name": "M1 Pl",
      "units.0.points": "20",
      "units.0.inReserve": "on",
    });
    for (let i = 0; i < 5; i++) await run("missions.turn");
    expect([track().turn, track().player]).toEqual([3, "attacker"]);
    dice(5, 4); // one reserve die (delayed, turn 3): 5 arrives; its scatter die: 4
    await run("missions.reserves");
    const shown = sheetsFake.rendered.filter((r) => r.path.endsWith("chat/resolution-card.hbs")).at(-1)!.data;
    expect(JSON.stringify(shown)).toContain("NOBC.Rules.Missions.TableCorner.enemyLeft");
    expect(track().attackerForce.reserves).toBe(0);
  });

  it.each([
    [
      "set-up-the-mission-breakthrough-at-hof",
      { method: "choose", mission: "breakthrough", attacker: "wp", natoName: "Team Bravo, 3rd Armored Cavalry" },
    ],
    ["roll-mission-and-time-of-day", { method: "random", time: "roll" }],
    ["roll-time-of-day-for-a-mission", { method: "choose", time: "roll" }],
  ])("the pack's macro %s opens the set-up filled in (its arguments checked)", async (file, expected) => {
    const macro = JSON.parse(readFileSync(`packs/_source/macros/${file}.json`, "utf8")) as { command: string };
    const args = JSON.parse(
      /openDialog\("missions\.setup", (\{[\s\S]*?\})\);/
        .exec(macro.command)![1]!
        .replace(/(\w+):/g, '"$1":')
        .replace(/,\s*\}$/, "}"),
    ) as Raw;
    const dialog = await open("missions.setup", args);
    expect(dialog.dialogState).toMatchObject(expected);
  });

  it("the Roll Mission and Time of Day macro's set-up rolls both through the GM's card and sets the tracker", async () => {
    const setup = await open("missions.setup", { method: "random", time: "roll" });
    dice(3, 4, 2, 6, 5, 1); // random mission 3; who attacks, 4 against 2 (NATO); its time of day 6; first turn, 5 against 1
    const card = await setup.resolve();
    expect(harness.notices).toEqual([]);
    expect(card).not.toBeNull();
    expect(track().mission).toBe(missions.randomMission(3));
    expect(track().timeOfDay).toBe(missions.timeOfDay(missions.randomMission(3), 6));
    const shown = JSON.stringify(sheetsFake.rendered.filter((r) => r.path.endsWith("chat/resolution-card.hbs")).at(-1)!.data);
    expect(shown).toContain("NOBC.Mission.Setup.RandomMissionDie");
  });

  it("refuses inputs with the field named, and posts nothing", async () => {
    const setup = await open("missions.setup");
    await setup.change({ method: "random", attacker: "infantry", natoInfantry: "-1", wpInfantry: "2", time: "dusk" });
    expect(await setup.resolve()).toBeNull();
    const said = warnings().at(-1)!;
    expect(said).toMatch(/field\W+natoInfantry\W/);
    expect(said).toContain("NOBC.Mission.Setup.Refusal.timeNotChosen");
    expect(chatFake.messages.size).toBe(0);
    // A macro's bad argument is refused, naming the field; nothing opens.
    expect(await openDialogById("missions.setup", { mission: "atlantis" })).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Mission.Refused.badArguments");
    expect(warnings().at(-1)).toMatch(/field\W+mission\W/);
    // No mission yet: the tracker's procedures do not open.
    expect(await openDialogById("missions.turn")).toBeNull();

    await setup.change({ natoInfantry: "3", wpInfantry: "2", time: "daylight" });
    dice(4, 3, 5); // random mission 4 → Encounter; NATO has more infantry formations, so defends; first turn roll-off 3, 5
    await setup.resolve();
    expect(track().mission).toBe("encounter");
    expect(track().attackerFaction).toBe("wp");
    expect(track().firstPlayer).toBe("defender");
    await run("missions.turn");
    const victory = await open("missions.victory");
    await victory.change({ winner: "attacker", attackerLost: "-1", defenderLost: "1.5" });
    expect(await victory.resolve()).toBeNull();
    // Each refusal names its field in words (the attacker's or the defender's losses).
    expect(warnings().at(-1)).toMatch(/side\W+NOBC\.Rules\.Missions\.MissionSide\.attacker\W+value\W+-1\W/);
    expect(warnings().at(-1)).toMatch(/side\W+NOBC\.Rules\.Missions\.MissionSide\.defender\W+value\W+1\.5\W/);
    const minefield = await open("missions.minefield");
    await minefield.change({ unit: "T-72 Coy", skill: "7", "teams.0.name": "T-72", "teams.0.kind": "tank", "teams.0.rating": "2" });
    expect(await minefield.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("unit.skill");
  });
});
