/**
 * A side card's message (src/chat/side-card.ts): its system data read back in its shape (bounded, so a
 * broken message cannot make rendering costly), and the context of templates/chat/side-card.hbs in the
 * reader's words. Pure; the caller renders the template.
 */
import { CARD_STATE_LABELS, CARD_STATES, isPhrase, type CardState } from "./card-data";
import type { Side } from "../rules/nobc/land/types";
import { phrase } from "../rules/resolution";
import { speak } from "../words/phrase";
import { signed } from "../view/common";
import { shownCitation } from "../view/citation";
import type { BreakdownRow, Translator } from "../view/breakdown";
import type { SideCardData, SideCardLine, SideCardView } from "./side-card";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const MAX_LIST = 400;

function isLine(value: unknown): value is SideCardLine {
  return isObject(value) && isPhrase(value["text"]) && isNumber(value["value"]) && typeof value["source"] === "string";
}

function readView(value: unknown): SideCardView | undefined {
  if (!isObject(value)) return undefined;
  const { title, outcome, lines, enemyTotal, total, rolls, tableRow, changes, acting, found } = value;
  if (typeof title !== "string" || typeof tableRow !== "string" || !isPhrase(outcome) || typeof acting !== "boolean") return undefined;
  if (!Array.isArray(lines) || lines.length > MAX_LIST || !lines.every(isLine)) return undefined;
  if (!Array.isArray(changes) || changes.length > MAX_LIST || !changes.every((c) => isPhrase(c))) return undefined;
  if (!Array.isArray(rolls) || rolls.length > MAX_LIST || !rolls.every(isNumber)) return undefined;
  if (total !== null && !isNumber(total)) return undefined;
  if (found !== undefined && !isPhrase(found)) return undefined;
  const enemy = isObject(enemyTotal) && isNumber(enemyTotal["value"]) && isNumber(enemyTotal["count"]) ? enemyTotal : null;
  if (enemyTotal !== null && enemy === null) return undefined;
  return {
    title,
    outcome,
    lines,
    enemyTotal: enemy === null ? null : { value: enemy["value"] as number, count: enemy["count"] as number },
    total,
    rolls,
    tableRow,
    changes: changes,
    acting,
    ...(found === undefined ? {} : { found }),
  };
}

/** A side card's system data in its shape, or undefined. */
export function readSideCard(value: unknown): SideCardData | undefined {
  if (!isObject(value)) return undefined;
  const { side, link, state } = value;
  if ((side !== "nato" && side !== "wp") || typeof link !== "string" || link === "") return undefined;
  if (!(CARD_STATES as readonly unknown[]).includes(state)) return undefined;
  const view = readView(value["view"]);
  return view === undefined ? undefined : { side: side, link, state: state as CardState, view };
}

export interface SideCardContext {
  readonly side: Side;
  readonly kicker: string | null;
  readonly title: string;
  readonly changes: readonly string[];
  /** What the move found of the enemy, as this side knows it; null when nothing. */
  readonly found: string | null;
  readonly rows: readonly BreakdownRow[];
  readonly total: string | null;
  readonly dice: readonly number[];
  readonly tableRow: string;
  readonly hasDetails: boolean;
  readonly state: CardState;
  readonly stateText: string;
  /** "NATO's card" / "Warsaw Pact's card": whose reading of the result this is. */
  readonly whose: string;
}

/** A sentence that may start with a label ("an enemy unit takes 3 hits") begins with a capital. */
function sentence(text: string, lang: string): string {
  return text === "" ? text : text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
}

/** The template's context of a side card, in the reader's words. */
export function sideCardContext(data: SideCardData, i18n: Translator): SideCardContext {
  const { view } = data;
  const modifier = view.total !== null;
  const rows: BreakdownRow[] = view.lines.map((line) => ({
    label: speak(line.text, i18n),
    valueText: modifier || line.value < 0 ? signed(line.value) : String(line.value),
    source: shownCitation(line.source, i18n),
  }));
  if (view.enemyTotal !== null)
    rows.push({
      label: speak(phrase("NOBC.SideCard.EnemyTotal", { count: view.enemyTotal.count }), i18n),
      valueText: signed(view.enemyTotal.value),
      source: "",
    });
  const title = sentence(speak(view.outcome, i18n), i18n.lang);
  return {
    side: data.side,
    kicker: title === view.title ? null : view.title,
    title,
    changes: view.changes.map((c) => sentence(speak(c, i18n), i18n.lang)),
    found: view.found === undefined ? null : sentence(speak(view.found, i18n), i18n.lang),
    rows,
    total: view.total === null ? null : signed(view.total),
    dice: [...view.rolls],
    tableRow: view.tableRow,
    hasDetails: rows.length > 0 || view.rolls.length > 0 || view.tableRow !== "",
    state: data.state,
    stateText: i18n.localize(CARD_STATE_LABELS[data.state]),
    whose: speak(phrase("NOBC.SideCard.Whose", { side: phrase(`NOBC.Side.${data.side}`) }), i18n),
  };
}
