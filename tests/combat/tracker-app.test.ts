/**
 * The tracker class (src/combat/tracker-app.ts) over a stand-in of Foundry's v13 CombatTracker:
 * the parts it renders, the context each part gets, the buttons, and the one countdown timer.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { defineTurnTracker, type TrackerBaseClass } from "../../src/combat/tracker-app";
import { registerTurnTracking } from "../../src/combat/register";
import { FOOTER_PART, HQS_PART, READY_PART, TIMETABLE_PART, TURN_PART, TURN_TEMPLATES } from "../../src/combat/tracker";
import { clearStageRegistry, registerStageAction } from "../../src/combat/registry";
import { clearMissionActions, registerMissionAction } from "../../src/combat/mission-actions";
import { registerSettings } from "../../src/base/settings";
import { turn } from "../../src/rules/index";
import { combatFake, FakeCombatDoc } from "./combat-fake";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";

type Raw = Record<string, unknown>;

/**
 * TEST STAND-IN for Foundry's v13 CombatTracker, written from its public API docs: the three parts
 * (header, tracker, footer), `_configureRenderParts` returning a copy of the class's PARTS,
 * `_preparePartContext` passing the context through (marked with the part id), `viewed`, `element`,
 * and `parts`: a fresh element for each configured part on every render, as a re-render replaces them
 * (`querySelectorAll` finds what a test puts in `partContent`).
 */
class FakeCombatTracker {
  static PARTS: Record<string, { template: string; scrollable?: string[] }> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };
  static DEFAULT_OPTIONS = { actions: { activateCombatant: () => undefined } };
  viewed: FakeCombatDoc | null = null;
  element: unknown = null;
  rendersDone = 0;
  closed = 0;
  _configureRenderParts(_options: object) {
    return structuredClone((this.constructor as typeof FakeCombatTracker).PARTS);
  }
  async _preparePartContext(partId: string, context: Raw, _options: object): Promise<Raw> {
    return { ...context, foundryPart: partId };
  }
  parts: Record<string, { hidden: boolean; querySelectorAll(selector: string): unknown[] }> = {};
  /** What a part's `querySelectorAll` finds, as a test sets it (a real render fills each part from its template). */
  partContent: Record<string, unknown[]> = {};
  async _onRender(_context: object, _options: object): Promise<void> {
    const part = (id: string) => ({ hidden: false, querySelectorAll: () => this.partContent[id] ?? [] });
    this.parts = Object.fromEntries(Object.keys(this._configureRenderParts({})).map((id) => [id, part(id)]));
    this.rendersDone++;
  }
  _onClose(_options: object): void {
    this.closed++;
  }
}

const Tracker = defineTurnTracker(FakeCombatTracker as unknown as TrackerBaseClass);
/** The built class's instance (`InstanceType` gives `any`: the base's constructor takes `never[]`), with the stand-in's writable fields. */
type Instance = Omit<typeof Tracker.prototype, "viewed" | "element" | "parts"> & {
  viewed: FakeCombatDoc | null;
  element: unknown;
  parts: Record<string, { hidden: boolean }>;
  partContent: Record<string, unknown[]>;
  rendersDone: number;
  closed: number;
};
type Action = (this: unknown, event: Event, target: HTMLElement) => unknown;
const actions = (Tracker as unknown as { DEFAULT_OPTIONS: { actions: Record<string, Action> } }).DEFAULT_OPTIONS.actions;

let corps: FakeActorT;
let army: FakeActorT;
let app: Instance;
let turnCombat: FakeCombatDoc;

async function renderParts(tracker: Instance): Promise<Record<string, Raw>> {
  const parts = tracker._configureRenderParts({});
  const out: Record<string, Raw> = {};
  for (const id of Object.keys(parts)) out[id] = await tracker._preparePartContext(id, { shared: true }, {});
  return out;
}

function button(data: Record<string, string> = {}): HTMLElement & { disabled: boolean } {
  return { dataset: data, disabled: false } as unknown as HTMLElement & { disabled: boolean };
}

