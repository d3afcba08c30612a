import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, total, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { airSupportLevel, airSupportModifier, higherLevel, type AirSupportKind, type AirSupportLevel } from "./air-support";
import { ARTILLERY_RANGES, artilleryContribution, artilleryEffect, type ArtilleryKind } from "./artillery";
import type { PlaysheetEffect } from "./effects";
import { combatResultRow, type CombatResult, type RetireDistance } from "./results";
import { SRC, decision } from "./sources";
import { checkCount, checkDistance, checkUniqueRefs, rollDice, rollDie } from "./validate";

/** What a unit is, as far as the combat factors care. */
export type PlaysheetArm = "infantry" | "lightInfantry" | "mechanised" | "armour" | "other";

interface CombatUnitBase {
  readonly ref: ActorRef;
  readonly name: string;
  readonly status: number;
  readonly arm: PlaysheetArm;
  /** Fighting beside units of another formation. */
  readonly fromAnotherFormation?: boolean;
  /** In non-tactical movement mode. */
  readonly nonTactical?: boolean;
  /** Mechanised or armoured unit without fuel. */
  readonly outOfFuel?: boolean;
  /** Infantry without support facing tanks in the open. */
  readonly unsupportedVsTanksInOpen?: boolean;
}

export interface AttackingUnit extends CombatUnitBase {
  /** Moved more than half its move this turn: it may only fight as part of an overrun. */
  readonly movedOverHalf?: boolean;
}

export interface DefendingUnit extends CombatUnitBase {
  /** Defending close country against tanks. */
  readonly closeCountryVsTanks?: boolean;
}

export interface SupportingArtillery {
  readonly ref: ActorRef;
  readonly name: string;
  readonly kind: ArtilleryKind;
  readonly status: number;
  readonly rangeKm: number;
}

export interface AirSupportInput {
  readonly kind: AirSupportKind;
  readonly units: number;
}

export interface PlaysheetCombatInput {
  readonly attackers: readonly AttackingUnit[];
  readonly defenders: readonly DefendingUnit[];
  readonly attackerArtillery?: readonly SupportingArtillery[];
  readonly defenderArtillery?: readonly SupportingArtillery[];
  readonly attackerAirSupport?: readonly AirSupportInput[];
  readonly defenderAirSupport?: readonly AirSupportInput[];
  /** Orders to prepare the attack were given; without them the attack is unprepared. */
  readonly prepared: boolean;
  readonly combinedArms?: boolean;
  readonly tacticalAdvantage?: "attacker" | "defender";
  /** The attackers hold a breakthrough order (needed for an overrun). */
  readonly breakthroughOrder?: boolean;
  /** The defenders' ground, for how far they retire. */
  readonly defenderGround: "open" | "close";
}

export interface PlaysheetCombatOutcome {
  readonly score: number;
  readonly result: CombatResult;
  /** The attack qualified for and achieved an overrun. */
  readonly overrun: boolean;
  /** After an overrun: may the attackers fight again this turn. */
  readonly mayFightAgain: boolean;
  /** km the defenders retire; 0 when they stay. */
  readonly retireKm: number;
  readonly defenderMayCounterAttack: boolean;
  readonly attackersThrownBack: boolean;
}

type Side = "attacker" | "defender";

/** Per-unit factors of seed 003, Combat factors, with the side they may apply to. */
const UNIT_FACTORS = [
  { flag: "fromAnotherFormation", value: -1, label: "from another formation", arms: null },
  { flag: "nonTactical", value: -2, label: "non-tactical", arms: null },
  { flag: "outOfFuel", value: -1, label: "mechanised/armour with no fuel", arms: ["mechanised", "armour"] },
  {
    flag: "unsupportedVsTanksInOpen",
    value: -1,
    label: "unsupported infantry against tanks in the open",
    arms: ["infantry", "lightInfantry"],
  },
  { flag: "closeCountryVsTanks", value: 1, label: "defending close country against tanks", arms: null },
] as const;

function checkUnits(refusals: RefusalList, units: readonly (AttackingUnit | DefendingUnit)[], field: string): void {
  units.forEach((unit, i) => {
    checkCount(refusals, unit.status, `${field}[${i}].status`, `The status of ${unit.name}`);
    for (const factor of UNIT_FACTORS) {
      const flagged = (unit as unknown as Record<string, unknown>)[factor.flag] === true;
      if (flagged && factor.arms !== null && !(factor.arms as readonly string[]).includes(unit.arm)) {
        refusals.add(
          "factorNotApplicable",
          `${unit.name} is ${unit.arm}, so the factor "${factor.label}" cannot apply to it.`,
          `${field}[${i}].${factor.flag}`,
        );
      }
    }
  });
}

