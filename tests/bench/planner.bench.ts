/**
 * The ground-combat planner and the rules core's land turn on a second kind of theatre
 * (./planner-theatre.ts: units packed two a hex either side of one front line) at 100, 400 and 1,600
 * units (`npm run bench`), with the land turn also split by kind of work. Each figure is one JSON line
 * from the shared runner (./measure.ts); the names end in `/front-theatre` (or name the part of the
 * turn), so they never stand for the figures, which ./scale.bench.ts measures on the bench
 * theatre. A measurement, never an assertion.
 */
import { it } from "vitest";
import { landTurn, openEmpty, plannerWorld, runLandTurn, theatre } from "./planner-theatre";
import { measure, printFigure } from "./measure";

const SIZES = [100, 400, 1600] as const;

for (const units of SIZES) {
  it(`planner and land turn on the front theatre at ${units} units`, async () => {
    const t = theatre(units);
    const world = plannerWorld(t);
    const turn = landTurn(t);
    const figures = [
      await measure("planner-open-empty/front-theatre", units, () => openEmpty(world)),
      await measure("land-turn-core/front-theatre", units, () => runLandTurn(turn)),
      await measure("land-turn-core/combats", units, () => runLandTurn({ ...turn, resupply: [], moves: [], stacking: [] })),
      await measure("land-turn-core/resupply", units, () => runLandTurn({ ...turn, combats: [], moves: [], stacking: [] })),
      await measure("land-turn-core/movement", units, () => runLandTurn({ ...turn, combats: [], resupply: [], stacking: [] })),
      await measure("land-turn-core/stacking", units, () => runLandTurn({ ...turn, combats: [], resupply: [], moves: [] })),
    ];
    for (const f of figures) printFigure(f);
  }, 600_000);
}
