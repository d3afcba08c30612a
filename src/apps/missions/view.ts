/** Pure view helpers of the mission dialogs: names of missions and roles, chances as percentages. */
import { missions } from "../../rules/index";
import type { Translator } from "../../base/foundry";
import { formatNumber } from "../../words/phrase";
import { FACTION_KEYS, LIGHT_KEYS, LIMIT_KEYS, MISSION_NAME_KEYS, ROLE_KEYS, TIME_KEYS } from "../../view/missions";

export { FACTION_KEYS, LIGHT_KEYS, LIMIT_KEYS, MISSION_NAME_KEYS, ROLE_KEYS, TIME_KEYS };

/** Lang key of a mission's name. */
export function missionNameKey(id: missions.MissionId): string {
  return MISSION_NAME_KEYS[id];
}

export const TIMING_KEYS: Readonly<Record<"immediate" | "delayed", string>> = {
  immediate: "NOBC.Mission.Timing.immediate",
  delayed: "NOBC.Mission.Timing.delayed",
};
export const MEASURE_KEYS: Readonly<Record<missions.Measure, string>> = {
  inches: "NOBC.Rules.Missions.Measure.inches",
  cm: "NOBC.Rules.Missions.Measure.cm",
};

export const PLAN_KEYS: Readonly<Record<missions.BattlePlan, string>> = {
  attack: "NOBC.Mission.Plan.attack",
  manoeuvre: "NOBC.Mission.Plan.manoeuvre",
  defend: "NOBC.Mission.Plan.defend",
};

/** A probability (0..1) as a percentage in the reader's language, to one decimal. */
export function percent(p: number, i18n: Translator): string {
  return `${formatNumber(Math.round(p * 1000) / 10, i18n.lang)} %`;
}

/** The chance that at least one of `dice` dice shows `on` or more. */
export function anyAtLeast(dice: number, on: number): number {
  return 1 - ((on - 1) / 6) ** dice;
}

/** The chance of each number of reserve units arriving from `dice` dice (a 5+ each; one anyway from 3 failed dice), capped at `left`. */
export function reserveChances(dice: number, left: number): number[] {
  const p = 1 / 3;
  const out = Array.from({ length: Math.max(left, 0) + 1 }, () => 0);
  const choose = (n: number, k: number): number => (k === 0 || k === n ? 1 : choose(n - 1, k - 1) + choose(n - 1, k));
  for (let k = 0; k <= dice; k++) {
    const chance = choose(dice, k) * p ** k * (1 - p) ** (dice - k);
    const earned = k === 0 && dice >= missions.AUTOMATIC_RESERVE_DICE ? 1 : k;
    out[Math.min(earned, left)]! += chance;
  }
  return out;
}

/** The track's force of a role. */
export function forceOf(track: missions.MissionTrack, side: missions.MissionSide): missions.MissionForceTrack {
  return side === "attacker" ? track.attackerForce : track.defenderForce;
}

/** A force's name, or its role's name when none was given. */
export function forceName(track: missions.MissionTrack, side: missions.MissionSide, i18n: Translator): string {
  const name = forceOf(track, side).name;
  return name === "" ? i18n.localize(ROLE_KEYS[side]) : name;
}
