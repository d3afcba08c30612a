/** The next player-turn: the tracker moves on (set-up → turn 1 → the other player's half → the next turn), with what is due then. */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase } from "../../../rules/resolution";
import { LIMIT_KEYS, ROLE_KEYS } from "../view";
import { offered } from "../../../combat/mission-panel";
import type { Procedure } from "./procedure";

const DUE_KEYS = {
  light: "NOBC.Mission.Due.light",
  reserves: "NOBC.Mission.Due.reserves",
  withdrawal: "NOBC.Mission.Due.withdrawal",
} as const;

/** What is due at the start of a player-turn: the dawn or dusk check, reserves, withdrawal (as src/combat/mission-panel.ts shows them). */
export function dueAt(track: missions.MissionTrack & { mission: missions.MissionId }): (keyof typeof DUE_KEYS)[] {
  const out: (keyof typeof DUE_KEYS)[] = [];
  const waiting = track.timeOfDay !== "daylight" && track.light === missions.startingLight(track.timeOfDay);
  if (waiting && missions.lightCheckDice(track.player, track.turn, track.firstPlayer) > 0) out.push("light");
  const rule = missions.mission(track.mission).reserves.find((r) => r.side === track.player || r.side === "both");
  const force = track.player === "attacker" ? track.attackerForce : track.defenderForce;
  if (rule !== undefined && force.reserves > 0 && missions.reserveDice(track.turn, rule.timing === "delayed") > 0) out.push("reserves");
  if (missions.mission(track.mission).strategicWithdrawal && track.player === "defender" && track.turn >= missions.WITHDRAWAL_FIRST_TURN)
    out.push("withdrawal");
  return out;
}

export const turnProcedure: Procedure<Record<string, never>> = {
  id: "missions.turn",
  title: "NOBC.Mission.Turn.Title",
  submit: "NOBC.Mission.Turn.Submit",
  icon: "fa-solid fa-forward-step",
  submitIcon: "fa-solid fa-forward-step",
  schema: z.object({}).strict(),
  when: (track) => offered("missions.turn", track),
  initial: () => ({}),
  fromForm: (state) => state,
  view(_state, t, _world, i18n) {
    const next = { ...t.track, ...missions.nextPlayerTurn(t.track) };
    return {
      hint: i18n.format("NOBC.Mission.Turn.Next", { turn: String(next.turn), role: i18n.localize(ROLE_KEYS[next.player]) }),
      fields: [],
      chances: [
        ...dueAt(next).map((d) => ({ label: i18n.localize(DUE_KEYS[d]), chance: "" })),
        ...missions
          .meetingLimits(next.mission, next.turn, next.player, next.firstPlayer)
          .map((l) => ({ label: i18n.localize(LIMIT_KEYS[l]), chance: "" })),
      ],
    };
  },
  refusals: (_state, t) => (t.track.ended ? [{ code: "ended", text: phrase("NOBC.Mission.Refused.ended"), field: "ended" }] : []),
  card(_state, t, _world, _dice, i18n) {
    const next = missions.nextPlayerTurn(t.track);
    const after = { ...t.track, ...next };
    const due = dueAt(after).map((d) => i18n.localize(DUE_KEYS[d]));
    const limits = missions
      .meetingLimits(after.mission, after.turn, after.player, after.firstPlayer)
      .map((l) => i18n.localize(LIMIT_KEYS[l]));
    const role = i18n.localize(ROLE_KEYS[next.player]);
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Turn.CardTitle", { turn: String(next.turn), role }),
        resolution: {
          breakdown: [],
          rolls: [],
          outcome: next,
          effects: [{ type: "missionTrack", combat: t.uuid, set: { turn: next.turn, player: next.player } }],
        },
        total: false,
        inputs: [
          ...(due.length > 0 ? [{ label: i18n.localize("NOBC.Mission.Panel.Due"), value: due.join("; ") }] : []),
          ...(limits.length > 0 ? [{ label: i18n.localize("NOBC.Mission.Panel.Limits"), value: limits.join("; ") }] : []),
        ],
        outcome: i18n.format("NOBC.Mission.Turn.Next", { turn: String(next.turn), role }),
      },
    };
  },
};
