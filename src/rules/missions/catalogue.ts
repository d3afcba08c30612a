import { phrase, type Phrase } from "../resolution";
import type { Distance, MissionId, MissionSide, ScatterTable } from "./types";
import { tableEntry } from "./validate";

export type TimeOfDay = "dawn" | "daylight" | "dusk";
/** A random time-of-day table: the result for die 1..6 (index 0 is a 1). */
export type TimeOfDayTable = readonly [TimeOfDay, TimeOfDay, TimeOfDay, TimeOfDay, TimeOfDay, TimeOfDay];

/** seed 002 (Team Yankee missions), Random Time of Day: 1-2 Dawn, 3-4 Daylight, 5-6 Dusk. */
export const TIME_OF_DAY_STANDARD: TimeOfDayTable = ["dawn", "dawn", "daylight", "daylight", "dusk", "dusk"];
/** seed 002, Random Time of Day as printed in Breakthrough, Bridgehead, Contact and Counterattack: 1 Dawn, 2-4 Daylight, 5-6 Dusk. */
export const TIME_OF_DAY_LATE_DAWN: TimeOfDayTable = ["dawn", "daylight", "daylight", "daylight", "dusk", "dusk"];

/**
 * Default scattered-reserve table (not from the seed: its mission maps are missing). Read from the
 * arriving player's side: left short edge, own left corner, own long edge twice, own right corner,
 * right short edge. Each mission scene may replace it (docs/rules-decisions.md).
 */
export const DEFAULT_SCATTER: ScatterTable = [
  { kind: "edge", edge: "leftShort" },
  { kind: "corner", corner: "ownLeft" },
  { kind: "edge", edge: "ownLong" },
  { kind: "edge", edge: "ownLong" },
  { kind: "corner", corner: "ownRight" },
  { kind: "edge", edge: "rightShort" },
];

export interface ReserveRule {
  readonly side: MissionSide | "both";
  /** Immediate reserves roll from turn 1, delayed from turn 3. */
  readonly timing: "immediate" | "delayed";
  /** Deep: at most one tank unit of front armour 4+ or one aircraft unit may start on the table. */
  readonly deep: boolean;
  /** Scattered: each arriving unit rolls on the scatter table. */
  readonly scattered: boolean;
  /** Flanking: at least one unit in reserve, no 60% limit. */
  readonly flanking: boolean;
  /** Where the units come on, in our words. */
  readonly arrival: Phrase;
  readonly scatter?: ScatterTable;
}

export type VictoryCondition =
  | { readonly kind: "annihilation"; readonly side: "either"; readonly text: Phrase }
  | {
      readonly kind: "holdObjective";
      readonly side: MissionSide | "either";
      /** First turn on which holding an objective wins. */
      readonly fromTurn: number;
      readonly objectives: "any" | "opponentSide" | "opponentQuarter";
      readonly text: Phrase;
    }
  | {
      readonly kind: "clearObjectives";
      readonly side: "defender";
      readonly fromTurn: number;
      readonly distance: Distance;
      readonly text: Phrase;
    }
  | { readonly kind: "outlast"; readonly side: "defender"; readonly turn: number; readonly text: Phrase };

export interface MissionDefinition {
  readonly id: MissionId;
  readonly name: string;
  /** One line of situation, in our words. */
  readonly briefing: Phrase;
  readonly meetingEngagement: boolean;
  /** Units the defender may hold in ambush (0: no ambush). */
  readonly ambushUnits: number;
  readonly strategicWithdrawal: boolean;
  /** The defender places one minefield per 25 points (or part) of its force. */
  readonly minefields: boolean;
  readonly reserves: readonly ReserveRule[];
  /** Who attacks when no battle plan says: a roll-off, or the players agree. */
  readonly attacker: "rollOff" | "agreed";
  readonly timeOfDay: { readonly choice: "rollOrDaylight" | "attackerChooses"; readonly table: TimeOfDayTable };
  readonly setUp: readonly Phrase[];
  readonly deployment: readonly Phrase[];
  readonly firstTurn: "attacker" | "rollOff";
  readonly victory: readonly VictoryCondition[];
}

const FOXHOLES = phrase("NOBC.Rules.Missions.Catalogue.Deployment.Foxholes");
const RANGED_IN = phrase("NOBC.Rules.Missions.Catalogue.Deployment.RangedIn");
const TIME_ROLL = phrase("NOBC.Rules.Missions.Catalogue.SetUp.TimeRoll");
const TIME_CHOOSE = phrase("NOBC.Rules.Missions.Catalogue.SetUp.TimeChoose");
const MINEFIELDS = phrase("NOBC.Rules.Missions.Catalogue.SetUp.Minefields");
const AMBUSH_ONE = phrase("NOBC.Rules.Missions.Catalogue.Deployment.AmbushOne");
const ROLL_ATTACKER = phrase("NOBC.Rules.Missions.Catalogue.SetUp.RollAttacker");
const LONG_EDGES = phrase("NOBC.Rules.Missions.Catalogue.SetUp.LongEdges");
const ALTERNATE_12 = phrase("NOBC.Rules.Missions.Catalogue.Deployment.Alternate12");

