/**
 * One Operational Playsheet procedure as data, and the dialog controller every procedure shares: the
 * umpire's alone (the Playsheet has no documents a player owns), its state checked with zod at the
 * edges (macro arguments and requests), the form drawn from fields, every refusal and the chance of
 * each outcome shown before the roll, and a card whose changes are sentences for the umpire's map.
 */
import type { z } from "zod";
import { isGM, say, type AskingUser } from "../../base/foundry";
import type { CardInputLine } from "../../chat/resolution-card";
import { parsePayload } from "../../queries/payloads";
import { constantDice, type Dice } from "../../rules/dice";
import type { PlaysheetEffect } from "../../rules/playsheet/effects";
import type { BreakdownLine, Checked, Resolution } from "../../rules/resolution";
import { signed } from "../../view/common";
import { shownCitation } from "../../view/citation";
import { speak } from "../../words/phrase";
import { denied, gmOnly, opened, refused, type DialogController, type FormValues, type Submission, type Verdict } from "../base/controller";
import { changeLines, refusalLines, words, type ChanceTable, type SectionView, type Translator } from "./view";

/** What a Playsheet dialog reads: whether the user is a GM, and the names of the tokens they selected and targeted. */
export interface PlaysheetWorld {
  readonly isGM: boolean;
  readonly selected: readonly string[];
  readonly targeted: readonly string[];
}

/** What the card says beside the rules' breakdown. */
export interface CardText {
  /** Data for the card title (`keys.cardTitle`). */
  readonly title?: Readonly<Record<string, string | number>>;
  readonly outcome: string;
  readonly tableRow: string;
  readonly inputs: readonly CardInputLine[];
}

export interface Procedure<S extends object, O> {
  /** The registry's id ("playsheet.movement"). */
  readonly id: string;
  /** Its lang keys: the window title, the one line on what it decides, the card title (with `CardText.title` as data). */
  readonly keys: { readonly title: string; readonly hint: string; readonly cardTitle: string };
  readonly icon: string;
  readonly width?: number;
  /** The state's shape, every string and list bounded: macro arguments and requests are checked with it. */
  readonly schema: z.ZodType<S>;
  /** The state a dialog opens on (selected or targeted tokens may name the units). */
  initial(world: PlaysheetWorld): S;
  fromForm(state: S, values: FormValues): S;
  /** List buttons: add a row to a list, remove one. */
  add?(state: S, list: string): S;
  remove?(state: S, list: string, index: number): S;
  sections(state: S, i18n: Translator): SectionView[];
  /** The rules, with these dice. */
  resolve(state: S, dice: Dice): Checked<Resolution<O>>;
  /** Whether the rules roll (the button says Roll, else Post, and the chance table shows). */
  readonly rolls: boolean;
  /** The chance of each outcome before the roll; null when refused. */
  chances?(state: S, i18n: Translator): ChanceTable | null;
  /** The names of the rules' references (the rules' effects name units by them). */
  names(state: S): ReadonlyMap<string, string>;
  card(state: S, outcome: O, i18n: Translator): CardText;
}

export interface PreviewRow {
  readonly label: string;
  readonly valueText: string;
  readonly source: string;
}

export interface ProcedureView {
  readonly hint: string;
  readonly sections: readonly SectionView[];
  readonly refusals: readonly string[];
  readonly chances: ChanceTable | null;
  /** A procedure without dice: its breakdown and changes before posting. */
  readonly preview: { readonly rows: readonly PreviewRow[]; readonly total: string | null; readonly outcome: string } | null;
  readonly byHand: readonly string[];
  readonly rolls: boolean;
  readonly canSubmit: boolean;
}

/** Dice for a dry run of a procedure without dice (they are never read). */
const NO_DICE: Dice = {
  d6: () => {
    throw new Error("this procedure rolls no dice");
  },
  roll: () => {
    throw new Error("this procedure rolls no dice");
  },
};

/** Whether to show a total: the breakdown is one score unless the procedure says otherwise (`noTotal`). */
function totalOf(lines: readonly BreakdownLine[]): string {
  return signed(lines.reduce((sum, l) => sum + l.value, 0));
}

