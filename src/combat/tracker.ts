/**
 * What the Combat sidebar shows for the NOBC turn, decided by pure functions: which template each
 * part of the tracker uses, the turn panel (turn, stages, who moves first, countdown, buttons) and
 * the HQs grouped by side. src/combat/tracker-app.ts is the thin Foundry shell around them.
 */
import { turn } from "../rules/index";
import type { Side } from "../rules/nobc/land/types";
import { templatePath } from "../view/paths";
import { stageActionById, stageActions, type StageAction } from "./registry";
import { stageClockView, type StageClockView } from "./stage-clock";
import type { HqRow } from "./snapshot";
import { TURN_COMBAT_TYPE, type TurnSystem } from "./turn-type";
import type { MovementPanelView } from "./movement-panel";
import { unitSymbolSvg } from "../symbols/unit-symbol";
import { MISSION_COMBAT_TYPE } from "../base/constants";
import { EVERYONE, showsSide, type TrackerAudience } from "./tracker-audience";

export const TURN_TEMPLATES = {
  panel: templatePath("combat/turn.hbs"),
  hqs: templatePath("combat/hqs.hbs"),
  footer: templatePath("combat/footer.hbs"),
  /** Who has acted in the stage, and Control's clock (./readiness-panel.ts). */
  ready: templatePath("combat/readiness.hbs"),
  /** Control's confirm of Next with someone not ready (./readiness-confirm.ts). */
  readyConfirm: templatePath("combat/ready-confirm.hbs"),
  timetable: templatePath("combat/timetable.hbs"),
} as const;

/** The id of the part the system adds to Foundry's tracker, between its header and its list. */
export const TURN_PART = "nobcTurn";
/** Our HQ list and GM controls: parts of their own, next to Foundry's `tracker` and `footer`. */
export const HQS_PART = "nobcHqs";
export const FOOTER_PART = "nobcFooter";
/** Who has acted (./readiness-panel.ts): a part of its own, right after the turn panel. */
export const READY_PART = "nobcReady";
/** The scenario's timetable, what comes next (./timetable-entry.ts): a part of its own, after the HQ list. */
export const TIMETABLE_PART = "nobcTimetable";

/**
 * What the tracker shows: the NOBC turn (the viewed combat is a turn tracker), Foundry's own
 * tracker with a GM's button to start the turn track (no turn tracker exists yet), or Foundry's
 * own tracker alone.
 */
export type TrackerMode = "turn" | "mission" | "start" | "default";

export function trackerMode(viewedType: string | null, turnCombatExists: boolean, isGM: boolean): TrackerMode {
  if (viewedType === TURN_COMBAT_TYPE) return "turn";
  // A Team Yankee mission's tracker (src/combat/mission-panel.ts) shows in the turn part.
  if (viewedType === MISSION_COMBAT_TYPE) return "mission";
  return isGM && !turnCombatExists ? "start" : "default";
}

/** A part of the tracker as HandlebarsApplicationMixin configures it. */
export interface PartConfig {
  readonly template: string;
  readonly [key: string]: unknown;
}

/**
 * Foundry's tracker parts, untouched, with ours added: the turn panel right after its header (the
 * combat switcher), the HQ list after its `tracker` and the GM's controls after its `footer`.
 */
export function withTurnPart(parts: Readonly<Record<string, PartConfig>>): Record<string, PartConfig> {
  const ours: Record<string, Record<string, PartConfig>> = {
    header: { [TURN_PART]: { template: TURN_TEMPLATES.panel }, [READY_PART]: { template: TURN_TEMPLATES.ready } },
    tracker: { [HQS_PART]: { template: TURN_TEMPLATES.hqs, scrollable: [""] }, [TIMETABLE_PART]: { template: TURN_TEMPLATES.timetable } },
    footer: { [FOOTER_PART]: { template: TURN_TEMPLATES.footer } },
  };
  const out: Record<string, PartConfig> = {};
  for (const [id, part] of Object.entries(parts)) Object.assign(out, { [id]: part }, ours[id]);
  for (const extra of Object.values(ours)) for (const [id, part] of Object.entries(extra)) out[id] ??= part;
  return out;
}

