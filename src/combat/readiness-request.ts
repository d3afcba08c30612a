/**
 * A player's ready mark is a request to the active GM (query `nobc.markReady`), as every request is
 * (src/queries/register.ts: the asker proves who they are, within their limits, the data checked
 * with zod). The GM's client checks that the mark is of the stage now on the tracker (a mark sent
 * for a stage Control has left is refused, not carried into the next), that the stage asks for it,
 * that the HQ is in the turn and that the asker plays that team or HQ (./readiness-world.ts
 * `markAllowed`), then writes the turn Combat's `ready` list, one write at a time. The marks are
 * tracker state, not the rules' (no card, nothing to undo): every stage move clears them (./advance.ts).
 */
import { z } from "zod";
import { phrase } from "../rules/resolution";
import { asGM, handler, tellRefusal } from "../queries/register";
import { gmTaskQueue } from "../queries/card-state";
import { MAX_ID, REQUEST_SECRET } from "../queries/payloads";
import type { CardResult, RequestingUser } from "../queries/card-actions";
import { errorText } from "../base/errors";
import { findTurnCombat } from "./create";
import { asksReadiness, withMark, type ReadyMark } from "./readiness";
import { markAllowed, readinessHqs, stageOf, type ReadinessCombat } from "./readiness-world";
import type { TurnSystem } from "./turn-type";

export const READY_QUERY = "nobc.markReady";

/** A mark: a team by its side, or an HQ by its world actor's UUID. */
export const readyMarkSchema = z.union([z.enum(["nato", "wp"]), z.string().regex(/^Actor\.[A-Za-z0-9]{1,64}$/, "NOBC.Teams.Problem.hq")]);

/** What a ready mark asks: the mark, ready or not, and the stage it is for (the turn and the stage's index). */
export const readyArgsSchema = z.object({
  mark: readyMarkSchema,
  ready: z.boolean(),
  turn: z.number().int().min(0),
  stage: z.number().int().min(0),
});
export type ReadyArgs = z.infer<typeof readyArgsSchema>;

export const readyQuerySchema = readyArgsSchema.extend({
  userId: z.string().min(1, "NOBC.Validation.Query.Id").max(MAX_ID),
  token: z.string().regex(REQUEST_SECRET, "NOBC.Validation.Query.Token"),
});

/** The turn Combat as the GM writes its marks. */
interface ReadyCombat extends ReadinessCombat {
  readonly type: string;
  update(data: object): Promise<unknown>;
}

function turnCombat(): ReadyCombat | undefined {
  return findTurnCombat((game as unknown as { combats?: Iterable<ReadyCombat> }).combats ?? []);
}

const denied = (key: string, data: Record<string, string | number> = {}): CardResult => ({
  ok: false,
  reason: "NOBC.Request.Refused.denied",
  refusals: [phrase(key, data)],
});

/** Marks are written one at a time, so two players' marks never overwrite each other's. */
const marking = gmTaskQueue();

/** On the active GM's client: sets or takes off `request.mark` for `asker`, if it is theirs and of the stage now. */
export function performMarkReady(request: ReadyArgs, asker: RequestingUser): Promise<CardResult> {
  return marking(
    () => markNow(request, asker),
    (): CardResult => ({ ok: false, reason: "NOBC.Chat.Refused.timedOut" }),
  );
}

async function markNow(request: ReadyArgs, asker: RequestingUser): Promise<CardResult> {
  const combat = turnCombat();
  if (combat === undefined) return denied("NOBC.Turn.Ready.Refused.noTurn");
  const system = combat.system as TurnSystem;
  const position = stageOf(system);
  if (position === null) return denied("NOBC.Turn.Ready.Refused.noTurn");
  if (system.turn !== request.turn || system.stage !== request.stage) return denied("NOBC.Turn.Ready.Refused.stale");
  if (!asksReadiness(position.current.id)) return denied("NOBC.Turn.Ready.Refused.notAsked");
  const mark = request.mark as ReadyMark;
  if (mark !== "nato" && mark !== "wp" && !readinessHqs(combat).some((h) => h.uuid === mark))
    return denied("NOBC.Turn.Ready.Refused.notInTurn", { uuid: mark });
  if (!markAllowed(asker)(mark)) return denied("NOBC.Turn.Ready.Refused.notYours");
  const marks = system.ready ?? [];
  const next = withMark(marks, mark, request.ready);
  // Nothing changes (marked twice, or taken off when not set): nothing written.
  if (next.join(" ") === [...marks].sort().join(" ")) return { ok: true };
  try {
    await combat.update({ system: { ready: next } });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: "NOBC.Chat.Refused.failed", details: [errorText(error)] };
  }
}

/** On init: the GM's handler of `nobc.markReady`. */
export function registerReadyQuery(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[READY_QUERY] = handler(readyQuerySchema, (data, user) =>
    performMarkReady({ mark: data.mark, ready: data.ready, turn: data.turn, stage: data.stage }, user),
  );
}

/**
 * Asks the active GM to mark `mark` ready (or not) for the stage now on the tracker; a GM marks at
 * once. Refusals are told. True when the mark stands as asked.
 */
export async function requestReady(mark: ReadyMark, ready: boolean): Promise<boolean> {
  const system = turnCombat()?.system as TurnSystem | undefined;
  const request: ReadyArgs = { mark, ready, turn: system?.turn ?? 0, stage: system?.stage ?? 0 };
  const result = await asGM(READY_QUERY, request, (me) => performMarkReady(request, me), tellRefusal);
  return result.ok;
}
