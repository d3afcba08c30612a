/**
 * The shapes the GM checks before acting: the state a release request carries (what card, which
 * target, which identification; never the release itself), and the flag of the "release requested"
 * message a GM's client posts. Light: zod and the bounds only.
 */
import { z } from "zod";
import { hexOrEmpty, MAX_ID, uuid, uuidOrEmpty } from "../../base/state-bounds";

/** Targets, as in ./state.ts (kept here so this module stays light). */
const targets = ["nuclear", "admBridges", "admAutobahn"] as const;

/** The state a request carries. No release, no die: the GM decides and rolls. */
export const wmdStateSchema = z
  .object({
    card: uuid,
    target: z.enum(targets),
    hex: hexOrEmpty,
    otherHex: hexOrEmpty,
    identification: z.tuple([uuidOrEmpty, uuidOrEmpty]),
  })
  .strict();

/** The longest reason a GM may give for refusing a release. */
export const MAX_REFUSAL_REASON = 500;

export const WMD_REQUEST_STATUSES = ["pending", "released", "refused"] as const;
export type WmdRequestStatus = (typeof WMD_REQUEST_STATUSES)[number];

/** The flag `nobc.wmdRequest` of a "release requested" message (read only from a message a GM wrote). */
export const wmdRequestFlagSchema = z
  .object({
    state: wmdStateSchema,
    requestedBy: z.string().min(1).max(MAX_ID),
    status: z.enum(WMD_REQUEST_STATUSES),
    /** The resolution card the release posted. */
    card: z.string().max(MAX_ID).optional(),
    /** The umpire who released or refused it. */
    by: z.string().max(MAX_ID).optional(),
    /** The GM's reason for a refusal. */
    reason: z.string().max(MAX_REFUSAL_REASON).optional(),
  })
  .strict();

export type WmdRequestFlag = z.infer<typeof wmdRequestFlagSchema>;

/** The flag's key under the system's scope. */
export const WMD_REQUEST_FLAG = "wmdRequest";

/** An umpire's Release or Refuse, asked of the active GM (src/apps/land/wmd/request.ts). */
export const WMD_RULE_QUERY = "nobc.wmdRule";

export const wmdRuleQuerySchema = z
  .object({
    userId: z.string().max(MAX_ID),
    token: z.string().max(MAX_ID),
    messageId: z.string().min(1).max(MAX_ID),
    verdict: z.enum(["release", "refuse"]),
    reason: z.string().max(MAX_REFUSAL_REASON).optional(),
  })
  .strict();
export type WmdRuleQuery = z.infer<typeof wmdRuleQuerySchema>;
