import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import {
  CLOSE_ASSAULT_SOURCE,
  gradeLabel,
  gradeRow,
  mayBeGreen,
  thresholdReached,
  THRESHOLD_FRACTION,
  type Grade,
  type Threshold,
} from "./grades";
import { assertCount, assertDie, checkCount } from "./validate";

/** A unit as morale sees it. */
export interface MoraleUnit {
  actor: ActorRef;
  name: string;
  grade: Grade;
  /** Conscript or Militia in their first battle. */
  green?: boolean;
}

/**
 * Which test a casualty level calls for: `breakOff` (refuse to press the attack), `disorganise`,
 * `both` (one test decides both, Regular and Conscript), `green` (first casualty of green troops).
 */
export type BreakTestKind = "breakOff" | "disorganise" | "both" | "green";

export const GRADING_SOURCE = `${SEEDS.nqm}, Unit Grading`;

/** Refuses a Green flag on a grade that cannot carry it. */
export function checkGreen(refusals: RefusalList, unit: MoraleUnit, field: string): void {
  if (unit.green === true && !mayBeGreen(unit.grade)) {
    refusals.add(
      "greenGrade",
      phrase("NOBC.Rules.Nqm.Morale.Refusal.greenGrade", { unit: unit.name, grade: gradeLabel(unit.grade) }),
      field,
    );
  }
}

function fraction(t: Exclude<Threshold, "never">): number {
  const [n, d] = THRESHOLD_FRACTION[t];
  return n / d;
}

/**
 * The break tests a unit must take as its casualties rise from `before` to `after` out of a starting
 * `strength`: each level newly reached, lowest first. Defenders take only the tests that can
 * disorganise them; refusing to attack means nothing to a unit that is not attacking.
 */
export function dueBreakTests(
  unit: Pick<MoraleUnit, "grade" | "green">,
  role: "attacking" | "defending",
  strength: number,
  before: number,
  after: number,
): BreakTestKind[] {
  assertCount(strength, "strength", 1);
  assertCount(before, "casualties before");
  assertCount(after, "casualties after");
  if (after < before) throw new RangeError("casualties cannot fall during a fight");
  const row = gradeRow(unit.grade);
  const tests: { kind: BreakTestKind; at: number }[] = [];
  if (unit.green === true && mayBeGreen(unit.grade) && role === "attacking" && before === 0 && after > 0) {
    tests.push({ kind: "green", at: 0 });
  }
  const crossed = (t: Threshold): t is Exclude<Threshold, "never"> =>
    thresholdReached(t, after, strength) && !thresholdReached(t, before, strength);
  if (row.breakOffAt === row.disorganisedAt) {
    if (crossed(row.disorganisedAt)) tests.push({ kind: role === "attacking" ? "both" : "disorganise", at: fraction(row.disorganisedAt) });
  } else {
    if (role === "attacking" && crossed(row.breakOffAt)) tests.push({ kind: "breakOff", at: fraction(row.breakOffAt) });
    if (crossed(row.disorganisedAt)) tests.push({ kind: "disorganise", at: fraction(row.disorganisedAt) });
  }
  return tests.sort((a, b) => a.at - b.at).map((t) => t.kind);
}

/** Whether one break-test die passes for a grade (Table 9, score column). */
export function passesBreakTest(grade: Grade, die: number): boolean {
  assertDie(die);
  const score = gradeRow(grade).passScore;
  return score === null || die >= score;
}

export interface BreakTestInput {
  unit: MoraleUnit;
  role: "attacking" | "defending";
  /** Starting strength (bases or strength points) the percentages are taken of. */
  strength: number;
  casualtiesBefore: number;
  casualtiesAfter: number;
}

export interface BreakTestOutcome {
  tests: { kind: BreakTestKind; die: number; passed: boolean }[];
  disorganised: boolean;
  /** The attack stops: halt and fire, or pull back, until fresh reserves arrive. */
  breaksOff: boolean;
}

/** The lang key of each break test's name. */
export const TEST_LABEL: Readonly<Record<BreakTestKind, string>> = {
  breakOff: "NOBC.Rules.Nqm.BreakTest.breakOff",
  disorganise: "NOBC.Rules.Nqm.BreakTest.disorganise",
  both: "NOBC.Rules.Nqm.BreakTest.both",
  green: "NOBC.Rules.Nqm.BreakTest.green",
};

