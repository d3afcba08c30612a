import type { ActorRef } from "../ids";
import { RefusalList, type Checked, type Resolution } from "../resolution";
import type { MissionEffect } from "./effects";
import { SRC } from "./sources";
import { DISTANCES, formatDistance, inMeasure, type Measure } from "./types";
import { checkDistance } from "./validate";

/** An enemy team near a proposed ambush position; only tank and infantry teams limit placement. */
export interface AmbushEnemy {
  readonly name: string;
  readonly kind: "tank" | "infantry" | "other";
  readonly distance: number;
  readonly inLineOfSight: boolean;
  readonly concealedByTerrain: boolean;
}

export interface AmbushTeam {
  readonly name: string;
  readonly inDeploymentArea: boolean;
  readonly enemies: readonly AmbushEnemy[];
}

export interface AmbushPlacementInput {
  readonly measure: Measure;
  readonly unit: { readonly actor: ActorRef; readonly name: string; readonly allInCommand: boolean };
  readonly teams: readonly AmbushTeam[];
}

/**
 * Checks where a unit comes out of ambush: every team in its own deployment area, at least
 * 16"/40 cm from enemy tank or infantry teams it can see (unless terrain conceals it from them),
 * and at least 4"/10 cm from all of them; the whole unit at once, in command.
 */
export function resolveAmbushPlacement(input: AmbushPlacementInput): Checked<Resolution<{ readonly placed: true }>> {
  const refusals = new RefusalList();
  const inSight = inMeasure(DISTANCES.ambushInSight, input.measure);
  const anyEnemy = inMeasure(DISTANCES.ambushAnyEnemy, input.measure);
  if (input.teams.length === 0) refusals.add("noTeams", `${input.unit.name} has no teams to place (teams is empty).`, "teams");
  if (!input.unit.allInCommand)
    refusals.add("notInCommand", `Every team of ${input.unit.name} must be placed in command.`, "unit.allInCommand");
  input.teams.forEach((team, i) => {
    if (!team.inDeploymentArea)
      refusals.add("outsideDeployment", `${team.name} must be placed in its own deployment area.`, `teams[${i}].inDeploymentArea`);
    team.enemies.forEach((enemy, j) => {
      const field = `teams[${i}].enemies[${j}].distance`;
      if (!checkDistance(refusals, enemy.distance, field, `The distance from ${team.name} to ${enemy.name}`) || enemy.kind === "other")
        return;
      if (enemy.distance < anyEnemy) {
        refusals.add(
          "tooCloseToEnemy",
          `${team.name} would be ${enemy.distance} ${input.measure} from ${enemy.name}; ambushers stay at least ${formatDistance(DISTANCES.ambushAnyEnemy)} from enemy tank and infantry teams.`,
          field,
        );
      } else if (enemy.inLineOfSight && !enemy.concealedByTerrain && enemy.distance < inSight) {
        refusals.add(
          "tooCloseInSight",
          `${team.name} would be ${enemy.distance} ${input.measure} from ${enemy.name}, which can see it; ambushers in sight stay at least ${formatDistance(DISTANCES.ambushInSight)} away.`,
          field,
        );
      }
    });
  });
  return refusals.result(() => {
    const effects: MissionEffect[] = [{ type: "ambushRevealed", actor: input.unit.actor }];
    return {
      breakdown: [
        { label: `Nearest allowed to an enemy in sight (${input.measure})`, value: inSight, source: SRC.ambush },
        { label: `Nearest allowed to any enemy (${input.measure})`, value: anyEnemy, source: SRC.ambush },
      ],
      rolls: [],
      outcome: { placed: true },
      effects,
    };
  });
}
