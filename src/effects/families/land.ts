/**
 * The Land War's effects on units, HQs and support cards: hits on strength or an HQ's level, an
 * eliminated unit (its tokens leave the viewed scene), supply within the unit's capacity, mode,
 * the no-move chip, movement points, an HQ's level, a card discarded or assigned. A retreat and the
 * cards an HQ gives up are notes: their dialogs ask the owner, and the answer is its own card.
 */
import { land } from "../../rules/index";
import type { UnitArm, UnitSize } from "../../rules/nobc/land/types";
import { noted, written, type FamilyHandlers } from "../handler";
import { clamp } from "../planner";

export const LAND_HANDLERS = {
  hits: written((p, effect) => {
    // Hits fall on a unit's strength, or on an HQ's level boxes.
    const w = p.actor(effect.actor, ["unit", "hq"], effect);
    if (w === undefined) return;
    const path = w.snap.type === "unit" ? "strength.value" : "level.value";
    const max = p.num(w, w.snap.type === "unit" ? "strength.max" : "level.max");
    p.set(w, path, clamp(p.num(w, path) - effect.amount, 0, max));
  }),
  eliminated: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit"], effect);
    if (w === undefined) return;
    p.set(w, "strength.value", 0);
    // Its tokens leave the viewed scene (Undo puts them back as they were).
    p.deleteTokensOf(w.snap.uuid);
  }),
  supply: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit"], effect);
    if (w === undefined) return;
    const capacity = land.unitSupplyCapacity({
      size: p.get(w, "size") as UnitSize,
      arm: p.get(w, "arm") as UnitArm,
    });
    const wanted = p.num(w, "supply") + effect.delta;
    const value = clamp(wanted, 0, capacity);
    if (value !== wanted) p.note("NOBC.EffectNote.supplyCapped", effect, { name: w.snap.name, count: capacity });
    p.set(w, "supply", value);
  }),
  mode: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit"], effect);
    if (w === undefined) return;
    const forced = land.alwaysInMarchMode({ size: p.get(w, "size") as UnitSize, arm: p.get(w, "arm") as UnitArm });
    if (forced && effect.mode === "combat") return p.note("NOBC.EffectNote.forcedMarch", effect, { name: w.snap.name });
    p.set(w, "mode", effect.mode);
  }),
  noMove: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit"], effect);
    if (w !== undefined) p.set(w, "noMove", true);
  }),
  noMoveCleared: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit"], effect);
    if (w !== undefined) p.set(w, "noMove", false);
  }),
  movementPoints: written((p, effect) => {
    const w = p.actor(effect.actor, ["unit"], effect);
    if (w !== undefined) p.set(w, "movementPoints", Math.max(0, effect.value));
  }),
  hqLevel: written((p, effect) => {
    const w = p.actor(effect.actor, ["hq"], effect);
    if (w === undefined) return;
    p.set(w, "level.value", clamp(p.num(w, "level.value") + effect.delta, 0, p.num(w, "level.max")));
  }),
  cardDiscarded: written((p, effect) => p.deleteItem(effect.card, effect)),
  cardAssignment: written((p, effect) => {
    const w = p.item(effect.card, ["supportCard"], effect);
    if (w !== undefined) p.set(w, "assignedTo", effect.assignedTo);
  }),
  retreat: noted("NOBC.EffectNote.retreat", (effect) => effect.hexes),
  hqCardsLost: noted("NOBC.EffectNote.hqCardsLost", (effect) => effect.count),
} as const satisfies FamilyHandlers;
