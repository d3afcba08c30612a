import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { PlaysheetEffect } from "./effects";
import { SRC, decision } from "./sources";
import { assertDie, checkUniqueRefs, rollDie, tableEntry } from "./validate";

export type FlakType = "heavy" | "light";
/** Overflight (not fighters), or an air landing / drop within 2 km or within 4 km of the flak. */
export type FlakSituation = "overflight" | "drop2km" | "drop4km";
export type FlakResult = "loss" | "damage" | "none";

/** Labels of the flak results, in the middle of a sentence. */
export const FLAK_RESULT_LABELS: Readonly<Record<FlakResult, string>> = {
  loss: "NOBC.Rules.Playsheet.FlakResult.loss",
  damage: "NOBC.Rules.Playsheet.FlakResult.damage",
  none: "NOBC.Rules.Playsheet.FlakResult.none",
};

/** The breakdown line of one serial's flak die, by the flak firing. */
const FLAK_DIE_KEYS: Readonly<Record<FlakType, string>> = {
  heavy: "NOBC.Rules.Playsheet.Flak.HeavyDie",
  light: "NOBC.Rules.Playsheet.Flak.LightDie",
};

/** The die faces giving each result; an empty list where the table prints "-". */
export interface FlakRow {
  readonly loss: readonly number[];
  readonly damage: readonly number[];
  readonly none: readonly number[];
}

/** seed 003 (Operational Playsheet), Losses from Flak: 1d6 per air serial. */
export const FLAK_TABLE: Readonly<Record<FlakSituation, Readonly<Record<FlakType, FlakRow>>>> = {
  overflight: {
    heavy: { loss: [6], damage: [5], none: [1, 2, 3, 4] },
    light: { loss: [], damage: [6], none: [1, 2, 3, 4, 5] },
  },
  drop2km: {
    heavy: { loss: [5, 6], damage: [3, 4], none: [1, 2] },
    light: { loss: [5, 6], damage: [4], none: [1, 2, 3] },
  },
  drop4km: {
    heavy: { loss: [6], damage: [5], none: [1, 2, 3, 4] },
    light: { loss: [], damage: [6], none: [1, 2, 3, 4, 5] },
  },
};

/** seed 003, Losses from Flak: damage points that lose a serial or squadron. */
export const DAMAGE_TO_LOSE = 2;

/** The flak result for a flak type, situation and die. */
export function flak(type: FlakType, situation: FlakSituation, die: number): FlakResult {
  const row = tableEntry(tableEntry(FLAK_TABLE, situation, "flak situation"), type, "flak type");
  assertDie(die);
  return row.loss.includes(die) ? "loss" : row.damage.includes(die) ? "damage" : "none";
}

export interface FlakSerial {
  readonly actor: ActorRef;
  readonly name: string;
  /** Damage already taken (a serial with two is already lost). */
  readonly damage: 0 | 1;
  readonly fighters?: boolean;
  /** The ground unit carried, which loses status on a "loss". */
  readonly carrying?: ActorRef;
}

export interface FlakInput {
  readonly flak: FlakType;
  readonly situation: FlakSituation;
  readonly serials: readonly FlakSerial[];
}

export interface FlakOutcome {
  readonly results: readonly { readonly actor: ActorRef; readonly die: number; readonly result: FlakResult; readonly lost: boolean }[];
}

/** Rolls one die per serial on the flak table; a second damage point loses the serial. */
export function resolveFlak(input: FlakInput, dice: Dice): Checked<Resolution<FlakOutcome>> {
  const refusals = new RefusalList();
  if (input.serials.length === 0) refusals.add("noSerials", phrase("NOBC.Rules.Playsheet.Flak.Refusal.noSerials"), "serials");
  input.serials.forEach((s, i) => {
    // The type says 0 or 1; a document can still hold anything.
    if (!([0, 1] as readonly number[]).includes(s.damage))
      refusals.add(
        "badDamage",
        phrase("NOBC.Rules.Playsheet.Flak.Refusal.badDamage", { serial: s.name, damage: s.damage, lost: DAMAGE_TO_LOSE }),
        `serials[${i}].damage`,
      );
    if (s.fighters && input.situation === "overflight")
      refusals.add(
        "fightersExempt",
        phrase("NOBC.Rules.Playsheet.Flak.Refusal.fightersExempt", { serial: s.name }),
        `serials[${i}].fighters`,
      );
  });
  checkUniqueRefs(
    refusals,
    input.serials.map((s) => s.actor),
    "serials",
  );
  return refusals.result(() => {
    const breakdown: BreakdownLine[] = [];
    const effects: PlaysheetEffect[] = [];
    const rolls: number[] = [];
    const results = input.serials.map((serial) => {
      const die = rollDie(dice);
      rolls.push(die);
      const result = flak(input.flak, input.situation, die);
      breakdown.push({
        text: phrase(FLAK_DIE_KEYS[input.flak], { serial: serial.name, result: phrase(FLAK_RESULT_LABELS[result]) }),
        value: die,
        source: SRC.flak,
      });
      const lost = result !== "none" && serial.damage + 1 >= DAMAGE_TO_LOSE;
      if (result !== "none") effects.push({ type: "airDamage", actor: serial.actor, delta: 1 });
      if (lost) effects.push({ type: "airUnitLost", actor: serial.actor });
      if (result === "loss" && serial.carrying !== undefined) {
        effects.push({ type: "playsheetStatus", actor: serial.carrying, delta: -1 });
        breakdown.push({
          text: phrase("NOBC.Rules.Playsheet.Flak.CarriedLoss", { serial: serial.name }),
          value: -1,
          source: `${SRC.flak}; ${decision("flak loss without a carried unit")}`,
        });
      }
      return { actor: serial.actor, die, result, lost };
    });
    return { breakdown, rolls, outcome: { results }, effects };
  });
}
