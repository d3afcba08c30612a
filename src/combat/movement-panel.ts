/**
 * The tracker's Movement section (loaded on first use, while the turn is in Movement): the group
 * moving now and the groups after it, in words, for every player; and the label of the GM's Next
 * (the next group, the end of Movement, or "Next: {stage}" once every group has moved).
 */
import type { Translator } from "../base/foundry";
import { speak } from "../words/phrase";
import { readBattlefield } from "../world/read";
import { groupPhrase } from "../world/movement-groups";
import { movementNow, type MovementCombat, type MovementNow } from "./movement-turn";

export interface MovementPanelView {
  /** The group moving now, in words; null when none (every group has moved, or there is none). */
  readonly now: string | null;
  /** The groups still to move after it, in order. */
  readonly next: readonly string[];
  readonly nextText: string;
  /** Every group has moved and the stacking card is out: Next leaves the phase. */
  readonly over: boolean;
  /** No unit stands on the scene, so there is no group. */
  readonly none: boolean;
  /** Lang key of the GM's Next button. */
  readonly nextKey: string;
}

/** The section from the phase as the Combat keeps it (pure). */
export function movementPanelView(now: MovementNow, i18n: Translator, namesCorps = true): MovementPanelView {
  const corps = namesCorps ? now.corpsNames : [];
  const names = now.groups.map((g) => speak(groupPhrase(g, corps), i18n));
  const current = now.current;
  const next = current === null ? [] : names.slice(current + 1);
  const nextKey =
    now.over || now.groups.length === 0
      ? "NOBC.Turn.Track.NextTo"
      : next.length > 0
        ? "NOBC.MovementTurn.Tracker.NextGroup"
        : "NOBC.MovementTurn.Tracker.EndMovement";
  return {
    now: current === null ? null : names[current]!,
    next,
    nextText: next.join("; "),
    over: now.over,
    none: now.groups.length === 0,
    nextKey,
  };
}

/**
 * The section for a turn Combat; null when it is not in Movement. Reads the battlefield once.
 * `namesCorps`: whether the reader sees NATO's HQs (not a Warsaw Pact player under double-blind).
 */
export function movementPanel(combat: MovementCombat, i18n: Translator, namesCorps = true): MovementPanelView | null {
  const now = movementNow(combat, readBattlefield());
  return now === null ? null : movementPanelView(now, i18n, namesCorps);
}
