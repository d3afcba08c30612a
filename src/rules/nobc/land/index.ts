// The Land War rules core (seed 000, Land War QRS). One module per phase of the turn.
export * from "./types";
export * from "./card-categories";
export * from "./options";
export * from "./orders";
export * from "./rear-area";
export * from "./demolition";
export * from "./wmd";
export * from "./combat";
export * from "./combat-tables";
export * from "./combat-hits";
export * from "./hits";
export * from "./hq-support";
export * from "./combat-turn";
export * from "./movement";
export * from "./stacking";
export * from "./resupply";
export * from "./assignment";