beforeEach(async () => {
  harness.reset();
  chatFake.reset();
  combatFake.reset();
  clearStageRegistry();
  registerSettings();
  corps = new harness.Actor({
    name: "V (US) Corps",
    type: "hq",
    system: { side: "nato", level: { value: 3, max: 4 }, radius: 4, initiative: true },
  });
  corps.addItem({ name: "Engineers", type: "supportCard", system: { assignedTo: null } });
  army = new harness.Actor({
    name: "8th Guards Army",
    type: "hq",
    system: { side: "wp", level: { value: 4, max: 5 }, radius: 5, initiative: false },
  });
  harness.game["actors"] = [corps, army];
  turnCombat = new FakeCombatDoc({ type: "nobcTurn", system: { turn: 2, stage: turn.stageIndex("groundCombat") } });
  await turnCombat.createEmbeddedDocuments("Combatant", [{ actorId: corps.id }, { actorId: army.id }]);
  combatFake.combats.push(turnCombat);
  app = new Tracker() as unknown as Instance;
  app.viewed = turnCombat;
});
afterEach(() => {
  clearStageRegistry();
  vi.useRealTimers();
});

describe("the tracker class's parts", () => {
  it("adds the turn part after Foundry's header and keeps Foundry's actions with ours", () => {
    expect(Object.keys(Tracker.PARTS)).toEqual([
      "header",
      TURN_PART,
      READY_PART,
      "tracker",
      HQS_PART,
      TIMETABLE_PART,
      "footer",
      FOOTER_PART,
    ]);
    for (const [id, part] of Object.entries(FakeCombatTracker.PARTS)) expect(Tracker.PARTS[id]).toEqual(part);
    expect(Object.keys(actions).sort()).toEqual([
      "nobcAddHqs",
      "nobcMarkReady",
      "nobcMissionAction",
      "nobcNextStage",
      "nobcOpenControlQueue",
      "nobcOpenHq",
      "nobcOpenJournal",
      "nobcPreviousStage",
      "nobcStageAction",
      "nobcStartClock",
      "nobcStartTurn",
      "nobcStopClock",
    ]);
  });

  it("for the turn: our panel, the HQs by side and the GM's controls in parts of our own; Foundry's keep their templates", async () => {
    const parts = app._configureRenderParts({});
    // Every part renders in every mode (a render replaces parts where they stand); the mode hides some.
    expect(Object.keys(parts)).toEqual(["header", TURN_PART, READY_PART, "tracker", HQS_PART, TIMETABLE_PART, "footer", FOOTER_PART]);
    await app._onRender({}, {});
    const hidden = (tracker: Instance) => Object.keys(tracker.parts).filter((id) => tracker.parts[id]!.hidden);
    expect(hidden(app)).toEqual(["tracker", "footer"]);
    expect(parts[HQS_PART]!.template).toBe(TURN_TEMPLATES.hqs);
    expect(parts[FOOTER_PART]!.template).toBe(TURN_TEMPLATES.footer);
    for (const [id, part] of Object.entries(parts)) if (id in FakeCombatTracker.PARTS) expect(part).toEqual(FakeCombatTracker.PARTS[id]);
    const ctx = await renderParts(app);
    expect(ctx["header"]).toEqual({ shared: true, foundryPart: "header" }); // Foundry's own header, untouched
    expect(ctx[TURN_PART]!["nobc"]).toMatchObject({
      panel: { turn: 2, firstMover: "nato", initiativeNames: "V (US) Corps", currentKey: "NOBC.Turn.Stage.groundCombat" },
    });
    expect(ctx[HQS_PART]).toMatchObject({ shared: true, foundryPart: HQS_PART });
    expect(ctx[HQS_PART]!["nobc"]).toMatchObject({
      addable: 0,
      groups: [
        { side: "nato", hqs: [{ name: "V (US) Corps", levelText: "3 / 4", radius: 4, cards: 1, initiative: true }] },
        { side: "wp", hqs: [{ name: "8th Guards Army", levelText: "4 / 5", radius: 5, cards: 0, initiative: false }] },
      ],
    });
    expect(ctx[FOOTER_PART]!["nobc"]).toMatchObject({ isGM: true, canGoBack: true });
  });

  it("keeps a war's fold as the user left it across re-renders while the turn stays in that war", async () => {
    const panelWars = async () => {
      const ctx = await renderParts(app);
      return (ctx[TURN_PART]!["nobc"] as { panel: { wars: { war: string; open: boolean }[] } }).panel.wars.map((w) => [w.war, w.open]);
    };
    expect(await panelWars()).toEqual([
      ["air", false],
      ["land", true],
    ]);
    // The rendered Air War fold, as the template draws it; the user opens it.
    let onToggle: (() => void) | undefined;
    const airFold = {
      dataset: { war: "air" },
      open: false,
      addEventListener: (type: string, fn: () => void) => {
        if (type === "toggle") onToggle = fn;
      },
    };
    app.partContent[TURN_PART] = [airFold];
    await app._onRender({}, {});
    airFold.open = true;
    onToggle!();
    // An update of the Combat re-renders the panel: the Air War stays open, in Ground Combat and on into Movement.
    expect(await panelWars()).toEqual([
      ["air", true],
      ["land", true],
    ]);
    turnCombat.system["stage"] = turn.stageIndex("movement");
    expect(await panelWars()).toEqual([
      ["air", true],
      ["land", true],
    ]);
    // The next turn's Air War starts from the default again.
    turnCombat.system["turn"] = 3;
    turnCombat.system["stage"] = 0;
    expect(await panelWars()).toEqual([
      ["air", true],
      ["land", false],
    ]);
  });

  it("counts the HQs not yet in the turn for the GM's Add button", async () => {
    const late = new harness.Actor({ name: "III (GE) Corps", type: "hq", system: { side: "nato" } });
    harness.game["actors"] = [corps, army, late];
    expect((await renderParts(app))[HQS_PART]!["nobc"]).toMatchObject({ addable: 1 });
  });

  it("renders another combat as Foundry does, with the GM's start button only while no turn tracker exists", async () => {
    const other = new FakeCombatDoc({ type: "base" });
    app.viewed = other;
    expect(app._configureRenderParts({})).toEqual(Tracker.PARTS);
    await app._onRender({}, {});
    expect(Object.keys(app.parts).filter((id) => app.parts[id]!.hidden)).toEqual([READY_PART, HQS_PART, TIMETABLE_PART, FOOTER_PART]);
    let ctx = await renderParts(app);
    expect(ctx[TURN_PART]!["nobc"]).toEqual({});
    expect(ctx["tracker"]).toEqual({ shared: true, foundryPart: "tracker" });
    expect(ctx["footer"]).toEqual({ shared: true, foundryPart: "footer" });
    combatFake.combats.length = 0;
    ctx = await renderParts(app);
    expect(ctx[TURN_PART]!["nobc"]).toEqual({ start: true });
    app.viewed = null;
    expect((await renderParts(app))[TURN_PART]!["nobc"]).toEqual({ start: true });
    harness.game["user"] = { id: "p1", isGM: false };
    expect((await renderParts(app))[TURN_PART]!["nobc"]).toEqual({});
  });
});

