/**
 * The shapes of the air battle dialogs' states (steps 1, 2 and 5), checked by the active GM before
 * it acts on a player's request: every list and string bounded. The GM then reads the world for the
 * asker and decides from that; a state only says what the asker chose.
 */
import { z } from "zod";
import { MISSION_BOXES, WP_SWITCH_LIMIT } from "../../../rules/nobc/air/index";
import { MAX_DOCS, MAX_TEXT, sideSchema, uuidList, uuidOrBlank, uuidSchema, zoneSchema } from "../schema";
import type { AllocationState } from "./allocation/state";
import type { LineUpState } from "./lineup/state";
import type { SortieState } from "./sorties/state";

export const allocationStateSchema: z.ZodType<AllocationState> = z.strictObject({
  side: sideSchema,
  zone: zoneSchema,
  rows: z
    .array(
      z.strictObject({
        squadron: uuidSchema,
        box: z.enum([...MISSION_BOXES, ""]),
        targetZone: zoneSchema,
        weaponKind: z.enum(["aam", "cas", "deepStrike", ""]),
        weaponName: z.string().max(MAX_TEXT),
      }),
    )
    .max(MAX_DOCS),
});

export const lineUpStateSchema: z.ZodType<LineUpState> = z.strictObject({
  zone: zoneSchema,
  wpLine: uuidList,
  opposite: z.array(z.strictObject({ nato: uuidSchema, wp: uuidOrBlank })).max(MAX_DOCS),
  switches: z.array(z.tuple([uuidOrBlank, uuidOrBlank])).max(WP_SWITCH_LIMIT),
  recorded: z.array(z.enum(["wpLine", "natoOpposite", "wpSwitches"])).max(3),
  bouts: z
    .array(z.strictObject({ wp: uuidSchema.nullable(), nato: uuidSchema.nullable() }))
    .max(MAX_DOCS)
    .nullable(),
});

export const sortieStateSchema: z.ZodType<SortieState> = z.strictObject({ side: sideSchema, zone: zoneSchema, selected: uuidList });
