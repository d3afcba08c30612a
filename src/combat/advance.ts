/**
 * The active GM's Next stage and Previous stage. The pure turn model picks the stage; each move is
 * one Combat update. Going on to a stage not entered before, what entering it changes is first
 * posted as a resolution card (Apply / Undo go through the one write path), then the marker moves,
 * then the stage entries other areas registered run, together. Going back (to mend a mistake), and
 * on again up to the furthest stage entered, only moves the marker: nothing is entered twice. Either way `nobc.stageChanged` is
 * fired. Nothing is written for anyone but the active GM, and one move runs at a time.
 */
import { turn } from "../rules/index";
import { SYSTEM_ID } from "../base/constants";
import { SETTING_KEYS } from "../base/settings";
import { postResolution } from "../chat/resolution-card";
import { stageEntries } from "./registry";
import { planningLength } from "./countdown";
import { readinessOnMove } from "./readiness";
import { serverNow } from "./clock";
import { turnSnapshot, type ActorLike, type ItemLike } from "./snapshot";
import { TURN_COMBAT_TYPE, type TurnSystem } from "./turn-type";
import { errorText } from "../base/errors";
import { callHook, notify, notifyText, say, translator, worldActors, worldItems } from "../base/foundry";
import { speak } from "../words/phrase";
import { phrase } from "../rules/resolution";
import { MAP_STATE_FLAG, readMapState } from "../map/map-state";

/** The members of a Combat this module reads and writes. */
export interface TurnCombat {
  readonly type: string;
  readonly system: unknown;
  update(data: object): Promise<unknown>;
}

export type TurnDirection = "next" | "previous";

export type AdvanceResult =
  { readonly ok: true; readonly position: turn.TurnPosition; readonly card: unknown } | { readonly ok: false; readonly reason: string };

export interface AdvanceOptions {
  /** Length of the Planning countdown; the world setting when left out. */
  readonly planningMinutes?: number;
  /** The clock (ms since the epoch), for tests. */
  readonly now?: number;
  /**
   * Asked just before Next leaves the stage (not for a step between Movement's groups): Control's
   * confirm when someone is not ready (./readiness-confirm.ts). It answers who was not ready (recorded
   * on the Combat for the stage entered) or null to stay.
   */
  readonly confirmLeave?: () => Promise<readonly string[] | null>;
}

/** Who is asking: only the active GM moves the turn (one writer, even with several GMs online). */
export interface TurnMover {
  readonly isGM: boolean;
  readonly isActiveGM: boolean;
}

/** The lang key of why `mover` may not move `combatType` on, or null when they may. */
export function mayMoveTurn(mover: TurnMover, combatType: string): string | null {
  if (!mover.isGM) return "NOBC.Turn.Refused.notGM";
  if (!mover.isActiveGM) return "NOBC.Turn.Refused.notActiveGM";
  if (combatType !== TURN_COMBAT_TYPE) return "NOBC.Turn.Refused.notTurn";
  return null;
}

/** What a stage move writes: every field, and the Movement group's slot when Movement is entered. */
export type TurnMoveSystem = { -readonly [K in Exclude<keyof TurnSystem, OptionalOnMove>]-?: TurnSystem[K] } & {
  movementSlot?: number;
} & ReturnType<typeof readinessOnMove>;

/** Fields a move writes only when they change: the Movement slot, and readiness cleared or recorded (./readiness.ts). */
type OptionalOnMove = "movementSlot" | "ready" | "clockEndsAt" | "overridden";

export type TurnMove =
  | {
      readonly ok: true;
      readonly position: turn.TurnPosition;
      /** True when the stage is entered for the first time: its entry card and stage entries run. */
      readonly fresh: boolean;
      readonly update: { readonly system: TurnMoveSystem };
    }
  | { readonly ok: false; readonly reason: string };

/** A position counted from turn 0's first stage, as `TurnSystem.reached` counts. */
function stageCount(turnNumber: number, stage: number): number {
  return turnNumber * turn.STAGES.length + stage;
}