describe("the tracker's buttons", () => {
  it("Next with someone not ready asks Control first (./readiness.test.ts has who it names); staying writes nothing", async () => {
    const apps = (globalThis as unknown as { foundry: { applications: Raw } }).foundry.applications;
    const saved = apps["api"];
    const confirm = vi.fn(async () => false);
    apps["api"] = { ...(saved as Raw | undefined), DialogV2: { confirm } };
    try {
      turnCombat.system["ready"] = ["nato"];
      const next = button();
      await actions["nobcNextStage"]!.call(app, new Event("click"), next);
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(turnCombat.updates).toEqual([]);
      expect(next.disabled).toBe(false);
    } finally {
      apps["api"] = saved;
    }
  });

  it("the readiness part shows each team and HQ for the stage, with the GM's clock controls", async () => {
    turnCombat.system["ready"] = ["wp"];
    const ready = (await renderParts(app))[READY_PART]!["nobc"] as Raw;
    expect(ready).toMatchObject({ asks: true, allDone: false, isGM: true, clockRunning: false, overridden: [] });
    expect((ready["sides"] as Raw[]).map((s) => [s["side"], s["done"]])).toEqual([
      ["nato", false],
      ["wp", true],
    ]);
  });

  it("Next stage and Previous stage each make one Combat update, and disable the clicked button", async () => {
    // Both teams ready: Next asks nothing (tests/combat/readiness.test.ts has Control's confirm), and clears the marks.
    turnCombat.system["ready"] = ["nato", "wp"];
    const next = button();
    await actions["nobcNextStage"]!.call(app, new Event("click"), next);
    expect(next.disabled).toBe(true);
    expect(turnCombat.updates).toEqual([
      {
        system: {
          turn: 2,
          stage: turn.stageIndex("groundCombat") + 1,
          planningEndsAt: null,
          reached: 2 * turn.STAGES.length + turn.stageIndex("groundCombat") + 1,
          // Entering Movement starts with its first group (src/world/movement-groups.ts).
          movementSlot: 0,
          ready: [],
        },
      },
    ]);
    await actions["nobcPreviousStage"]!.call(app, new Event("click"), button());
    expect(turnCombat.updates).toHaveLength(2);
    expect(turnCombat.system).toMatchObject({ stage: turn.stageIndex("groundCombat") });
  });

  it("a stage button runs its registered action; a player's click on a GM-only one does nothing", async () => {
    const ran: string[] = [];
    registerStageAction({
      id: "combat.plan",
      stage: "groundCombat",
      label: "L",
      icon: "i",
      gmOnly: false,
      run: async () => ran.push("plan"),
    });
    registerStageAction({
      id: "combat.umpire",
      stage: "groundCombat",
      label: "L",
      icon: "i",
      gmOnly: true,
      run: async () => ran.push("umpire"),
    });
    await actions["nobcStageAction"]!.call(app, new Event("click"), button({ nobcStageAction: "combat.umpire" }));
    harness.game["user"] = { id: "p1", isGM: false };
    await actions["nobcStageAction"]!.call(app, new Event("click"), button({ nobcStageAction: "combat.plan" }));
    await actions["nobcStageAction"]!.call(app, new Event("click"), button({ nobcStageAction: "combat.umpire" }));
    expect(ran).toEqual(["umpire", "plan"]);
  });

  it("Start makes the turn tracker; Add HQs adds the late ones; the HQ name opens its sheet", async () => {
    combatFake.combats.length = 0;
    await actions["nobcStartTurn"]!.call(app, new Event("click"), button());
    expect(FakeCombatDoc.created).toEqual([{ type: "nobcTurn", active: true }]);
    const late = new harness.Actor({ name: "III (GE) Corps", type: "hq", system: { side: "nato" } });
    harness.game["actors"] = [corps, army, late];
    await actions["nobcAddHqs"]!.call(app, new Event("click"), button());
    expect(turnCombat.embedCalls.at(-1)).toEqual({ name: "Combatant", rows: [{ actorId: late.id }] });
    const renders: unknown[] = [];
    (corps as unknown as Raw)["sheet"] = { render: (force: boolean) => renders.push(force) };
    await actions["nobcOpenHq"]!.call(app, new Event("click"), button({ uuid: corps.uuid }));
    await actions["nobcOpenHq"]!.call(app, new Event("click"), button());
    expect(renders).toEqual([true]);
  });

  it("turns the clicked button back on when the move is refused", async () => {
    app.viewed = new FakeCombatDoc({ type: "nobcTurn", system: { turn: 0, stage: 0 } });
    const previous = button();
    expect(await actions["nobcPreviousStage"]!.call(app, new Event("click"), previous)).toEqual({
      ok: false,
      reason: "NOBC.Turn.Refused.gameStart",
    });
    expect(previous.disabled).toBe(false);
  });

  it("does nothing when no combat is viewed", async () => {
    app.viewed = null;
    for (const name of ["nobcNextStage", "nobcPreviousStage", "nobcAddHqs"])
      expect(await actions[name]!.call(app, new Event("click"), button())).toBeUndefined();
  });
});

