/**
 * Lookups over a list of units, built once per list: by id and by hex. A turn's combats all take
 * the same `units` (the whole battlefield), so each combat finds its attackers, defenders and
 * neighbours without reading every unit again, and the turn grows linearly with the units.
 *
 * The index is kept for the list it was built from (a `WeakMap` on the array, so it goes with the
 * list). The rules' inputs are snapshots: a caller does not change a list it has handed over. A
 * list whose length changed is indexed afresh all the same.
 */
import type { ActorRef, HexRef } from "../../ids";
import type { LandUnit } from "./types";

export interface UnitIndex {
  /** The last unit of each id, as `new Map(units.map(u => [u.id, u]))` gives it. */
  readonly byId: ReadonlyMap<ActorRef, LandUnit>;
  /** The first unit of each id, as `units.find(u => u.id === id)` gives it. */
  readonly firstById: ReadonlyMap<ActorRef, LandUnit>;
  /** The units in each hex ("" for those with none), in the list's order. */
  readonly byHex: ReadonlyMap<HexRef, readonly LandUnit[]>;
  /** Each unit's place in the list (its first, for a unit listed twice). */
  readonly position: ReadonlyMap<LandUnit, number>;
}

interface Kept {
  readonly length: number;
  readonly index: UnitIndex;
}

const kept = new WeakMap<readonly LandUnit[], Kept>();

function build(units: readonly LandUnit[]): UnitIndex {
  const byId = new Map<ActorRef, LandUnit>();
  const firstById = new Map<ActorRef, LandUnit>();
  const byHex = new Map<HexRef, LandUnit[]>();
  const position = new Map<LandUnit, number>();
  units.forEach((u, i) => {
    byId.set(u.id, u);
    if (!firstById.has(u.id)) firstById.set(u.id, u);
    const here = byHex.get(u.hex);
    if (here === undefined) byHex.set(u.hex, [u]);
    else here.push(u);
    if (!position.has(u)) position.set(u, i);
  });
  return { byId, firstById, byHex, position };
}

/** The index of `units`, built on the first call for this list and kept with it. */
export function unitIndex(units: readonly LandUnit[]): UnitIndex {
  const found = kept.get(units);
  if (found?.length === units.length) return found.index;
  const index = build(units);
  kept.set(units, { length: units.length, index });
  return index;
}

/** The units standing in `hex`, in the list's order (a new array). */
export function unitsInHex(units: readonly LandUnit[], hex: HexRef): LandUnit[] {
  return [...(unitIndex(units).byHex.get(hex) ?? [])];
}

/** The units of the given hexes, in the list's order. */
export function unitsInHexes(units: readonly LandUnit[], hexes: Iterable<HexRef>): LandUnit[] {
  const index = unitIndex(units);
  const out: LandUnit[] = [];
  for (const hex of new Set(hexes)) out.push(...(index.byHex.get(hex) ?? []));
  return out.sort((a, b) => index.position.get(a)! - index.position.get(b)!);
}
