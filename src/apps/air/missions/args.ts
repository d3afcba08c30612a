/**
 * The arguments of the Air War macros (steps 7–11), checked with zod. A bad argument is refused
 * with one sentence per problem naming the field, e.g. `side: must be "nato" or "wp"`.
 */
import { z } from "zod";
import { phrase, type Phrase } from "../../../rules/resolution";
import { issuePhrase, WITH_INPUT } from "../../../words/issues";

const side = z.enum(["nato", "wp"], { error: "NOBC.Validation.Args.Side" });
const uuid = z.string({ error: "NOBC.Validation.Args.UuidText" }).trim().min(1, { error: "NOBC.Validation.Pack.NotEmpty" });
const count = (min: number) => z.int({ error: "NOBC.Validation.Args.Whole" }).min(min, { error: "NOBC.Validation.Args.AtLeast" });

/** `{ side? }`: which side's dialog to open (a player's own side by default; NATO for a GM). */
export const sideArgs = z.strictObject({ side: side.optional() }, { error: "NOBC.Validation.Args.SideObject" });

/** `{ side, automatic? }`: repair every damaged squadron of a side; NATO may name two automatic repairs. */
export const repairArgs = z.strictObject(
  { side, automatic: z.array(uuid, { error: "NOBC.Validation.Args.Squadrons" }).optional() },
  { error: "NOBC.Validation.Args.SideObject" },
);

/** `{ side, boxes? }`: repair a side's airbases; `boxes` maps an airbase UUID to air-defence boxes restored. */
export const airbaseRepairArgs = z.strictObject(
  { side, boxes: z.record(uuid, count(0), { error: "NOBC.Validation.Args.Boxes" }).optional() },
  { error: "NOBC.Validation.Args.SideObject" },
);

/** `{ airbase, hits }`: an airfield overrun on the main map. */
export const overrunArgs = z.strictObject({ airbase: uuid, hits: count(1) }, { error: "NOBC.Validation.Args.OverrunObject" });

/** `{ side?, airbase? }`: the overrun dialog, opened for one airbase (as the map's offer does). */
export const overrunOpenArgs = z.strictObject(
  { side: side.optional(), airbase: uuid.optional() },
  { error: "NOBC.Validation.Args.SideObject" },
);

export type SideArgs = z.infer<typeof sideArgs>;

/** A refusal says, as one phrase, which macro refused and every problem, each naming its field. */
export type ParsedArgs<T> = { ok: true; value: T } | { ok: false; text: Phrase };

/** Parses a macro's arguments; refused with every problem, each naming its field. */
export function parseArgs<T>(schema: z.ZodType<T>, args: unknown, macro: string): ParsedArgs<T> {
  const parsed = schema.safeParse(args ?? {}, WITH_INPUT);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map((issue): Phrase => {
    const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "";
    if (unknownKeys !== "") return phrase("NOBC.Validation.Args.NotAnArgument", { keys: unknownKeys, macro });
    const field = issue.path.map(String).join(".");
    return field === ""
      ? phrase("NOBC.Validation.Args.WholeProblem", { problem: issuePhrase(issue) })
      : phrase("NOBC.Validation.Problem", { field, problem: issuePhrase(issue) });
  });
  const list = problems.slice(1).reduce((all, next) => phrase("NOBC.Validation.Args.More", { first: all, next }), problems[0]!);
  return { ok: false, text: phrase("NOBC.Validation.Args.Refused", { macro, problems: list }) };
}
