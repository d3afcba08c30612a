import type { Effect } from "./effects";

/**
 * One labelled step of a resolution, shown to players before anything changes.
 * `source` names the seed file and table (or the rules decision) the value comes from.
 */
export interface BreakdownLine {
  label: string;
  value: number;
  source: string;
  /** A lang key for the label, with the data it is formatted with; the label then repeats the key. */
  code?: string;
  data?: Readonly<Record<string, string | number>>;
}

/** What every resolver returns: the reasoning, the dice, the table result, and the changes as data. */
export interface Resolution<O> {
  breakdown: BreakdownLine[];
  rolls: number[];
  outcome: O;
  effects: Effect[];
}

/**
 * Why the rules refuse an input. `code` is stable (for tests, i18n and macros);
 * `message` is a plain English sentence naming the field and the problem.
 */
export interface Refusal {
  code: string;
  message: string;
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
  add(code: string, message: string, field?: string): void {
    this.items.push(field === undefined ? { code, message } : { code, message, field });
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  result<T>(make: () => T): Checked<T> {
    return this.empty ? ok(make()) : refuse(...this.items);
  }
}

/** Thrown by the convenience `unwrap` when a caller is certain the input is valid (tests, scripts). */
export class RulesRefusedError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(refusals.map((r) => r.message).join("; "));
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
