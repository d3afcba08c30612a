/**
 * The Air War's steps 7–11 in play: the turn panel's buttons and the macro entry points. Light on
 * purpose (imported on init): every action loads ./macros.ts, and with it the dialogs and the
 * rules they call, on first use.
 */
import { registerStageAction } from "../../../combat/registry";

type Macros = typeof import("./macros");

const load = (): Promise<Macros> => import("./macros");

/** The macro entry points (for `game.nobc`); each checks its arguments and says plainly what it refused. */
export const airMissionMacros = {
  handOverCas: async () => (await load()).handOverCas(),
  returnCas: async () => (await load()).returnCas(),
  openParadrop: async (args?: unknown) => (await load()).openParadrop(args),
  openDeepStrike: async (args?: unknown) => (await load()).openDeepStrike(args),
  openRepair: async (args?: unknown) => (await load()).openRepair(args),
  repairSide: async (args?: unknown) => (await load()).repairSide(args),
  openCapacity: async (args?: unknown) => (await load()).openCapacity(args),
  openAirbaseRepair: async (args?: unknown) => (await load()).openAirbaseRepair(args),
  repairAirbases: async (args?: unknown) => (await load()).repairAirbases(args),
  openOverrun: async (args?: unknown) => (await load()).openOverrun(args),
  overrunAirfield: async (args?: unknown) => (await load()).overrunAirfield(args),
};

/** The turn panel's buttons for steps 7–11 (call once, on init). */
export function registerAirMissionActions(): void {
  registerStageAction({
    id: "airMissions.handOver",
    stage: "airHandOver",
    label: "NOBC.AirMissions.HandOver.Button",
    icon: "fa-solid fa-handshake",
    gmOnly: true,
    run: airMissionMacros.handOverCas,
  });
  registerStageAction({
    id: "airMissions.paradrop",
    stage: "airHandOver",
    label: "NOBC.AirMissions.Paradrop.Button",
    icon: "fa-solid fa-parachute-box",
    gmOnly: true,
    run: () => airMissionMacros.openParadrop(),
  });
  registerStageAction({
    id: "airMissions.deepStrike",
    stage: "airDeepStrike",
    label: "NOBC.AirMissions.DeepStrike.Button",
    icon: "fa-solid fa-bullseye",
    gmOnly: false,
    run: () => airMissionMacros.openDeepStrike(),
  });
  registerStageAction({
    id: "airMissions.repair",
    stage: "airRepair",
    label: "NOBC.AirMissions.Repair.Button",
    icon: "fa-solid fa-screwdriver-wrench",
    gmOnly: false,
    run: () => airMissionMacros.openRepair(),
  });
  registerStageAction({
    id: "airMissions.capacity",
    stage: "airCapacity",
    label: "NOBC.AirMissions.Capacity.Button",
    icon: "fa-solid fa-warehouse",
    gmOnly: true,
    run: () => airMissionMacros.openCapacity(),
  });
  registerStageAction({
    id: "airMissions.airbaseRepair",
    stage: "airbaseRepair",
    label: "NOBC.AirMissions.AirbaseRepair.Button",
    icon: "fa-solid fa-trowel-bricks",
    gmOnly: false,
    run: () => airMissionMacros.openAirbaseRepair(),
  });
  registerStageAction({
    id: "airMissions.overrun",
    stage: "airbaseRepair",
    label: "NOBC.AirMissions.Overrun.Button",
    icon: "fa-solid fa-person-rifle",
    gmOnly: true,
    run: () => airMissionMacros.openOverrun(),
  });
}
