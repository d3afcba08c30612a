/**
 * The arguments of the Air War macros (steps 7–11), checked with zod. A bad argument is refused
 * with one sentence per problem naming the field, e.g. `side: must be "nato" or "wp"`.
 */
import { z } from "zod";

const side = z.enum(["nato", "wp"], { error: 'must be "nato" or "wp"' });
const uuid = z.string({ error: "must be a document UUID (text)" }).trim().min(1, { error: "must not be empty" });
const count = (min: number) => z.int({ error: "must be a whole number" }).min(min, { error: `must be ${min} or more` });

/** `{ side? }`: which side's dialog to open (a player's own side by default; NATO for a GM). */
export const sideArgs = z.strictObject({ side: side.optional() }, { error: 'must be an object such as { side: "nato" }' });

/** `{ side, automatic? }`: repair every damaged squadron of a side; NATO may name two automatic repairs. */
export const repairArgs = z.strictObject(
  { side, automatic: z.array(uuid, { error: "must be a list of squadron UUIDs" }).optional() },
  { error: 'must be an object such as { side: "nato" }' },
);

/** `{ side, boxes? }`: repair a side's airbases; `boxes` maps an airbase UUID to air-defence boxes restored. */
export const airbaseRepairArgs = z.strictObject(
  { side, boxes: z.record(uuid, count(0), { error: "must map airbase UUIDs to whole numbers" }).optional() },
  { error: 'must be an object such as { side: "wp" }' },
);

/** `{ airbase, hits }`: an airfield overrun on the main map. */
export const overrunArgs = z.strictObject({ airbase: uuid, hits: count(1) }, { error: "must be an object such as { airbase, hits: 1 }" });

export type SideArgs = z.infer<typeof sideArgs>;

export type ParsedArgs<T> = { ok: true; value: T } | { ok: false; message: string };

/** Parses a macro's arguments; refused with every problem, each naming its field. */
export function parseArgs<T>(schema: z.ZodType<T>, args: unknown, macro: string): ParsedArgs<T> {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "";
    if (unknownKeys !== "") return `${unknownKeys}: not an argument of ${macro}`;
    const field = issue.path.map(String).join(".");
    return field === "" ? `arguments ${issue.message}` : `${field}: ${issue.message}`;
  });
  return { ok: false, message: `${macro} refused: ${problems.join("; ")}.` };
}
