import type { ActorRef } from "../ids";

/**
 * What an NQM (umpire toolkit) resolution changes on a table-top unit or stand, as data.
 * Deltas are signed; the Foundry layer records prior values so undo restores them exactly.
 */
export type NqmEffect =
  /** Red (temporary) and black (permanent) pins on a stand or unit; signed deltas. */
  | { type: "pins"; actor: ActorRef; red: number; black: number }
  /** Bases or strength points permanently removed from a stand (overloading, overrun). */
  | { type: "standsLost"; actor: ActorRef; count: number }
  /** The disorganised marker: placed (for `hours`, or until reorganised when absent) or taken off. */
  | { type: "disorganised"; actor: ActorRef; value: boolean; hours?: number }
  /** Harassing fire on a unit: no reorganising, resupply or close assault while disorganised, for `hours`. */
  | { type: "harassed"; actor: ActorRef; hours: number }
  /** Ammunition dice (CUs or FUs) carried by a stand or battery; − when fired, + on resupply. */
  | { type: "ammo"; actor: ActorRef; delta: number }
  /** A unit gives up (tank terror, or assaulted while broken with no way out). */
  | { type: "surrendered"; actor: ActorRef }
  /** A unit pulls back out of effective range (shoot and scoot, failed attack, veteran break-out). */
  | { type: "withdrawn"; actor: ActorRef }
  /** DIV LOG or DIV POL units held at a supply dump; − when spent. */
  | { type: "supplyUnits"; actor: ActorRef; kind: "log" | "pol"; delta: number }
  /** A unit's supply state: out of supply cannot attack (ammunition) or move (fuel). */
  | { type: "inSupply"; actor: ActorRef; value: boolean };
