/**
 * The context of templates/chat/resolution-card.hbs: the breakdown, the dice, the table result,
 * the changes grouped under the document they touch, and the things to do on the map. Pure; the
 * caller passes the names, the notes and a translator.
 */
import type { BreakdownLine } from "../rules/resolution";
import type { Effect } from "../rules/effects";
import type { EffectNote } from "../effects/apply";
import { breakdownContext, localizeBreakdown, type Translator } from "../sheets/context/breakdown";
import { touchedDocuments } from "./card-data";

export interface CardInput {
  readonly title: string;
  readonly breakdown: readonly BreakdownLine[];
  readonly rolls: readonly number[];
  /** The table result in words (the caller renders the resolver's outcome). */
  readonly outcome: string;
  readonly effects: readonly Effect[];
  readonly notes: readonly EffectNote[];
}

export interface DocumentChanges {
  readonly name: string;
  readonly changes: readonly string[];
}

export interface CardView {
  readonly title: string;
  readonly rows: readonly { label: string; valueText: string; source: string }[];
  readonly total: string;
  readonly dice: readonly number[];
  readonly outcome: string;
  readonly documents: readonly DocumentChanges[];
  /** Effects that name no document (a hex, a hexside). */
  readonly other: readonly string[];
  readonly notes: readonly string[];
}

function formatted(i18n: Translator, key: string, data: Readonly<Record<string, string | number>>): string {
  return i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
}

export function resolutionCardContext(input: CardInput, nameOf: (ref: string) => string, i18n: Translator): CardView {
  // The card has no intro sentence: its title says what happened.
  const base = localizeBreakdown(
    breakdownContext({ intro: input.title, breakdown: input.breakdown, rolls: input.rolls, effects: input.effects, showTotal: true }, nameOf),
    { localize: (key) => (key === input.title ? key : i18n.localize(key)), format: (key, data) => i18n.format(key, data) },
  );
  const documents = new Map<string, string[]>();
  const other: string[] = [];
  // localizeBreakdown keeps one sentence per effect, in order.
  base.effects.forEach((sentence, i) => {
    const [ref] = touchedDocuments([input.effects[i]!]);
    if (ref === undefined) other.push(sentence);
    else documents.set(ref, [...(documents.get(ref) ?? []), sentence]);
  });
  return {
    title: input.title,
    rows: base.rows,
    total: String(base.total),
    dice: base.dice,
    outcome: input.outcome,
    documents: [...documents].map(([ref, changes]) => ({ name: nameOf(ref), changes })),
    other,
    notes: input.notes.map((n) => formatted(i18n, n.key, n.data)),
  };
}
