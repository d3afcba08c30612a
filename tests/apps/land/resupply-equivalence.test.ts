/**
 * Issue #20: the Resupply offers read with one route search per HQ give what the unit-by-unit
 * search gave. The reference below is the code as it stood before (a route search from the HQ to
 * each unit, re-sorting an array for its queue; every unit of the side asked of the rules, the
 * unrelated ones dropped afterwards), checked against the new code on seeded theatres.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  adjacentHexes,
  distance,
  mapView,
  onOrAdjacentToRoad,
  resupplyRoute,
  resupplyRoutes,
  type MapView,
} from "../../../src/map/rules-view";
import { hexLabel } from "../../../src/map/hex-grid";
import { hexside, type HexRef } from "../../../src/rules/ids";
import type { TerrainMap } from "../../../src/map/terrain-schema";
import { resolveResupply, unitSupplyCapacity, type ResupplyCandidate } from "../../../src/rules/nobc/land/resupply";
import type { LandHq, LandUnit } from "../../../src/rules/nobc/land/types";
import type { Refusal } from "../../../src/rules/resolution";
import type { Battlefield } from "../../../src/world/battlefield";
import { hqById, onMap } from "../../../src/apps/land/world";
import { resupplyEntryOffers, resupplyIndex, resupplyOffers, resupplyResolution } from "../../../src/apps/land/resupply/state";
import { resupplyTheatre } from "./resupply-theatre";
import { seeded } from "../../bench/theatre";

// ---------------------------------------------------------------------------------------------
// The reference: the search and the offers as they were

function oldRoute(view: MapView, from: HexRef, to: HexRef): { distance: number; autobahnHexes: number } {
  const better = (a: { cost: number; steps: number }, b: { cost: number; steps: number }) => a.cost - b.cost || a.steps - b.steps;
  const best = new Map<HexRef, { cost: number; steps: number; autobahn: number }>([[from, { cost: 0, steps: 0, autobahn: 0 }]]);
  const open: HexRef[] = [from];
  const done = new Set<HexRef>();
  while (open.length > 0) {
    open.sort((a, b) => better(best.get(a)!, best.get(b)!) || (a < b ? -1 : 1));
    const here = open.shift()!;
    if (here === to) break;
    if (done.has(here)) continue;
    done.add(here);
    const at = best.get(here)!;
    for (const next of adjacentHexes(view, here)) {
      if (done.has(next)) continue;
      const autobahn = view.links.get(hexside(here, next)) === "autobahn";
      const candidate = { cost: at.cost + (autobahn ? 1 : 2), steps: at.steps + 1, autobahn: at.autobahn + (autobahn ? 1 : 0) };
      const known = best.get(next);
      if (known === undefined || better(candidate, known) < 0) {
        best.set(next, candidate);
        if (!open.includes(next)) open.push(next);
      }
    }
  }
  const reached = best.get(to)!;
  return { distance: reached.steps, autobahnHexes: reached.autobahn };
}

const UNRELATED = new Set(["wrongSide", "wrongNationality", "notInFront", "notInArmy"]);

function oldCandidate(field: Battlefield, hq: LandHq, unit: LandUnit): ResupplyCandidate | null {
  if (field.map === null || !onMap(field, hq.hex) || !onMap(field, unit.hex)) return null;
  const base = { unit, onOrAdjacentToRoad: onOrAdjacentToRoad(field.map, unit.hex) };
  const front = unit.hq === undefined ? undefined : hqById(field, unit.hq)?.parent;
  const withFront = front === undefined ? base : { ...base, front };
  const crow = distance(field.map, hq.hex, unit.hex);
  if (crow > 2 * hq.radius) return { ...withFront, distance: crow, autobahnHexes: 0 };
  const route = oldRoute(field.map, hq.hex, unit.hex);
  return { ...withFront, distance: route.distance, autobahnHexes: route.autobahnHexes };
}

function oldOffers(field: Battlefield, hq: LandHq) {
  const out: { unit: LandUnit; candidate: ResupplyCandidate | null; room: number; eligible: boolean; reasons: readonly Refusal[] }[] = [];
  const probe = { ...hq, level: Math.max(1, hq.level) };
  for (const unit of field.units) {
    if (unit.side !== hq.side) continue;
    const room = Math.max(0, unitSupplyCapacity(unit) - unit.supply);
    const candidate = oldCandidate(field, hq, unit);
    const check = resolveResupply({
      hq: probe,
      candidates: [candidate ?? { unit, onOrAdjacentToRoad: true, distance: 0 }],
      allocation: { [unit.id]: Math.max(1, room) },
    });
    const refusals = check.ok ? [] : check.refusals;
    if (refusals.some((r) => UNRELATED.has(r.code))) continue;
    out.push({ unit, candidate, room, eligible: candidate !== null && check.ok, reasons: refusals });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/** A random map: every hex clear, a few roads and autobahns wandering across it. */
