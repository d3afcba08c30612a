/**
 * The umpire's toolkit window, pure: the registered toolkit procedures a user may open, grouped by
 * toolkit (NQM, the Operational Playsheet, Team Yankee missions) in the order registered, each group
 * folded under its heading with its count, and a search over the procedures' names and lines that
 * opens every group with a match.
 */
import type { Translator } from "../../base/foundry";
import type { AnyController } from "../base/controller";
import type { DialogEntry, ToolkitId } from "../base/registry";

/** The toolkits in the window's order, with their headings. */
export const TOOLKIT_GROUPS: readonly { readonly toolkit: ToolkitId; readonly heading: string }[] = [
  { toolkit: "nqm", heading: "NOBC.Toolkit.Group.nqm" },
  { toolkit: "playsheet", heading: "NOBC.Toolkit.Group.playsheet" },
  { toolkit: "missions", heading: "NOBC.Toolkit.Group.missions" },
];

export interface ToolkitState {
  /** The ids of the procedures this user may open (worked out when the window opened). */
  readonly usable: readonly string[];
  /** The search: words each shown procedure's name or line holds (case and accents aside); "" shows all. */
  readonly query: string;
}

/** The longest search kept (a form value is data from the user). */
export const MAX_QUERY = 100;

export interface ProcedureView {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly icon: string;
}

export interface ToolkitGroupView {
  readonly toolkit: ToolkitId;
  readonly heading: string;
  readonly count: number;
  /** Unfolded: while a search is on (the group has a match), or when it is the only group. */
  readonly open: boolean;
  readonly procedures: readonly ProcedureView[];
}

export interface ToolkitView {
  readonly query: string;
  readonly groups: readonly ToolkitGroupView[];
  /** A search is on and nothing matches it. */
  readonly noMatch: boolean;
}

/** Text for matching: lower case, accents dropped ("Überschlag" finds "uberschlag"). */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether every word of the search is in the procedure's name or line. */
function matches(procedure: ProcedureView, words: readonly string[]): boolean {
  const text = folded(`${procedure.label} ${procedure.hint}`);
  return words.every((w) => text.includes(w));
}

/** The window's context: only toolkits with a procedure the user may open (and the search finds) are shown. */
export function toolkitContext(entries: readonly DialogEntry[], state: ToolkitState, i18n: Translator): ToolkitView {
  const usable = new Set(state.usable);
  const query = state.query.trim();
  const words = folded(query)
    .split(/\s+/)
    .filter((w) => w !== "");
  const groups = TOOLKIT_GROUPS.map((g) => ({
    toolkit: g.toolkit,
    heading: i18n.localize(g.heading),
    procedures: entries
      .filter((e) => e.toolkit?.toolkit === g.toolkit && usable.has(e.id))
      .map((e) => ({ id: e.id, label: i18n.localize(e.toolkit!.label), hint: i18n.localize(e.toolkit!.hint), icon: e.toolkit!.icon }))
      .filter((p) => matches(p, words)),
  })).filter((g) => g.procedures.length > 0);
  return {
    query,
    groups: groups.map((g) => ({ ...g, count: g.procedures.length, open: words.length > 0 || groups.length === 1 })),
    noMatch: words.length > 0 && groups.length === 0,
  };
}

/** Whether this user may open a procedure now: it opens with no arguments and its access lets them in. */
export function mayOpen(controller: AnyController): boolean {
  try {
    const world = controller.read();
    const start = controller.open(world, {});
    return start.ok && controller.access(start.state, world).ok;
  } catch {
    return false;
  }
}

/** The ids of the procedures this user may open (each controller loaded to ask it). */
export async function usableEntries(entries: readonly DialogEntry[]): Promise<string[]> {
  const checks = await Promise.all(entries.map(async (e) => ((await e.load().then(mayOpen, () => false)) ? e.id : null)));
  return checks.filter((id): id is string => id !== null);
}
