import type { Dice } from "../dice";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import { mission, type TimeOfDay } from "./catalogue";
import { rollOff } from "./selection";
import { SRC, decision } from "./sources";
import { DISTANCES, inMeasure, lengthPhrase, type Faction, type Measure, type MissionId, type MissionSide } from "./types";
import { checkCount, checkDistance } from "./validate";

/** One side's count on the mission tracker. */
export interface MissionForceTrack {
  readonly name: string;
  /** Units still in reserve (not yet arrived). */
  readonly reserves: number;
  /** Strategic Withdrawal's delay counters (the defender's). */
  readonly delayCounters: number;
  /** Units destroyed (or withdrawn broken), for the victory points. */
  readonly unitsLost: number;
  /** Victory points scored; -1 until the game ends. */
  readonly points: number;
}

/**
 * The state of one Team Yankee mission as the tracker keeps it (the `nobcMission` Combat's data).
 * Turn 0 is set-up; from turn 1 each turn has the first player's half and then the other's.
 */
export interface MissionTrack {
  readonly mission: MissionId | "";
  readonly attackerFaction: Faction;
  readonly firstPlayer: MissionSide;
  readonly timeOfDay: TimeOfDay;
  readonly light: "daylight" | "darkness";
  readonly measure: Measure;
  readonly turn: number;
  readonly player: MissionSide;
  readonly journal: string;
  readonly attackerForce: MissionForceTrack;
  readonly defenderForce: MissionForceTrack;
  readonly ended: boolean;
  readonly winner: MissionSide | "none" | "";
  /**
   * Counts the cards that wrote the tracker: each bumps it, so every card's writes meet the next one's
   * and only the latest standing card may be undone (the tracker steps back as it stepped on).
   */
  readonly revision: number;
}

/** The light a game starts in: a dawn game in darkness until morning, daylight otherwise. */
export function startingLight(time: TimeOfDay): "daylight" | "darkness" {
  return time === "dawn" ? "darkness" : "daylight";
}

/** The other role. */
export function otherSide(side: MissionSide): MissionSide {
  return side === "attacker" ? "defender" : "attacker";
}

/** The next player-turn: the second player's half of this turn, or the first player's half of the next. */
export function nextPlayerTurn(track: Pick<MissionTrack, "turn" | "player" | "firstPlayer">): { turn: number; player: MissionSide } {
  if (track.turn === 0) return { turn: 1, player: track.firstPlayer };
  return track.player === track.firstPlayer
    ? { turn: track.turn, player: otherSide(track.firstPlayer) }
    : { turn: track.turn + 1, player: track.firstPlayer };
}

/** The first-turn limits of a meeting engagement (seed 002, Meeting Engagements). */
export const MEETING_LIMITS = ["noStrikeAircraft", "teamsCountAsMoved", "noBombardments"] as const;
export type MeetingLimit = (typeof MEETING_LIMITS)[number];

/**
 * The meeting-engagement limits in force for a player-turn: all three in the first player's first
 * turn of a meeting engagement, none otherwise (not in the second player's turn, nor later).
 */
export function meetingLimits(missionId: MissionId, turn: number, player: MissionSide, firstPlayer: MissionSide): readonly MeetingLimit[] {
  return mission(missionId).meetingEngagement && turn === 1 && player === firstPlayer ? MEETING_LIMITS : [];
}

export interface WhoAttacksInput {
  /** Infantry formations in each player's force. */
  readonly natoInfantry: number;
  readonly wpInfantry: number;
}

/** The refusals of the infantry counts (each a whole number of zero or more), before anything is rolled. */
export function infantryRefusals(input: WhoAttacksInput): RefusalList {
  const refusals = new RefusalList();
  checkCount(refusals, input.natoInfantry, "natoInfantry", phrase("NOBC.Rules.Missions.Track.NatoInfantry"));
  checkCount(refusals, input.wpInfantry, "wpInfantry", phrase("NOBC.Rules.Missions.Track.WpInfantry"));
  return refusals;
}

/**
 * Who attacks without Battle Plans, by forces: the player with more infantry formations defends.
 * The seed says nothing of equal counts: we roll off then, as when rolling for the attacker
 * (docs/rules-decisions.md).
 */
