/**
 * Where the game's turn is, read from the world's `nobcTurn` Combat (the viewed one first): its
 * turn number and current stage, or null when the world keeps no turn on the tracker. Reading only.
 */
import { turn } from "../rules/index";
import { findTurnCombat } from "./create";

interface CombatLike {
  readonly type: string;
  readonly system: unknown;
}

export interface TurnNow {
  readonly turn: number;
  readonly stage: turn.StageId;
}

export function currentTurnPosition(): TurnNow | null {
  const g = game as unknown as { combat?: CombatLike | null; combats?: Iterable<CombatLike> };
  const system = findTurnCombat([...(g.combat ? [g.combat] : []), ...(g.combats ?? [])])?.system as
    { turn?: unknown; stage?: unknown } | undefined;
  if (system === undefined) return null;
  const state = turn.describeState({ turn: Number(system.turn), stage: Number(system.stage ?? 0) });
  return state.ok ? { turn: state.value.turn, stage: state.value.current.id } : null;
}
