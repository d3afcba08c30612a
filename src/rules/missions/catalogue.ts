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
  readonly arrival: string;
  readonly scatter?: ScatterTable;
}

export type VictoryCondition =
  | { readonly kind: "annihilation"; readonly side: "either"; readonly text: string }
  | {
      readonly kind: "holdObjective";
      readonly side: MissionSide | "either";
      /** First turn on which holding an objective wins. */
      readonly fromTurn: number;
      readonly objectives: "any" | "opponentSide" | "opponentQuarter";
      readonly text: string;
    }
  | {
      readonly kind: "clearObjectives";
      readonly side: "defender";
      readonly fromTurn: number;
      readonly distance: Distance;
      readonly text: string;
    }
  | { readonly kind: "outlast"; readonly side: "defender"; readonly turn: number; readonly text: string };

export interface MissionDefinition {
  readonly id: MissionId;
  readonly name: string;
  /** One line of situation, in our words. */
  readonly briefing: string;
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
  readonly setUp: readonly string[];
  readonly deployment: readonly string[];
  readonly firstTurn: "attacker" | "rollOff";
  readonly victory: readonly VictoryCondition[];
}

const FOXHOLES = "Every infantry team starts in foxholes.";
const RANGED_IN = "Defender first, both players place Ranged In markers for all their artillery.";
const TIME_ROLL = "The attacker either rolls for time of day or fights in daylight.";
const TIME_CHOOSE = "The attacker picks dawn, daylight or dusk.";
const MINEFIELDS =
  "The defender places one minefield per 25 points of its force (or part of 25), anywhere outside the enemy's deployment area.";
const AMBUSH_ONE = "The defender may keep one deployed unit in ambush.";
const ROLL_ATTACKER = "Roll off: the higher roll attacks.";
const LONG_EDGES = "The attacker takes a long table edge; the defender has the opposite one.";
const ALTERNATE_12 = 'Attacker first, the players take turns placing one unit each within 12"/30 cm of their own edge.';

const ATTACKER_HOLDS_ANY =
  'The attacker wins by starting a turn with a tank or infantry team within 4"/10 cm of an objective and ending it with no defending tank or infantry team that close.';
const EITHER_HOLDS_ENEMY_SIDE =
  "Either player wins by starting a turn with a tank or infantry team within 4\"/10 cm of an objective on the enemy's side and ending it with no enemy tank or infantry team that close.";