export function resolveAttackerByInfantry(
  input: WhoAttacksInput,
  dice: Dice,
): Checked<Resolution<{ readonly attacker: Faction; readonly rolledForAttacker: boolean }>> {
  const refusals = infantryRefusals(input);
  return refusals.result(() => {
    const breakdown: BreakdownLine[] = [
      { text: phrase("NOBC.Rules.Missions.Track.NatoInfantry"), value: input.natoInfantry, source: SRC.whoAttacks },
      { text: phrase("NOBC.Rules.Missions.Track.WpInfantry"), value: input.wpInfantry, source: SRC.whoAttacks },
    ];
    if (input.natoInfantry !== input.wpInfantry) {
      return {
        breakdown,
        rolls: [],
        outcome: { attacker: input.natoInfantry > input.wpInfantry ? "wp" : "nato", rolledForAttacker: false },
        effects: [],
      };
    }
    const off = rollOff(dice);
    for (let i = 0; i < off.rolls.length; i += 2) {
      const source = `${SRC.whoAttacks}; ${decision("equal infantry formations")}`;
      breakdown.push({ text: phrase("NOBC.Rules.Missions.Selection.NatoRollForAttacker"), value: off.rolls[i]!, source });
      breakdown.push({ text: phrase("NOBC.Rules.Missions.Selection.WpRollForAttacker"), value: off.rolls[i + 1]!, source });
    }
    return {
      breakdown,
      rolls: off.rolls,
      outcome: { attacker: off.winner === "first" ? "nato" : "wp", rolledForAttacker: true },
      effects: [],
    };
  });
}

/** A team ordered to clear a minefield. */
export interface MineClearingTeam {
  readonly name: string;
  readonly kind: "tank" | "infantry" | "other";
  /** A tank team's plough, rollers or flail. */
  readonly clearingDevice: boolean;
  /** From its unit leader, in the scene's measure. */
  readonly toLeader: number;
  /** From the minefield marker, in the scene's measure. */
  readonly toMinefield: number;
  /** It moved into the minefield on an earlier turn. */
  readonly enteredEarlier: boolean;
}

export interface MineClearingInput {
  readonly measure: Measure;
  readonly unit: { readonly name: string; readonly leaderPinned: boolean };
  readonly team: MineClearingTeam;
}

/**
 * Checks a Mine Clearing Order (seed 002, Clearing a Minefield): a leader not pinned down orders it
 * instead of moving; a tank team with a clearing device or an infantry team within 6"/15 cm of the
 * leader removes a minefield within 2"/5 cm that it entered on an earlier turn. The team counts as
 * moving and may not move, shoot or assault.
 */
export function resolveMineClearing(input: MineClearingInput): Checked<Resolution<{ readonly cleared: true }>> {
  const refusals = new RefusalList();
  const { unit, team } = input;
  const leaderRange = inMeasure(DISTANCES.mineClearingLeader, input.measure);
  const mineRange = inMeasure(DISTANCES.minefield, input.measure);
  if (unit.leaderPinned)
    refusals.add("leaderPinned", phrase("NOBC.Rules.Missions.Track.Refusal.leaderPinned", { unit: unit.name }), "unit.leaderPinned");
  if (!(team.kind === "infantry" || (team.kind === "tank" && team.clearingDevice)))
    refusals.add("cannotClear", phrase("NOBC.Rules.Missions.Track.Refusal.cannotClear", { team: team.name }), "team.kind");
  const near = (value: number, field: string, what: string, range: number, code: string, key: string) => {
    if (checkDistance(refusals, value, field, phrase(what, { team: team.name })) && value > range)
      refusals.add(code, phrase(key, { team: team.name, range: lengthPhrase(range, input.measure) }), field);
  };
  near(
    team.toLeader,
    "team.toLeader",
    "NOBC.Rules.Missions.Track.ToLeaderOf",
    leaderRange,
    "tooFarFromLeader",
    "NOBC.Rules.Missions.Track.Refusal.tooFarFromLeader",
  );
  near(
    team.toMinefield,
    "team.toMinefield",
    "NOBC.Rules.Missions.Track.ToMinefieldOf",
    mineRange,
    "tooFarFromMinefield",
    "NOBC.Rules.Missions.Track.Refusal.tooFarFromMinefield",
  );
  if (!team.enteredEarlier)
    refusals.add(
      "notEnteredEarlier",
      phrase("NOBC.Rules.Missions.Track.Refusal.notEnteredEarlier", { team: team.name }),
      "team.enteredEarlier",
    );
  return refusals.result(() => ({
    breakdown: [
      {
        text: phrase("NOBC.Rules.Missions.Track.LeaderRange", { range: lengthPhrase(leaderRange, input.measure) }),
        value: team.toLeader,
        source: SRC.minefields,
      },
      {
        text: phrase("NOBC.Rules.Missions.Track.MinefieldRange", { range: lengthPhrase(mineRange, input.measure) }),
        value: team.toMinefield,
        source: SRC.minefields,
      },
    ],
    rolls: [],
    outcome: { cleared: true },
    effects: [],
  }));
}
