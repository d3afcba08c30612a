/** The tracker's pure decisions and its three templates, rendered with real Handlebars. */
import "../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, lookupKey, type Lang } from "../harness/handlebars-helpers";
import {
  foldScope,
  hqListContext,
  panelPartContext,
  rememberFold,
  withFolds,
  runnableAction,
  trackerMode,
  turnPanelContext,
  hiddenParts,
  TURN_PART,
  TURN_TEMPLATES,
  withTurnPart,
  HQS_PART,
  READY_PART,
  FOOTER_PART,
  TIMETABLE_PART,
} from "../../src/combat/tracker";
import { countdownLabel, countdownView, DEFAULT_PLANNING_MINUTES, planningLength } from "../../src/combat/countdown";
import { clearStageRegistry, registerStageAction, type StageAction } from "../../src/combat/registry";
import { turn } from "../../src/rules/index";
import { unitSymbolSvg } from "../../src/symbols/unit-symbol";
import { hqFixture, hqRow } from "./fixtures";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const source = (name: string) => readFileSync(resolve(repo, `templates/combat/${name}`), "utf8");
const GROUND = turn.stageIndex("groundCombat");
const PLANNING = turn.stageIndex("planning");

function action(id: string, stage: turn.StageId, gmOnly: boolean, runs: string[] = []): StageAction {
  return { id, stage, label: "NOBC.Turn.Stage.groundCombat", icon: "fa-solid fa-crosshairs", gmOnly, run: async () => runs.push(id) };
}

beforeEach(() => {
  clearStageRegistry();
  registerStageAction(action("combat.plan", "groundCombat", false));
  registerStageAction(action("combat.umpire", "groundCombat", true));
  registerStageAction(action("resupply.offer", "resupply", true));
});
afterEach(() => clearStageRegistry());

describe("trackerMode and the parts", () => {
  it("shows the turn for a nobcTurn combat, the GM's start button when none exists, else Foundry's tracker", () => {
    expect(trackerMode("nobcTurn", true, false)).toBe("turn");
    expect(trackerMode("nobcTurn", true, true)).toBe("turn");
    expect(trackerMode(null, false, true)).toBe("start");
    expect(trackerMode("base", false, true)).toBe("start");
    expect(trackerMode("base", true, true)).toBe("default");
    expect(trackerMode(null, false, false)).toBe("default");
  });

  const foundryParts = { header: { template: "h.hbs" }, tracker: { template: "t.hbs", scrollable: [""] }, footer: { template: "f.hbs" } };

  it("adds our parts next to Foundry's (panel after its header, HQs after its list, controls after its footer), Foundry's untouched", () => {
    const parts = withTurnPart(foundryParts);
    expect(Object.keys(parts)).toEqual(["header", TURN_PART, READY_PART, "tracker", HQS_PART, TIMETABLE_PART, "footer", FOOTER_PART]);
    expect(parts[TIMETABLE_PART]).toEqual({ template: TURN_TEMPLATES.timetable });
    expect(parts[TURN_PART]).toEqual({ template: TURN_TEMPLATES.panel });
    expect(parts[HQS_PART]).toEqual({ template: TURN_TEMPLATES.hqs, scrollable: [""] });
    expect(parts[FOOTER_PART]).toEqual({ template: TURN_TEMPLATES.footer });
    for (const [id, part] of Object.entries(foundryParts)) expect(parts[id]).toEqual(part);
    expect(Object.keys(withTurnPart({ tracker: { template: "t.hbs" } }))).toEqual([
      "tracker",
      HQS_PART,
      TIMETABLE_PART,
      TURN_PART,
      READY_PART,
      FOOTER_PART,
    ]);
  });

  it("for the turn hides Foundry's list and controls and shows ours; otherwise hides ours", () => {
    expect(hiddenParts("turn")).toEqual(["tracker", "footer"]);
    for (const mode of ["start", "default"] as const)
      expect(hiddenParts(mode)).toEqual([HQS_PART, FOOTER_PART, READY_PART, TIMETABLE_PART]);
  });

  it("our list and controls keep the classes Foundry's tracker code looks for on its own list and controls", () => {
    const root = (file: string) => /<\w+ class="([^"]*)"/.exec(readFileSync(file, "utf8"))?.[1]?.split(" ") ?? [];
    expect(root("templates/combat/hqs.hbs")).toContain("combat-tracker");
    expect(root("templates/combat/footer.hbs")).toContain("combat-controls");
  });

  it("gives our part the panel, the start button or nothing", () => {
    const panel = turnPanelContext({ turn: 1, stage: 0, planningEndsAt: null }, [], true, 0)!;
    expect(panelPartContext("turn", panel)).toEqual({ panel });
    expect(panelPartContext("turn", null)).toEqual({});
    expect(panelPartContext("start", null)).toEqual({ start: true });
    expect(panelPartContext("default", panel)).toEqual({});
  });
});