/**
 * The position after one step and the Combat update that records it. Being at Planning starts a
 * countdown of `minutes` from `now`; any other stage clears it. A step forward past the furthest
 * stage entered is fresh; one back, or forward again after stepping back, is not. Entering Movement
 * sets its group's slot: 0 going on, `lastMovementSlot` stepping back (src/world/movement-slots.ts's
 * MOVEMENT_LAST_SLOT, passed in so this module does not load the movement code at init).
 */
export function planTurnMove(system: TurnSystem, direction: TurnDirection, now: number, minutes: number, lastMovementSlot = 0): TurnMove {
  const state = { turn: system.turn, stage: system.stage };
  const moved = direction === "next" ? turn.nextStage(state) : turn.previousStage(state);
  if (!moved.ok) {
    const gameStart = moved.refusals.some((r) => r.code === "gameStart");
    return { ok: false, reason: gameStart ? "NOBC.Turn.Refused.gameStart" : "NOBC.Turn.Refused.badState" };
  }
  const position = moved.value;
  const planningEndsAt = position.current.id === "planning" ? now + minutes * 60_000 : null;
  // The stage the marker is on has been entered, whatever an older tracker recorded.
  const reachedBefore = Math.max(system.reached ?? 0, stageCount(system.turn, system.stage));
  const at = stageCount(position.turn, position.stage);
  const fresh = direction === "next" && at > reachedBefore;
  const reached = Math.max(reachedBefore, at);
  const written: TurnMoveSystem = { turn: position.turn, stage: position.stage, planningEndsAt, reached };
  // Entering Movement starts with its first group; stepping back into it, with its last. Other stages never read it.
  if (position.current.id === "movement") written.movementSlot = direction === "previous" ? lastMovementSlot : 0;
  return { ok: true, position, fresh, update: { system: written } };
}

/** The id of the stage a stored turn is at, or null when it is out of range. */
function stageIdOf(system: TurnSystem): turn.StageId | null {
  const state = turn.describeState({ turn: system.turn, stage: system.stage });
  return state.ok ? state.value.current.id : null;
}

function refused(reason: string): AdvanceResult {
  notify("warn", reason);
  return { ok: false, reason };
}

function currentMover(): TurnMover {
  const g = game as unknown as { user?: { isGM?: boolean }; users?: { activeGM?: { isSelf?: boolean } | null } };
  return { isGM: g.user?.isGM === true, isActiveGM: g.users?.activeGM?.isSelf === true };
}

function planningMinutesSetting(): number {
  return planningLength(game.settings?.get(SYSTEM_ID, SETTING_KEYS.planningMinutes));
}

/** The river hexsides of the viewed scene holding Bridging Engineers left (entering Movement takes them away). */
function engineersLeftOnView(): string[] {
  const scene = (globalThis as { canvas?: { scene?: { getFlag(scope: string, key: string): unknown } | null } }).canvas?.scene;
  return scene ? [...readMapState(scene.getFlag(SYSTEM_ID, MAP_STATE_FLAG)).state.engineersLeft.keys()] : [];
}

/** Posts what entering the stage changes as a pending card; null when it changes nothing. */
async function postEntryPreview(position: turn.TurnPosition): Promise<unknown> {
  const entry = turn.stageEntryEffects(
    position.current,
    turnSnapshot(
      worldActors<ActorLike>(),
      worldItems<ItemLike>(),
      // Only the Movement entry reads them: the scene's map state is not checked on every other stage.
      position.current.id === "movement" ? engineersLeftOnView() : [],
    ),
  );
  if (entry.effects.length === 0) return null;
  const i18n = translator();
  return postResolution({
    title: i18n.format("NOBC.Turn.EntryTitle", { stage: i18n.localize(position.current.label) }),
    resolution: entry,
    outcome: speak(phrase("NOBC.Turn.EntryOutcome", { stage: phrase(position.current.label), count: entry.outcome.changed }), i18n),
  });
}

