/**
 * Where the order-of-battle help is in an installed system: docs/orbat.md as a journal of the rules
 * reference (written by scripts/guide-build.mjs, whose ids survive a rebuild; tests/packs/guide.test.ts
 * checks this one is the pack's), and the example file, shipped under examples/ (scripts/package.mjs).
 */
export const ORBAT_HELP_UUID = "Compendium.nobc.rules-reference.JournalEntry.4VF4NtS6XzICCTnz";
export const ORBAT_EXAMPLE_PATH = "systems/nobc/examples/orbat-example.csv";
