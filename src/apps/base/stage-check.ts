/**
 * The request path's reading of the stage table (src/rules/nobc/stage-actions.ts): a turn action is
 * asked for only in its stages. A player is refused elsewhere, with the stages named; a GM's
 * request goes on and its card names the override from the start. Every card of a turn action
 * carries its action, so Apply and Undo read the same table (src/chat/card-data.ts). With no turn
 * on the tracker no stage limits anything (docs/rules-decisions.md). Pure.
 */
import type { StageOverride, TurnClock } from "../../chat/card-data";
import { phrase, type Phrase } from "../../rules/resolution";
import { isTurnAction, stageAllows, stagesFor } from "../../rules/nobc/stage-actions";
import { STAGES, type StageId } from "../../rules/nobc/turn";
import type { CardStamp } from "./submit";

/** The asker as the check reads it. */
interface Asker {
  readonly id: string;
  readonly isGM: boolean;
}

const labelOf = (stage: StageId): Phrase => phrase(STAGES.find((s) => s.id === stage)?.label ?? stage);

/** The stages as one phrase: "A", "A or B", "A, B or C". */
function stageList(stages: readonly StageId[]): Phrase {
  const [first, ...rest] = stages;
  if (first === undefined) return phrase("NOBC.Stage.None");
  if (rest.length === 0) return labelOf(first);
  return phrase("NOBC.Stage.Or", { first: labelOf(first), rest: stageList(rest) });
}

/** What the request path makes of `dialog` asked for at `now`: refused, or what its card carries. */
export function stageRequest(
  dialog: string,
  now: TurnClock | null,
  asker: Asker,
): { readonly ok: true; readonly stamp: CardStamp } | { readonly ok: false; readonly refusal: Phrase } {
  if (!isTurnAction(dialog)) return { ok: true, stamp: {} };
  if (now === null || stageAllows("request", dialog, now.stage)) return { ok: true, stamp: { action: dialog } };
  if (!asker.isGM) return { ok: false, refusal: phrase("NOBC.Stage.Refused.request", { stages: stageList(stagesFor("request", dialog)) }) };
  const override: StageOverride = { step: "request", stage: now.stage, by: asker.id };
  return { ok: true, stamp: { action: dialog, overrides: [override] } };
}
