/**
 * The one path from a checked result to chat: every refusal warned at once (nothing posted), a
 * once-only card refused while its key stands applied, else the card posted (pending until someone
 * applies it) or the work run. The dialogs take it at Submit; the GM's buttons without a dialog take
 * it too. Loads no Foundry class, so a light module may use it.
 */
import { format, localize, warnRefused } from "../../base/foundry";
import { postResolution } from "../../chat/resolution-card";
import { onceHolder, readLedger } from "../../queries/ledger";
import type { Access, Denied, Submission, Verdict } from "./controller";

/** Posted (or run), with what came of it; or refused, and the user was told why. */
export type Done = { readonly ok: true; readonly result: unknown } | { readonly ok: false };

const NOT_DONE: Done = { ok: false };

/** Warns with the reason of a denial; nothing changes. */
export function refuse(denial: Denied): void {
  warnRefused(format(denial.reason, denial.data));
}

/** Carries out an accepted verdict, or warns with every refusal. */
export async function carryOut(verdict: Verdict<Submission>): Promise<Done> {
  if (!verdict.ok) {
    warnRefused(verdict.refusals);
    return NOT_DONE;
  }
  const submission = verdict.value;
  if ("run" in submission) return { ok: true, result: await submission.run() };
  const { once } = submission.card;
  // Said now rather than at Apply: that card stands applied (undo it to redo this).
  if (once !== undefined && onceHolder(readLedger(), once) !== undefined) {
    warnRefused(localize("NOBC.Chat.Refused.onceOnly"));
    return NOT_DONE;
  }
  return { ok: true, result: await postResolution(submission.card) };
}

/** A button without a dialog (a GM's step, a macro): who may, then the verdict, carried out. */
export async function submitDirect(access: Access, verdict: () => Verdict<Submission>): Promise<Done> {
  if (!access.ok) {
    refuse(access);
    return NOT_DONE;
  }
  return carryOut(verdict());
}
