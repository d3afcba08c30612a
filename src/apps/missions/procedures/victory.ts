/**
 * The end of the game (seed 002, Victory Points): who met the mission's winning condition (or
 * nobody, when time ran out: both lose), each side's units lost, and the points from the table.
 */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase, type Refusal } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { ROLE_KEYS, forceName } from "../view";
import { numberIn, options, pickIn, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";

const RESULT_KEYS: Readonly<Record<missions.VictoryResult, string>> = {
  stunningVictory: "NOBC.Mission.Victory.Result.stunningVictory",
  majorVictory: "NOBC.Mission.Victory.Result.majorVictory",
  minorVictory: "NOBC.Mission.Victory.Result.minorVictory",
};
const WINNERS = ["attacker", "defender", "none"] as const;
interface VictoryState {
  readonly winner: (typeof WINNERS)[number];
  readonly attackerLost: number;
  readonly defenderLost: number;
}

function lostRefusals(state: VictoryState): Refusal[] {
  const out: Refusal[] = [];
  for (const [field, side, value] of [
    ["attackerLost", "attacker", state.attackerLost],
    ["defenderLost", "defender", state.defenderLost],
  ] as const)
    if (!Number.isInteger(value) || value < 0 || value > 999) {
      const text = phrase("NOBC.Mission.Victory.Refusal.badLost", {
        side: phrase(missions.MISSION_SIDE_LABELS[side]),
        value: String(value),
      });
      out.push({ code: "badNumber", text, field });
    }
  return out;
}

/** A force of `lost` destroyed core units, as the rules count them. */
const force = (actor: string, name: string, lost: number): missions.MissionForce => ({
  actor,
  name,
  units: Array.from({ length: lost }, (_, i) => ({ name: String(i + 1), role: "core" as const, destroyed: true })),
});

export const victoryProcedure: Procedure<VictoryState> = {
  id: "missions.victory",
  title: "NOBC.Mission.Victory.Title",
  submit: "NOBC.Mission.Victory.Submit",
  icon: "fa-solid fa-trophy",
  submitIcon: "fa-solid fa-flag-checkered",
  schema: z.object({ winner: z.enum(WINNERS), attackerLost: z.number(), defenderLost: z.number() }).strict(),
  when: (track) => offered("missions.victory", track),
  initial: (t) => ({ winner: "none", attackerLost: t.track.attackerForce.unitsLost, defenderLost: t.track.defenderForce.unitsLost }),
  fromForm: (state, values) => ({
    winner: pickIn(WINNERS, values["winner"], state.winner),
    attackerLost: numberIn(values["attackerLost"], state.attackerLost),
    defenderLost: numberIn(values["defenderLost"], state.defenderLost),
  }),
  view(state, t, _world, i18n) {
    const chances = (() => {
      if (lostRefusals(state).length > 0) return [];
      const winner = state.winner === "none" ? null : state.winner;
      const r = missions.resolveMissionEnd({
        attacker: force(t.uuid, "a", state.attackerLost),
        defender: force(t.uuid, "d", state.defenderLost),
        winner,
      });
      return (["attacker", "defender"] as const).map((s) => ({
        label: forceName(t.track, s, i18n),
        chance: speak(phrase("NOBC.Mission.Victory.Points", { count: r.outcome.points[s] }), i18n),
      }));
    })();
    return {
      hint: i18n.localize("NOBC.Mission.Victory.Hint"),
      fields: [
        {
          name: "winner",
          label: i18n.localize("NOBC.Mission.Victory.Winner"),
          value: state.winner,
          select: true,
          options: options(WINNERS, state.winner, (w) =>
            w === "none" ? i18n.localize("NOBC.Mission.Victory.Nobody") : forceName(t.track, w, i18n),
          ),
        },
        {
          name: "attackerLost",
          label: i18n.format("NOBC.Mission.Victory.Lost", { force: forceName(t.track, "attacker", i18n) }),
          value: state.attackerLost,
          number: true,
        },
        {
          name: "defenderLost",
          label: i18n.format("NOBC.Mission.Victory.Lost", { force: forceName(t.track, "defender", i18n) }),
          value: state.defenderLost,
          number: true,
        },
      ],
      chances,
    };
  },
  refusals: (state, t) => [
    ...lostRefusals(state),
    ...(t.track.ended ? [{ code: "ended", text: phrase("NOBC.Mission.Refused.ended"), field: "ended" }] : []),
  ],
  card(state, t, _world, _dice, i18n) {
    const winner = state.winner === "none" ? null : state.winner;
    const names = { attacker: forceName(t.track, "attacker", i18n), defender: forceName(t.track, "defender", i18n) };
    const r = missions.resolveMissionEnd({
      attacker: force(t.uuid, names.attacker, state.attackerLost),
      defender: force(t.uuid, names.defender, state.defenderLost),
      winner,
    });
    const o = r.outcome;
    return {
      ok: true,
      value: {
        title: i18n.localize("NOBC.Mission.Victory.CardTitle"),
        resolution: {
          ...r,
          effects: [
            {
              type: "missionTrack",
              combat: t.uuid,
              set: {
                ended: true,
                winner: o.winner ?? "none",
                attackerForce: { unitsLost: state.attackerLost, points: o.points.attacker },
                defenderForce: { unitsLost: state.defenderLost, points: o.points.defender },
              },
            },
          ],
        },
        total: false,
        outcome:
          o.winner === null
            ? i18n.format("NOBC.Mission.Victory.OutcomeNobody", {
                attacker: String(o.points.attacker),
                defender: String(o.points.defender),
              })
            : i18n.format("NOBC.Mission.Victory.OutcomeWin", {
                force: names[o.winner],
                role: i18n.localize(ROLE_KEYS[o.winner]),
                result: i18n.localize(RESULT_KEYS[o.result!]),
                attacker: String(o.points.attacker),
                defender: String(o.points.defender),
              }),
      },
    };
  },
};
