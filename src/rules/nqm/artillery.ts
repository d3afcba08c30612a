import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { weightLabel, type WeightClass } from "./firefight-table";
import { spreadEffects, type SpreadResult } from "./hits";
import { checkFire, checkStands, fireVolley, type FireBatch, type TargetStand } from "./volley";

export const ARTILLERY_EFFECT_SOURCE = `${SEEDS.nqm}, Table 7 (Artillery Effect Table)`;
export const WEAPON_RANGE_SOURCE = `${SEEDS.nqm}, Table 8 (Weapon Range Table)`;
const FIREPLAN_SOURCE = `${SEEDS.nqm}, The Fireplan - Artillery Fire`;
const DECISION = "docs/rules-decisions.md";

/**
 * Seed 004 (NQM 2015), Table 7, Artillery Effect Table: the least calibre (mm) that disorganises a
 * target of each armour class or position (L open, M dug-in, H fortified). Seed 001 printed 160 mm for
 * fortified. VL and VH are not printed: soft targets take the L value, and VH (casemated concrete)
 * the 200 mm of Table 10's very heavy artillery (decision).
 */
export const ARTILLERY_EFFECT_TABLE: Readonly<Record<WeightClass, number>> = {
  VL: 45,
  L: 45,
  M: 80,
  H: 120,
  VH: 200,
};

/** Whether artillery of this calibre can disorganise a target of this class. */
export function canDisorganise(calibreMm: number, target: WeightClass): boolean {
  if (!Number.isFinite(calibreMm) || calibreMm <= 0)
    throw new RangeError(`calibre must be a positive number of millimetres, got ${calibreMm}`);
  return calibreMm >= ARTILLERY_EFFECT_TABLE[target];
}

/** Harassing fire costs a third of a fire unit per die and lasts two hours (Table 8, note 2). */
export const HARASSING_COST = 1 / 3;
export const HARASSING_HOURS = 2;
/** An effective shoot pins and disorganises its target for an hour. */
export const EFFECTIVE_HOURS = 1;

export type WeaponKind =
  | "infantrySmallArms"
  | "infantryAntiTank"
  | "lightAntiTankGun"
  | "mediumAntiTankGun"
  | "heavyAntiTankGun"
  | "tankGunTo47"
  | "tankGun48To76"
  | "mortar81"
  | "mortar3in"
  | "mortar120"
  | "artillery105"
  | "artillery150"
  | "artillery200";

/**
 * A weapon's reach in metres; `harassing` is null where none is printed, "indirect" where the harassing-fire note applies.
 * `label` is the lang key of the weapon's name.
 */
export interface WeaponRange {
  label: string;
  effective: number;
  harassing: number | null | "indirect";
}

/** Seed 004 (NQM 2015), Table 8, Weapon Range Table (the same figures as seed 001). */
export const WEAPON_RANGE_TABLE: Readonly<Record<WeaponKind, WeaponRange>> = {
  infantrySmallArms: { label: "NOBC.Rules.Nqm.Weapon.infantrySmallArms", effective: 300, harassing: 1000 },
  infantryAntiTank: { label: "NOBC.Rules.Nqm.Weapon.infantryAntiTank", effective: 200, harassing: null },
  lightAntiTankGun: { label: "NOBC.Rules.Nqm.Weapon.lightAntiTankGun", effective: 500, harassing: 1000 },
  mediumAntiTankGun: { label: "NOBC.Rules.Nqm.Weapon.mediumAntiTankGun", effective: 1000, harassing: 2000 },
  heavyAntiTankGun: { label: "NOBC.Rules.Nqm.Weapon.heavyAntiTankGun", effective: 2000, harassing: 3000 },
  tankGunTo47: { label: "NOBC.Rules.Nqm.Weapon.tankGunTo47", effective: 300, harassing: 600 },
  tankGun48To76: { label: "NOBC.Rules.Nqm.Weapon.tankGun48To76", effective: 500, harassing: 1000 },
  mortar81: { label: "NOBC.Rules.Nqm.Weapon.mortar81", effective: 3000, harassing: "indirect" },
  mortar3in: { label: "NOBC.Rules.Nqm.Weapon.mortar3in", effective: 1500, harassing: "indirect" },
  mortar120: { label: "NOBC.Rules.Nqm.Weapon.mortar120", effective: 5000, harassing: "indirect" },
  artillery105: { label: "NOBC.Rules.Nqm.Weapon.artillery105", effective: 15000, harassing: "indirect" },
  artillery150: { label: "NOBC.Rules.Nqm.Weapon.artillery150", effective: 18000, harassing: "indirect" },
  artillery200: { label: "NOBC.Rules.Nqm.Weapon.artillery200", effective: 20000, harassing: "indirect" },
};

export function weaponRange(weapon: WeaponKind): WeaponRange {
  return WEAPON_RANGE_TABLE[weapon];
}

