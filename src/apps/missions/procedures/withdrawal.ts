/** The defender's Strategic Withdrawal check from turn 2 (seed 002): six or more units and delay counters, and a unit withdraws. */
import { z } from "zod";
import { missions } from "../../../rules/index";
import { phrase } from "../../../rules/resolution";
import { forceName, percent } from "../view";
import { numberIn, type Procedure } from "./procedure";
import { offered } from "../../../combat/mission-panel";

interface WithdrawalState {
  readonly units: number;
}

const due = (track: missions.MissionTrack) =>
  track.mission !== "" &&
  !track.ended &&
  missions.mission(track.mission).strategicWithdrawal &&
  track.player === "defender" &&
  track.turn >= missions.WITHDRAWAL_FIRST_TURN;

export const withdrawalProcedure: Procedure<WithdrawalState> = {
  id: "missions.withdrawal",
  title: "NOBC.Mission.Withdrawal.Title",
  submit: "NOBC.Mission.Check",
  icon: "fa-solid fa-person-walking-arrow-loop-left",
  submitIcon: "fa-solid fa-check",
  schema: z.object({ units: z.number() }).strict(),
  when: (track) => offered("missions.withdrawal", track),
  initial: () => ({ units: 0 }),
  fromForm: (state, values) => ({ units: numberIn(values["units"], state.units) }),
  view(state, t, _world, i18n) {
    const counters = t.track.defenderForce.delayCounters;
    const withdraw = Number.isInteger(state.units) && state.units >= 0 && state.units + counters >= missions.WITHDRAWAL_THRESHOLD;
    return {
      hint: i18n.format("NOBC.Mission.Withdrawal.Hint", { counters: String(counters), threshold: String(missions.WITHDRAWAL_THRESHOLD) }),
      fields: [{ name: "units", label: i18n.localize("NOBC.Mission.Withdrawal.Units"), value: state.units, number: true }],
      chances: [
        { label: i18n.localize("NOBC.Mission.Withdrawal.Withdraw"), chance: percent(withdraw ? 1 : 0, i18n) },
        { label: i18n.localize("NOBC.Mission.Withdrawal.Hold"), chance: percent(withdraw ? 0 : 1, i18n) },
      ],
    };
  },
  refusals(state, t) {
    if (!due(t.track)) return [{ code: "notDue", text: phrase("NOBC.Mission.Withdrawal.NotDue"), field: "turn" }];
    const checked = missions.resolveStrategicWithdrawal({
      defender: { actor: t.uuid, name: t.track.defenderForce.name || "—" },
      turn: t.track.turn,
      units: state.units,
      delayCounters: t.track.defenderForce.delayCounters,
    });
    return checked.ok ? [] : checked.refusals;
  },
  card(state, t, _world, _dice, i18n) {
    const name = forceName(t.track, "defender", i18n);
    const checked = missions.resolveStrategicWithdrawal({
      defender: { actor: t.uuid, name },
      turn: t.track.turn,
      units: state.units,
      delayCounters: t.track.defenderForce.delayCounters,
    });
    if (!checked.ok) return checked;
    const r = checked.value;
    return {
      ok: true,
      value: {
        title: i18n.format("NOBC.Mission.Withdrawal.CardTitle", { force: name, turn: String(t.track.turn) }),
        resolution: {
          ...r,
          effects: [{ type: "missionTrack", combat: t.uuid, set: { defenderForce: { delayCounters: r.outcome.delayCounters } } }],
        },
        outcome: i18n.format(r.outcome.withdraw ? "NOBC.Mission.Withdrawal.OutcomeWithdraw" : "NOBC.Mission.Withdrawal.OutcomeHold", {
          counters: String(r.outcome.delayCounters),
        }),
      },
    };
  },
};
