/**
 * The stack viewer's context (templates/apps/stack-viewer.hbs, issue #36): the tokens of one hex, top
 * first, each with its counter and what this client's user may know of it: strength, mode, supply and
 * MP only for a unit whose counter shows them (src/token/counter-face.ts), the name alone for anything
 * else (an HQ, or a marker on a side's scene that carries only what the side knows). The stack's picture
 * as the canvas fans it is src/canvas/stack-picture.ts.
 */
import type { Translator } from "../base/foundry";
import { counterSvg, type CounterFace } from "../symbols/counter";
import { counterWords } from "./counter";
import { MODE_LABELS, SIDE_LABELS } from "./labels";

/** One token of the stack as the viewer lists it. */
export type StackEntry =
  | {
      readonly kind: "unit";
      readonly token: string;
      readonly face: CounterFace;
      /** Supply and MP: null when the user may not read them (the face hides strength and mode too). */
      readonly supply: number | null;
      readonly movementPoints: number | null;
      readonly controlled: boolean;
    }
  | { readonly kind: "piece"; readonly token: string; readonly name: string; readonly controlled: boolean };

export interface StackRow {
  readonly token: string;
  readonly svg: string;
  readonly name: string;
  readonly facts: readonly { readonly label: string; readonly value: string }[];
  /** Shown when the user may not read the unit's state. */
  readonly unknown: string | null;
  readonly controlled: boolean;
}

export interface StackViewerContext {
  readonly title: string;
  readonly count: string;
  readonly rows: readonly StackRow[];
  readonly hint: string;
  readonly select: string;
}

const ROW_PX = 44;

function unitRow(e: Extract<StackEntry, { kind: "unit" }>, i18n: Translator): StackRow {
  const f = e.face;
  const facts: { label: string; value: string }[] = [
    { label: i18n.localize("NOBC.Field.Side"), value: i18n.localize(SIDE_LABELS[f.side]) },
  ];
  if (f.strength !== null && f.mode !== null) {
    facts.push(
      {
        label: i18n.localize("NOBC.Field.Strength"),
        value: f.strength.max === null ? String(f.strength.value) : `${f.strength.value}/${f.strength.max}`,
      },
      { label: i18n.localize("NOBC.Field.Mode"), value: i18n.localize(MODE_LABELS[f.mode]) },
    );
    if (e.supply !== null) facts.push({ label: i18n.localize("NOBC.Field.Supply"), value: String(e.supply) });
    if (e.movementPoints !== null) facts.push({ label: i18n.localize("NOBC.Field.MovementPoints"), value: String(e.movementPoints) });
  }
  if (f.noMove) facts.push({ label: i18n.localize("NOBC.Field.NoMove"), value: i18n.localize("NOBC.Stack.Yes") });
  return {
    token: e.token,
    svg: counterSvg(f, counterWords(f, i18n), ROW_PX),
    name: f.designation,
    facts,
    unknown: f.strength === null ? i18n.localize("NOBC.Stack.NotKnown") : null,
    controlled: e.controlled,
  };
}

/** The viewer's context: `entries` bottom first, listed top first (the order the eye meets them on the board). */
export function stackViewerContext(entries: readonly StackEntry[], i18n: Translator): StackViewerContext {
  const rows = [...entries]
    .reverse()
    .map((e) =>
      e.kind === "unit" ? unitRow(e, i18n) : { token: e.token, svg: "", name: e.name, facts: [], unknown: null, controlled: e.controlled },
    );
  return {
    title: i18n.localize("NOBC.Stack.Title"),
    count: i18n.format("NOBC.Stack.Count", { count: String(entries.length) }),
    rows,
    hint: i18n.localize("NOBC.Stack.Hint"),
    select: i18n.localize("NOBC.Stack.Select"),
  };
}