describe("turnPanelContext", () => {
  it("marks the stages done, current and upcoming, and flags turn 0", () => {
    const view = turnPanelContext({ turn: 0, stage: 15, planningEndsAt: null }, [], true, 0)!;
    expect(view.turnZero).toBe(true);
    const stages = view.wars.flatMap((w) => w.stages);
    expect(stages).toHaveLength(18);
    expect(stages.filter((s) => s.current).map((s) => s.key)).toEqual(["NOBC.Turn.Stage.movement"]);
    expect(view.currentKey).toBe("NOBC.Turn.Stage.movement");
    expect(stages.map((s) => s.state)).toEqual([...Array<string>(15).fill("done"), "current", "upcoming", "upcoming"]);
    expect(stages[0]).toEqual({
      key: "NOBC.Turn.Stage.airAllocation",
      number: 1,
      state: "done",
      stateKey: "NOBC.Turn.Track.State.done",
      current: false,
    });
    expect(stages[15]).toMatchObject({ number: 5, state: "current", stateKey: "NOBC.Turn.Track.State.current" });
    expect(stages[17]).toMatchObject({ number: 7, state: "upcoming", stateKey: "NOBC.Turn.Track.State.upcoming" });
    expect(turnPanelContext({ turn: 3, stage: 15, planningEndsAt: null }, [], true, 0)!.turnZero).toBe(false);
  });

  it("folds the Air War during the Land War and the Land War during the Air War", () => {
    const land = turnPanelContext({ turn: 2, stage: GROUND, planningEndsAt: null }, [], true, 0)!;
    expect(land.wars.map((w) => [w.war, w.nameKey, w.state, w.open, w.stages.length])).toEqual([
      ["air", "NOBC.Turn.War.air", "done", false, 11],
      ["land", "NOBC.Turn.War.land", "current", true, 7],
    ]);
    const air = turnPanelContext({ turn: 2, stage: turn.stageIndex("airCombat"), planningEndsAt: null }, [], true, 0)!;
    expect(air.wars.map((w) => [w.war, w.state, w.stateKey, w.open])).toEqual([
      ["air", "current", "NOBC.Turn.Track.State.current", true],
      ["land", "upcoming", "NOBC.Turn.Track.State.upcoming", false],
    ]);
    expect(air.wars[1]!.stages.every((s) => s.state === "upcoming")).toBe(true);
    // Exactly one war is open and holds the current stage, at every stage.
    for (let stage = 0; stage < turn.STAGES.length; stage++) {
      const wars = turnPanelContext({ turn: 1, stage, planningEndsAt: null }, [], true, 0)!.wars;
      expect(
        wars.filter((w) => w.open).map((w) => w.war),
        `stage ${stage}`,
      ).toEqual([turn.STAGES[stage]!.war]);
      expect(
        wars.find((w) => w.open)!.stages.some((s) => s.current),
        `stage ${stage}`,
      ).toBe(true);
    }
  });

  it("keeps the folds a user opened or closed while the turn stays in the same war of the same turn", () => {
    const at = (t: number, stage: turn.StageId) =>
      turnPanelContext({ turn: t, stage: turn.stageIndex(stage), planningEndsAt: null }, [], true, 0)!;
    const ground = at(2, "groundCombat");
    expect(foldScope(ground)).toBe("2:land");
    const opened = rememberFold(null, foldScope(ground), "air", true);
    expect(opened).toEqual({ scope: "2:land", open: { air: true } });
    const open = (p: ReturnType<typeof at>) => p.wars.map((w) => [w.war, w.open]);
    // Later in the same Land War: the Air War stays open as the user left it.
    expect(open(withFolds(at(2, "movement"), opened))).toEqual([
      ["air", true],
      ["land", true],
    ]);
    // The user then closes the Land War too; both choices are kept.
    const both = rememberFold(opened, "2:land", "land", false);
    expect(open(withFolds(at(2, "resupply"), both))).toEqual([
      ["air", true],
      ["land", false],
    ]);
    // The next turn's Air War, or another turn's Land War, starts from the default again.
    expect(open(withFolds(at(3, "airAllocation"), both))).toEqual([
      ["air", true],
      ["land", false],
    ]);
    expect(open(withFolds(at(3, "orders"), both))).toEqual([
      ["air", false],
      ["land", true],
    ]);
    expect(open(withFolds(ground, null))).toEqual([
      ["air", false],
      ["land", true],
    ]);
    // A fold of another scope is forgotten; an unknown war changes nothing.
    expect(rememberFold(both, "3:air", "land", true)).toEqual({ scope: "3:air", open: { land: true } });
    expect(rememberFold(both, "2:land", "sea", true)).toBe(both);
    expect(rememberFold(both, "2:land", undefined, true)).toBe(both);
  });

  it("names the stages Next and Previous lead to, across the turn's end, and none before the game's start", () => {
    const ground = turnPanelContext({ turn: 2, stage: GROUND, planningEndsAt: null }, [], true, 0)!;
    expect(ground).toMatchObject({
      nextKey: "NOBC.Turn.Track.NextTo",
      nextStageKey: "NOBC.Turn.Stage.movement",
      backKey: "NOBC.Turn.Track.BackTo",
      backStageKey: "NOBC.Turn.Stage.rearArea",
    });
    const planning = turnPanelContext({ turn: 2, stage: PLANNING, planningEndsAt: null }, [], true, 0)!;
    expect(planning.nextStageKey).toBe("NOBC.Turn.Stage.airAllocation");
    const nextTurn = turnPanelContext({ turn: 3, stage: 0, planningEndsAt: null }, [], true, 0)!;
    expect(nextTurn.backStageKey).toBe("NOBC.Turn.Stage.planning");
    const gameStart = turnPanelContext({ turn: 0, stage: 0, planningEndsAt: null }, [], true, 0)!;
    expect(gameStart).toMatchObject({ backKey: "NOBC.Turn.Previous", backStageKey: null, canGoBack: false });
  });

  it("names who moves first: the Warsaw Pact, or NATO with the corps holding the initiative", () => {
    const wp = turnPanelContext({ turn: 2, stage: 3, planningEndsAt: null }, hqFixture(false), false, 0)!;
    expect(wp).toMatchObject({ firstMover: "wp", firstMoverKey: "NOBC.Turn.FirstMover.wp", initiativeNames: "" });
    const nato = turnPanelContext(
      { turn: 2, stage: 3, planningEndsAt: null },
      [...hqFixture(true), hqRow("III (GE) Corps", "nato", { initiative: true })],
      false,
      0,
    )!;
    expect(nato).toMatchObject({
      firstMover: "nato",
      firstMoverKey: "NOBC.Turn.FirstMover.nato",
      initiativeNames: "V (US) Corps, III (GE) Corps",
    });
    // A WP HQ flagged with the initiative does not make NATO move first.
    const odd = turnPanelContext(
      { turn: 2, stage: 3, planningEndsAt: null },
      [hqRow("8th Guards Army", "wp", { initiative: true })],
      false,
      0,
    )!;
    expect(odd.firstMover).toBe("wp");
  });

  it("lists the current stage's buttons: all for the GM, none GM-only for a player, none in other stages", () => {
    const gm = turnPanelContext({ turn: 1, stage: GROUND, planningEndsAt: null }, [], true, 0)!;
    expect(gm.actions).toEqual([
      { id: "combat.plan", label: "NOBC.Turn.Stage.groundCombat", icon: "fa-solid fa-crosshairs" },
      { id: "combat.umpire", label: "NOBC.Turn.Stage.groundCombat", icon: "fa-solid fa-crosshairs" },
    ]);
    const player = turnPanelContext({ turn: 1, stage: GROUND, planningEndsAt: null }, [], false, 0)!;
    expect(player.actions.map((a) => a.id)).toEqual(["combat.plan"]);
    expect(turnPanelContext({ turn: 1, stage: 0, planningEndsAt: null }, [], true, 0)!.actions).toEqual([]);
    expect(turnPanelContext({ turn: 1, stage: turn.stageIndex("resupply"), planningEndsAt: null }, [], false, 0)!.actions).toEqual([]);
  });

  it("shows the Planning countdown to everyone, from the stored end and the clock", () => {
    const view = turnPanelContext({ turn: 1, stage: PLANNING, planningEndsAt: 900_000 }, [], false, 0)!;
    expect(view.countdown).toEqual({
      endsAt: 900_000,
      text: "15:00",
      over: false,
      leftKey: "NOBC.Turn.TimeLeft",
      upKey: "NOBC.Turn.TimeUp",
      named: false,
    });
    expect(turnPanelContext({ turn: 1, stage: PLANNING, planningEndsAt: 900_000 }, [], false, 901_000)!.countdown).toMatchObject({
      text: "00:00",
      over: true,
    });
    expect(turnPanelContext({ turn: 1, stage: 2, planningEndsAt: null }, [], false, 0)!.countdown).toBeNull();
  });

  it("offers Previous stage except at the very start of the game", () => {
    expect(turnPanelContext({ turn: 0, stage: 0, planningEndsAt: null }, [], true, 0)!.canGoBack).toBe(false);
    expect(turnPanelContext({ turn: 0, stage: 1, planningEndsAt: null }, [], true, 0)!.canGoBack).toBe(true);
    expect(turnPanelContext({ turn: 1, stage: 0, planningEndsAt: null }, [], true, 0)!.canGoBack).toBe(true);
  });

  it("is null for a stored state out of range", () => {
    expect(turnPanelContext({ turn: 0, stage: 18, planningEndsAt: null }, [], true, 0)).toBeNull();
    expect(turnPanelContext({ turn: -1, stage: 0, planningEndsAt: null }, [], true, 0)).toBeNull();
  });
});

