/**
 * The whole file: header, rows, then what only the rows together can show (names used twice,
 * parents that do not exist, are of the wrong kind or side, or loop). Input with any problem is
 * refused as a whole, every problem listed.
 */
import type { Side } from "../rules/nobc/land/types";
import { phrase } from "../rules/resolution";
import { COLUMN_NAMES, COLUMNS, notOneOf, ROW_TYPES, type RowType } from "./columns";
import { nearestChoice } from "./near";
import { jsonTable } from "./json";
import { joined, problem, rowLabel, sortProblems, type OrbatProblem } from "./problems";
import { readRow, type OrbatEntry } from "./rows";
import { csvTable, type SourceTable, type TableResult } from "./table";

export type OrbatFormat = "csv" | "json";

export type OrbatResult = { readonly ok: true; readonly entries: OrbatEntry[] } | { readonly ok: false; readonly problems: OrbatProblem[] };

/** JSON when the file name ends in .json, or, with no name, when the text starts with `[`. */
export function detectFormat(text: string, fileName?: string): OrbatFormat {
  if (fileName !== undefined) return /\.json$/i.test(fileName) ? "json" : "csv";
  return /^\uFEFF?\s*\[/.test(text) ? "json" : "csv";
}

/** The type a row names, or null when it names none we know (reported by the row schema). */
function typeOf(cells: ReadonlyMap<string, string>): RowType | null {
  const text = (cells.get("type") ?? "").trim().toLowerCase();
  return ROW_TYPES.find((t) => t.toLowerCase() === text) ?? null;
}

/** Header names matched to our columns without regard to case; unknown ones reported. */
function canonicalHeader(table: SourceTable, problems: OrbatProblem[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const col of table.header) {
    const known = COLUMN_NAMES.find((n) => n.toLowerCase() === col.name.toLowerCase());
    if (known === undefined) {
      const near = nearestChoice(col.name, COLUMN_NAMES);
      problems.push(
        problem(
          col.line,
          col.name,
          near === null ? phrase("NOBC.Orbat.Problem.UnknownColumn") : phrase("NOBC.Orbat.Problem.UnknownColumnNear", { near }),
        ),
      );
    } else names.set(col.name, known);
  }
  return names;
}

function readTable(table: SourceTable): OrbatResult {
  const problems: OrbatProblem[] = [];
  const names = canonicalHeader(table, problems);
  const present = new Set(names.values());
  const headerLine = table.header[0]?.line ?? null;
  const rows = table.rows.map((r) => {
    const cells = new Map<string, string>();
    for (const [k, v] of r.cells) {
      const name = names.get(k);
      if (name !== undefined) cells.set(name, v);
    }
    return { line: r.line, cells, type: typeOf(cells) };
  });

  // A required column missing from the file is one problem, not one per row.
  const typesUsed = new Set(rows.map((r) => r.type).filter((t) => t !== null));
  const absent = new Set<string>();
  for (const spec of COLUMNS) {
    if (present.has(spec.name)) continue;
    const needing = spec.required.filter((t) => spec.name === "type" || spec.name === "name" || spec.name === "side" || typesUsed.has(t));
    if (needing.length === 0) continue;
    absent.add(spec.name);
    const who =
      spec.required.length === ROW_TYPES.length
        ? phrase("NOBC.Orbat.Problem.EveryRowNeeds")
        : phrase("NOBC.Orbat.Problem.RowsNeed", { rows: joined(needing.map((type) => phrase("NOBC.Orbat.Problem.TypeRows", { type }))) });
    problems.push(problem(headerLine, spec.name, phrase("NOBC.Orbat.Problem.MissingColumn", { who })));
  }
  if (rows.length === 0) problems.push(problem(null, null, phrase("NOBC.Orbat.Problem.NoRows")));

  const entries: OrbatEntry[] = [];
  for (const row of rows) {
    if (row.type === null) {
      if (!absent.has("type")) {
        const t = (row.cells.get("type") ?? "").trim();
        problems.push(
          problem(
            row.line,
            "type",
            t === "" ? phrase("NOBC.Orbat.Problem.TypeEmpty", { choices: ROW_TYPES.join(", ") }) : notOneOf(t, ROW_TYPES),
          ),
        );
      }
      continue;
    }
    const read = readRow(row.type, row.line, row.cells, absent);
    if (read.ok) entries.push(read.entry);
    else problems.push(...read.problems);
  }
  problems.push(...crossCheck(rows));
  if (problems.length > 0) return { ok: false, problems: sortProblems(problems, COLUMN_NAMES) };
  return { ok: true, entries };
}

interface Named {
  readonly line: number;
  readonly type: RowType;
  readonly name: string;
  readonly parent: string;
  readonly side: Side | null;
  readonly airZone: string;
}

const PARENT_TYPE: Record<RowType, RowType | null> = { unit: "hq", hq: "hq", airSquadron: "airbase", airbase: null };

export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Checks across rows, on every row with a type and a name, whatever else is wrong with it. */
function crossCheck(rows: readonly { line: number; cells: ReadonlyMap<string, string>; type: RowType | null }[]): OrbatProblem[] {
  const problems: OrbatProblem[] = [];
  const named: Named[] = [];
  for (const r of rows) {
    const name = (r.cells.get("name") ?? "").trim();
    if (r.type === null || name === "") continue;
    const sideText = (r.cells.get("side") ?? "").trim().toLowerCase();
    const side = sideText === "nato" || sideText === "wp" ? sideText : null;
    named.push({
      line: r.line,
      type: r.type,
      name,
      parent: (r.cells.get("parent") ?? "").trim(),
      side,
      airZone: (r.cells.get("airZone") ?? "").trim(),
    });
  }
  const byKey = new Map<string, Named>();
  for (const n of named) {
    const first = byKey.get(nameKey(n.name));
    if (first !== undefined)
      problems.push(
        problem(n.line, "name", phrase("NOBC.Orbat.Problem.NameTaken", { name: n.name, type: first.type, line: String(first.line) })),
      );
    else byKey.set(nameKey(n.name), n);
  }
  for (const n of named) {
    const wanted = PARENT_TYPE[n.type];
    if (n.parent === "" || wanted === null) continue;
    const target = byKey.get(nameKey(n.parent));
    if (target === undefined) {
      problems.push(problem(n.line, "parent", phrase("NOBC.Orbat.Problem.NoParent", { type: wanted, parent: n.parent })));
    } else if (target === n) {
      problems.push(problem(n.line, "parent", phrase("NOBC.Orbat.Problem.OwnParent", { name: n.name })));
    } else if (target.type !== wanted) {
      problems.push(
        problem(
          n.line,
          "parent",
          phrase("NOBC.Orbat.Problem.ParentKind", {
            parent: n.parent,
            line: String(target.line),
            parentType: rowLabel(target.type),
            type: rowLabel(n.type),
            wanted: rowLabel(wanted),
          }),
        ),
      );
    } else if (n.side !== null && target.side !== null && n.side !== target.side) {
      problems.push(
        problem(
          n.line,
          "parent",
          phrase("NOBC.Orbat.Problem.ParentSide", { parent: n.parent, line: String(target.line), parentSide: target.side, side: n.side }),
        ),
      );
    } else if (n.airZone !== "" && target.airZone !== "" && n.airZone.toLowerCase() !== target.airZone.toLowerCase()) {
      // A squadron flies from its base, so it sits in the base's air zone.
      problems.push(
        problem(n.line, "airZone", phrase("NOBC.Orbat.Problem.AirZone", { zone: n.airZone, base: target.name, baseZone: target.airZone })),
      );
    }
  }
  problems.push(...hqLoops(named, byKey));
  return problems;
}

/** An HQ chain that comes back on itself has no top; each HQ on a loop is reported. */
function hqLoops(named: readonly Named[], byKey: ReadonlyMap<string, Named>): OrbatProblem[] {
  const problems: OrbatProblem[] = [];
  for (const hq of named.filter((n) => n.type === "hq")) {
    const seen = new Set<Named>([hq]);
    let at = byKey.get(nameKey(hq.parent));
    while (at?.type === "hq" && at !== hq && !seen.has(at)) {
      seen.add(at);
      at = byKey.get(nameKey(at.parent));
    }
    if (at === hq && hq.parent !== "" && nameKey(hq.parent) !== nameKey(hq.name)) {
      problems.push(problem(hq.line, "parent", phrase("NOBC.Orbat.Problem.HqLoop", { name: hq.name })));
    }
  }
  return problems;
}

/** Reads and checks an order of battle; nothing is returned for creation unless all of it is sound. */
export function validateOrbat(text: string, format: OrbatFormat): OrbatResult {
  return validateTable(format === "json" ? jsonTable(text) : csvTable(text));
}

/** Checks a table read from any source (CSV, JSON, a spreadsheet's sheet). */
export function validateTable(table: TableResult): OrbatResult {
  return table.ok ? readTable(table.table) : { ok: false, problems: sortProblems(table.problems, COLUMN_NAMES) };
}
