import type { Dice } from "../dice";
import { RefusalList, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { SRC, decision } from "./sources";
import { assertDie, checkCount, rollDie, tableEntry } from "./validate";

/** The four target columns of the air recce table. */
export type ReconTarget = "vehiclesMoving" | "vehiclesStationary" | "infantryStationary" | "infantryMoving";
/** What the pilots report, from most to least detail. */
export type ReconReport = "directionTypeSize" | "directionType" | "direction" | "typeSize" | "type" | "enemySpotted" | "none";

/** seed 003 (Operational Playsheet), Air Recce: each column lists the report for die 1..6 (index 0 is a 1). */
export const AIR_RECCE_TABLE: Readonly<Record<ReconTarget, readonly ReconReport[]>> = {
  vehiclesMoving: ["none", "enemySpotted", "direction", "direction", "directionType", "directionTypeSize"],
  vehiclesStationary: ["none", "none", "none", "enemySpotted", "type", "typeSize"],
  infantryStationary: ["none", "none", "none", "none", "enemySpotted", "type"],
  infantryMoving: ["none", "none", "enemySpotted", "enemySpotted", "directionType", "directionTypeSize"],
};

/** seed 003, Air Recce: +1 to the die when more than this many units share the square. */
export const CROWDED_SQUARE_UNITS = 3;

/** The report for a target column and a (modified) die. */
export function airRecce(target: ReconTarget, die: number): ReconReport {
  const column = tableEntry(AIR_RECCE_TABLE, target, "recce target");
  assertDie(die);
  return column[die - 1]!;
}

export interface AirRecceInput {
  readonly target: {
    readonly kind: "vehicles" | "infantry";
    readonly moving: boolean;
    /** Where the target is; the table covers targets in the open. */
    readonly place: "open" | "builtUp" | "cover";
    readonly armoured?: boolean;
  };
  /** Units in the target's map square. */
  readonly unitsInSquare: number;
}

export interface AirRecceOutcome {
  readonly column: ReconTarget;
  readonly modifiedRoll: number;
  readonly report: ReconReport;
}

/** One squadron's look at one target. Armour in a built-up area counts as in the open. */
export function resolveAirRecce(input: AirRecceInput, dice: Dice): Checked<Resolution<AirRecceOutcome>> {
  const refusals = new RefusalList();
  const { target } = input;
  checkCount(refusals, input.unitsInSquare, "unitsInSquare", "The number of units in the square", 1);
  const armourInTown = target.place === "builtUp" && target.kind === "vehicles" && target.armoured === true;
  if (target.place !== "open" && !armourInTown) {
    refusals.add(
      "noRecceRow",
      `The air recce table only covers targets in the open (and armour in built-up areas), not ${target.kind} in ${target.place}; the umpire decides.`,
      "target.place",
    );
  }
  return refusals.result(() => {
    const column: ReconTarget = `${target.kind}${target.moving ? "Moving" : "Stationary"}`;
    const die = rollDie(dice);
    const breakdown: BreakdownLine[] = [{ label: "Die roll (1d6)", value: die, source: SRC.recce }];
    if (armourInTown) breakdown.push({ label: "Armour in a built-up area cannot claim cover", value: 0, source: SRC.recce });
    let modifiedRoll = die;
    if (input.unitsInSquare > CROWDED_SQUARE_UNITS) {
      breakdown.push({ label: "More than 3 units in the square", value: 1, source: SRC.recce });
      modifiedRoll = Math.min(6, die + 1);
      if (die === 6) breakdown.push({ label: "Capped at the table's top row", value: -1, source: decision("air recce cap") });
    }
    return { breakdown, rolls: [die], outcome: { column, modifiedRoll, report: airRecce(column, modifiedRoll) }, effects: [] };
  });
}
