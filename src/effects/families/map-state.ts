/**
 * What happens on the map, written as keys of the viewed scene's `nobc.mapState` flag (one
 * `Scene.updateDocuments` call; the inverse puts back each key as it was): minefields, engineers
 * left on a hexside, destroyed bridges, cut autobahns and contaminated hexes; and the supply of the
 * units standing in a hex whose supply counters are eliminated. See docs/decisions/map-state.md.
 *
 * How a key is spelled as a scene change path (set, or removed) lives here and only here:
 * `mapStatePath`, `mapStateRemoval` and `mapStateKeyOf` read and write the same spelling.
 */
import type { Side } from "../../rules/nobc/land/types";
import { phrase } from "../../rules/resolution";
import { MAP_STATE_FLAG, MAP_STATE_FORMAT, MAP_STATE_PARTS, type MapStatePart } from "../../map/map-state";
import { SYSTEM_ID } from "../../base/constants";
import { written, type FamilyHandlers } from "../handler";
import { mapHex, mapHexside, sameValue, type SceneRowsOf } from "../planner";

/** The path of a map state key under a scene's flags. */
export function mapStatePath(part: MapStatePart, key: string): string {
  return `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.${part}.${key}`;
}

/** The path that removes a map state key. */
export function mapStateRemoval(part: MapStatePart, key: string): string {
  return `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.${part}.-=${key}`;
}

/** A scene change path that sets or removes one map state key, as `{ part, key, removed }`; undefined for any other path. */
export function mapStateKeyOf(path: string): { part: MapStatePart; key: string; removed: boolean } | undefined {
  const prefix = `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}.`;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length).split(".");
  if (rest.length !== 2) return undefined;
  const part = rest[0] as MapStatePart;
  if (!MAP_STATE_PARTS.includes(part)) return undefined;
  const removed = rest[1]!.startsWith("-=");
  return { part, key: removed ? rest[1]!.slice(2) : rest[1]!, removed };
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
  const undo: Record<string, unknown> = {};
  for (const { part, key, value } of state) {
    const before = priorState(flag, part, key);
    if (sameValue(before, value)) continue;
    if (value === undefined) changes[mapStateRemoval(part, key)] = null;
    else changes[mapStatePath(part, key)] = structuredClone(value);
    if (before === undefined) undo[mapStateRemoval(part, key)] = null;
    else undo[mapStatePath(part, key)] = structuredClone(before);
  }
  if (Object.keys(changes).length === 0) return { updates: [], inverse: [] };
  if (flag === null) {
    const root = `flags.${SYSTEM_ID}.${MAP_STATE_FLAG}`;
    changes[`${root}.format`] = MAP_STATE_FORMAT;
    for (const part of MAP_STATE_PARTS)
      if (!Object.keys(changes).some((p) => p.startsWith(`${root}.${part}.`))) changes[`${root}.${part}`] = {};
  }
  return { updates: [{ uuid: scene.uuid, id: scene.id, changes }], inverse: [{ uuid: scene.uuid, id: scene.id, changes: undo }] };
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
