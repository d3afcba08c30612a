/**
 * Issue #20: entering Resupply searches routes once per HQ, not once per unit, and the search's
 * work grows with the theatre, not with its square. Counts operations, never milliseconds (the
 * times are the bench's: `resupply-entry` in tests/bench/scale.bench.ts).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as rulesView from "../../../src/map/rules-view";
import * as resupplyRules from "../../../src/rules/nobc/land/resupply";
import { MinHeap } from "../../../src/map/heap";
import { resupplyEntryContext } from "../../../src/apps/land/resupply/context";
import { resupplyContext } from "../../../src/apps/land/resupply/context";
import { initialResupply } from "../../../src/apps/land/resupply/state";
import { onMap } from "../../../src/apps/land/world";
import { resupplyTheatre } from "./resupply-theatre";
import { i18n } from "./fixture";

vi.mock("../../../src/map/rules-view", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/map/rules-view")>();
  return { ...real, resupplyRoutes: vi.fn(real.resupplyRoutes), resupplyRoute: vi.fn(real.resupplyRoute) };
});

vi.mock("../../../src/rules/nobc/land/resupply", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/rules/nobc/land/resupply")>();
  return {
    ...real,
    resolveResupply: vi.fn(real.resolveResupply),
    resupplyAccepts: vi.fn(real.resupplyAccepts),
    resupplyUnrelated: vi.fn(real.resupplyUnrelated),
  };
});

const searches = vi.mocked(rulesView.resupplyRoutes);
const resolutions = vi.mocked(resupplyRules.resolveResupply);
const checks = vi.mocked(resupplyRules.resupplyAccepts);
const relations = vi.mocked(resupplyRules.resupplyUnrelated);

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

/** Entering Resupply on a theatre of `units`: the route searches, the hexes they settled, the HQs on the map. */
function enter(units: number) {
  const field = resupplyTheatre({ units, seed: 20 });
  vi.clearAllMocks();
  const pops = vi.spyOn(MinHeap.prototype, "pop");
  const view = resupplyEntryContext(field, i18n);
  const placedHqs = field.hqs.filter((hq) => onMap(field, hq.hex)).length;
  const result = {
    field,
    view,
    searches: searches.mock.calls.length,
    pops: pops.mock.calls.length,
    checks: checks.mock.calls.length,
    resolutions: resolutions.mock.calls.length,
    relations: relations.mock.calls.length,
    placedHqs,
  };
  pops.mockRestore();
  return result;
}

describe("entering Resupply at scale (operation counts)", () => {
  it("searches routes once for each HQ on the map, whatever the number of units", () => {
    for (const units of [100, 400, 1600]) {
      const { field, view, searches: n, placedHqs } = enter(units);
      expect(view.hqs).toHaveLength(field.hqs.length);
      expect(placedHqs).toBeLessThan(field.hqs.length);
      expect(n).toBe(placedHqs);
      expect(n).toBeLessThan(units / 5);
      expect(vi.mocked(rulesView.resupplyRoute)).not.toHaveBeenCalled();
    }
  });

  it("the work grows linearly with the theatre: hexes settled, units asked about, rules checks (each a yes or no)", () => {
    const small = enter(400);
    const large = enter(1600);
    expect(small.pops).toBeGreaterThan(small.placedHqs);
    expect(small.checks).toBeGreaterThan(small.field.hqs.length);
    // The work per HQ stays bounded by the HQs' radius, not the size of the map.
    expect(large.pops / large.placedHqs).toBeLessThan(1.5 * (small.pops / small.placedHqs));
    // Per unit, the work may vary with the theatre drawn, but it does not grow with it: quadratic
    // work (every HQ against every unit, as before) would be four times as much per unit here.
    for (const work of ["pops", "checks", "relations"] as const) {
      expect(large[work] / 1600, work).toBeLessThan((2 * small[work]) / 400);
    }
    // Fewer rules checks than units: only units within twice an HQ's radius are asked about.
    expect(large.checks).toBeLessThan(1600);
    // The entry card counts with the rules' yes or no, never a whole resolution (issue #35).
    expect([small.resolutions, large.resolutions]).toEqual([0, 0]);
  });

  it("the Resupply dialog reads its HQ's offers once per render: one route search", () => {
    const field = resupplyTheatre({ units: 400, seed: 20 });
    const hq = field.hqs.find((h) => onMap(field, h.hex))!;
    vi.clearAllMocks();
    const view = resupplyContext({ field, owned: new Set(), isGM: true, turn: 1 }, initialResupply(hq.id), i18n);
    expect(view.offers.length + view.ineligible.length).toBeGreaterThan(0);
    expect(searches).toHaveBeenCalledTimes(1);
  });
});
