import type { Effect } from "./effects";

/**
 * What fills a phrase: a name or other text written as is (a unit's name, a hex id, dice faces),
 * a number (written in the reader's locale), or another phrase (a grade, a mode, a table row's name).
 */
export type PhraseArg = string | number | Phrase;

/**
 * Words the rules hand to the reader, as a lang key and the data that fills it; never a sentence.
 * The Foundry layer and the CLI tools write it in the reader's language (docs/i18n.md). When the
 * key's entry is split by plural category (`one`, `other`, …), `data.count` chooses the form.
 */
export interface Phrase {
  readonly key: string;
  readonly data?: Readonly<Record<string, PhraseArg>>;
}

/** A phrase from its lang key and data (data left out when there is none). */
export function phrase(key: string, data?: Readonly<Record<string, PhraseArg>>): Phrase {
  return data === undefined ? { key } : { key, data };
}

/**
 * The label of `value` from a table of full lang keys, as a phrase; a value the table lacks (data from
 * a document, a form or a macro the types did not foresee) is written as given, so a refusal can
 * still name what it was given.
 */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): PhraseArg {
  return Object.hasOwn(labels, value) ? phrase(labels[value]!) : value;
}

/**
 * One labelled step of a resolution, shown to players before anything changes.
 * `source` cites the seed file and table (or the rules decision) the value comes from: a citation of
 * an English document, kept as data and shown as such, not a sentence to translate.
 */
export interface BreakdownLine {
  text: Phrase;
  value: number;
  source: string;
}

/** What every resolver returns: the reasoning, the dice, the table result, and the changes as data. */
export interface Resolution<O> {
  breakdown: BreakdownLine[];
  rolls: number[];
  outcome: O;
  effects: Effect[];
}

/**
 * Why the rules refuse an input. `code` is stable (for tests and macros); `text` says what is wrong
 * for the reader, and `field` names the input at fault.
 */
export interface Refusal {
  code: string;
  text: Phrase;
  field?: string;
}

/** A checked result: either the value, or every reason it was refused. Nothing is half-applied. */
export type Checked<T> = { ok: true; value: T } | { ok: false; refusals: Refusal[] };

export function ok<T>(value: T): Checked<T> {
  return { ok: true, value };
}

export function refuse<T = never>(...refusals: Refusal[]): Checked<T> {
  return { ok: false, refusals };
}

/** Collects refusals while validating an input, then yields a Checked result. */
export class RefusalList {
  readonly items: Refusal[] = [];
  add(code: string, text: Phrase, field?: string): void {
    this.items.push(field === undefined ? { code, text } : { code, text, field });
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  result<T>(make: () => T): Checked<T> {
    return this.empty ? ok(make()) : refuse(...this.items);
  }
}

/** Thrown by the convenience `unwrap` when a caller is certain the input is valid (tests, scripts): codes and fields, for developers. */
export class RulesRefusedError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(refusals.map((r) => (r.field === undefined ? r.code : `${r.code} (${r.field})`)).join("; "));
  }
}

export function unwrap<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new RulesRefusedError(checked.refusals);
  return checked.value;
}

/** Sum of a breakdown's values. */
export function total(breakdown: readonly BreakdownLine[]): number {
  return breakdown.reduce((sum, line) => sum + line.value, 0);
}

/** A seed-citation helper so every source string has the same shape. */
export const SEEDS = {
  nobc: "seed 000 (NOBC)",
  nqmOld: "seed 001 (NQM, older edition)",
  missions: "seed 002 (Team Yankee missions)",
  playsheet: "seed 003 (Operational Playsheet)",
  nqm: "seed 004 (NQM, 2015 edition)",
  decision: "docs/rules-decisions.md",
} as const;
