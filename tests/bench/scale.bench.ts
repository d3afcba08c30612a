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
const theatres = new Map<number, Theatre>(THEATRE_SIZES.map((units) => [units, theatre(units)]));

describe("megagame scale", () => {
  for (const m of MEASURES) {
    it(`${m.name} at ${THEATRE_SIZES.join(", ")} units`, { timeout: 1_200_000 }, async () => {
      // A Foundry-layer measure loads its theatre into the one harness world: again before each sample.
      const measured = await measureSizes(m.name, THEATRE_SIZES, (units) => m.prepare(theatres.get(units)!), {
        fresh: m.layer === "foundry",
      });
      for (const figure of measured) {
        figures.push(figure);
        printFigure(figure);
      }
      // A measure whose work is a figure too (a size in bytes) prints one call's work at each size.
      if (m.printsWork === true)
        for (const units of THEATRE_SIZES)
          console.log(JSON.stringify({ name: m.name, units, work: await m.prepare(theatres.get(units)!)() }));
    });
  }
  afterAll(() => {
    for (const r of ratios(figures)) console.log(JSON.stringify(r));
  });
});
