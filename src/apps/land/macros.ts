/**
 * Macro entry points of the Land War phase dialogs, e.g. `openOrders({ hq: "Actor.abc" })`. The
 * arguments are checked with zod first; a bad one is refused with a warning naming the field, and
 * nothing opens. The dialogs' code loads on first use.
 */
import { z } from "zod";
import { warnReasons } from "./foundry";

const uuid = z.string().min(1, "must be a document UUID");
const HqArgs = z.object({ hq: uuid }).strict();
const OptionalHqArgs = z.object({ hq: uuid.optional() }).strict();
const RearAreaArgs = z.object({ target: uuid.optional(), side: z.enum(["nato", "wp"]).optional() }).strict();

/** Every problem with a macro's arguments, one sentence each naming the field; empty when fine. */
export function argumentProblems(macro: string, schema: z.ZodType, args: unknown): string[] {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : "(arguments)";
    return `${macro}: ${field}: ${issue.message}.`;
  });
}

async function checked<T>(macro: string, schema: z.ZodType<T>, args: unknown, open: (a: T) => Promise<unknown>): Promise<unknown> {
  const problems = argumentProblems(macro, schema, args);
  if (problems.length > 0) {
    warnReasons(problems);
    return null;
  }
  return open(schema.parse(args ?? {}));
}

export const landPhaseMacros = {
  openOrders: (args: unknown) => checked("openOrders", HqArgs, args, async (a) => (await import("./dialogs")).openOrdersDialog(a.hq)),
  openResupply: (args: unknown) => checked("openResupply", HqArgs, args, async (a) => (await import("./dialogs")).openResupplyDialog(a.hq)),
  openHqRecovery: (args: unknown) => checked("openHqRecovery", HqArgs, args, async (a) => (await import("./dialogs")).openRecoveryDialog(a.hq)),
  openRearAreaAttack: (args?: unknown) =>
    checked("openRearAreaAttack", RearAreaArgs, args, async (a) => (await import("./dialogs")).openRearAreaDialog(a.target, a.side)),
  openDemolition: (args?: unknown) => checked("openDemolition", OptionalHqArgs, args, async (a) => (await import("./dialogs")).openDemolitionDialog(a.hq)),
};
