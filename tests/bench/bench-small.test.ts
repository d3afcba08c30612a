/**
 * Runs every bench measure (./measures.ts) once on the 100-unit theatre, so `npm run bench` cannot rot:
 * each finishes, its runner gives finite figures, and it did the work it stands for. No timing is asserted.
 */
import { describe, expect, it } from "vitest";
import { MEASURES, type Work } from "./measures";
import { measure } from "./measure";
import { theatre, theatreField, theatreMap } from "./theatre";
import { validateTerrainMap, type TerrainMap } from "../../src/map/terrain-schema";
import { unitSupplyCapacity } from "../../src/rules/nobc/land/resupply";
import { alwaysInMarchMode, type UnitArm, type UnitSize } from "../../src/rules/nobc/land/types";

const t = theatre(100);

/** The work each measure must do on the 100-unit theatre. */
const expected: Record<string, (work: Work) => void> = {
  // The chat of the turn being played (150 applied cards and the one posted), and nine turns of 15 cards before it.
  "apply-turn-1": (w) => expect(w).toEqual({ applied: 1, messages: 151 }),
  "apply-turn-10": (w) => expect(w).toEqual({ applied: 1, messages: 9 * 15 + 151 }),
  "undo-turn-1": (w) => expect(w).toEqual({ undone: 1, messages: 150 }),
  "undo-turn-10": (w) => expect(w).toEqual({ undone: 1, messages: 9 * 15 + 150 }),
  // Every record of turns 1 to 9 in one write call.
  "prune-writes": (w) => expect(w).toEqual({ write_calls: 1, pruned: 9 * 15, messages: 9 * 15 + 150 }),
  "resupply-entry": (w) => expect(w).toMatchObject({ messages: 1, hqs: t.hqs }),
  "resupply-entry/fixed-map": (w) => expect(w).toMatchObject({ messages: 1, hqs: t.hqs }),
  // Every NATO HQ on the map and every NATO unit out of contact.
  "dialog-open/land.rearArea": (w) => {
    expect(w).toMatchObject({ opened: 1 });
    expect(w["targets"]).toBeGreaterThan(t.hqs / 2);
  },
  "turn-tracker-rows": (w) => expect(w).toEqual({ rows: t.hqs }),
  "land-turn-core": (w) => expect(w).toMatchObject({ combats: t.combats.length, resupplies: t.hqs, moves: t.units }),
  "planner-open-empty": (w) => expect(w).toMatchObject({ opened: 1, sides: 2 }),
  "read-battlefield": (w) => expect(w).toEqual({ units: t.units, hqs: t.hqs, squadrons: t.squadrons, map: 1 }),
  // The first call lays the minefield.
  "read-battlefield/after-map-state": (w) => expect(w).toEqual({ units: t.units, mines: 1, map: 1 }),
  "air-turn-core": (w) => expect(w).toMatchObject({ squadrons: t.squadrons, steps: 11 }),
  "movement-path-6-hexes": (w) => expect(w).toEqual({ paths: 1, hexes: 6 }),
  "theatre-table-build": (w) => expect(w).toEqual({ rows: t.units + t.hqs + t.squadrons + t.airbases, units: t.units }),
  "theatre-table-filter": (w) => expect(w).toEqual({ filters: 5, shown: 1 }),
  // 1,000 cards (a retreat per eighth, on units of the theatre), a release request per HQ, every squadron damaged in step 9.
  "control-queue": (w) => expect(w).toEqual({ messages: 1000 + t.hqs, items: 125 + t.hqs + t.squadrons }),
  "overlay-shapes": (w) => expect(w).toEqual({ kinds: 12, hexes: 2100, radii: t.hqs }),
  "rules-guard-player-update": (w) => expect(w).toEqual({ putBacks: 1, fields: 5 }),
  "rules-guard-player-update/card": (w) => expect(w).toEqual({ putBacks: 1, fields: 2 }),
  // The whole terrain overlay drawn again (six kinds) before issue #35; only the kinds the edit changed after.
  "painter-click": (w) => {
    expect(w).toMatchObject({ hexes: 2100, problems: 0 });
    expect(w["redrawn"]).toBeGreaterThan(0);
  },
  "knowledge-views": (w) => {
    expect(w).toMatchObject({ pieces: t.units + t.hqs, views: 2 });
    expect(w["contacts"]).toBeGreaterThan(0);
    expect(w["counters"]).toBeGreaterThan(0);
  },
  "team-scene-diff": (w) => {
    // Held as the last call left it: one unit moved, so a few rows (its mirror, the markers it changed), never the scenes'.
    expect(w["pieces"]).toBe(t.units + t.hqs);
    expect(w["rows"]).toBeGreaterThan(0);
    expect(w["rows"]! * 10).toBeLessThan(w["pieces"]!);
    expect(w["writes"]).toBeLessThanOrEqual(6);
  },
  // Every token on the scene grouped; the theatre stacks some hexes; the move changes a few tokens' offsets or counts, not all.
  "stacks-redraw": (w) => {
    expect(w["tokens"]).toBe(t.units + t.hqs);
    expect(w["stacks"]).toBeGreaterThan(0);
    expect(w["paints"]).toBeGreaterThan(0);
    expect(w["paints"]).toBeLessThan(12);
  },
  "knowledge-move-plan": (w) => {
    // One Scene row (the knowledge) and one token row; the step changes some entries, far fewer than the knowledge holds.
    expect(w).toMatchObject({ scenes: 1, tokens: 1 });
    expect(w["entries"]).toBeGreaterThan(0);
    expect(w["entries"]! * 4).toBeLessThan(w["known"]!);
  },
  "rules-record-write": (w) => {
    // One unit changed: its part of the record is sent, not the whole record.
    expect(w["parts"]).toBe(1);
    expect(w["bytes"]).toBeGreaterThan(0);
    expect(w["bytes"]! * 8).toBeLessThan(w["recordBytes"]!);
  },
};

