/**
 * The readings of the Land War the rules leave to the table (docs/rules-decisions.md, "World
 * settings"), as one object by the resolver that reads each section. A world's settings give the
 * whole of it (`game.nobc.rulesOptions()`), and every resolver that takes options takes it whole.
 */
import type { OddsBelowOne } from "./combat-tables";

/** Ground combat (Step One). */
export interface GroundCombatOptions {
  /** Odds below 1:1: "zero" (default) or "mirror" (world setting). */
  oddsBelowOne?: OddsBelowOne;
}

/** Readings of the overrun hit list that a world may change (docs/rules-decisions.md). */
export interface OverrunOptions {
  /** Count each +1 item of the list separately instead of once for the whole list. */
  lightExtrasCumulative?: boolean;
  /** Read the seed's "Minor Road" as a minor river hexside crossed into the hex. */
  minorRoadMeansMinorRiver?: boolean;
}

/** Every reading, set: what a world's settings give. */
export interface RulesOptions {
  readonly combat: Required<GroundCombatOptions>;
  readonly overrun: Required<OverrunOptions>;
}

/** What a resolver's `options` takes: the whole `RulesOptions` or any part of it; a reading left out is the default. */
export type RulesOptionsInput = { readonly [K in keyof RulesOptions]?: Partial<RulesOptions[K]> };

/** The defaults, which are the seed's own reading where it has one. */
export const DEFAULT_RULES_OPTIONS: RulesOptions = {
  combat: { oddsBelowOne: "zero" },
  overrun: { lightExtrasCumulative: false, minorRoadMeansMinorRiver: false },
};

const SECTIONS: readonly string[] = Object.keys(DEFAULT_RULES_OPTIONS);

/**
 * One resolver's section of `options`, and the field its readings are named under in a refusal.
 * A resolver also takes its own section alone (`{ oddsBelowOne }`), as macros written before the
 * whole object did: an object naming no section is read that way.
 */
export function optionsSection<K extends keyof RulesOptions>(
  options: RulesOptionsInput | Partial<RulesOptions[K]> | undefined,
  section: K,
): { readonly value: Partial<RulesOptions[K]>; readonly field: string } {
  if (options === undefined) return { value: {}, field: `options.${section}` };
  const whole = Object.keys(options).some((key) => SECTIONS.includes(key));
  if (!whole) return { value: options as Partial<RulesOptions[K]>, field: "options" };
  return { value: (options as RulesOptionsInput)[section] ?? {}, field: `options.${section}` };
}

/**
 * HQ recovery (seed 000, Land War QRS, 6. HQ Recovery): cards played beyond what can add a level.
 * Kept apart from `RulesOptions`, which a ground combat's request carries whole: recovery's reading
 * has nothing to do with a combat. The world's setting gives it (`recoveryOptions()`).
 */
export interface RecoveryOptions {
  /** Refuse the whole recovery when a card could add no level (the strict reading), instead of capping and keeping those cards in hand. */
  readonly refuseWastedCards?: boolean;
}

/** The default: cap the level and keep the extra cards in hand (docs/rules-decisions.md, HQ recovery). */
export const DEFAULT_RECOVERY_OPTIONS: Required<RecoveryOptions> = { refuseWastedCards: false };
