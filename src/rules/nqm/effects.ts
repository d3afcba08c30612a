import type { ActorRef } from "../ids";

/** What an NQM (umpire toolkit) resolution changes on a table-top unit, as data. */
export type NqmEffect =
  /** Red (temporary) and black (permanent) pins on a unit; signed deltas. */
  | { type: "pins"; actor: ActorRef; red: number; black: number }
  /** Stands (bases) lost by a unit. */
  | { type: "standsLost"; actor: ActorRef; count: number };
