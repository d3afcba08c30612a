/**
 * What the theatre dashboard's template shows, from the table's rows (src/world/theatre-table.ts)
 * and the window's filter and sort: the filter choices, the column headers with the sorted one
 * marked, and each row's cells already written. Pure: the template is tested with this context.
 */
import type { Translator } from "../../base/foundry";
import { AIR_BOX_LABELS } from "../../view/labels";
import type { Side } from "../../rules/nobc/land/types";
import {
  filterRows,
  sortRows,
  SORT_KEYS,
  THEATRE_KINDS,
  THEATRE_STATES,
  type SortKey,
  type TheatreFilter,
  type TheatreKind,
  type TheatreRow,
  type TheatreSort,
} from "../../world/theatre-table";

export interface DashboardState {
  readonly filter: TheatreFilter;
  readonly sort: TheatreSort;
}

export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

export interface ColumnView {
  readonly key: SortKey;
  readonly label: string;
  /** "ascending" / "descending" on the sorted column (its `aria-sort`), else null. */
  readonly sorted: "ascending" | "descending" | null;
  /** The sorted column's arrow (a Font Awesome class), else null. */
  readonly icon: string | null;
}

export interface RowView {
  readonly id: string;
  readonly kind: string;
  readonly kindLabel: string;
  readonly name: string;
  readonly side: Side;
  readonly sideLabel: string;
  readonly parentName: string;
  readonly hex: string;
  readonly strength: string;
  readonly supply: string;
  readonly mode: string;
  readonly mpLeft: string;
  readonly chip: boolean;
  readonly level: string;
  readonly radius: string;
  readonly cards: string;
  readonly box: string;
  readonly hits: string;
  /** It has a token on the viewed scene to pan to. */
  readonly onMap: boolean;
}

export interface DashboardView {
  readonly sides: Choice[];
  readonly hqs: Choice[];
  /** The umpires' sectors (none: no umpire has one, and the filter is not shown). */
  readonly sectors: Choice[];
  readonly kinds: Choice[];
  readonly states: Choice[];
  readonly text: string;
  readonly columns: ColumnView[];
  readonly rows: RowView[];
  readonly shown: number;
  readonly total: number;
}

/** The columns in the table's order, each with its header's key. */
const COLUMN_LABEL: Record<SortKey, string> = {
  name: "NOBC.Theatre.Column.name",
  kind: "NOBC.Theatre.Column.kind",
  side: "NOBC.Theatre.Column.side",
  parentName: "NOBC.Theatre.Column.parentName",
  hex: "NOBC.Theatre.Column.hex",
  strength: "NOBC.Theatre.Column.strength",
  supply: "NOBC.Theatre.Column.supply",
  mode: "NOBC.Theatre.Column.mode",
  mpLeft: "NOBC.Theatre.Column.mpLeft",
  chip: "NOBC.Theatre.Column.chip",
  level: "NOBC.Theatre.Column.level",
  radius: "NOBC.Theatre.Column.radius",
  cards: "NOBC.Theatre.Column.cards",
  box: "NOBC.Theatre.Column.box",
  hits: "NOBC.Theatre.Column.hits",
};

const KIND_LABEL: Record<TheatreKind, string> = {
  unit: "NOBC.Theatre.Kind.unit",
  hq: "NOBC.Theatre.Kind.hq",
  airSquadron: "NOBC.Theatre.Kind.airSquadron",
  airbase: "NOBC.Theatre.Kind.airbase",
};

const STATE_LABEL: Record<(typeof THEATRE_STATES)[number], string> = {
  // A squadron's state is its box, named as the air sheets name it; "destroyed" is the table's own word.
  ...AIR_BOX_LABELS,
  combat: "NOBC.Mode.combat",
  march: "NOBC.Mode.march",
  noMove: "NOBC.Theatre.State.noMove",
  offMap: "NOBC.Theatre.State.offMap",
  eliminated: "NOBC.Theatre.State.eliminated",
  reduced: "NOBC.Theatre.State.reduced",
  destroyed: "NOBC.Theatre.State.destroyed",
  hit: "NOBC.Theatre.State.hit",
};

const num = (n: number | null): string => (n === null ? "" : String(n));
const pool = (value: number | null, max: number | null): string => (value === null ? "" : max === null ? String(value) : `${value}/${max}`);

/** The dashboard's context. Labels are looked up once per key, not once per row (2,000 rows at megagame scale). */
export function dashboardContext(
  rows: readonly TheatreRow[],
  state: DashboardState,
  i18n: Translator,
  umpires: readonly { readonly umpire: string; readonly name: string }[] = [],
): DashboardView {
  const words = new Map<string, string>();
  const word = (key: string) => words.get(key) ?? words.set(key, i18n.localize(key)).get(key)!;
  const { filter, sort } = state;
  const choice = (value: string, label: string, current: string | null): Choice => ({ value, label, selected: value === current });
  const shown = sortRows(filterRows(rows, filter), sort);
  return {
    sides: (["nato", "wp"] as const).map((s) => choice(s, word(`NOBC.Side.${s}`), filter.side)),
    hqs: sortRows(
      rows.filter((r) => r.kind === "hq" && (filter.side === null || r.side === filter.side)),
      { key: "name", descending: false },
    ).map((r) => choice(r.id, r.name, filter.hq)),
    sectors: umpires.map((u) =>
      choice(u.umpire, i18n.format("NOBC.Theatre.Filter.sectorOf", { name: u.name }), filter.sector?.umpire ?? null),
    ),
    kinds: THEATRE_KINDS.map((k) => choice(k, word(KIND_LABEL[k]), filter.kind)),
    states: THEATRE_STATES.map((s) => choice(s, word(STATE_LABEL[s]), filter.state)),
    text: filter.text,
    columns: SORT_KEYS.map((key) => ({
      key,
      label: word(COLUMN_LABEL[key]),
      sorted: sort.key === key ? (sort.descending ? "descending" : "ascending") : null,
      icon: sort.key === key ? (sort.descending ? "fa-sort-down" : "fa-sort-up") : null,
    })),
    rows: shown.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindLabel: word(KIND_LABEL[r.kind]),
      name: r.name,
      side: r.side,
      sideLabel: word(`NOBC.Side.${r.side}`),
      parentName: r.parentName,
      hex: r.hex,
      strength: pool(r.strength, r.strengthMax),
      supply: num(r.supply),
      mode: r.mode === null ? "" : word(`NOBC.Mode.${r.mode}`),
      mpLeft: num(r.mpLeft),
      chip: r.chip === true,
      level: pool(r.level, r.levelMax),
      radius: num(r.radius),
      cards: num(r.cards),
      box: r.box === null ? "" : word(`NOBC.AirBox.${r.box}`),
      hits: r.hits === null ? "" : r.permanentHits !== null && r.permanentHits > 0 ? `${r.hits} + ${r.permanentHits}` : String(r.hits),
      onMap: r.hex !== "",
    })),
    shown: shown.length,
    total: rows.length,
  };
}
