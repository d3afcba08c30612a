/**
 * Macro entry points of the Land War phase dialogs, e.g. `openOrders({ hq: "Actor.abc" })`. The
 * arguments are checked with zod first (./args.ts); a bad one is refused with a warning naming the
 * field, and nothing opens. `toggleMode` opens nothing: it asks the GM to switch units' modes.
 */
import { z } from "zod";
import { notify, say, warnRefused } from "../../base/foundry";
import { requestResolution } from "../base/request";
import { openDialog, type DialogEntry } from "../base/registry";
import type { NobcDialog } from "../base/dialog";
import { argumentProblems, hqArgs, optionalHqArgs, rearAreaArgs, wmdArgs } from "./args";
import { DEMOLITION, MODE, MOVEMENT_LOG, ORDERS, REAR_AREA, RECOVERY, RESUPPLY, WMD } from "./dialogs";

async function checked(macro: string, schema: z.ZodType<object>, entry: DialogEntry, args: unknown): Promise<NobcDialog | null> {
  const problems = argumentProblems(macro, schema, args);
  if (problems.length > 0) {
    warnRefused(problems.map(say));
    return null;
  }
  return openDialog(entry, schema.parse(args ?? {}));
}

const modeArgs = z.object({ units: z.array(z.string().min(1, "NOBC.Validation.Args.Uuid")).optional() }).strict();

interface TokenLike {
  readonly actor?: { readonly uuid: string; readonly type: string } | null;
}

/** The units of the controlled tokens. */
function selectedUnits(): string[] {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: readonly TokenLike[] } | null } }).canvas;
  return (board?.tokens?.controlled ?? []).flatMap((t) => (t.actor?.type === "unit" ? [t.actor.uuid] : []));
}

/**
 * `toggleMode({ units? })`: asks the active GM to switch each unit (the selected unit tokens by
 * default) between Combat and March Mode; the GM checks the Orders phase and the rules and posts the
 * card, which the owner applies. The pack macro "Toggle Combat or March Mode" calls it.
 */
async function toggleMode(args?: unknown): Promise<{ readonly ok: boolean; readonly result?: unknown }> {
  const problems = argumentProblems("toggleMode", modeArgs, args);
  if (problems.length > 0) {
    warnRefused(problems.map(say));
    return { ok: false };
  }
  const units = modeArgs.parse(args ?? {}).units ?? selectedUnits();
  if (units.length === 0) {
    notify("warn", "NOBC.Land.Mode.SelectUnits");
    return { ok: false };
  }
  return requestResolution(MODE.id, { units, mode: "toggle" });
}

export const landPhaseMacros = {
  toggleMode,
  openOrders: (args: unknown) => checked("openOrders", hqArgs, ORDERS, args),
  openResupply: (args: unknown) => checked("openResupply", hqArgs, RESUPPLY, args),
  openHqRecovery: (args: unknown) => checked("openHqRecovery", hqArgs, RECOVERY, args),
  openRearAreaAttack: (args?: unknown) => checked("openRearAreaAttack", rearAreaArgs, REAR_AREA, args),
  openDemolition: (args?: unknown) => checked("openDemolition", optionalHqArgs, DEMOLITION, args),
  /** `openWeaponRelease({ card?, hex? })`: the nuclear / ADM dialog, to ask Control for release (a GM releases at once). */
  openWeaponRelease: (args?: unknown) => checked("openWeaponRelease", wmdArgs, WMD, args),
  /** `oddsForSelection()`: Step One's odds of the selected units against the targeted ones, whispered to the user (writes nothing). */
  oddsForSelection: async () => (await import("./odds-check")).oddsForSelection(),
  /** `movementLog()`: the umpire's "This turn's moves" window (GM only). */
  movementLog: () => openDialog(MOVEMENT_LOG),
};
