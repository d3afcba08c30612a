/**
 * The JSON form of an order of battle: an array of objects with the same keys as the CSV columns.
 * Values may be strings, numbers, booleans or null (an empty cell). Each row keeps the line its
 * object starts on, found by a light scan since `JSON.parse` keeps no positions.
 */
import { phrase } from "../rules/resolution";
import { problem, type OrbatProblem } from "./problems";
import type { SourceRow, TableResult } from "./table";

/** Lines on which the elements of the top-level array start. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") line++;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 1 && expecting && !/\s/.test(ch) && ch !== "]") {
      lines.push(line);
      expecting = false;
    }
    if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") {
      depth++;
      if (depth === 1) expecting = true;
    } else if (ch === "}" || ch === "]") depth--;
    else if (ch === "," && depth === 1) expecting = true;
  }
  return lines;
}

function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

export function jsonTable(text: string): TableResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.NotJson", { error: (err as Error).message }))] };
  }
  if (!Array.isArray(data)) return { ok: false, problems: [problem(null, null, phrase("NOBC.Orbat.Problem.NotArray"))] };
  const lines = elementLines(text);
  const problems: OrbatProblem[] = [];
  const header: string[] = [];
  const rows: SourceRow[] = [];
  data.forEach((item: unknown, index) => {
    const line = lines[index] ?? null;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.push(problem(line, null, phrase("NOBC.Orbat.Problem.RowNotObject", { row: index + 1 })));
      return;
    }
    const cells = new Map<string, string>();
    for (const [key, value] of Object.entries(item)) {
      const text = cellText(value);
      if (text === null) {
        problems.push(problem(line, key, phrase("NOBC.Orbat.Problem.CellType")));
        continue;
      }
      if (!header.includes(key)) header.push(key);
      cells.set(key, text);
    }
    rows.push({ line: line ?? index + 1, cells });
  });
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, table: { header: header.map((name) => ({ name, line: null })), rows } };
}
