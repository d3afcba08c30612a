/**
 * Macro entry points of the Land War phase dialogs, e.g. `openOrders({ hq: "Actor.abc" })`. The
 * arguments are checked with zod first (./args.ts); a bad one is refused with a warning naming the
 * field, and nothing opens.
 */
import type { z } from "zod";
import { say, warnRefused } from "../../base/foundry";
import { openDialog, type DialogEntry } from "../base/registry";
import type { NobcDialog } from "../base/dialog";
import { argumentProblems, hqArgs, optionalHqArgs, rearAreaArgs } from "./args";
import { DEMOLITION, ORDERS, REAR_AREA, RECOVERY, RESUPPLY } from "./dialogs";

async function checked(macro: string, schema: z.ZodType<object>, entry: DialogEntry, args: unknown): Promise<NobcDialog | null> {
  const problems = argumentProblems(macro, schema, args);
  if (problems.length > 0) {
    warnRefused(problems.map(say));
    return null;
  }
  return openDialog(entry, schema.parse(args ?? {}));
}

export const landPhaseMacros = {
  openOrders: (args: unknown) => checked("openOrders", hqArgs, ORDERS, args),
  openResupply: (args: unknown) => checked("openResupply", hqArgs, RESUPPLY, args),
  openHqRecovery: (args: unknown) => checked("openHqRecovery", hqArgs, RECOVERY, args),
  openRearAreaAttack: (args?: unknown) => checked("openRearAreaAttack", rearAreaArgs, REAR_AREA, args),
  openDemolition: (args?: unknown) => checked("openDemolition", optionalHqArgs, DEMOLITION, args),
};
