import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { WEIGHT_CLASSES, weightLabel, type WeightClass } from "./firefight-table";
import { spreadEffects, type SpreadResult } from "./hits";
import { checkStands, fireVolley, type FireBatch, type TargetStand } from "./volley";
import { checkCount } from "./validate";

export const AIR_FIREPLAN_SOURCE = `${SEEDS.nqm}, The Fireplan - Air to Ground Fire`;
export const FORTIFICATION_SOURCE = `${SEEDS.nqm}, Effects of Fortification`;
const DECISION = `${SEEDS.decision}: air fireplan`;

/** Fighters, ground-attack aircraft and bombers (the seed's house rule gives their weight of fire). */
export type AircraftRole = "fighter" | "groundAttack" | "bomber";
export const AIRCRAFT_ROLES: readonly AircraftRole[] = ["fighter", "groundAttack", "bomber"];

/** House rule of seed 004: fighters deliver M fire, ground attack and bombers H fire. */
export const AIRCRAFT_WEIGHT: Readonly<Record<AircraftRole, WeightClass>> = { fighter: "M", groundAttack: "H", bomber: "H" };

/** Air targets count M when attacking from low level and H when bombing from high level. */
export const ALTITUDE_CLASS: Readonly<Record<"low" | "high", WeightClass>> = { low: "M", high: "H" };

/** The lang key of each role's name. */
export const AIRCRAFT_ROLE_LABEL: Readonly<Record<AircraftRole, string>> = {
  fighter: "NOBC.Rules.Nqm.Air.Role.fighter",
  groundAttack: "NOBC.Rules.Nqm.Air.Role.groundAttack",
  bomber: "NOBC.Rules.Nqm.Air.Role.bomber",
};

/** One air stand of the attack: its role, engines (1 CU each, house rule) and the height it attacks from. */
export interface AirStand {
  actor: ActorRef;
  name: string;
  role: AircraftRole;
  engines: number;
  altitude: "low" | "high";
  /** Heavy bombers: the only air attack that disorganises fortified troops (Effects of Fortification). */
  heavyBomber?: boolean;
}

/** An anti-aircraft stand: what it fires (its CUs of a weight) and how it stands under fire. */
export interface AaStand extends TargetStand {
  name: string;
  dice: number;
  weight: WeightClass;
}

export interface AirFireplanInput {
  aircraft: readonly AirStand[];
  aa: readonly AaStand[];
  /** The ground target the aircraft go on to, if any. */
  target?: { actor: ActorRef; name: string; stands: readonly TargetStand[] };
}

export interface AirFireplanOutcome {
  /** Air stands neutralised by the AA fire (each took a hit), and AA stands neutralised (every base pinned or lost). */
  airNeutralised: ActorRef[];
  aaNeutralised: ActorRef[];
  /** The remaining air went on to the ground target. */
  reachedTarget: boolean;
  targetHits: number;
  targetDisorganised: boolean;
  onAir: SpreadResult;
  onAa: SpreadResult;
  onTarget: SpreadResult;
}

/** The class the AA fires at: M while any air stand attacks from low level, else H (decision). */
export function aaAgainst(aircraft: readonly AirStand[]): WeightClass {
  return aircraft.some((a) => a.altitude === "low") ? ALTITUDE_CLASS.low : ALTITUDE_CLASS.high;
}

/**
 * Whether air fire of a weight can disorganise a target of a class: like artillery of that weight
 * (M fire up to dug-in, H fire any), except that fortified troops are disorganised only by heavy
 * bombers (Effects of Fortification). Decision: docs/rules-decisions.md, "air fireplan".
 */
export function airCanDisorganise(weight: WeightClass, target: WeightClass, heavyBomber: boolean): boolean {
  if (WEIGHT_CLASSES.indexOf(target) >= WEIGHT_CLASSES.indexOf("H")) return heavyBomber;
  return WEIGHT_CLASSES.indexOf(weight) >= WEIGHT_CLASSES.indexOf(target);
}

function airBatch(a: AirStand, against: WeightClass): FireBatch {
  return { firer: a.actor, weight: AIRCRAFT_WEIGHT[a.role], dice: a.engines, against };
}

/** An AA stand is neutralised when nothing of it is left unpinned. */
function neutralised(stands: readonly TargetStand[], spread: SpreadResult): ActorRef[] {
  return spread.stands
    .filter((s) => {
      const before = stands.find((t) => t.actor === s.actor)!;
      const bases = before.strength - s.basesLost;
      return s.destroyed || before.red + s.red + before.black + s.black >= bases;
    })
    .map((s) => s.actor);
}

/**
 * The air-to-ground fireplan (seed 004): the AA fires first at the aircraft, which count M from low
 * level and H from high; an air stand that takes a hit is neutralised. The rest attack the AA as
 * priority targets with 1 CU per engine (fighters M, ground attack and bombers H). If more AA stands
 * are neutralised than air stands, the remaining air goes on to the ground target as a shoot of its
 * weight. With no AA the aircraft go straight for the target.
 */
