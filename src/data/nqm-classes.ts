/**
 * The NQM unit's choice lists and the little the sheet works out, as plain data with no import of the
 * NQM rules core: the data model and its sheet load at init, the toolkit's rules only when the world
 * needs them (tests/build/init-size.test.ts). tests/foundry/nqm-unit.test.ts checks every list and
 * function here against the rules core (src/rules/nqm/grades.ts, firefight-table.ts).
 */

/** Troop quality, best first (seed 004, Unit Grading). */
export const NQM_GRADES = ["elite", "veteran", "regular", "conscript", "militia"] as const;
export type NqmGrade = (typeof NQM_GRADES)[number];

/** Weapon and armour classes of Table 10, lightest first. */
export const NQM_CLASSES = ["VL", "L", "M", "H", "VH"] as const;
export type NqmClass = (typeof NQM_CLASSES)[number];

/** The three positions of Table 12's columns (open, dug-in, fortified). */
export const NQM_POSITIONS = ["open", "dugIn", "fortified"] as const;
export type NqmPosition = (typeof NQM_POSITIONS)[number];

/** The class each position counts as: open L, dug-in M, fortified H. */
export const NQM_POSITION_CLASS: Readonly<Record<NqmPosition, NqmClass>> = { open: "L", dugIn: "M", fortified: "H" };

/** The lang key of each grade's name (the rules core's own keys). */
export const NQM_GRADE_LABEL: Readonly<Record<NqmGrade, string>> = {
  elite: "NOBC.Rules.Nqm.Grade.elite",
  veteran: "NOBC.Rules.Nqm.Grade.veteran",
  regular: "NOBC.Rules.Nqm.Grade.regular",
  conscript: "NOBC.Rules.Nqm.Grade.conscript",
  militia: "NOBC.Rules.Nqm.Grade.militia",
};

/** The lang key of each class's name (the rules core's own keys). */
export const NQM_CLASS_LABEL: Readonly<Record<NqmClass, string>> = {
  VL: "NOBC.Rules.Nqm.WeightClass.VL",
  L: "NOBC.Rules.Nqm.WeightClass.L",
  M: "NOBC.Rules.Nqm.WeightClass.M",
  H: "NOBC.Rules.Nqm.WeightClass.H",
  VH: "NOBC.Rules.Nqm.WeightClass.VH",
};

/** Only Conscript or Militia in their first battle may be Green (2015 edition). */
export function nqmMayBeGreen(grade: string): boolean {
  return grade === "conscript" || grade === "militia";
}

/** Combat units a stand fires: a fighting stand one per three bases (a remainder counts one), a support stand one. */
export function nqmCombatUnits(kind: "fighting" | "support", bases: number): number {
  if (bases <= 0) return 0;
  return kind === "support" ? 1 : Math.ceil(bases / 3);
}

/** The heavier of a unit's armour class and the class its position gives. */
export function nqmTargetClass(armour: NqmClass, position: NqmPosition): NqmClass {
  const a = NQM_CLASSES.indexOf(armour);
  const p = NQM_CLASSES.indexOf(NQM_POSITION_CLASS[position]);
  return NQM_CLASSES[Math.max(a, p)]!;
}

/**
 * Pins kept within the bases left, one pin a base at most: black pins first, then red (seed 004: a
 * pin stands on a base). Counts below zero become zero.
 */
export function pinsWithin(bases: number, red: number, black: number): { red: number; black: number } {
  const keptBlack = Math.max(0, Math.min(black, bases));
  return { red: Math.max(0, Math.min(red, bases - keptBlack)), black: keptBlack };
}
