/**
 * The viewed scene as the write path plans over it (`BoardSnapshot`, src/view/board.ts): its
 * UUID, its `nobc.mapState` flag as stored, each world actor's tokens on it (their whole source,
 * so Undo re-creates a deleted one exactly) and the units standing in each hex (as the rules read
 * them, from `readBattlefield`). Taken once per action on the GM's client, in one pass over the
 * tokens and the actors. Reads only.
 */
import type { BoardSnapshot, TokenSnapshot } from "../view/board";
import { SYSTEM_ID } from "../base/constants";
import { MAP_STATE_FLAG } from "../map/map-state";
import type { Effect } from "../rules/effects";
import type { HexRef } from "../rules/ids";
import type { Battlefield } from "./battlefield";
import { readBattlefield } from "./read";

interface SceneTokenLike {
  readonly id: string | null;
  readonly uuid: string;
  readonly actorId: string | null;
  toObject(): unknown;
}

interface SceneLike {
  readonly id: string | null;
  readonly uuid: string;
  readonly name: string;
  readonly tokens: Iterable<SceneTokenLike>;
  getFlag(scope: string, key: string): unknown;
}

/** The board of `scene` (null: no scene), with the units' hexes from `field`. Pure over its arguments. */
export function boardOf(scene: SceneLike | null, field: Pick<Battlefield, "units">): BoardSnapshot {
  if (scene === null || typeof scene.id !== "string") return { scene: null, tokensOf: new Map(), unitsIn: new Map() };
  const tokensOf = new Map<string, TokenSnapshot[]>();
  for (const token of scene.tokens) {
    if (token.actorId === null || typeof token.id !== "string") continue;
    // A token stands for the world actor of its `actorId` (linked or not): eliminating that unit removes it.
    const actor = `Actor.${token.actorId}`;
    const snap: TokenSnapshot = { uuid: token.uuid, id: token.id, source: token.toObject() as Record<string, unknown> };
    const list = tokensOf.get(actor);
    if (list === undefined) tokensOf.set(actor, [snap]);
    else list.push(snap);
  }
  const unitsIn = new Map<HexRef, string[]>();
  for (const unit of field.units) {
    if (unit.hex === "") continue;
    const list = unitsIn.get(unit.hex);
    if (list === undefined) unitsIn.set(unit.hex, [unit.id]);
    else list.push(unit.id);
  }
  return {
    scene: { uuid: scene.uuid, id: scene.id, name: scene.name, mapState: scene.getFlag(SYSTEM_ID, MAP_STATE_FLAG) },
    tokensOf,
    unitsIn,
  };
}

/**
 * The viewed scene (`canvas.scene`) as the write path plans over `effects`; a board of no scene
 * when none is viewed. The units' hexes (the whole battlefield read) are taken only when an effect
 * needs them (supply eliminated in hexes).
 */
export function readBoard(effects: readonly Effect[] = []): BoardSnapshot {
  const scene = (globalThis as { canvas?: { scene?: SceneLike | null } }).canvas?.scene ?? null;
  const needsUnits = scene !== null && effects.some((e) => e.type === "supplyCountersEliminated");
  return boardOf(scene, needsUnits ? readBattlefield() : { units: [] });
}