/** Rolls the tests a rise in casualties calls for; no test, no die. Elite never test. */
export function breakTestsFor(
  input: BreakTestInput,
  dice: Dice,
): { breakdown: BreakdownLine[]; rolls: number[]; outcome: BreakTestOutcome; effects: NqmEffect[] } {
  const { unit } = input;
  const kinds = dueBreakTests(unit, input.role, input.strength, input.casualtiesBefore, input.casualtiesAfter);
  const score = gradeRow(unit.grade).passScore;
  const tests = kinds.map((kind) => {
    const die = dice.d6();
    return { kind, die, passed: passesBreakTest(unit.grade, die) };
  });
  const failed = (k: BreakTestKind) => tests.some((t) => t.kind === k && !t.passed);
  const disorganised = failed("disorganise") || failed("both") || failed("green");
  // Seed 004: militia may press on with an attack while disorganised, so for them only the
  // break-off test (or the green test, which is about pressing home) stops the attack.
  const pressesOnDisorganised = unit.grade === "militia";
  const stopsAttack = pressesOnDisorganised ? failed("breakOff") || failed("green") : disorganised || failed("breakOff");
  const breaksOff = input.role === "attacking" && stopsAttack;
  return {
    breakdown: tests.map((t) => ({
      // Only Elite pass without a die (score null), and Elite never test: any die would do.
      text: phrase(t.passed ? "NOBC.Rules.Nqm.Morale.TestPassed" : "NOBC.Rules.Nqm.Morale.TestFailed", {
        unit: unit.name,
        grade: gradeLabel(unit.grade),
        test: phrase(TEST_LABEL[t.kind]),
        score: score ?? 1,
      }),
      value: t.die,
      source: t.kind === "green" ? GRADING_SOURCE : `${CLOSE_ASSAULT_SOURCE}; ${GRADING_SOURCE}`,
    })),
    rolls: tests.map((t) => t.die),
    outcome: { tests, disorganised, breaksOff },
    effects: disorganised ? [{ type: "disorganised", actor: unit.actor, value: true }] : [],
  };
}

/** Break tests as a resolver: refuses bad counts, then rolls only the tests that are due. */
export function resolveBreakTest(input: BreakTestInput, dice: Dice): Checked<Resolution<BreakTestOutcome>> {
  const refusals = new RefusalList();
  const unit = input.unit.name;
  checkCount(refusals, input.strength, "strength", phrase("NOBC.Rules.Nqm.Morale.StartingStrength", { unit }), 1);
  checkCount(refusals, input.casualtiesBefore, "casualtiesBefore", phrase("NOBC.Rules.Nqm.Morale.EarlierCasualties", { unit }));
  checkCount(refusals, input.casualtiesAfter, "casualtiesAfter", phrase("NOBC.Rules.Nqm.Morale.Casualties", { unit }));
  if (input.casualtiesAfter < input.casualtiesBefore) {
    refusals.add("casualtiesFell", phrase("NOBC.Rules.Nqm.Morale.Refusal.casualtiesFell", { unit }), "casualtiesAfter");
  }
  checkGreen(refusals, input.unit, "unit.green");
  return refusals.result(() => breakTestsFor(input, dice));
}

/**
 * A single test with no casualty level behind it: infantry when enemy tanks roll into their position
 * must pass again to stay, whatever they passed before (Tanks against Fixed Positions).
 */
export function resolvePositionTest(unit: MoraleUnit, dice: Dice): Resolution<{ passed: boolean }> {
  const score = gradeRow(unit.grade).passScore;
  if (score === null) {
    return {
      breakdown: [
        {
          text: phrase("NOBC.Rules.Nqm.Morale.NoTest", { unit: unit.name, grade: gradeLabel(unit.grade) }),
          value: 0,
          source: CLOSE_ASSAULT_SOURCE,
        },
      ],
      rolls: [],
      outcome: { passed: true },
      effects: [],
    };
  }
  const die = dice.d6();
  const passed = die >= score;
  return {
    breakdown: [
      {
        text: phrase("NOBC.Rules.Nqm.Morale.PositionTest", { unit: unit.name, grade: gradeLabel(unit.grade), score }),
        value: die,
        source: `${SEEDS.nqm}, Tanks against Fixed Positions; ${CLOSE_ASSAULT_SOURCE}`,
      },
    ],
    rolls: [die],
    outcome: { passed },
    effects: passed ? [] : [{ type: "disorganised", actor: unit.actor, value: true }],
  };
}
