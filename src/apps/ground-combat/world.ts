/**
 * What the planner reads besides the battlefield (src/world): the actors of the user's controlled
 * and targeted tokens, its default attackers and defending hex.
 */
import type { Selection } from "./state";

interface TokenLike {
  readonly actor?: { readonly uuid: string } | null;
}

/** The actors of the controlled and the targeted tokens. */
export function canvasSelection(): Selection {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: readonly TokenLike[] } | null } }).canvas;
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | null)?.targets ?? [];
  const uuids = (tokens: Iterable<TokenLike>) => [...tokens].map((t) => t.actor?.uuid).filter((u) => u !== undefined);
  return { selected: uuids(board?.tokens?.controlled ?? []), targeted: uuids(targets) };
}
