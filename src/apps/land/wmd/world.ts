/** What the nuclear / ADM dialog and Control's release read, and who may ask: the holder HQ's players, or a GM. */
import { currentUser, type AskingUser } from "../../../base/foundry";
import { denied, type Access } from "../../base/controller";
import { hqAccess, readLandWorld, type LandWorld } from "../world";
import type { WmdState } from "./state";

/** The Land world and who reads it: the request message names the asker. */
export interface WmdWorld extends LandWorld {
  readonly userId: string;
}

export function readWmdWorld(user?: AskingUser): WmdWorld {
  return { ...readLandWorld(user), userId: (user ?? currentUser())?.id ?? "" };
}

/** The card must be held by an HQ; the asker must act for that HQ (a GM acts for all). */
export function wmdAccess(state: WmdState, world: LandWorld): Access {
  const card = world.field.cards.find((c) => c.id === state.card);
  if (card?.hq === undefined) return denied("NOBC.Land.Wmd.Refused.unknownCard");
  return hqAccess(world, card.hq);
}
