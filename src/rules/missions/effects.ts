import type { ActorRef } from "../ids";
import type { MissionTrack } from "./track";
import type { ArrivalPoint, Faction, MissionId } from "./types";

/** Fields of the mission tracker set by a card: top-level values, and each force's counts by name. */
export type MissionTrackPatch = Partial<Omit<MissionTrack, "attackerForce" | "defenderForce">> & {
  readonly attackerForce?: Partial<MissionTrack["attackerForce"]>;
  readonly defenderForce?: Partial<MissionTrack["defenderForce"]>;
};

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
  | { type: "ambushRevealed"; actor: ActorRef }
  /** The mission tracker (a Combat, by UUID) takes these values. */
  | { type: "missionTrack"; combat: string; set: MissionTrackPatch }
  /** The mission's briefing journal (deployment, objectives, special rules), created with this id. */
  | { type: "missionJournal"; combat: string; id: string; name: string; pages: { name: string; text: string }[] };
