/**
 * The shape of the write path's work (pure types and two helpers): what the planner reads (`DocumentSnapshot`),
 * the rows of a write plan (`WritePlan`, one list per document class and kind of write), and a planned
 * action with its inverse, notes and refusals (`EffectPlan`). Every module of src/effects/ speaks in these.
 */
import type { Effect } from "../rules/effects";
import { phrase, type Phrase, type PhraseArg } from "../rules/resolution";

/** What the planner needs to know about one document. `system` is its stored (source) data. */
export interface DocumentSnapshot {
  readonly uuid: string;
  readonly id: string;
  readonly documentName: "Actor" | "Item" | "Scene" | "Token" | "Combat" | "JournalEntry" | "Folder";
  readonly type: string;
  readonly name: string;
  readonly system: Readonly<Record<string, unknown>>;
  /** For an embedded Item: its parent actor's UUID (null for a world item). */
  readonly parentUuid?: string | null;
  /**
   * For an Item or a Token: its whole source, so a deleted one can be created again by undo; for a
   * Scene: its flags; for a Folder: its name, parent and type; for an Actor: its prototype token (a
   * timetable's arrival makes a token from it).
   */
  readonly source?: Readonly<Record<string, unknown>>;
}

export type SnapshotLookup = (uuid: string) => DocumentSnapshot | undefined;

/** Changes to one document, as dotted paths (`system.strength.value`) to new values. */
export interface PlannedUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string | null;
  readonly changes: Readonly<Record<string, unknown>>;
}

export interface PlannedDeletion {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string | null;
}

export interface PlannedCreation {
  readonly parentUuid: string | null;
  /** Full item source, `_id` included; created with `keepId`. */
  readonly data: Readonly<Record<string, unknown>>;
}

/** Changes to a world Scene's flags: map state keys set (dotted paths to values) and removed (plain paths), see families/map-state.ts. */
export interface PlannedSceneUpdate {
  readonly uuid: string;
  readonly id: string;
  /** The keys set, as dotted paths to their new values. */
  readonly changes: Readonly<Record<string, unknown>>;
  /**
   * The keys removed, as plain dotted paths (`flags.nobc.mapState.mines.0712`): a plan names a
   * removal, and the writer spells it as the running Foundry does (src/base/compat.ts), so a stored
   * record reads the same in v13, v14 and after. Absent when none (and in records written before).
   */
  readonly removals?: readonly string[];
}

/** A token's place: its top-left corner, whole pixels. */
export interface TokenPlace {
  readonly x: number;
  readonly y: number;
}

/**
 * A token's footprint, the rest of a token the rules read (docs/authority.md, "Rules values"): its
 * size in grid spaces and its shape (`CONST.TOKEN_SHAPES`, 0 to 5 in v13 and v14), which with its
 * corner decide the hex its centre is read in, and whether it is linked to its actor (an unlinked
 * token stands for a synthetic copy, no unit of the order of battle).
 */
export interface TokenFootprint {
  readonly width: number;
  readonly height: number;
  readonly shape: number;
  readonly actorLink: boolean;
}

/** The token fields a plan writes: its place (x and y together, or neither) and any of its footprint. */
export type TokenChanges = (TokenPlace | { readonly x?: never; readonly y?: never }) & Partial<TokenFootprint>;

/** The token fields the write path writes, in the order a row lists them. */
export const TOKEN_FIELDS = ["x", "y", "width", "height", "shape", "actorLink"] as const satisfies readonly (keyof TokenChanges)[];

/**
 * A token of a world Scene (`parentUuid`) written: moved (its new top-left corner), or its footprint
 * put back by the umpire's guard (src/documents/rules-guard.ts), or both.
 */
export interface PlannedTokenUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string;
  readonly changes: TokenChanges;
}

/** A token of a world Scene (`parentUuid`) to delete. */
export interface PlannedTokenDeletion {
  readonly uuid: string;
  readonly id: string;
  readonly parentUuid: string;
}

