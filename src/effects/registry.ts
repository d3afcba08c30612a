/**
 * Every effect type's one handler, gathered from the family modules (the way pf2e keeps its rule
 * elements: one module per kind, and one table from key to handler that the engine reads). A new
 * effect is its handler in its family's module and a test; this table does not change unless a
 * family is added.
 *
 * Two checks at compile time: `EFFECT_HANDLERS` is a record over the whole `Effect` union, so a new
 * effect type does not compile until a family handles it; and `NoTypeTwice` fails, naming the type,
 * when two families register one type (a spread would silently keep the later one).
 */
import type { EffectHandlers, EffectType } from "./handler";
import { AIR_HANDLERS } from "./families/air";
import { LAND_HANDLERS } from "./families/land";
import { MAP_STATE_HANDLERS } from "./families/map-state";
import { MISSION_HANDLERS } from "./families/missions";
import { NQM_HANDLERS } from "./families/nqm";
import { PLAYSHEET_HANDLERS } from "./families/playsheet";
import { SETUP_HANDLERS } from "./families/setup";
import { TOKEN_HANDLERS } from "./families/tokens";
import { TIMETABLE_HANDLERS } from "./families/timetable";

/** The families by name, each with the handlers it registers. */
export const EFFECT_FAMILIES = {
  land: LAND_HANDLERS,
  air: AIR_HANDLERS,
  mapState: MAP_STATE_HANDLERS,
  tokens: TOKEN_HANDLERS,
  nqm: NQM_HANDLERS,
  missions: MISSION_HANDLERS,
  playsheet: PLAYSHEET_HANDLERS,
  timetable: TIMETABLE_HANDLERS,
  setup: SETUP_HANDLERS,
} as const;

/** The keys two members of `F` both hold (never, when no key is in two). */
export type HeldTwice<F extends Readonly<Record<string, object>>> = {
  [A in keyof F]: { [B in Exclude<keyof F, A>]: keyof F[A] & keyof F[B] }[Exclude<keyof F, A>];
}[keyof F];

/** Compiles only for `never`: with a type two families register, the error names it. */
export type None<T extends never> = T;

/** The compile-time check that no effect type is registered by two families. */
export type NoTypeTwice = None<HeldTwice<typeof EFFECT_FAMILIES>>;

/** One object type holding every member of the union `U`'s keys. */
type AllOf<U> = (U extends unknown ? (u: U) => void : never) extends (all: infer A) => void ? A : never;

/** Every effect type's handler, from the families above. A type no family registers does not compile. */
export const EFFECT_HANDLERS: EffectHandlers = Object.assign({}, ...Object.values(EFFECT_FAMILIES)) as AllOf<
  (typeof EFFECT_FAMILIES)[keyof typeof EFFECT_FAMILIES]
>;

/** The effect types written to documents (the rest become notes). */
export function writtenEffectTypes(): EffectType[] {
  return (Object.keys(EFFECT_HANDLERS) as EffectType[]).filter((t) => EFFECT_HANDLERS[t].route === "write");
}
