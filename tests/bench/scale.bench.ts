/**
 * `npm run bench` (issue #20): every measure of ./measures.ts on the generated theatres of 100, 400 and
 * 1,600 units (./theatre.ts), one JSON line per figure, then one line per name with its growth from
 * 400 to 1,600 units (`ratio_1600_400`). The sizes of a measure are timed in turns (./measure.ts,
 * `measureSizes`). It measures and prints; no timing is asserted.
 */
import { afterAll, describe, it } from "vitest";
import { MEASURES } from "./measures";
import { measureSizes, printFigure, ratios, type Figure } from "./measure";
import { THEATRE_SIZES, theatre, type Theatre } from "./theatre";

const figures: Figure[] = [];
/** `NOBC_BENCH=apply-turn,undo-turn`: only the measures whose name starts with one of these; `NOBC_BENCH_UNITS=400`: only those sizes. */
const only = process.env["NOBC_BENCH"]?.split(",").filter((n) => n !== "");
const sizes = process.env["NOBC_BENCH_UNITS"]?.split(",").map(Number) ?? [...THEATRE_SIZES];
const theatres = new Map<number, Theatre>(sizes.map((units) => [units, theatre(units)]));
const chosen = MEASURES.filter((m) => only === undefined || only.some((n) => m.name.startsWith(n)));

describe("megagame scale", () => {
  for (const m of chosen) {
    it(`${m.name} at ${sizes.join(", ")} units`, { timeout: 1_200_000 }, async () => {
      if (m.countOnly === true) {
        for (const units of sizes) console.log(JSON.stringify({ name: m.name, units, ...(await m.prepare(theatres.get(units)!)()) }));
        return;
      }
      // A Foundry-layer measure loads its theatre into the one harness world: again before each sample.
      const measured = await measureSizes(m.name, sizes, (units) => m.prepare(theatres.get(units)!), {
        fresh: m.layer === "foundry",
        ...m.options,
      });
      for (const figure of measured) {
        figures.push(figure);
        printFigure(figure);
      }
      // A measure whose work is a figure too (a size in bytes) prints one call's work at each size.
      if (m.printsWork === true)
        for (const units of sizes) console.log(JSON.stringify({ name: m.name, units, work: await m.prepare(theatres.get(units)!)() }));
    });
  }
  afterAll(() => {
    for (const r of ratios(figures)) console.log(JSON.stringify(r));
    // Late in the evening against its start (issue #35: within ×1.5): `apply-turn-10` over `apply-turn-1`, and Undo's.
    for (const action of ["apply", "undo"])
      for (const units of sizes) {
        const [first, tenth] = [1, 10].map((turn) => figures.find((f) => f.name === `${action}-turn-${String(turn)}` && f.units === units));
        if (first !== undefined && tenth !== undefined && first.median_ms > 0)
          console.log(
            JSON.stringify({ name: `${action}-turn-10/turn-1`, units, ratio: Math.round((tenth.median_ms / first.median_ms) * 100) / 100 }),
          );
      }
  });
});
