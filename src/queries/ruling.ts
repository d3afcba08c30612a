/**
 * Who rules on an item of Control (issue #31): the umpire whose sector covers it when online, else
 * the active GM (src/teams/umpires.ts, `whoRules`). An umpire's ruling (a release, an override, a
 * marked card ruled on) is a request to the active GM's client, which checks it here like any other
 * request: a player is refused, and so is a GM who is not the item's ruler (the ruler is named).
 * docs/rules-decisions.md, "Control: who rules on what".
 */
import { format } from "../base/foundry";
import { activeGmId, readUmpires, umpireUsers } from "../teams/umpires-read";
import { usersOfWorld } from "../teams/read";
import { whoRules, type ItemSector, type Ruler } from "../teams/umpires";
import type { CardResult, RequestingUser } from "./card-actions";

/** The ruler of `sector` in this world now. */
export function rulerOf(sector: ItemSector): Ruler {
  return whoRules(readUmpires(), sector, umpireUsers(), activeGmId());
}

/** Why `user` may not rule on an item of `sector`, or null: they are its ruler. */
export function rulingRefusal(sector: ItemSector, user: RequestingUser): Extract<CardResult, { ok: false }> | null {
  if (!user.isGM) return { ok: false, reason: "NOBC.Control.Refused.umpireOnly" };
  const ruler = rulerOf(sector);
  if (ruler.user === null || ruler.user === user.id) return null;
  const name = usersOfWorld().find((u) => u.id === ruler.user)?.name ?? ruler.user;
  return { ok: false, reason: "NOBC.Control.Refused.notRuler", details: [format("NOBC.Control.RulerIs", { name })] };
}