/**
 * The parts a mode hides. Every part is rendered in every mode, so the set of parts never changes
 * between renders (a render replaces each part where it stands, and Foundry's tracker code always
 * finds its own markup, with Foundry's templates). In turn mode Foundry's combatant list and round
 * controls are hidden (rounds and initiative mean nothing for the NOBC turn) and ours shown;
 * otherwise ours are hidden.
 */
export function hiddenParts(mode: TrackerMode): readonly string[] {
  if (mode === "mission") return ["tracker", "footer", HQS_PART, FOOTER_PART, READY_PART, TIMETABLE_PART];
  return mode === "turn" ? ["tracker", "footer"] : [HQS_PART, FOOTER_PART, READY_PART, TIMETABLE_PART];
}

/** Where a stage stands in this turn: before the current one, the current one, or after it. */
export type StageState = "done" | "current" | "upcoming";

export interface TurnStageView {
  readonly key: string;
  readonly number: number;
  readonly state: StageState;
  /** Lang key of the state, written out for screen readers (the mark beside the stage is hidden from them). */
  readonly stateKey: string;
  readonly current: boolean;
}

/** One war's stages (the Air War's steps or the Land War's phases), open only while the turn is in it. */
export interface TurnWarView {
  readonly war: turn.War;
  /** Lang key of the war's name. */
  readonly nameKey: string;
  /** The war as a whole: done (the Air War during the Land War), current, or upcoming (the Land War during the Air War). */
  readonly state: StageState;
  readonly stateKey: string;
  /** Whether its list is unfolded: the war the turn is in; the other is folded, for the user to open. */
  readonly open: boolean;
  readonly stages: readonly TurnStageView[];
}

export interface StageButtonView {
  readonly id: string;
  readonly label: string;
  readonly icon: string;
}

export interface TurnPanelView {
  readonly turn: number;
  readonly turnZero: boolean;
  /** The Air War then the Land War, each with its stages. */
  readonly wars: readonly TurnWarView[];
  /** Lang key of the current stage's name. */
  readonly currentKey: string;
  readonly firstMover: "nato" | "wp";
  readonly firstMoverKey: string;
  /** The NATO corps holding the initiative, by name, comma-separated ("" when the Warsaw Pact moves first, or NATO's HQs are not shown). */
  readonly initiativeNames: string;
  /** The current stage's clock (Planning's countdown, or the one Control set), with the words it is told in. */
  readonly countdown: StageClockView | null;
  /** The buttons of the current stage this user may use. */
  readonly actions: readonly StageButtonView[];
  readonly isGM: boolean;
  /** Whether Previous stage has a stage to go back to (not at the very start of the game). */
  readonly canGoBack: boolean;
  /** In the Movement phase: who moves now and next (./movement-panel.ts); null in other stages. */
  readonly movement: MovementPanelView | null;
  /** Lang key of the GM's Next button: "Next: {stage}", or "Next group" and "End Movement" inside Movement. */
  readonly nextKey: string;
  /** Lang key of the name of the stage Next leads to (the first of the next turn after Planning). */
  readonly nextStageKey: string;
  /** Lang key of the GM's Previous button: "Back: {stage}", or plain "Previous stage" when there is none. */
  readonly backKey: string;
  /** Lang key of the name of the stage Previous goes back to; null at the very start of the game. */
  readonly backStageKey: string | null;
}

/** The name of each war. */
const WAR_LABELS: Readonly<Record<turn.War, string>> = { air: "NOBC.Turn.War.air", land: "NOBC.Turn.War.land" };

/** What a screen reader hears of a stage's (or a war's) state. */
const STATE_LABELS: Readonly<Record<StageState, string>> = {
  done: "NOBC.Turn.Track.State.done",
  current: "NOBC.Turn.Track.State.current",
  upcoming: "NOBC.Turn.Track.State.upcoming",
};

function stateOf(index: number, current: number): StageState {
  return index < current ? "done" : index === current ? "current" : "upcoming";
}

