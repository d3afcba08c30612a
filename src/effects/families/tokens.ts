/**
 * A unit's or HQ's tokens moved on the viewed scene (`moved`): their position only, to the path's
 * last hex; Undo puts them back to the pixel. A token moved since the move was decided is refused.
 */
import { written, type FamilyHandlers } from "../handler";
import { mapHex } from "../planner";

export const TOKEN_HANDLERS = {
  moved: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit", "hq"], effect);
    const to = effect.path[effect.path.length - 1];
    if (w === undefined || to === undefined) return;
    const hex = mapHex(p, to);
    if (hex !== undefined) p.moveTokensOf(w.snap.uuid, w.snap.name, hex, effect.from);
  }),
} as const satisfies FamilyHandlers;
