/** The set-up dialog's context: the form, and the chance of each mission, attacker and time before the roll. Pure. */
import { missions } from "../../../rules/index";
import type { Translator } from "../../../base/foundry";
import { speak } from "../../../words/phrase";
import type { MissionWorld } from "../world";
import { FACTION_KEYS, MEASURE_KEYS, PLAN_KEYS, TIME_KEYS, missionNameKey, percent } from "../view";
import {
  ATTACKER_KEYS,
  ATTACKER_METHODS,
  METHOD_KEYS,
  SETUP_METHODS,
  TIME_CHOICES,
  chooserPicksTime,
  setupRefusals,
  type SetupState,
} from "./state";

interface Option {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

const options = <T extends string>(list: readonly T[], current: T, label: (v: T) => string): Option[] =>
  list.map((value) => ({ value, label: label(value), selected: value === current }));

/** Each outcome of a die table with its chance, the equal ones together, in table order. */
function tally<T extends string>(table: readonly T[], label: (v: T) => string, i18n: Translator): { label: string; chance: string }[] {
  const counts = new Map<T, number>();
  for (const v of table) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([v, n]) => ({ label: label(v), chance: percent(n / table.length, i18n) }));
}

export function setupContext(state: SetupState, world: MissionWorld, i18n: Translator): object {
  const name = (id: missions.MissionId) => i18n.localize(missionNameKey(id));
  const cell = missions.BATTLE_PLANS_TABLE[state.natoPlan][state.wpPlan];
  const missionChances =
    state.method === "battlePlans"
      ? tally(cell.missions, name, i18n)
      : state.method === "random"
        ? tally(missions.RANDOM_MISSION_TABLE, name, i18n)
        : [{ label: name(state.mission), chance: percent(1, i18n) }];
  const attackerChances = (() => {
    if (state.method === "battlePlans" && cell.attacker !== "roll")
      return [{ label: i18n.localize(FACTION_KEYS[cell.attacker]), chance: percent(1, i18n) }];
    if (state.method !== "battlePlans" && (state.attacker === "nato" || state.attacker === "wp"))
      return [{ label: i18n.localize(FACTION_KEYS[state.attacker]), chance: percent(1, i18n) }];
    if (
      state.method !== "battlePlans" &&
      state.attacker === "infantry" &&
      state.natoInfantry !== state.wpInfantry &&
      state.natoInfantry >= 0 &&
      state.wpInfantry >= 0
    ) {
      const side = state.natoInfantry > state.wpInfantry ? "wp" : "nato";
      return [{ label: i18n.localize(FACTION_KEYS[side]), chance: percent(1, i18n) }];
    }
    return (["nato", "wp"] as const).map((s) => ({ label: i18n.localize(FACTION_KEYS[s]), chance: percent(0.5, i18n) }));
  })();
  const timeChances =
    state.time !== "roll"
      ? [{ label: i18n.localize(TIME_KEYS[state.time]), chance: percent(1, i18n) }]
      : state.method === "choose"
        ? tally(missions.mission(state.mission).timeOfDay.table, (t) => i18n.localize(TIME_KEYS[t]), i18n)
        : [{ label: i18n.localize("NOBC.Mission.Setup.TimeByMission"), chance: "" }];
  return {
    methods: options(SETUP_METHODS, state.method, (m) => i18n.localize(METHOD_KEYS[m])),
    battlePlans: state.method === "battlePlans",
    choose: state.method === "choose",
    attackerByChoice: state.method !== "battlePlans",
    infantry: state.method !== "battlePlans" && state.attacker === "infantry",
    natoPlans: options(["attack", "manoeuvre", "defend"] as const, state.natoPlan, (p) => i18n.localize(PLAN_KEYS[p])),
    wpPlans: options(["attack", "manoeuvre", "defend"] as const, state.wpPlan, (p) => i18n.localize(PLAN_KEYS[p])),
    missions: options(missions.MISSION_IDS, state.mission, name),
    briefing: state.method === "choose" ? speak(missions.mission(state.mission).briefing, i18n) : "",
    attackers: options(ATTACKER_METHODS, state.attacker, (a) => i18n.localize(ATTACKER_KEYS[a])),
    natoInfantry: state.natoInfantry,
    wpInfantry: state.wpInfantry,
    times: options(
      TIME_CHOICES.filter((t) => t === "roll" || t === "daylight" || state.method !== "choose" || chooserPicksTime(state.mission)),
      state.time,
      (t) => (t === "roll" ? i18n.localize("NOBC.Mission.Setup.TimeRoll") : i18n.localize(TIME_KEYS[t])),
    ),
    measures: options(["inches", "cm"] as const, state.measure, (m) => i18n.localize(MEASURE_KEYS[m])),
    natoName: state.natoName,
    wpName: state.wpName,
    missionChances,
    attackerChances,
    timeChances,
    replaces: world.combat !== null && world.combat.track.mission !== "",
    refusals: setupRefusals(state).map((r) => speak(r.text, i18n)),
  };
}
