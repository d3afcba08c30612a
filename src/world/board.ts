/**
 * The viewed scene as the write path plans over it (`BoardSnapshot`, src/view/board.ts): its
 * UUID, its `nobc.mapState` flag as stored, each world actor's tokens on it (their whole source,
 * so Undo re-creates a deleted one exactly) and the units standing in each hex (as the rules read
 * them, from `readBattlefield`). Taken once per action on the GM's client, in one pass over the
 * tokens and the actors. Reads only.
 */
import type { BoardSnapshot, KnowledgeContext, TokenSnapshot } from "../view/board";
import { SYSTEM_ID } from "../base/constants";
import { hiddenInformation, knowledgeOptions } from "../base/settings";
import { piecesOf } from "../rules/nobc/knowledge/types";
import { KNOWLEDGE_FLAG } from "../schemas/knowledge";
import { MAP_STATE_FLAG } from "../map/map-state";
import type { Effect } from "../rules/effects";
import type { HexRef } from "../rules/ids";
import type { Battlefield } from "./battlefield";
import { readBattlefield, viewedSceneDoc, worldScene, type GridLike, type SceneDocLike } from "./read";
import { offsetOf, parseHexLabel } from "../map/hex-grid";

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

/** Where a token stands in a hex: its top-left corner by the scene's grid (see `BoardSnapshot.topLeftAt`). */
export type TokenPlacer = NonNullable<BoardSnapshot["topLeftAt"]>;

/**
 * The placer of a scene (its grid and padding, `Scene#grid` and `Scene#dimensions`: no canvas
 * needed): hex 0101 is the grid space at the scene's top-left corner (past the padding), as
 * src/world/read.ts reads the tokens' hexes; a token `width` × `height` grid spaces has its centre on
 * the hex's centre. Undefined unless the grid is the maps' hex grid (flat tops, odd columns shifted down).
 */
export function placerOf(
  board: { readonly grid?: GridLike | null; readonly dimensions?: { sceneX: number; sceneY: number } | null } | null | undefined,
): TokenPlacer | undefined {
  const grid = board?.grid;
  if (board === undefined || board === null || grid?.type !== CONST.GRID_TYPES.HEXODDQ) return undefined;
  const dx = board.dimensions?.sceneX ?? 0;
  const dy = board.dimensions?.sceneY ?? 0;
  const origin = grid.getOffset({ x: dx + grid.sizeX / 2, y: dy + grid.sizeY / 2 });
  return (hex, token) => {
    if (parseHexLabel(hex) === undefined) return undefined;
    const { col, row } = offsetOf(hex);
    const centre = grid.getCenterPoint({ i: origin.i + row, j: origin.j + col });
    const width = Number(token.source["width"] ?? 1);
    const height = Number(token.source["height"] ?? 1);
    if (!(width > 0) || !(height > 0)) return undefined;
    return { x: Math.round(centre.x - (width * grid.sizeX) / 2), y: Math.round(centre.y - (height * grid.sizeY) / 2) };
  };
}

/** What a card's Apply teaches beyond its effects (`knowledgeOutcome`, src/chat/card-data.ts). */
export interface CardKnowledgeOutcome {
  readonly fought?: readonly string[];
  readonly identifies?: { readonly side: "nato" | "wp"; readonly hex: HexRef; readonly cards: readonly string[] };
}

/** The identification of a card with the cards as the battlefield holds them now (a card gone is left out: the rules refuse the pair). */
function identificationOf(
  field: Pick<Battlefield, "cards">,
  identifies: CardKnowledgeOutcome["identifies"],
): Pick<KnowledgeContext, "identification"> {
  if (identifies === undefined) return {};
  const byId = new Map(field.cards.map((c) => [c.id, c]));
  const cards = identifies.cards.flatMap((id) => byId.get(id) ?? []);
  return { identification: { side: identifies.side, hex: identifies.hex, cards } };
}

/** The game turn now: set on init by the entry point (the turn tracker sits above the world readers). */
let turnClock: () => { readonly turn: number } | null = () => null;

/** Sets how the board learns the game turn (the `nobcTurn` Combat's, read by src/combat/current.ts). */
export function setBoardClock(read: () => { readonly turn: number } | null): void {
  turnClock = read;
}

/**
 * The board of `scene` (null: no scene), with the units' hexes from `field`; with `knowledge`, what the
 * write path reads to plan what the action teaches each side. Pure over its arguments.
 */
export function boardOf(
  scene: SceneLike | null,
  field: Pick<Battlefield, "units">,
  placer?: TokenPlacer,
  knowledge?: KnowledgeContext,
): BoardSnapshot {
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
    scene: {
      uuid: scene.uuid,
      id: scene.id,
      name: scene.name,
      mapState: scene.getFlag(SYSTEM_ID, MAP_STATE_FLAG),
      ...(knowledge === undefined ? {} : { knowledge: scene.getFlag(SYSTEM_ID, KNOWLEDGE_FLAG) }),
    },
    tokensOf,
    unitsIn,
    ...(placer === undefined ? {} : { topLeftAt: placer }),
    ...(knowledge === undefined ? {} : { knowledge }),
  };
}

/**
 * A scene as the write path plans over `effects`: the world scene of id `sceneId` (a card that names
 * the scene it was decided on, a move's), else the viewed one (`canvas.scene`); a board of no scene
 * when there is none (none viewed, the canvas off, a scene no longer in the world). Its documents are
 * read, not the canvas. The units' hexes (the whole battlefield read) are taken only when an effect
 * needs them (supply eliminated in hexes), or when the world plays double-blind: then every piece, the
 * turn and the knowledge readings go with the board, with what the card's Apply teaches beyond its effects (`outcome`).
 */
export function readBoard(effects: readonly Effect[] = [], sceneId?: string, outcome?: CardKnowledgeOutcome): BoardSnapshot {
  const scene = (sceneId === undefined ? viewedSceneDoc() : worldScene(sceneId)) as (SceneLike & SceneDocLike) | null;
  const blind = scene !== null && hiddenInformation() === "doubleBlind";
  const needsUnits = blind || (scene !== null && effects.some((e) => e.type === "supplyCountersEliminated"));
  const field = needsUnits ? readBattlefield(scene) : { units: [], hqs: [], cards: [] };
  const knowledge: KnowledgeContext | undefined = blind
    ? {
        pieces: piecesOf(field.units, field.hqs),
        turn: turnClock()?.turn ?? 0,
        options: knowledgeOptions(),
        ...((outcome?.fought ?? []).length === 0 ? {} : { fought: outcome!.fought! }),
        ...identificationOf(field, outcome?.identifies),
      }
    : undefined;
  return boardOf(scene, field, placerOf(scene), knowledge);
}
