/**
 * Every action of the NOBC turn in its stage: one table, stage → the actions that may be requested,
 * applied and undone in it (seed 000, Air War QRS steps 1-11, Land War QRS phases 1-7; the readings
 * are in docs/rules-decisions.md, "Every action in its stage"). An action is the id of the dialog or
 * procedure that asks for it (its card carries the id as `action`). The request path, Apply and Undo
 * all read this table (src/apps/base/request.ts, src/chat/card-data.ts): a player is refused outside
 * the stage, a GM may go on and the card names the override. Actions of the umpire's toolkits (NQM,
 * the Operational Playsheet, the missions) and the map tools are not turn actions: no stage limits them.
 *
 * Pure data: typed so that a stage or an action cannot be misspelt.
 */
import { STAGES, type StageId } from "./turn";

/** Every action the NOBC turn knows, by the id of the dialog or procedure that asks for it. */
export const TURN_ACTIONS = [
  "air.allocation",
  "air.zoneDistances",
  "air.lineUp",
  "air.sorties",
  "airMissions.paradrop",
  "airMissions.deepStrike",
  "airMissions.repair",
  "airMissions.capacity",
  "airMissions.airbaseRepair",
  "airMissions.overrun",
  "land.orders",
  "land.mode",
  "land.rearArea",
  "land.demolition",
  "land.wmd",
  "land.cardLoss",
  "groundCombat.plan",
  "land.retreat",
  "land.move",
  "land.movementLog",
  "land.resupply",
  "land.recovery",
] as const;

export type TurnAction = (typeof TURN_ACTIONS)[number];

/** What one step of an action is: asking for it (the card is rolled and posted), applying its card, undoing it. */
export type ActionStep = "request" | "apply" | "undo";

/** What a stage allows: for each step, the actions that may take it there. */
export type StageRow = Readonly<Record<ActionStep, readonly TurnAction[]>>;

/** A stage whose actions are asked for, applied and undone in it alike. */
function only(...actions: TurnAction[]): StageRow {
  return { request: actions, apply: actions, undo: actions };
}

const NOTHING = only();

/**
 * The table. Readings (docs/rules-decisions.md): the air dialogs belong to the step that names them;
 * mode markers and Orders to Land War phase 2; demolition, nuclear and ADM release and the cards an
 * HQ loses to a rear-area attack to phase 3; retreats to phase 4 and, for an HQ or artillery met
 * alone by an enemy move, to phase 5; resupply and HQ recovery to phase 6. The stage-entry cards
 * (air-to-air combat, air superiority, the CAS hand-over, movement points) are the tracker's own.
 */
export const STAGE_ACTIONS = {
  airAllocation: only("air.allocation", "air.zoneDistances"),
  airLineup: only("air.lineUp"),
  airCombat: NOTHING,
  airSuperiority: NOTHING,
  airSorties: only("air.sorties"),
  airReturn: NOTHING,
  airHandOver: only("airMissions.paradrop"),
  airDeepStrike: only("airMissions.deepStrike"),
  airRepair: only("airMissions.repair"),
  airCapacity: only("airMissions.capacity"),
  airbaseRepair: only("airMissions.airbaseRepair", "airMissions.overrun"),
  airSupport: NOTHING,
  orders: only("land.orders", "land.mode"),
  rearArea: only("land.rearArea", "land.demolition", "land.wmd", "land.cardLoss"),
  groundCombat: only("groundCombat.plan", "land.retreat"),
  movement: only("land.move", "land.movementLog", "land.retreat"),
  resupply: only("land.resupply", "land.recovery"),
  planning: NOTHING,
} as const satisfies Readonly<Record<StageId, StageRow>>;

const actionSet: ReadonlySet<string> = new Set(TURN_ACTIONS);

/** Whether `id` names an action of the NOBC turn (any other dialog is not limited by stage). */
export function isTurnAction(id: unknown): id is TurnAction {
  return typeof id === "string" && actionSet.has(id);
}

const stageSet: ReadonlySet<string> = new Set(STAGES.map((s) => s.id));

/** Whether `id` names a stage of the turn. */
export function isStageId(id: unknown): id is StageId {
  return typeof id === "string" && stageSet.has(id);
}

/** Whether `step` of `action` may be taken in `stage`. */
export function stageAllows(step: ActionStep, action: TurnAction, stage: StageId): boolean {
  return (STAGE_ACTIONS[stage][step] as readonly string[]).includes(action);
}

/** The stages in which `step` of `action` may be taken, in turn order. */
export function stagesFor(step: ActionStep, action: TurnAction): StageId[] {
  return STAGES.map((s) => s.id).filter((stage) => stageAllows(step, action, stage));
}
