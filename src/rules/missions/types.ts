import { phrase, type Phrase } from "../resolution";

/** The ten Team Yankee missions (seed 002). */
export const MISSION_IDS = [
  "annihilation",
  "freeForAll",
  "dustUp",
  "encounter",
  "counterattack",
  "contact",
  "breakthrough",
  "noRetreat",
  "rearguard",
  "bridgehead",
] as const;
export type MissionId = (typeof MISSION_IDS)[number];

/** The two roles of a mission. */
export type MissionSide = "attacker" | "defender";
/** Labels of the two roles, written in the middle of a sentence. */
export const MISSION_SIDE_LABELS: Readonly<Record<MissionSide, string>> = {
  attacker: "NOBC.Rules.Missions.MissionSide.attacker",
  defender: "NOBC.Rules.Missions.MissionSide.defender",
};
/** The two players of the Battle Plans table. */
export type Faction = "nato" | "wp";
export type BattlePlan = "attack" | "manoeuvre" | "defend";

/** A scene measures in inches or centimetres; every distance of the seed gives both. */
export type Measure = "inches" | "cm";
export interface Distance {
  readonly inches: number;
  readonly cm: number;
}

/** A distance in the scene's measure. */
export function inMeasure(distance: Distance, measure: Measure): number {
  return measure === "inches" ? distance.inches : distance.cm;
}

/** The name of a measure ("inches", "cm"), for a breakdown line. */
export const MEASURE_LABELS: Readonly<Record<Measure, string>> = {
  inches: "NOBC.Rules.Missions.Measure.inches",
  cm: "NOBC.Rules.Missions.Measure.cm",
};

const LENGTH_KEYS: Readonly<Record<Measure, string>> = {
  inches: "NOBC.Rules.Missions.Types.Length.inches",
  cm: "NOBC.Rules.Missions.Types.Length.cm",
};

/** The name of a measure as a phrase. */
export function measurePhrase(measure: Measure): Phrase {
  return phrase(MEASURE_LABELS[measure]);
}

/** A length in the scene's measure, e.g. 4 inches or 10 cm. */
export function lengthPhrase(length: number, measure: Measure): Phrase {
  return phrase(LENGTH_KEYS[measure], { count: length });
}

/** A distance as the seed prints it, e.g. 4"/10 cm. */
export function formatDistance(distance: Distance): Phrase {
  return phrase("NOBC.Rules.Missions.Types.Distance", { inches: distance.inches, cm: distance.cm });
}

/** seed 002 (Team Yankee missions): distances the rules use, in both measures. */
export const DISTANCES = {
  /** Holding an objective: own team within this at the start, no enemy within it at the end. */
  objectiveHold: { inches: 4, cm: 10 },
  /** The defender's win: no attacking tank or infantry team within this of the objectives. */
  objectiveClear: { inches: 8, cm: 20 },
  /** A team moving this close to a minefield marker risks the mines. */
  minefield: { inches: 2, cm: 5 },
  /** Mine-clearing teams are within this of their unit leader. */
  mineClearingLeader: { inches: 6, cm: 15 },
  /** Ambush: at least this far from enemy tank or infantry teams in line of sight (unless concealed). */
  ambushInSight: { inches: 16, cm: 40 },
  /** Ambush: at least this far from every enemy tank or infantry team. */
  ambushAnyEnemy: { inches: 4, cm: 10 },
  /** Reserves arriving at a corner enter within this of it. */
  cornerEntry: { inches: 16, cm: 40 },
} as const satisfies Record<string, Distance>;

/** Table edges and corners, named from the arriving player's side of the table. */
export type TableEdge = "ownLong" | "enemyLong" | "leftShort" | "rightShort";
export type TableCorner = "ownLeft" | "ownRight" | "enemyLeft" | "enemyRight";
export type ArrivalPoint = { readonly kind: "edge"; readonly edge: TableEdge } | { readonly kind: "corner"; readonly corner: TableCorner };

/** Labels of the table edges, from the arriving player's side. */
export const TABLE_EDGE_LABELS: Readonly<Record<TableEdge, string>> = {
  ownLong: "NOBC.Rules.Missions.TableEdge.ownLong",
  enemyLong: "NOBC.Rules.Missions.TableEdge.enemyLong",
  leftShort: "NOBC.Rules.Missions.TableEdge.leftShort",
  rightShort: "NOBC.Rules.Missions.TableEdge.rightShort",
};

/** Labels of the table corners, from the arriving player's side. */
export const TABLE_CORNER_LABELS: Readonly<Record<TableCorner, string>> = {
  ownLeft: "NOBC.Rules.Missions.TableCorner.ownLeft",
  ownRight: "NOBC.Rules.Missions.TableCorner.ownRight",
  enemyLeft: "NOBC.Rules.Missions.TableCorner.enemyLeft",
  enemyRight: "NOBC.Rules.Missions.TableCorner.enemyRight",
};

/** Where a unit arrives, as a phrase ("own long edge", "enemy left corner"). */
export function arrivalPhrase(at: ArrivalPoint): Phrase {
  return phrase(at.kind === "edge" ? TABLE_EDGE_LABELS[at.edge] : TABLE_CORNER_LABELS[at.corner]);
}
/** Where a scattered reserve unit arrives on each die result, 1..6 (index 0 is a 1). */
export type ScatterTable = readonly [ArrivalPoint, ArrivalPoint, ArrivalPoint, ArrivalPoint, ArrivalPoint, ArrivalPoint];
