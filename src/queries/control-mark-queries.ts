/**
 * The queries of a card's mark for an umpire and the umpire's ruling (./control-marks.ts), registered
 * on init; the module that answers them loads on the first.
 */
import { handler } from "./register";
import { MARK_QUERY, markQuerySchema, RULE_QUERY } from "./payloads";

const marks = () => import("./control-marks");

export function registerMarkQueries(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  queries[MARK_QUERY] = handler(markQuerySchema, async (data, user) => (await marks()).performMark(data.messageId, user));
  queries[RULE_QUERY] = handler(markQuerySchema, async (data, user) => (await marks()).performRule(data.messageId, user));
}