describe("hqListContext", () => {
  it("groups the HQs by side, NATO first, each side by name, with level, radius, cards and initiative", () => {
    const view = hqListContext(hqFixture(true), 2, true);
    expect(view.groups.map((g) => [g.side, g.labelKey, g.hqs.map((h) => h.name)])).toEqual([
      ["nato", "NOBC.Turn.Side.nato", ["I (BR) Corps", "V (US) Corps"]],
      ["wp", "NOBC.Turn.Side.wp", ["1st Guards Tank Army", "8th Guards Army"]],
    ]);
    expect(view.groups[0]!.hqs[1]).toEqual({
      combatantId: "c-vuscorps",
      uuid: "Actor.vuscorps",
      name: "V (US) Corps",
      symbolSvg: unitSymbolSvg("nato", "hq", "corps"),
      levelText: "3 / 4",
      radius: 4,
      cards: 3,
      initiative: true,
    });
    // Each HQ shows its own symbol: its side's frame and its echelon's mark (a front here).
    expect(view.groups[1]!.hqs[0]!.symbolSvg).toBe(unitSymbolSvg("wp", "hq", "front"));
    expect(view.groups[1]!.hqs[1]!.symbolSvg).toBe(unitSymbolSvg("wp", "hq", "army"));
    expect(view.groups[1]!.hqs[0]!.symbolSvg).not.toBe(view.groups[0]!.hqs[0]!.symbolSvg);
    expect(view).toMatchObject({ addable: 2, isGM: true });
  });

  it("leaves out a side with no HQ, and hides the Add button from players", () => {
    const view = hqListContext([hqRow("8th Guards Army", "wp")], 3, false);
    expect(view.groups.map((g) => g.side)).toEqual(["wp"]);
    expect(view.addable).toBe(0);
    expect(hqListContext([], 0, true).groups).toEqual([]);
  });

  it("property: every HQ appears once, under its own side", () => {
    const row = fc.record({ name: fc.string({ minLength: 1, maxLength: 8 }), side: fc.constantFrom("nato" as const, "wp" as const) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        const hqs = rows.map((r, i) => hqRow(`${r.name}${i}`, r.side, { combatantId: `c${i}` }));
        const view = hqListContext(hqs, 0, true);
        const listed = view.groups.flatMap((g) => g.hqs.map((h) => `${g.side}:${h.combatantId}`)).sort();
        expect(listed).toEqual(hqs.map((h) => `${h.side}:${h.combatantId}`).sort());
      }),
    );
  });
});

