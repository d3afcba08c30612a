/**
 * The viewed scene as the write path (src/effects/apply.ts) plans over it, taken once per action on
 * the GM's client by src/world/board.ts. Types only: they sit below both.
 */
import type { ActorRef, HexRef } from "../rules/ids";
import type { KnowledgeOptions, Piece } from "../rules/nobc/knowledge/types";
import type { Side, SupportCard } from "../rules/nobc/land/types";

/** A token as the planner sees it: its UUID, id and whole source. */
export interface TokenSnapshot {
  readonly uuid: string;
  readonly id: string;
  readonly source: Readonly<Record<string, unknown>>;
}

/**
 * What the planner needs of the viewed scene, taken once per action on the GM's client
 * (src/world/board.ts): the scene (null when none is viewed) with its `nobc.mapState` flag as
 * stored, each actor's tokens on it, and the units standing in each hex. Lookups only: planning
 * stays linear in the effects.
 */
export interface BoardSnapshot {
  readonly scene: {
    readonly uuid: string;
    readonly id: string;
    readonly name: string;
    readonly mapState: unknown;
    /** The scene's `nobc.knowledge` flag as stored (absent: none read, the table plays open). */
    readonly knowledge?: unknown;
  } | null;
  /** World actor UUID → its tokens on the scene. */
  readonly tokensOf: ReadonlyMap<string, readonly TokenSnapshot[]>;
  /** Hex label → the UUIDs of the units whose token stands there. */
  readonly unitsIn: ReadonlyMap<HexRef, readonly string[]>;
  /**
   * Where `token` goes to stand in `hex`: its top-left corner in whole scene pixels, by the scene's
   * grid; undefined when the grid cannot place it (no hex grid, a hex off the scene). Absent without a scene.
   */
  readonly topLeftAt?: (hex: HexRef, token: TokenSnapshot) => { readonly x: number; readonly y: number } | undefined;
  /**
   * Present only when the world plays double-blind (setting `hiddenInformation`): what the knowledge
   * rules read to plan the action's knowledge change (src/effects/families/knowledge.ts).
   */
  readonly knowledge?: KnowledgeContext;
}

/** What the planner needs to work out what an action teaches each side (docs/rules-decisions.md, "What each side knows"). */
export interface KnowledgeContext {
  /** Every unit and HQ of both sides as the rules read them before the action (hex "" off the scene). */
  readonly pieces: readonly Piece[];
  /** The game turn the action happens in. */
  readonly turn: number;
  readonly options: KnowledgeOptions;
  /** The pieces that fought, when the action is a ground combat's Apply: each side identifies the other's. */
  readonly fought?: readonly ActorRef[];
  /** A rear-area attack's two identification cards, the side that played them and the hex: what stands there is identified. */
  readonly identification?: { readonly side: Side; readonly hex: HexRef; readonly cards: readonly SupportCard[] };
}
