import type { ActorRef } from "../ids";

/** What a Team Yankee mission resolution changes, as data. */
export type MissionEffect =
  /** Reserve units that arrive this turn. */
  | { type: "reservesArrive"; actor: ActorRef; count: number }
  /** Victory points awarded at the end of a mission. */
  | { type: "victoryPoints"; actor: ActorRef; points: number };
