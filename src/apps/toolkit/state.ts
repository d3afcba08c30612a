/**
 * The umpire's toolkit window, pure: the registered toolkit procedures a user may open, grouped by
 * toolkit (NQM, the Operational Playsheet, Team Yankee missions) in the order registered.
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
}

export interface ProcedureView {
  readonly id: string;
  readonly label: string;
  readonly hint: string;
  readonly icon: string;
}

export interface ToolkitView {
  readonly groups: readonly { readonly heading: string; readonly procedures: readonly ProcedureView[] }[];
}

/** The window's context: only toolkits with a procedure the user may open are shown. */
export function toolkitContext(entries: readonly DialogEntry[], state: ToolkitState, i18n: Translator): ToolkitView {
  const usable = new Set(state.usable);
  return {
    groups: TOOLKIT_GROUPS.map((g) => ({
      heading: i18n.localize(g.heading),
      procedures: entries
        .filter((e) => e.toolkit?.toolkit === g.toolkit && usable.has(e.id))
        .map((e) => ({ id: e.id, label: i18n.localize(e.toolkit!.label), hint: i18n.localize(e.toolkit!.hint), icon: e.toolkit!.icon })),
    })).filter((g) => g.procedures.length > 0),
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
