/**
 * The Air War chart's own work (issue #32), without the browser: one zone and side's chart model, its
 * template context (what the window computes before Handlebars), and a drop checked by the allocation's
 * rules, on generated air wars of 60, 240 and 960 squadrons over four zones (../apps/air/chart/theatre.ts).
 * One JSON line per figure from the shared runner (./measure.ts). The render and the drag in Chromium are
 * tests/browser/air-chart.test.ts. A measurement, never an assertion.
 */
import { it } from "vitest";
import { measure, printFigure } from "./measure";
import { airTheatre } from "../apps/air/chart/theatre";
import { chartContext, chartModel } from "../../src/apps/air/chart/context";
import { chartState, placeSquadrons } from "../../src/apps/air/chart/state";
import { keyWording } from "../harness/wording";

const i18n = keyWording();

for (const squadrons of [60, 240, 960]) {
  it(`the air chart at ${squadrons} squadrons`, async () => {
    const world = airTheatre(squadrons);
    const state = chartState(world, { side: "nato", zone: "North" });
    const first = state.allocation.rows[0]!.squadron;
    const figures = [
      await measure("air-chart-model", squadrons, () => chartModel(world, state)),
      await measure("air-chart-context", squadrons, () => chartContext(world, state, i18n)),
      await measure("air-chart-drop", squadrons, () => placeSquadrons(world, state, [first], "airSuperiority", i18n)),
    ];
    for (const f of figures) printFigure(f);
  }, 300_000);
}
