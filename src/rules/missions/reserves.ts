import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { DEFAULT_SCATTER, type ReserveRule } from "./catalogue";
import type { MissionEffect } from "./effects";
import { SRC, decision } from "./sources";
import { arrivalPhrase, type ArrivalPoint, type ScatterTable } from "./types";
import { TURN, assertCount, assertDie, checkCount, rollDice, rollDie } from "./validate";

/** seed 002, Reserves: each die of this or more brings a unit. */
export const RESERVE_SUCCESS_ON = 5;
/** seed 002, Reserves: with this many dice or more and no success, one unit comes anyway. */
export const AUTOMATIC_RESERVE_DICE = 3;
/** seed 002, Reserves: delayed reserves first roll on this turn. */
export const DELAYED_FIRST_TURN = 3;
/** seed 002, Reserves: at most this share of the agreed points may start on the table (3/5 = 60%). */
export const ON_TABLE_SHARE = { numerator: 3, denominator: 5 } as const;

/** Dice rolled for reserves at the start of a turn: turn n rolls n dice, or n − 2 if delayed. */
export function reserveDice(turn: number, delayed: boolean): number {
  assertCount(turn, "turn", 1);
  return delayed ? Math.max(0, turn - (DELAYED_FIRST_TURN - 1)) : turn;
}

/** Units arriving for a turn's dice: one per 5+, or one anyway if three or more dice all failed. */
export function reservesArriving(rolls: readonly number[]): number {
  rolls.forEach((d, i) => assertDie(d, `reserve die ${i + 1}`));
  const successes = rolls.filter((d) => d >= RESERVE_SUCCESS_ON).length;
  return successes === 0 && rolls.length >= AUTOMATIC_RESERVE_DICE ? 1 : successes;
}

/** The arrival point a scattered unit's die gives. */
export function scatterArrival(table: ScatterTable, die: number): ArrivalPoint {
  assertDie(die);
  return table[die - 1]!;
}

export interface ReserveRollInput {
  readonly force: { readonly actor: ActorRef; readonly name: string };
  readonly turn: number;
  readonly timing: "immediate" | "delayed";
  readonly unitsInReserve: number;
  /** For scattered reserves: where each die result arrives (the mission's table, or the scene's own). */
  readonly scatter?: ScatterTable;
}

export interface ReserveRollOutcome {
  readonly dice: number;
  readonly successes: number;
  /** One unit came although no die succeeded. */
  readonly automatic: boolean;
  readonly arriving: number;
  readonly arrivals: readonly ArrivalPoint[];
}

/** The reserve roll at the start of a turn, with a scatter roll for each unit that arrives if scattered. */
export function resolveReserves(input: ReserveRollInput, dice: Dice): Checked<Resolution<ReserveRollOutcome>> {
  const refusals = new RefusalList();
  checkCount(refusals, input.turn, "turn", TURN, 1);
  checkCount(
    refusals,
    input.unitsInReserve,
    "unitsInReserve",
    phrase("NOBC.Rules.Missions.Reserves.UnitsInReserveOf", { force: input.force.name }),
    1,
  );
  return refusals.result(() => {
    const count = reserveDice(input.turn, input.timing === "delayed");
    const rolls = rollDice(dice, count);
    const successes = rolls.filter((d) => d >= RESERVE_SUCCESS_ON).length;
    const earned = reservesArriving(rolls);
    const arriving = Math.min(earned, input.unitsInReserve);
    const breakdown: BreakdownLine[] = rolls.map((d, i) => ({
      text: phrase("NOBC.Rules.Missions.Reserves.ReserveDie", { die: i + 1, dice: count, on: RESERVE_SUCCESS_ON }),
      value: d,
      source: SRC.reserves,
    }));
    if (count === 0) {
      breakdown.push({
        text: phrase("NOBC.Rules.Missions.Reserves.DelayedFrom", { turn: DELAYED_FIRST_TURN }),
        value: 0,
        source: SRC.reserves,
      });
    }
    if (earned > successes) {
      breakdown.push({ text: phrase("NOBC.Rules.Missions.Reserves.Automatic"), value: 1, source: SRC.reserves });
    }
    if (arriving < earned) {
      breakdown.push({ text: phrase("NOBC.Rules.Missions.Reserves.NoneLeft"), value: arriving - earned, source: SRC.reserves });
    }

    const effects: MissionEffect[] = [];
    if (arriving > 0) effects.push({ type: "reservesArrive", actor: input.force.actor, count: arriving });
    const arrivals: ArrivalPoint[] = [];
    if (input.scatter) {
      for (let i = 0; i < arriving; i++) {
        const die = rollDie(dice);
        rolls.push(die);
        const at = scatterArrival(input.scatter, die);
        arrivals.push(at);
        breakdown.push({
          text: phrase("NOBC.Rules.Missions.Reserves.ScatterDie", { unit: i + 1, at: arrivalPhrase(at) }),
          value: die,
          source: input.scatter === DEFAULT_SCATTER ? `${SRC.scattered}; ${decision("scattered reserves table")}` : SRC.scattered,
        });
        effects.push({ type: "reserveEntry", actor: input.force.actor, at });
      }
    }
    return { breakdown, rolls, outcome: { dice: count, successes, automatic: earned > successes, arriving, arrivals }, effects };
  });
}

