// The Air War rules core (seed 000, Air War QRS). One module per step of the air turn.
export * from "./effects";
export * from "./types";
export * from "./allocation";
export * from "./lineup";
export * from "./air-combat";
export * from "./superiority";
export * from "./sorties";
export * from "./return";
export * from "./hand-over";
export * from "./paradrop";
export * from "./deep-strike";
export * from "./repair";
export * from "./capacity";
export * from "./airbase-repair";
export * from "./state";
