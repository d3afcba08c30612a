/**
 * The planner's entry points for macros and the unit sheet: open the planner, or ask the active GM
 * to plan, roll and post one combat without it. Arguments are checked with zod first (./args.ts); a
 * bad one is refused naming the field, and nothing happens. The GM's client decides: this client
 * only previews the plan (to refuse at once with the rules' reasons) and sends the choices.
 */
import type { Refusal } from "../../rules/resolution";
import { phrase } from "../../rules/resolution";
import type { GroundCombatPlan } from "../../rules/nobc/land/combat";
import { say, warnRefused } from "../../base/foundry";
import { openDialog } from "../base/registry";
import { requestResolution } from "../base/request";
import type { NobcDialog } from "../base/dialog";
import { openArgsSchema, parseArgs, resolveArgsSchema, stateFromArgs } from "./args";
import { phraseWithNames } from "./context";
import { planFromState } from "./input";
import { plannerAccess } from "./access";
import { readPlannerWorld } from "./world";
import { PLANNER } from "./dialogs";
import { stateTurnCombat, withTurnLimits } from "./turn-limits";

/** Warns with every reason, references written as names. */
function warnWithNames(refusals: readonly Refusal[], names: ReadonlyMap<string, string> = new Map()): void {
  warnRefused(refusals.map((r) => say(phraseWithNames(r.text, names))));
}

/** Opens the planner (`{ attackers?: actor UUIDs, target?: "CCRR" }`; the canvas selection otherwise). Bad arguments: warned, null. */
export async function openGroundCombat(args: unknown = {}): Promise<NobcDialog | null> {
  const parsed = parseArgs(openArgsSchema, args);
  if (!parsed.ok) {
    warnWithNames(parsed.refusals);
    return null;
  }
  return openDialog(PLANNER, parsed.value);
}

/**
 * Posted: the plan as this client previewed it (the card holds the GM's, made from its own read)
 * and the GM's message. Refused: the reasons found here (the GM's own refusals are warned, not
 * returned, and `refusals` is then empty).
 */
export type ResolveResult =
  | { readonly ok: true; readonly plan: GroundCombatPlan; readonly message: unknown }
  | { readonly ok: false; readonly refusals: readonly Refusal[] };

/**
 * Asks the active GM to plan, roll and post one combat without the dialog (the request of the
 * planner, `groundCombat.plan`); refused with every reason (warned). See docs/api/foundry.md.
 */
export async function resolveGroundCombatFor(args: unknown): Promise<ResolveResult> {
  const parsed = parseArgs(resolveArgsSchema, args);
  if (!parsed.ok) {
    warnWithNames(parsed.refusals);
    return parsed;
  }
  const world = readPlannerWorld();
  const state = stateFromArgs(world.field, parsed.value, world.options);
  const access = plannerAccess(state, world);
  if (!access.ok) {
    const field = access.data?.["field"];
    const refusal: Refusal = { code: "denied", text: phrase(access.reason, access.data), field: typeof field === "string" ? field : "" };
    warnWithNames([refusal]);
    return { ok: false, refusals: [refusal] };
  }
  const plan = withTurnLimits(planFromState(world.field, state).plan, world, () => stateTurnCombat(world.field, state));
  if (!plan.ok) {
    warnWithNames(plan.refusals, world.field.names);
    return plan;
  }
  // The planner's controller answers on a GM's own client (a GM's macro); a player's request names it by id.
  const asked = await requestResolution(PLANNER.id, state, await PLANNER.load());
  return asked.ok ? { ok: true, plan: plan.value, message: asked.result } : { ok: false, refusals: [] };
}

/** Unit sheet action: the planner with this unit as the attacker (targets from the canvas). */
export async function planCombatFromSheet(this: { readonly document: { readonly uuid: string } }): Promise<void> {
  await openGroundCombat({ attackers: [this.document.uuid] });
}
