import type { Dice } from "../dice";
import { phrase, type BreakdownLine, type Resolution } from "../resolution";
import { mission } from "./catalogue";
import type { MissionEffect } from "./effects";
import { SRC, decision } from "./sources";
import type { BattlePlan, Faction, MissionId, MissionSide } from "./types";
import { assertDie, rollDie, tableEntry } from "./validate";

/** seed 002 (Team Yankee missions), Random Mission Table: die 1..6 (index 0 is a 1). */
export const RANDOM_MISSION_TABLE: readonly MissionId[] = ["annihilation", "freeForAll", "dustUp", "encounter", "counterattack", "contact"];

export interface BattlePlanCell {
  /** Who attacks: a player, or "roll" for a roll-off. */
  readonly attacker: Faction | "roll";
  /** The mission for die 1..6 (index 0 is a 1). */
  readonly missions: readonly MissionId[];
}

const MEETING_ROLL: BattlePlanCell = {
  attacker: "roll",
  missions: ["breakthrough", "counterattack", "dustUp", "encounter", "freeForAll", "freeForAll"],
};
const MANOEUVRE_VS_ATTACK: readonly MissionId[] = ["breakthrough", "contact", "counterattack", "counterattack", "dustUp", "encounter"];
const ATTACK_VS_DEFEND: readonly MissionId[] = ["bridgehead", "bridgehead", "noRetreat", "noRetreat", "rearguard", "rearguard"];
const MANOEUVRE_VS_DEFEND: readonly MissionId[] = ["breakthrough", "bridgehead", "contact", "noRetreat", "noRetreat", "rearguard"];

/** seed 002, Battle Plans table: rows are NATO's plan, columns the Warsaw Pact's. */
export const BATTLE_PLANS_TABLE: Readonly<Record<BattlePlan, Readonly<Record<BattlePlan, BattlePlanCell>>>> = {
  attack: {
    attack: MEETING_ROLL,
    manoeuvre: { attacker: "nato", missions: MANOEUVRE_VS_ATTACK },
    defend: { attacker: "nato", missions: ATTACK_VS_DEFEND },
  },
  manoeuvre: {
    attack: { attacker: "wp", missions: MANOEUVRE_VS_ATTACK },
    manoeuvre: MEETING_ROLL,
    defend: { attacker: "nato", missions: MANOEUVRE_VS_DEFEND },
  },
  defend: {
    attack: { attacker: "wp", missions: ATTACK_VS_DEFEND },
    manoeuvre: { attacker: "wp", missions: MANOEUVRE_VS_DEFEND },
    defend: MEETING_ROLL,
  },
};

/** The mission a die gives on the Random Mission Table. */
export function randomMission(die: number): MissionId {
  assertDie(die);
  return RANDOM_MISSION_TABLE[die - 1]!;
}

/** The mission and attacker for two secret plans and a die. */
export function battlePlan(nato: BattlePlan, wp: BattlePlan, die: number): { mission: MissionId; attacker: Faction | "roll" } {
  const cell = tableEntry(tableEntry(BATTLE_PLANS_TABLE, nato, "NATO battle plan"), wp, "Warsaw Pact battle plan");
  assertDie(die);
  return { mission: cell.missions[die - 1]!, attacker: cell.attacker };
}

/**
 * Both players roll a die; the higher wins. The seed says nothing of ties: we roll again
 * (docs/rules-decisions.md). Returns the winner and every die, in pairs.
 */
export function rollOff(dice: Dice): { winner: "first" | "second"; rolls: number[] } {
  const rolls: number[] = [];
  for (;;) {
    const first = rollDie(dice);
    const second = rollDie(dice);
    rolls.push(first, second);
    if (first !== second) return { winner: first > second ? "first" : "second", rolls };
  }
}

export interface BattlePlansInput {
  readonly nato: BattlePlan;
  readonly wp: BattlePlan;
}

export interface BattlePlansOutcome {
  readonly mission: MissionId;
  readonly attacker: Faction;
  /** The attacker came from a roll-off rather than from the table. */
  readonly rolledForAttacker: boolean;
}

/**
 * Reveals both plans, rolls for the mission, and rolls off for the attacker where the table says
 * so. The table's attacker stands even in missions that would otherwise roll for it.
 */
export function resolveBattlePlans(input: BattlePlansInput, dice: Dice): Resolution<BattlePlansOutcome> {
  const die = rollDie(dice);
  const picked = battlePlan(input.nato, input.wp, die);
  const breakdown: BreakdownLine[] = [
    {
      text: phrase("NOBC.Rules.Missions.Selection.MissionDie", { mission: mission(picked.mission).name }),
      value: die,
      source: SRC.battlePlans,
    },
  ];
  const rolls = [die];
  let attacker: Faction;
  if (picked.attacker === "roll") {
    const off = rollOff(dice);
    rolls.push(...off.rolls);
    attacker = off.winner === "first" ? "nato" : "wp";
    for (let i = 0; i < off.rolls.length; i += 2) {
      breakdown.push({ text: phrase("NOBC.Rules.Missions.Selection.NatoRollForAttacker"), value: off.rolls[i]!, source: SRC.whoAttacks });
      breakdown.push({
        text: phrase("NOBC.Rules.Missions.Selection.WpRollForAttacker"),
        value: off.rolls[i + 1]!,
        source: i + 2 < off.rolls.length ? decision("roll-off ties") : SRC.whoAttacks,
      });
    }
  } else {
    attacker = picked.attacker;
  }
  const effects: MissionEffect[] = [{ type: "missionSelected", mission: picked.mission, attacker }];
  return { breakdown, rolls, outcome: { mission: picked.mission, attacker, rolledForAttacker: picked.attacker === "roll" }, effects };
}

/** Who has the first turn: the attacker, or in meeting engagements a roll-off after setting up. */
export function resolveFirstTurn(input: { readonly mission: MissionId }, dice: Dice): Resolution<{ readonly first: MissionSide }> {
  const def = mission(input.mission);
  if (def.firstTurn === "attacker") {
    return { breakdown: [], rolls: [], outcome: { first: "attacker" }, effects: [] };
  }
  const off = rollOff(dice);
  const breakdown: BreakdownLine[] = [];
  for (let i = 0; i < off.rolls.length; i += 2) {
    breakdown.push({ text: phrase("NOBC.Rules.Missions.Selection.AttackerRollForFirstTurn"), value: off.rolls[i]!, source: SRC.firstTurn });
    breakdown.push({
      text: phrase("NOBC.Rules.Missions.Selection.DefenderRollForFirstTurn"),
      value: off.rolls[i + 1]!,
      source: SRC.firstTurn,
    });
  }
  return { breakdown, rolls: off.rolls, outcome: { first: off.winner === "first" ? "attacker" : "defender" }, effects: [] };
}
