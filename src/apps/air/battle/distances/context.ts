/** The "Air zone distances" window: state → template context (pure). */
import type { Translator } from "../../../../view/breakdown";
import { speak } from "../../../../words/phrase";
import { cellKey, checkZoneDistances, type ZoneDistancesState } from "./state";

export interface DistanceCell {
  /** The input's name; "" for a cell that is not an input (the diagonal, or the mirror below it). */
  readonly name: string;
  readonly value: string;
  readonly label: string;
  readonly editable: boolean;
  readonly invalid: boolean;
}

export interface ZoneDistancesContext {
  readonly zones: readonly string[];
  readonly rows: readonly { readonly zone: string; readonly cells: readonly DistanceCell[] }[];
  readonly problems: readonly string[];
  readonly canSave: boolean;
}

/**
 * The matrix: above the diagonal an input per pair, below it the same distance mirrored (read only),
 * on it 0 (a zone from itself). Every problem is listed and its cell marked before Save.
 */
export function zoneDistancesContext(state: ZoneDistancesState, i18n: Translator): ZoneDistancesContext {
  const checked = checkZoneDistances(state);
  const bad = new Set(checked.ok ? [] : checked.problems.map((p) => p.key));
  const rows = state.zones.map((from, i) => ({
    zone: from,
    cells: state.zones.map((to, j): DistanceCell => {
      const label = i18n.format("NOBC.AirZones.Pair", { from, to });
      if (i === j) return { name: "", value: "0", label, editable: false, invalid: false };
      const key = cellKey(i, j);
      return { name: j > i ? key : "", value: state.cells[key] ?? "", label, editable: j > i, invalid: bad.has(key) };
    }),
  }));
  return {
    zones: state.zones,
    rows,
    problems: checked.ok ? [] : checked.problems.map((p) => speak(p.text, i18n)),
    canSave: checked.ok && state.zones.length > 1,
  };
}