/** Runs every entry registered for the entered stage at once; a failing one is reported, not fatal. */
async function runStageEntries(position: turn.TurnPosition): Promise<void> {
  const results = await Promise.allSettled(stageEntries(position.current.id).map((entry) => entry(position)));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  for (const f of failed) console.error(`${SYSTEM_ID} | a stage entry of ${position.current.id} failed`, f.reason);
  if (failed.length > 0) {
    notifyText("error", say(phrase("NOBC.Turn.EntryFailed", { count: failed.length, stage: phrase(position.current.label) })));
  }
}

/** A move under way on this client: a second click (from a tracker drawn again meanwhile) is refused. */
let moving = false;

function failed(reason: string, error: unknown): AdvanceResult {
  notify("error", reason, { error: errorText(error) });
  return { ok: false, reason };
}

/** Deletes the entry card of a stage that was not entered after all (best effort: it is only a card). */
async function withdraw(card: unknown): Promise<void> {
  try {
    await (card as { delete?: () => Promise<unknown> } | null)?.delete?.();
  } catch (error) {
    console.warn(`${SYSTEM_ID} | the entry card of a stage not entered could not be deleted`, error);
  }
}

async function moveTurn(combat: TurnCombat, direction: TurnDirection, options: AdvanceOptions): Promise<AdvanceResult> {
  const denied = mayMoveTurn(currentMover(), combat.type);
  if (denied !== null) return refused(denied);
  if (moving) return refused("NOBC.Turn.Refused.moving");
  // Inside Movement, Next and Previous first step through the groups that move (./movement-step.ts).
  if (stageIdOf(combat.system as TurnSystem) === "movement") {
    moving = true;
    try {
      const { stepMovement } = await import("./movement-step");
      const stepped = await stepMovement(combat, direction);
      if (stepped !== null) return stepped;
    } finally {
      moving = false;
    }
  }
  let overridden: readonly string[] | null = [];
  if (direction === "next" && options.confirmLeave !== undefined) {
    // A second click while Control's confirm is open is refused as a move under way.
    moving = true;
    try {
      overridden = await options.confirmLeave();
    } finally {
      moving = false;
    }
  }
  if (overridden === null) return { ok: false, reason: "NOBC.Turn.Ready.Stayed" };
  const move = planTurnMove(
    combat.system as TurnSystem,
    direction,
    options.now ?? serverNow(),
    options.planningMinutes ?? planningMinutesSetting(),
    direction === "previous" ? (await import("../world/movement-slots")).MOVEMENT_LAST_SLOT : 0,
  );
  if (!move.ok) return refused(move.reason);
  moving = true;
  try {
    // The entry card first (it shows what will change), then the marker. If the card cannot be
    // posted the marker stays, so the GM can try again; if the marker cannot move, the card goes.
    let card: unknown = null;
    if (move.fresh) {
      try {
        card = await postEntryPreview(move.position);
      } catch (error) {
        return failed("NOBC.Turn.EntryCardFailed", error);
      }
    }
    try {
      const system = combat.system as TurnSystem;
      await combat.update({ system: { ...move.update.system, ...readinessOnMove(system, overridden) } });
    } catch (error) {
      await withdraw(card);
      return failed("NOBC.Turn.MoveFailed", error);
    }
    if (move.fresh) await runStageEntries(move.position);
    else if (direction === "next") notify("info", "NOBC.Turn.EnteredBefore");
    callHook(`${SYSTEM_ID}.stageChanged`, combat, move.position, { direction, fresh: move.fresh });
    return { ok: true, position: move.position, card };
  } finally {
    moving = false;
  }
}

/** Moves `combat` on to the next stage (active GM only). */
export function advanceTurn(combat: TurnCombat, options: AdvanceOptions = {}): Promise<AdvanceResult> {
  return moveTurn(combat, "next", options);
}

/** Moves `combat` back one stage to mend a mistake (active GM only); nothing is entered again. */
export function stepBackTurn(combat: TurnCombat, options: AdvanceOptions = {}): Promise<AdvanceResult> {
  return moveTurn(combat, "previous", options);
}