describe("the Planning countdown", () => {
  /** The countdown element and a tracker element that holds it (no DOM in these tests). */
  function countdownElement(endsAt: number | null) {
    const classes = new Set<string>();
    const el = {
      dataset: endsAt === null ? {} : { endsAt: String(endsAt) },
      textContent: "",
      classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)) },
    };
    return { el, classes, root: { querySelector: () => el } };
  }

  it("ticks each second with one timer, replaced on re-render and cleared on close", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const { el, root } = countdownElement(3_000);
    app.element = root;
    await app._onRender({}, {});
    await app._onRender({}, {});
    expect(app.rendersDone).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(el.textContent).toBe('NOBC.Turn.TimeLeft {"time":"00:02"}');
    app._onClose({});
    expect(app.closed).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("says the time is up at the end and stops ticking", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const { el, classes, root } = countdownElement(2_000);
    app.element = root;
    await app._onRender({}, {});
    vi.advanceTimersByTime(2_000);
    expect(el.textContent).toBe("NOBC.Turn.TimeUp");
    expect(classes.has("over")).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("starts no timer without a countdown on show", async () => {
    vi.useFakeTimers();
    app.element = countdownElement(null).root;
    await app._onRender({}, {});
    app.element = { querySelector: () => null };
    await app._onRender({}, {});
    app.element = null;
    await app._onRender({}, {});
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("registerTurnTracking", () => {
  it("sets CONFIG.ui.combat to the tracker built on Foundry's CombatTracker", () => {
    const f = (globalThis as unknown as { foundry: { applications: Raw } }).foundry;
    const cfg = CONFIG as unknown as { ui?: Raw };
    const saved = { sidebar: f.applications["sidebar"], ui: cfg.ui };
    f.applications["sidebar"] = { tabs: { CombatTracker: FakeCombatTracker } };
    cfg.ui = {};
    try {
      registerTurnTracking();
      const cls = cfg.ui["combat"] as typeof FakeCombatTracker;
      expect(Object.getPrototypeOf(cls)).toBe(FakeCombatTracker);
      expect(Object.keys(cls.PARTS)).toContain(TURN_PART);
    } finally {
      f.applications["sidebar"] = saved.sidebar;
      cfg.ui = saved.ui;
    }
  });
});

describe("the HQ rows follow the HQs (not only the Combat)", () => {
  it("an HQ's level, radius or cards redraw its rows; an unrelated change, another actor or another combat redraws nothing", async () => {
    registerTurnTracking();
    const render = vi.fn();
    const shown = Object.assign(app, { render });
    const g = globalThis as unknown as { ui: Record<string, unknown> };
    const saved = g.ui["combat"];
    g.ui["combat"] = shown;
    try {
      await corps.update({ "system.level.value": 2 });
      expect(render).toHaveBeenLastCalledWith({ parts: [HQS_PART] });
      await army.update({ "system.radius": 3 });
      expect(render).toHaveBeenCalledTimes(2);
      // Initiative also decides who moves first: the panel and the footer are drawn again too.
      await corps.update({ "system.initiative": false });
      expect(render).toHaveBeenLastCalledWith({ parts: [HQS_PART, TURN_PART, FOOTER_PART] });
      const [card] = (await harness.Item.createDocuments([{ name: "Bridging", type: "supportCard", system: {} }], { parent: corps })) as {
        id: string;
      }[];
      expect(render).toHaveBeenCalledTimes(4);
      await harness.Item.deleteDocuments([card!.id], { parent: corps });
      expect(render).toHaveBeenCalledTimes(5);
      render.mockClear();
      // What the rows do not show, an actor that is no HQ, an HQ outside the turn, the tracker on another combat: no redraw.
      await corps.update({ "system.notes": "<p>Hold the Fulda gap.</p>" });
      const unit = new harness.Actor({ name: "11 ACR", type: "unit", system: { side: "nato", strength: { value: 4, max: 6 } } });
      await unit.update({ "system.supply": 1 });
      const spare = new harness.Actor({ name: "VII Corps", type: "hq", system: { side: "nato", level: { value: 3, max: 4 }, radius: 4 } });
      await spare.update({ "system.radius": 2 });
      app.viewed = new FakeCombatDoc({ type: "base" });
      await army.update({ "system.radius": 2 });
      expect(render).not.toHaveBeenCalled();
    } finally {
      g.ui["combat"] = saved;
    }
  });
});

describe("a Team Yankee mission viewed", () => {
  it("shows the mission panel in the turn part, hides Foundry's list and ours, and runs a GM's mission button", async () => {
    const ran: string[] = [];
    registerMissionAction({
      id: "missions.turn",
      label: "NOBC.Mission.Turn.Title",
      icon: "fa-solid fa-forward-step",
      run: async () => ran.push("turn"),
    });
    const mission = new FakeCombatDoc({
      type: "nobcMission",
      system: {
        mission: "annihilation",
        attackerFaction: "nato",
        firstPlayer: "attacker",
        timeOfDay: "daylight",
        light: "daylight",
        measure: "inches",
        turn: 1,
        player: "attacker",
        journal: "",
        attackerForce: { name: "A", reserves: 0, delayCounters: 0, unitsLost: 0, points: -1 },
        defenderForce: { name: "D", reserves: 0, delayCounters: 0, unitsLost: 0, points: -1 },
        ended: false,
        winner: "",
        revision: 0,
      },
    });
    app.viewed = mission;
    const parts = await renderParts(app);
    const view = (parts[TURN_PART]!["nobc"] as { mission: { missionKey: string; limits: string[]; actions: { id: string }[] } }).mission;
    expect(view.missionKey).toBe("NOBC.Mission.Name.annihilation");
    expect(view.limits).toHaveLength(3);
    expect(view.actions.map((a) => a.id)).toEqual(["missions.turn"]);
    expect(parts[HQS_PART]!["nobc"]).toBeUndefined();
    await app._onRender({}, {});
    expect(
      Object.entries(app.parts)
        .filter(([, p]) => p.hidden)
        .map(([id]) => id)
        .sort(),
    ).toEqual(["footer", FOOTER_PART, HQS_PART, READY_PART, TIMETABLE_PART, "tracker"].sort());
    await actions["nobcMissionAction"]!.call(app, new Event("click"), button({ nobcMissionAction: "missions.turn" }));
    expect(ran).toEqual(["turn"]);
    clearMissionActions();
  });

  it("offers the Briefing only to a user who may read the journal (OBSERVER)", async () => {
    const journals = globalThis as unknown as { JournalEntry: { createDocuments(rows: Raw[], op: Raw): Promise<{ uuid: string }[]> } };
    const [open] = await journals.JournalEntry.createDocuments([{ name: "Briefing", ownership: { default: 2 } }], {});
    const [closed] = await journals.JournalEntry.createDocuments([{ name: "Notes" }], {});
    const system = (journal: string) => ({
      mission: "annihilation",
      attackerFaction: "nato",
      firstPlayer: "attacker",
      timeOfDay: "daylight",
      light: "daylight",
      measure: "inches",
      turn: 1,
      player: "attacker",
      journal,
      attackerForce: { name: "A", reserves: 0, delayCounters: 0, unitsLost: 0, points: -1 },
      defenderForce: { name: "D", reserves: 0, delayCounters: 0, unitsLost: 0, points: -1 },
      ended: false,
      winner: "",
      revision: 0,
    });
    const journalShown = async (uuid: string) => {
      app.viewed = new FakeCombatDoc({ type: "nobcMission", system: system(uuid) });
      const parts = await renderParts(app);
      return (parts[TURN_PART]!["nobc"] as { mission: { journal: string } }).mission.journal;
    };
    expect(await journalShown(closed!.uuid)).toBe(closed!.uuid);
    harness.playAsPlayer();
    expect(await journalShown(open!.uuid)).toBe(open!.uuid);
    expect(await journalShown(closed!.uuid)).toBe("");
    expect(await journalShown("JournalEntry.gone")).toBe("");
  });
});

describe("the tracker under double-blind (issue #30, item 3)", () => {
  const lang = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as Lang;
  const env = createHandlebars(lang);
  const html = (name: string, nobc: unknown) =>
    env.hbs.compile(readFileSync(resolve(__dirname, `../../templates/combat/${name}`), "utf8"))({ nobc });
  const asPlayer = (id: string) => (harness.game["user"] = { id, isGM: false });

  beforeEach(() => {
    harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
    harness.settingsStore.set("nobc.teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
    turnCombat.system["ready"] = ["wp"];
  });

  it("a player's tracker lists their side's HQs, the enemy's as a count; readiness shows their side only", async () => {
    asPlayer("p2");
    const ctx = await renderParts(app);
    const hqs = ctx[HQS_PART]!["nobc"] as Raw;
    expect(hqs["groups"]).toMatchObject([{ side: "wp", hqs: [{ name: "8th Guards Army" }] }]);
    expect(hqs["hidden"]).toEqual([{ side: "nato", labelKey: "NOBC.Turn.Side.nato", count: 1 }]);
    // Who moves first is the turn's; which NATO corps hold the initiative is NATO's.
    expect(ctx[TURN_PART]!["nobc"]).toMatchObject({ panel: { firstMover: "nato", initiativeNames: "" } });
    const ready = ctx[READY_PART]!["nobc"] as Raw;
    expect((ready["sides"] as Raw[]).map((s) => s["side"])).toEqual(["wp"]);
    expect(ready).toMatchObject({ allDone: true, doneCount: 1, hqCount: 1 });
    const shown = [html("hqs.hbs", hqs), html("readiness.hbs", ready), html("turn.hbs", ctx[TURN_PART]!["nobc"])].join("\n");
    expect(shown).toContain("8th Guards Army");
    expect(shown).toContain("1 HQs in the turn (not shown under double-blind)");
    for (const secret of ["V (US) Corps", corps.uuid, corps.id]) expect(shown).not.toContain(secret);
    // Control's queue count stays the GM's.
    expect(ctx[FOOTER_PART]!["nobc"]).not.toHaveProperty("controlQueue");

    asPlayer("p1");
    const nato = await renderParts(app);
    expect((nato[HQS_PART]!["nobc"] as Raw)["groups"]).toMatchObject([{ side: "nato", hqs: [{ name: "V (US) Corps" }] }]);
    expect((nato[HQS_PART]!["nobc"] as Raw)["hidden"]).toEqual([{ side: "wp", labelKey: "NOBC.Turn.Side.wp", count: 1 }]);
    expect(nato[TURN_PART]!["nobc"]).toMatchObject({ panel: { initiativeNames: "V (US) Corps" } });
    expect(nato[READY_PART]!["nobc"]).toMatchObject({ allDone: false, doneCount: 0, hqCount: 1, sides: [{ side: "nato" }] });
  });

  it("a GM sees every side; at an open table a player does too, as before", async () => {
    const gm = await renderParts(app);
    expect(((gm[HQS_PART]!["nobc"] as Raw)["groups"] as Raw[]).map((g) => g["side"])).toEqual(["nato", "wp"]);
    expect((gm[HQS_PART]!["nobc"] as Raw)["hidden"]).toEqual([]);
    asPlayer("p2");
    harness.settingsStore.set("nobc.hiddenInformation", "open");
    const open = await renderParts(app);
    expect(((open[HQS_PART]!["nobc"] as Raw)["groups"] as Raw[]).map((g) => g["side"])).toEqual(["nato", "wp"]);
    expect(open[TURN_PART]!["nobc"]).toMatchObject({ panel: { initiativeNames: "V (US) Corps" } });
    expect(((open[READY_PART]!["nobc"] as Raw)["sides"] as Raw[]).map((s) => s["side"])).toEqual(["nato", "wp"]);
  });

  it("who Control went on without names only the player's side's HQs and team", async () => {
    turnCombat.system["overridden"] = ["nato", army.uuid, corps.uuid];
    asPlayer("p2");
    const ready = (await renderParts(app))[READY_PART]!["nobc"] as Raw;
    expect(ready["overridden"]).toEqual([{ labelKey: null, name: "8th Guards Army" }]);
  });
});
