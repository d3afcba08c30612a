/**
 * The shapes of the Air War dialogs' states (steps 7–11), checked by the active GM before it acts
 * on a request: every list, record and string bounded. The GM then reads the world for the asker
 * and decides from that (who may, which squadrons are damaged, the air-defence values); a state
 * only says what the asker chose.
 */
import { z } from "zod";
import { MAX_TEXT, boundedRecord, sideSchema, uuidList, uuidOrBlank, uuidSchema } from "../schema";
import type { AirbaseRepairState } from "./airbase-repair/state";
import type { CapacityState } from "./capacity/state";
import type { DeepStrikeState } from "./deep-strike/state";
import type { OverrunState } from "./overrun/state";
import type { ParadropState } from "./paradrop/state";
import type { RepairState } from "./repair/state";

/** A number the form gave (the rules refuse one that is not whole or out of range, naming it). */
const formNumber = z.number();
/** A target as `kind::ref` (see deep-strike/state.ts `targetValue`), or "". */
const MAX_TARGET = 300;

export const paradropStateSchema: z.ZodType<ParadropState> = z.strictObject({
  side: sideSchema,
  brigade: uuidSchema.nullable(),
  transports: uuidList,
  level: z.enum(["contested", "superiority", "supremacy"]),
  winner: sideSchema.nullable(),
  adjacentToEnemy: z.boolean(),
  onAirfield: z.boolean(),
  override: z.string().max(MAX_TEXT),
});

export const deepStrikeStateSchema: z.ZodType<DeepStrikeState> = z.strictObject({
  side: sideSchema,
  attackers: uuidList,
  order: boundedRecord(uuidSchema, formNumber),
  strikes: uuidList,
  chemical: uuidSchema.nullable(),
  target: z.string().max(MAX_TARGET),
  aim: z.enum(["target", "airDefence"]),
  airDefence: z.string().max(MAX_TEXT),
});

export const repairStateSchema: z.ZodType<RepairState> = z.strictObject({
  side: sideSchema,
  automatic: uuidList,
  only: uuidList.optional(),
});

export const capacityStateSchema: z.ZodType<CapacityState> = z.strictObject({ bases: boundedRecord(uuidSchema, uuidOrBlank) });

export const airbaseRepairStateSchema: z.ZodType<AirbaseRepairState> = z.strictObject({
  side: sideSchema,
  boxes: boundedRecord(uuidSchema, formNumber),
});

export const overrunStateSchema: z.ZodType<OverrunState> = z.strictObject({
  airbase: uuidSchema.nullable(),
  hits: z.string().max(MAX_TEXT),
});
