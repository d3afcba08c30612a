/**
 * The mission set-up: how the mission is found (Battle Plans, the Random Mission Table, or chosen),
 * who attacks (the plans' table, a roll-off, the player with more infantry formations defends, or
 * agreed), the time of day, and the forces' names. Submit rolls what is to be rolled and writes the
 * tracker and the briefing journal in one card. Pure.
 */
import { missions } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { rollDie } from "../../../rules/validate";
import { phrase, type BreakdownLine, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { Translator } from "../../../base/foundry";
import type { FormValues } from "../../base/controller";
import { speak } from "../../../words/phrase";
import type { Card } from "../../base/controller";
import { FACTION_KEYS, PLAN_KEYS, ROLE_KEYS, TIME_KEYS, TIMING_KEYS, missionNameKey } from "../view";

export const SETUP_METHODS = ["battlePlans", "random", "choose"] as const;
export type SetupMethod = (typeof SETUP_METHODS)[number];
export const METHOD_KEYS: Readonly<Record<SetupMethod, string>> = {
  battlePlans: "NOBC.Mission.Setup.MethodOption.battlePlans",
  random: "NOBC.Mission.Setup.MethodOption.random",
  choose: "NOBC.Mission.Setup.MethodOption.choose",
};
export const ATTACKER_METHODS = ["rollOff", "infantry", "nato", "wp"] as const;
export type AttackerMethod = (typeof ATTACKER_METHODS)[number];
export const ATTACKER_KEYS: Readonly<Record<AttackerMethod, string>> = {
  rollOff: "NOBC.Mission.Setup.AttackerOption.rollOff",
  infantry: "NOBC.Mission.Setup.AttackerOption.infantry",
  nato: "NOBC.Mission.Setup.AttackerOption.nato",
  wp: "NOBC.Mission.Setup.AttackerOption.wp",
};
export const TIME_CHOICES = ["roll", "daylight", "dawn", "dusk"] as const;
export type TimeChoice = (typeof TIME_CHOICES)[number];
const PLANS = ["attack", "manoeuvre", "defend"] as const;

export interface SetupState {
  readonly method: SetupMethod;
  readonly natoPlan: missions.BattlePlan;
  readonly wpPlan: missions.BattlePlan;
  readonly mission: missions.MissionId;
  readonly attacker: AttackerMethod;
  readonly natoInfantry: number;
  readonly wpInfantry: number;
  readonly time: TimeChoice;
  readonly measure: missions.Measure;
  readonly natoName: string;
  readonly wpName: string;
}

export const INITIAL_SETUP: SetupState = {
  method: "battlePlans",
  natoPlan: "attack",
  wpPlan: "attack",
  mission: "annihilation",
  attacker: "rollOff",
  natoInfantry: 0,
  wpInfantry: 0,
  time: "roll",
  measure: "inches",
  natoName: "",
  wpName: "",
};

const pick = <T extends string>(list: readonly T[], value: unknown, fallback: T): T => list.find((x) => x === value) ?? fallback;
/** A typed count; what is not a number reads as -1, so the rules refuse it naming the field. */
const count = (value: unknown, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : -1;
};
const text = (value: unknown, fallback: string): string => (typeof value === "string" ? value.slice(0, 100) : fallback);

export function setupFromForm(state: SetupState, values: FormValues): SetupState {
  return {
    method: pick(SETUP_METHODS, values["method"], state.method),
    natoPlan: pick(PLANS, values["natoPlan"], state.natoPlan),
    wpPlan: pick(PLANS, values["wpPlan"], state.wpPlan),
    mission: pick(missions.MISSION_IDS, values["mission"], state.mission),
    attacker: pick(ATTACKER_METHODS, values["attacker"], state.attacker),
    natoInfantry: count(values["natoInfantry"], state.natoInfantry),
    wpInfantry: count(values["wpInfantry"], state.wpInfantry),
    time: pick(TIME_CHOICES, values["time"], state.time),
    measure: pick(["inches", "cm"] as const, values["measure"], state.measure),
    natoName: text(values["natoName"], state.natoName),
    wpName: text(values["wpName"], state.wpName),
  };
}

/** Every refusal of a set-up before anything is rolled (each names its field). */
export function setupRefusals(state: SetupState): Refusal[] {
  const out: Refusal[] = [];
  if (state.method !== "battlePlans" && state.attacker === "infantry") {
    out.push(...missions.infantryRefusals({ natoInfantry: state.natoInfantry, wpInfantry: state.wpInfantry }).items);
  }
  if ((state.time === "dawn" || state.time === "dusk") && !(state.method === "choose" && chooserPicksTime(state.mission))) {
    out.push({ code: "timeNotChosen", text: phrase("NOBC.Mission.Setup.Refusal.timeNotChosen"), field: "time" });
  }
  return out;
}

/** The mission lets the attacker pick any time of day (not only a roll or daylight). */
export function chooserPicksTime(id: missions.MissionId): boolean {
  return missions.mission(id).timeOfDay.choice === "attackerChooses";
}

export interface SetupOutcome {
  readonly mission: missions.MissionId;
  readonly attacker: missions.Faction;
  readonly timeOfDay: missions.TimeOfDay;
  readonly firstPlayer: missions.MissionSide;
}

/** The set-up rolled: mission, attacker, time of day and first player, with the tracker's values. */
export function resolveSetup(state: SetupState, dice: Dice): Checked<Resolution<SetupOutcome>> {
  const refusals = setupRefusals(state);
  if (refusals.length > 0) return { ok: false, refusals };
  const breakdown: BreakdownLine[] = [];
  const rolls: number[] = [];
  const add = (r: Resolution<unknown>) => {
    breakdown.push(...r.breakdown);
    rolls.push(...r.rolls);
  };
  let id: missions.MissionId;
  let attacker: missions.Faction;
  if (state.method === "battlePlans") {
    const plans = missions.resolveBattlePlans({ nato: state.natoPlan, wp: state.wpPlan }, dice);
    add(plans);
    id = plans.outcome.mission;
    attacker = plans.outcome.attacker;
  } else {
    if (state.method === "random") {
      const die = rollDie(dice);
      id = missions.randomMission(die);
      rolls.push(die);
      breakdown.push({
        text: phrase("NOBC.Mission.Setup.RandomMissionDie", { mission: phrase(missionNameKey(id)) }),
        value: die,
        source: `${SEED}, Random Mission Table`,
      });
    } else id = state.mission;
    if (state.attacker === "nato" || state.attacker === "wp") attacker = state.attacker;
    else if (state.attacker === "infantry") {
      const by = missions.resolveAttackerByInfantry({ natoInfantry: state.natoInfantry, wpInfantry: state.wpInfantry }, dice);
      if (!by.ok) return by;
      add(by.value);
      attacker = by.value.outcome.attacker;
    } else {
      const off = missions.rollOff(dice);
      rolls.push(...off.rolls);
      for (let i = 0; i < off.rolls.length; i += 2) {
        breakdown.push({
          text: phrase("NOBC.Rules.Missions.Selection.NatoRollForAttacker"),
          value: off.rolls[i]!,
          source: `${SEED}, Who Attacks`,
        });
        breakdown.push({
          text: phrase("NOBC.Rules.Missions.Selection.WpRollForAttacker"),
          value: off.rolls[i + 1]!,
          source: `${SEED}, Who Attacks`,
        });
      }
      attacker = off.winner === "first" ? "nato" : "wp";
    }
  }
  let timeOfDay: missions.TimeOfDay;
  if (state.time === "roll") {
    const time = missions.resolveTimeOfDay({ mission: id }, dice);
    add(time);
    timeOfDay = time.outcome.timeOfDay;
  } else timeOfDay = state.time === "daylight" || chooserPicksTime(id) ? state.time : "daylight";
  const first = missions.resolveFirstTurn({ mission: id }, dice);
  add(first);
  return {
    ok: true,
    value: { breakdown, rolls, outcome: { mission: id, attacker, timeOfDay, firstPlayer: first.outcome.first }, effects: [] },
  };
}

const SEED = "seed 002 (Team Yankee missions)";

/** The tracker's values after a set-up: the game at turn 0, the light it starts in, no reserves counted yet. */
export function setupTrack(state: SetupState, outcome: SetupOutcome): missions.MissionTrackPatch {
  const names = { nato: state.natoName.trim(), wp: state.wpName.trim() };
  const defender: missions.Faction = outcome.attacker === "nato" ? "wp" : "nato";
  const force = (name: string) => ({ name, reserves: 0, delayCounters: 0, unitsLost: 0, points: -1 });
  return {
    mission: outcome.mission,
    attackerFaction: outcome.attacker,
    firstPlayer: outcome.firstPlayer,
    timeOfDay: outcome.timeOfDay,
    light: missions.startingLight(outcome.timeOfDay),
    measure: state.measure,
    turn: 0,
    player: outcome.firstPlayer,
    attackerForce: force(names[outcome.attacker]),
    defenderForce: force(names[defender]),
    ended: false,
    winner: "",
  };
}

/** The briefing journal's pages, in the reader's words: the situation and set-up, deployment, winning, special rules. */
export function briefingPages(id: missions.MissionId, outcome: SetupOutcome, i18n: Translator): { name: string; text: string }[] {
  const def = missions.mission(id);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const list = (items: readonly string[]) => `<ol>${items.map((t) => `<li>${esc(t)}</li>`).join("")}</ol>`;
  const said = (ps: readonly Parameters<typeof speak>[0][]) => ps.map((p) => speak(p, i18n));
  const facts = [
    i18n.format("NOBC.Mission.Journal.Attacker", { side: i18n.localize(FACTION_KEYS[outcome.attacker]) }),
    i18n.format("NOBC.Mission.Journal.TimeOfDay", { time: i18n.localize(TIME_KEYS[outcome.timeOfDay]) }),
    i18n.format("NOBC.Mission.Journal.FirstTurn", { role: i18n.localize(ROLE_KEYS[outcome.firstPlayer]) }),
  ];
  const special: string[] = [];
  if (def.meetingEngagement) special.push(i18n.localize("NOBC.Mission.Journal.Meeting"));
  if (def.ambushUnits > 0) special.push(speak(phrase("NOBC.Mission.Journal.Ambush", { count: def.ambushUnits }), i18n));
  if (def.minefields) special.push(speak(phrase("NOBC.Mission.Journal.Minefields", { points: missions.POINTS_PER_MINEFIELD }), i18n));
  if (def.strategicWithdrawal) special.push(i18n.localize("NOBC.Mission.Journal.Withdrawal"));
  for (const rule of def.reserves) {
    special.push(
      i18n.format("NOBC.Mission.Journal.Reserves", {
        who: i18n.localize(rule.side === "both" ? "NOBC.Mission.Role.both" : ROLE_KEYS[rule.side]),
        timing: i18n.localize(TIMING_KEYS[rule.timing]),
        where: speak(rule.arrival, i18n),
      }),
    );
  }
  if (special.length === 0) special.push(i18n.localize("NOBC.Mission.Journal.NoSpecial"));
  return [
    {
      name: i18n.localize("NOBC.Mission.Journal.SetUpPage"),
      text: `<p>${esc(speak(def.briefing, i18n))}</p>${list(facts)}${list(said(def.setUp))}`,
    },
    { name: i18n.localize("NOBC.Mission.Journal.DeploymentPage"), text: list(said(def.deployment)) },
    { name: i18n.localize("NOBC.Mission.Journal.ObjectivesPage"), text: list(said(def.victory.map((v) => v.text))) },
    { name: i18n.localize("NOBC.Mission.Journal.SpecialPage"), text: list(special) },
  ];
}

/** The set-up card: the rolls, and the tracker's values and the briefing journal as its effects. */
export function setupCard(state: SetupState, combat: string, journalId: string, dice: Dice, i18n: Translator): Checked<Card> {
  const checked = resolveSetup(state, dice);
  if (!checked.ok) return checked;
  const r = checked.value;
  const o = r.outcome;
  const missionName = i18n.localize(missionNameKey(o.mission));
  const resolution: Resolution<SetupOutcome> = {
    ...r,
    effects: [
      { type: "missionTrack", combat, set: setupTrack(state, o) },
      {
        type: "missionJournal",
        combat,
        id: journalId,
        name: i18n.format("NOBC.Mission.Journal.Name", { mission: missionName }),
        pages: briefingPages(o.mission, o, i18n),
      },
    ],
  };
  const inputs = [
    { label: i18n.localize("NOBC.Mission.Setup.Method"), value: i18n.localize(METHOD_KEYS[state.method]) },
    ...(state.method === "battlePlans"
      ? [
          { label: i18n.localize("NOBC.Mission.Setup.NatoPlan"), value: i18n.localize(PLAN_KEYS[state.natoPlan]) },
          { label: i18n.localize("NOBC.Mission.Setup.WpPlan"), value: i18n.localize(PLAN_KEYS[state.wpPlan]) },
        ]
      : []),
  ];
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.Mission.Setup.CardTitle", { mission: missionName }),
      resolution,
      inputs,
      total: false,
      outcome: i18n.format("NOBC.Mission.Setup.Outcome", {
        mission: missionName,
        side: i18n.localize(FACTION_KEYS[o.attacker]),
        time: i18n.localize(TIME_KEYS[o.timeOfDay]),
        role: i18n.localize(ROLE_KEYS[o.firstPlayer]),
      }),
    },
  };
}
