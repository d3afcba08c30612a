/** Who answers for an actor on a card's "awaiting" line: its players by name, or the GM. */
import { localize } from "../../base/foundry";

/** An actor as the awaiting lines read it. */
export interface OwnedActor {
  readonly name: string;
  testUserPermission(user: unknown, level: string): boolean;
}

interface UserLike {
  readonly name: string;
  readonly isGM: boolean;
}

/** The players owning `actor`, by name ("p1 or p2"); with none, the words of `noneKey` (the GM). */
export function ownerNames(actor: OwnedActor | undefined, noneKey: string): string {
  const users = ((game.users as unknown as { contents?: readonly UserLike[] } | undefined)?.contents ?? []).filter(
    (u) => !u.isGM && actor?.testUserPermission(u, "OWNER") === true,
  );
  if (users.length === 0) return localize(noneKey);
  return new Intl.ListFormat(game.i18n?.lang ?? "en", { type: "disjunction" }).format(users.map((u) => u.name));
}
