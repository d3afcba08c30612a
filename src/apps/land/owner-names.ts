/** Who answers for an actor on a card's "awaiting" line: its players by name (its team's, or its owners), or the GM. */
import { localize } from "../../base/foundry";
import { actsFor } from "../../teams/read";

/** An actor as the awaiting lines read it. */
export interface OwnedActor {
  readonly uuid: string;
  readonly name: string;
  testUserPermission(user: unknown, level: string): boolean;
}

interface UserLike {
  readonly name: string;
  readonly isGM: boolean;
}

/** The players acting for `actor` (src/teams), by name ("p1 or p2"); with none, the words of `noneKey` (the GM). */
export function ownerNames(actor: OwnedActor | undefined, noneKey: string): string {
  const users = ((game.users as unknown as { contents?: readonly UserLike[] } | undefined)?.contents ?? []).filter(
    (u) => !u.isGM && actor !== undefined && actsFor(actor.uuid, u),
  );
  if (users.length === 0) return localize(noneKey);
  return new Intl.ListFormat(game.i18n?.lang ?? "en", { type: "disjunction" }).format(users.map((u) => u.name));
}
