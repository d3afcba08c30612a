/**
 * What happens on the map, written as keys of the viewed scene's `nobc.mapState` flag (one
 * `Scene.updateDocuments` call; the inverse puts back each key as it was): minefields, engineers
 * left on a hexside, destroyed bridges, cut autobahns and contaminated hexes; and the supply of the
 * units standing in a hex whose supply counters are eliminated. See docs/decisions/map-state.md.
 *
 * A key is one path whether set or removed (`mapStatePath`, read back by `mapStateKeyOf`): a plan
 * sets it in a row's `changes` and removes it in the row's `removals`, and the writer spells the
 * removal as the running Foundry generation does (src/base/compat.ts). `sceneKeys` walks both.
 */
import type { Side } from "../../rules/nobc/land/types";
import { phrase } from "../../rules/resolution";
import { MAP_STATE_FLAG, MAP_STATE_FORMAT, MAP_STATE_PARTS, type MapStatePart } from "../../map/map-state";
import { SYSTEM_ID } from "../../base/constants";
import { written, type FamilyHandlers } from "../handler";
import { mapHex, mapHexside, sameValue, type SceneRowsOf } from "../planner";
import type { PlannedSceneUpdate } from "../write-plan";

/** The path of a map state key under a scene's flags. */
export function mapStatePath(part: MapStatePart, key: string): string {
  return `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.${part}.${key}`;
}

/** The path of one map state key, as `{ part, key }`; undefined for any other path (the flag's format, a whole part). */
export function mapStateKeyOf(path: string): { part: MapStatePart; key: string } | undefined {
  const prefix = `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.`;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length).split(".");
  if (rest.length !== 2) return undefined;
  const part = rest[0] as MapStatePart;
  if (!MAP_STATE_PARTS.includes(part)) return undefined;
  return { part, key: rest[1]! };
}

/** One map state key a scene row writes: set to `value`, or removed. */
export type SceneKey =
  | { readonly part: MapStatePart; readonly key: string; readonly removed: false; readonly value: unknown }
  | { readonly part: MapStatePart; readonly key: string; readonly removed: true };

/** Every map state key a scene row sets or removes (the row's other paths, the format and empty parts, are left out). */
export function* sceneKeys(row: PlannedSceneUpdate): Generator<SceneKey> {
  for (const [path, value] of Object.entries(row.changes)) {
    const at = mapStateKeyOf(path);
    if (at !== undefined) yield { ...at, removed: false, value };
  }
  for (const path of row.removals ?? []) {
    const at = mapStateKeyOf(path);
    if (at !== undefined) yield { ...at, removed: true };
  }
}

/** The value a map state key holds in the stored flag (undefined: absent). */
function priorState(flag: Readonly<Record<string, unknown>> | null, part: MapStatePart, key: string): unknown {
  const record = flag?.[part];
  if (typeof record !== "object" || record === null || !Object.hasOwn(record, key)) return undefined;
  return (record as Record<string, unknown>)[key];
}

/**
 * The scene's changed map state keys as one update and its inverse. A key the scene did not hold
 * is removed again by the inverse; one it held is put back. A scene with no map state yet gets
 * the flag's format and empty parts with the first write (they stay after Undo: an empty state).
 */
export const sceneRows: SceneRowsOf = (scene, flag, state) => {
  const changes: Record<string, unknown> = {};
  const removals: string[] = [];
  const undo: Record<string, unknown> = {};
  const undoRemovals: string[] = [];
  for (const { part, key, value } of state) {
    const before = priorState(flag, part, key);
    if (sameValue(before, value)) continue;
    if (value === undefined) removals.push(mapStatePath(part, key));
    else changes[mapStatePath(part, key)] = structuredClone(value);
    if (before === undefined) undoRemovals.push(mapStatePath(part, key));
    else undo[mapStatePath(part, key)] = structuredClone(before);
  }
  if (Object.keys(changes).length === 0 && removals.length === 0) return { updates: [], inverse: [] };
  if (flag === null) {
    const root = `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}`;
    changes[`${root}.format`] = MAP_STATE_FORMAT;
    for (const part of MAP_STATE_PARTS)
      if (!Object.keys(changes).some((p) => p.startsWith(`${root}.${part}.`))) changes[`${root}.${part}`] = {};
  }
  const row = (set: Record<string, unknown>, gone: string[]): PlannedSceneUpdate => ({
    uuid: scene.uuid,
    id: scene.id,
    changes: set,
    ...(gone.length > 0 ? { removals: gone } : {}),
  });
  return { updates: [row(changes, removals)], inverse: [row(undo, undoRemovals)] };
};

export const MAP_STATE_HANDLERS = {
  minefield: written((p, effect) => {
    const hex = mapHex(p, effect.hex);
    if (hex === undefined || p.scene() === undefined) return;
    if (!effect.present) return p.setState("mines", hex, undefined);
    if (effect.side === undefined) return p.refuse(phrase("NOBC.MapWrite.Refused.minefieldSide", { hex }));
    p.setState("mines", hex, { side: effect.side satisfies Side });
  }),
  engineersLeft: written((p, effect) => {
    const key = mapHexside(p, effect.hexside);
    if (key === undefined || p.scene() === undefined) return;
    p.setState("engineersLeft", key, effect.count > 0 ? effect.count : undefined);
  }),
  bridgeDestroyed: written((p, effect) => {
    const key = mapHexside(p, effect.hexside);
    if (key === undefined || p.scene() === undefined) return;
    p.setState("destroyedBridges", key, true);
  }),
  autobahnCut: written((p, effect) => {
    const hex = mapHex(p, effect.hex);
    if (hex === undefined || p.scene() === undefined) return;
    p.setState("cutAutobahn", hex, true);
  }),
  contaminated: written((p, effect) => {
    const hex = mapHex(p, effect.hex);
    if (hex === undefined || p.scene() === undefined) return;
    p.setState("contaminated", hex, true);
  }),
  supplyCountersEliminated: written((p, effect) => {
    // NOBC's supply counters are the supply points units carry: every unit standing there loses them.
    if (p.scene() === undefined) return;
    for (const hex of effect.hexes) {
      for (const unit of p.unitsIn(hex)) {
        const w = p.actor(unit, ["unit"], effect);
        if (w !== undefined) p.set(w, "supply", 0);
      }
    }
  }),
} as const satisfies FamilyHandlers;
