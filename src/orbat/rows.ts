/**
 * One row at a time: its cells through the zod cell schemas, then the system data it makes checked
 * against the document schemas (src/schemas/system.ts), which hold the rules that span fields
 * (supply within capacity, artillery in March Mode, value within its maximum, …).
 */
import type { z } from "zod";
import { alwaysInMarchMode, unitSupplyCapacity } from "../rules/nobc/land/index";
import type { Side } from "../rules/nobc/land/types";
import { sideOfNationality } from "../data/nationalities";
import {
  airbaseSystem,
  airSquadronSystem,
  hqSystem,
  unitSystem,
  type AirbaseSystem,
  type AirSquadronSystem,
  type HqSystem,
  type UnitSystem,
} from "../schemas/system";
import { phrase } from "../rules/resolution";
import { issuePhrase, WITH_INPUT } from "../words/issues";
import { COLUMNS, rowSchema, type RowType } from "./columns";
import { problem, rowLabel, type OrbatProblem } from "./problems";

/** A row that passed on its own; its links are still names, resolved across rows. */
export type OrbatEntry = {
  readonly line: number;
  readonly name: string;
  readonly side: Side;
  /** The parent named in the file: an HQ for a unit or HQ, an airbase for a squadron. */
  readonly parent: string | null;
  readonly formation: string | null;
  /** The columns whose cells the row filled (not `type`): an update of an actor already in the world changes only these. */
  readonly filled: readonly string[];
} & (
  | { readonly type: "unit"; readonly system: UnitSystem }
  | { readonly type: "hq"; readonly system: HqSystem }
  | { readonly type: "airSquadron"; readonly system: AirSquadronSystem }
  | { readonly type: "airbase"; readonly system: AirbaseSystem }
);

export type RowResult = { readonly ok: true; readonly entry: OrbatEntry } | { readonly ok: false; readonly problems: OrbatProblem[] };

type Cells = Record<string, unknown>;

