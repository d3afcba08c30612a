/**
 * Control's confirm before Next leaves a stage with someone not ready (issue #31, item 3): the
 * dialog names every team and HQ still to act (with its players and what the rules still want of
 * it); Control may stay, or go on, and the stage entered records who it went on without
 * (./readiness.ts `readinessOnMove`). With everyone done nothing is asked. Loaded on the first Next.
 */
import { localize, renderTemplate, translator } from "../base/foundry";
import { notReady, overriddenMarks } from "./readiness";
import { readReadiness, stageOf, type ReadinessCombat } from "./readiness-world";
import { TURN_TEMPLATES } from "./tracker";
import type { TurnSystem } from "./turn-type";

/** The dialog's context: the stage left and who is not ready in it. */
export function confirmContext(combat: ReadinessCombat): { stage: string; who: ReturnType<typeof notReady> } | null {
  const view = readReadiness(combat);
  if (view === null || view.allDone) return null;
  const position = stageOf(combat.system as TurnSystem);
  return { stage: translator().localize(position?.current.label ?? ""), who: notReady(view) };
}

/** Asks Control whether to go on; the marks of who was not ready when it does, [] when nobody was, null to stay. */
export async function confirmLeave(combat: ReadinessCombat): Promise<readonly string[] | null> {
  const context = confirmContext(combat);
  if (context === null) return [];
  const content = await renderTemplate(TURN_TEMPLATES.readyConfirm, context);
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title: localize("NOBC.Turn.Ready.Confirm.Title") },
    content,
  } as never);
  if (answer !== true) return null;
  // Read again: a mark may have arrived while the dialog was open.
  const view = readReadiness(combat);
  return view === null ? [] : overriddenMarks(view);
}
