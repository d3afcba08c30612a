/**
 * The seam between the bot games (tests/fuzz/game.ts and its bots) and the invariants they check
 * after every action (tests/fuzz/invariants.ts): what a step was, and what the world looked like on
 * each side of it. Issue #37.
 */

import type { Secret } from "../sweep/leaks";

type Raw = Record<string, unknown>;

/** One client's copy of the world, as plain data (each document's `toObject()`), keyed by id. */
export interface WorldSnapshot {
  /** Whose copy: "server" or a client's name. */
  readonly of: string;
  readonly actors: ReadonlyMap<string, Raw>;
  /** Embedded items, keyed `${actorId}.${itemId}`. */
  readonly items: ReadonlyMap<string, Raw>;
  /** Tokens of every scene, keyed `${sceneId}.${tokenId}`. */
  readonly tokens: ReadonlyMap<string, Raw>;
  /** Scenes without their tokens (flags carry the map state). */
  readonly scenes: ReadonlyMap<string, Raw>;
  readonly combats: ReadonlyMap<string, Raw>;
  readonly messages: ReadonlyMap<string, Raw>;
  /** The world settings of the system, by key. */
  readonly settings: ReadonlyMap<string, unknown>;
}

/** An action a bot tried, as the failure report and the shrunk test print it. */
export interface BotAction {
  /** Index in the game's action list. */
  readonly index: number;
  /** The user who acted ("gm", "p1", …). */
  readonly user: string;
  /** The entry point, e.g. "drag-token", "request:resupply", "card:apply", "card:undo", "tracker:advance". */
  readonly kind: string;
  /** What was chosen (ids, hexes, …): plain data, enough to replay the action. */
  readonly args: Raw;
  /** Set when the bot meant it to be refused, naming why (e.g. "enemy-unit", "out-of-stage", "beyond-mp"). */
  readonly wrong?: string;
}

export type StepOutcome = "done" | "refused";

/** One step of a game: the action, what came of it, and the server's world before and after (the wire settled). */
export interface Step {
  readonly seed: number;
  readonly turn: number;
  readonly stage: string;
  readonly action: BotAction;
  readonly outcome: StepOutcome;
  readonly before: WorldSnapshot;
  readonly after: WorldSnapshot;
  /** Every client's copy after the wire settled (the server's is `after`). */
  readonly clients: readonly WorldSnapshot[];
  /** What went wrong that no user should see: throws, unhandled rejections, `console.error`, wire faults. */
  readonly errors: readonly string[];
  /** Set when the action was an Undo: the snapshot taken just before the card it undoes was applied. */
  readonly undoes?: WorldSnapshot;
  /** Set when the tracker's turn or stage moved in this step: whether it moved through the tracker. */
  readonly advancedBy?: "tracker" | "other";
  /** Under double-blind: what reached each player's client in this step, and what their side may not read then. */
  readonly blind?: readonly PlayerReach[];
  /** Under double-blind: surfaces not checked (the short set's known gaps, ./invariants.ts `KNOWN_BLIND_GAPS`). */
  readonly blindGaps?: readonly KnownGap[];
}

/**
 * Where something reached a player's browser: a chat message they are shown (public, or whispered
 * to them), the context of a chat card's or a dialog's template rendered on their client, a notice
 * (a refusal's text with its data).
 */
export type Surface = "message" | "card-html" | "dialog-html" | "notice";

export interface Reached {
  readonly surface: Surface;
  /** Which one: a message's place and type, a template's path, a notice's key. */
  readonly where: string;
  readonly data: unknown;
}

/** What reached one player in a step, and the secrets of their side then (tests/sweep/leaks.ts `secretsFor`). */
export interface PlayerReach {
  readonly user: string;
  readonly side: "nato" | "wp";
  readonly reached: readonly Reached[];
  readonly secrets: readonly Secret[];
  /** The hexes the player named in the step's action (theirs): a refusal that tells one back tells them nothing new. */
  readonly asked?: readonly string[];
}

/** A surface left out of the double-blind check, named, with why and the issue that owns it. */
export interface KnownGap {
  readonly surface: Surface;
  /** Only these of the surface (by `where`); all of it when absent. */
  readonly where?: RegExp;
  readonly why: string;
  readonly issue: string;
}

export interface Violation {
  /** The invariant's name, e.g. "unit-in-one-place". */
  readonly invariant: string;
  /** A short, plain description of what is wrong, naming documents by id and field. */
  readonly detail: string;
}

/** A named check with its rule (the seed or decision it enforces). */
export interface Invariant {
  readonly name: string;
  /** Where the rule comes from: a seed file and table, docs/rules-decisions.md, docs/authority.md, or Foundry's model. */
  readonly rule: string;
  check(step: Step): readonly Violation[];
}
