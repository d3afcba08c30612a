import type { ActorRef } from "../ids";
import { phrase, type BreakdownLine, type Resolution } from "../resolution";
import type { MissionEffect } from "./effects";
import { SRC, decision } from "./sources";
import type { MissionSide } from "./types";
import { assertCount } from "./validate";

export type VictoryResult = "stunningVictory" | "majorVictory" | "minorVictory";

/** seed 002 (Team Yankee missions), Victory Points Table: by the winner's units destroyed. */
export const VICTORY_POINTS_TABLE: readonly {
  readonly minLost: number;
  readonly maxLost: number | null;
  readonly result: VictoryResult;
  readonly winner: number;
  readonly loser: number;
}[] = [
  { minLost: 0, maxLost: 1, result: "stunningVictory", winner: 8, loser: 1 },
  { minLost: 2, maxLost: 2, result: "majorVictory", winner: 7, loser: 2 },
  { minLost: 3, maxLost: null, result: "minorVictory", winner: 6, loser: 3 },
];

function row(winnerUnitsLost: number) {
  assertCount(winnerUnitsLost, "winner's units lost");
  return VICTORY_POINTS_TABLE.find((r) => winnerUnitsLost >= r.minLost && (r.maxLost === null || winnerUnitsLost <= r.maxLost))!;
}

/** Victory points for the winner and the loser, by the units the winner lost. */
export function victoryPoints(winnerUnitsLost: number): { winner: number; loser: number } {
  const r = row(winnerUnitsLost);
  return { winner: r.winner, loser: r.loser };
}

/** One unit of a force, for counting losses: core units and attachments count separately. */
export interface ForceUnit {
  readonly name: string;
  readonly role: "core" | "attachment" | "hq" | "independent";
  readonly destroyed: boolean;
  /** Withdrawn under Strategic Withdrawal while not in good spirits: counts as destroyed. */
  readonly withdrawnNotInGoodSpirits?: boolean;
}

/** Units lost: destroyed (or withdrawn broken) core units, attachments and HQs; never independent teams. */
export function unitsLost(units: readonly ForceUnit[]): number {
  return units.filter((u) => u.role !== "independent" && (u.destroyed || u.withdrawnNotInGoodSpirits === true)).length;
}

export interface MissionForce {
  readonly actor: ActorRef;
  readonly name: string;
  readonly units: readonly ForceUnit[];
}

export interface MissionEndInput {
  readonly attacker: MissionForce;
  readonly defender: MissionForce;
  /** The side that met its mission's winning condition, or null when time ran out. */
  readonly winner: MissionSide | null;
}

export interface MissionEndOutcome {
  readonly winner: MissionSide | null;
  /** The winner's grade of victory; null when nobody won and both lose. */
  readonly result: VictoryResult | null;
  readonly points: { readonly attacker: number; readonly defender: number };
}

/**
 * Victory points at the end of a mission. There are no draws: if nobody won, each side scores as
 * the loser against the other side's losses.
 */
export function resolveMissionEnd(input: MissionEndInput): Resolution<MissionEndOutcome> {
  const lost = { attacker: unitsLost(input.attacker.units), defender: unitsLost(input.defender.units) };
  const breakdown: BreakdownLine[] = [
    { text: phrase("NOBC.Rules.Missions.Victory.UnitsLost", { force: input.attacker.name }), value: lost.attacker, source: SRC.victory },
    { text: phrase("NOBC.Rules.Missions.Victory.UnitsLost", { force: input.defender.name }), value: lost.defender, source: SRC.victory },
  ];
  let points: { attacker: number; defender: number };
  let result: VictoryResult | null = null;
  if (input.winner === null) {
    points = { attacker: victoryPoints(lost.defender).loser, defender: victoryPoints(lost.attacker).loser };
    breakdown.push(
      {
        text: phrase("NOBC.Rules.Missions.Victory.ScoresAsLoser", { force: input.attacker.name }),
        value: points.attacker,
        source: `${SRC.noDraws}; ${decision("no draws")}`,
      },
      {
        text: phrase("NOBC.Rules.Missions.Victory.ScoresAsLoser", { force: input.defender.name }),
        value: points.defender,
        source: `${SRC.noDraws}; ${decision("no draws")}`,
      },
    );
  } else {
    const loserSide: MissionSide = input.winner === "attacker" ? "defender" : "attacker";
    const r = row(lost[input.winner]);
    result = r.result;
    points = input.winner === "attacker" ? { attacker: r.winner, defender: r.loser } : { attacker: r.loser, defender: r.winner };
    breakdown.push(
      { text: phrase("NOBC.Rules.Missions.Victory.Wins", { force: input[input.winner].name }), value: r.winner, source: SRC.victory },
      { text: phrase("NOBC.Rules.Missions.Victory.Loses", { force: input[loserSide].name }), value: r.loser, source: SRC.victory },
    );
  }
  const effects: MissionEffect[] = [
    { type: "victoryPoints", actor: input.attacker.actor, points: points.attacker },
    { type: "victoryPoints", actor: input.defender.actor, points: points.defender },
  ];
  return { breakdown, rolls: [], outcome: { winner: input.winner, result, points }, effects };
}
