/**
 * What the capacity dialog shows: each squadron's base, the spaces used, and who goes to holding. Pure.
 */
import { resolveAirbaseCapacity } from "../../../../rules/nobc/air/index";
import { breakdownRows, effectSentences, refusalMessages, SIDE_KEYS, type Translator } from "../view";
import type { MissionWorld } from "../world";
import { baseable, basesFor, capacityInput, type CapacityState } from "./state";

export function capacityContext(state: CapacityState, world: MissionWorld, i18n: Translator) {
  const resolved = resolveAirbaseCapacity(capacityInput(state, world));
  const nameOf = (id: string) => world.names.get(id) ?? id;
  const squadrons = baseable(world).map((s) => {
    const chosen = state.bases[s.id] ?? s.airbase ?? "";
    const home = s.airbase === null ? undefined : world.airbases.find((a) => a.id === s.airbase);
    const options = basesFor(world, s).map((a) => ({ value: a.id, label: a.name, selected: a.id === chosen }));
    // A home base in another zone stays listed, so the select shows where the squadron is now.
    if (home !== undefined && !options.some((o) => o.value === home.id))
      options.push({ value: home.id, label: home.name, selected: home.id === chosen });
    return {
      id: s.id,
      name: s.name,
      side: i18n.localize(SIDE_KEYS[s.side]),
      zone: s.airZone,
      options: [{ value: "", label: i18n.localize("NOBC.AirMissions.Capacity.NoBase"), selected: chosen === "" }, ...options],
      holding: resolved.ok && resolved.value.outcome.holding.includes(s.id),
    };
  });
  if (!resolved.ok)
    return { squadrons, refusals: refusalMessages(resolved.refusals, i18n), airbases: [], holding: [], changes: [], canRoll: false };
  const { outcome } = resolved.value;
  return {
    squadrons,
    refusals: [],
    airbases: outcome.airbases.map((a) => ({ name: nameOf(a.airbase), used: a.used, capacity: a.capacity, full: a.used >= a.capacity })),
    rows: breakdownRows(resolved.value.breakdown, i18n),
    holding: outcome.holding.map(nameOf),
    changes: effectSentences(resolved.value.effects, world, i18n),
    canRoll: true,
  };
}
