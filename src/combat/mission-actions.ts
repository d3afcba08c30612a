/**
 * The GM's buttons of the mission panel (src/combat/mission-panel.ts): the mission dialogs register
 * here on init (src/apps/missions/register.ts), so the tracker never imports a dialog. Light: no
 * rules are loaded with it; which buttons a state offers is decided by the panel, loaded on first use.
 */

/** One GM button of the mission panel. */
export interface MissionAction {
  /** The dialog's id; also the button's `data-nobc-mission-action`. */
  readonly id: string;
  /** Lang key of the label. */
  readonly label: string;
  readonly icon: string;
  run(): Promise<unknown>;
}

const actions: MissionAction[] = [];

export function registerMissionAction(action: MissionAction): void {
  if (actions.some((a) => a.id === action.id)) throw new Error(`mission action "${action.id}" is already registered`);
  actions.push(action);
}

export function missionActionById(id: string | undefined): MissionAction | undefined {
  return actions.find((a) => a.id === id);
}

/** The registered buttons, in the order registered. */
export function missionActions(): readonly MissionAction[] {
  return actions;
}

/** For tests: forget every registration. */
export function clearMissionActions(): void {
  actions.length = 0;
}
