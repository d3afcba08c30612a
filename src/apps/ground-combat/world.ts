/**
 * What the planner reads: the battlefield as the asker may see it, what they own and whether they
 * are a GM, the world's rules options (`readPlannerWorld`, the one Foundry read), and the actors of
 * the user's controlled and targeted tokens, its default attackers and defending hex.
 *
 * Hidden information: a player's planner never holds the other side's cards or CAS. Of the
 * support cards it keeps only those held by an HQ the asker owns; of the squadrons, only those of a
 * side the asker owns a unit or HQ of. A GM sees everything.
 */
import type { Side } from "../../rules/nobc/land/types";
import type { RulesOptions } from "../../rules/nobc/land/options";
import type { Battlefield } from "../../world/battlefield";
import { readBattlefield } from "../../world/read";
import { askerField } from "../../world/side-read";
import type { SideSights } from "../../world/side-field";
import { rulesOptions } from "../../base/settings";
import { currentUser, isGM, type AskingUser } from "../../base/foundry";
import { actingActorUuids } from "../../teams/read";
import { currentTurnPosition } from "../../combat/current";
import type { Selection } from "./state";
import { readTurnLimits, type TurnLimitsWorld } from "./turn-limits";

export interface PlannerWorld extends TurnLimitsWorld {
  /** The battlefield as the asker may see it (see `visibleTo`): what the planner shows and checks. */
  readonly field: Battlefield;
  /** The whole battlefield: what the rules resolve with on the GM's client (never shown to a player). */
  readonly whole: Battlefield;
  /** Actor UUIDs the asker acts for (src/teams/read.ts: every one for a GM; with no teams set, the owned ones). */
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
  /** The world's rules options: a player plans with these, only a GM may plan with others. */
  readonly options: RulesOptions;
  /** The game turn of the `nobcTurn` Combat (null: none), for what a combat holds (./holds.ts). */
  readonly turn?: number | null;
  /** The asker's sights under double-blind (a player): what the refusals are told through. */
  readonly sights?: SideSights;
}

/** The sides the asker owns a unit or an HQ of. */
export function ownedSides(field: Battlefield, owned: ReadonlySet<string>): Set<Side> {
  const sides = new Set<Side>();
  for (const a of [...field.units, ...field.hqs]) if (owned.has(a.id)) sides.add(a.side);
  return sides;
}

/** The battlefield without what the asker may not see: the cards of HQs they do not own, and the other side's squadrons. */
export function visibleTo(field: Battlefield, owned: ReadonlySet<string>, gm: boolean): Battlefield {
  if (gm) return field;
  const sides = ownedSides(field, owned);
  return {
    ...field,
    cards: field.cards.filter((c) => c.hq !== undefined && owned.has(c.hq)),
    squadrons: field.squadrons.filter((s) => sides.has(s.side)),
  };
}

/** The planner's world for `user` (this client's by default), afresh for each render and Roll. */
export function readPlannerWorld(user?: AskingUser): PlannerWorld {
  const asker = user ?? currentUser();
  const gm = isGM(asker);
  const owned = actingActorUuids(user ?? game.user);
  const whole = readBattlefield();
  const turn = currentTurnPosition()?.turn ?? null;
  // Under double-blind a player's planner reads their side's sights (src/world/side-read.ts); the rules resolve with `whole`.
  const { field, sights } = askerField(whole, user);
  return {
    field: visibleTo(field, owned, gm),
    whole,
    ...(sights === undefined ? {} : { sights }),
    owned,
    isGM: gm,
    options: rulesOptions(),
    turn,
    ...readTurnLimits(turn),
  };
}

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
