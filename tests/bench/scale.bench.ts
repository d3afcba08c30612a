/**
 * `npm run bench` (issue #20): every measure of ./measures.ts on the generated theatres of 100, 400 and
 * 1,600 units (./theatre.ts), one JSON line per figure, then one line per name with its growth from
 * 400 to 1,600 units (`ratio_1600_400`). It measures and prints; no timing is asserted.
 */
import { afterAll, describe, it } from "vitest";
import { MEASURES } from "./measures";
import { measure, printFigure, ratios, type Figure } from "./measure";
import { THEATRE_SIZES, theatre } from "./theatre";

const figures: Figure[] = [];

describe("megagame scale", () => {
  for (const units of THEATRE_SIZES) {
    const t = theatre(units);
    for (const m of MEASURES) {
      it(`${m.name} at ${units} units`, { timeout: 600_000 }, async () => {
        const figure = await measure(m.name, units, m.prepare(t));
        figures.push(figure);
        printFigure(figure);
      });
    }
  }
  afterAll(() => {
    for (const r of ratios(figures)) console.log(JSON.stringify(r));
  });
});
