/**
 * The planner's entry points for macros and the unit sheet: open the planner, or plan, roll and
 * post one combat without it. Arguments are checked with zod first (./args.ts); a bad one is
 * refused naming the field, and nothing happens.
 */
import type { Refusal } from "../../rules/resolution";
import type { GroundCombatPlan } from "../../rules/nobc/land/combat";
import { say, translator, warnRefused } from "../../base/foundry";
import { rulesOptions } from "../../base/settings";
import { postResolution } from "../../chat/resolution-card";
import { readBattlefield } from "../../world/read";
import { recordingDice } from "../base/dice";
import { openDialog } from "../base/registry";
import type { NobcDialog } from "../base/dialog";
import { openArgsSchema, parseArgs, resolveArgsSchema, stateFromArgs } from "./args";
import { groundCombatCard } from "./card";
import { phraseWithNames } from "./context";
import { planFromState } from "./input";
import { PLANNER } from "./dialogs";

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

export type ResolveResult =
  | { readonly ok: true; readonly plan: GroundCombatPlan; readonly message: unknown }
  | { readonly ok: false; readonly refusals: readonly Refusal[] };

/** Plans, rolls and posts one combat without the dialog; refused with every reason (warned). See docs/api/foundry.md. */
export async function resolveGroundCombatFor(args: unknown): Promise<ResolveResult> {
  const parsed = parseArgs(resolveArgsSchema, args);
  if (!parsed.ok) {
    warnWithNames(parsed.refusals);
    return parsed;
  }
  const field = readBattlefield();
  const i18n = translator();
  const { input, plan } = planFromState(field, stateFromArgs(field, parsed.value, rulesOptions()));
  if (!plan.ok) {
    warnWithNames(plan.refusals, field.names);
    return plan;
  }
  return {
    ok: true,
    plan: plan.value,
    message: await postResolution(groundCombatCard(field, plan.value, input.terrain, recordingDice(), i18n)),
  };
}

/** Unit sheet action: the planner with this unit as the attacker (targets from the canvas). */
export async function planCombatFromSheet(this: { readonly document: { readonly uuid: string } }): Promise<void> {
  await openGroundCombat({ attackers: [this.document.uuid] });
}
