/**
 * Field builders shared by the data models, so every side, count and pool is declared one way.
 * `label` keys name the field in Foundry's own forms and validation messages.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { gameWording, speak } from "../words/phrase";
import { NATIONALITY_CODES } from "./nationalities";

const fields = () => foundry.data.fields;

export function sideField(initial: "nato" | "wp" = "nato") {
  return new (fields().StringField)({
    required: true,
    nullable: false,
    blank: false,
    initial,
    choices: ["nato", "wp"],
    label: "NOBC.Field.Side",
  });
}

export function nationalityField(initial: string) {
  return new (fields().StringField)({
    required: true,
    nullable: false,
    blank: false,
    initial,
    choices: [...NATIONALITY_CODES],
    label: "NOBC.Field.Nationality",
  });
}

/** What a number field of ours allows: whole numbers only, a least and a greatest value, a step from the least. */
export interface NumberBounds {
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
}

/**
 * The first bound `value` breaks, as a lang phrase ("must be at least {min}"), or null; a non-number
 * is Foundry's to refuse (its type check, in its own words).
 */
export function boundsProblem(value: unknown, bounds: NumberBounds): Phrase | null {
  if (typeof value !== "number") return null;
  if (bounds.integer === true && !Number.isInteger(value)) return phrase("NOBC.Validation.Bounds.Integer");
  if (bounds.min !== undefined && value < bounds.min) return phrase("NOBC.Validation.Bounds.AtLeast", { min: bounds.min });
  if (bounds.max !== undefined && value > bounds.max) return phrase("NOBC.Validation.Bounds.AtMost", { max: bounds.max });
  if (bounds.step !== undefined && !Number.isInteger((value - (bounds.min ?? 0)) / bounds.step))
    return phrase("NOBC.Validation.Bounds.Step", { min: bounds.min ?? 0, step: bounds.step });
  return null;
}

/**
 * A NumberField whose bounds refuse what breaks them. Foundry cleans a NumberField before it validates
 * it: `integer` rounds, `min` / `max` clamp and `step` rounds to a step, so a typed -1 would be stored
 * as 0 and a fraction as the nearest whole, and nothing would be refused. The bounds are therefore not
 * given to Foundry as those options but as the field's `validate` function, which runs on the value as
 * written and refuses it, naming the field. It throws the broken bound in the user's language (a
 * `DataFieldValidator` may throw "a custom error message", Foundry's API); a value within its bounds
 * returns nothing, so Foundry's own checks still run.
 */
export function boundedNumberField(
  bounds: NumberBounds,
  options: { readonly nullable: boolean; readonly initial: number | null; readonly label?: string },
) {
  return new (fields().NumberField)({
    required: true,
    nullable: options.nullable,
    initial: options.initial,
    ...(options.label === undefined ? {} : { label: options.label }),
    validate: (value: unknown) => {
      const problem = boundsProblem(value, bounds);
      if (problem !== null) throw new Error(speak(problem, gameWording()));
      return undefined;
    },
  });
}

/** A whole number, at least `min` (0 unless told), optionally at most `max`. */
export function countField(label: string, initial = 0, bounds: { min?: number; max?: number } = {}) {
  return boundedNumberField(
    { integer: true, min: bounds.min ?? 0, ...(bounds.max === undefined ? {} : { max: bounds.max }) },
    { nullable: false, initial, label },
  );
}

/**
 * A number of 0 or more in halves (movement points: an autobahn hex costs ½ MP, seed 000 Land War
 * QRS, Movement Rates): steps of 0.5 from 0, so a value between halves is refused by the model.
 */
export function halvesField(label: string, initial = 0) {
  return boundedNumberField({ min: 0, step: 0.5 }, { nullable: false, initial, label });
}

/**
 * A value printed on a counter that may not be entered yet: null until the umpire types it, then a
 * number of 0 or more, in halves (`halves`) or whole.
 */
export function unsetNumberField(label: string, kind: "halves" | "whole") {
  return boundedNumberField(kind === "halves" ? { min: 0, step: 0.5 } : { integer: true, min: 0 }, {
    nullable: true,
    initial: null,
    label,
  });
}

/** A `{ value, max }` pool of whole numbers; `value ≤ max` is checked by each model's `validateJoint`. */
export function poolField(label: string, initial: number) {
  return new (fields().SchemaField)({ value: countField(`${label}Value`, initial), max: countField(`${label}Max`, initial) }, { label });
}

/** A UUID of another Actor, or null. */
export function actorRefField(label: string) {
  return new (fields().DocumentUUIDField)({ type: "Actor", required: true, nullable: true, initial: null, label });
}

export function flagField(label: string, initial = false) {
  return new (fields().BooleanField)({ required: true, initial, label });
}

export function choiceField<const C extends readonly [string, ...string[]]>(choices: C, initial: C[number], label: string) {
  return new (fields().StringField)({
    required: true,
    nullable: false,
    blank: false,
    initial,
    choices: [...choices],
    label,
  });
}

export function htmlField(label: string) {
  return new (fields().HTMLField)({ required: true, initial: "", label });
}

/** Thrown by `validateJoint` when a pool's value is above its maximum. */
export function checkPool(name: string, pool: { value: number; max: number } | undefined): void {
  if (pool !== undefined && pool.value > pool.max) {
    throw new Error(`${name}: value ${pool.value} is above its maximum ${pool.max}`);
  }
}
