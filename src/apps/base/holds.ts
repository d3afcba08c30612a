/**
 * The subjects a rolled card uses up (`Card.holds`, see `PostResolutionInput.holds`), derived by
 * each controller next to its `submit` from the checked request and the world's turn: e.g. a unit
 * attacks once a turn (`attack:<unit>:<turn>`), a support card is played once (`card:<card uuid>`).
 * The GM refuses a request naming a subject another card of its already holds (./submit.ts), so a
 * result cannot be rolled again by asking again. Without a turn on the tracker nothing is held (as
 * for the once-only keys).
 */

/** What a card holds: `<subject>:<turn>` for each per-turn subject, `card:<uuid>` for each card played; nothing without a turn. */
export function holdsFor(
  turn: number | null | undefined,
  perTurn: readonly string[],
  cards: readonly string[] = [],
): { readonly holds?: readonly string[] } {
  if (turn === null || turn === undefined) return {};
  const holds = [...new Set([...perTurn.map((s) => `${s}:${String(turn)}`), ...cards.map((c) => `card:${c}`)])];
  return holds.length === 0 ? {} : { holds };
}
