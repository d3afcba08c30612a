/** The few wording helpers every dialog shares: refusals, one lang key with its data, a chance. Pure. */
import { phrase, type PhraseArg, type Refusal } from "../../rules/resolution";
import type { Translator } from "../../view/breakdown";
import { speak } from "../../words/phrase";

/** Every refusal in the reader's language, in order. */
export function refusalLines(refusals: readonly Refusal[], i18n: Translator): string[] {
  return refusals.map((r) => speak(r.text, i18n));
}

/** One lang key with its data, in the reader's language. */
export function words(i18n: Translator, key: string, data: Readonly<Record<string, PhraseArg>> = {}): string {
  return speak(phrase(key, data), i18n);
}

/** A probability as a percentage with one decimal ("16.7 %"). */
export function percent(p: number): string {
  return `${(Math.round(p * 1000) / 10).toFixed(1)} %`;
}
