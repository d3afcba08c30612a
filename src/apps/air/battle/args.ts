/**
 * The arguments of the air battle's macro entry points, checked with zod. A bad argument is
 * refused with one sentence per problem naming the field; nothing opens, nothing is posted.
 */
import { z } from "zod";
import { boundedRecord, zoneSchema } from "../schema";
import type { Translator } from "../../../view/breakdown";
import { speak } from "../../../words/phrase";
import { issuePhrase, WITH_INPUT } from "../../../words/issues";

/** No air zone is further than this from another; a table names at most this many zones. */
export const MAX_ZONE_DISTANCE = 99;
export const MAX_ZONES = 64;

const side = z.enum(["nato", "wp"]);
const zone = zoneSchema;
const distance = z.number().int().min(0).max(MAX_ZONE_DISTANCE);

/** Air zones between two zones (either way round), as the world setting `airZoneDistances` holds them. */
export const zoneDistancesSchema = boundedRecord(zone, boundedRecord(zone, distance, MAX_ZONES), MAX_ZONES);

export const allocationArgs = z.strictObject({
  side: side.optional(),
  zone: zone.optional(),
  /**
   * Air zones between two zones (either way round); missions outside the own zone need them. A GM's
   * table is kept for the world (setting `airZoneDistances`); a player may not set it.
   */
  zoneDistances: zoneDistancesSchema.optional(),
});
export const lineUpArgs = z.strictObject({ zone: zone.optional() });
export const sortieArgs = z.strictObject({ side: side.optional(), zone: zone.optional() });
/** The GM's steps: one zone, or every zone with something to resolve. */
export const gmStepArgs = z.strictObject({ zone: zone.optional() });

export type AllocationArgs = z.infer<typeof allocationArgs>;
export type LineUpArgs = z.infer<typeof lineUpArgs>;
export type SortieArgs = z.infer<typeof sortieArgs>;
export type GmStepArgs = z.infer<typeof gmStepArgs>;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly string[] };

/** Parses a macro's arguments (missing means none); each problem names the entry point and the field. */
export function parseArgs<T>(schema: z.ZodType<T>, raw: unknown, entry: string, i18n: Translator): Parsed<T> {
  const result = schema.safeParse(raw ?? {}, WITH_INPUT);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
      const field = [...issue.path.map(String), ...keys].join(".") || i18n.localize("NOBC.AirBattle.Arguments");
      return i18n.format("NOBC.AirBattle.Refused.badArgument", { entry, field, problem: speak(issuePhrase(issue), i18n) });
    }),
  };
}
