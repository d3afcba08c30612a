/**
 * How one kind of effect reaches the table, as a family module registers it (src/effects/families/,
 * gathered in src/effects/registry.ts): written (its handler plans the document changes through the
 * planner), announced as a note to act on by hand (its lang key, and the number its plural form
 * follows), or reported in words as a toolkit change no document holds. A handler is typed by the
 * one member of the `Effect` union it handles, so it cannot read a field its effect does not have.
 */
import type { Effect } from "../rules/effects";
import type { Planner } from "./planner";

export type EffectType = Effect["type"];

/** The member of the `Effect` union whose `type` is `T`. */
export type EffectOf<T extends EffectType> = Extract<Effect, { readonly type: T }>;

export type EffectHandler<E extends Effect> =
  | { readonly route: "write"; readonly plan: (p: Planner, effect: E) => void }
  | { readonly route: "note"; readonly note: string; readonly count?: (effect: E) => number }
  | { readonly route: "toolkit" };

/**
 * A family's handlers: a handler for some effect types, each typed by its own effect. A key that is
 * no effect type does not compile; the registry checks that the families cover every type once.
 */
export type FamilyHandlers = { readonly [T in EffectType]?: EffectHandler<EffectOf<T>> };

/** Every effect type's one handler. */
export type EffectHandlers = { readonly [T in EffectType]: EffectHandler<EffectOf<T>> };

/** An effect written to documents by `plan`. */
export function written<E extends Effect>(plan: (p: Planner, effect: E) => void): EffectHandler<E> {
  return { route: "write", plan };
}

/** An effect carried out by hand: the note (a lang key) that says what to do, and the number its plural form follows. */
export function noted<E extends Effect>(note: string, count?: (effect: E) => number): EffectHandler<E> {
  return count === undefined ? { route: "note", note } : { route: "note", note, count };
}

/** A toolkit change no document holds yet (a team, a mark on the table): the card says it in words. */
export const BY_HAND = { route: "toolkit" } as const satisfies EffectHandler<Effect>;
