/** The Air War's steps 7–11: one dialog entry each, with its turn-panel button. A dialog's code loads when it first opens. */
import type { DialogEntry } from "../../base/registry";

export const PARADROP: DialogEntry = {
  id: "airMissions.paradrop",
  load: async () => (await import("./paradrop/controller")).paradropController,
  stage: { stage: "airHandOver", label: "NOBC.AirMissions.Paradrop.Button", icon: "fa-solid fa-parachute-box", gmOnly: true },
};
export const DEEP_STRIKE: DialogEntry = {
  id: "airMissions.deepStrike",
  load: async () => (await import("./deep-strike/controller")).deepStrikeController,
  stage: { stage: "airDeepStrike", label: "NOBC.AirMissions.DeepStrike.Button", icon: "fa-solid fa-bullseye", gmOnly: false },
};
export const REPAIR: DialogEntry = {
  id: "airMissions.repair",
  load: async () => (await import("./repair/controller")).repairController,
  stage: { stage: "airRepair", label: "NOBC.AirMissions.Repair.Button", icon: "fa-solid fa-screwdriver-wrench", gmOnly: false },
};
export const CAPACITY: DialogEntry = {
  id: "airMissions.capacity",
  load: async () => (await import("./capacity/controller")).capacityController,
  stage: { stage: "airCapacity", label: "NOBC.AirMissions.Capacity.Button", icon: "fa-solid fa-warehouse", gmOnly: true },
};
export const AIRBASE_REPAIR: DialogEntry = {
  id: "airMissions.airbaseRepair",
  load: async () => (await import("./airbase-repair/controller")).airbaseRepairController,
  stage: { stage: "airbaseRepair", label: "NOBC.AirMissions.AirbaseRepair.Button", icon: "fa-solid fa-trowel-bricks", gmOnly: false },
};
export const OVERRUN: DialogEntry = {
  id: "airMissions.overrun",
  load: async () => (await import("./overrun/controller")).overrunController,
  stage: { stage: "airbaseRepair", label: "NOBC.AirMissions.Overrun.Button", icon: "fa-solid fa-person-rifle", gmOnly: true },
};
