/**
 * What Apply checks of a card's once-a-turn charges (`CardFlags.charges`, src/chat/card-data.ts)
 * against the other cards the GM authored: a unit's Combat Mode is paid once a turn, whichever
 * card chose it (an HQ's Orders or a mode change), so a card paying for a unit another applied
 * card paid for this turn is refused; asked again, its card no longer charges the unit. Also the
 * units whose Combat Mode this turn's applied cards paid for, which the requests read.
 */
import { chargePaid, type CardFlags } from "../chat/card-data";
import { nameOf } from "../chat/render";
import { cardsCharging } from "./card-index";
import type { CardResult } from "./card-actions";
import { combatModeCharge } from "../rules/nobc/land/orders";

/** The refusal of a card paying what another applied card paid (the unit named), or null. */
export function chargeRefusal(card: CardFlags, messageId: string): CardResult | null {
  // Only the cards paying one of the same charges can stand in the way: the index names them.
  const paid = chargePaid(card, cardsCharging(card.charges ?? []), messageId);
  if (paid === undefined) return null;
  const unit = paid.charge.split(":")[1] ?? paid.charge;
  return { ok: false, reason: "NOBC.Stage.Refused.paid", details: [nameOf(unit)] };
}

/** The units whose Combat Mode an applied card paid for in `turn` (none without a turn). */
export function combatModePaid(turn: number | null): ReadonlySet<string> {
  const out = new Set<string>();
  if (turn === null) return out;
  const prefix = combatModeCharge("", turn).split(":")[0]! + ":";
  const suffix = `:${String(turn)}`;
  for (const { card } of cardsCharging()) {
    if (card.state !== "applied") continue;
    for (const charge of card.charges ?? [])
      if (charge.startsWith(prefix) && charge.endsWith(suffix)) out.add(charge.slice(prefix.length, -suffix.length));
  }
  return out;
}
