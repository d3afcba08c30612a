/**
 * A failing bot game shrunk to the shortest action list that still fails the same way (issue #37):
 * delta debugging (Zeller's ddmin) over the actions up to the failing one, each candidate replayed
 * from the same seed (./game.ts `replay`: the same world, wire and dice draws; an action whose
 * target is gone is simply refused). "The same way": the first violation names the same invariant.
 * Then written as a ready vitest file that replays it (it fails until the bug is fixed).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BotAction } from "./contract";
import type { Failure, GameRecord, Table } from "./game";

export interface Shrunk {
  readonly seed: number;
  readonly units: number;
  readonly world: GameRecord["world"];
  readonly turns: number;
  /** Played double-blind, and whether the known gaps were left out (tests/fuzz/invariants.ts `KNOWN_BLIND_GAPS`). */
  readonly blind?: boolean;
  readonly knownGaps?: boolean;
  readonly actions: readonly BotAction[];
  readonly failure: Failure;
  /** Replays tried. */
  readonly runs: number;
}

/** Shrinks `record`'s failure (at most `maxRuns` replays; the shortest list found so far when they run out). */
export async function shrink(table: Table, record: GameRecord, { maxRuns = 60 } = {}): Promise<Shrunk> {
  const failure = record.failure;
  if (failure === null) throw new Error("nothing to shrink: the game ran clean");
  const invariant = failure.violations[0]?.invariant;
  let runs = 0;
  let best: { actions: BotAction[]; failure: Failure } = { actions: record.actions.slice(0, failure.action.index + 1), failure };
  const failed = (again: GameRecord): again is GameRecord & { failure: Failure } => again.failure?.violations[0]?.invariant === invariant;
  const fails = async (actions: BotAction[]): Promise<boolean> => {
    runs += 1;
    const again = await table.play({
      seed: record.seed,
      turns: record.turns,
      units: record.units,
      world: record.world,
      blind: record.blind,
      blindGaps: record.blindGaps,
      replay: actions,
    });
    if (!failed(again)) return false;
    best = { actions: again.actions, failure: again.failure };
    return true;
  };
  let current = best.actions;
  let n = 2;
  while (current.length >= 2 && runs < maxRuns) {
    const size = Math.ceil(current.length / n);
    let reduced = false;
    for (let i = 0; i < n && runs < maxRuns; i++) {
      const complement = [...current.slice(0, i * size), ...current.slice((i + 1) * size)];
      if (complement.length > 0 && (await fails(complement))) {
        current = best.actions;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(current.length, n * 2);
    }
  }
  return {
    seed: record.seed,
    units: record.units,
    world: record.world,
    turns: record.turns,
    blind: record.blind,
    knownGaps: record.blindGaps.length > 0,
    actions: best.actions,
    failure: best.failure,
    runs,
  };
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The text of a vitest file, in `dir`, that replays `shrunk` and expects it to run clean. */
export function foundTest(shrunk: Shrunk, dir: string): string {
  let game = path.relative(path.resolve(dir), path.join(HERE, "game")).split(path.sep).join("/");
  let install = path
    .relative(path.resolve(dir), path.join(HERE, "..", "harness", "install"))
    .split(path.sep)
    .join("/");
  if (!game.startsWith(".")) game = `./${game}`;
  if (!install.startsWith(".")) install = `./${install}`;
  const f = shrunk.failure;
  const what = f.violations.map((v) => ` *   ${v.invariant}: ${v.detail.split("\n")[0]!.replaceAll("*/", "* /")}`).join("\n");
  const actions = shrunk.actions.map((a, i) => `  ${JSON.stringify({ ...a, index: i })},`).join("\n");
  return `/**
 * Found by the bot games (tests/fuzz, issue #37): seed ${String(shrunk.seed)}, ${shrunk.world === "starter" ? "the starter scenario" : `${String(shrunk.units)} units`}, shrunk to
 * ${String(shrunk.actions.length)} actions (${String(shrunk.runs)} replays). It failed at turn ${String(f.turn)}, stage ${f.stage}, on the last action:
${what}
 */
import "${install}";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { Table, describeFailure } from "${game}";${shrunk.knownGaps === true ? `\nimport { KNOWN_BLIND_GAPS } from "${game.replace(/game$/, "invariants")}";` : ""}
import type { BotAction } from "${game.replace(/game$/, "contract")}";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ACTIONS: BotAction[] = [
${actions}
];

let table: Table;
beforeAll(async () => {
  table = await Table.open();
});
afterAll(() => table.close());

it("seed ${String(shrunk.seed)}: the shrunk game runs clean", async () => {
  const record = await table.play({ seed: ${String(shrunk.seed)}, turns: ${String(shrunk.turns)}, units: ${String(shrunk.units)}, world: "${shrunk.world}",${shrunk.blind === true ? ` blind: true,${shrunk.knownGaps === true ? " blindGaps: KNOWN_BLIND_GAPS," : ""}` : ""} replay: ACTIONS });
  expect(record.failure === null ? "clean" : describeFailure(record)).toBe("clean");
});
`;
}
