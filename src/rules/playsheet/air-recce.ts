import type { Dice } from "../dice";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
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

/** Labels of the kinds of recce target, in the middle of a sentence. */
export const RECON_KIND_LABELS: Readonly<Record<AirRecceInput["target"]["kind"], string>> = {
  vehicles: "NOBC.Rules.Playsheet.ReconKind.vehicles",
  infantry: "NOBC.Rules.Playsheet.ReconKind.infantry",
};

/** Labels of where a recce target is, in the middle of a sentence. */
export const RECON_PLACE_LABELS: Readonly<Record<AirRecceInput["target"]["place"], string>> = {
  open: "NOBC.Rules.Playsheet.ReconPlace.open",
  builtUp: "NOBC.Rules.Playsheet.ReconPlace.builtUp",
  cover: "NOBC.Rules.Playsheet.ReconPlace.cover",
};

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
  checkCount(refusals, input.unitsInSquare, "unitsInSquare", phrase("NOBC.Rules.Playsheet.AirRecce.UnitsInSquare"), 1);
  const armourInTown = target.place === "builtUp" && target.kind === "vehicles" && target.armoured === true;
  if (target.place !== "open" && !armourInTown) {
    refusals.add(
      "noRecceRow",
      phrase("NOBC.Rules.Playsheet.AirRecce.Refusal.noRecceRow", {
        kind: phrase(RECON_KIND_LABELS[target.kind]),
        place: phrase(RECON_PLACE_LABELS[target.place]),
      }),
      "target.place",
    );
  }
  return refusals.result(() => {
    const column: ReconTarget = `${target.kind}${target.moving ? "Moving" : "Stationary"}`;
    const die = rollDie(dice);
    const breakdown: BreakdownLine[] = [{ text: phrase("NOBC.Rules.Playsheet.AirRecce.DieRoll"), value: die, source: SRC.recce }];
    if (armourInTown) breakdown.push({ text: phrase("NOBC.Rules.Playsheet.AirRecce.ArmourInTown"), value: 0, source: SRC.recce });
    let modifiedRoll = die;
    if (input.unitsInSquare > CROWDED_SQUARE_UNITS) {
      breakdown.push({
        text: phrase("NOBC.Rules.Playsheet.AirRecce.Crowded", { units: CROWDED_SQUARE_UNITS }),
        value: 1,
        source: SRC.recce,
      });
      modifiedRoll = Math.min(6, die + 1);
      if (die === 6) {
        breakdown.push({ text: phrase("NOBC.Rules.Playsheet.AirRecce.Capped"), value: -1, source: decision("air recce cap") });
      }
    }
    return { breakdown, rolls: [die], outcome: { column, modifiedRoll, report: airRecce(column, modifiedRoll) }, effects: [] };
  });
}
