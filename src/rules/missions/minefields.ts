import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { MissionEffect } from "./effects";
import { SRC, decision } from "./sources";
import { assertCount, assertDie, checkCount, checkRating, rollDie } from "./validate";

/** seed 002 (Team Yankee missions), Minefields: the mine a team hits. */
export const MINE = { antiTank: 5, firepower: 1 } as const;
/** seed 002, mission set-up: the defender places one minefield per this many points, or part. */
export const POINTS_PER_MINEFIELD = 25;

/** Minefields the defender places for a force of some points. */
export function minefieldCount(forcePoints: number): number {
  assertCount(forcePoints, "force points");
  return Math.ceil(forcePoints / POINTS_PER_MINEFIELD);
}

export type MineSave = "saved" | "bailedOut" | "destroyed";

/**
 * A tank team's save against the mine, on its top armour (the core rules the seed points to):
 * die + armour above the mine's anti-tank saves, equal bails out, below destroys, since a
 * firepower test of 1+ always passes (docs/rules-decisions.md).
 */
export function tankMineSave(die: number, topArmour: number): MineSave {
  assertDie(die);
  assertCount(topArmour, "top armour");
  const score = die + topArmour;
  return score > MINE.antiTank ? "saved" : score === MINE.antiTank ? "bailedOut" : "destroyed";
}

/** Any other team saves on its save rating; a failure destroys it (firepower 1+). */
export function teamMineSave(die: number, save: number): MineSave {
  assertDie(die);
  if (!Number.isInteger(save) || save < 2 || save > 6) throw new RangeError(`save must be a rating from 2 to 6, got ${save}`);
  return die >= save ? "saved" : "destroyed";
}

export type MinefieldTeam =
  | { readonly actor: ActorRef; readonly name: string; readonly kind: "tank"; readonly topArmour: number }
  | { readonly actor: ActorRef; readonly name: string; readonly kind: "other"; readonly save: number };

export interface MinefieldInput {
  readonly unit: { readonly actor: ActorRef; readonly name: string; readonly skill: number };
  /** The unit's teams that move into the minefield. */
  readonly teams: readonly MinefieldTeam[];
}

export interface MinefieldTeamResult {
  readonly actor: ActorRef;
  readonly skillDie: number;
  /** The save, or "safe" when the skill test passed. */
  readonly result: "safe" | MineSave;
  /** A tank team that bails out or is destroyed stops in the minefield. */
  readonly halted: boolean;
}

export interface MinefieldOutcome {
  readonly teams: readonly MinefieldTeamResult[];
  /** Any team was hit, so the unit is pinned down when it finishes moving. */
  readonly pinned: boolean;
}

/** Each team entering a minefield takes a skill test; a team that fails is hit and must save. */
export function resolveMinefieldCrossing(input: MinefieldInput, dice: Dice): Checked<Resolution<MinefieldOutcome>> {
  const refusals = new RefusalList();
  const unit = input.unit.name;
  checkRating(refusals, input.unit.skill, "unit.skill", phrase("NOBC.Rules.Missions.Minefields.SkillOf", { unit }));
  if (input.teams.length === 0) refusals.add("noTeams", phrase("NOBC.Rules.Missions.Minefields.Refusal.noTeams", { unit }), "teams");
  input.teams.forEach((t, i) => {
    if (t.kind === "tank")
      checkCount(refusals, t.topArmour, `teams[${i}].topArmour`, phrase("NOBC.Rules.Missions.Minefields.TopArmourOf", { team: t.name }));
    else checkRating(refusals, t.save, `teams[${i}].save`, phrase("NOBC.Rules.Missions.Minefields.SaveOf", { team: t.name }));
  });
  return refusals.result(() => {
    const rolls: number[] = [];
    const breakdown: BreakdownLine[] = [];
    const effects: MissionEffect[] = [];
    const teams = input.teams.map((team): MinefieldTeamResult => {
      const skillDie = rollDie(dice);
      rolls.push(skillDie);
      breakdown.push({
        text: phrase("NOBC.Rules.Missions.Minefields.SkillTest", { team: team.name, skill: input.unit.skill }),
        value: skillDie,
        source: SRC.minefields,
      });
      if (skillDie >= input.unit.skill) return { actor: team.actor, skillDie, result: "safe", halted: false };
      const saveDie = rollDie(dice);
      rolls.push(saveDie);
      const result = team.kind === "tank" ? tankMineSave(saveDie, team.topArmour) : teamMineSave(saveDie, team.save);
      breakdown.push({
        text:
          team.kind === "tank"
            ? phrase("NOBC.Rules.Missions.Minefields.TankSave", { team: team.name, armour: team.topArmour, antiTank: MINE.antiTank })
            : phrase("NOBC.Rules.Missions.Minefields.TeamSave", { team: team.name, save: team.save }),
        value: saveDie,
        source: `${SRC.minefields}; ${decision("mine saves")}`,
      });
      if (result === "bailedOut") effects.push({ type: "teamBailedOut", actor: team.actor });
      if (result === "destroyed") effects.push({ type: "teamDestroyed", actor: team.actor });
      return { actor: team.actor, skillDie, result, halted: team.kind === "tank" && result !== "saved" };
    });
    const pinned = teams.some((t) => t.result !== "safe");
    if (pinned) effects.push({ type: "unitPinned", actor: input.unit.actor });
    return { breakdown, rolls, outcome: { teams, pinned }, effects };
  });
}
