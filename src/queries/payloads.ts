/**
 * The shapes of what the card queries and their macro helpers accept, checked with zod: a query's
 * data crosses the socket and a macro's arguments are typed by hand, so neither is trusted.
 * A problem is reported as "field: what is wrong".
 */
import { z } from "zod";
import { formatPath } from "../schemas/path";

const id = z.string().min(1, "must be a non-empty id");

export const splitSideSchema = z.enum(["attackers", "defenders"]);

/** One unit's hits in a split; whole numbers and totals are the rules' to check, with their reasons. */
export const hitShareSchema = z.object({ actor: id, hits: z.number() });

/** `token`: what the asker just wrote to its own User flag, so the GM knows who asks. */
const token = z.string().min(1, "must be the request token");

/** `seen`: the `cardDigest` of the card as the user saw it (sent by the chat buttons, not by macros). */
const seen = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "must be a card digest (64 hex digits)")
  .optional();

export const cardQuerySchema = z.object({ messageId: id, userId: id, token, seen });

export const splitArgsSchema = z.object({ messageId: id, side: splitSideSchema, split: z.array(hitShareSchema) });

export const splitQuerySchema = splitArgsSchema.extend({ userId: id, token });

export type CardQueryData = z.infer<typeof cardQuerySchema>;
export type SplitArgs = z.infer<typeof splitArgsSchema>;
export type SplitQueryData = z.infer<typeof splitQuerySchema>;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: string[] };

/** The data if it has the shape, else every problem as "field: message". */
export function parsePayload<T>(schema: z.ZodType<T>, data: unknown): Parsed<T> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => `${formatPath(issue.path) || "(data)"}: ${issue.message}`) };
}
