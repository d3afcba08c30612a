import type { ActorRef } from "../ids";
import { RefusalList, phrase, type Checked, type Resolution } from "../resolution";
import type { MissionEffect } from "./effects";
import { SRC } from "./sources";
import { DISTANCES, formatDistance, inMeasure, lengthPhrase, measurePhrase, type Measure } from "./types";
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
  const unit = input.unit.name;
  if (input.teams.length === 0) refusals.add("noTeams", phrase("NOBC.Rules.Missions.Ambush.Refusal.noTeams", { unit }), "teams");
  if (!input.unit.allInCommand)
    refusals.add("notInCommand", phrase("NOBC.Rules.Missions.Ambush.Refusal.notInCommand", { unit }), "unit.allInCommand");
  input.teams.forEach((team, i) => {
    if (!team.inDeploymentArea)
      refusals.add(
        "outsideDeployment",
        phrase("NOBC.Rules.Missions.Ambush.Refusal.outsideDeployment", { team: team.name }),
        `teams[${i}].inDeploymentArea`,
      );
    team.enemies.forEach((enemy, j) => {
      const field = `teams[${i}].enemies[${j}].distance`;
      const what = phrase("NOBC.Rules.Missions.Ambush.EnemyDistance", { team: team.name, enemy: enemy.name });
      if (!checkDistance(refusals, enemy.distance, field, what) || enemy.kind === "other") return;
      const data = { team: team.name, enemy: enemy.name, distance: lengthPhrase(enemy.distance, input.measure) };
      if (enemy.distance < anyEnemy) {
        refusals.add(
          "tooCloseToEnemy",
          phrase("NOBC.Rules.Missions.Ambush.Refusal.tooCloseToEnemy", { ...data, least: formatDistance(DISTANCES.ambushAnyEnemy) }),
          field,
        );
      } else if (enemy.inLineOfSight && !enemy.concealedByTerrain && enemy.distance < inSight) {
        refusals.add(
          "tooCloseInSight",
          phrase("NOBC.Rules.Missions.Ambush.Refusal.tooCloseInSight", { ...data, least: formatDistance(DISTANCES.ambushInSight) }),
          field,
        );
      }
    });
  });
  return refusals.result(() => {
    const effects: MissionEffect[] = [{ type: "ambushRevealed", actor: input.unit.actor }];
    return {
      breakdown: [
        {
          text: phrase("NOBC.Rules.Missions.Ambush.NearestInSight", { measure: measurePhrase(input.measure) }),
          value: inSight,
          source: SRC.ambush,
        },
        {
          text: phrase("NOBC.Rules.Missions.Ambush.NearestAny", { measure: measurePhrase(input.measure) }),
          value: anyEnemy,
          source: SRC.ambush,
        },
      ],
      rolls: [],
      outcome: { placed: true },
      effects,
    };
  });
}
