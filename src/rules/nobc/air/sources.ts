/** Citation strings for the breakdown lines of the Air War (seed 000, Air War QRS) and our own readings. */
import { SEEDS } from "../../resolution";

const QRS = `${SEEDS.nobc}, Air War QRS`;
export const AIR_SOURCES = {
  allocation: `${QRS}: 1) Allocate units to missions`,
  lineUp: `${QRS}: 2) Prepare for Air to Air combat`,
  combat: `${QRS}: 3) Air Superiority Combat`,
  level: `${QRS}: 4) Calculate Air Superiority level`,
  sorties: `${QRS}: 5) CAS & Deep Strike table`,
  return: `${QRS}: 6) Return Air Units`,
  handOver: `${QRS}: 7) Hand CAS units to land battle players`,
  paradrop: `${QRS}: 7) Paradrop`,
  deepStrike: `${QRS}: 8) Resolve deep strike missions`,
  repair: `${QRS}: 9) Aircraft repair table`,
  capacity: `${QRS}: 10) Determine airbase capacity`,
  airbaseRepair: `${QRS}: 11) Airbase and air defence repair`,
  landCas: `${SEEDS.nobc}, Land War QRS: 1. Air Support`,
} as const;

export function decision(topic: string): string {
  return `docs/rules-decisions.md: ${topic}`;
}
