/**
 * NQM's effects on an `nqmUnit` (seed 004, 2015 edition): pins within the bases left (black first,
 * then red), bases lost (a red pin goes with a base before a black one, as the rules' spread does),
 * disorganisation and harassment in hours, ammunition in dice or thirds of one, supply units,
 * being in supply, surrender and withdrawal.
 */
import type { NqmEffect } from "../../rules/effects";
import { pinsWithin } from "../../data/nqm-classes";
import { written, type EffectHandler, type FamilyHandlers } from "../handler";
import type { Planner, Working } from "../planner";

/** Ammunition in whole dice or thirds of one (harassing fire): a sum of thirds is kept on the nearest third. */
export function ammoValue(n: number): number {
  const thirds = Math.round(n * 3);
  return Math.abs(n * 3 - thirds) < 1e-6 ? thirds / 3 : n;
}

/** An effect written to the `nqmUnit` it names (a note says why when it names none). */
function onNqmUnit<E extends NqmEffect>(plan: (p: Planner, w: Working, effect: E) => void): EffectHandler<E> {
  return written((p, effect) => {
    const w = p.actor(effect.actor, ["nqmUnit"], effect);
    if (w !== undefined) plan(p, w, effect);
  });
}

export const NQM_HANDLERS = {
  pins: onNqmUnit((p, w, effect) => {
    const pins = pinsWithin(p.num(w, "strength.value"), p.num(w, "pins.red") + effect.red, p.num(w, "pins.black") + effect.black);
    p.set(w, "pins.black", pins.black);
    p.set(w, "pins.red", pins.red);
  }),
  standsLost: onNqmUnit((p, w, effect) => {
    const bases = Math.max(0, p.num(w, "strength.value") - effect.count);
    p.set(w, "strength.value", bases);
    let red = p.num(w, "pins.red");
    let black = p.num(w, "pins.black");
    const over = Math.max(0, red + black - bases);
    red -= Math.min(red, over);
    black = Math.min(black, bases - red);
    p.set(w, "pins.red", red);
    p.set(w, "pins.black", black);
  }),
  disorganised: onNqmUnit((p, w, effect) => {
    p.set(w, "disorganised", effect.value);
    p.set(w, "disorganisedHours", effect.value ? (effect.hours ?? 0) : 0);
  }),
  harassed: onNqmUnit((p, w, effect) => p.set(w, "harassedHours", Math.max(p.num(w, "harassedHours"), effect.hours))),
  ammo: onNqmUnit((p, w, effect) => p.set(w, "ammo", ammoValue(Math.max(0, p.num(w, "ammo") + effect.delta)))),
  surrendered: onNqmUnit((p, w) => p.set(w, "surrendered", true)),
  withdrawn: onNqmUnit((p, w) => p.set(w, "withdrawn", true)),
  supplyUnits: onNqmUnit((p, w, effect) =>
    p.set(w, `supplyUnits.${effect.kind}`, Math.max(0, p.num(w, `supplyUnits.${effect.kind}`) + effect.delta)),
  ),
  inSupply: onNqmUnit((p, w, effect) => p.set(w, "inSupply", effect.value)),
} as const satisfies FamilyHandlers;
