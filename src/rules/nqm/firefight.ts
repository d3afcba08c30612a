import type { Dice } from "../dice";
import { phrase, RefusalList, type Checked, type Resolution } from "../resolution";
import type { ShiftReason } from "./firefight-table";
import { FIREFIGHT_SOURCE } from "./firefight-table";
import { spreadEffects, type SpreadResult } from "./hits";
import { checkFire, checkStands, fireVolley, type FireBatch, type TargetStand } from "./volley";

/** One side of a firefight round: its stands (as targets) and what it fires. */
export interface FirefightSide {
  name: string;
  stands: readonly TargetStand[];
  fire: readonly FireBatch[];
  /** The situation that shifts this side's fire, if any. */
  shift?: ShiftReason;
}

export interface FirefightInput {
  attacker: FirefightSide;
  defender: FirefightSide;
}

export interface FirefightOutcome {
  /** Hits the attacker scored on the defender, and the hits it received. */
  attackerScored: number;
  defenderScored: number;
  /** The attacker scored more than it received (Table 12 text). */
  won: boolean;
  /** The attacker scored fewer than it received: fresh reserves are needed before it presses home. */
  mustReinforce: boolean;
  onAttacker: SpreadResult;
  onDefender: SpreadResult;
}

/**
 * One hour of firefight: both sides roll all their CUs at once on Table 12, hits are spread
 * evenly over the other side's stands, and the attacker wins if it scored more than it took.
 */
export function resolveFirefight(input: FirefightInput, dice: Dice): Checked<Resolution<FirefightOutcome>> {
  const refusals = new RefusalList();
  const { attacker, defender } = input;
  if (attacker.fire.length === 0) {
    refusals.add("noFire", phrase("NOBC.Rules.Nqm.Firefight.Refusal.noFire", { attacker: attacker.name }), "attacker.fire");
  }
  checkStands(refusals, attacker.name, attacker.stands, "attacker.stands");
  checkStands(refusals, defender.name, defender.stands, "defender.stands");
  checkFire(refusals, attacker.name, attacker.fire, defender.stands, "attacker");
  checkFire(refusals, defender.name, defender.fire, attacker.stands, "defender");
  return refusals.result(() => {
    const out = fireVolley(attacker.name, attacker.fire, defender.stands, dice, attacker.shift);
    const back = fireVolley(defender.name, defender.fire, attacker.stands, dice, defender.shift);
    const outcome: FirefightOutcome = {
      attackerScored: out.hits,
      defenderScored: back.hits,
      won: out.hits > back.hits,
      mustReinforce: out.hits < back.hits,
      onAttacker: back.spread,
      onDefender: out.spread,
    };
    return {
      breakdown: [
        ...out.breakdown,
        ...back.breakdown,
        {
          text: phrase("NOBC.Rules.Nqm.Firefight.Difference", { attacker: attacker.name }),
          value: out.hits - back.hits,
          source: FIREFIGHT_SOURCE,
        },
      ],
      rolls: [...out.rolls, ...back.rolls],
      outcome,
      effects: [...out.effects, ...back.effects, ...spreadEffects(out.spread), ...spreadEffects(back.spread)],
    };
  });
}
