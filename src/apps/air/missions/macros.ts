/**
 * The Air War's steps 7–11 for macros (`game.nobc.air`) and the hand-over button. Arguments are
 * checked first (./args.ts). A side's own rolls (repairs) are requests to the active GM, who reads
 * the world for the asker, rolls and posts (../../base/request.ts); the umpire's steps (hand-over,
 * return, overrun) run on a GM's client and refuse a player. Every result is one card (a refusal
 * warned with every reason, nothing posted).
 */
import { say, translator, warnRefused } from "../../../base/foundry";
import { cardOf, type Access, type Card } from "../../base/controller";
import { requestResolution } from "../../base/request";
import { openDialog, type DialogEntry } from "../../base/registry";
import type { NobcDialog } from "../../base/dialog";
import { submitDirect } from "../../base/submit";
import { initialAirbaseRepair, type AirbaseRepairState } from "./airbase-repair/state";
import { postOverrun } from "./overrun/state";
import type { RepairState } from "./repair/state";
import { casReturnPost, handOverPost } from "./steps";
import { airbaseRepairArgs, overrunArgs, overrunOpenArgs, parseArgs, repairArgs, sideArgs, type ParsedArgs } from "./args";
import type { z } from "zod";
import { AIRBASE_REPAIR, CAPACITY, DEEP_STRIKE, OVERRUN, PARADROP, REPAIR } from "./dialogs";
import { gmOnly, readMissionWorld, type MissionWorld } from "./world";
import type { Checked } from "../../../rules/resolution";
import type { Translator } from "./view";

/** Checks a macro's arguments; warns and returns undefined when refused. */
function args<T>(parsed: ParsedArgs<T>): T | undefined {
  if (parsed.ok) return parsed.value;
  warnRefused(say(parsed.text));
  return undefined;
}

/** Posts the card of a button without a dialog for a user `access` lets through; true when posted. */
async function post(
  access: (world: MissionWorld) => Access,
  card: (world: MissionWorld, i18n: Translator) => Checked<Card>,
): Promise<boolean> {
  const world = readMissionWorld();
  return (await submitDirect(access(world), () => cardOf(card(world, translator()), translator()))).ok;
}

/** GM: posts what each land team receives from the flying CAS and Recce squadrons. */
export function handOverCas(): Promise<boolean> {
  return post(gmOnly, handOverPost);
}

/** GM: the squadrons back from the land battle go to the damaged box, their weapons spent. */
export function returnCas(): Promise<boolean> {
  return post(gmOnly, casReturnPost);
}

function opener(entry: DialogEntry, macro: string, schema: z.ZodType<object> = sideArgs) {
  return async (raw?: unknown): Promise<NobcDialog | null> => {
    const a = args(parseArgs(schema, raw, macro));
    return a === undefined ? null : openDialog(entry, a);
  };
}

export const openParadrop = opener(PARADROP, "openParadrop");
export const openDeepStrike = opener(DEEP_STRIKE, "openDeepStrike");
export const openRepair = opener(REPAIR, "openRepair");
export const openAirbaseRepair = opener(AIRBASE_REPAIR, "openAirbaseRepair");
export const openCapacity = opener(CAPACITY, "openCapacity");
export const openOverrun = opener(OVERRUN, "openOverrun", overrunOpenArgs);

/**
 * `repairSide({ side, automatic? })`: asks the active GM to roll every damaged squadron of the side
 * at once (the repair dialog's request); the GM checks who asks, rolls and posts the card.
 */
export async function repairSide(raw?: unknown): Promise<boolean> {
  const a = args(parseArgs(repairArgs, raw, "repairSide"));
  if (a === undefined) return false;
  const state: RepairState = { side: a.side, automatic: a.automatic ?? [] };
  return (await requestResolution(REPAIR.id, state)).ok;
}

/**
 * `repairAirbases({ side, boxes? })`: asks the active GM for one die per airbase hit and the
 * air-defence boxes, as one card (the airbase repair dialog's request). Without `boxes` the rules'
 * own split as this client reads it: a choice the owner may make, checked by the rules on the GM.
 */
export async function repairAirbases(raw?: unknown): Promise<boolean> {
  const a = args(parseArgs(airbaseRepairArgs, raw, "repairAirbases"));
  if (a === undefined) return false;
  const state: AirbaseRepairState =
    a.boxes === undefined ? initialAirbaseRepair(readMissionWorld(), a.side) : { side: a.side, boxes: a.boxes };
  return (await requestResolution(AIRBASE_REPAIR.id, state)).ok;
}

/** `overrunAirfield({ airbase, hits })` (GM): permanent hits on an airbase overrun on the main map. */
export async function overrunAirfield(raw?: unknown): Promise<boolean> {
  const a = args(parseArgs(overrunArgs, raw, "overrunAirfield"));
  if (a === undefined) return false;
  return post(gmOnly, (world, i18n) => postOverrun({ airbase: a.airbase, hits: String(a.hits) }, world, i18n));
}

/** The macro entry points (for `game.nobc.air`); each checks its arguments and says plainly what it refused. */
export const airMissionMacros = {
  handOverCas,
  returnCas,
  openParadrop,
  openDeepStrike,
  openRepair,
  repairSide,
  openCapacity,
  openAirbaseRepair,
  repairAirbases,
  openOverrun,
  overrunAirfield,
};
