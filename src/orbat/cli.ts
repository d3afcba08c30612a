/**
 * What `npm run orbat` (scripts/orbat.mjs) loads: the reader, the phrase writer, and the phrases
 * the command prints. Pure: the script reads the files and prints.
 */
import { phrase, type Phrase } from "../rules/resolution";
import { fileError, stopped } from "../words/file-errors";
import type { LinkEnd, OrbatPlan } from "./plan";
import type { FieldChange } from "./update";

export * from "./index";
export { langFileWording, speak } from "../words/phrase";

export const ORBAT_CLI = {
  usage: (): Phrase => phrase("NOBC.Cli.Orbat.Usage"),
  /** A file that cannot be read, as one line: no such file, a folder, no permission, or the error's words. */
  cannotRead: (file: string, error: unknown): Phrase => fileError(file, error),
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
};

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