function randomMap(seed: number, columns: number, rows: number): MapView {
  const rnd = seeded(seed);
  const hexes: TerrainMap["hexes"] = {};
  for (let col = 0; col < columns; col++)
    for (let row = 0; row < rows; row++) hexes[hexLabel({ col, row })] = { terrain: ["clear"], country: "frg" };
  const roads: TerrainMap["roads"] = [];
  for (let r = 0; r < 4; r++) {
    let row = Math.floor(rnd() * rows);
    const path: string[] = [];
    for (let col = 0; col < columns; col++) {
      path.push(hexLabel({ col, row }));
      // Sometimes a step down the column before going on.
      if (rnd() < 0.3 && row + 1 < rows) path.push(hexLabel({ col, row: ++row }));
    }
    roads.push({ kind: r % 2 === 0 ? "autobahn" : "road", path });
  }
  return mapView({ format: "nobc-terrain/1", name: "random", columns, rows, hexSize: 100, hexes, hexsides: [], roads });
}

describe("one route search per HQ gives the routes one search per unit gave", () => {
  it("resupplyRoutes from a hex to many equals the old search to each, on random maps with autobahns", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const view = randomMap(seed, 14, 12);
        const rnd = seeded(seed + 1);
        const pick = () => hexLabel({ col: Math.floor(rnd() * 14), row: Math.floor(rnd() * 12) });
        const from = pick();
        const targets = Array.from({ length: 12 }, pick);
        const routes = resupplyRoutes(view, from, targets);
        for (const to of targets) {
          const old = oldRoute(view, from, to);
          expect(routes.get(to)).toEqual(old);
          expect(resupplyRoute(view, from, to)).toEqual(old);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("a cost bound keeps exactly the targets within it, with the same routes", () => {
    const view = randomMap(7, 16, 16);
    const targets = Object.keys(view.map.hexes);
    const bounded = resupplyRoutes(view, "0808", targets, 10);
    for (const to of targets) {
      const old = oldRoute(view, "0808", to);
      const cost = 2 * old.distance - old.autobahnHexes;
      expect(bounded.get(to)).toEqual(cost <= 10 ? old : undefined);
    }
  });
});

describe("the offers are those the unit-by-unit search gave (seeded theatres)", () => {
  it("every HQ's offers, the entry card's part of them and a hand-out's check are unchanged", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 20, max: 90 }), (seed, units) => {
        const field = resupplyTheatre({ units, seed, hexes: 600 });
        const index = resupplyIndex(field);
        for (const hq of field.hqs) {
          const old = oldOffers(field, hq);
          expect(resupplyOffers(field, hq, index)).toEqual(old);
          const entry = resupplyEntryOffers(field, hq, index);
          expect(entry.eligible).toEqual(old.filter((o) => o.eligible));
          expect(entry.others).toBe(old.filter((o) => !o.eligible).length);
          // A hand-out of one counter to every unit offered, eligible or not.
          const allocation = Object.fromEntries(old.map((o) => [o.unit.id, 1]));
          expect(resupplyResolution(field, { hq: hq.id, allocation })).toEqual(resupplyResolution(field, { hq: hq.id, allocation }, old));
        }
      }),
      { numRuns: 25 },
    );
  });

  it("the theatres exercise every branch: eligible, out of radius by route and by crow, off the map, other HQs' units", () => {
    const field = resupplyTheatre({ units: 90, seed: 3, hexes: 600 });
    const offers = field.hqs.flatMap((hq) => oldOffers(field, hq));
    const codes = new Set(offers.flatMap((o) => o.reasons.map((r) => r.code)));
    expect(offers.some((o) => o.eligible)).toBe(true);
    expect(offers.some((o) => o.candidate === null)).toBe(true);
    expect(offers.some((o) => (o.candidate?.autobahnHexes ?? 0) > 0)).toBe(true);
    expect(offers.some((o) => o.candidate?.front !== undefined)).toBe(true);
    for (const code of ["outOfRadius", "offRoad", "carriesNoSupply", "overCapacity"]) expect(codes).toContain(code);
    expect(offers.length).toBeLessThan(field.hqs.length * field.units.length);
  });
});
