/**
 * A scenario's timetable carried out (src/combat/timetable-entry.ts posts its card): a unit or HQ
 * arrives (a token made from its prototype in its hex on the viewed scene), leaves the map (its
 * tokens go; the actor, its strength and cards stay, so it reads as off the map, not eliminated),
 * an HQ mobilises (its level set), a card is dealt (a copy of a world card given to an HQ). Undo
 * deletes what was made and puts back what was taken, exactly.
 */
import { written, type FamilyHandlers } from "../handler";
import { clamp, mapHex } from "../planner";

/** The fields of a card item's source a copy dealt to an HQ does not keep (its place in the deck's folder, its sort). */
const NOT_COPIED = new Set(["_id", "folder", "sort", "_stats", "ownership"]);

export const TIMETABLE_HANDLERS = {
  arrived: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit", "hq"], effect);
    const hex = mapHex(p, effect.hex);
    if (w !== undefined && hex !== undefined) p.createTokenOf(w.snap, hex, effect.token);
  }),
  leftMap: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit", "hq"], effect);
    if (w === undefined || p.scene() === undefined) return;
    p.deleteTokensOf(w.snap.uuid);
  }),
  hqMobilised: written((p, effect) => {
    const w = p.actor(effect.actor, ["hq"], effect);
    if (w !== undefined) p.set(w, "level.value", clamp(effect.level, 0, p.num(w, "level.max")));
  }),
  cardDealt: written((p, effect) => {
    const hq = p.actor(effect.actor, ["hq"], effect);
    const card = p.item(effect.card, ["supportCard"], effect);
    if (hq === undefined || card === undefined) return;
    const source = Object.fromEntries(Object.entries(card.snap.source ?? {}).filter(([key]) => !NOT_COPIED.has(key)));
    p.createItem(hq.snap.uuid, {
      name: card.snap.name,
      type: card.snap.type,
      system: structuredClone(card.snap.system),
      ...source,
      _id: effect.id,
    });
  }),
} as const satisfies FamilyHandlers;