/** Plain text notes become one escaped HTML paragraph. */
function notesHtml(text: unknown): string {
  if (typeof text !== "string" || text === "") return "";
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<p>${escaped}</p>`;
}

/** System data from a row's parsed cells, defaults filled in (docs/orbat.md, "Defaults"). Links stay null. */
function systemOf(type: RowType, c: Cells): unknown {
  switch (type) {
    case "unit": {
      const size = c["size"] as UnitSystem["size"];
      const arm = c["arm"] as UnitSystem["arm"];
      const strength = c["strength"] as number;
      return {
        side: c["side"],
        nationality: c["nationality"],
        hq: null,
        size,
        arm,
        strength: { value: strength, max: (c["strengthMax"] as number | undefined) ?? strength },
        supply: (c["supply"] as number | undefined) ?? unitSupplyCapacity({ size, arm }),
        mode: (c["mode"] as string | undefined) ?? (alwaysInMarchMode({ size, arm }) ? "march" : "combat"),
        minelaying: (c["minelaying"] as boolean | undefined) ?? false,
        noMove: false,
        movementPoints: 0,
        overrunCost: { mp: (c["overrunMp"] as number | undefined) ?? null, hits: (c["overrunHits"] as number | undefined) ?? null },
        notes: notesHtml(c["notes"]),
      };
    }
    case "hq": {
      const level = c["level"] as number;
      return {
        side: c["side"],
        nationality: c["nationality"],
        echelon: c["echelon"],
        level: { value: level, max: (c["levelMax"] as number | undefined) ?? level },
        radius: (c["radius"] as number | undefined) ?? 4,
        supplyCounters: (c["supplyCounters"] as number | undefined) ?? 0,
        mayRecover: (c["mayRecover"] as boolean | undefined) ?? true,
        parent: null,
        initiative: (c["initiative"] as boolean | undefined) ?? false,
        notes: notesHtml(c["notes"]),
      };
    }
    case "airSquadron": {
      const role = c["role"] as AirSquadronSystem["role"];
      return {
        side: c["side"],
        nationality: c["nationality"],
        aircraft: c["aircraft"],
        role,
        airToAir: c["airToAir"] ?? 0,
        cas: c["cas"] ?? 0,
        deepStrike: c["deepStrike"] ?? 0,
        weapons: c["weapons"] ?? [],
        range: c["range"] ?? 0,
        recce: (c["recce"] as boolean | undefined) ?? role === "recce",
        ew: (c["ew"] as boolean | undefined) ?? role === "ew",
        harrier: c["harrier"] ?? false,
        box: c["box"] ?? "ready",
        airbase: null,
        airZone: c["airZone"] ?? "",
      };
    }
    case "airbase": {
      const airDefence = (c["airDefence"] as number | undefined) ?? 0;
      return {
        side: c["side"],
        airZone: c["airZone"],
        baseCapacity: c["baseCapacity"] ?? 2,
        hits: { repairable: 0, permanent: 0 },
        airDefence: { value: airDefence, max: airDefence },
      };
    }
  }
}

export const SYSTEM_SCHEMA: Record<RowType, z.ZodType> = {
  unit: unitSystem,
  hq: hqSystem,
  airSquadron: airSquadronSystem,
  airbase: airbaseSystem,
};

/** The column a system-data issue points at: the field's own column, or the one its pool comes from. */
export function columnOfPath(type: RowType, path: readonly PropertyKey[]): string | null {
  const [head, sub] = path.map(String);
  if (head === "strength" && sub === "max") return "strengthMax";
  if (head === "level" && sub === "max") return "levelMax";
  const known = COLUMNS.some((c) => c.name === head && c.types.includes(type));
  return known && head !== undefined ? head : null;
}

/** A nationality of the other side, checked whenever both cells read, whatever else is wrong. */
function nationalityMismatch(line: number, cells: ReadonlyMap<string, string>): OrbatProblem | null {
  const nationality = (cells.get("nationality") ?? "").trim().toLowerCase();
  const side = (cells.get("side") ?? "").trim().toLowerCase();
  const own = sideOfNationality(nationality);
  if (own === undefined || (side !== "nato" && side !== "wp") || own === side) return null;
  return problem(line, "nationality", phrase("NOBC.Orbat.Problem.NationalitySide", { nationality, own, side }));
}

/**
 * Checks one row of `type`. `cells` holds the row's non-empty cells by column name; `absent` names
 * columns missing from the file, already reported once for the whole file.
 */
export function readRow(type: RowType, line: number, cells: ReadonlyMap<string, string>, absent: ReadonlySet<string>): RowResult {
  const problems: OrbatProblem[] = [];
  const input: Cells = {};
  for (const [name, text] of cells) {
    if (text.trim() === "" || name === "type") continue;
    const spec = COLUMNS.find((c) => c.name === name);
    if (spec !== undefined && !spec.types.includes(type)) {
      problems.push(problem(line, name, phrase("NOBC.Orbat.Problem.NoSuchColumn", { row: rowLabel(type), column: name })));
    } else input[name] = text;
  }
  const parsed = rowSchema(type).safeParse(input, WITH_INPUT);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0]);
      if (!absent.has(column)) problems.push(problem(line, column, issuePhrase(issue)));
    }
  }
  const mismatch = nationalityMismatch(line, cells);
  if (mismatch !== null) problems.push(mismatch);
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };

  const c = parsed.data;
  const system = SYSTEM_SCHEMA[type].safeParse(systemOf(type, c), WITH_INPUT);
  if (!system.success) {
    return { ok: false, problems: system.error.issues.map((i) => problem(line, columnOfPath(type, i.path), issuePhrase(i))) };
  }
  const text = (name: string) => (typeof c[name] === "string" && c[name] !== "" ? c[name] : null);
  const entry = {
    line,
    type,
    name: c["name"] as string,
    side: c["side"] as Side,
    parent: text("parent"),
    formation: text("formation"),
    filled: Object.keys(input).filter((k) => k !== "name"),
    system: system.data,
  } as OrbatEntry;
  return { ok: true, entry };
}
