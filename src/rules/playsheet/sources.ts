import { SEEDS } from "../resolution";

/** Citation strings for breakdown lines: the seed table, or the decision we took on a gap. */
export const SRC = {
  movement: `${SEEDS.playsheet}, Movement table`,
  supply: `${SEEDS.playsheet}, Combat: supply costs`,
  formula: `${SEEDS.playsheet}, Combat formula`,
  factors: `${SEEDS.playsheet}, Combat factors`,
  artillery: `${SEEDS.playsheet}, Supporting Artillery`,
  airGround: `${SEEDS.playsheet}, Air-Ground Attacks`,
  results: `${SEEDS.playsheet}, Results Table`,
  recce: `${SEEDS.playsheet}, Air Recce`,
  airToAir: `${SEEDS.playsheet}, Air to Air Combat: Fighter Vs Fighter`,
  transports: `${SEEDS.playsheet}, Air to Air Combat: Fighter Vs Transport Aircraft`,
  flak: `${SEEDS.playsheet}, Losses from Flak`,
  interdiction: `${SEEDS.playsheet}, Bombing/Interdiction`,
  resupply: `${SEEDS.playsheet}, Air Resupply`,
} as const;

/** A citation of one of our readings in docs/rules-decisions.md. */
export function decision(topic: string): string {
  return `docs/rules-decisions.md: ${topic}`;
}
