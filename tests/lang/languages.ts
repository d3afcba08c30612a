/**
 * The languages the gallery and the language tests render in: English (lang/en.json), German
 * (lang/de.json, when the file exists) and the pseudo-locale made from English (./pseudo.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { LangTree } from "../../src/words/phrase";
import { PSEUDO_TAG, pseudoTree } from "./pseudo";

export interface Language {
  /** BCP 47 tag the words are written in (numbers, plural forms). */
  readonly tag: string;
  readonly tree: LangTree;
}

/** The repository this file is in (resolved when called: the gallery bundle passes its own). */
const repoRoot = (): string => resolve(__dirname, "../..");

/** A lang file of the repository, or undefined when it does not exist. */
export function readLang(file: string, repo = repoRoot()): LangTree | undefined {
  const path = join(repo, "lang", file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as LangTree) : undefined;
}

export function english(repo = repoRoot()): Language {
  const tree = readLang("en.json", repo);
  if (tree === undefined) throw new Error("lang/en.json is missing");
  return { tag: "en", tree };
}

/** German, once lang/de.json exists; undefined before. */
export function german(repo = repoRoot()): Language | undefined {
  const tree = readLang("de.json", repo);
  return tree === undefined ? undefined : { tag: "de", tree };
}

export function pseudo(repo = repoRoot()): Language {
  return { tag: PSEUDO_TAG, tree: pseudoTree(english(repo).tree) };
}
