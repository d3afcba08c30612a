/**
 * The Umpires window's state (GM only): for each of the world's GMs and Assistant GMs, whether they
 * are an umpire and their sector (wars, HQs, areas written "0101-1020, 0305-0610"). Pure. Saved as
 * the `umpires` setting, checked with its schema (src/teams/umpires.ts).
 */
import type { War } from "../../rules/nobc/turn";
import { umpiresSchema, WARS, type Area, type Sector, type Umpires } from "../../teams/umpires";
import { formText } from "../base/controller";

export interface UmpiresWorld {
  readonly isGM: boolean;
  /** The world's GMs and Assistant GMs, in the world's order. */
  readonly gms: readonly { readonly id: string; readonly name: string }[];
  readonly hqs: readonly { readonly uuid: string; readonly name: string }[];
  readonly umpires: Umpires;
}

export interface UmpireRow {
  readonly user: string;
  readonly umpire: boolean;
  readonly wars: readonly War[];
  readonly hqs: readonly string[];
  /** The areas as typed: "0101-1020, 0305-0610". */
  readonly areas: string;
}

export interface UmpiresState {
  readonly rows: readonly UmpireRow[];
}

const areaText = (areas: readonly Area[]) => areas.map((a) => `${a.from}-${a.to}`).join(", ");

export function umpiresState(world: UmpiresWorld): UmpiresState {
  return {
    rows: world.gms.map((g) => {
      const s = Object.hasOwn(world.umpires.umpires, g.id) ? world.umpires.umpires[g.id] : undefined;
      return s === undefined
        ? { user: g.id, umpire: false, wars: [], hqs: [], areas: "" }
        : { user: g.id, umpire: true, wars: [...s.wars], hqs: [...s.hqs], areas: areaText(s.areas) };
    }),
  };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(formText);

/** Form input → state: `umpire:<user>` ticked, `war:<user>` and `hq:<user>` the ticked values, `areas:<user>` the text. */
export function umpiresFromForm(state: UmpiresState, values: Readonly<Record<string, unknown>>, world: UmpiresWorld): UmpiresState {
  const hqs = new Set(world.hqs.map((h) => h.uuid));
  return {
    rows: state.rows.map((row) => {
      if (!Object.hasOwn(values, `areas:${row.user}`)) return row;
      return {
        user: row.user,
        umpire: list(values[`umpire:${row.user}`]).some((v) => v !== "" && v !== "false"),
        wars: WARS.filter((w) => list(values[`war:${row.user}`]).includes(w)),
        hqs: [...new Set(list(values[`hq:${row.user}`]))].filter((h) => hqs.has(h)),
        areas: list(values[`areas:${row.user}`])[0]?.slice(0, 500) ?? "",
      };
    }),
  };
}

/** "0101-1020, 0305" → the areas (one hex alone is a rectangle of one), or the first piece that is not one. */
export function parseAreas(text: string): { readonly ok: true; readonly areas: Area[] } | { readonly ok: false; readonly bad: string } {
  const areas: Area[] = [];
  for (const piece of text.split(/[,;]/).map((p) => p.trim())) {
    if (piece === "") continue;
    const match = /^(\d{4})(?:\s*-\s*(\d{4}))?$/.exec(piece);
    if (match === null) return { ok: false, bad: piece };
    areas.push({ from: match[1]!, to: match[2] ?? match[1]! });
  }
  return { ok: true, areas };
}

/** The setting to save (the ticked rows), checked with its own schema; or the refusal's words. */
export function umpiresToSave(
  state: UmpiresState,
): { readonly ok: true; readonly umpires: Umpires } | { readonly ok: false; readonly key: string; readonly bad?: string } {
  const umpires: Record<string, Sector> = {};
  for (const row of state.rows) {
    if (!row.umpire) continue;
    const areas = parseAreas(row.areas);
    if (!areas.ok) return { ok: false, key: "NOBC.Umpires.BadArea", bad: areas.bad };
    umpires[row.user] = { wars: [...row.wars], hqs: [...row.hqs], areas: areas.areas };
  }
  const parsed = umpiresSchema.safeParse({ umpires });
  return parsed.success ? { ok: true, umpires: parsed.data } : { ok: false, key: "NOBC.Umpires.Invalid" };
}
