/**
 * The words of a unit's counter (src/symbols/counter.ts) in the reader's language, and a row of counters
 * with their legend as the gallery shows them (templates/apps/board-preview.hbs).
 */
import type { Translator } from "../base/foundry";
import { counterSvg, type CounterFace, type CounterWords } from "../symbols/counter";
import type { Mode } from "../rules/nobc/land/types";
import { MODE_LABELS } from "./labels";
import type { BoardPreviewContext } from "./board-preview";

const MODE_LETTERS: Readonly<Record<Mode, string>> = { combat: "NOBC.Counter.Mode.combat", march: "NOBC.Counter.Mode.march" };

/** The words on and about the counter of `face`, in the language of `i18n`. */
export function counterWords(face: CounterFace, i18n: Translator): CounterWords {
  const modeLetter = { combat: i18n.localize(MODE_LETTERS.combat), march: i18n.localize(MODE_LETTERS.march) };
  const name = face.designation;
  // An enemy counter of a team scene shows a strength with no full one: its name is said alone, as a hidden one's.
  const strength = face.strength?.max === null ? null : face.strength;
  const label =
    strength === null || face.mode === null
      ? i18n.format("NOBC.Counter.LabelHidden", { name })
      : i18n.format("NOBC.Counter.Label", {
          name,
          value: String(strength.value),
          max: String(strength.max),
          mode: i18n.localize(MODE_LABELS[face.mode]),
        });
  // The black chip is said to everyone who sees it, as it is drawn for everyone.
  return { modeLetter, label: face.noMove ? i18n.format("NOBC.Counter.LabelNoMove", { label }) : label };
}

/** Counters of `faces` drawn at `px` pixels side by side, in one labelled group, with what each corner means. */
export function counterPreviewContext(faces: readonly CounterFace[], px: number, i18n: Translator): BoardPreviewContext {
  const counters = faces.map((f) => counterSvg(f, counterWords(f, i18n), px)).join("");
  return {
    svg: `<span class="counter-row" role="group" aria-label="${i18n.localize("NOBC.Counter.Gallery")}">${counters}</span>`,
    legend: [
      i18n.localize("NOBC.Counter.Legend.Strength"),
      i18n.localize("NOBC.Counter.Legend.Mode"),
      i18n.localize("NOBC.Counter.Legend.Designation"),
      i18n.localize("NOBC.Counter.Legend.NoMove"),
    ],
  };
}
