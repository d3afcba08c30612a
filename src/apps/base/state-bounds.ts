/**
 * Pieces of the dialogs' state schemas (`DialogController.stateSchema`): a state crosses the socket
 * from the asker's client, so every string, list and record in it is bounded, and a record's size
 * is checked before any of its entries is read. Each problem is a lang key the GM's refusal words
 * with the field named.
 */
import { z } from "zod";
import { phrase } from "../../rules/resolution";
import { said } from "../../words/issues";
import { MAX_ID, MAX_UUID } from "../../queries/payloads";

export { MAX_ID, MAX_UUID };

/** The most entries a list or record of a dialog's state may hold (units, cards, bridges of one request). */
export const MAX_ENTRIES = 100;

/** A document's UUID (an actor, an embedded card); "" where the state allows none. */
export const uuidOrEmpty = z.string().max(MAX_UUID);
export const uuid = uuidOrEmpty.min(1, "NOBC.Validation.Query.Id");

/** A hex label ("0201"), or "" for none. */
export const hexOrEmpty = z.string().max(8);

/** A short piece of typed text (a hexside typed by hand). */
export const shortText = z.string().max(MAX_ID);

/** A list of at most `max` entries. */
export function boundedList<T extends z.ZodType>(item: T, max = MAX_ENTRIES) {
  return z.array(item).max(max);
}

/**
 * A record of at most `max` keys, each a UUID (or `key`): the key count is checked first, so a
 * huge record is refused without its entries being read.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max = MAX_ENTRIES) {
  return z
    .unknown()
    .superRefine((input, ctx) => {
      if (typeof input === "object" && input !== null && !Array.isArray(input) && Object.keys(input).length > max)
        ctx.addIssue({ code: "custom", ...said(phrase("NOBC.Validation.TooBig.Items", { count: max })) });
    })
    .pipe(z.record(key, value));
}
