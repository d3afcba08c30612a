/** Builds order-of-battle files for the tests from a header and rows of cells. */
import { prepareImport, type OrbatImport, type OrbatProblem } from "../../src/orbat/index";

export const HEADER = [
  "type",
  "name",
  "side",
  "nationality",
  "parent",
  "formation",
  "size",
  "arm",
  "strength",
  "supply",
  "echelon",
  "level",
  "aircraft",
  "role",
  "airZone",
] as const;

/** One CSV field, quoted when it must be (RFC 4180). */
export function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csv(rows: readonly (readonly string[])[], header: readonly string[] = HEADER, eol = "\n"): string {
  return [header, ...rows].map((r) => r.map(field).join(",")).join(eol) + eol;
}

/** A row of HEADER from the cells it names. */
export function row(cells: Partial<Record<(typeof HEADER)[number], string>>): string[] {
  return HEADER.map((h) => cells[h] ?? "");
}

export const corps = row({ type: "hq", name: "I Corps", side: "nato", nationality: "frg", echelon: "corps", level: "4" });
export const army = row({ type: "hq", name: "3 Shock Army", side: "wp", nationality: "su", echelon: "army", level: "4" });
export const brigade = (name: string, over: Partial<Record<(typeof HEADER)[number], string>> = {}) =>
  row({ type: "unit", name, side: "nato", nationality: "frg", parent: "I Corps", size: "brigade", arm: "armour", strength: "6", ...over });

export function ids(): () => string {
  let n = 0;
  return () => `id${String(++n).padStart(14, "0")}`;
}

export function prepare(text: string, format: "csv" | "json" = "csv"): OrbatImport {
  return prepareImport(text, format, { newId: ids(), rootFolder: "OOB" });
}

/** The problems of a refused file (line, column, phrase); fails the test if the file was accepted. */
export function problemsOf(text: string, format: "csv" | "json" = "csv"): OrbatProblem[] {
  const r = prepare(text, format);
  if (r.ok) throw new Error("expected the file to be refused");
  return r.problems;
}
