/**
 * The shapes of what the card queries and their macro helpers accept, checked with zod: a query's
 * data crosses the socket and a macro's arguments are typed by hand, so neither is trusted.
 * A problem is reported as a phrase, "field: what is wrong".
 */
import { z } from "zod";
import { phrase, type Phrase } from "../rules/resolution";
import { fieldProblem, WITH_INPUT } from "../words/issues";

const id = z.string().min(1, "NOBC.Validation.Query.Id");

export const splitSideSchema = z.enum(["attackers", "defenders"]);

/** One unit's hits in a split; whole numbers and totals are the rules' to check, with their reasons. */
export const hitShareSchema = z.object({ actor: id, hits: z.number() });

/** `token`: what the asker just wrote to its own User flag, so the GM knows who asks. */
const token = z.string().min(1, "NOBC.Validation.Query.Token");

/** `seen`: the `cardDigest` of the card as the user saw it (sent by the chat buttons, not by macros). */
const seen = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "NOBC.Validation.Query.Digest")
  .optional();

export const cardQuerySchema = z.object({ messageId: id, userId: id, token, seen });

export const splitArgsSchema = z.object({ messageId: id, side: splitSideSchema, split: z.array(hitShareSchema) });

export const splitQuerySchema = splitArgsSchema.extend({ userId: id, token });

export type CardQueryData = z.infer<typeof cardQuerySchema>;
export type SplitArgs = z.infer<typeof splitArgsSchema>;
export type SplitQueryData = z.infer<typeof splitQuerySchema>;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: Phrase[] };

/** The data if it has the shape, else every problem as "field: what is wrong". */
export function parsePayload<T>(schema: z.ZodType<T>, data: unknown): Parsed<T> {
  const parsed = schema.safeParse(data, WITH_INPUT);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => fieldProblem(issue, phrase("NOBC.Validation.Whole.Data"))) };
}
