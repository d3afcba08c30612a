/**
 * Keeps a master scene's team scenes in step with it (issue #30 item 3, option B): on the active GM's
 * client, each side's scene gets its own tokens mirrored from the master scene and the enemy markers
 * of its `sideView`, written as what differs from what the scene holds: at most one create, one update
 * and one delete call of tokens per team scene. Read from the master scene's documents only (the
 * rules' scene); nothing of the truth about the enemy is written to a team scene.
 *
 * These writes are a projection, not an action: they do not go through the write path and have no
 * Undo of their own. An action's Undo puts the master scene back, and the watch (./watch.ts) draws
 * the team scenes again from it.
 */
import { AUTHORITY_MOVE, SYSTEM_ID } from "../base/constants";
import { knowledgeOptions } from "../base/settings";
import { bothViews } from "../rules/nobc/knowledge/view";
import { piecesOf, type Piece } from "../rules/nobc/knowledge/types";
import type { HexRef } from "../rules/ids";
import { replacement } from "../base/compat";
import { gridAdjacency } from "../effects/families/knowledge";
import { MAP_STATE_FLAG } from "../map/map-state";
import { sameMapState, teamMapState } from "./map-state";
import type { Side } from "../rules/nobc/land/types";
import { KNOWLEDGE_FLAG, readKnowledgeFlag } from "../schemas/knowledge";
import { MARKER_FLAG, MIRROR_FLAG, TEAM_SYNC, markerKeyOf, mirrorOf, teamScenesOf } from "../schemas/team-scene";
import { placerOf } from "../world/board";
import { readBattlefield, worldScene, type SceneDocLike } from "../world/read";
import { diffTokens, emptyDiff, joinDiffs, type TokenDiff, type TokenFace } from "./diff";
import { heldTokens, wantedMarkers, wantedMirrors, type MarkerPlacer, type MasterToken, type MirroredActor } from "./want";

const MIRROR_PATH = `flags.${SYSTEM_ID}.${MIRROR_FLAG}`;
const MARKER_PATH = `flags.${SYSTEM_ID}.${MARKER_FLAG}`;

/** A token document as the sync reads it (v13 `TokenDocument`). */
export interface SyncToken {
  readonly id: string | null;
  readonly name?: string | null;
  readonly actorId: string | null;
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
  readonly hidden?: boolean;
  readonly texture?: { readonly src?: string | null } | null;
  getFlag(scope: string, key: string): unknown;
}

/** A scene document as the sync reads it. */
export interface SyncScene extends SceneDocLike {
  readonly id: string | null;
  readonly tokens: Iterable<SyncToken>;
}

interface ActorDoc {
  readonly id: string | null;
  readonly type: string;
  readonly system?: unknown;
}

function faceOf(t: SyncToken, flag: unknown): TokenFace {
  return {
    x: t.x,
    y: t.y,
    width: t.width ?? 1,
    height: t.height ?? 1,
    hidden: t.hidden === true,
    name: t.name ?? "",
    img: t.texture?.src ?? null,
    flag: typeof flag === "object" && flag !== null ? (flag as Record<string, unknown>) : {},
  };
}

function masterTokens(scene: SyncScene): MasterToken[] {
  const out: MasterToken[] = [];
  for (const t of scene.tokens) {
    if (typeof t.id !== "string") continue;
    const { x, y, width, height, hidden, name, img } = faceOf(t, null);
    out.push({ id: t.id, actorId: t.actorId, x, y, width, height, hidden, name, img });
  }
  return out;
}

function actorsByType(): Map<string, MirroredActor> {
  const out = new Map<string, MirroredActor>();
  for (const a of (game.actors ?? []) as unknown as Iterable<ActorDoc>) {
    if (typeof a.id !== "string") continue;
    const side = (a.system as { side?: unknown } | undefined)?.side;
    out.set(a.id, { type: a.type, side: side === "nato" || side === "wp" ? side : null });
  }
  return out;
}

/** Every unit and HQ of the world as the rules read them on `scene` (hex "" off it). */
function piecesOfScene(scene: SyncScene): Piece[] {
  const field = readBattlefield(scene);
  return piecesOf(field.units, field.hqs);
}

/** The marker placer of a scene's grid: a one-space token's top-left in `hex`. */
function markerPlacer(scene: SyncScene): MarkerPlacer {
  const placer = placerOf(scene);
  const oneSpace = { uuid: "", id: "", source: { width: 1, height: 1 } };
  return (hex) => placer?.(hex, oneSpace);
}