/** The two wars in turn order, each with its stages marked done, current or upcoming against the current stage. */
export function warViews(current: number): TurnWarView[] {
  const currentWar = turn.STAGES[current]?.war;
  return (["air", "land"] as const).map((war) => {
    const first = turn.STAGES.findIndex((s) => s.war === war);
    const state: StageState = war === currentWar ? "current" : stateOf(first, current);
    return {
      war,
      nameKey: WAR_LABELS[war],
      state,
      stateKey: STATE_LABELS[state],
      open: war === currentWar,
      stages: turn.STAGES.flatMap((s, i) => {
        if (s.war !== war) return [];
        const stageState = stateOf(i, current);
        return [{ key: s.label, number: s.number, state: stageState, stateKey: STATE_LABELS[stageState], current: i === current }];
      }),
    };
  });
}

/** Who moves first, by side. */
const FIRST_MOVER_LABELS: Readonly<Record<Side, string>> = { nato: "NOBC.Turn.FirstMover.nato", wp: "NOBC.Turn.FirstMover.wp" };

/** The heading of each side's HQs. */
const SIDE_GROUP_LABELS: Readonly<Record<Side, string>> = { nato: "NOBC.Turn.Side.nato", wp: "NOBC.Turn.Side.wp" };

/** The turn panel; null when the stored state is out of range. */
export function turnPanelContext(
  system: TurnSystem,
  hqs: readonly HqRow[],
  isGM: boolean,
  now: number,
  movement: MovementPanelView | null = null,
  audience: TrackerAudience = EVERYONE,
): TurnPanelView | null {
  const state = turn.describeState({ turn: system.turn, stage: system.stage });
  if (!state.ok) return null;
  const { current } = state.value;
  const next = turn.nextStage(state.value);
  const back = turn.previousStage(state.value);
  const mover = turn.firstMover(hqs.map((h) => ({ id: h.uuid, side: h.side, echelon: h.echelon, initiative: h.initiative })));
  return {
    turn: state.value.turn,
    turnZero: state.value.turnZero,
    wars: warViews(system.stage),
    currentKey: current.label,
    firstMover: mover.side,
    firstMoverKey: FIRST_MOVER_LABELS[mover.side],
    // Who moves first is the turn's, known to both sides; which corps hold the initiative is NATO's.
    initiativeNames: showsSide(audience, "nato")
      ? mover.initiativeCorps.map((uuid) => hqs.find((h) => h.uuid === uuid)!.name).join(", ")
      : "",
    countdown: stageClockView(system, current.id, now),
    actions: stageActions(current.id, isGM).map((a) => ({ id: a.id, label: a.label, icon: a.icon })),
    isGM,
    canGoBack: back.ok,
    movement: current.id === "movement" ? movement : null,
    nextKey: current.id === "movement" ? (movement?.nextKey ?? "NOBC.Turn.Track.NextTo") : "NOBC.Turn.Track.NextTo",
    nextStageKey: next.ok ? next.value.current.label : current.label,
    backKey: back.ok ? "NOBC.Turn.Track.BackTo" : "NOBC.Turn.Previous",
    backStageKey: back.ok ? back.value.current.label : null,
  };
}

/**
 * The folds a user opened or closed by hand, kept across the tracker's re-renders while the turn
 * stays in the same war of the same turn (`scope`); once the turn enters the other war the folds
 * start again from the default (the war the turn is in open, the other folded).
 */
export interface FoldMemory {
  readonly scope: string;
  readonly open: Readonly<Partial<Record<turn.War, boolean>>>;
}

/** The scope of a panel's folds: its turn and the war it is in. */
export function foldScope(panel: TurnPanelView): string {
  return `${panel.turn}:${panel.wars.find((w) => w.state === "current")?.war ?? ""}`;
}

/** The panel with the user's folds of the same scope applied. */
export function withFolds(panel: TurnPanelView, memory: FoldMemory | null): TurnPanelView {
  const open = memory?.scope === foldScope(panel) ? memory.open : null;
  return open === null ? panel : { ...panel, wars: panel.wars.map((w) => ({ ...w, open: open[w.war] ?? w.open })) };
}