const CLEAR_FROM_6: VictoryCondition = {
  kind: "clearObjectives",
  side: "defender",
  fromTurn: 6,
  distance: { inches: 8, cm: 20 },
  text: 'From turn 6, the defender wins by ending a turn with no attacking tank or infantry team within 8"/20 cm of the objectives.',
};
const HOLD_ANY: VictoryCondition = { kind: "holdObjective", side: "attacker", fromTurn: 1, objectives: "any", text: ATTACKER_HOLDS_ANY };
const HOLD_ANY_FROM_6: VictoryCondition = {
  kind: "holdObjective",
  side: "attacker",
  fromTurn: 6,
  objectives: "any",
  text: `From turn 6: ${ATTACKER_HOLDS_ANY.charAt(0).toLowerCase()}${ATTACKER_HOLDS_ANY.slice(1)}`,
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
    briefing: "A fight to the finish: wipe out the enemy force.",
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
    victory: [{ kind: "annihilation", side: "either", text: "A player wins once the enemy has no formations left on the table." }],
  },
  freeForAll: {
    id: "freeForAll",
    name: "Free for All",
    briefing: "The front has broken open: find the enemy and destroy them.",
    meetingEngagement: true,
    ambushUnits: 0,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [
      ROLL_ATTACKER,
      LONG_EDGES,
      'Attacker first, each player places two objectives within 8"/20 cm of the enemy\'s edge and at least 8"/20 cm in from the side edges.',
      TIME_ROLL,
    ],
    deployment: [ALTERNATE_12, FOXHOLES],
    firstTurn: "rollOff",
    victory: [HOLD_ENEMY_SIDE],
  },
  dustUp: {
    id: "dustUp",
    name: "Dust Up",
    briefing: "Enemies on every side: gather your scattered units and strike together.",
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
        arrival: "The long table edge beside the player's own quarter.",
      },
    ],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [
      ROLL_ATTACKER,
      "The attacker takes a table quarter; the defender has the opposite one.",
      "Attacker first, each player places one objective in their own quarter, then one in the enemy's quarter.",
      'Objectives stay at least 8"/20 cm from every edge and 12"/30 cm from the centre.',
      TIME_ROLL,
    ],
    deployment: [
      "Each player holds at least 40% of the force in delayed reserve.",
      'Attacker first, the players take turns placing one deployed unit each in their own quarter, at least 12"/30 cm from the centre.',
      FOXHOLES,
    ],
    firstTurn: "rollOff",
    victory: [
      {
        kind: "holdObjective",
        side: "either",
        fromTurn: 1,
        objectives: "opponentQuarter",
        text: "Either player wins by starting a turn with a tank or infantry team within 4\"/10 cm of an objective in the enemy's quarter and ending it with no enemy tank or infantry team that close.",
      },
    ],
  },
  encounter: {
    id: "encounter",
    name: "Encounter",
    briefing: "Both sides are strung out after hard fighting: gather yours faster than the enemy.",
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
        arrival: "Each unit rolls on the mission's scatter table.",
        scatter: DEFAULT_SCATTER,
      },
    ],
    attacker: "rollOff",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_STANDARD },
    setUp: [
      ROLL_ATTACKER,
      LONG_EDGES,
      'Attacker first, each player places two objectives within 8"/20 cm of the enemy\'s edge and at least 8"/20 cm in from the side edges.',
      TIME_ROLL,
    ],
    deployment: ["Each player holds at least 40% of the force in scattered delayed reserve.", ALTERNATE_12, FOXHOLES],
    firstTurn: "rollOff",
    victory: [HOLD_ENEMY_SIDE],
  },
  counterattack: {
    id: "counterattack",
    name: "Counterattack",
    briefing: "The enemy is cut off: destroy them before the relief force gets through.",
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
        arrival: "Within 16\"/40 cm of the corner opposite the defender's quarter.",
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      "The defender takes a table quarter; the attacker takes a quarter next to it (across a long or a short edge).",
      "The defender places one objective in its own quarter; the attacker places one in the quarter opposite its own.",
      'Objectives stay at least 8"/20 cm from every edge and 12"/30 cm from the centre.',
      TIME_ROLL,
    ],
    deployment: [
      "The defender holds at least 40% of its force in immediate reserve.",
      RANGED_IN,
      AMBUSH_ONE,
      'The defender deploys in its quarter, at least 12"/30 cm from the centre.',
      'The attacker deploys in its quarter, at least 8"/20 cm from both centre lines.',
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY_FROM_6, CLEAR_FROM_6],
  },
  contact: {
    id: "contact",
    name: "Contact",
    briefing: "You have caught the enemy before their defence is set: strike before they reinforce.",
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: false,
    reserves: [
      { side: "attacker", timing: "immediate", deep: false, scattered: false, flanking: false, arrival: "The attacker's long table edge." },
      {
        side: "defender",
        timing: "delayed",
        deep: false,
        scattered: true,
        flanking: false,
        arrival: "Each unit rolls on the mission's scatter table.",
        scatter: DEFAULT_SCATTER,
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      "The defender takes a long table edge; the attacker has the opposite one.",
      'The defender places two objectives in the attacker\'s half, at least 16"/40 cm from the centre line and 8"/20 cm from the short edges.',
      'The attacker places two objectives in the defender\'s half, at least 12"/30 cm from the centre line and 8"/20 cm from the short edges.',
      TIME_ROLL,
    ],
    deployment: [
      "The defender holds at least 40% of its force in scattered delayed reserve.",
      "The attacker holds at least 40% of its force in immediate reserve.",
      RANGED_IN,
      AMBUSH_ONE,
      'The defender deploys in its half, at least 8"/20 cm from the centre line.',
      'The attacker deploys in its half, at least 12"/30 cm from the centre line.',
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ENEMY_SIDE],
  },
  breakthrough: {
    id: "breakthrough",
    name: "Breakthrough",
    briefing: "You have turned the enemy's flank: take the objectives before they can shift to cover them.",
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
        arrival: "Within 16\"/40 cm of either of the defender's table corners.",
      },
      {
        side: "attacker",
        timing: "delayed",
        deep: false,
        scattered: false,
        flanking: true,
        arrival: "Within 16\"/40 cm of the table corner in the objectives' quarter.",
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "rollOrDaylight", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      "The defender takes two diagonally opposite table quarters.",
      "The attacker takes one of the other two quarters.",
      'The attacker places two objectives in the last quarter, at least 8"/20 cm from every edge.',
      TIME_ROLL,
    ],
    deployment: [
      "The defender holds at least 40% of its force in immediate reserve.",
      "The attacker holds at least one unit in flanking delayed reserve.",
      RANGED_IN,
      AMBUSH_ONE,
      "The defender deploys in its two quarters, split as it likes.",
      'The attacker deploys in its quarter, at least 8"/20 cm from both centre lines.',
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY_FROM_6, CLEAR_FROM_6],
  },
  noRetreat: {
    id: "noRetreat",
    name: "No Retreat",
    briefing: "The enemy is on the defensive: break them before their reserves come to the rescue.",
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: false,
    minefields: true,
    reserves: [
      { side: "defender", timing: "immediate", deep: true, scattered: false, flanking: false, arrival: "The defender's short table edge." },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "attackerChooses", table: TIME_OF_DAY_STANDARD },
    setUp: [
      "The defender takes a short table edge; the attacker has the opposite one.",
      "Defender first, each player places one objective in the defender's half, at least 8\"/20 cm from the centre line and from every edge.",
      MINEFIELDS,
      TIME_CHOOSE,
    ],
    deployment: [
      "The defender holds at least 40% of its force in deep immediate reserve.",
      RANGED_IN,
      AMBUSH_ONE,
      "The defender deploys in its half.",
      'The attacker deploys in its half, at least 16"/40 cm from the centre line.',
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [HOLD_ANY, CLEAR_FROM_6],
  },
  rearguard: {
    id: "rearguard",
    name: "Rearguard",
    briefing: "The enemy is falling back: do not let them slip away.",
    meetingEngagement: false,
    ambushUnits: 1,
    strategicWithdrawal: true,
    minefields: true,
    reserves: [],
    attacker: "agreed",
    timeOfDay: { choice: "attackerChooses", table: TIME_OF_DAY_STANDARD },
    setUp: [
      "The defender takes a long table edge; the attacker has the opposite one.",
      'The attacker places two objectives within 16"/40 cm of the defender\'s edge and at least 16"/40 cm from the side edges.',
      MINEFIELDS,
      TIME_CHOOSE,
      RANGED_IN,
    ],
    deployment: [
      "The defender may keep one unit in ambush.",
      "The defender deploys the rest in its half.",
      'The attacker deploys within 8"/20 cm of its own edge.',
      FOXHOLES,
    ],
    firstTurn: "attacker",
    victory: [
      HOLD_ANY,
      {
        kind: "outlast",
        side: "defender",
        turn: 9,
        text: "Otherwise the defender wins at the start of its ninth turn, once formation morale has been checked.",
      },
    ],
  },
  bridgehead: {
    id: "bridgehead",
    name: "Bridgehead",
    briefing: "Light enemy troops hold a river crossing: cut them off before their reinforcements arrive.",
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
        arrival: "Each unit rolls on the mission's scatter table.",
        scatter: DEFAULT_SCATTER,
      },
    ],
    attacker: "agreed",
    timeOfDay: { choice: "attackerChooses", table: TIME_OF_DAY_LATE_DAWN },
    setUp: [
      "The defender takes a long table edge; the attacker has the opposite one.",
      'The attacker places two objectives at least 8"/20 cm from the centre line, 8"/20 cm from the long edges and 28"/70 cm from the short edges.',
      MINEFIELDS,
      TIME_CHOOSE,
    ],
    deployment: [
      "The defender holds at least 40% of its force in deep scattered immediate reserve.",
      RANGED_IN,
      AMBUSH_ONE,
      'The defender deploys in its half, at least 20"/50 cm from the side edges.',
      'The attacker deploys in its half, at least 16"/40 cm from the centre line or within 8"/20 cm of a side edge.',
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
