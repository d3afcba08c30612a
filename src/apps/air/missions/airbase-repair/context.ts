/**
 * What the airbase repair dialog shows: the hits, the chance of each number repaired, and the
 * air-defence boxes to restore per chart. Pure.
 */
import { airbaseRepairTarget, resolveAirbaseRepair, AIR_DEFENCE_REPAIRS_PER_ZONE } from "../../../../rules/nobc/air/index";
import { choosableSides } from "../world";
import { constantDice, percent, refusalMessages, sideOptions, type Translator } from "../view";
import type { MissionWorld } from "../world";
import { sideAirbases, chartsOf, airbaseRepairInput, type AirbaseRepairState } from "./state";

/** The chance of repairing exactly k of n hits, each at or under `target` on a die (exact). */
export function repairSpread(n: number, target: number): number[] {
  const p = target / 6;
  const choose = (k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return c;
  };
  return Array.from({ length: n + 1 }, (_, k) => choose(k) * p ** k * (1 - p) ** (n - k));
}

export function airbaseRepairContext(state: AirbaseRepairState, world: MissionWorld, i18n: Translator) {
  const target = airbaseRepairTarget(state.side);
  const airbases = sideAirbases(world, state.side);
  const input = airbaseRepairInput(state, world);
  const dry = input.ok ? resolveAirbaseRepair(input.value, constantDice(1)) : input;
  return {
    sides: sideOptions(choosableSides(world, "airbases"), state.side, i18n),
    target,
    chance: percent(target / 6, i18n),
    airbases: airbases.map((a) => ({
      name: a.name,
      zone: a.airZone,
      hits: a.hits,
      permanent: a.permanentHits,
      spread: a.hits === 0 ? [] : repairSpread(a.hits, target).map((p, k) => ({ repaired: k, chance: percent(p, i18n) })),
    })),
    charts: chartsOf(airbases).map((c) => ({ id: c.id, name: c.name, zone: c.airZone, lost: c.lost, boxes: state.boxes[c.id] ?? 0 })),
    perZone: AIR_DEFENCE_REPAIRS_PER_ZONE,
    refusals: dry.ok ? [] : refusalMessages(dry.refusals, i18n),
    canRoll: dry.ok,
  };
}
