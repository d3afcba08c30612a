/**
 * `npm run fuzz -- --games N --turns T --units U --seed S [--found DIR] [--world theatre|starter] [--blind]`:
 * long bot games (issue #37, tests/fuzz/), on the generated theatre or the shipped starter scenario, at an
 * open table or (`--blind`) double-blind, what reached each player swept for what their side does not know
 * (but for the known gaps of tests/fuzz/invariants.ts `KNOWN_BLIND_GAPS`; `--all-surfaces` sweeps those too). Runs
 * the bot-game test file (tests/fuzz/bots.test.ts) in vitest's v13 project with the options as
 * `NOBC_FUZZ_*` variables: N games of T turns on the U-unit theatre (or the scenario), seeds S, S+1,
 * …; each game's line is printed, and every failing game is reported (seed, turn, stage, action list)
 * and shrunk, its ready test written to DIR (tests/fuzz/found by default).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { isMain, root } from "./script-paths.mjs";

const OPTIONS = {
  games: "NOBC_FUZZ_GAMES",
  turns: "NOBC_FUZZ_TURNS",
  units: "NOBC_FUZZ_UNITS",
  seed: "NOBC_FUZZ_SEED",
  found: "NOBC_FUZZ_FOUND",
  world: "NOBC_FUZZ_WORLD",
  blind: "NOBC_FUZZ_BLIND",
  allsurfaces: "NOBC_FUZZ_ALL_SURFACES",
};
const DEFAULTS = {
  games: "20",
  turns: "3",
  units: "100",
  seed: "1",
  found: path.join("tests", "fuzz", "found"),
  world: "theatre",
  blind: "0",
  allsurfaces: "0",
};
/** The options whose value is a word, not a number. */
const WORDS = { found: null, world: ["theatre", "starter"] };
/** The options that take no value (present: on). */
const FLAGS = ["blind", "allsurfaces"];

/** The options from `argv` (`--name value` or `--name=value`), each checked. */
export function fuzzOptions(argv) {
  const out = { ...DEFAULTS };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i] === "--all-surfaces" ? "--allsurfaces" : argv[i]);
    if (m === null || !(m[1] in OPTIONS))
      throw new Error(`unknown argument ${argv[i]} (use --games, --turns, --units, --seed, --found, --world, --blind, --all-surfaces)`);
    if (FLAGS.includes(m[1])) {
      if (m[2] !== undefined) throw new Error(`--${m[1]} takes no value`);
      out[m[1]] = "1";
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    if (!(m[1] in WORDS) && !/^\d+$/.test(value)) throw new Error(`--${m[1]} must be a whole number, not ${value}`);
    if (WORDS[m[1]] && !WORDS[m[1]].includes(value)) throw new Error(`--${m[1]} must be one of ${WORDS[m[1]].join(", ")}, not ${value}`);
    out[m[1]] = value;
  }
  if (Number(out.games) < 1 || Number(out.turns) < 1) throw new Error("--games and --turns must be at least 1");
  return out;
}

if (isMain(import.meta.url)) {
  let options;
  try {
    options = fuzzOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`npm run fuzz: ${error.message}`);
    process.exit(2);
  }
  const env = { ...process.env };
  for (const [name, variable] of Object.entries(OPTIONS))
    env[variable] = name === "found" ? path.resolve(root, options.found) : options[name];
  const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const child = spawn(process.execPath, [vitest, "run", "--project", "v13", "tests/fuzz/bots.test.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  child.on("exit", (code) => process.exit(code ?? 1));
}
