/**
 * What the Air War buttons and macros of steps 7–11 do inside Foundry. Arguments are checked
 * first (./macro-args.ts); access is checked on fresh data; every result is a card. Loaded on
 * first use by ./index.ts.
 */
import { recordingDice } from "../../base/dice";
import { paradropSpec } from "./paradrop";
import { deepStrikeSpec } from "./deep-strike";
import { repairSpec, rollRepair } from "./repair";
import { capacitySpec } from "./capacity";
import { airbaseRepairSpec, initialAirbaseRepair, overrunSpec, postOverrun, rollAirbaseRepair } from "./airbase-repair";
import { casReturnPost, handOverPost } from "./hand-over";
import { gmOnly, sideFor } from "./access";
import { airbaseRepairArgs, overrunArgs, parseArgs, repairArgs, sideArgs } from "./macro-args";
import { openMission, postMission, readMissionWorld, translator, warnAccess, warnRefusals, type AirMissionDialog } from "./dialog";

/** Checks a macro's arguments; warns and returns undefined when refused. */
function args<T>(parsed: { ok: true; value: T } | { ok: false; message: string }): T | undefined {
  if (parsed.ok) return parsed.value;
  warnRefusals([parsed.message]);
  return undefined;
}

function refused(access: Parameters<typeof warnAccess>[0]): false {
  warnAccess(access);
  return false;
}

/** GM: posts what each land team receives from the flying CAS and Recce squadrons. */
export async function handOverCas(): Promise<boolean> {
  const world = readMissionWorld();
  const access = gmOnly(world);
  if (!access.ok) return refused(access);
  return postMission(handOverPost(world, translator()));
}

/** GM: the squadrons back from the land battle go to the damaged box, their weapons spent. */
export async function returnCas(): Promise<boolean> {
  const world = readMissionWorld();
  const access = gmOnly(world);
  if (!access.ok) return refused(access);
  return postMission(casReturnPost(world, translator()));
}

function opener(spec: Parameters<typeof openMission>[0], macro: string) {
  return async (raw?: unknown): Promise<AirMissionDialog | null> => {
    const a = args(parseArgs(sideArgs, raw, macro));
    return a === undefined ? null : openMission(spec, a.side);
  };
}

export const openParadrop = opener(paradropSpec, "openParadrop");
export const openDeepStrike = opener(deepStrikeSpec, "openDeepStrike");
export const openRepair = opener(repairSpec, "openRepair");
export const openAirbaseRepair = opener(airbaseRepairSpec, "openAirbaseRepair");
export const openCapacity = opener(capacitySpec, "openCapacity");
export const openOverrun = opener(overrunSpec, "openOverrun");

/** `repairSide({ side, automatic? })`: rolls every damaged squadron of the side at once and posts the card. */
export async function repairSide(raw?: unknown): Promise<boolean> {
  const a = args(parseArgs(repairArgs, raw, "repairSide"));
  if (a === undefined) return false;
  const world = readMissionWorld();
  const access = sideFor(world, "squadrons", a.side);
  if (!access.ok) return refused(access);
  return postMission(rollRepair({ side: a.side, automatic: a.automatic ?? [] }, world, recordingDice(), translator()));
}

/** `repairAirbases({ side, boxes? })`: one die per airbase hit and the air-defence boxes, as one card. */
export async function repairAirbases(raw?: unknown): Promise<boolean> {
  const a = args(parseArgs(airbaseRepairArgs, raw, "repairAirbases"));
  if (a === undefined) return false;
  const world = readMissionWorld();
  const access = sideFor(world, "airbases", a.side);
  if (!access.ok) return refused(access);
  const state = a.boxes === undefined ? initialAirbaseRepair(world, a.side) : { side: a.side, boxes: a.boxes };
  return postMission(rollAirbaseRepair(state, world, recordingDice(), translator()));
}

/** `overrunAirfield({ airbase, hits })` (GM): permanent hits on an airbase overrun on the main map. */
export async function overrunAirfield(raw?: unknown): Promise<boolean> {
  const a = args(parseArgs(overrunArgs, raw, "overrunAirfield"));
  if (a === undefined) return false;
  const world = readMissionWorld();
  const access = gmOnly(world);
  if (!access.ok) return refused(access);
  return postMission(postOverrun({ airbase: a.airbase, hits: String(a.hits) }, world, translator()));
}
