import type { ActorRef } from "../ids";
import { RefusalList, phrase, type Checked, type Resolution } from "../resolution";
import type { MissionEffect } from "./effects";
import { SRC } from "./sources";
import { TURN, assertCount, checkCount } from "./validate";

/** seed 002, Strategic Withdrawal: units plus delay counters at which one unit must withdraw. */
export const WITHDRAWAL_THRESHOLD = 6;
/** seed 002, Strategic Withdrawal: the first turn it is checked. */
export const WITHDRAWAL_FIRST_TURN = 2;

/** Six or more units and delay counters: withdraw a unit and clear the counters; otherwise gain one. */
export function strategicWithdrawal(units: number, delayCounters: number): { withdraw: boolean; delayCounters: number } {
  assertCount(units, "units");
  assertCount(delayCounters, "delay counters");
  return units + delayCounters >= WITHDRAWAL_THRESHOLD
    ? { withdraw: true, delayCounters: 0 }
    : { withdraw: false, delayCounters: delayCounters + 1 };
}

export interface WithdrawalInput {
  readonly defender: { readonly actor: ActorRef; readonly name: string };
  readonly turn: number;
  /** Units on the table, not counting attachments or independent teams. */
  readonly units: number;
  readonly delayCounters: number;
}

/** The start-of-turn withdrawal check, from turn 2, after formation morale. The owner picks the unit. */
export function resolveStrategicWithdrawal(
  input: WithdrawalInput,
): Checked<Resolution<{ readonly withdraw: boolean; readonly delayCounters: number }>> {
  const refusals = new RefusalList();
  if (checkCount(refusals, input.turn, "turn", TURN, 1) && input.turn < WITHDRAWAL_FIRST_TURN) {
    refusals.add(
      "tooEarly",
      phrase("NOBC.Rules.Missions.Withdrawal.Refusal.tooEarly", { first: WITHDRAWAL_FIRST_TURN, turn: input.turn }),
      "turn",
    );
  }
  const force = input.defender.name;
  checkCount(refusals, input.units, "units", phrase("NOBC.Rules.Missions.Withdrawal.UnitsOf", { force }));
  checkCount(refusals, input.delayCounters, "delayCounters", phrase("NOBC.Rules.Missions.Withdrawal.DelayCountersOf", { force }));
  return refusals.result(() => {
    const outcome = strategicWithdrawal(input.units, input.delayCounters);
    const effects: MissionEffect[] = [{ type: "delayCounters", actor: input.defender.actor, count: outcome.delayCounters }];
    return {
      breakdown: [
        { text: phrase("NOBC.Rules.Missions.Withdrawal.UnitsOnTable"), value: input.units, source: SRC.withdrawal },
        { text: phrase("NOBC.Rules.Missions.Withdrawal.DelayCounters"), value: input.delayCounters, source: SRC.withdrawal },
      ],
      rolls: [],
      outcome,
      effects,
    };
  });
}
