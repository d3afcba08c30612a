import type { ActorRef } from "../ids";
import type { ArrivalPoint, Faction, MissionId } from "./types";

/**
 * What a Team Yankee mission resolution changes, as data. Scene-wide changes (mission chosen,
 * light) apply to the mission's combat; the rest are keyed by the force or unit actor.
 */
export type MissionEffect =
  /** Reserve units that arrive this turn (the owner picks which). */
  | { type: "reservesArrive"; actor: ActorRef; count: number }
  /** Where one scattered reserve unit comes on. */
  | { type: "reserveEntry"; actor: ActorRef; at: ArrivalPoint }
  /** Victory points awarded at the end of a mission. */
  | { type: "victoryPoints"; actor: ActorRef; points: number }
  /** The mission to play and which player attacks. */
  | { type: "missionSelected"; mission: MissionId; attacker: Faction }
  /** Morning broke or night fell: the light for the rest of the game. */
  | { type: "missionLight"; light: "daylight" | "darkness" }
  /** The defender's delay counters under Strategic Withdrawal, set to a value. */
  | { type: "delayCounters"; actor: ActorRef; count: number }
  /** A tank team bailed out (by a mine). */
  | { type: "teamBailedOut"; actor: ActorRef }
  /** A team destroyed (by a mine). */
  | { type: "teamDestroyed"; actor: ActorRef }
  /** A unit pinned down when it finishes moving. */
  | { type: "unitPinned"; actor: ActorRef }
  /** A unit held in ambush placed on the table. */
  | { type: "ambushRevealed"; actor: ActorRef };
