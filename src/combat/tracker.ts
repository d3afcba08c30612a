/**
 * The turn panel in the Combat sidebar. A `renderCombatTracker` hook adds a rendered template
 * above the tracker's own content when the viewed combat is a `nobcTurn`; Foundry's tracker
 * class is left as it is (no subclass to keep in step with v13's ApplicationV2 tracker).
 */
import { turn } from "../rules/index";
import { templatePath } from "../sheets/paths";
import { advanceTurn, type TurnCombat } from "./advance";
import { hqSnapshots, worldActors, type ActorLike } from "./snapshot";
import { TURN_COMBAT_TYPE, type TurnSystem } from "./turn-model";

export const TURN_TEMPLATE = templatePath("combat/turn.hbs");

export interface TurnStageView {
  readonly key: string;
  readonly war: turn.War;
  readonly warKey: string;
  readonly number: number;
  readonly current: boolean;
}

export interface TurnPanelView {
  readonly turn: number;
  readonly turnZero: boolean;
  readonly stages: readonly TurnStageView[];
  readonly firstMoverKey: string;
  readonly isGM: boolean;
  /** The Planning countdown's end as a clock time, or null. */
  readonly planningEndsAt: string | null;
}

/** What the template shows; null when the stored state is out of range. */
export function turnPanelContext(system: TurnSystem, actors: Iterable<ActorLike>, isGM: boolean, clock: (ms: number) => string): TurnPanelView | null {
  const state = turn.describeState({ turn: system.turn, stage: system.stage });
  if (!state.ok) return null;
  const mover = turn.firstMover(hqSnapshots(actors));
  return {
    turn: state.value.turn,
    turnZero: state.value.turnZero,
    stages: turn.STAGES.map((s, i) => ({ key: `NOBC.Turn.Stage.${s.id}`, war: s.war, warKey: `NOBC.Turn.War.${s.war}`, number: s.number, current: i === system.stage })),
    firstMoverKey: `NOBC.Turn.FirstMover.${mover.side}`,
    isGM,
    planningEndsAt: system.planningEndsAt === null ? null : clock(system.planningEndsAt),
  };
}

interface TrackerLike {
  readonly viewed?: (TurnCombat & object) | null;
}

function renderHtml(data: object): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate as unknown as (p: string, d: object) => Promise<string>;
  return render(TURN_TEMPLATE, data);
}

/** Adds the turn panel to a rendered tracker (exported for tests). */
export async function injectTurnPanel(app: TrackerLike, html: HTMLElement): Promise<void> {
  const combat = app.viewed;
  if (combat === null || combat === undefined || combat.type !== TURN_COMBAT_TYPE) return;
  const isGM = (game as unknown as { user?: { isGM?: boolean } }).user?.isGM === true;
  const view = turnPanelContext(combat.system as TurnSystem, worldActors(), isGM, (ms) => new Date(ms).toLocaleTimeString());
  if (view === null) return;
  const holder = document.createElement("section");
  holder.className = "nobc-turn-panel";
  holder.innerHTML = await renderHtml(view);
  const next = holder.querySelector<HTMLButtonElement>("button[data-nobc-turn='next']");
  next?.addEventListener("click", () => {
    // One click, one stage: the tracker renders afresh once the combat is updated.
    next.disabled = true;
    void advanceTurn(combat);
  });
  html.querySelector(".nobc-turn-panel")?.remove();
  html.prepend(holder);
}
