import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, total, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import {
  AIR_SUPPORT_LEVEL_LABELS,
  airSupportLevel,
  airSupportModifier,
  higherLevel,
  type AirSupportKind,
  type AirSupportLevel,
} from "./air-support";
import { ARTILLERY_KIND_LABELS, ARTILLERY_RANGES, artilleryContribution, artilleryEffect, type ArtilleryKind } from "./artillery";
import type { PlaysheetEffect } from "./effects";
import { combatResultRow, type CombatResult, type RetireDistance } from "./results";
import { SRC, decision } from "./sources";
import { checkCount, checkDistance, checkUniqueRefs, rollDice, rollDie } from "./validate";

/** What a unit is, as far as the combat factors care. */
export type PlaysheetArm = "infantry" | "lightInfantry" | "mechanised" | "armour" | "other";

/** Labels of the arms, in the middle of a sentence. */
export const PLAYSHEET_ARM_LABELS: Readonly<Record<PlaysheetArm, string>> = {
  infantry: "NOBC.Rules.Playsheet.PlaysheetArm.infantry",
  lightInfantry: "NOBC.Rules.Playsheet.PlaysheetArm.lightInfantry",
  mechanised: "NOBC.Rules.Playsheet.PlaysheetArm.mechanised",
  armour: "NOBC.Rules.Playsheet.PlaysheetArm.armour",
  other: "NOBC.Rules.Playsheet.PlaysheetArm.other",
};

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
  { flag: "fromAnotherFormation", value: -1, key: "NOBC.Rules.Playsheet.Combat.Factor.fromAnotherFormation", arms: null },
  { flag: "nonTactical", value: -2, key: "NOBC.Rules.Playsheet.Combat.Factor.nonTactical", arms: null },
  { flag: "outOfFuel", value: -1, key: "NOBC.Rules.Playsheet.Combat.Factor.outOfFuel", arms: ["mechanised", "armour"] },
  {
    flag: "unsupportedVsTanksInOpen",
    value: -1,
    key: "NOBC.Rules.Playsheet.Combat.Factor.unsupportedVsTanksInOpen",
    arms: ["infantry", "lightInfantry"],
  },
  { flag: "closeCountryVsTanks", value: 1, key: "NOBC.Rules.Playsheet.Combat.Factor.closeCountryVsTanks", arms: null },
] as const;

function checkUnits(refusals: RefusalList, units: readonly (AttackingUnit | DefendingUnit)[], field: string): void {
  units.forEach((unit, i) => {
    checkCount(refusals, unit.status, `${field}[${i}].status`, phrase("NOBC.Rules.Playsheet.Combat.StatusOf", { unit: unit.name }));
    for (const factor of UNIT_FACTORS) {
      const flagged = (unit as unknown as Record<string, unknown>)[factor.flag] === true;
      if (flagged && factor.arms !== null && !(factor.arms as readonly string[]).includes(unit.arm)) {
        refusals.add(
          "factorNotApplicable",
          phrase("NOBC.Rules.Playsheet.Combat.Refusal.factorNotApplicable", {
            unit: unit.name,
            arm: phrase(PLAYSHEET_ARM_LABELS[unit.arm]),
            factor: phrase(factor.key),
          }),
          `${field}[${i}].${factor.flag}`,
        );
      }
    }
  });
}

function checkArtillery(refusals: RefusalList, guns: readonly SupportingArtillery[], field: string): void {
  guns.forEach((gun, i) => {
    checkCount(refusals, gun.status, `${field}[${i}].status`, phrase("NOBC.Rules.Playsheet.Combat.StatusOf", { unit: gun.name }));
    if (!checkDistance(refusals, gun.rangeKm, `${field}[${i}].rangeKm`, phrase("NOBC.Rules.Playsheet.Combat.RangeOf", { gun: gun.name })))
      return;
    if (artilleryEffect(gun.kind, gun.rangeKm) === "outOfRange") {
      const r = ARTILLERY_RANGES[gun.kind];
      refusals.add(
        "outOfRange",
        phrase("NOBC.Rules.Playsheet.Combat.Refusal.outOfRange", {
          gun: gun.name,
          kind: phrase(ARTILLERY_KIND_LABELS[gun.kind]),
          most: r.longKm ?? r.effectiveKm,
          range: gun.rangeKm,
        }),
        `${field}[${i}].rangeKm`,
      );
    }
  });
}

