/**
 * The Combat sidebar tab (`CONFIG.ui.combat`): Foundry's v13 tracker, which, when the viewed
 * combat is the NOBC turn, shows the turn panel, the HQs grouped by side and the GM's controls
 * (parts of our own) instead of its combatant list and round controls; Foundry's parts are never
 * given other templates. Other combats render as Foundry renders them.
 * Every decision is made by the pure functions of ./tracker.ts; this class only wires them.
 *
 * Why the narrow base type: the pinned foundry-vtt-types declare the v13 CombatTracker as a stub,
 * and a class checked against the full HandlebarsApplicationMixin(AbstractSidebarTab) types makes
 * `tsc` slow or stop with TS2589 (as for the sheets, src/sheets/base.ts). So the base is taken as
 * a constructor of the few members used here, and the class is built from it on init.
 */
import type { TurnCombat } from "./advance";
import { countdownLabel, countdownView } from "./countdown";
import { addNewHqs, createTurnCombat, findTurnCombat, newHqCount, type CombatDoc } from "./create";
import { hqRows, type CombatantLike } from "./snapshot";
import {
  foldScope,
  rememberFold,
  withFolds,
  hqListContext,
  panelPartContext,
  runnableAction,
  trackerMode,
  turnPanelContext,
  hiddenParts,
  FOOTER_PART,
  HQS_PART,
  READY_PART,
  TIMETABLE_PART,
  TURN_PART,
  withTurnPart,
  type FoldMemory,
  type PartConfig,
  type TrackerMode,
  type TurnPanelView,
} from "./tracker";
import { TURN_COMBAT_TYPE, type TurnSystem } from "./turn-type";
import { serverNow } from "./clock";
import type { MovementPanelView } from "./movement-panel";
import { turn } from "../rules/index";
import { translator } from "../base/foundry";
import { documentAt } from "../effects/apply";
import { missionActionById } from "./mission-actions";
import { controlQueueView, openControlQueue } from "./control-queue";
import type { MissionTrack } from "../rules/missions/track";
import { stageClockEnd } from "./stage-clock";
import type { ReadyMark } from "./readiness";
import { EVERYONE, showsSide, trackerAudience, type TrackerAudience } from "./tracker-audience";
import { hiddenInformation } from "../base/settings";
import { userSides } from "../teams/read";

/** A Combat as the tracker reads and moves it. */
export interface ViewedCombat extends TurnCombat, CombatDoc {
  readonly combatants: Iterable<CombatantLike & { readonly actorId: string | null }>;
}

/** The members of Foundry's CombatTracker this subclass calls or overrides. */
export interface TrackerBase {
  readonly viewed: ViewedCombat | null;
  readonly element: HTMLElement | null;
  /** The rendered part elements by id (HandlebarsApplicationMixin#parts). */
  readonly parts: Readonly<Record<string, HTMLElement>>;
  _configureRenderParts(options: object): Record<string, PartConfig>;
  _preparePartContext(partId: string, context: Record<string, unknown>, options: object): Promise<Record<string, unknown>>;
  _onRender(context: object, options: object): Promise<void> | void;
  _onClose(options: object): void;
}

export type TrackerBaseClass = (new (...args: never[]) => TrackerBase) & { readonly PARTS: Readonly<Record<string, PartConfig>> };

interface Viewer {
  readonly isGM: boolean;
  readonly combats: Iterable<{ readonly type: string }>;
}

function viewer(): Viewer {
  const g = game as unknown as { user?: { isGM?: boolean }; combats?: Iterable<{ readonly type: string }> };
  return { isGM: g.user?.isGM === true, combats: g.combats ?? [] };
}

/** Whether the current user may open the world journal `uuid` (OBSERVER on it, as its sheet needs). */
function canReadJournal(uuid: string): boolean {
  if (!uuid.startsWith("JournalEntry.")) return false;
  let doc: unknown;
  try {
    doc = foundry.utils.fromUuidSync(uuid as `JournalEntry.${string}`);
  } catch {
    return false;
  }
  const user = (game as unknown as { user?: unknown }).user;
  return doc instanceof JournalEntry && user !== undefined && doc.testUserPermission(user as never, "OBSERVER");
}

