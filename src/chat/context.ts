/**
 * The context of templates/chat/resolution-card.hbs (and its parts in templates/chat/parts/), in
 * the card's order: the procedure's name as a kicker over a headline saying the result, the changes
 * grouped under the document they touch, the split editors of shared hits, the things to do on the
 * map; then, folded away under one summary line,
 * what went in, the labelled modifiers (each rule citation in a tooltip), the dice and the table
 * row; then the state. Pure; the caller passes the names, the notes and a translator.
 */
import { shownCitation } from "../view/citation";
import type { Effect } from "../rules/effects";
import { noteText, type EffectNote } from "../effects/apply";
import { speak } from "../words/phrase";
import { describeEffect, type BreakdownRow, type Translator } from "../view/breakdown";
import { signed } from "../view/common";
import {
  CARD_STATE_LABELS,
  touchedDocuments,
  type CardBreakdownLine,
  type CardFlags,
  type CardInputLine,
  type CardState,
} from "./card-data";
import { splitViews, type GroundCombatCard, type SplitSide, type SplitView } from "./splits";
import { phrase } from "../rules/resolution";

export interface CardInput {
  readonly title: string;
  /** What went in, labelled lines already in the user's language. */
  readonly inputs?: readonly CardInputLine[];
  /** The rules' lines; a card posted before lines were phrases keeps its written labels. */
  readonly breakdown: readonly CardBreakdownLine[];
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
  /** The breakdown's values are not one score (each a different subject's): no total. */
  readonly noTotal?: true;
  /** Changes no document holds, to carry out on the umpire's own map, in the user's language. */
  readonly byHand?: readonly string[];
}

export interface SplitEditorView extends SplitView {
  /** "Attackers: 3 hits shared between all" in the user's language. */
  readonly legend: string;
  readonly hint: string;
  /** The split as one line of text ("1st Gds Tank Div: 2 hits, 35th MR Div: 1 hit"), shown once it can no longer change. */
  readonly text: string;
}

export interface DocumentChanges {
  readonly name: string;
  readonly changes: readonly string[];
}

