/**
 * Field builders shared by the data models, so every side, count and pool is declared one way.
 * `label` keys name the field in Foundry's own forms and validation messages.
 */
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

/** A whole number, at least `min` (0 unless told), optionally at most `max`. */
export function countField(label: string, initial = 0, bounds: { min?: number; max?: number } = {}) {
  return new (fields().NumberField)({
    required: true,
    nullable: false,
    integer: true,
    min: bounds.min ?? 0,
    ...(bounds.max === undefined ? {} : { max: bounds.max }),
    initial,
    label,
  });
}

/**
 * A number of 0 or more in halves (movement points: an autobahn hex costs ½ MP, seed 000 Land War
 * QRS, Movement Rates): `step` 0.5 from 0, so a value between halves is refused by the model.
 */
export function halvesField(label: string, initial = 0) {
  return new (fields().NumberField)({ required: true, nullable: false, integer: false, min: 0, step: 0.5, initial, label });
}

/**
 * A value printed on a counter that may not be entered yet: null until the umpire types it, then a
 * number of 0 or more, in halves (`halves`) or whole.
 */
export function unsetNumberField(label: string, kind: "halves" | "whole") {
  return new (fields().NumberField)({
    required: true,
    nullable: true,
    integer: kind === "whole",
    min: 0,
    ...(kind === "halves" ? { step: 0.5 } : {}),
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
