/**
 * The one path from a checked result to chat, run on the active GM's client: every refusal returned
 * (nothing posted), a once-only card refused while its key stands applied, a card refused while
 * another card of the GM's holds one of its subjects (`PostResolutionInput.holds`), else the card posted
 * (pending until someone applies it) or the work run. Requests from dialogs, macros and the GM's
 * own buttons all end here (./request.ts). Loads no Foundry class, so a light module may use it.
 */
import { format, localize, warnRefused } from "../../base/foundry";
import { postResolution } from "../../chat/resolution-card";
import { gmTaskQueue, heldSubject, onceKeyHolder } from "../../queries/card-state";
import { nameOf } from "../../chat/render";
import type { Access, Claims, Denied, Submission, Verdict } from "./controller";
import type { CardRuling, StageOverride } from "../../chat/card-data";
import type { TurnAction } from "../../rules/nobc/stage-actions";

/** What the request path writes on the card besides the controller's own: its turn action and a GM's override of its stage. */
export interface CardStamp {
  readonly action?: TurnAction;
  readonly overrides?: readonly StageOverride[];
  /** An umpire's ruling that posts the card (a release): the card names it. */
  readonly rulings?: readonly CardRuling[];
}

/** Posted (or run), with what came of it; or refused, with every reason in the user's language. */
export type Decided = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly refusals: readonly string[] };

/** Warns with the reason of a denial; nothing changes. */
export function refuse(denial: Denied): void {
  warnRefused(format(denial.reason, denial.data));
}

/**
 * Carries out an accepted verdict (the card posted, authored by this client's user, with
 * `requestedBy` named on it when another user asked), or returns every refusal.
 */
export async function decide(verdict: Verdict<Submission>, requestedBy?: string, stamp: CardStamp = {}): Promise<Decided> {
  if (!verdict.ok) return { ok: false, refusals: verdict.refusals };
  const submission = verdict.value;
  if ("run" in submission) {
    const done = await submission.run(stamp);
    return done.ok ? { ok: true, result: done.value } : done;
  }
  const asked = { ...submission.card, ...(requestedBy === undefined ? {} : { requestedBy }), ...stamp };
  return oneCardAtATime(async () => {
    // Checked again here, with the card posted in the same step: two requests answered side by side.
    const taken = claimRefusals(asked);
    return taken === undefined ? { ok: true, result: await postResolution(asked) } : { ok: false, refusals: taken };
  });
}

/**
 * Why a card with these claims may not be posted (in the GM's words), or undefined: another card
 * stands applied with its once-only key (undo it to redo this; said now rather than at Apply), or
 * holds one of its subjects (held from the moment a card is posted: delete or release that card to
 * redo). The request path asks this before any die is rolled (./request.ts), `decide` again when posting.
 */
export function claimRefusals({ once, holds }: Claims): string[] | undefined {
  if (once !== undefined && onceKeyHolder(once) !== undefined) return [localize("NOBC.Chat.Refused.onceOnly")];
  const held = heldSubject(holds ?? []);
  if (held !== undefined) return [format("NOBC.Request.Refused.held", { subject: subjectName(held.subject) })];
  return undefined;
}

/**
 * The check of a card's key and holds and its posting, one card at a time on this client: two
 * requests naming one subject, answered side by side, would otherwise both pass the check before
 * either card is posted. A message the server never answers holds the queue only for the GM tasks'
 * time limit (the late request is told its outcome is unknown).
 */
const posting = gmTaskQueue();

function oneCardAtATime(task: () => Promise<Decided>): Promise<Decided> {
  return posting(task, (): Decided => ({ ok: false, refusals: [localize("NOBC.Chat.Refused.timedOut")] }));
}

/** A held subject ("attack:<unit uuid>:<turn>", "card:<uuid>", "target:<hex>:<turn>") by what it names: the document's name, or the hex. */
function subjectName(subject: string): string {
  const ref = subject.split(":")[1] ?? subject;
  return nameOf(ref);
}

/**
 * A GM's button without a dialog (a GM's step, a macro run by the GM): who may, then the verdict,
 * carried out here; every refusal warned. Anything a player may ask goes through a request instead.
 */
export async function submitDirect(access: Access, verdict: () => Verdict<Submission>): Promise<Decided> {
  if (!access.ok) {
    refuse(access);
    return { ok: false, refusals: [] };
  }
  const decided = await decide(verdict());
  if (!decided.ok) warnRefused(decided.refusals);
  return decided;
}
