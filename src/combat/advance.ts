/**
 * The GM's "Next stage": the pure turn model picks the next stage, the changes entering it makes
 * are posted as a resolution card (Apply / Undo go through the one write path), and the Combat is
 * written in one update. Nothing is written for anyone but a GM.
 */
import { turn } from "../rules/index";
import { postResolution } from "../chat/resolution-card";
import { turnSnapshot, worldActors } from "./snapshot";
import { TURN_COMBAT_TYPE, type TurnSystem } from "./turn-model";

/** Length of the Planning countdown by default (the seed sets none: docs/api/foundry.md, Turn). */
export const PLANNING_MINUTES = 15;

/** The members of a Combat this module reads and writes. */
export interface TurnCombat {
  readonly type: string;
  readonly system: unknown;
  update(data: object): Promise<unknown>;
}

export type AdvanceResult =
  | { readonly ok: true; readonly position: turn.TurnPosition; readonly card: unknown }
  | { readonly ok: false; readonly reason: string };

export interface AdvanceOptions {
  readonly planningMinutes?: number;
  /** The clock (ms since the epoch), for tests. */
  readonly now?: number;
}

function refused(reason: string): AdvanceResult {
  (ui as unknown as { notifications?: { warn(m: string): unknown } }).notifications?.warn(game.i18n!.localize(reason));
  return { ok: false, reason };
}

/** Moves `combat` on to the next stage; refused for non-GMs and for combats that are not a turn tracker. */
export async function advanceTurn(combat: TurnCombat, options: AdvanceOptions = {}): Promise<AdvanceResult> {
  if ((game as unknown as { user?: { isGM?: boolean } }).user?.isGM !== true) return refused("NOBC.Turn.Refused.notGM");
  if (combat.type !== TURN_COMBAT_TYPE) return refused("NOBC.Turn.Refused.notTurn");
  const system = combat.system as TurnSystem;
  const next = turn.nextStage({ turn: system.turn, stage: system.stage });
  if (!next.ok) return refused("NOBC.Turn.Refused.badState");
  const position = next.value;
  const entry = turn.stageEntryEffects(position.current, turnSnapshot(worldActors()));
  const card =
    entry.effects.length === 0
      ? null
      : await postResolution({
          title: game.i18n!.format("NOBC.Turn.EntryTitle", { stage: game.i18n!.localize(`NOBC.Turn.Stage.${position.current.id}`) }),
          resolution: entry,
          outcome: game.i18n!.format("NOBC.Turn.EntryOutcome", { count: String(entry.outcome.changed) }),
        });
  const now = options.now ?? Date.now();
  const minutes = options.planningMinutes ?? PLANNING_MINUTES;
  const planningEndsAt = position.current.id === "planning" ? now + minutes * 60_000 : null;
  await combat.update({ system: { turn: position.turn, stage: position.stage, planningEndsAt } });
  return { ok: true, position, card };
}
