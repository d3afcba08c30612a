/**
 * The bounds every Air War request is checked against on the GM's client (the state of a dialog
 * crosses the socket, so each list, record and string has a limit): a few pieces the battle's and
 * the missions' state schemas share.
 */
import { z } from "zod";
import { MAX_ID, MAX_UUID } from "../../queries/payloads";
import { phrase } from "../../rules/resolution";
import { said } from "../../words/issues";

/** Squadrons, airbases or cards one request may name: far more than a scenario holds. */
export const MAX_DOCS = 200;
/** A name typed by hand (a weapon card), or a number typed as text. */
export const MAX_TEXT = 100;

export const sideSchema = z.enum(["nato", "wp"]);
/** A document's UUID. */
export const uuidSchema = z.string().min(1, "NOBC.Validation.Pack.NotEmpty").max(MAX_UUID);
/** A UUID or "" (nothing chosen). */
export const uuidOrBlank = z.string().max(MAX_UUID);
/** An air zone's name ("" is the zone of squadrons not yet given one). */
export const zoneSchema = z.string().max(MAX_ID);
/** A list of UUIDs. */
export const uuidList = z.array(uuidSchema).max(MAX_DOCS);

/** A record with at most `max` entries, each key bounded. */
export function boundedRecord<V extends z.ZodType>(key: z.ZodString, value: V, max = MAX_DOCS) {
  return z.record(key, value).refine((r) => Object.keys(r).length <= max, said(phrase("NOBC.Validation.TooBig.Items", { count: max })));
}