/** Which band a target at `metres` falls in for a weapon; indirect weapons harass at any range they reach. */
export function rangeBand(weapon: WeaponKind, metres: number): "effective" | "harassing" | "outOfRange" {
  if (!Number.isFinite(metres) || metres < 0) throw new RangeError(`range must be a non-negative number of metres, got ${metres}`);
  const w = WEAPON_RANGE_TABLE[weapon];
  if (metres <= w.effective) return "effective";
  if (typeof w.harassing === "number" && metres <= w.harassing) return "harassing";
  return "outOfRange";
}

/** A battery's shoot: fire units (one die each) of a weight class and calibre. */
export interface ArtilleryBatch extends FireBatch {
  calibreMm: number;
}

export interface ArtilleryInput {
  mode: "effective" | "harassing";
  fire: readonly ArtilleryBatch[];
  target: { actor: ActorRef; name: string; stands: readonly TargetStand[] };
}

export interface ArtilleryOutcome {
  /** Hits read from Table 12, and the hits applied (none for harassing fire). */
  scored: number;
  applied: number;
  disorganised: boolean;
  /** Hours the disorganisation (or harassment) lasts. */
  hours: number;
  spread: SpreadResult;
}

/**
 * Indirect fire on one target unit. An effective shoot places hits (Table 12) and disorganises the
 * target for an hour if a battery heavy enough for it (Table 7) scored. A harassing shoot places no
 * hits; it disorganises only if a heavy-enough battery scores, and hampers the target for two hours.
 */
export function resolveArtilleryFire(input: ArtilleryInput, dice: Dice): Checked<Resolution<ArtilleryOutcome>> {
  const refusals = new RefusalList();
  const { target } = input;
  if (input.fire.length === 0) refusals.add("noFire", phrase("NOBC.Rules.Nqm.Artillery.Refusal.noFire", { target: target.name }), "fire");
  input.fire.forEach((b, i) => {
    if (!Number.isFinite(b.calibreMm) || b.calibreMm <= 0) {
      refusals.add(
        "badCalibre",
        phrase("NOBC.Rules.Nqm.Artillery.Refusal.badCalibre", { firer: b.firer, calibre: String(b.calibreMm) }),
        `fire[${i}].calibreMm`,
      );
    }
  });
  checkStands(refusals, target.name, target.stands, "target.stands");
  const side = phrase("NOBC.Rules.Nqm.Artillery.Side");
  checkFire(refusals, side, input.fire, target.stands, "");
  return refusals.result(() => {
    const harassing = input.mode === "harassing";
    const volley = fireVolley(side, input.fire, target.stands, dice, undefined, harassing ? () => 0 : undefined);
    const breakdown: BreakdownLine[] = [...volley.breakdown];
    let disorganised = false;
    for (const [i, batch] of input.fire.entries()) {
      const heavyEnough = canDisorganise(batch.calibreMm, batch.against);
      breakdown.push({
        text: phrase(heavyEnough ? "NOBC.Rules.Nqm.Artillery.CanDisorganise" : "NOBC.Rules.Nqm.Artillery.CannotDisorganise", {
          firer: batch.firer,
          calibre: batch.calibreMm,
          against: weightLabel(batch.against),
          needs: ARTILLERY_EFFECT_TABLE[batch.against],
        }),
        value: ARTILLERY_EFFECT_TABLE[batch.against],
        source: ARTILLERY_EFFECT_SOURCE,
      });
      if (heavyEnough && volley.batchHits[i]! > 0) disorganised = true;
    }
    const hours = harassing ? HARASSING_HOURS : EFFECTIVE_HOURS;
    const effects: NqmEffect[] = harassing
      ? [
          ...input.fire.map((b): NqmEffect => ({ type: "ammo", actor: b.firer, delta: -b.dice * HARASSING_COST })),
          { type: "harassed", actor: target.actor, hours },
        ]
      : [...volley.effects, ...spreadEffects(volley.spread)];
    if (harassing)
      breakdown.push({
        text: phrase("NOBC.Rules.Nqm.Artillery.HarassingNoHits"),
        value: -volley.hits,
        source: `${WEAPON_RANGE_SOURCE}, note 2`,
      });
    if (disorganised) effects.push({ type: "disorganised", actor: target.actor, value: true, hours });
    breakdown.push({
      text: disorganised
        ? phrase("NOBC.Rules.Nqm.Artillery.Disorganised", { target: target.name, count: hours })
        : phrase("NOBC.Rules.Nqm.Artillery.NotDisorganised", { target: target.name }),
      value: disorganised ? hours : 0,
      source: `${FIREPLAN_SOURCE}; ${DECISION}: artillery disorganisation`,
    });
    return {
      breakdown,
      rolls: volley.rolls,
      outcome: { scored: volley.hits, applied: volley.applied, disorganised, hours, spread: volley.spread },
      effects,
    };
  });
}