export interface ReserveUnit {
  readonly ref: ActorRef;
  readonly name: string;
  readonly points: number;
  readonly inReserve: boolean;
  readonly kind: "tank" | "aircraft" | "other";
  readonly frontArmour?: number;
}

export interface ReserveDeploymentInput {
  readonly rule: Pick<ReserveRule, "deep" | "flanking">;
  readonly agreedPoints: number;
  readonly units: readonly ReserveUnit[];
}

export interface ReserveDeploymentOutcome {
  readonly onTablePoints: number;
  readonly reservePoints: number;
  /** Most points allowed on the table (null: flanking reserves have no limit). */
  readonly onTableLimit: number | null;
}

/** Deep reserves: a tank unit with front armour of this or more counts against the one-unit allowance. */
export const DEEP_HEAVY_FRONT_ARMOUR = 4;

/**
 * Checks a force's split between table and reserve: at most 60% of the agreed points on the
 * table (flanking: at least one unit in reserve instead), and for deep reserves at most one tank
 * unit of front armour 4+ or aircraft unit on the table.
 */
export function checkReserveDeployment(input: ReserveDeploymentInput): Checked<Resolution<ReserveDeploymentOutcome>> {
  const refusals = new RefusalList();
  checkCount(refusals, input.agreedPoints, "agreedPoints", phrase("NOBC.Rules.Missions.Reserves.AgreedPoints"), 1);
  input.units.forEach((u, i) =>
    checkCount(refusals, u.points, `units[${i}].points`, phrase("NOBC.Rules.Missions.Reserves.PointsOf", { unit: u.name })),
  );
  const onTable = input.units.filter((u) => !u.inReserve);
  const onTablePoints = onTable.reduce((s, u) => s + u.points, 0);
  const reservePoints = input.units.reduce((s, u) => s + u.points, 0) - onTablePoints;
  const limit = input.rule.flanking ? null : (input.agreedPoints * ON_TABLE_SHARE.numerator) / ON_TABLE_SHARE.denominator;
  if (input.rule.flanking && onTable.length === input.units.length) {
    refusals.add("noFlankingReserve", phrase("NOBC.Rules.Missions.Reserves.Refusal.noFlankingReserve"), "units");
  }
  if (limit !== null && onTablePoints > limit) {
    refusals.add(
      "tooManyOnTable",
      phrase("NOBC.Rules.Missions.Reserves.Refusal.tooManyOnTable", { count: onTablePoints, agreed: input.agreedPoints, limit }),
      "units",
    );
  }
  if (input.rule.deep) {
    const heavy = onTable.filter((u) => u.kind === "aircraft" || (u.kind === "tank" && (u.frontArmour ?? 0) >= DEEP_HEAVY_FRONT_ARMOUR));
    if (heavy.length > 1) {
      refusals.add(
        "deepReserveHeavy",
        phrase("NOBC.Rules.Missions.Reserves.Refusal.deepReserveHeavy", {
          armour: DEEP_HEAVY_FRONT_ARMOUR,
          count: heavy.length,
          units: heavy.map((u) => u.name).join(", "),
        }),
        "units",
      );
    }
  }
  return refusals.result(() => ({
    breakdown: [
      { text: phrase("NOBC.Rules.Missions.Reserves.PointsOnTable"), value: onTablePoints, source: SRC.reserveLimits },
      { text: phrase("NOBC.Rules.Missions.Reserves.PointsInReserve"), value: reservePoints, source: SRC.reserveLimits },
      ...(limit === null ? [] : [{ text: phrase("NOBC.Rules.Missions.Reserves.OnTableLimit"), value: limit, source: SRC.reserveLimits }]),
    ],
    rolls: [],
    outcome: { onTablePoints, reservePoints, onTableLimit: limit },
    effects: [],
  }));
}