/** The quantity named when a number of air units is refused, by their kind. */
const AIR_UNITS_KEYS: Readonly<Record<AirSupportKind, string>> = {
  german: "NOBC.Rules.Playsheet.Combat.AirUnits.german",
  allied: "NOBC.Rules.Playsheet.Combat.AirUnits.allied",
  heavyBomber: "NOBC.Rules.Playsheet.Combat.AirUnits.heavyBomber",
};

/** The breakdown lines each side adds, with the side named in each key. */
const SIDE_KEYS: Readonly<Record<Side, { status: string; factor: string; artilleryFull: string; artilleryHalf: string; air: string }>> = {
  attacker: {
    status: "NOBC.Rules.Playsheet.Combat.AttackerStatus",
    factor: "NOBC.Rules.Playsheet.Combat.AttackerFactor",
    artilleryFull: "NOBC.Rules.Playsheet.Combat.AttackerArtilleryFull",
    artilleryHalf: "NOBC.Rules.Playsheet.Combat.AttackerArtilleryHalf",
    air: "NOBC.Rules.Playsheet.Combat.AttackerAir",
  },
  defender: {
    status: "NOBC.Rules.Playsheet.Combat.DefenderStatus",
    factor: "NOBC.Rules.Playsheet.Combat.DefenderFactor",
    artilleryFull: "NOBC.Rules.Playsheet.Combat.DefenderArtilleryFull",
    artilleryHalf: "NOBC.Rules.Playsheet.Combat.DefenderArtilleryHalf",
    air: "NOBC.Rules.Playsheet.Combat.DefenderAir",
  },
};

function checkAir(refusals: RefusalList, air: readonly AirSupportInput[], field: string): void {
  air.forEach((a, i) => checkCount(refusals, a.units, `${field}[${i}].units`, phrase(AIR_UNITS_KEYS[a.kind])));
}