/** A token to create in a world Scene (`parentUuid`): its whole source, `_id` included; created with `keepId`. */
export interface PlannedTokenCreation {
  readonly parentUuid: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A Combat of the world (the mission tracker): changes to its `system`, as dotted paths. */
export interface PlannedCombatUpdate {
  readonly uuid: string;
  readonly id: string;
  readonly changes: Readonly<Record<string, unknown>>;
}

/** A world JournalEntry to create (its whole source, `_id` included; created with `keepId`) or delete (by id). */
export interface PlannedJournalCreation {
  readonly data: Readonly<Record<string, unknown>>;
}
export interface PlannedJournalDeletion {
  readonly uuid: string;
  readonly id: string;
}

/**
 * A world Actor to create (its whole source, `_id` included; created with `keepId`, so the plan's
 * links name it before it exists), or one to delete (by id: the inverse of a creation). The
 * order-of-battle import writes these (src/effects/families/setup.ts).
 */
export interface PlannedActorCreation {
  readonly data: Readonly<Record<string, unknown>>;
}
export interface PlannedActorDeletion {
  readonly uuid: string;
  readonly id: string;
}

/** A world Actor folder to create (its whole source, `_id` included; `keepId`) or delete (by id). */
export interface PlannedFolderCreation {
  readonly data: Readonly<Record<string, unknown>>;
}
export interface PlannedFolderDeletion {
  readonly uuid: string;
  readonly id: string;
}

/**
 * A set of writes: what `applyPlan` performs. The scene and token rows are optional so that a
 * record written before the map was kept (and a plan that touches no map) still reads as a plan.
 */
export interface WritePlan {
  readonly actorUpdates: readonly PlannedUpdate[];
  readonly itemUpdates: readonly PlannedUpdate[];
  readonly itemDeletions: readonly PlannedDeletion[];
  readonly itemCreations: readonly PlannedCreation[];
  readonly sceneUpdates?: readonly PlannedSceneUpdate[];
  readonly tokenUpdates?: readonly PlannedTokenUpdate[];
  readonly tokenDeletions?: readonly PlannedTokenDeletion[];
  readonly tokenCreations?: readonly PlannedTokenCreation[];
  /** The mission tracker's data and its briefing journal (src/rules/missions/track.ts). */
  readonly combatUpdates?: readonly PlannedCombatUpdate[];
  readonly journalCreations?: readonly PlannedJournalCreation[];
  readonly journalDeletions?: readonly PlannedJournalDeletion[];
  /** World actors and their folders, created or deleted (the order-of-battle import and its Undo). */
  readonly actorCreations?: readonly PlannedActorCreation[];
  readonly actorDeletions?: readonly PlannedActorDeletion[];
  readonly folderCreations?: readonly PlannedFolderCreation[];
  readonly folderDeletions?: readonly PlannedFolderDeletion[];
}

/** The optional rows of a plan. */
export type OptionalRows = Omit<WritePlan, "actorUpdates" | "itemUpdates" | "itemDeletions" | "itemCreations">;

/**
 * The optional rows of a plan (the map's, the mission tracker's and its journal's, the world actors'
 * and folders'), each only when it has any (so a plan without them keeps its old shape).
 */
export function mapRows(plan: WritePlan): OptionalRows {
  return {
    ...((plan.folderCreations ?? []).length > 0 ? { folderCreations: plan.folderCreations } : {}),
    ...((plan.actorCreations ?? []).length > 0 ? { actorCreations: plan.actorCreations } : {}),
    ...((plan.actorDeletions ?? []).length > 0 ? { actorDeletions: plan.actorDeletions } : {}),
    ...((plan.folderDeletions ?? []).length > 0 ? { folderDeletions: plan.folderDeletions } : {}),
    ...((plan.combatUpdates ?? []).length > 0 ? { combatUpdates: plan.combatUpdates } : {}),
    ...((plan.journalCreations ?? []).length > 0 ? { journalCreations: plan.journalCreations } : {}),
    ...((plan.journalDeletions ?? []).length > 0 ? { journalDeletions: plan.journalDeletions } : {}),
    ...((plan.sceneUpdates ?? []).length > 0 ? { sceneUpdates: plan.sceneUpdates } : {}),
    ...((plan.tokenUpdates ?? []).length > 0 ? { tokenUpdates: plan.tokenUpdates } : {}),
    ...((plan.tokenDeletions ?? []).length > 0 ? { tokenDeletions: plan.tokenDeletions } : {}),
    ...((plan.tokenCreations ?? []).length > 0 ? { tokenCreations: plan.tokenCreations } : {}),
  };
}

/** Something the user must do by hand, or know: a lang key, its format data (`count` chooses a plural form), and the effect. */
export interface EffectNote {
  readonly key: string;
  readonly data: Readonly<Record<string, PhraseArg>>;
  readonly effect: Effect;
}

/** A note as a phrase, to be written in the reader's language. */
export function noteText(note: Pick<EffectNote, "key" | "data">): Phrase {
  return phrase(note.key, note.data);
}

export interface EffectPlan extends WritePlan {
  /** The writes that restore every changed value exactly, and re-create deleted cards. */
  readonly inverse: WritePlan;
  readonly notes: readonly EffectNote[];
  /**
   * Why the plan must not be written (no scene viewed for a map effect, a map state flag that cannot
   * be read, a hex that is not a map label): when any, nothing of it is written.
   */
  readonly refusals: readonly Phrase[];
}

/** A plan that writes nothing. */
export const EMPTY_PLAN: WritePlan = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