/** Whose HQs this client's user reads on the tracker (./tracker-audience.ts): every side's but under double-blind. */
function audienceOf(isGM: boolean): TrackerAudience {
  const mode = hiddenInformation();
  return mode === "open" || isGM ? EVERYONE : trackerAudience(mode, isGM, userSides());
}

function panelOf(combat: ViewedCombat, isGM: boolean, movement: MovementPanelView | null): TurnPanelView | null {
  return turnPanelContext(combat.system as TurnSystem, hqRows(combat.combatants), isGM, serverNow(), movement, audienceOf(isGM));
}

/** The Movement section, read (and its code loaded) only while the turn is in Movement. */
async function movementOf(combat: ViewedCombat): Promise<MovementPanelView | null> {
  const system = combat.system as TurnSystem;
  const state = turn.describeState({ turn: system.turn, stage: system.stage });
  if (!state.ok || state.value.current.id !== "movement") return null;
  return (await import("./movement-panel")).movementPanel(combat, translator(), showsSide(audienceOf(viewer().isGM), "nato"));
}

/**
 * Who has acted in the current stage, for this user (./readiness-panel.ts); undefined when the stored
 * turn is out of range. Loaded when the tracker first draws it: it reads the chat's cards and the
 * world's HQs, which need not load before init.
 */
async function readinessPartView(combat: ViewedCombat, isGM: boolean, open: boolean): Promise<object | undefined> {
  const [{ readinessHqs, readReadiness }, { readinessPanelContext }] = await Promise.all([
    import("./readiness-world"),
    import("./readiness-panel"),
  ]);
  const view = readReadiness(combat);
  if (view === null) return undefined;
  const system = combat.system as TurnSystem;
  const clockRunning = stageClockEnd(system, view.stage) !== null;
  return readinessPanelContext(view, system.overridden ?? [], readinessHqs(combat), isGM, clockRunning, open, audienceOf(isGM));
}

/** The sidebar's Combat tab (`ui.combat`) as `redrawHqParts` reads it: the combat it shows, and a render of some of its parts. */
interface ShownTracker {
  readonly viewed?: ViewedCombat | null;
  render(options: { parts: string[] }): unknown;
}

/**
 * Redraws `parts` of the sidebar's tracker (HandlebarsApplicationMixin `render({ parts })`) when it
 * shows the turn Combat and the actor `actorId` is one of its HQs; nothing otherwise (no parts, the
 * tracker showing another combat, an HQ not in the turn).
 */
export function redrawHqParts(actorId: string | null, parts: readonly string[]): void {
  if (actorId === null || parts.length === 0) return;
  const tracker = (globalThis as { ui?: { combat?: ShownTracker | null } }).ui?.combat;
  const combat = tracker?.viewed;
  if (!tracker || combat?.type !== TURN_COMBAT_TYPE) return;
  for (const c of combat.combatants) {
    if (c.actorId === actorId) {
      void tracker.render({ parts: [...parts] });
      return;
    }
  }
}

