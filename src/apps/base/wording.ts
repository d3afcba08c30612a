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

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A probability as a percentage with one decimal in the reader's locale ("16.7 %", German "16,7 %"). */
export function percent(p: number, i18n: Pick<Translator, "lang">): string {
  let format = percentFormats.get(i18n.lang);
  if (format === undefined) {
    format = new Intl.NumberFormat(i18n.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    percentFormats.set(i18n.lang, format);
  }
  return `${format.format(p * 100)} %`;
}
