/**
 * Dice for resolutions rolled inside Foundry. The faces come from Foundry's own random source
 * (`CONFIG.Dice.randomUniform`, the one its `Roll` uses), and every face is recorded so the card
 * can attach them as an evaluated `Roll` (`rollsFromFaces`) for the roll tooltip and Dice So Nice.
 */
import type { Dice } from "../../rules/dice";

export interface RecordingDice extends Dice {
  /** Every face rolled so far, in order. */
  readonly faces: readonly number[];
}

function uniform(): number {
  const random = (CONFIG as unknown as { Dice?: { randomUniform?: () => number } }).Dice?.randomUniform;
  return typeof random === "function" ? random() : Math.random();
}

/** Dice drawing from `source` (a uniform number in [0, 1)), remembering every face. */
export function recordingDice(source: () => number = uniform): RecordingDice {
  const faces: number[] = [];
  const d6 = (): number => {
    const face = Math.min(6, 1 + Math.floor(source() * 6));
    faces.push(face);
    return face;
  };
  return { d6, roll: (n) => Array.from({ length: n }, d6), faces };
}