/** The tracker class for `CONFIG.ui.combat`, built on Foundry's CombatTracker. */
export function defineTurnTracker(Base: TrackerBaseClass) {
  type Handler = (this: TurnTracker, event: Event, target: HTMLElement) => unknown;

  /**
   * One click, one stage: the button stays off until the tracker renders the updated Combat. The
   * stage's writer (./advance) loads on the first click, not at init.
   */
  const move = async (tracker: TurnTracker, target: HTMLElement, step: "advanceTurn" | "stepBackTurn"): Promise<unknown> => {
    const combat = tracker.viewed;
    if (combat === null) return undefined;
    const button = target as HTMLButtonElement;
    button.disabled = true;
    // Leaving a stage with someone not ready asks Control first, naming who (./readiness-confirm.ts).
    const confirmLeave = async () => (await import("./readiness-confirm")).confirmLeave(combat);
    const result = await (await import("./advance"))[step](combat, step === "advanceTurn" ? { confirmLeave } : {});
    if (!result.ok) button.disabled = false;
    return result;
  };
  const onNextStage: Handler = function (_event, target) {
    return move(this, target, "advanceTurn");
  };
  const onPreviousStage: Handler = function (_event, target) {
    return move(this, target, "stepBackTurn");
  };
  const onMarkReady: Handler = async function (_event, target) {
    const { readyMarkSchema, requestReady } = await import("./readiness-request");
    const mark = readyMarkSchema.safeParse(target.dataset["mark"]);
    return mark.success ? requestReady(mark.data as ReadyMark, target.dataset["ready"] === "true") : undefined;
  };
  const clock = async (tracker: TurnTracker, minutes: number | null): Promise<unknown> => {
    const combat = tracker.viewed;
    return combat === null ? undefined : (await import("./stage-clock-write")).setStageClock(combat, minutes);
  };
  const onStartClock: Handler = function () {
    const input = this.parts[READY_PART]?.querySelector<HTMLInputElement>('input[name="nobcClockMinutes"]');
    return clock(this, Number(input?.value ?? Number.NaN));
  };
  const onStopClock: Handler = function () {
    return clock(this, null);
  };
  const onStageAction: Handler = function (_event, target) {
    return runnableAction(target.dataset["nobcStageAction"], viewer().isGM)?.run();
  };
  const onStartTurn: Handler = function () {
    return createTurnCombat();
  };
  const onAddHqs: Handler = function () {
    const combat = this.viewed;
    return combat === null ? undefined : addNewHqs(combat);
  };
  const onMissionAction: Handler = function (_event, target) {
    return viewer().isGM ? missionActionById(target.dataset["nobcMissionAction"])?.run() : undefined;
  };
  const onOpenJournal: Handler = function (_event, target) {
    const uuid = target.dataset["uuid"] ?? "";
    if (!uuid.startsWith("JournalEntry.")) return undefined;
    const doc = foundry.utils.fromUuidSync(uuid as `JournalEntry.${string}`) as {
      sheet?: { render(force: boolean): unknown } | null;
    } | null;
    return doc?.sheet?.render(true);
  };
  const onOpenControlQueue: Handler = function () {
    return viewer().isGM ? openControlQueue() : undefined;
  };
  const onOpenHq: Handler = function (_event, target) {
    const uuid = target.dataset["uuid"];
    if (uuid === undefined) return;
    const doc = documentAt(uuid) as { sheet?: { render(force: boolean): unknown } | null } | undefined;
    return doc?.sheet?.render(true);
  };

  class TurnTracker extends Base {
    static override PARTS = withTurnPart(Base.PARTS);

    static DEFAULT_OPTIONS = {
      actions: {
        nobcNextStage: onNextStage,
        nobcPreviousStage: onPreviousStage,
        nobcStageAction: onStageAction,
        nobcStartTurn: onStartTurn,
        nobcAddHqs: onAddHqs,
        nobcOpenHq: onOpenHq,
        nobcMissionAction: onMissionAction,
        nobcOpenJournal: onOpenJournal,
        nobcMarkReady: onMarkReady,
        nobcStartClock: onStartClock,
        nobcStopClock: onStopClock,
        nobcOpenControlQueue: onOpenControlQueue,
      },
    };

    /** What this render shows, decided once per render in `_configureRenderParts`. */
    #mode: TrackerMode = "default";
    /** This render's Movement section, read once for the panel and the footer. */
    #movement: Promise<MovementPanelView | null> | null = null;
    /** The war folds this user opened or closed by hand (./tracker.ts `FoldMemory`). */
    #folds: FoldMemory | null = null;
    /** The fold scope of the panel shown by this render; null when no panel is shown. */
    #scope: string | null = null;
    /** Whether this user unfolded the list of who has acted (kept across re-renders: every mark redraws it). */
    #readyOpen = false;
    /** The one countdown timer; replaced on every render, cleared on close. */
    #timer: ReturnType<typeof setInterval> | null = null;

    override _configureRenderParts(options: object): Record<string, PartConfig> {
      const { isGM, combats } = viewer();
      this.#mode = trackerMode(this.viewed?.type ?? null, findTurnCombat(combats) !== undefined, isGM);
      this.#movement = null;
      return super._configureRenderParts(options);
    }

    override async _preparePartContext(
      partId: string,
      context: Record<string, unknown>,
      options: object,
    ): Promise<Record<string, unknown>> {
      const base = await super._preparePartContext(partId, context, options);
      const view = await this.#partView(partId);
      return view === undefined ? base : { ...base, nobc: view };
    }

    async #partView(partId: string): Promise<object | undefined> {
      const combat = this.#mode === "turn" ? this.viewed : null;
      const { isGM } = viewer();
      const movement = async (c: ViewedCombat) => (this.#movement ??= movementOf(c));
      if (partId === TURN_PART && this.#mode === "mission" && this.viewed !== null) {
        this.#scope = null;
        // The panel (and the missions' rules) load only once a mission is viewed.
        const { missionPanelContext } = await import("./mission-panel");
        return { mission: missionPanelContext(this.viewed.system as MissionTrack, isGM, canReadJournal) };
      }
      if (partId === TURN_PART) {
        const panel = combat === null ? null : panelOf(combat, isGM, await movement(combat));
        this.#scope = panel === null ? null : foldScope(panel);
        return panelPartContext(this.#mode, panel === null ? null : withFolds(panel, this.#folds));
      }
      if (combat === null) return undefined;
      if (partId === READY_PART) return await readinessPartView(combat, isGM, this.#readyOpen);
      if (partId === HQS_PART) return hqListContext(hqRows(combat.combatants), isGM ? newHqCount(combat) : 0, isGM, audienceOf(isGM));
      if (partId === FOOTER_PART) {
        const panel = panelOf(combat, isGM, await movement(combat));
        // Control's queue count (GM): a block of its own beside the stage buttons.
        const controlQueue = await controlQueueView(isGM);
        return panel === null ? undefined : controlQueue === null ? panel : { ...panel, controlQueue };
      }
      if (partId === TIMETABLE_PART)
        return (await import("./timetable-entry")).timetablePartView(combat.system as TurnSystem, isGM) ?? undefined;
      return undefined;
    }

    override async _onRender(context: object, options: object): Promise<void> {
      await super._onRender(context, options);
      const hidden = hiddenParts(this.#mode);
      for (const [id, element] of Object.entries(this.parts)) element.hidden = hidden.includes(id);
      this.#watchFolds();
      this.#watchReadyFold();
      this.#startCountdown();
    }

    override _onClose(options: object): void {
      super._onClose(options);
      this.#stopCountdown();
    }

    /** Keeps what the user opens or closes, so the next render (any update of the Combat) shows it the same. */
    #watchFolds(): void {
      const scope = this.#scope;
      const part = this.parts[TURN_PART];
      if (scope === null || part === undefined) return;
      for (const details of part.querySelectorAll<HTMLDetailsElement>("details[data-war]")) {
        details.addEventListener("toggle", () => (this.#folds = rememberFold(this.#folds, scope, details.dataset["war"], details.open)));
      }
    }

    #watchReadyFold(): void {
      const part = this.parts[READY_PART];
      if (part === undefined) return;
      for (const details of part.querySelectorAll<HTMLDetailsElement>("details[data-nobc-ready]"))
        details.addEventListener("toggle", () => (this.#readyOpen = details.open));
    }

    #stopCountdown(): void {
      if (this.#timer !== null) clearInterval(this.#timer);
      this.#timer = null;
    }

    /** Ticks the stage's clock (Planning's countdown, or Control's) each second while it is shown, until the time is up. */
    #startCountdown(): void {
      this.#stopCountdown();
      const el = this.element?.querySelector<HTMLElement>("[data-nobc-countdown]") ?? null;
      const endsAt = Number(el?.dataset["endsAt"]);
      if (el === null || !Number.isFinite(endsAt)) return;
      const data = el.dataset;
      const words = {
        leftKey: data["leftKey"] ?? "NOBC.Turn.TimeLeft",
        upKey: data["upKey"] ?? "NOBC.Turn.TimeUp",
        stage: data["stage"] ?? "",
      };
      const tick = (): void => {
        const view = countdownView(endsAt, serverNow());
        el.textContent = countdownLabel(view, translator(), words);
        el.classList.toggle("over", view.over);
        if (view.over) this.#stopCountdown();
      };
      this.#timer = setInterval(tick, 1000);
    }
  }
  return TurnTracker;
}
