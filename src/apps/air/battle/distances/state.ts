/**
 * The "Air zone distances" window's state (GM only): the air zones the world knows and, for each
 * pair, the distance as typed. A pair has one cell (A→B and B→A are the same distance, as the rules
 * read it either way round); blank is "no distance given", which the allocation refuses for a
 * mission between those zones (seed 000, Air War QRS: 1) "Check ranges"). Pure: no Foundry.
 */
import { z } from "zod";
import { phrase, type Phrase } from "../../../../rules/resolution";
import { zoneDistance, type AllocationInput } from "../../../../rules/nobc/air/index";
import { issuePhrase, WITH_INPUT } from "../../../../words/issues";
import { MAX_TEXT } from "../../schema";
import { MAX_ZONE_DISTANCE, MAX_ZONES, zoneDistancesSchema } from "../args";

type Table = AllocationInput["zoneDistances"];

export interface ZoneDistancesState {
  /** The zones, sorted; a cell's key is two indices into this list. */
  readonly zones: readonly string[];
  /** The typed distance of each pair, by `cellKey(i, j)` with i < j; missing or "" is blank. */
  readonly cells: Readonly<Record<string, string>>;
}

/** The cell of zones i and j (either order); also the input's name in the form. */
export function cellKey(i: number, j: number): string {
  return i < j ? `cell-${i}-${j}` : `cell-${j}-${i}`;
}

/**
 * The zones to show: every named zone of the world's squadrons and airbases and of the stored
 * table, sorted, at most `MAX_ZONES`. A blank zone (a squadron not yet given one) has no row.
 */
export function zonesToShow(worldZones: Iterable<string>, table: Table): string[] {
  const all = new Set<string>();
  for (const zone of worldZones) all.add(zone);
  for (const [from, row] of Object.entries(table)) {
    all.add(from);
    for (const to of Object.keys(row)) all.add(to);
  }
  all.delete("");
  return [...all].sort((a, b) => a.localeCompare(b)).slice(0, MAX_ZONES);
}

/** Opens on the stored table: each pair's distance as the rules read it (A→B first, else B→A). */
export function zoneDistancesState(worldZones: Iterable<string>, table: Table): ZoneDistancesState {
  const zones = zonesToShow(worldZones, table);
  const cells: Record<string, string> = {};
  for (let i = 0; i < zones.length; i++) {
    for (let j = i + 1; j < zones.length; j++) {
      const d = zoneDistance(table, zones[i]!, zones[j]!);
      if (d !== undefined) cells[cellKey(i, j)] = String(d);
    }
  }
  return { zones, cells };
}

/** Form input → state: each pair's text as typed (anything else in the form is ignored). */
export function zoneDistancesFromForm(state: ZoneDistancesState, values: Readonly<Record<string, unknown>>): ZoneDistancesState {
  const cells: Record<string, string> = { ...state.cells };
  for (let i = 0; i < state.zones.length; i++) {
    for (let j = i + 1; j < state.zones.length; j++) {
      const key = cellKey(i, j);
      const value = values[key];
      if (typeof value === "string") cells[key] = value.slice(0, MAX_TEXT);
      else if (typeof value === "number") cells[key] = String(value);
    }
  }
  return { ...state, cells };
}

/** One cell's text: blank (no distance) or a whole number of zones from 0 to `MAX_ZONE_DISTANCE`. */
export const cellSchema = z
  .string()
  .max(MAX_TEXT)
  .trim()
  .regex(/^\d*$/, "NOBC.AirZones.Problem.NotWhole")
  .transform((text) => (text === "" ? null : Number(text)))
  .pipe(z.number().int().max(MAX_ZONE_DISTANCE, "NOBC.AirZones.Problem.TooFar").nullable());

export interface CellProblem {
  /** The cell's input name. */
  readonly key: string;
  readonly text: Phrase;
}

export type Checked = { readonly ok: true; readonly table: Table } | { readonly ok: false; readonly problems: readonly CellProblem[] };

/**
 * The table to save, checked: every cell parsed with `cellSchema` (a problem names its two zones),
 * then the whole table with the setting's own schema. Each pair is stored once, under the zone
 * first in the list; the rules read it either way round.
 */
export function checkZoneDistances(state: ZoneDistancesState): Checked {
  const problems: CellProblem[] = [];
  const table: Record<string, Record<string, number>> = {};
  for (let i = 0; i < state.zones.length; i++) {
    for (let j = i + 1; j < state.zones.length; j++) {
      const key = cellKey(i, j);
      const from = state.zones[i]!;
      const to = state.zones[j]!;
      const parsed = cellSchema.safeParse(state.cells[key] ?? "", WITH_INPUT);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          problems.push({ key, text: phrase("NOBC.AirZones.Problem.Cell", { from, to, problem: issuePhrase(issue) }) });
      } else if (parsed.data !== null) (table[from] ??= {})[to] = parsed.data;
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  const whole = zoneDistancesSchema.safeParse(table, WITH_INPUT);
  if (!whole.success) return { ok: false, problems: whole.error.issues.map((issue) => ({ key: "", text: issuePhrase(issue) })) };
  return { ok: true, table: whole.data };
}
