/**
 * The shapes of what the card queries and their macro helpers accept, checked with zod: a query's
 * data crosses the socket and a macro's arguments are typed by hand, so neither is trusted.
 * A problem is reported as a phrase, "field: what is wrong".
 */
import { z } from "zod";
import { phrase, type Phrase } from "../rules/resolution";
import { fieldProblem, listedProblems, WITH_INPUT } from "../words/issues";

/**
 * Size limits: every string and list a request carries is bounded, so a huge one costs the GM a
 * length check, never a hash, a scan or a copy. Foundry's ids are 16 characters; a UUID names a
 * few of them (an embedded card, a token's actor); a ground combat has a few units a side.
 */
export const MAX_ID = 64;
export const MAX_UUID = 256;
export const MAX_SPLIT_UNITS = 100;

/**
 * The most values (objects, lists, and every entry and leaf in them) one request may carry. The
 * largest a real request sends is an air battle's line-up of 200 squadrons, some 1,500 values; most
 * send a few dozen. Checked before any schema runs, so a forged one (100,000 unknown keys) costs the
 * GM a count that stops at the limit, never a parse and a refusal as long as the request.
 */
export const MAX_PAYLOAD_VALUES = 5_000;

/**
 * Whether `data` holds at most `max` values, counted without recursion: a list by its length and an
 * object by its number of keys, before any entry is read, so the count stops at the first list or
 * object that takes it past `max`. Query data crossed the socket as JSON: plain objects, lists and
 * leaves. (Listing an object's keys is native work in the object's size, as receiving it was.)
 */
export function withinPayloadSize(data: unknown, max = MAX_PAYLOAD_VALUES): boolean {
  const pending: unknown[] = [data];
  let values = 1;
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== "object" || value === null) continue;
    const entries = Array.isArray(value) ? (value as unknown[]) : Object.keys(value);
    values += entries.length;
    if (values > max) return false;
    if (Array.isArray(value)) pending.push(...entries);
    else for (const key of entries as string[]) pending.push((value as Record<string, unknown>)[key]);
  }
  return true;
}

/** A message's or a user's id. */
const id = z.string().min(1, "NOBC.Validation.Query.Id").max(MAX_ID);

/** A document's UUID. */
const uuid = z.string().min(1, "NOBC.Validation.Query.Id").max(MAX_UUID);

/** The id of a card's message, as the macros take it. */
export const messageIdSchema = id;

export const splitSideSchema = z.enum(["attackers", "defenders"]);

/** One unit's hits in a split; whole numbers and totals are the rules' to check, with their reasons. */
export const hitShareSchema = z.object({ actor: uuid, hits: z.number() });

/**
 * `token`: the asker's request secret, whose hash it just wrote to its own User flag, so the GM knows
 * who asks. It is exactly 64 hex digits (32 random bytes, see sessionSecret in ./register.ts); anything
 * else is refused here, before the GM hashes it. The anchored pattern fails at the 65th character.
 */
export const REQUEST_SECRET = /^[0-9a-f]{64}$/;
const token = z.string().regex(REQUEST_SECRET, "NOBC.Validation.Query.Token");

/** `seen`: the `cardDigest` of the card as the user saw it (sent by the chat buttons, not by macros). */
const seen = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "NOBC.Validation.Query.Digest")
  .optional();

export const cardQuerySchema = z.object({ messageId: id, userId: id, token, seen });

/**
 * A resolution asked of the GM: the id of the dialog (or procedure) and its state as the asker's
 * client made it. The state's shape is the dialog's own (`DialogController.stateSchema`), checked
 * by the GM once it knows which dialog is meant.
 */
export const resolveQuerySchema = z.object({ dialog: id, state: z.unknown(), userId: id, token });

export type ResolveQueryData = z.infer<typeof resolveQuerySchema>;

export const splitArgsSchema = z.object({ messageId: id, side: splitSideSchema, split: z.array(hitShareSchema).max(MAX_SPLIT_UNITS) });

export const splitQuerySchema = splitArgsSchema.extend({ userId: id, token });

/**
 * A support card assigned to a unit, or taken back (`unit: null`), asked of the GM
 * (src/queries/card-assignment.ts): the card's UUID and the unit's.
 */
export const cardAssignmentArgsSchema = z.object({ card: uuid, unit: uuid.nullable() });

export const cardAssignmentQuerySchema = cardAssignmentArgsSchema.extend({ userId: id, token });

/** A card marked for an umpire, and the umpire's ruling on it (src/queries/control-marks.ts). */
export const MARK_QUERY = "nobc.controlMark";
export const RULE_QUERY = "nobc.controlRule";
export const markQuerySchema = z.strictObject({ userId: id, token: z.string().max(64), messageId: id });

export type CardQueryData = z.infer<typeof cardQuerySchema>;
export type CardAssignmentArgs = z.infer<typeof cardAssignmentArgsSchema>;
export type SplitArgs = z.infer<typeof splitArgsSchema>;
export type SplitQueryData = z.infer<typeof splitQuerySchema>;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: Phrase[] };

/**
 * The data if it has the shape, else its problems as "field: what is wrong": the first few, and how
 * many more (`listedProblems`), so a refusal stays short whatever was sent.
 */
export function parsePayload<T>(schema: z.ZodType<T>, data: unknown): Parsed<T> {
  const parsed = schema.safeParse(data, WITH_INPUT);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: listedProblems(parsed.error.issues, (issue) => fieldProblem(issue, phrase("NOBC.Validation.Whole.Data"))) };
}
