/**
 * The columns of an order-of-battle file (docs/orbat.md): which row types use each, which of
 * them must fill it, and how a cell's text becomes a value. The cell schemas are zod, so every
 * bad cell of a row is reported in one pass.
 */
import { z } from "zod";
import { AIR_BOXES } from "../rules/nobc/air/effects";
import { phrase, type Phrase } from "../rules/resolution";
import { said } from "../words/issues";
import { AIR_ROLES, ECHELONS, NATIONALITY_CODES, SIDES, UNIT_ARMS, UNIT_SIZES, WEAPON_KINDS } from "../schemas/system";
import { nearestChoice } from "./near";
import { rowLabel } from "./problems";

export const ROW_TYPES = ["hq", "unit", "airbase", "airSquadron"] as const;
export type RowType = (typeof ROW_TYPES)[number];

/** Text of a cell with its surrounding spaces removed; empty cells never reach the schemas. */
const cell = z.string().trim();

/** "is not one of …", with the choice the cell was most likely a slip for. */
export function notOneOf(value: string, values: readonly string[]): Phrase {
  const near = nearestChoice(value, values);
  const choices = values.join(", ");
  return near === null
    ? phrase("NOBC.Orbat.Problem.NotOneOf", { value, choices })
    : phrase("NOBC.Orbat.Problem.NotOneOfNear", { value, choices, near });
}

/** One of `values`, matched without regard to case and given back as spelt in `values`. */
function choice<const V extends readonly string[]>(values: V) {
  return cell.transform((s, ctx): V[number] => {
    const hit = values.find((v) => v.toLowerCase() === s.toLowerCase());
    if (hit === undefined) ctx.addIssue({ code: "custom", ...said(notOneOf(s, values)) });
    return hit ?? values[0]!;
  });
}

/** A whole number from `min` to `max`. */
function whole(min: number, max = Infinity) {
  return cell.transform((s, ctx) => {
    if (!/^[+-]?\d+$/.test(s)) {
      ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.NotWhole", { value: s })) });
      return min;
    }
    const n = Number(s);
    if (n < min) ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.BelowMin", { value: n, min })) });
    if (n > max) ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.AboveMax", { value: n, max })) });
    return n;
  });
}

/** A number of 0 or more in halves (movement points: "1", "1.5", or "1,5" as German writes it). */
const halves = cell.transform((s, ctx) => {
  const n = Number(s.replace(",", "."));
  if (!/^\d+([.,]\d+)?$/.test(s) || !Number.isInteger(n * 2)) {
    ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.NotHalves", { value: s })) });
    return 0;
  }
  return n;
});

const YES = ["yes", "y", "true", "1", "x"];
const NO = ["no", "n", "false", "0"];
const flag = cell.transform((s, ctx) => {
  const v = s.toLowerCase();
  if (!YES.includes(v) && !NO.includes(v)) ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.NotYesNo", { value: s })) });
  return YES.includes(v);
});

/** `aam:AIM-9L; cas:Rockeye` — a weapon is `kind:name`, weapons are separated by semicolons. */
const weapons = cell.transform((s, ctx) =>
  s
    .split(";")
    .map((w) => w.trim())
    .filter((w) => w !== "")
    .map((w) => {
      const [kindText = "", ...nameParts] = w.split(":");
      const kind = WEAPON_KINDS.find((k) => k.toLowerCase() === kindText.trim().toLowerCase());
      const name = nameParts.join(":").trim();
      if (kind === undefined || name === "") {
        ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.BadWeapon", { weapon: w, kinds: WEAPON_KINDS.join(", ") })) });
      }
      return { kind: kind ?? WEAPON_KINDS[0], name };
    }),
);

export interface ColumnSpec {
  readonly name: string;
  /** Row types that may fill the column; a value in any other row is a mistake. */
  readonly types: readonly RowType[];
  /** Row types that must fill it. */
  readonly required: readonly RowType[];
  readonly schema: z.ZodType;
}

const ALL = ROW_TYPES;
const FORCES = ["hq", "unit", "airSquadron"] as const;

function col(name: string, types: readonly RowType[], required: readonly RowType[], schema: z.ZodType): ColumnSpec {
  return { name, types, required, schema };
}

/** Every column, in the order docs/orbat.md lists them. */
export const COLUMNS: readonly ColumnSpec[] = [
  col("type", ALL, ALL, choice(ROW_TYPES)),
  col("name", ALL, ALL, cell),
  col("side", ALL, ALL, choice(SIDES)),
  col("nationality", FORCES, FORCES, choice(NATIONALITY_CODES)),
  col("parent", FORCES, [], cell),
  col("formation", ["unit"], [], cell),
  col("size", ["unit"], ["unit"], choice(UNIT_SIZES)),
  col("arm", ["unit"], ["unit"], choice(UNIT_ARMS)),
  col("strength", ["unit"], ["unit"], whole(0)),
  col("strengthMax", ["unit"], [], whole(0)),
  col("supply", ["unit"], [], whole(0)),
  col("mode", ["unit"], [], choice(["combat", "march"] as const)),
  col("minelaying", ["unit"], [], flag),
  col("overrunMp", ["unit"], [], halves),
  col("overrunHits", ["unit"], [], whole(0)),
  col("echelon", ["hq"], ["hq"], choice(ECHELONS)),
  col("level", ["hq"], ["hq"], whole(0)),
  col("levelMax", ["hq"], [], whole(0)),
  col("radius", ["hq"], [], whole(0)),
  col("supplyCounters", ["hq"], [], whole(0)),
  col("initiative", ["hq"], [], flag),
  col("mayRecover", ["hq"], [], flag),
  col("aircraft", ["airSquadron"], ["airSquadron"], cell),
  col("role", ["airSquadron"], ["airSquadron"], choice(AIR_ROLES)),
  col("airToAir", ["airSquadron"], [], whole(0, 6)),
  col("cas", ["airSquadron"], [], whole(0, 6)),
  col("deepStrike", ["airSquadron"], [], whole(0, 6)),
  col("range", ["airSquadron"], [], whole(0)),
  col("weapons", ["airSquadron"], [], weapons),
  col("recce", ["airSquadron"], [], flag),
  col("ew", ["airSquadron"], [], flag),
  col("harrier", ["airSquadron"], [], flag),
  col("box", ["airSquadron"], [], choice(AIR_BOXES)),
  col("airZone", ["airSquadron", "airbase"], ["airbase"], cell),
  col("baseCapacity", ["airbase"], [], whole(0)),
  col("airDefence", ["airbase"], [], whole(0)),
  col("notes", ["hq", "unit"], [], cell),
];

export const COLUMN_NAMES: readonly string[] = COLUMNS.map((c) => c.name);

/** The zod schema of the filled cells of one row of `type`; a missing required cell is named. */
export function rowSchema(type: RowType) {
  const shape: Record<string, z.ZodType> = {};
  for (const c of COLUMNS.filter((c) => c.types.includes(type) && c.name !== "type")) {
    shape[c.name] = c.required.includes(type) ? required(c.schema, type) : c.schema.optional();
  }
  return z.object(shape);
}

function required(schema: z.ZodType, type: RowType): z.ZodType {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v === undefined) ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Orbat.Problem.RequiredEmpty", { row: rowLabel(type) })) });
    })
    .pipe(schema);
}
