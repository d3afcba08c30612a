import { RefusalList, phrase, type Checked, type Resolution } from "../resolution";
import { SRC } from "./sources";
import { DISTANCES, inMeasure, lengthPhrase, type Measure } from "./types";
import { checkDistance } from "./validate";

export type ObjectiveTeamKind = "tank" | "infantry" | "transport" | "aircraft" | "independent" | "other";

export interface ObjectiveTeam {
  readonly name: string;
  readonly kind: ObjectiveTeamKind;
  readonly bailedOut?: boolean;
  readonly movedAtDash?: boolean;
  /** Distance to the objective, in the scene's measure. */
  readonly distance: number;
}

/**
 * Only tank and infantry teams take or contest an objective, and not a bailed-out tank or a team
 * that moved at dash speed. Pinned-down teams still count.
 */
export function countsForObjective(team: Pick<ObjectiveTeam, "kind" | "bailedOut" | "movedAtDash">): boolean {
  if (team.kind !== "tank" && team.kind !== "infantry") return false;
  return !(team.kind === "tank" && team.bailedOut) && !team.movedAtDash;
}

export interface ObjectiveInput {
  readonly measure: Measure;
  /** The player's teams at the start of its turn. */
  readonly ownAtStart: readonly ObjectiveTeam[];
  /** The enemy's teams at the end of that turn. */
  readonly enemyAtEnd: readonly ObjectiveTeam[];
}

export interface ObjectiveOutcome {
  readonly held: boolean;
  readonly ownTeamsInRange: number;
  readonly enemyTeamsInRange: number;
}

/** Held: an own team within 4"/10 cm at the start of the turn, no enemy team within it at the end. */
export function resolveObjective(input: ObjectiveInput): Checked<Resolution<ObjectiveOutcome>> {
  const refusals = new RefusalList();
  const distanceOf = (t: ObjectiveTeam) => phrase("NOBC.Rules.Missions.Objectives.DistanceOf", { team: t.name });
  input.ownAtStart.forEach((t, i) => checkDistance(refusals, t.distance, `ownAtStart[${i}].distance`, distanceOf(t)));
  input.enemyAtEnd.forEach((t, i) => checkDistance(refusals, t.distance, `enemyAtEnd[${i}].distance`, distanceOf(t)));
  return refusals.result(() => {
    const range = inMeasure(DISTANCES.objectiveHold, input.measure);
    const near = (teams: readonly ObjectiveTeam[]) => teams.filter((t) => countsForObjective(t) && t.distance <= range).length;
    const own = near(input.ownAtStart);
    const enemy = near(input.enemyAtEnd);
    const within = lengthPhrase(range, input.measure);
    return {
      breakdown: [
        { text: phrase("NOBC.Rules.Missions.Objectives.OwnInRange", { range: within }), value: own, source: SRC.objectives },
        { text: phrase("NOBC.Rules.Missions.Objectives.EnemyInRange", { range: within }), value: enemy, source: SRC.objectives },
      ],
      rolls: [],
      outcome: { held: own > 0 && enemy === 0, ownTeamsInRange: own, enemyTeamsInRange: enemy },
      effects: [],
    };
  });
}
