/** NQM (Not Quite Mechanised) umpire toolkit: pure tables and resolvers. Seed 004 (2015) wins over seed 001. */
export * from "./grades";
export * from "./firefight-table";
export * from "./hits";
export * from "./volley";
export * from "./firefight";
export * from "./recce-tables";
export * from "./recce";
export * from "./morale";
export * from "./close-assault";
export * from "./reorganisation";
export * from "./artillery";
export * from "./special";
export * from "./command";
export * from "./movement";
export * from "./logistics";
export * from "./air";
export * from "./discipline";
export type { NqmEffect } from "./effects";
