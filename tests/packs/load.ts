/** Reads system.json's packs and their source files, as the build does. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PackDocumentType, SourceFile } from "../../src/schemas/index";

export const ROOT = path.resolve(__dirname, "../..");
export const SOURCE_ROOT = path.join(ROOT, "packs", "_source");

export interface DeclaredPack {
  readonly name: string;
  readonly label: string;
  readonly path: string;
  readonly type: PackDocumentType;
  readonly system: string;
  readonly ownership?: Record<string, string>;
  readonly source: string;
}

export interface Manifest {
  packs: DeclaredPack[];
  packFolders?: { name: string; packs: string[]; folders: unknown[] }[];
}

export function manifest(): Manifest {
  const m = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as Manifest;
  m.packs = m.packs.map((p) => ({ ...p, source: path.join(SOURCE_ROOT, path.basename(p.path)) }));
  return m;
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : [full];
  });
}

/** Every JSON source of a pack folder, with its path relative to the repository. */
export function readSources(dir: string): SourceFile[] {
  return listFiles(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ file: path.relative(ROOT, f), data: JSON.parse(readFileSync(f, "utf8")) as unknown }));
}

/** The primary documents (folders left out) of a declared pack, typed loosely for content checks. */
export function documentsOf<T = Record<string, unknown>>(name: string): T[] {
  const pack = manifest().packs.find((p) => p.name === name);
  if (!pack) throw new Error(`system.json declares no pack ${name}`);
  return readSources(pack.source)
    .map((s) => s.data as { _key: string })
    .filter((d) => !d._key.startsWith("!folders!")) as T[];
}

export function foldersOf(name: string): { _id: string; name: string; folder: string | null }[] {
  const pack = manifest().packs.find((p) => p.name === name)!;
  return readSources(pack.source)
    .map((s) => s.data as { _key: string; _id: string; name: string; folder: string | null })
    .filter((d) => d._key.startsWith("!folders!"));
}
