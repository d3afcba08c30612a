/**
 * Issue #37: bots play whole games through the user's entry points on the multi-client harness,
 * the invariants checked after every action (tests/fuzz/game.ts, bots.ts). In `npm test`, a short
 * fixed-seed set: a few games of two turns on the 100-unit theatre. `npm run fuzz` (scripts/fuzz.mjs)
 * runs the long games through this same file with `NOBC_FUZZ_*` set; a failure is shrunk and written
 * as a ready test (tests/fuzz/shrink.ts).
 */
import "../harness/install";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Table, describeFailure, type GameRecord } from "./game";
import { foundTest, shrink } from "./shrink";
import { KNOWN_BLIND_GAPS } from "./invariants";
import { mkdirSync, writeFileSync } from "node:fs";

const env = process.env;
const LONG = env["NOBC_FUZZ_GAMES"] !== undefined;
// The short set: three games as v13, one as v14 (the v14 project runs this file again; the suite's budget is a minute).
const GAMES = Number(env["NOBC_FUZZ_GAMES"] ?? (env["NOBC_FOUNDRY"] === "14" ? 1 : 3));
const TURNS = Number(env["NOBC_FUZZ_TURNS"] ?? 2);
const UNITS = Number(env["NOBC_FUZZ_UNITS"] ?? 100);
const SEED = Number(env["NOBC_FUZZ_SEED"] ?? 1);
/** The world the long games play: the generated theatre, or the shipped starter scenario (`--world starter`). */
const WORLD = env["NOBC_FUZZ_WORLD"] === "starter" ? "starter" : "theatre";
/** Double-blind (`--blind`): what reached each player checked, but for the known gaps (all of it with `--all-surfaces`). */
const BLIND = env["NOBC_FUZZ_BLIND"] === "1";
const GAPS = env["NOBC_FUZZ_ALL_SURFACES"] === "1" ? [] : KNOWN_BLIND_GAPS;
/** Where `npm run fuzz` writes the shrunk test of a failure. */
const FOUND = env["NOBC_FUZZ_FOUND"];

// A long run at low priority on busy cores may take minutes to open the table (every client loads its module graph).
vi.setConfig({ testTimeout: LONG ? 24 * 3600_000 : 120_000, hookTimeout: LONG ? 1_800_000 : 120_000 });

let table: Table;
beforeAll(async () => {
  table = await Table.open();
});
afterAll(() => table.close());

/** What a game did, in one line: its actions by entry point (done/refused). */
function summary(r: GameRecord): string {
  const kinds = Object.entries(r.kinds)
    .map(([k, v]) => `${k} ${String(v.done)}/${String(v.refused)}`)
    .join(", ");
  const lineUps = `line-up cards ${String(r.lineUps.cards)}, ${String(r.lineUps.complete)} complete`;
  return `seed ${String(r.seed)}: ${String(r.actions.length)} actions to turn ${String(r.reached.turn)} ${r.reached.stage}, ${lineUps} (${kinds})`;
}

describe("bot games", () => {
  const seeds = Array.from({ length: GAMES }, (_, i) => SEED + i);
  const on = `${WORLD === "starter" ? "the starter scenario" : `${String(UNITS)} units`}${BLIND ? ", double-blind" : ""}`;
  it(`${String(GAMES)} games of ${String(TURNS)} turns on ${on} from seed ${String(SEED)} run clean`, async () => {
    const failures: string[] = [];
    let dropped = 0;
    let lineUps = 0;
    for (const seed of seeds) {
      const record = await table.play({ seed, turns: TURNS, units: UNITS, world: WORLD, blind: BLIND, blindGaps: GAPS });
      if (LONG) process.stdout.write(`${summary(record)}\n`);
      if (record.failure === null) {
        // The game really played: it reached its last turn's end through the tracker.
        expect(record.reached.turn).toBe(TURNS);
        expect(record.kinds["tracker:advance"]?.done).toBeGreaterThanOrEqual(TURNS * 18);
        dropped += record.kinds["drop-out"]?.done ?? 0;
        lineUps += record.lineUps.complete;
        continue;
      }
      failures.push(describeFailure(record));
      if (LONG) process.stdout.write(`${describeFailure(record)}\n`);
      if (FOUND !== undefined) {
        const shrunk = await shrink(table, record);
        mkdirSync(FOUND, { recursive: true });
        const file = `${FOUND}/seed-${String(seed)}.test.ts`;
        // Written as the project formats its files, ready to commit.
        const prettier = await import("prettier");
        const style = (await prettier.resolveConfig(file)) ?? {};
        writeFileSync(file, await prettier.format(foundTest(shrunk, FOUND), { ...style, filepath: file }));
        failures.push(`shrunk to ${String(shrunk.actions.length)} actions: ${file}`);
        if (LONG) process.stdout.write(`${failures.at(-1)!}\n`);
      }
      if (!LONG) break;
    }
    expect(failures).toEqual([]);
    // The short set has a game whose first GM dropped out, gm2 playing it to its end.
    if (!LONG) expect(dropped).toBeGreaterThan(0);
    // Its games fill the Air War's line-up to the end (both sides' parts in turn, or the GM's whole): the
    // bots' duties (tests/fuzz/bots.ts `duty`) bring them there.
    if (!LONG) expect(lineUps).toBeGreaterThan(0);
  });

  // Double-blind (issue #30 item 3): the teams set, the bots choosing from what their side knows, and after every
  // action what reached each player swept (side-secrets-kept). The surfaces of KNOWN_BLIND_GAPS (tests/fuzz/invariants.ts,
  // each named with why and its issue) are the leaks the long runs found and other work is fixing: left out here only.
  it.skipIf(LONG)("a double-blind game of two turns on 100 units keeps each side's secrets, but for the known gaps", async () => {
    const record = await table.play({ seed: SEED, turns: 2, units: 100, blind: true, blindGaps: KNOWN_BLIND_GAPS });
    expect(record.failure === null ? "clean" : describeFailure(record)).toBe("clean");
    expect(record.reached.turn).toBe(2);
    // The sweep really read what reached the players: their messages and cards' HTML, their dialogs, what they were told.
    expect(record.swept.message).toBeGreaterThan(0);
    expect(record.swept["card-html"]).toBeGreaterThan(0);
    expect(record.swept.notice).toBeGreaterThan(0);
    expect(record.swept["dialog-html"]).toBeGreaterThan(0);
  });

  // The shipped starter scenario, as its adventure imports (tests/fuzz/starter.test.ts plays its turn 0 by script).
  it.skipIf(LONG)("a game of two turns on the starter scenario runs clean", async () => {
    const record = await table.play({ seed: SEED, turns: 2, units: 0, world: "starter" });
    expect(record.failure === null ? "clean" : describeFailure(record)).toBe("clean");
    expect(record.reached.turn).toBe(2);
  });
});
