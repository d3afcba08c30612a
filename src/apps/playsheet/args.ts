/** The Playsheet macro's arguments, checked at the edge: which procedure, and the fields to open it on. */
import { z } from "zod";

export const PLAYSHEET_PROCEDURES = [
  "movement",
  "combat",
  "overrun",
  "artillery",
  "airSupport",
  "airRecce",
  "airToAir",
  "flak",
  "interdiction",
  "airResupply",
] as const;

export type PlaysheetProcedureName = (typeof PLAYSHEET_PROCEDURES)[number];

/** `open(procedure, fields?)`: the fields themselves are checked by the dialog's own state schema when it opens. */
export const playsheetOpenArgs = z
  .object({ procedure: z.enum(PLAYSHEET_PROCEDURES), fields: z.record(z.string().max(100), z.unknown()).optional() })
  .strict();