/** What each side's team scene of `master` must become: the diff of its tokens (mirrors and markers), by side. */
export function teamSceneDiffs(
  master: SyncScene,
  scenes: ReadonlyMap<Side, SyncScene>,
  contact: string,
  pieces: readonly Piece[] = piecesOfScene(master),
): Map<Side, TokenDiff> {
  const knowledge = readKnowledgeFlag(master.getFlag(SYSTEM_ID, KNOWLEDGE_FLAG)).knowledge;
  const views = bothViews(pieces, knowledge, knowledgeOptions());
  const tokens = masterTokens(master);
  const actors = actorsByType();
  const place = markerPlacer(master);
  const out = new Map<Side, TokenDiff>();
  for (const [side, scene] of scenes) {
    const held = heldTokens(
      [...scene.tokens].flatMap((t) =>
        typeof t.id !== "string"
          ? []
          : [
              {
                id: t.id,
                mirrorOf: mirrorOf(t),
                markerKey: markerKeyOf(t),
                face: faceOf(t, t.getFlag(SYSTEM_ID, mirrorOf(t) !== null ? MIRROR_FLAG : MARKER_FLAG)),
              },
            ],
      ),
    );
    const mirrors = diffTokens(wantedMirrors(tokens, actors, side), held.mirrors, MIRROR_PATH);
    const markers = diffTokens(wantedMarkers(views[side].markers, side, place, { contact }), held.markers, MARKER_PATH);
    out.set(side, joinDiffs(mirrors, markers));
  }
  return out;
}

interface TokenClass {
  createDocuments(data: object[], operation: object): Promise<unknown>;
  updateDocuments(data: object[], operation: object): Promise<unknown>;
  deleteDocuments(ids: string[], operation: object): Promise<unknown>;
}

/** Writes one scene's diff: one call per kind that has rows. The option marks them as ours (and as the authority's moves). */
async function writeDiff(scene: SyncScene, diff: TokenDiff): Promise<void> {
  const Token = (globalThis as unknown as { TokenDocument: TokenClass }).TokenDocument;
  const operation = { parent: scene, [TEAM_SYNC]: true, [AUTHORITY_MOVE]: true };
  if (diff.delete.length > 0) await Token.deleteDocuments([...diff.delete], operation);
  if (diff.update.length > 0) await Token.updateDocuments([...diff.update], operation);
  // Ids drawn here and kept, as the write path creates tokens: every client's copy names them alike.
  if (diff.create.length > 0)
    await Token.createDocuments(
      diff.create.map((row) => ({ _id: foundry.utils.randomID(), ...row })),
      { ...operation, keepId: true },
    );
}

/** The hexes each side's pieces stand in or next to (on the map's hex grid): where it finds minefields and contamination. */
function watchedBy(pieces: readonly Piece[]): Map<Side, Set<HexRef>> {
  const out = new Map<Side, Set<HexRef>>([
    ["nato", new Set()],
    ["wp", new Set()],
  ]);
  const adjacency = gridAdjacency(pieces);
  for (const p of pieces) {
    if (p.hex === "") continue;
    const set = out.get(p.side)!;
    set.add(p.hex);
    for (const n of adjacency[p.hex] ?? []) set.add(n);
  }
  return out;
}

/** The team scenes' map state rows: each scene whose found minefields and contamination differ from what it shows. */
export function teamMapStateRows(master: SyncScene, scenes: ReadonlyMap<Side, SyncScene>, pieces: readonly Piece[]): object[] {
  const watched = watchedBy(pieces);
  const truth = master.getFlag(SYSTEM_ID, MAP_STATE_FLAG);
  const rows: object[] = [];
  for (const [side, scene] of scenes) {
    const held = scene.getFlag(SYSTEM_ID, MAP_STATE_FLAG);
    const shown = teamMapState(truth, held, side, watched.get(side)!);
    if (shown === null || typeof scene.id !== "string" || sameMapState(shown, held)) continue;
    rows.push({ _id: scene.id, ...replacement(`flags.${SYSTEM_ID}.${MAP_STATE_FLAG}`, shown) });
  }
  return rows;
}

interface SceneClass {
  updateDocuments(data: object[], operation: object): Promise<unknown>;
}

/** Draws master scene `masterId`'s team scenes again from it (only what differs); nothing without team scenes. */
export async function syncTeamScenes(masterId: string): Promise<void> {
  const master = worldScene(masterId) as SyncScene | null;
  if (master === null) return;
  const scenes = teamScenesOf<SyncScene>(masterId);
  if (scenes.size === 0) return;
  const contact = game.i18n?.localize("NOBC.TeamScenes.Contact") ?? "";
  const field = readBattlefield(master);
  const pieces = piecesOf(field.units, field.hqs);
  const rows = teamMapStateRows(master, scenes, pieces);
  if (rows.length > 0) await (globalThis as unknown as { Scene: SceneClass }).Scene.updateDocuments(rows, { [TEAM_SYNC]: true });
  const diffs = teamSceneDiffs(master, scenes, contact, pieces);
  for (const [side, diff] of diffs) if (!emptyDiff(diff)) await writeDiff(scenes.get(side)!, diff);
}
