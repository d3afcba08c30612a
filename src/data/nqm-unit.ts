/**
 * System data of an Actor `nqmUnit`: a company, battalion or battery of the Not Quite Mechanised
 * toolkit (seed 004, 2015 edition), tracked by the umpire: its grade (Green a flag on Conscript or
 * Militia), bases, the combat units it fires, red and black pins, its status and its position.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { gameWording, speak } from "../words/phrase";
import { NQM_CLASSES, NQM_GRADES, NQM_GRADE_LABEL, NQM_POSITIONS, nqmMayBeGreen, nqmTargetClass, type NqmClass } from "./nqm-classes";
export { NQM_POSITIONS, nqmTargetClass } from "./nqm-classes";
import { boundedNumberField, choiceField, countField, flagField, htmlField, sideField } from "./fields";

export const NQM_STAND_KINDS = ["fighting", "support"] as const;

const GRADE_CHOICES = NQM_GRADES;
const CLASS_CHOICES = NQM_CLASSES;

function nqmUnitSchema() {
  const fields = foundry.data.fields;
  return {
    side: sideField(),
    grade: choiceField(GRADE_CHOICES, "regular", "NOBC.Nqm.Field.Grade"),
    green: flagField("NOBC.Nqm.Field.Green"),
    kind: choiceField(NQM_STAND_KINDS, "fighting", "NOBC.Nqm.Field.Kind"),
    /** Bases (infantry) or strength points (vehicles): now, and at the start of the operation. */
    strength: new fields.SchemaField(
      { value: countField("NOBC.Nqm.Field.StrengthNow", 3), max: countField("NOBC.Nqm.Field.StrengthStart", 3) },
      { label: "NOBC.Nqm.Field.Strength" },
    ),
    combatUnits: countField("NOBC.Nqm.Field.CombatUnits", 1),
    weight: choiceField(CLASS_CHOICES, "L", "NOBC.Nqm.Field.Weight"),
    armour: choiceField(CLASS_CHOICES, "L", "NOBC.Nqm.Field.Armour"),
    protection: choiceField(NQM_POSITIONS, "open", "NOBC.Nqm.Field.Protection"),
    pins: new fields.SchemaField(
      { red: countField("NOBC.Nqm.Field.RedPins", 0), black: countField("NOBC.Nqm.Field.BlackPins", 0) },
      { label: "NOBC.Nqm.Field.Pins" },
    ),
    disorganised: flagField("NOBC.Nqm.Field.Disorganised"),
    /** Hours the disorganised marker stays; 0 until the unit reorganises. */
    disorganisedHours: countField("NOBC.Nqm.Field.DisorganisedHours", 0),
    harassedHours: countField("NOBC.Nqm.Field.HarassedHours", 0),
    broken: flagField("NOBC.Nqm.Field.Broken"),
    surrendered: flagField("NOBC.Nqm.Field.Surrendered"),
    withdrawn: flagField("NOBC.Nqm.Field.Withdrawn"),
    /** Ammunition dice (CUs or FUs) carried; harassing fire spends thirds of one. */
    ammo: boundedNumberField({ min: 0 }, { nullable: false, initial: 0, label: "NOBC.Nqm.Field.Ammo" }),
    inSupply: flagField("NOBC.Nqm.Field.InSupply", true),
    supplyUnits: new fields.SchemaField(
      { log: countField("NOBC.Nqm.Field.DivLog", 0), pol: countField("NOBC.Nqm.Field.DivPol", 0) },
      { label: "NOBC.Nqm.Field.SupplyUnits" },
    ),
    recceTroops: flagField("NOBC.Nqm.Field.RecceTroops"),
    commandBase: flagField("NOBC.Nqm.Field.CommandBase", true),
    notes: htmlField("NOBC.Field.Notes"),
  };
}
export type NqmUnitSchema = ReturnType<typeof nqmUnitSchema>;

/** Why a source is refused as a whole, each naming the field in words (thrown by `validateJoint`, in the user's language). */
export function nqmUnitProblems(data: {
  grade: string;
  green: boolean;
  strength: { value: number; max: number };
  pins: { red: number; black: number };
}): Phrase[] {
  const problems: Phrase[] = [];
  const { strength, pins } = data;
  if (strength.value > strength.max)
    problems.push(
      phrase("NOBC.Nqm.Sheet.Problem.strength", { field: phrase("NOBC.Nqm.Field.StrengthNow"), value: strength.value, max: strength.max }),
    );
  if (pins.red + pins.black > strength.value)
    problems.push(
      phrase("NOBC.Nqm.Sheet.Problem.pins", {
        field: phrase("NOBC.Nqm.Field.Pins"),
        red: pins.red,
        black: pins.black,
        bases: strength.value,
      }),
    );
  if (data.green && !nqmMayBeGreen(data.grade)) {
    const label = (NQM_GRADE_LABEL as Readonly<Record<string, string | undefined>>)[data.grade];
    problems.push(
      phrase("NOBC.Nqm.Sheet.Problem.green", {
        field: phrase("NOBC.Nqm.Field.Green"),
        grade: label === undefined ? data.grade : phrase(label),
      }),
    );
  }
  return problems;
}

export class NqmUnitData extends foundry.abstract.TypeDataModel<NqmUnitSchema, Actor.Implementation> {
  /** Red pins on the unit: it is pinned (Table 12). */
  declare pinned: boolean;
  /** The class it counts as under fire: the heavier of its armour and its position (Table 10, note 1). */
  declare targetClass: NqmClass;

  static override defineSchema(): NqmUnitSchema {
    return nqmUnitSchema();
  }

  static override validateJoint(data: foundry.data.fields.SchemaField.SourceData<NqmUnitSchema>): void {
    const problems = nqmUnitProblems(data);
    if (problems.length > 0) throw new Error(problems.map((p) => speak(p, gameWording())).join(" "));
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.pinned = this.pins.red > 0;
    this.targetClass = nqmTargetClass(this.armour, this.protection);
  }
}
