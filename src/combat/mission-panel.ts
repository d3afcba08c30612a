/**
 * The Team Yankee mission on the combat tracker: what the panel shows for a `nobcMission` Combat
 * (mission, turn and whose half it is, time of day and light, the first-turn limits of a meeting
 * engagement, the checks due now, each force's reserves, delay counters, losses and points) and
 * the GM's buttons (the mission dialogs, registered in ./mission-actions.ts; offered here by the
 * tracker's state). Loaded by the tracker only when a mission is viewed, so the missions' rules stay
 * out of the start-up bundle. Pure but for reading the registry.
 */
import * as missions from "../rules/missions/index";
import { missionActions } from "./mission-actions";
import { FACTION_KEYS, LIGHT_KEYS, LIMIT_KEYS, MISSION_NAME_KEYS, ROLE_KEYS, TIME_KEYS } from "../view/missions";

type Track = missions.MissionTrack;
const live = (t: Track) => t.mission !== "" && !t.ended;

/** When the panel offers each procedure, by dialog id. */
const OFFERS: Readonly<Record<string, (track: Track) => boolean>> = {
  "missions.setup": (t) => t.turn === 0 || t.mission === "",
  "missions.arrivals": (t) => t.mission !== "" && missions.mission(t.mission).reserves.some((r) => r.scattered),
  "missions.reserveList": (t) => t.mission !== "" && t.turn === 0 && missions.mission(t.mission).reserves.length > 0,
  "missions.turn": live,
  // The checks of a player-turn are offered while due (the dialogs refuse them otherwise, naming why).
  "missions.light": (t) => checksDue(t).includes("light"),
  "missions.reserves": (t) => checksDue(t).includes("reserves"),
  "missions.withdrawal": (t) => checksDue(t).includes("withdrawal"),
  "missions.minefield": (t) => live(t) && t.turn > 0,
  "missions.mineClearing": (t) => live(t) && t.turn > 0,
  "missions.ambush": (t) => live(t) && t.turn > 0 && missions.mission(t.mission as missions.MissionId).ambushUnits > 0,
  "missions.night": (t) => live(t) && t.light === "darkness",
  "missions.objective": (t) => live(t) && t.turn > 0,
  "missions.victory": (t) => live(t) && t.turn > 0,
};

/** Whether the panel offers procedure `id` for this state (an unknown id: never). */
export function offered(id: string, track: Track): boolean {
  return OFFERS[id]?.(track) ?? false;
}

/** The checks a player-turn starts with, as the panel names them. */
export type MissionCheck = "light" | "reserves" | "withdrawal";

/** The reserve rule of a role in a mission, if it has reserves. */
export function reserveRuleOf(id: missions.MissionId, side: missions.MissionSide): missions.ReserveRule | undefined {
  return missions.mission(id).reserves.find((r) => r.side === side || r.side === "both");
}

/** The checks due at the start of this player-turn (none at set-up, after the end, or once the light has changed). */
export function checksDue(track: missions.MissionTrack): MissionCheck[] {
  if (track.mission === "" || track.turn === 0 || track.ended) return [];
  const out: MissionCheck[] = [];
  const waiting = track.timeOfDay !== "daylight" && track.light === missions.startingLight(track.timeOfDay);
  if (waiting && missions.lightCheckDice(track.player, track.turn, track.firstPlayer) > 0) out.push("light");
  const rule = reserveRuleOf(track.mission, track.player);
  const force = track.player === "attacker" ? track.attackerForce : track.defenderForce;
  if (rule !== undefined && force.reserves > 0 && missions.reserveDice(track.turn, rule.timing === "delayed") > 0) out.push("reserves");
  if (missions.mission(track.mission).strategicWithdrawal && track.player === "defender" && track.turn >= missions.WITHDRAWAL_FIRST_TURN)
    out.push("withdrawal");
  return out;
}

export interface MissionForceView {
  readonly roleKey: string;
  readonly name: string;
  readonly reserves: number;
  readonly delayCounters: number;
  readonly unitsLost: number;
  /** The points scored, or a dash until the game ends. */
  readonly points: string;
}

export interface MissionPanelView {
  readonly setUp: boolean;
  readonly missionKey: string;
  readonly turn: number;
  readonly turnZero: boolean;
  readonly playerKey: string;
  readonly attackerKey: string;
  readonly timeKey: string;
  readonly lightKey: string;
  readonly limits: readonly string[];
  readonly due: readonly string[];
  readonly forces: readonly MissionForceView[];
  readonly ended: boolean;
  readonly winnerKey: string | null;
  readonly journal: string;
  readonly actions: readonly { readonly id: string; readonly label: string; readonly icon: string }[];
}

const DUE_KEYS: Readonly<Record<MissionCheck, string>> = {
  light: "NOBC.Mission.Due.light",
  reserves: "NOBC.Mission.Due.reserves",
  withdrawal: "NOBC.Mission.Due.withdrawal",
};
const WINNER_KEYS: Readonly<Record<"attacker" | "defender" | "none", string>> = {
  attacker: "NOBC.Mission.Winner.attacker",
  defender: "NOBC.Mission.Winner.defender",
  none: "NOBC.Mission.Winner.none",
};

/**
 * The mission panel's view. `canRead` says whether the viewing user may open a journal (OBSERVER on
 * it): the Briefing button is offered only then, so no click ends in a permission error.
 */
export function missionPanelContext(track: missions.MissionTrack, isGM: boolean, canRead: (uuid: string) => boolean): MissionPanelView {
  const setUp = track.mission !== "";
  const force = (side: missions.MissionSide): MissionForceView => {
    const f = side === "attacker" ? track.attackerForce : track.defenderForce;
    return {
      roleKey: ROLE_KEYS[side],
      name: f.name,
      reserves: f.reserves,
      delayCounters: f.delayCounters,
      unitsLost: f.unitsLost,
      points: f.points < 0 ? "–" : String(f.points),
    };
  };
  const limits = setUp && !track.ended ? missions.meetingLimits(track.mission, track.turn, track.player, track.firstPlayer) : [];
  return {
    setUp,
    missionKey: setUp ? MISSION_NAME_KEYS[track.mission] : "NOBC.Mission.Panel.NotSetUp",
    turn: track.turn,
    turnZero: track.turn === 0,
    playerKey: ROLE_KEYS[track.player],
    attackerKey: FACTION_KEYS[track.attackerFaction],
    timeKey: TIME_KEYS[track.timeOfDay],
    lightKey: LIGHT_KEYS[track.light],
    limits: limits.map((l) => LIMIT_KEYS[l]),
    due: checksDue(track).map((c) => DUE_KEYS[c]),
    forces: setUp ? [force("attacker"), force("defender")] : [],
    ended: track.ended,
    winnerKey: track.winner === "" ? null : WINNER_KEYS[track.winner],
    journal: track.journal !== "" && canRead(track.journal) ? track.journal : "",
    actions: isGM
      ? missionActions()
          .filter((a) => offered(a.id, track))
          .map(({ id, label, icon }) => ({ id, label, icon }))
      : [],
  };
}