const ATTACKER_HOLDS_ANY = phrase("NOBC.Rules.Missions.Catalogue.Victory.AttackerHoldsAny");
const EITHER_HOLDS_ENEMY_SIDE = phrase("NOBC.Rules.Missions.Catalogue.Victory.EitherHoldsEnemySide");
const CLEAR_FROM_6: VictoryCondition = {
  kind: "clearObjectives",
  side: "defender",
  fromTurn: 6,
  distance: { inches: 8, cm: 20 },
  text: phrase("NOBC.Rules.Missions.Catalogue.Victory.ClearFrom6"),
};
const HOLD_ANY: VictoryCondition = { kind: "holdObjective", side: "attacker", fromTurn: 1, objectives: "any", text: ATTACKER_HOLDS_ANY };
const HOLD_ANY_FROM_6: VictoryCondition = {
  kind: "holdObjective",
  side: "attacker",
  fromTurn: 6,
  objectives: "any",
  text: phrase("NOBC.Rules.Missions.Catalogue.Victory.AttackerHoldsAnyFrom6"),
};
const HOLD_ENEMY_SIDE: VictoryCondition = {
  kind: "holdObjective",
  side: "either",
  fromTurn: 1,
  objectives: "opponentSide",
  text: EITHER_HOLDS_ENEMY_SIDE,
};

