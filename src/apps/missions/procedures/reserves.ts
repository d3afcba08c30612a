/**
 * The reserve roll at the start of a player-turn (seed 002, Reserves): turn n rolls n dice (n − 2
 * if delayed), each 5+ brings a unit, three or more failed dice bring one anyway; a scattered
 * reserve rolls a d6 for each unit against the scene's table of arrival points (else the mission's).
 */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { speak } from "../../../words/phrase";
import { phrase } from "../../../rules/resolution";
import { TIMING_KEYS, forceName, forceOf, percent, reserveChances } from "../view";
import type { MissionWorld } from "../world";
import { offered } from "../../../combat/mission-panel";
import type { Procedure, Tracked } from "./procedure";

/** The reserve rule of the player whose turn it is, if any. */
export function playerRule(track: missions.MissionTrack): missions.ReserveRule | undefined {
  if (track.mission === "") return undefined;
  return missions.mission(track.mission).reserves.find((r) => r.side === track.player || r.side === "both");
}

/** Where scattered units arrive: the scene's own table, else the mission's (or the default). */
export function scatterFor(rule: missions.ReserveRule, world: MissionWorld): missions.ScatterTable | undefined {
  if (!rule.scattered) return undefined;
  return world.arrivals ?? rule.scatter ?? missions.DEFAULT_SCATTER;
}

const due = (track: missions.MissionTrack) => {
  const rule = playerRule(track);
  return rule !== undefined && !track.ended && track.turn > 0 && forceOf(track, track.player).reserves > 0;
};

export const reservesProcedure: Procedure<Record<string, never>> = {
  id: "missions.reserves",
  title: "NOBC.Mission.Reserves.Title",
  submit: "NOBC.Mission.Roll",
  icon: "fa-solid fa-truck-field",
  submitIcon: "fa-solid fa-dice",
  schema: z.object({}).strict(),
  when: (track) => offered("missions.reserves", track),
  initial: () => ({}),
  fromForm: (state) => state,
  view(_state, t, world, i18n) {
    const rule = playerRule(t.track);
    const left = forceOf(t.track, t.track.player).reserves;
    const dice = rule === undefined || t.track.turn < 1 ? 0 : missions.reserveDice(t.track.turn, rule.timing === "delayed");
    const scatter = rule === undefined ? undefined : scatterFor(rule, world);
    return {
      hint: speak(
        phrase("NOBC.Mission.Reserves.Hint", {
          force: forceName(t.track, t.track.player, i18n),
          left,
          count: dice,
          timing: phrase(TIMING_KEYS[rule?.timing ?? "immediate"]),
        }),
        i18n,
      ),
      fields: [],
      chances: [
        ...reserveChances(dice, left).map((p, n) => ({
          label: speak(phrase("NOBC.Mission.Reserves.Arriving", { count: n }), i18n),
          chance: percent(p, i18n),
        })),
        ...(scatter === undefined
          ? []
          : scatter.map((at, i) => ({
              label: i18n.format("NOBC.Mission.Reserves.ScatterFace", { die: String(i + 1), at: speak(missions.arrivalPhrase(at), i18n) }),
              chance: percent(1 / 6, i18n),
            }))),
      ],
    };
  },
  refusals(_state, t) {
    if (!due(t.track)) return [{ code: "notDue", text: phrase("NOBC.Mission.Reserves.NotDue"), field: "reserves" }];
    return [];
  },
  card(_state, t: Tracked, world, dice, i18n) {
    const rule = playerRule(t.track)!;
    const side = t.track.player;
    const force = forceOf(t.track, side);
    const scatter = scatterFor(rule, world);
    const checked = missions.resolveReserves(
      {
        force: { actor: t.uuid, name: forceName(t.track, side, i18n) },
        turn: t.track.turn,
        timing: rule.timing,
        unitsInReserve: force.reserves,
        ...(scatter === undefined ? {} : { scatter }),
      },
      dice,
    );
    if (!checked.ok) return checked;
    const r = checked.value;
    const key = side === "attacker" ? "attackerForce" : "defenderForce";
    const arrivals = r.outcome.arrivals.map((at) => speak(missions.arrivalPhrase(at), i18n));
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Reserves.CardTitle", { force: forceName(t.track, side, i18n), turn: String(t.track.turn) }),
        resolution: {
          ...r,
          effects:
            r.outcome.arriving > 0
              ? [{ type: "missionTrack", combat: t.uuid, set: { [key]: { reserves: force.reserves - r.outcome.arriving } } }]
              : [],
        },
        total: false,
        inputs: [{ label: i18n.localize("NOBC.Mission.Reserves.Where"), value: speak(rule.arrival, i18n) }],
        outcome:
          speak(phrase("NOBC.Mission.Reserves.Outcome", { count: r.outcome.arriving }), i18n) +
          (arrivals.length > 0 ? ` ${i18n.format("NOBC.Mission.Reserves.ArriveAt", { places: arrivals.join(", ") })}` : ""),
      },
    };
  },
};