/** The memory after the user opened or closed a war's fold on a panel of `scope`. */
export function rememberFold(memory: FoldMemory | null, scope: string, war: string | undefined, open: boolean): FoldMemory | null {
  if (war !== "air" && war !== "land") return memory;
  const kept = memory !== null && memory.scope === scope ? memory.open : {};
  return { scope, open: { ...kept, [war]: open } };
}

export interface HqView {
  readonly combatantId: string;
  readonly uuid: string;
  readonly name: string;
  /** The HQ's symbol (side and echelon), drawn as the sheets and tokens draw it, as SVG markup. */
  readonly symbolSvg: string;
  readonly levelText: string;
  readonly radius: number;
  readonly cards: number;
  readonly initiative: boolean;
}

export interface SideGroupView {
  readonly side: "nato" | "wp";
  readonly labelKey: string;
  readonly hqs: readonly HqView[];
}

/** A side whose HQs this user does not read (double-blind): its heading and how many HQs it has in the turn. */
export interface HiddenSideView {
  readonly side: "nato" | "wp";
  readonly labelKey: string;
  readonly count: number;
}

export interface HqListView {
  /** NATO then the Warsaw Pact; a side with no HQ is left out, and so is a side the audience does not read. */
  readonly groups: readonly SideGroupView[];
  /** The sides with HQs the audience does not read, as counts (double-blind: the enemy's). */
  readonly hidden: readonly HiddenSideView[];
  /** HQ actors of the world not yet in the turn (the GM's Add button shows when > 0). */
  readonly addable: number;
  readonly isGM: boolean;
}

/** The HQs grouped by side, each side sorted by name; a side the audience does not read, as a count. */
export function hqListContext(rows: readonly HqRow[], addable: number, isGM: boolean, audience: TrackerAudience = EVERYONE): HqListView {
  const groups: SideGroupView[] = [];
  const hidden: HiddenSideView[] = [];
  for (const side of ["nato", "wp"] as const) {
    const ofSide = rows.filter((r) => r.side === side);
    if (!showsSide(audience, side)) {
      if (ofSide.length > 0) hidden.push({ side, labelKey: SIDE_GROUP_LABELS[side], count: ofSide.length });
      continue;
    }
    const hqs = ofSide
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((r) => ({
        combatantId: r.combatantId,
        uuid: r.uuid,
        name: r.name,
        symbolSvg: unitSymbolSvg(r.side, "hq", r.echelon),
        levelText: `${r.level.value} / ${r.level.max}`,
        radius: r.radius,
        cards: r.cards,
        initiative: r.initiative,
      }));
    if (hqs.length > 0) groups.push({ side, labelKey: SIDE_GROUP_LABELS[side], hqs });
  }
  return { groups, hidden, addable: isGM ? addable : 0, isGM };
}

/**
 * The parts of the tracker an HQ's update redraws: its row shows its name, symbol (side, echelon),
 * level and radius (`HQS_PART`); its initiative also decides who moves first in the turn panel and
 * the footer. None for a change the tracker does not show (the HQ's notes, its orders, a flag).
 */
export function hqChangeParts(changes: { readonly name?: unknown; readonly system?: unknown }): string[] {
  const system = (typeof changes.system === "object" && changes.system !== null ? changes.system : {}) as Record<string, unknown>;
  const parts: string[] = [];
  if ("name" in changes || ["level", "radius", "side", "echelon", "initiative"].some((k) => k in system)) parts.push(HQS_PART);
  if ("initiative" in system || "side" in system || "echelon" in system) parts.push(TURN_PART, FOOTER_PART);
  return parts;
}

/** The context of our panel part: the turn panel, the GM's start button, or nothing. */
export type PanelPartView = { readonly panel: TurnPanelView } | { readonly start: true } | Record<string, never>;

export function panelPartContext(mode: TrackerMode, panel: TurnPanelView | null): PanelPartView {
  if (mode === "start") return { start: true };
  return mode === "turn" && panel !== null ? { panel } : {};
}

/** The registered action a stage button names, if this user may run it (a player never runs a GM-only one). */
export function runnableAction(id: string | undefined, isGM: boolean): StageAction | undefined {
  const action = id === undefined ? undefined : stageActionById(id);
  return action !== undefined && (isGM || !action.gmOnly) ? action : undefined;
}