function checkArtillery(refusals: RefusalList, guns: readonly SupportingArtillery[], field: string): void {
  guns.forEach((gun, i) => {
    checkCount(refusals, gun.status, `${field}[${i}].status`, `The status of ${gun.name}`);
    if (!checkDistance(refusals, gun.rangeKm, `${field}[${i}].rangeKm`, `The range of ${gun.name}`)) return;
    if (artilleryEffect(gun.kind, gun.rangeKm) === "outOfRange") {
      const r = ARTILLERY_RANGES[gun.kind];
      refusals.add(
        "outOfRange",
        `${gun.name} (${gun.kind}) reaches at most ${r.longKm ?? r.effectiveKm} km, so it cannot support at ${gun.rangeKm} km.`,
        `${field}[${i}].rangeKm`,
      );
    }
  });
}

function checkAir(refusals: RefusalList, air: readonly AirSupportInput[], field: string): void {
  air.forEach((a, i) => checkCount(refusals, a.units, `${field}[${i}].units`, `The number of ${a.kind} air units`));
}

/** Every line one side adds to the score; the defender's lines carry the sign they have in the score. */
function sideLines(
  side: Side,
  units: readonly (AttackingUnit | DefendingUnit)[],
  guns: readonly SupportingArtillery[],
  air: readonly AirSupportInput[],
): BreakdownLine[] {
  const sign = side === "attacker" ? 1 : -1;
  const who = side === "attacker" ? "Attacker" : "Defender";
  const lines: BreakdownLine[] = [];
  for (const unit of units) {
    lines.push({ label: `${who} status: ${unit.name}`, value: sign * unit.status, source: SRC.formula });
    for (const factor of UNIT_FACTORS) {
      if ((unit as unknown as Record<string, unknown>)[factor.flag] === true) {
        lines.push({ label: `${who} ${unit.name}: ${factor.label}`, value: sign * factor.value, source: SRC.factors });
      }
    }
    if (side === "attacker" && unit.arm === "lightInfantry") {
      lines.push({ label: `${who} ${unit.name}: light infantry attacking`, value: -1, source: SRC.factors });
    }
  }
  for (const gun of guns) {
    const effect = artilleryEffect(gun.kind, gun.rangeKm);
    lines.push({
      label: `${who} artillery ${gun.name} at ${gun.rangeKm} km (${effect === "normal" ? "full" : "half"} status)`,
      value: sign * artilleryContribution(gun.status, effect),
      source: effect === "normal" ? SRC.artillery : `${SRC.artillery}; ${decision("half status rounds down")}`,
    });
  }
  const level = air.reduce<AirSupportLevel>((best, a) => higherLevel(best, airSupportLevel(a.kind, a.units)), "none");
  if (level !== "none") {
    lines.push({
      label: `${who} air support: ${level}`,
      value: sign * airSupportModifier(level),
      source: air.length > 1 ? `${SRC.airGround}; ${decision("several air support kinds")}` : SRC.airGround,
    });
  }
  return lines;
}

function rollRetire(distance: RetireDistance, dice: Dice, rolls: number[]): number {
  if (distance.kind === "fixed") return distance.km;
  if (distance.dice === "2d6") {
    const faces = rollDice(dice, 2);
    rolls.push(...faces);
    return faces[0]! + faces[1]!;
  }
  const face = rollDie(dice);
  rolls.push(face);
  return distance.dice === "1d6" ? face : Math.ceil(face / 2);
}

function statusSum(units: readonly { status: number }[]): number {
  return units.reduce((sum, u) => sum + u.status, 0);
}

/**
 * Resolves one playsheet attack: (attacker status + factors) − (defender status + factors) + 1d6,
 * read on the Results Table with its overrun specials. Costs ammunition for attackers and guns.
 */
