import type { ActorRef } from "../ids";

/** What an Operational Playsheet resolution changes, as data. */
export type PlaysheetEffect =
  /** Supply points spent or received by a formation; signed. */
  | { type: "playsheetSupply"; actor: ActorRef; delta: number }
  /** Squadrons lost (whole squadrons only). */
  | { type: "squadronsLost"; actor: ActorRef; count: number };
