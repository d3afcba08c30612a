// Shared by the pack scripts: where sources live, how files are named, and which packs exist.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { root } from "./script-paths.mjs";

export { root };
export const sourceRoot = path.join(root, "packs", "_source");

/** A file or folder name from a document name: lower case, ASCII letters and digits joined by hyphens. */
export function slug(name) {
  const s = String(name ?? "")
    .replace(/[łŁ]/g, "l")
    .replace(/ß/g, "ss")
    .replace(/[øØ]/g, "o")
    .replace(/[æÆ]/g, "ae")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return s || "unnamed";
}

/** The packs system.json declares, each with its source folder. */
export async function declaredPacks() {
  const manifest = JSON.parse(await readFile(path.join(root, "system.json"), "utf8"));
  return (manifest.packs ?? []).map((p) => ({ ...p, source: path.join(sourceRoot, path.basename(p.path)) }));
}

/** Every source file of a pack folder, recursively, as `{ file, data }` (file relative to the repo). */
export async function readSources(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await readSources(full)));
    else if (entry.name.endsWith(".json")) out.push({ file: path.relative(root, full), data: JSON.parse(await readFile(full, "utf8")) });
  }
  return out;
}

/** Fields Foundry rewrites on every save; left out of sources so diffs show only real changes. */
const VOLATILE_STATS = ["createdTime", "modifiedTime", "lastModifiedBy"];

/** Drops volatile `_stats` fields from a document and everything embedded in it. */
export function stripVolatile(doc) {
  if (Array.isArray(doc)) {
    doc.forEach(stripVolatile);
  } else if (doc && typeof doc === "object") {
    if (doc._stats && typeof doc._stats === "object") for (const k of VOLATILE_STATS) delete doc._stats[k];
    for (const value of Object.values(doc)) if (value && typeof value === "object") stripVolatile(value);
  }
  return doc;
}
