/** A `<select>`'s options and a form's text, as every dialog builds them. Pure. */
import type { Translator } from "../../view/breakdown";

/** One option of a `<select>`: value → label, the chosen one marked. */
export interface OptionView {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** Options from [value, label] pairs. */
export function options(entries: readonly (readonly [string, string])[], chosen: string): OptionView[] {
  return entries.map(([value, label]) => ({ value, label, selected: value === chosen }));
}

/** Options from `values` in their order, each worded by its lang key in `labels`. */
export function labelledOptions<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
  chosen: string,
  i18n: Translator,
): OptionView[] {
  return values.map((value) => ({ value, label: i18n.localize(labels[value]), selected: value === chosen }));
}

/** A form value as text ("" for nothing). */
export function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}