/** Every line one side adds to the score; the defender's lines carry the sign they have in the score. */
function sideLines(
  side: Side,
  units: readonly (AttackingUnit | DefendingUnit)[],
  guns: readonly SupportingArtillery[],
  air: readonly AirSupportInput[],
): BreakdownLine[] {
  const sign = side === "attacker" ? 1 : -1;
  const keys = SIDE_KEYS[side];
  const lines: BreakdownLine[] = [];
  for (const unit of units) {
    lines.push({ text: phrase(keys.status, { unit: unit.name }), value: sign * unit.status, source: SRC.formula });
    for (const factor of UNIT_FACTORS) {
      if ((unit as unknown as Record<string, unknown>)[factor.flag] === true) {
        lines.push({
          text: phrase(keys.factor, { unit: unit.name, factor: phrase(factor.key) }),
          value: sign * factor.value,
          source: SRC.factors,
        });
      }
    }
    if (side === "attacker" && unit.arm === "lightInfantry") {
      lines.push({
        text: phrase("NOBC.Rules.Playsheet.Combat.LightInfantryAttacking", { unit: unit.name }),
        value: -1,
        source: SRC.factors,
      });
    }
  }
  for (const gun of guns) {
    const effect = artilleryEffect(gun.kind, gun.rangeKm);
    lines.push({
      text: phrase(effect === "normal" ? keys.artilleryFull : keys.artilleryHalf, { gun: gun.name, range: gun.rangeKm }),
      value: sign * artilleryContribution(gun.status, effect),
      source: effect === "normal" ? SRC.artillery : `${SRC.artillery}; ${decision("half status rounds down")}`,
    });
  }
  const level = air.reduce<AirSupportLevel>((best, a) => higherLevel(best, airSupportLevel(a.kind, a.units)), "none");
  if (level !== "none") {
    lines.push({
      text: phrase(keys.air, { level: phrase(AIR_SUPPORT_LEVEL_LABELS[level]) }),
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

export interface OverrunConditions {
  /** More than half the attacking units are armour. */
  readonly mostlyArmour: boolean;
  readonly attackerStatus: number;
  readonly defenderStatus: number;
  /** The attackers' status is at least twice the defenders'. */
  readonly twiceStatus: boolean;
  readonly breakthroughOrder: boolean;
  /** All three hold: a success or better is an overrun. */
  readonly qualifies: boolean;
}

/** seed 003, Results Table, special results: "att mostly armour + TWICE status of def + breakthrough order". */
export function overrunConditions(input: Pick<PlaysheetCombatInput, "attackers" | "defenders" | "breakthroughOrder">): OverrunConditions {
  const armour = input.attackers.filter((u) => u.arm === "armour").length;
  const attackerStatus = statusSum(input.attackers);
  const defenderStatus = statusSum(input.defenders);
  const mostlyArmour = armour * 2 > input.attackers.length;
  const twiceStatus = attackerStatus >= 2 * defenderStatus;
  const breakthroughOrder = input.breakthroughOrder === true;
  return {
    mostlyArmour,
    attackerStatus,
    defenderStatus,
    twiceStatus,
    breakthroughOrder,
    qualifies: mostlyArmour && twiceStatus && breakthroughOrder,
  };
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
  if (input.attackers.length === 0) refusals.add("noAttackers", phrase("NOBC.Rules.Playsheet.Combat.Refusal.noAttackers"), "attackers");
  if (input.defenders.length === 0) refusals.add("noDefenders", phrase("NOBC.Rules.Playsheet.Combat.Refusal.noDefenders"), "defenders");
  checkUnits(refusals, input.attackers, "attackers");
  checkUnits(refusals, input.defenders, "defenders");
  checkArtillery(refusals, attArty, "attackerArtillery");
  checkArtillery(refusals, defArty, "defenderArtillery");
  checkAir(refusals, attAir, "attackerAirSupport");
  checkAir(refusals, defAir, "defenderAirSupport");
  checkUniqueRefs(
    refusals,
    [...input.attackers, ...input.defenders, ...attArty, ...defArty].map((u) => u.ref),
    "combat",
    (ref) => phrase("NOBC.Rules.Playsheet.Combat.Refusal.duplicateUnit", { ref }),
  );
  input.attackers.forEach((unit, i) => {
    if (unit.movedOverHalf && !input.breakthroughOrder) {
      refusals.add(
        "movedTooFar",
        phrase("NOBC.Rules.Playsheet.Combat.Refusal.movedTooFar", { unit: unit.name }),
        `attackers[${i}].movedOverHalf`,
      );
    }
  });

  return refusals.result(() => {
    const breakdown: BreakdownLine[] = [...sideLines("attacker", input.attackers, attArty, attAir)];
    if (!input.prepared) breakdown.push({ text: phrase("NOBC.Rules.Playsheet.Combat.Unprepared"), value: -2, source: SRC.factors });
    if (input.combinedArms) breakdown.push({ text: phrase("NOBC.Rules.Playsheet.Combat.CombinedArms"), value: 1, source: SRC.factors });
    if (input.tacticalAdvantage) {
      breakdown.push({
        text: phrase(
          input.tacticalAdvantage === "attacker"
            ? "NOBC.Rules.Playsheet.Combat.TacticalAdvantageAttacker"
            : "NOBC.Rules.Playsheet.Combat.TacticalAdvantageDefender",
        ),
        value: input.tacticalAdvantage === "attacker" ? 1 : -1,
        source: SRC.factors,
      });
    }
    breakdown.push(...sideLines("defender", input.defenders, defArty, defAir));
    const die = rollDie(dice);
    const rolls = [die];
    breakdown.push({ text: phrase("NOBC.Rules.Playsheet.Combat.DieRoll"), value: die, source: SRC.formula });
    const score = total(breakdown);
    const row = combatResultRow(score);

    const overrun = overrunConditions(input).qualifies && row.overrun !== null;
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
