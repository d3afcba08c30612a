/**
 * What the import dialog's template shows, built from plain data so the template can be rendered
 * in tests with the same context the dialog gives it.
 */
import { speak, type Wording } from "../words/phrase";
import type { RowType } from "./columns";
import type { OrbatImport } from "./index";
import { formatProblem } from "./problems";
import { ORBAT_EXAMPLE_PATH } from "./help";

export interface FolderLine {
  readonly name: string;
  /** Nesting depth, 0 for the root folder. */
  readonly depth: number;
  readonly actors: number;
}

export interface CountRow {
  readonly type: RowType;
  readonly label: string;
  readonly nato: number;
  readonly wp: number;
}

/** An actor of the world the import changes, each change as "column: from → to" cells. */
export interface UpdateLine {
  readonly name: string;
  readonly type: RowType;
  readonly changes: readonly { readonly column: string; readonly from: string; readonly to: string }[];
}

export interface ImportDialogContext {
  readonly text: string;
  readonly rootFolder: string;
  readonly source: string | null;
  readonly problems: string[] | null;
  /** How the file was read, when the GM should check it (a guessed encoding). */
  readonly warnings: string[];
  readonly preview: {
    readonly counts: CountRow[];
    readonly folders: FolderLine[];
    readonly actors: number;
    readonly links: number;
    /** Actors of the world that change, each with every change (the dry run). */
    readonly updates: UpdateLine[];
    /** Nothing is created or changed: the file is what the world holds. */
    readonly unchanged: boolean;
  } | null;
  readonly busy: boolean;
  /** The shipped example file, offered for download. */
  readonly examplePath: string;
}

const TYPE_LABELS: Record<RowType, string> = {
  hq: "NOBC.Orbat.Type.hq",
  unit: "NOBC.Orbat.Type.unit",
  airbase: "NOBC.Orbat.Type.airbase",
  airSquadron: "NOBC.Orbat.Type.airSquadron",
};

export interface DialogState {
  readonly text: string;
  readonly rootFolder: string;
  /** The file the text came from, if any. */
  readonly source: string | null;
  readonly result: OrbatImport | null;
  readonly busy: boolean;
}

/** The template's data; problems are written with `words` (Foundry's `game.i18n` in play). */
export function importDialogContext(state: DialogState, words: Wording): ImportDialogContext {
  const base = { text: state.text, rootFolder: state.rootFolder, source: state.source, busy: state.busy, examplePath: ORBAT_EXAMPLE_PATH };
  const r = state.result;
  if (r === null) return { ...base, problems: null, warnings: [], preview: null };
  const warnings = r.warnings.map((w) => speak(w, words));
  if (!r.ok) return { ...base, problems: r.problems.map((p) => speak(formatProblem(p), words)), warnings, preview: null };
  const counts = (Object.keys(r.summary) as RowType[])
    .map((type) => ({ type, label: TYPE_LABELS[type], ...r.summary[type] }))
    .filter((c) => c.nato + c.wp > 0);
  const depthOf = new Map<string, number>();
  const folders = r.plan.folders.map((f) => {
    const depth = f.folder === null ? 0 : depthOf.get(f.folder)! + 1;
    depthOf.set(f._id, depth);
    return { name: f.name, depth, actors: r.plan.actors.filter((a) => a.folder === f._id).length };
  });
  return {
    ...base,
    problems: null,
    warnings,
    preview: {
      counts,
      folders: treeOrder(r.plan.folders, folders),
      actors: r.plan.actors.length,
      links: r.plan.links.length,
      updates: r.plan.updates.map((u) => ({ name: u.name, type: u.type, changes: u.changes })),
      unchanged: r.plan.actors.length === 0 && r.plan.updates.length === 0 && r.plan.links.length === 0,
    },
  };
}

/** Folders listed as a tree: each followed by its children, so indentation reads right. */
function treeOrder(plan: readonly { _id: string; folder: string | null }[], lines: readonly FolderLine[]): FolderLine[] {
  const out: FolderLine[] = [];
  const visit = (parent: string | null) =>
    plan.forEach((f, i) => {
      if (f.folder !== parent) return;
      out.push(lines[i]!);
      visit(f._id);
    });
  visit(null);
  return out;
}
