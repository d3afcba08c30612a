import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { UnitBand } from "./air-support";
import type { PlaysheetEffect } from "./effects";
import { SRC, decision } from "./sources";
import { assertCount, assertDie, checkCount, checkUniqueRefs, rollDie } from "./validate";

export type InterdictionResult = "lossAndImmobilise" | "immobilise" | "none";

/** Labels of the interdiction results, in the middle of a sentence. */
export const INTERDICTION_RESULT_LABELS: Readonly<Record<InterdictionResult, string>> = {
  lossAndImmobilise: "NOBC.Rules.Playsheet.InterdictionResult.lossAndImmobilise",
  immobilise: "NOBC.Rules.Playsheet.InterdictionResult.immobilise",
  none: "NOBC.Rules.Playsheet.InterdictionResult.none",
};

export interface InterdictionRow {
  /** Tactical squadrons or artillery battalions per map square. */
  readonly tactical: UnitBand;
  /** Heavy squadrons per map square; null where the table prints "-". */
  readonly heavy: UnitBand | null;
  readonly lossAndImmobilise: readonly number[];
  readonly immobilise: readonly number[];
  readonly none: readonly number[];
}

/**
 * seed 003 (Operational Playsheet), Bombing/Interdiction: force rows and the die faces of each result.
 * The seed prints the fifth tactical row as "10-12" beside "12+"; RULES-NOTES reads it as 9-11.
 */
export const INTERDICTION_TABLE: readonly InterdictionRow[] = [
  { tactical: { min: 1, max: 2 }, heavy: null, lossAndImmobilise: [6], immobilise: [5], none: [1, 2, 3, 4] },
  { tactical: { min: 3, max: 4 }, heavy: { min: 1, max: 1 }, lossAndImmobilise: [6], immobilise: [4, 5], none: [1, 2, 3] },
  { tactical: { min: 5, max: 6 }, heavy: { min: 2, max: 3 }, lossAndImmobilise: [5, 6], immobilise: [3, 4], none: [1, 2] },
  { tactical: { min: 7, max: 8 }, heavy: { min: 4, max: 5 }, lossAndImmobilise: [5, 6], immobilise: [2, 3, 4], none: [1] },
  { tactical: { min: 9, max: 11 }, heavy: { min: 6, max: 7 }, lossAndImmobilise: [4, 5, 6], immobilise: [2, 3], none: [1] },
  { tactical: { min: 12, max: null }, heavy: { min: 8, max: null }, lossAndImmobilise: [3, 4, 5, 6], immobilise: [2], none: [1] },
];

export interface InterdictionForce {
  readonly tactical?: number;
  readonly heavy?: number;
}

function bandIndex(count: number, pick: (row: InterdictionRow) => UnitBand | null): number {
  return INTERDICTION_TABLE.findIndex((row) => {
    const band = pick(row);
    return band !== null && count >= band.min && (band.max === null || count <= band.max);
  });
}

/** The table row (0-based) for a force; with both kinds present the higher row counts. */
export function interdictionRow(force: InterdictionForce): number {
  const tactical = force.tactical ?? 0;
  const heavy = force.heavy ?? 0;
  assertCount(tactical, "tactical squadrons or artillery battalions");
  assertCount(heavy, "heavy squadrons");
  const row = Math.max(
    bandIndex(tactical, (r) => r.tactical),
    bandIndex(heavy, (r) => r.heavy),
  );
  if (row < 0) throw new RangeError("an interdiction force needs at least one squadron or battalion");
  return row;
}

/** The result for one unit in the interdicted square. */
export function interdiction(force: InterdictionForce, die: number): InterdictionResult {
  const row = INTERDICTION_TABLE[interdictionRow(force)]!;
  assertDie(die);
  return row.lossAndImmobilise.includes(die) ? "lossAndImmobilise" : row.immobilise.includes(die) ? "immobilise" : "none";
}

export interface InterdictionInput {
  readonly force: InterdictionForce;
  /** Interdiction stops movement; flak suppression silences flak units. */
  readonly purpose: "interdiction" | "flakSuppression";
  readonly targets: readonly { readonly actor: ActorRef; readonly name: string }[];
}

export interface InterdictionOutcome {
  readonly row: number;
  readonly results: readonly { readonly actor: ActorRef; readonly die: number; readonly result: InterdictionResult }[];
}

/** Rolls one die per unit in the square; a "loss" costs 1 status. */
export function resolveInterdiction(input: InterdictionInput, dice: Dice): Checked<Resolution<InterdictionOutcome>> {
  const refusals = new RefusalList();
  const tacticalOk = checkCount(
    refusals,
    input.force.tactical ?? 0,
    "force.tactical",
    phrase("NOBC.Rules.Playsheet.Interdiction.Tactical"),
  );
  const heavyOk = checkCount(refusals, input.force.heavy ?? 0, "force.heavy", phrase("NOBC.Rules.Playsheet.Interdiction.Heavy"));
  if (tacticalOk && heavyOk && (input.force.tactical ?? 0) + (input.force.heavy ?? 0) === 0) {
    refusals.add("noForce", phrase("NOBC.Rules.Playsheet.Interdiction.Refusal.noForce"), "force");
  }
  if (input.targets.length === 0) refusals.add("noTargets", phrase("NOBC.Rules.Playsheet.Interdiction.Refusal.noTargets"), "targets");
  checkUniqueRefs(
    refusals,
    input.targets.map((t) => t.actor),
    "targets",
  );
  return refusals.result(() => {
    const row = interdictionRow(input.force);
    const both = (input.force.tactical ?? 0) > 0 && (input.force.heavy ?? 0) > 0;
    const breakdown: BreakdownLine[] = [
      {
        text: phrase("NOBC.Rules.Playsheet.Interdiction.ForceRow", { row: row + 1, rows: INTERDICTION_TABLE.length }),
        value: row + 1,
        source: both ? `${SRC.interdiction}; ${decision("interdiction rows")}` : SRC.interdiction,
      },
    ];
    const effects: PlaysheetEffect[] = [];
    const rolls: number[] = [];
    const results = input.targets.map((target) => {
      const die = rollDie(dice);
      rolls.push(die);
      const result = interdiction(input.force, die);
      breakdown.push({
        text: phrase("NOBC.Rules.Playsheet.Interdiction.Die", { unit: target.name, result: phrase(INTERDICTION_RESULT_LABELS[result]) }),
        value: die,
        source: SRC.interdiction,
      });
      if (result === "lossAndImmobilise") effects.push({ type: "playsheetStatus", actor: target.actor, delta: -1 });
      if (result !== "none") {
        effects.push(
          input.purpose === "interdiction"
            ? { type: "playsheetImmobilised", actor: target.actor }
            : { type: "playsheetSuppressed", actor: target.actor },
        );
      }
      return { actor: target.actor, die, result };
    });
    return { breakdown, rolls, outcome: { row, results }, effects };
  });
}
