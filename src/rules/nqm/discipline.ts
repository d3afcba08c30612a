import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type Checked, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { FIREFIGHT_SOURCE, hitsFor, weightLabel, type WeightClass } from "./firefight-table";
import type { PinnedStand } from "./hits";
import { checkStands } from "./volley";

export const DISCIPLINE_SOURCE = `${SEEDS.nqm}, House Rule - Restoring Discipline`;

export interface RestoreDisciplineInput {
  /** The unit that failed its morale test, as it stands. */
  unit: PinnedStand & { name: string; protection: WeightClass };
  /** The commissar or fanatical headquarters that fires one CU at it. */
  firer: { actor: ActorRef; name: string; weight: WeightClass };
}

export interface RestoreDisciplineOutcome {
  hits: number;
  blackPins: number;
  basesLost: number;
  /** The unit passes the test it failed. */
  passed: true;
}

/**
 * Restoring Discipline (seed 004, an optional house rule): after a failed morale test, a commissar or
 * fanatical headquarters fires one CU at its own unit (Table 12); the casualties are taken at once as
 * black pins and the unit passes the test it failed, so it is no longer disorganised by it. A hit
 * beyond the unit's free bases destroys a base (red pin first), as any overload does.
 */
export function resolveRestoringDiscipline(input: RestoreDisciplineInput, dice: Dice): Checked<Resolution<RestoreDisciplineOutcome>> {
  const refusals = new RefusalList();
  const { unit, firer } = input;
  checkStands(refusals, unit.name, [unit], "unit");
  return refusals.result(() => {
    const die = dice.d6();
    const hits = hitsFor(firer.weight, unit.protection, die);
    const free = unit.strength - unit.red - unit.black;
    const blackPins = Math.min(hits, free);
    const basesLost = Math.min(hits - blackPins, unit.strength);
    // A destroyed base takes its pin with it: a red one while there is one, then a black one.
    const redGone = Math.min(basesLost, unit.red);
    const blackGone = basesLost - redGone;
    const effects: NqmEffect[] = [];
    if (blackPins - blackGone !== 0 || redGone !== 0)
      effects.push({ type: "pins", actor: unit.actor, red: redGone === 0 ? 0 : -redGone, black: blackPins - blackGone });
    if (basesLost > 0) effects.push({ type: "standsLost", actor: unit.actor, count: basesLost });
    effects.push({ type: "disorganised", actor: unit.actor, value: false });
    return {
      breakdown: [
        {
          text: phrase("NOBC.Rules.Nqm.Discipline.Fire", {
            firer: firer.name,
            unit: unit.name,
            weight: weightLabel(firer.weight),
            against: weightLabel(unit.protection),
            face: String(die),
          }),
          value: hits,
          source: `${DISCIPLINE_SOURCE}; ${FIREFIGHT_SOURCE}`,
        },
        { text: phrase("NOBC.Rules.Nqm.Discipline.Passes", { unit: unit.name }), value: 0, source: DISCIPLINE_SOURCE },
      ],
      rolls: [die],
      outcome: { hits, blackPins, basesLost, passed: true },
      effects,
    };
  });
}