describe("runnableAction", () => {
  it("finds a stage button's action; a player never gets a GM-only one", () => {
    expect(runnableAction("combat.plan", false)?.id).toBe("combat.plan");
    expect(runnableAction("combat.umpire", true)?.id).toBe("combat.umpire");
    expect(runnableAction("combat.umpire", false)).toBeUndefined();
    expect(runnableAction("nothing", true)).toBeUndefined();
    expect(runnableAction(undefined, true)).toBeUndefined();
  });
});

describe("countdown", () => {
  it("writes the time left as mm:ss, rounded up to the second, and 00:00 once over", () => {
    expect(countdownView(900_000, 0)).toEqual({ endsAt: 900_000, text: "15:00", over: false });
    expect(countdownView(900_000, 899_001)).toMatchObject({ text: "00:01", over: false });
    expect(countdownView(900_000, 900_000)).toMatchObject({ text: "00:00", over: true });
    expect(countdownView(900_000, 1_000_000)).toMatchObject({ text: "00:00", over: true });
    expect(countdownView(125 * 60_000, 0).text).toBe("125:00");
    expect(countdownView(61_500, 0).text).toBe("01:02");
  });

  it("says the time left, or that the time is up", () => {
    const i18n = { localize: (k: string) => `L:${k}`, format: (k: string, d: Record<string, string>) => `F:${k}:${d["time"]}` };
    expect(countdownLabel(countdownView(60_000, 0), i18n)).toBe("F:NOBC.Turn.TimeLeft:01:00");
    expect(countdownLabel(countdownView(0, 0), i18n)).toBe("L:NOBC.Turn.TimeUp");
  });

  it("reads the setting as whole minutes of 1 or more, else the default of 15", () => {
    expect(DEFAULT_PLANNING_MINUTES).toBe(15);
    expect(planningLength(20)).toBe(20);
    expect(planningLength(1)).toBe(1);
    for (const bad of [0, -5, 2.5, Number.NaN, "10", null, undefined]) expect(planningLength(bad)).toBe(15);
  });
});

