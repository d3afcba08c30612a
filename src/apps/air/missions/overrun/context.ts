/**
 * What the overrun dialog shows: the airbases, the hits, and the rules' breakdown. Pure.
 */
import { breakdownRows, effectSentences, refusalMessages, SIDE_KEYS, type Translator } from "../view";
import type { MissionWorld } from "../world";
import { overrunResolution, type OverrunState } from "./state";

export function overrunContext(state: OverrunState, world: MissionWorld, i18n: Translator) {
  const resolved = overrunResolution(state, world);
  return {
    airbases: world.airbases.map((a) => ({
      value: a.id,
      label: `${a.name} (${i18n.localize(SIDE_KEYS[a.side])})`,
      selected: a.id === state.airbase,
    })),
    hits: state.hits,
    refusals: resolved.ok ? [] : refusalMessages(resolved.refusals, i18n),
    rows: resolved.ok ? breakdownRows(resolved.value.breakdown, i18n) : [],
    changes: resolved.ok ? effectSentences(resolved.value.effects, world, i18n) : [],
    canRoll: resolved.ok,
  };
}
