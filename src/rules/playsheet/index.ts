// The Operational Playsheet rules core (seed 003): movement, combat, air support, air war, resupply.
export * from "./effects";
export * from "./movement";
export * from "./air-support";
export * from "./artillery";
export * from "./results";
export * from "./combat";
export * from "./air-recce";
export * from "./air-to-air";
export * from "./flak";
export * from "./interdiction";
export * from "./air-resupply";