describe("templates (real Handlebars)", () => {
  const env = createHandlebars(lang);
  const render = (name: string, nobc: object) => env.hbs.compile(source(name))({ nobc });
  let midTurnGM = "";
  let planningPlayer = "";
  // After the outer beforeEach, so the stage buttons are registered.
  beforeEach(() => {
    midTurnGM = render(
      "turn.hbs",
      panelPartContext("turn", turnPanelContext({ turn: 2, stage: GROUND, planningEndsAt: null }, hqFixture(true), true, 0)),
    );
    planningPlayer = render(
      "turn.hbs",
      panelPartContext("turn", turnPanelContext({ turn: 0, stage: PLANNING, planningEndsAt: 90_000 }, hqFixture(false), false, 0)),
    );
  });

  it("lists all eighteen stages, the current one marked, the other war folded, each state said in words", () => {
    expect(midTurnGM.match(/<li /g)).toHaveLength(18);
    expect(midTurnGM.match(/aria-current="step"/g)).toHaveLength(1);
    expect(midTurnGM).toMatch(
      /<li class="nobc-turn-stage current" aria-current="step">\s*<span class="nobc-turn-mark" aria-hidden="true"><\/span>\s*<span class="nobc-turn-number">4<\/span>\s*<span class="nobc-turn-label">Ground combat<span class="nobc-visually-hidden"> \(now\)<\/span>/,
    );
    expect(midTurnGM.match(/class="nobc-turn-stage done"/g)).toHaveLength(14);
    expect(midTurnGM.match(/class="nobc-turn-stage upcoming"/g)).toHaveLength(3);
    expect(midTurnGM).toContain('Work out the air superiority level<span class="nobc-visually-hidden"> (done)</span>');
    expect(midTurnGM).toContain('Movement<span class="nobc-visually-hidden"> (to come)</span>');
    // The Air War is a closed fold; the Land War an open one.
    expect(midTurnGM).toMatch(
      /<details class="nobc-turn-war air done" data-war="air">\s*<summary class="nobc-turn-war-name">Air War <span class="nobc-turn-war-state">\(done\)<\/span><\/summary>/,
    );
    expect(midTurnGM).toMatch(
      /<details class="nobc-turn-war land current" data-war="land" open>\s*<summary class="nobc-turn-war-name">Land War/,
    );
    const air = render(
      "turn.hbs",
      panelPartContext("turn", turnPanelContext({ turn: 2, stage: 1, planningEndsAt: null }, hqFixture(true), true, 0)),
    );
    expect(air).toContain('<details class="nobc-turn-war air current" data-war="air" open>');
    expect(air).toMatch(
      /<details class="nobc-turn-war land upcoming" data-war="land">\s*<summary class="nobc-turn-war-name">Land War <span class="nobc-turn-war-state">\(to come\)/,
    );
  });

  it("shows the turn, turn 0's flag, who moves first with the corps, and the countdown", () => {
    expect(midTurnGM).toContain("Turn 2");
    expect(midTurnGM).not.toContain("nobc-turn-zero");
    expect(midTurnGM).toContain(lookupKey(lang, "NOBC.Turn.FirstMover.nato")!);
    expect(midTurnGM).toContain("Holding the initiative: V (US) Corps");
    expect(midTurnGM).not.toContain("data-nobc-countdown");
    expect(planningPlayer).toContain(lookupKey(lang, "NOBC.Turn.TurnZero")!);
    expect(planningPlayer).toContain(lookupKey(lang, "NOBC.Turn.FirstMover.wp")!);
    expect(planningPlayer).not.toContain("nobc-turn-corps");
    expect(planningPlayer).toContain(
      'data-nobc-countdown data-ends-at="90000" data-left-key="NOBC.Turn.TimeLeft" data-up-key="NOBC.Turn.TimeUp">Planning: 01:30 left',
    );
    const over = render(
      "turn.hbs",
      panelPartContext("turn", turnPanelContext({ turn: 1, stage: PLANNING, planningEndsAt: 0 }, [], false, 5)),
    );
    expect(over).toContain("nobc-turn-countdown over");
    expect(over).toContain("Planning: time is up");
  });

  it("shows the stage's buttons wired to their action ids", () => {
    expect(midTurnGM.match(/data-action="nobcStageAction"/g)).toHaveLength(2);
    expect(midTurnGM).toContain('data-nobc-stage-action="combat.umpire"');
    expect(planningPlayer).not.toContain("nobcStageAction");
  });

  it("shows only the start button in start mode, and an empty part otherwise", () => {
    const start = render("turn.hbs", panelPartContext("start", null));
    expect(start).toContain('data-action="nobcStartTurn"');
    expect(start).toContain("Start the NOBC turn track");
    expect(start).not.toContain("nobc-turn-stages");
    const empty = render("turn.hbs", panelPartContext("default", null));
    expect(empty.replace(/\s+/g, "")).toBe('<divclass="nobcnobc-turn-part"></div>');
  });

  it("lists the HQs by side with their numbers, and the GM's Add button", () => {
    const html = render("hqs.hbs", hqListContext(hqFixture(true), 2, true));
    expect(html.match(/class="nobc-turn-hq"/g)).toHaveLength(4);
    expect(html.indexOf("NATO")).toBeLessThan(html.indexOf("Warsaw Pact"));
    expect(html).toContain('data-combatant-id="c-vuscorps"');
    expect(html).toContain('data-action="nobcOpenHq" data-uuid="Actor.vuscorps"');
    expect(html.match(/nobc-turn-initiative/g)).toHaveLength(1);
    expect(html).toContain("<dd>2 / 4</dd>");
    expect(html.match(/<span class="nobc-turn-hq-symbol" aria-hidden="true"><svg /g)).toHaveLength(4);
    expect(html).not.toContain("<img");
    expect(html).toContain("Add new HQs (2)");
    const none = render("hqs.hbs", hqListContext([], 0, false));
    expect(none).toContain(lookupKey(lang, "NOBC.Turn.NoHqs")!);
    expect(none).not.toContain("nobcAddHqs");
  });

  it("gives the GM Back and Next in the footer, each naming its stage, Previous disabled at the game's start; nothing to players", () => {
    const gm = render("footer.hbs", turnPanelContext({ turn: 1, stage: GROUND, planningEndsAt: null }, [], true, 0)!);
    expect(gm).toMatch(/data-action="nobcNextStage"><i [^>]*><\/i> Next: Movement<\/button>/);
    expect(gm).toMatch(/data-action="nobcPreviousStage"><i [^>]*><\/i> Back: Rear-area attacks and demolitions<\/button>/);
    const start = render("footer.hbs", turnPanelContext({ turn: 0, stage: 0, planningEndsAt: null }, [], true, 0)!);
    expect(start).toMatch(/data-action="nobcPreviousStage" disabled><i [^>]*><\/i> Previous stage<\/button>/);
    expect(start).toContain("Next: Line up for air-to-air combat");
    const german = createHandlebars(JSON.parse(readFileSync(resolve(repo, "lang/de.json"), "utf8")) as Lang);
    const de = german.hbs.compile(source("footer.hbs"))({
      nobc: turnPanelContext({ turn: 1, stage: GROUND, planningEndsAt: null }, [], true, 0),
    });
    expect(de).toContain("Weiter: Bewegung");
    expect(de).toContain("Zurück: Angriffe im rückwärtigen Gebiet und Sprengungen");
    const player = render("footer.hbs", turnPanelContext({ turn: 1, stage: 3, planningEndsAt: null }, [], false, 0)!);
    expect(player).not.toContain("data-action");
  });

  it("shows every user who moves now and next in Movement, and names the GM's Next after the group it moves to", () => {
    const MOVE = turn.stageIndex("movement");
    const section = (over: boolean, now: string | null, next: string[], nextKey: string) => ({
      now,
      next,
      nextText: next.join("; "),
      over,
      none: false,
      nextKey,
    });
    const moving = section(
      false,
      "Airborne units: Warsaw Pact",
      ["NATO: V (US) Corps (initiative)", "NATO"],
      "NOBC.MovementTurn.Tracker.NextGroup",
    );
    const player = render(
      "turn.hbs",
      panelPartContext("turn", turnPanelContext({ turn: 1, stage: MOVE, planningEndsAt: null }, [], false, 0, moving)),
    );
    expect(player).toContain("Moving now: Airborne units: Warsaw Pact");
    expect(player).toContain("Then: NATO: V (US) Corps (initiative); NATO");
    const gm = render("footer.hbs", turnPanelContext({ turn: 1, stage: MOVE, planningEndsAt: null }, [], true, 0, moving)!);
    expect(gm).toContain("Next group");
    const last = section(false, "NATO", [], "NOBC.MovementTurn.Tracker.EndMovement");
    expect(render("footer.hbs", turnPanelContext({ turn: 1, stage: MOVE, planningEndsAt: null }, [], true, 0, last)!)).toContain(
      "End Movement",
    );
    const over = render(
      "turn.hbs",
      panelPartContext(
        "turn",
        turnPanelContext({ turn: 1, stage: MOVE, planningEndsAt: null }, [], true, 0, section(true, null, [], "NOBC.Turn.Track.NextTo")),
      ),
    );
    expect(over).toContain(lookupKey(lang, "NOBC.MovementTurn.Tracker.Over")!);
    const overFooter = render(
      "footer.hbs",
      turnPanelContext({ turn: 1, stage: MOVE, planningEndsAt: null }, [], true, 0, section(true, null, [], "NOBC.Turn.Track.NextTo"))!,
    );
    expect(overFooter).toContain("Next: Resupply and HQ recovery");
    // Outside Movement no section is shown and Next keeps its name, whatever was passed.
    const other = turnPanelContext({ turn: 1, stage: MOVE + 1, planningEndsAt: null }, [], true, 0, moving)!;
    expect([other.movement, other.nextKey, other.nextStageKey]).toEqual([null, "NOBC.Turn.Track.NextTo", "NOBC.Turn.Stage.planning"]);
    expect(render("turn.hbs", panelPartContext("turn", other))).not.toContain("nobc-turn-movement");
  });

  it("uses only lang keys that exist, including every stage and every refusal", () => {
    for (const s of turn.STAGES) expect(lookupKey(lang, `NOBC.Turn.Stage.${s.id}`), s.id).toBeDefined();
    const keys = [
      "Refused.notGM",
      "Refused.notActiveGM",
      "Refused.notTurn",
      "Refused.badState",
      "Refused.gameStart",
      "Refused.createNotGM",
      "Refused.exists",
      "Refused.notCreated",
      "EntryTitle",
      "EntryOutcome.other",
      "EntryFailed.other",
      "NoNewHqs",
      "TimeLeft",
      "TimeUp",
      "Field.Turn",
      "Field.Stage",
      "Field.PlanningEndsAt",
    ];
    for (const key of keys) expect(lookupKey(lang, `NOBC.Turn.${key}`), key).toBeDefined();
    expect(lookupKey(lang, "TYPES.Combat.nobcTurn")).toBeDefined();
    expect(lookupKey(lang, "NOBC.Setting.planningMinutes.name")).toBeDefined();
    expect([...env.missing]).toEqual([]);
  });
});
