/**
 * The arguments of the Land War macros, checked with zod. A bad one is refused with a sentence
 * naming the macro and the field, and nothing opens.
 */
import { z } from "zod";
import { phrase, type Phrase } from "../../rules/resolution";
import { issuePhrase, WITH_INPUT } from "../../words/issues";

const uuid = z.string().min(1, "NOBC.Validation.Args.Uuid");
export const hqArgs = z.object({ hq: uuid }).strict();
export const optionalHqArgs = z.object({ hq: uuid.optional() }).strict();
export const rearAreaArgs = z.object({ target: uuid.optional(), side: z.enum(["nato", "wp"]).optional() }).strict();

export const wmdArgs = z
  .object({
    card: uuid.optional(),
    hex: z
      .string()
      .regex(/^\d{4}$/, "NOBC.Map.Problem.HexLabel")
      .optional(),
  })
  .strict();

export type HqArgs = z.infer<typeof optionalHqArgs>;
export type RearAreaArgs = z.infer<typeof rearAreaArgs>;

/** Every problem with a macro's arguments, one sentence each naming the macro and the field; empty when fine. */
export function argumentProblems(macro: string, schema: z.ZodType, args: unknown): Phrase[] {
  const parsed = schema.safeParse(args ?? {}, WITH_INPUT);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : phrase("NOBC.Validation.Whole.Arguments");
    return phrase("NOBC.Validation.Args.MacroProblem", { macro, field, problem: issuePhrase(issue) });
  });
}
