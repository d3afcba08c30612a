/**
 * What the turn tracker offers at each stage, and what runs when a stage is entered. The dialogs
 * (ground combat, the other land and air resolutions) register here on init; the tracker only
 * reads this list, so it never imports a dialog and start-up stays light.
 */
import type { turn } from "../rules/index";

export type StageId = turn.StageId;

/** One button of the turn panel for a stage. */
export interface StageAction {
  /** Stable id, e.g. "groundCombat.plan"; also the `data-nobc-stage-action` of the button. */
  readonly id: string;
  readonly stage: StageId;
  /** Lang key of the button's label. */
  readonly label: string;
  /** A Font Awesome class for the button, e.g. "fa-solid fa-crosshairs". */
  readonly icon: string;
  /** Only a GM sees the button (the action changes what only the umpire may). */
  readonly gmOnly: boolean;
  /** What the button does: opens a dialog or posts a card. Loads its code on first use. */
  run(): Promise<unknown>;
}

/** Something done on entering a stage, after the Combat is updated (active GM only). */
export type StageEntry = (position: turn.TurnPosition) => Promise<unknown>;

const actions: StageAction[] = [];
const entries = new Map<StageId, StageEntry[]>();

export function registerStageAction(action: StageAction): void {
  if (actions.some((a) => a.id === action.id)) throw new Error(`stage action "${action.id}" is already registered`);
  actions.push(action);
}

/** The actions of a stage, in the order registered; a player's list leaves out GM-only ones. */
export function stageActions(stage: StageId, isGM: boolean): StageAction[] {
  return actions.filter((a) => a.stage === stage && (isGM || !a.gmOnly));
}

export function stageActionById(id: string): StageAction | undefined {
  return actions.find((a) => a.id === id);
}

export function registerStageEntry(stage: StageId, entry: StageEntry): void {
  entries.set(stage, [...(entries.get(stage) ?? []), entry]);
}

export function stageEntries(stage: StageId): readonly StageEntry[] {
  return entries.get(stage) ?? [];
}

/** For tests: forget every registration. */
export function clearStageRegistry(): void {
  actions.length = 0;
  entries.clear();
}