describe("the bench's theatre", () => {
  it("is a valid terrain map of 2,000+ hexes with the sizes the issue asks for", () => {
    const map = theatreMap();
    expect(validateTerrainMap(map).ok).toBe(true);
    expect(Object.keys(map.hexes).length).toBeGreaterThanOrEqual(2000);
    expect(map.hexsides.filter((h) => h.bridge === true)).toHaveLength(1);
    const large = theatre(400);
    expect({ hqs: large.hqs, squadrons: large.squadrons, combats: large.combats.length }).toEqual({ hqs: 40, squadrons: 120, combats: 57 });
    expect(theatre(1600).squadrons).toBe(480);
    const size = (x: { map: TerrainMap }) => Object.keys(x.map.hexes).length;
    // The map grows with the units from 400 on (the density of a real game), unless kept fixed.
    expect(size(large)).toBe(2100);
    expect(size(theatre(1600))).toBeGreaterThanOrEqual(4 * 2100);
    expect(validateTerrainMap(theatre(1600).map).ok).toBe(true);
    expect(size(theatre(1600, 20, { fixedMap: true }))).toBe(2100);
    const field = theatreField(t);
    expect(field.units.filter((u) => u.hex !== "")).toHaveLength(100);
    expect(field.mapProblems).toEqual([]);
  });

  it("gives every unit what the unit model allows: SP within what it carries (none for artillery), March Mode where it is always in it", () => {
    for (const units of [100, 400]) {
      const seeds = theatre(units).seeds.filter((s) => s.type === "unit");
      const wrong = seeds.filter((s) => {
        const unit = { size: s.system["size"] as UnitSize, arm: s.system["arm"] as UnitArm };
        return Number(s.system["supply"]) > unitSupplyCapacity(unit) || (alwaysInMarchMode(unit) && s.system["mode"] !== "march");
      });
      expect(wrong.map((s) => s.name)).toEqual([]);
      // The theatre still has its artillery.
      expect(seeds.some((s) => s.system["arm"] === "artillery")).toBe(true);
    }
  });

  it("is the same for the same seed", () => {
    expect(theatre(100)).toEqual(t);
  });
});

describe("every bench measure, once on the 100-unit theatre", () => {
  it("names each measure the issue lists", () => {
    expect(MEASURES.map((m) => m.name).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const m of MEASURES) {
    it(m.name, async () => {
      const run = m.prepare(t);
      const work = await run();
      expected[m.name]!(work);
      if (m.countOnly === true) return;
      const figure = await measure(m.name, t.units, run, { warmUp: 1, samples: 1, minSampleMs: 0 });
      expect(figure).toMatchObject({ name: m.name, units: 100, n: 1 });
      for (const ms of [figure.median_ms, figure.min_ms, figure.max_ms, figure.wall_median_ms]) expect(Number.isFinite(ms)).toBe(true);
    });
  }
});
