/**
 * The context of templates/chat/resolution-card.hbs (and its parts in templates/chat/parts/), in
 * the card's order: what went in, the labelled modifiers, the dice, the table row and result, the
 * changes grouped under the document they touch, the split editors of shared hits, the things to
 * do on the map, the state. Pure; the caller passes the names, the notes and a translator.
 */
import type { BreakdownLine } from "../rules/resolution";
import type { Effect } from "../rules/effects";
import type { EffectNote } from "../effects/apply";
import { breakdownContext, localizeBreakdown, type Translator } from "../view/breakdown";
import { touchedDocuments, type CardFlags, type CardInputLine, type CardState } from "./card-data";
import { splitViews, type SplitView } from "./splits";

export interface CardInput {
  readonly title: string;
  /** What went in, labelled lines already in the user's language. */
  readonly inputs?: readonly CardInputLine[];
  readonly breakdown: readonly BreakdownLine[];
  readonly rolls: readonly number[];
  /** The table row read, in words (e.g. the CRT band and column); none when empty or absent. */
  readonly tableRow?: string;
  /** The table result in words (the caller renders the resolver's outcome). */
  readonly outcome: string;
  readonly effects: readonly Effect[];
  readonly notes: readonly EffectNote[];
  /** The shared hits the owners may split (ground combat). */
  readonly splits?: readonly SplitView[];
  /** Pending unless told; the buttons start enabled or greyed out to match (the chat hook refines them). */
  readonly state?: CardState;
}

export interface SplitEditorView extends SplitView {
  /** "Attackers: 3 hits shared between all" in the user's language. */
  readonly legend: string;
  readonly hint: string;
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
  readonly inputs: readonly CardInputLine[];
  readonly tableRow: string;
  readonly splits: readonly SplitEditorView[];
  readonly state: CardState;
  readonly stateText: string;
  readonly pending: boolean;
  readonly applied: boolean;
}

/** The card input of a stored card: what it shows, its current effects and splits, its state. */
export function cardInputOf(
  card: CardFlags & { readonly display: NonNullable<CardFlags["display"]> },
  notes: readonly EffectNote[],
): CardInput {
  return {
    ...card.display,
    effects: card.effects,
    notes,
    splits: card.groundCombat === undefined ? [] : splitViews(card.groundCombat),
    state: card.state,
  };
}

function splitEditor(view: SplitView, i18n: Translator): SplitEditorView {
  const side = i18n.localize(`NOBC.Chat.Split.${view.side}`);
  return {
    ...view,
    legend: i18n.format("NOBC.Chat.Split.Legend", { side, total: String(view.total) }),
    hint: i18n.format("NOBC.Chat.Split.Hint", { total: String(view.total) }),
  };
}

function formatted(i18n: Translator, key: string, data: Readonly<Record<string, string | number>>): string {
  return i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
}

/** The changes a card lists: one sentence per effect, grouped under the document it touches. */
export interface ChangesView {
  readonly documents: readonly DocumentChanges[];
  /** Effects that name no document (a hex, a hexside). */
  readonly other: readonly string[];
}

/** Groups `sentences` (one per effect, in order) under the documents the effects touch. */
function groupChanges(effects: readonly Effect[], sentences: readonly string[], nameOf: (ref: string) => string): ChangesView {
  const documents = new Map<string, string[]>();
  const other: string[] = [];
  sentences.forEach((sentence, i) => {
    const [ref] = touchedDocuments([effects[i]!]);
    if (ref === undefined) other.push(sentence);
    else documents.set(ref, [...(documents.get(ref) ?? []), sentence]);
  });
  return { documents: [...documents].map(([ref, changes]) => ({ name: nameOf(ref), changes })), other };
}

/**
 * The changes list of `effects` alone, in the viewer's language: what the chat hook shows from the
 * card's flags, so the list on screen is always what Apply would write.
 */
export function changesContext(effects: readonly Effect[], nameOf: (ref: string) => string, i18n: Translator): ChangesView {
  const base = localizeBreakdown(breakdownContext({ intro: "", breakdown: [], rolls: [], effects, showTotal: false }, nameOf), i18n);
  return groupChanges(effects, base.effects, nameOf);
}

export function resolutionCardContext(input: CardInput, nameOf: (ref: string) => string, i18n: Translator): CardView {
  const state = input.state ?? "pending";
  // The card has no intro sentence: its title says what happened.
  const base = localizeBreakdown(
    breakdownContext(
      { intro: input.title, breakdown: input.breakdown, rolls: input.rolls, effects: input.effects, showTotal: true },
      nameOf,
    ),
    { localize: (key) => (key === input.title ? key : i18n.localize(key)), format: (key, data) => i18n.format(key, data) },
  );
  // localizeBreakdown keeps one sentence per effect, in order.
  const { documents, other } = groupChanges(input.effects, base.effects, nameOf);
  return {
    title: input.title,
    rows: base.rows,
    total: String(base.total),
    dice: base.dice,
    outcome: input.outcome,
    documents,
    other,
    notes: input.notes.map((n) => formatted(i18n, n.key, n.data)),
    inputs: input.inputs ?? [],
    tableRow: input.tableRow ?? "",
    splits: (input.splits ?? []).map((v) => splitEditor(v, i18n)),
    state,
    stateText: i18n.localize(`NOBC.Chat.State.${state}`),
    pending: state === "pending",
    applied: state === "applied",
  };
}
