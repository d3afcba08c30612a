/**
 * What `npm run orbat` (scripts/orbat.mjs) loads: the reader, the phrase writer, and the phrases
 * the command prints. Pure: the script reads the files and prints.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { fileError, stopped } from "../words/file-errors";
import { z } from "zod";
import type { WorldActorData } from "./fields";
import type { ActorUpdate, LinkEnd, OrbatPlan } from "./plan";
import type { FieldChange } from "./update";

export * from "./index";
export { langFileWording, speak } from "../words/phrase";

export const ORBAT_CLI = {
  usage: (): Phrase => phrase("NOBC.Cli.Orbat.Usage"),
  /** A file that cannot be read, as one line: no such file, a folder, no permission, or the error's words. */
  cannotRead: (file: string, error: unknown): Phrase => fileError(file, error),
  cannotWrite: (file: string, error: unknown): Phrase => fileError(file, error, true),
  stopped: (error: unknown): Phrase => stopped("npm run orbat", error),
  refused: (file: string, count: number): Phrase => phrase("NOBC.Cli.Orbat.Refused", { file, count }),
  sound: (file: string, format: string, counts: { actors: number; folders: number; links: number }): Phrase =>
    phrase("NOBC.Cli.Orbat.Sound", {
      file,
      format: format.toUpperCase(),
      actors: phrase("NOBC.Cli.Orbat.Actors", { count: counts.actors }),
      folders: phrase("NOBC.Cli.Orbat.Folders", { count: counts.folders }),
      links: phrase("NOBC.Cli.Orbat.Links", { count: counts.links }),
    }),
  /** The root folder a check plans with (nothing is created). */
  rootFolder: (): Phrase => phrase("NOBC.Orbat.DefaultRoot"),
  /** The sheet's name in an exported workbook. */
  sheetName: (): Phrase => phrase("NOBC.Theatre.SheetName"),
  /** A world's data that holds no actor the export writes. */
  noActors: (source: string): Phrase => phrase("NOBC.Cli.Orbat.NoActors", { source }),
  exported: (file: string, format: string, rows: number, source: string): Phrase =>
    phrase("NOBC.Cli.Orbat.Exported", { file, format: format.toUpperCase(), rows: phrase("NOBC.Cli.Orbat.Rows", { count: rows }), source }),
  /** The dry run against a world: how many of its actors change, then each change. */
  updates: (count: number): Phrase => phrase("NOBC.Cli.Orbat.Updates", { count }),
  unchanged: (): Phrase => phrase("NOBC.Cli.Orbat.Unchanged"),
  change: (name: string, column: string, from: string, to: string): Phrase =>
    phrase("NOBC.Cli.Orbat.Change", { name, column, from: from === "" ? "—" : from, to: to === "" ? "—" : to }),
};

/** One line per change of each updated actor, as the import dialog lists them. */
export function changeLines(updates: readonly ActorUpdate[]): Phrase[] {
  return updates.flatMap((u) => u.changes.map((c) => ORBAT_CLI.change(u.name, c.column, c.from, c.to)));
}

/** An actor document as a world's data holds it (`fvtt package unpack`, Foundry's Export Data): what the export reads of it. */
const actorDocument = z.looseObject({
  _id: z.string().min(1),
  name: z.string(),
  type: z.string(),
  system: z.record(z.string(), z.unknown()),
});

/**
 * The actors among a world's exported documents (a folder's JSON files, or one file of an actor or
 * a list of them); anything else there (folders, items, scenes) is skipped. A world actor's UUID is
 * `Actor.<id>`, as its links hold it.
 */
export function worldActorsOf(documents: readonly unknown[]): WorldActorData[] {
  const out: WorldActorData[] = [];
  for (const doc of documents.flatMap((d) => (Array.isArray(d) ? (d as unknown[]) : [d]))) {
    const read = actorDocument.safeParse(doc);
    if (!read.success) continue;
    const key = typeof read.data["_key"] === "string" ? read.data["_key"] : `!actors!${read.data._id}`;
    // A LevelDB export names each document's collection in its key; only the world's actors are read.
    if (!key.startsWith("!actors!")) continue;
    const { _id, name, type, system } = read.data;
    out.push({ id: _id, uuid: `Actor.${_id}`, name, type, system });
  }
  return out;
}

/** A plan as plain JSON for scripts: folders by path of names, actors with their folder's path, links by actor names. */
export interface PlanJson {
  readonly file: string;
  readonly format: string;
  readonly warnings: readonly string[];
  readonly folders: { readonly id: string; readonly name: string; readonly parent: string | null; readonly path: string[] }[];
  readonly actors: { readonly name: string; readonly type: string; readonly folder: string[]; readonly system: unknown }[];
  readonly links: { readonly from: string; readonly field: string; readonly to: string }[];
  /** Actors of the world the file changes, each change as cells (`--world`). */
  readonly updates: { readonly name: string; readonly type: string; readonly line: number; readonly changes: readonly FieldChange[] }[];
}

export function planJson(file: string, format: string, plan: OrbatPlan, warnings: readonly string[]): PlanJson {
  const byId = new Map(plan.folders.map((f) => [f._id, f]));
  const endName = (end: LinkEnd) => (typeof end === "number" ? plan.actors[end]!.name : end.name);
  const path = (id: string | null): string[] => {
    const folder = id === null ? undefined : byId.get(id);
    return folder === undefined ? [] : [...path(folder.folder), folder.name];
  };
  return {
    file,
    format,
    warnings,
    folders: plan.folders.map((f) => ({ id: f._id, name: f.name, parent: f.folder, path: path(f._id) })),
    actors: plan.actors.map((a) => ({ name: a.name, type: a.type, folder: path(a.folder), system: a.system })),
    links: plan.links.map((l) => ({ from: endName(l.from), field: l.field, to: endName(l.to) })),
    updates: plan.updates.map((u) => ({ name: u.name, type: u.type, line: u.line, changes: u.changes })),
  };
}