export function procedureContext<S extends object, O>(p: Procedure<S, O>, state: S, i18n: Translator, noTotal = false): ProcedureView {
  const base = { hint: i18n.localize(p.keys.hint), sections: p.sections(state, i18n), rolls: p.rolls };
  if (p.rolls) {
    const chances = p.chances?.(state, i18n) ?? null;
    const refusals = chances === null ? refusalsOf(p, state, i18n) : [];
    return { ...base, refusals, chances, preview: null, byHand: [], canSubmit: refusals.length === 0 };
  }
  const checked = p.resolve(state, NO_DICE);
  if (!checked.ok)
    return { ...base, refusals: refusalLines(checked.refusals, i18n), chances: null, preview: null, byHand: [], canSubmit: false };
  const { breakdown, outcome, effects } = checked.value;
  const names = p.names(state);
  return {
    ...base,
    refusals: [],
    chances: null,
    preview: {
      rows: breakdown.map((l) => ({ label: speak(l.text, i18n), valueText: signed(l.value), source: shownCitation(l.source, i18n) })),
      total: noTotal ? null : totalOf(breakdown),
      outcome: p.card(state, outcome, i18n).outcome,
    },
    byHand: changeLines(effects as readonly PlaysheetEffect[], (ref) => names.get(ref) ?? ref, i18n),
    canSubmit: true,
  };
}

/** The refusals of a rolling procedure: a run whose dice refuse nothing (refusals come before any roll). */
function refusalsOf<S extends object, O>(p: Procedure<S, O>, state: S, i18n: Translator): string[] {
  const checked = p.resolve(state, constantDice(1));
  return checked.ok ? [] : refusalLines(checked.refusals, i18n);
}

/** The world of a Playsheet dialog for `user` (this client's when left out). */
export function readPlaysheetWorld(user?: AskingUser): PlaysheetWorld {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: readonly { name?: string }[] } | null } | null }).canvas;
  const me = (globalThis as { game?: { user?: { targets?: Iterable<{ name?: string }> } | null } }).game?.user;
  const names = (tokens: Iterable<{ name?: string }>) =>
    [...tokens].flatMap((t) => (typeof t.name === "string" && t.name !== "" ? [t.name] : []));
  return {
    isGM: user === undefined ? isGM() : user.isGM,
    // Only this client's own selection names units; the GM answering a request reads none.
    selected: user === undefined ? names(board?.tokens?.controlled ?? []) : [],
    targeted: user === undefined ? names(me?.targets ?? []) : [],
  };
}

/** What Submit makes of a state with these dice: the card to post (writing nothing, its changes listed for the map), or every refusal. */
export function procedureCard<S extends object, O>(
  p: Procedure<S, O>,
  state: S,
  i18n: Translator,
  dice: Dice,
  noTotal = false,
): Verdict<Submission> {
  const checked = p.resolve(state, dice);
  if (!checked.ok) return refused(refusalLines(checked.refusals, i18n));
  const resolution = checked.value;
  const text = p.card(state, resolution.outcome, i18n);
  const names = p.names(state);
  return {
    ok: true,
    value: {
      card: {
        title: words(i18n, p.keys.cardTitle, text.title),
        // Nothing of the Playsheet is a document: the card writes nothing and lists the changes for the map.
        resolution: { ...resolution, effects: [] },
        outcome: text.outcome,
        inputs: text.inputs,
        tableRow: text.tableRow,
        ...(noTotal ? { total: false } : {}),
        byHand: changeLines(resolution.effects as readonly PlaysheetEffect[], (ref) => names.get(ref) ?? ref, i18n),
      },
    },
  };
}

/**
 * The dialog of a procedure. Opened with arguments (a macro's), they are laid over the opening state
 * and the whole checked with the state's schema: a bad field is refused, named, and nothing opens.
 */
export function procedureController<S extends object, O>(
  p: Procedure<S, O>,
  noTotal = false,
): DialogController<S, PlaysheetWorld, Partial<S>> {
  return {
    template: "apps/playsheet/procedure.hbs",
    title: p.keys.title,
    icon: p.icon,
    classes: ["nobc", "nobc-playsheet"],
    width: p.width ?? 560,
    submitAction: "roll",
    read: readPlaysheetWorld,
    stateSchema: p.schema,
    open(world, args) {
      const parsed = parsePayload(p.schema, { ...p.initial(world), ...args });
      return parsed.ok ? opened(parsed.value) : denied("NOBC.Playsheet.BadArgs", { problems: parsed.problems.map(say).join(" ") });
    },
    access: (_state, world) => gmOnly(world.isGM, "NOBC.Playsheet.GmOnly"),
    context: (state, _world, i18n) => procedureContext(p, state, i18n, noTotal),
    change: (state, values) => p.fromForm(state, values),
    actions: {
      add: (state, _world, target) => p.add?.(state, target.dataset["list"] ?? "") ?? state,
      remove: (state, _world, target) => p.remove?.(state, target.dataset["list"] ?? "", Number(target.dataset["index"])) ?? state,
    },
    submit: (state, _world, i18n, dice) => procedureCard(p, state, i18n, dice, noTotal),
  };
}