/** seed 002 (Team Yankee missions): the ten missions as data, rules summarised in our own words. */
export const MISSIONS: Readonly<Record<MissionId, MissionDefinition>> = {
  annihilation: {
    id: "annihilation",
    name: "Annihilation",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Annihilation.Briefing"),
    meetingEngagement: true,
    ambushUnits: 0,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [ROLL_ATTACKER, LONG_EDGES, TIME_ROLL],
    deployment: [ALTERNATE_12, FOXHOLES],
    firstTurn: "rollOff",
    victory: [{ kind: "annihilation", side: "either", text: phrase("NOBC.Rules.Missions.Catalogue.Victory.Annihilation") }],
  },
  freeForAll: {
    id: "freeForAll",
    name: "Free for All",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.FreeForAll.Briefing"),
    meetingEngagement: true,
    ambushUnits: 0,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [ROLL_ATTACKER, LONG_EDGES, phrase("NOBC.Rules.Missions.Catalogue.SetUp.TwoObjectivesNearEnemyEdge"), TIME_ROLL],
    deployment: [ALTERNATE_12, FOXHOLES],
    firstTurn: "rollOff",
    victory: [HOLD_ENEMY_SIDE],
  },
  dustUp: {
    id: "dustUp",
    name: "Dust Up",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.DustUp.Briefing"),
    meetingEngagement: true,
    ambushUnits: 0,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [
      {
        side: "both",
        timing: "delayed",
        deep: false,
        scattered: false,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.OwnQuarterLongEdge"),
      },
    ],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [
      ROLL_ATTACKER,
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.AttackerQuarter"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesOwnThenEnemyQuarter"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesAwayFromCentre"),
      TIME_ROLL,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.EachDelayedReserve"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AlternateQuarters"),
      FOXHOLES,
    ],
    firstTurn: "rollOff",
    victory: [
      {
        kind: "holdObjective",
        side: "either",
        fromTurn: 1,
        objectives: "opponentQuarter",
        text: phrase("NOBC.Rules.Missions.Catalogue.Victory.EitherHoldsEnemyQuarter"),
      },
    ],
  },
  encounter: {
    id: "encounter",
    name: "Encounter",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Encounter.Briefing"),
    meetingEngagement: true,
    ambushUnits: 0,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [
      {
        side: "both",
        timing: "delayed",
        deep: false,
        scattered: true,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.Scatter"),
        scatter: DEFAULT_SCATTER,
      },
    ],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [ROLL_ATTACKER, LONG_EDGES, phrase("NOBC.Rules.Missions.Catalogue.SetUp.TwoObjectivesNearEnemyEdge"), TIME_ROLL],
    deployment: [phrase("NOBC.Rules.Missions.Catalogue.Deployment.EachScatteredDelayedReserve"), ALTERNATE_12, FOXHOLES],
    firstTurn: "rollOff",
    victory: [HOLD_ENEMY_SIDE],
  },
  counterattack: {
    id: "counterattack",
    name: "Counterattack",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Counterattack.Briefing"),
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [
      {
        side: "defender",
        timing: "immediate",
        deep: false,
        scattered: false,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.OppositeCorner"),
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderQuarterAttackerNext"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesOwnAndOppositeQuarter"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesAwayFromCentre"),
      TIME_ROLL,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderImmediateReserve"),
      RANGED_IN,
      AMBUSH_ONE,
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderQuarterFromCentre"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerQuarterFromCentreLines"),
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY_FROM_6, CLEAR_FROM_6],
  },
  contact: {
    id: "contact",
    name: "Contact",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Contact.Briefing"),
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [
      {
        side: "attacker",
        timing: "immediate",
        deep: false,
        scattered: false,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.AttackerLongEdge"),
      },
      {
        side: "defender",
        timing: "delayed",
        deep: false,
        scattered: true,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.Scatter"),
        scatter: DEFAULT_SCATTER,
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderLongEdge"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderObjectivesInAttackerHalf"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.AttackerObjectivesInDefenderHalf"),
      TIME_ROLL,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderScatteredDelayedReserve"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerImmediateReserve"),
      RANGED_IN,
      AMBUSH_ONE,
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderHalfFromCentre8"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerHalfFromCentre12"),
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ENEMY_SIDE],
  },
  breakthrough: {
    id: "breakthrough",
    name: "Breakthrough",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Breakthrough.Briefing"),
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [
      {
        side: "defender",
        timing: "immediate",
        deep: false,
        scattered: false,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.DefenderCorners"),
      },
      {
        side: "attacker",
        timing: "delayed",
        deep: false,
        scattered: false,
        flanking: true,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.ObjectivesCorner"),
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderDiagonalQuarters"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.AttackerOtherQuarter"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesLastQuarter"),
      TIME_ROLL,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderImmediateReserve"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerFlankingReserve"),
      RANGED_IN,
      AMBUSH_ONE,
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderTwoQuarters"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerQuarterFromCentreLines"),
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY_FROM_6, CLEAR_FROM_6],
  },
  noRetreat: {
    id: "noRetreat",
    name: "No Retreat",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.NoRetreat.Briefing"),
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: true,
    reserves: [
      {
        side: "defender",
        timing: "immediate",
        deep: true,
        scattered: false,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.DefenderShortEdge"),
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "attackerChooses", table: TIME_OF_DAY_STANDARD },
    setUp: [
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderShortEdge"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesInDefenderHalf"),
      MINEFIELDS,
      TIME_CHOOSE,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderDeepImmediateReserve"),
      RANGED_IN,
      AMBUSH_ONE,
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderHalf"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerHalfFromCentre16"),
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY, CLEAR_FROM_6],
  },
  rearguard: {
    id: "rearguard",
    name: "Rearguard",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Rearguard.Briefing"),
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: true,
    minefields: true,
    reserves: [],
    attacker: "agreed",
    timeOfDay: { choice: "attackerChooses", table: TIME_OF_DAY_STANDARD },
    setUp: [
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderLongEdge"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesNearDefenderEdge"),
      MINEFIELDS,
      TIME_CHOOSE,
      RANGED_IN,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderAmbushOne"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderRestInHalf"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerNearOwnEdge"),
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [
      HOLD_ANY,
      {
        kind: "outlast",
        side: "defender",
        turn: 9,
        text: phrase("NOBC.Rules.Missions.Catalogue.Victory.Outlast"),
      },
    ],
  },
  bridgehead: {
    id: "bridgehead",
    name: "Bridgehead",
    briefing: phrase("NOBC.Rules.Missions.Catalogue.Bridgehead.Briefing"),
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: true,
    reserves: [
      {
        side: "defender",
        timing: "immediate",
        deep: true,
        scattered: true,
        flanking: false,
        arrival: phrase("NOBC.Rules.Missions.Catalogue.Arrival.Scatter"),
        scatter: DEFAULT_SCATTER,
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "attackerChooses", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.DefenderLongEdge"),
      phrase("NOBC.Rules.Missions.Catalogue.SetUp.ObjectivesAwayFromEdges"),
      MINEFIELDS,
      TIME_CHOOSE,
    ],
    deployment: [
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderDeepScatteredReserve"),
      RANGED_IN,
      AMBUSH_ONE,
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.DefenderHalfFromSides"),
      phrase("NOBC.Rules.Missions.Catalogue.Deployment.AttackerHalfCentreOrSide"),
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY, CLEAR_FROM_6],
  },
};

/** A mission's definition; throws for an unknown id. */
export function mission(id: MissionId): MissionDefinition {
  return tableEntry(MISSIONS, id, "mission");
}