export function resolvePlaysheetCombat(input: PlaysheetCombatInput, dice: Dice): Checked<Resolution<PlaysheetCombatOutcome>> {
  const refusals = new RefusalList();
  const attArty = input.attackerArtillery ?? [];
  const defArty = input.defenderArtillery ?? [];
  const attAir = input.attackerAirSupport ?? [];
  const defAir = input.defenderAirSupport ?? [];
  if (input.attackers.length === 0)
    refusals.add("noAttackers", "An attack needs at least one attacking unit (attackers is empty).", "attackers");
  if (input.defenders.length === 0)
    refusals.add("noDefenders", "An attack needs at least one defending unit (defenders is empty).", "defenders");
  checkUnits(refusals, input.attackers, "attackers");
  checkUnits(refusals, input.defenders, "defenders");
  checkArtillery(refusals, attArty, "attackerArtillery");
  checkArtillery(refusals, defArty, "defenderArtillery");
  checkAir(refusals, attAir, "attackerAirSupport");
  checkAir(refusals, defAir, "defenderAirSupport");
  checkUniqueRefs(
    refusals,
    [...input.attackers, ...input.defenders, ...attArty, ...defArty].map((u) => u.ref),
    "the combat",
  );
  input.attackers.forEach((unit, i) => {
    if (unit.movedOverHalf && !input.breakthroughOrder) {
      refusals.add(
        "movedTooFar",
        `${unit.name} moved more than half its move this turn, so it can only fight in an overrun (breakthrough order).`,
        `attackers[${i}].movedOverHalf`,
      );
    }
  });

  return refusals.result(() => {
    const breakdown: BreakdownLine[] = [...sideLines("attacker", input.attackers, attArty, attAir)];
    if (!input.prepared) breakdown.push({ label: "Unprepared attack", value: -2, source: SRC.factors });
    if (input.combinedArms) breakdown.push({ label: "Combined arms attack", value: 1, source: SRC.factors });
    if (input.tacticalAdvantage) {
      breakdown.push({
        label: `Clear tactical advantage (${input.tacticalAdvantage})`,
        value: input.tacticalAdvantage === "attacker" ? 1 : -1,
        source: SRC.factors,
      });
    }
    breakdown.push(...sideLines("defender", input.defenders, defArty, defAir));
    const die = rollDie(dice);
    const rolls = [die];
    breakdown.push({ label: "Die roll (1d6)", value: die, source: SRC.formula });
    const score = total(breakdown);
    const row = combatResultRow(score);

    const armour = input.attackers.filter((u) => u.arm === "armour").length;
    const qualifies =
      armour * 2 > input.attackers.length &&
      statusSum(input.attackers) >= 2 * statusSum(input.defenders) &&
      input.breakthroughOrder === true;
    const overrun = qualifies && row.overrun !== null;
    const extraLoss = overrun ? row.overrun.extraAttackerLossPerUnit : 0;

    const retireKm = row.defenderRetire ? rollRetire(row.defenderRetire[input.defenderGround], dice, rolls) : 0;

    const effects: PlaysheetEffect[] = [];
    for (const unit of input.attackers) effects.push({ type: "playsheetSupply", actor: unit.ref, delta: -1, kind: "ammo" });
    for (const gun of [...attArty, ...defArty]) effects.push({ type: "playsheetSupply", actor: gun.ref, delta: -1, kind: "ammo" });
    for (const unit of input.attackers) {
      effects.push({ type: "playsheetStatus", actor: unit.ref, delta: -(row.attackerLossPerUnit + extraLoss) });
      if (row.attackersThrownBack) effects.push({ type: "playsheetFallBack", actor: unit.ref });
    }
    for (const unit of input.defenders) {
      if (row.defenderLossPerUnit > 0) effects.push({ type: "playsheetStatus", actor: unit.ref, delta: -row.defenderLossPerUnit });
      if (row.defenderSupplyLossPerUnit > 0) {
        effects.push({ type: "playsheetSupply", actor: unit.ref, delta: -row.defenderSupplyLossPerUnit, kind: "supply" });
      }
      if (retireKm > 0) effects.push({ type: "playsheetRetire", actor: unit.ref, km: retireKm });
    }

    return {
      breakdown,
      rolls,
      outcome: {
        score,
        result: row.result,
        overrun,
        mayFightAgain: overrun && row.overrun.mayFightAgain,
        retireKm,
        defenderMayCounterAttack: row.defenderMayCounterAttack,
        attackersThrownBack: row.attackersThrownBack,
      },
      effects,
    };
  });
}
