/**
 * What setting a world up changes, as data: the order-of-battle import (src/orbat/) as a card of the
 * one write path, so its Apply has an exact Undo. Its folders and actors are created with the ids
 * the import gave them (so links between them are written with them, in the same call), and the
 * actors of the world that rows name are set field by field.
 */
import type { ActorRef } from "../ids";

/** The actor types an order of battle holds. */
export const SETUP_ACTOR_TYPES = ["hq", "unit", "airbase", "airSquadron"] as const;
export type SetupActorType = (typeof SETUP_ACTOR_TYPES)[number];

/** One change of an actor of the world as the dry run of the import showed it: its column, the cell it was and the cell it becomes. */
export interface SetupCell {
  readonly column: string;
  readonly from: string;
  readonly to: string;
}

/** A value set at one dotted path of an actor's system: a leaf, or a list (its weapons). */
export type SetupValue = string | number | boolean | null | unknown[];

export type SetupEffect =
  /** A world Actor folder, with its id and its parent folder's (null at the top). */
  | { type: "folderCreated"; id: string; name: string; parent: string | null; sort: number }
  /** A world actor of our types, with its id, its whole system data (links included) and its folder. */
  | {
      type: "actorCreated";
      id: string;
      name: string;
      actorType: SetupActorType;
      system: Record<string, unknown>;
      folder: string | null;
      sort: number;
    }
  /** An actor of the world takes these system values (dotted paths from `system`); `cells` say them as the dry run did. */
  | { type: "actorSet"; actor: ActorRef; set: Record<string, SetupValue>; cells: SetupCell[] };
