import "../harness/install";
import { afterAll, beforeAll, it, vi } from "vitest";
import { Table } from "./game";
import type { Step, Violation } from "./contract";

vi.setConfig({ testTimeout: 3_600_000, hookTimeout: 300_000 });
let table: Table;
beforeAll(async () => { table = await Table.open(); });
afterAll(() => table.close());

it("blind survey", async () => {
  const seeds = (process.env["SEEDS"] ?? "1").split(",").map(Number);
  const all = new Map<string, { n: number; games: Set<number>; sample: string }>();
  for (const seed of seeds) {
    const r = await table.play({ seed, turns: Number(process.env["TURNS"] ?? 3), units: 100, blind: true, stopAtFailure: false, onViolations: (step: Step, vs: readonly Violation[]) => {
      for (const v of vs) {
        const m = /^(\S+) \((\w+)\), (\S+) (.*?): (\w+) of/.exec(v.detail);
        const key = v.invariant === "side-secrets-kept" ? `${m?.[3]} ${m?.[4]?.replace(/#\d+ /, "")} :: ${m?.[5]}` : `${v.invariant}`;
        const e = all.get(key) ?? { n: 0, games: new Set(), sample: `seed ${seed} action #${step.action.index} (turn ${step.turn} ${step.stage}) ${step.action.user} ${step.action.kind} ${JSON.stringify(step.action.args).slice(0, 150)} :: ${v.detail.slice(0, 300)}` };
        e.n++; e.games.add(seed); all.set(key, e);
      }
    } });
    console.log(`seed ${seed}: ${r.actions.length} actions, reached ${r.reached.turn} ${r.reached.stage}, swept ${JSON.stringify(r.swept)}`);
  }
  for (const [k, v] of [...all].sort()) console.log(`  ${v.n}× in ${v.games.size} games: ${k}\n      e.g. ${v.sample}`);
});