export function resolveAirFireplan(input: AirFireplanInput, dice: Dice): Checked<Resolution<AirFireplanOutcome>> {
  const refusals = new RefusalList();
  if (input.aircraft.length === 0) refusals.add("noAircraft", phrase("NOBC.Rules.Nqm.Air.Refusal.noAircraft"), "aircraft");
  input.aircraft.forEach((a, i) => {
    checkCount(refusals, a.engines, `aircraft[${i}].engines`, phrase("NOBC.Rules.Nqm.Air.Engines", { unit: a.name }), 1);
  });
  input.aa.forEach((s, i) => {
    checkCount(refusals, s.dice, `aa[${i}].dice`, phrase("NOBC.Rules.Nqm.Air.AaDice", { unit: s.name }), 1);
  });
  checkStands(refusals, phrase("NOBC.Rules.Nqm.Air.AaSide"), input.aa, "aa");
  if (input.target !== undefined) {
    checkStands(refusals, input.target.name, input.target.stands, "target.stands");
    if (input.target.stands.length === 0) refusals.add("noTarget", phrase("NOBC.Rules.Nqm.Air.Refusal.noTarget"), "target.stands");
  }
  return refusals.result(() => {
    const breakdown: BreakdownLine[] = [];
    const rolls: number[] = [];
    const effects: NqmEffect[] = [];
    const none: SpreadResult = { stands: [], wasted: 0 };
    const airSide = phrase("NOBC.Rules.Nqm.Air.AirSide");
    const aaSide = phrase("NOBC.Rules.Nqm.Air.AaSide");
    const against = aaAgainst(input.aircraft);
    const airStands: TargetStand[] = input.aircraft.map((a) => ({ actor: a.actor, strength: 1, red: 0, black: 0, protection: against }));

    // 1. The AA fires first, at the class the aircraft count as.
    let onAir = none;
    if (input.aa.length > 0) {
      breakdown.push({
        text: phrase("NOBC.Rules.Nqm.Air.AaFirst", { against: weightLabel(against) }),
        value: 0,
        source: `${AIR_FIREPLAN_SOURCE}; ${DECISION}`,
      });
      const volley = fireVolley(
        aaSide,
        input.aa.map((s) => ({ firer: s.actor, weight: s.weight, dice: s.dice, against })),
        airStands,
        dice,
        undefined,
      );
      breakdown.push(...volley.breakdown);
      rolls.push(...volley.rolls);
      effects.push(...volley.effects, ...spreadEffects(volley.spread));
      onAir = volley.spread;
    }
    const airNeutralised = onAir.stands.filter((s) => s.hits > 0).map((s) => s.actor);
    const flying = input.aircraft.filter((a) => !airNeutralised.includes(a.actor));
    breakdown.push({
      text: phrase("NOBC.Rules.Nqm.Air.AirNeutralised"),
      value: airNeutralised.length,
      source: `${AIR_FIREPLAN_SOURCE}; ${DECISION}`,
    });

    // 2. The air left attacks the AA, its priority targets.
    let onAa = none;
    let aaNeutralised: ActorRef[] = [];
    if (input.aa.length > 0 && flying.length > 0) {
      const aaClass = input.aa[0]!.protection;
      const volley = fireVolley(
        airSide,
        flying.map((a) => airBatch(a, aaClass)),
        input.aa,
        dice,
        undefined,
      );
      breakdown.push(...volley.breakdown);
      rolls.push(...volley.rolls);
      effects.push(...spreadEffects(volley.spread));
      onAa = volley.spread;
      aaNeutralised = neutralised(input.aa, volley.spread);
    }
    if (input.aa.length > 0)
      breakdown.push({ text: phrase("NOBC.Rules.Nqm.Air.AaNeutralised"), value: aaNeutralised.length, source: AIR_FIREPLAN_SOURCE });

    // 3. The neutralised-AA check: the remaining air goes on only if it neutralised more AA than it lost.
    const goesOn =
      flying.length > 0 && input.target !== undefined && (input.aa.length === 0 || aaNeutralised.length > airNeutralised.length);
    if (input.target !== undefined && input.aa.length > 0) {
      breakdown.push({
        text: phrase(goesOn ? "NOBC.Rules.Nqm.Air.GoesOn" : "NOBC.Rules.Nqm.Air.HeldOff"),
        value: aaNeutralised.length - airNeutralised.length,
        source: AIR_FIREPLAN_SOURCE,
      });
    }
    let onTarget = none;
    let targetHits = 0;
    let targetDisorganised = false;
    if (goesOn && input.target !== undefined) {
      const target = input.target;
      const tClass = target.stands[0]!.protection;
      const volley = fireVolley(
        airSide,
        flying.map((a) => airBatch(a, tClass)),
        target.stands,
        dice,
        undefined,
      );
      breakdown.push(...volley.breakdown);
      rolls.push(...volley.rolls);
      effects.push(...spreadEffects(volley.spread));
      onTarget = volley.spread;
      targetHits = volley.hits;
      targetDisorganised = flying.some(
        (a, i) => volley.batchHits[i]! > 0 && airCanDisorganise(AIRCRAFT_WEIGHT[a.role], tClass, a.heavyBomber === true),
      );
      breakdown.push({
        text: targetDisorganised
          ? phrase("NOBC.Rules.Nqm.Artillery.Disorganised", { target: target.name, count: 1 })
          : phrase("NOBC.Rules.Nqm.Artillery.NotDisorganised", { target: target.name }),
        value: targetDisorganised ? 1 : 0,
        source: `${AIR_FIREPLAN_SOURCE}; ${FORTIFICATION_SOURCE}; ${DECISION}`,
      });
      if (targetDisorganised) effects.push({ type: "disorganised", actor: target.actor, value: true, hours: 1 });
    }
    return {
      breakdown,
      rolls,
      outcome: { airNeutralised, aaNeutralised, reachedTarget: goesOn, targetHits, targetDisorganised, onAir, onAa, onTarget },
      effects,
    };
  });
}
