/**
 * Schemas of everything the system ships in packs, for tests and importers (docs/packs.md).
 * Pure: zod and the rules core only, no Foundry global, so Node scripts and tests can use them.
 */
export * from "./refs";
export * from "./system";
export * from "./documents";
export * from "./adventure";
export * from "./validate";
export * from "../words/issues";
