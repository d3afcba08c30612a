/**
 * Validation of a whole pack source: every document against its schema, then what only the pack
 * as a whole can show (ids used twice, folders of the wrong type or missing). Problems name the
 * file, the field path and what is wrong, so a failing test or an importer can point at the fix.
 */
import type { z } from "zod";
import { PACK_SCHEMAS, type PackType } from "./adventure";
import { folderDocument } from "./documents";
import { phrase, type Phrase } from "../rules/resolution";
import { issuePhrase, WITH_INPUT } from "../words/issues";
import { formatPath } from "../words/path";

export interface SourceFile {
  /** Where the document came from, e.g. its path under packs/_source. */
  readonly file: string;
  readonly data: unknown;
}

export interface SourceProblem {
  readonly file: string;
  /** Dotted field path, e.g. `system.weapons[0].name`; empty for the document as a whole. */
  readonly path: string;
  /** What is wrong, for the reader. */
  readonly text: Phrase;
}

/** `file: field: problem`, the field `(document)` for the document as a whole. */
export function formatProblem(p: SourceProblem): Phrase {
  return phrase("NOBC.Validation.SourceProblem", {
    file: p.file,
    field: p.path === "" ? phrase("NOBC.Validation.Whole.Document") : p.path,
    problem: p.text,
  });
}

function issuesOf(file: string, error: z.ZodError): SourceProblem[] {
  return error.issues.map((issue) => ({ file, path: formatPath(issue.path), text: issuePhrase(issue) }));
}

/** A Folder document is told apart by its key, which is all a folder file has in common with others. */
export function isFolderSource(data: unknown): boolean {
  return typeof data === "object" && data !== null && String((data as { _key?: unknown })._key).startsWith("!folders!");
}

/** Validates one document of a pack of `type` (or a Folder of that pack). */
export function validateDocument(type: PackType, file: string, data: unknown): SourceProblem[] {
  const schema = isFolderSource(data) ? folderDocument : PACK_SCHEMAS[type];
  const parsed = schema.safeParse(data, WITH_INPUT);
  return parsed.success ? [] : issuesOf(file, parsed.error);
}

interface Envelope {
  _id?: unknown;
  type?: unknown;
  folder?: unknown;
}

/** Validates every document of a pack and the pack's own consistency. */
export function validatePack(type: PackType, files: readonly SourceFile[]): SourceProblem[] {
  const problems = files.flatMap((f) => validateDocument(type, f.file, f.data));
  const seen = new Map<string, string>();
  const folders = new Set<string>();
  for (const { file, data } of files) {
    const doc = data as Envelope;
    const id = String(doc._id);
    const first = seen.get(id);
    if (first !== undefined) problems.push({ file, path: "_id", text: phrase("NOBC.Validation.Pack.IdUsed", { id, file: first }) });
    seen.set(id, file);
    if (isFolderSource(data)) {
      folders.add(id);
      if (doc.type !== type)
        problems.push({ file, path: "type", text: phrase("NOBC.Validation.Pack.FolderType", { type, found: String(doc.type) }) });
    }
  }
  for (const { file, data } of files) {
    const parent = (data as Envelope).folder;
    if (typeof parent === "string" && !folders.has(parent))
      problems.push({ file, path: "folder", text: phrase("NOBC.Validation.Pack.NoFolder", { folder: parent }) });
  }
  return problems;
}
