/**
 * The few Foundry v14 members nobc uses, as the public v14 API pages (foundryvtt.com/api/v14) describe
 * them. No v14 types are published, and the installed foundry-vtt-types describe v13, so these are read
 * through ./compat.ts, the one module that knows which generation runs.
 */

/** `foundry.data.operators` (v14): update values that delete a key or replace a value whole. */
export interface V14Operators {
  /** The global `_del`: a `ForcedDeletion`, the value of a key to remove. */
  readonly _del?: unknown;
  /** The global `_replace(value)`: a `ForcedReplacement` of `value`, set without merging into what was there. */
  readonly _replace?: (value: unknown) => unknown;
}

/** `game.release` (v13 and v14): the generation is the major version (13, 14), the build the release's number. */
export interface ReleaseData {
  readonly generation?: number;
  readonly build?: number;
}

/** `CONFIG.statusEffects`: v13 an array of configs; v14 a record keyed by the status id (`CONFIG.StatusEffectConfig`). */
export interface StatusEffectEntry {
  readonly id: string;
  readonly [key: string]: unknown;
}
export type StatusEffects = StatusEffectEntry[] | Record<string, StatusEffectEntry>;

/** A movement action's config (`CONFIG.Token.movement.actions`): v14 adds `costMultiplier`, used when it has no cost function. */
export interface MovementActionCost {
  readonly costMultiplier?: number;
}
