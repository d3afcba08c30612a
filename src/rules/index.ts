/**
 * The public rules API: pure functions over plain data. Inside Foundry it is `game.nobc.rules`;
 * macros and modules call these names, so they are pinned (see README, "Rules API").
 */
export * as land from "./nobc/land/index";
export * as air from "./nobc/air/index";
export * as turn from "./nobc/turn";
export * as nqm from "./nqm/index";
export * as playsheet from "./playsheet/index";
export * as missions from "./missions/index";

export { seededDice, scriptedDice, randomDice, isDieFace } from "./dice";
export type { Dice } from "./dice";
export { ok, refuse, unwrap, total, RulesRefusedError } from "./resolution";
export type { Resolution, BreakdownLine, Refusal, Checked } from "./resolution";
export type { Effect } from "./effects";
export type { RulesOptions, RulesOptionsInput } from "./nobc/land/options";
