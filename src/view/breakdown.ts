/**
 * Context of the confirm dialog a sheet button opens: the rules' breakdown, the dice and the
 * changes in words, shown before anything is written.
 */
import type { BreakdownLine } from "../rules/resolution";
import type { Effect } from "../rules/effects";
import { AIR_BOX_LABELS, MODE_LABELS } from "./labels";
import { signed } from "./common";
import type { Translator } from "../base/foundry";

export interface BreakdownRow {
  readonly label: string;
  readonly valueText: string;
  readonly source: string;
  /** The line's lang key and data, when it has them (a house rule's line): the label is written from them. */
  readonly code?: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** A breakdown line's label for the user: its lang key filled with its data, else the rules' own label. */
export function breakdownLabel(line: Pick<BreakdownLine, "label" | "code" | "data">, i18n: Translator): string {
  if (line.code === undefined) return line.label;
  const data = Object.fromEntries(Object.entries(line.data ?? {}).map(([k, v]) => [k, String(v)]));
  return Object.keys(data).length === 0 ? i18n.localize(line.code) : i18n.format(line.code, data);
}

/** A change described for the user: a lang key and the data it is formatted with. */
export interface EffectLine {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
  /** Data values that are themselves lang keys (a mode, a box), localized before formatting. */
  readonly localize: Readonly<Record<string, string>>;
}

export interface BreakdownContext {
  readonly intro: string;
  readonly rows: readonly BreakdownRow[];
  readonly total: string | null;
  readonly dice: readonly number[];
  readonly effects: readonly EffectLine[];
}

export interface BreakdownInput {
  /** Lang key of the sentence above the table (what is about to happen). */
  readonly intro: string;
  readonly breakdown: readonly BreakdownLine[];
  readonly rolls: readonly number[];
  readonly effects: readonly Effect[];
  /** Whether the values add up to something worth showing (a modified roll, a cost). */
  readonly showTotal: boolean;
}

export function breakdownContext(input: BreakdownInput, nameOf: (ref: string) => string): BreakdownContext {
  const sum = input.breakdown.reduce((s, line) => s + line.value, 0);
  return {
    intro: input.intro,
    rows: input.breakdown.map((line) => ({
      label: line.label,
      valueText: signed(line.value),
      source: line.source,
      ...(line.code === undefined ? {} : { code: line.code, data: line.data ?? {} }),
    })),
    total: input.showTotal ? signed(sum) : null,
    dice: [...input.rolls],
    effects: input.effects.map((e) => describeEffect(e, nameOf)),
  };
}

function line(key: string, data: Record<string, string | number>, localize: Record<string, string> = {}): EffectLine {
  return { key, data, localize };
}

/** One sentence per kind of change, so the player reads exactly what Apply will do. */
export function describeEffect(effect: Effect, nameOf: (ref: string) => string): EffectLine {
  switch (effect.type) {
    case "hits":
      return line("NOBC.Effect.hits", { name: nameOf(effect.actor), amount: effect.amount });
    case "eliminated":
      return line("NOBC.Effect.eliminated", { name: nameOf(effect.actor) });
    case "supply":
      return line("NOBC.Effect.supply", { name: nameOf(effect.actor), delta: signed(effect.delta) });
    case "mode":
      return line("NOBC.Effect.mode", { name: nameOf(effect.actor) }, { mode: MODE_LABELS[effect.mode] });
    case "retreat":
      return line("NOBC.Effect.retreat", { name: nameOf(effect.actor), hexes: effect.hexes });
    case "noMove":
      return line("NOBC.Effect.noMove", { name: nameOf(effect.actor) });
    case "noMoveCleared":
      return line("NOBC.Effect.noMoveCleared", { name: nameOf(effect.actor) });
    case "movementPoints":
      return line("NOBC.Effect.movementPoints", { name: nameOf(effect.actor), value: effect.value });
    case "hqLevel":
      return line("NOBC.Effect.hqLevel", { name: nameOf(effect.actor), delta: signed(effect.delta) });
    case "hqCardsLost":
      return line("NOBC.Effect.hqCardsLost", { name: nameOf(effect.actor), count: effect.count });
    case "cardDiscarded":
      return line("NOBC.Effect.cardDiscarded", { name: nameOf(effect.card) });
    case "cardAssignment":
      return effect.assignedTo === null
        ? line("NOBC.Effect.cardUnassigned", { name: nameOf(effect.card) })
        : line("NOBC.Effect.cardAssigned", { name: nameOf(effect.card), unit: nameOf(effect.assignedTo) });
    case "squadronBox":
      return line("NOBC.Effect.squadronBox", { name: nameOf(effect.squadron) }, { box: AIR_BOX_LABELS[effect.box] });
    case "weaponDiscarded":
      return line("NOBC.Effect.weaponDiscarded", { name: nameOf(effect.squadron), weapon: effect.weapon });
    case "weaponAttached":
      return line("NOBC.Effect.weaponAttached", { name: nameOf(effect.squadron), weapon: effect.weapon });
    case "squadronZone":
      return line("NOBC.Effect.squadronZone", { name: nameOf(effect.squadron), zone: effect.airZone });
    case "squadronAirbase":
      return effect.airbase === null
        ? line("NOBC.Effect.squadronUnbased", { name: nameOf(effect.squadron) })
        : line("NOBC.Effect.squadronAirbase", { name: nameOf(effect.squadron), airbase: nameOf(effect.airbase) });
    case "airbaseHits":
      return line("NOBC.Effect.airbaseHits", {
        name: nameOf(effect.airbase),
        repairable: signed(effect.repairable),
        permanent: signed(effect.permanent),
      });
    case "airDefence":
      return line("NOBC.Effect.airDefence", { name: nameOf(effect.chart), delta: signed(effect.delta) });
    default:
      // Map features and toolkit changes are not produced by sheet buttons; still say what they are.
      return line("NOBC.Effect.other", { type: effect.type });
  }
}

export type { Translator } from "../base/foundry";

/** What the dialog template renders: every sentence already in the user's language. */
export interface BreakdownView extends Omit<BreakdownContext, "intro" | "effects"> {
  readonly intro: string;
  readonly effects: readonly string[];
}

export function localizeBreakdown(context: BreakdownContext, i18n: Translator): BreakdownView {
  return {
    ...context,
    intro: i18n.localize(context.intro),
    rows: context.rows.map((row) => (row.code === undefined ? row : { ...row, label: breakdownLabel(row, i18n) })),
    effects: context.effects.map((e) => {
      const data: Record<string, string> = {};
      for (const [k, v] of Object.entries(e.data)) data[k] = String(v);
      for (const [k, v] of Object.entries(e.localize)) data[k] = i18n.localize(v);
      return i18n.format(e.key, data);
    }),
  };
}