export interface CardView {
  /**
   * The headline: what happened, in words ("Success: 34 PzBrig retreats 1 hex — …"). It is the
   * card's outcome; a card posted with none is headed by the name of its procedure.
   */
  readonly title: string;
  /** The name of the procedure ("Ground combat on hex 0304"), small above the headline; null when it is the headline. */
  readonly kicker: string | null;
  /**
   * When the changes touch more than `CARD_FOLD_AT` documents: the summary line of the folded list
   * (the chat hook builds the list when it is opened), and `documents` / `other` are empty.
   */
  readonly fold: string | null;
  readonly rows: readonly BreakdownRow[];
  /** The breakdown's sum, signed; null when its values are not one score. */
  readonly total: string | null;
  readonly dice: readonly number[];
  readonly documents: readonly DocumentChanges[];
  /** Effects that name no document (a hex, a hexside). */
  readonly other: readonly string[];
  readonly notes: readonly string[];
  /** Changes to carry out on the umpire's own map (a toolkit without documents); empty for others. */
  readonly byHand: readonly string[];
  /** Nothing to write, only changes to make by hand: no changes list, state or buttons (`byHandOnly`). */
  readonly byHandOnly: boolean;
  readonly inputs: readonly CardInputLine[];
  readonly tableRow: string;
  /** Whether the card has inputs, modifiers, dice or a table row to show behind its folded "details" line. */
  readonly hasDetails: boolean;
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

const SIDE_LABELS: Readonly<Record<SplitSide, string>> = {
  attackers: "NOBC.Chat.Split.attackers",
  defenders: "NOBC.Chat.Split.defenders",
};

function splitEditor(view: SplitView, i18n: Translator): SplitEditorView {
  return {
    ...view,
    legend: speak(phrase("NOBC.Chat.Split.Legend", { side: phrase(SIDE_LABELS[view.side]), count: view.total }), i18n),
    hint: i18n.format("NOBC.Chat.Split.Hint", { total: String(view.total) }),
    text: view.rows.map((r) => speak(phrase("NOBC.Chat.Fold.UnitHits", { name: r.name, count: r.hits }), i18n)).join(", "),
  };
}

/** Each shared side's split in words (legend and text), from a ground-combat card's data. */
export function splitTexts(combat: GroundCombatCard, i18n: Translator): SplitEditorView[] {
  return splitViews(combat).map((v) => splitEditor(v, i18n));
}

/**
 * A stored breakdown line as a row: the phrase in the reader's language, or an old card's label as
 * written. Its value is signed when it is a modifier of one score; a score of its own (a card
 * showing no total: each line another squadron's repair score, say) is written plainly: "4", not "+4".
 */
export function cardRow(line: CardBreakdownLine, i18n: Translator, modifier = true): BreakdownRow {
  return {
    label: "text" in line ? speak(line.text, i18n) : line.label,
    valueText: modifier || line.value < 0 ? signed(line.value) : String(line.value),
    source: shownCitation(line.source, i18n),
  };
}

/** One sentence per effect, in order, in the reader's language. */
function effectSentences(effects: readonly Effect[], nameOf: (ref: string) => string, i18n: Translator): string[] {
  return effects.map((e) => speak(describeEffect(e, nameOf), i18n));
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
  // Each sentence is pushed onto its document's own list: one step per effect, so a card of many
  // effects on one unit renders in time linear in them (copying the list each time was quadratic).
  sentences.forEach((sentence, i) => {
    const [ref] = touchedDocuments([effects[i]!]);
    if (ref === undefined) {
      other.push(sentence);
      return;
    }
    const list = documents.get(ref);
    if (list === undefined) documents.set(ref, [sentence]);
    else list.push(sentence);
  });
  return { documents: [...documents].map(([ref, changes]) => ({ name: nameOf(ref), changes })), other };
}

/** More documents than this, and a card lists its changes only on demand (a folded list under a summary line). */
export const CARD_FOLD_AT = 12;

/**
 * The summary line of a card whose changes touch more than `CARD_FOLD_AT` documents (or hexes),
 * which then shows its changes folded; null for a card that lists them at once. One pass over the
 * effects, no sentence written: a card of 400 changes is summed up without writing 400 lines.
 */
export function changesFold(effects: readonly Effect[], i18n: Translator): string | null {
  if (effects.length <= CARD_FOLD_AT) return null;
  const documents = new Set<string>();
  let other = 0;
  for (const effect of effects) {
    const [ref] = touchedDocuments([effect]);
    if (ref === undefined) other++;
    else documents.add(ref);
    if (documents.size + other > CARD_FOLD_AT) return speak(phrase("NOBC.Chat.Folded", { count: effects.length }), i18n);
  }
  return null;
}

/**
 * The changes list of `effects` alone, in the viewer's language: what the chat hook shows from the
 * card's flags, so the list on screen is always what Apply would write.
 */
export function changesContext(effects: readonly Effect[], nameOf: (ref: string) => string, i18n: Translator): ChangesView {
  return groupChanges(effects, effectSentences(effects, nameOf, i18n), nameOf);
}

/**
 * A headline from the changes alone, for a card posted with no outcome in words (a macro posting a
 * toolkit's result): the first change, and how many more follow ("34 PzBrig takes 2 hits, and 1
 * more change"). Empty when there is no change.
 */
export function changesHeadline(effects: readonly Effect[], nameOf: (ref: string) => string, i18n: Translator): string {
  const [first] = effects;
  if (first === undefined) return "";
  const sentence = speak(describeEffect(first, nameOf), i18n);
  const more = effects.length - 1;
  return more === 0 ? sentence : speak(phrase("NOBC.Chat.Title.MoreChanges", { first: sentence, count: more }), i18n);
}

/**
 * A card that only lists changes to make on the umpire's own map (a toolkit keeping no counters): it
 * writes nothing, so it has no "what changes" list, no state and no Apply or Undo to offer.
 */
export function byHandOnly(card: { readonly effects: readonly unknown[]; readonly byHand?: readonly string[] | undefined }): boolean {
  return card.effects.length === 0 && (card.byHand?.length ?? 0) > 0;
}

export function resolutionCardContext(input: CardInput, nameOf: (ref: string) => string, i18n: Translator): CardView {
  const state = input.state ?? "pending";
  // The card has no intro sentence: its title says what happened. A long list is folded, unwritten.
  const fold = changesFold(input.effects, i18n);
  const { documents, other } =
    fold === null ? groupChanges(input.effects, effectSentences(input.effects, nameOf, i18n), nameOf) : { documents: [], other: [] };
  const inputs = input.inputs ?? [];
  const tableRow = input.tableRow ?? "";
  const outcome = input.outcome.trim();
  return {
    // The outcome heads the card; the procedure's name sits above it as a kicker.
    title: outcome === "" ? input.title : outcome,
    kicker: outcome === "" || outcome === input.title ? null : input.title,
    fold,
    rows: input.breakdown.map((line) => cardRow(line, i18n, input.noTotal !== true)),
    total: input.noTotal === true ? null : signed(input.breakdown.reduce((sum, line) => sum + line.value, 0)),
    dice: [...input.rolls],
    documents,
    other,
    notes: input.notes.map((n) => speak(noteText(n), i18n)),
    byHand: input.byHand ?? [],
    byHandOnly: byHandOnly(input),
    inputs,
    tableRow,
    hasDetails: inputs.length > 0 || input.breakdown.length > 0 || input.rolls.length > 0 || tableRow !== "",
    splits: (input.splits ?? []).map((v) => splitEditor(v, i18n)),
    state,
    stateText: i18n.localize(CARD_STATE_LABELS[state]),
    pending: state === "pending",
    applied: state === "applied",
  };
}
