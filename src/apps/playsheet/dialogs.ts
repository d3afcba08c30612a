/**
 * The Operational Playsheet's procedures (seed 003): one dialog entry each, listed in the umpire's
 * toolkit window. A dialog's code and the Playsheet's rules load when it first opens.
 */
import type { DialogEntry } from "../base/registry";

const listing = (label: string, hint: string, icon: string) => ({ toolkit: "playsheet" as const, label, hint, icon });

export const MOVEMENT: DialogEntry = {
  id: "playsheet.movement",
  load: async () => (await import("./movement/controller")).movementController,
  toolkit: listing("NOBC.Playsheet.Movement.Title", "NOBC.Playsheet.Movement.Hint", "fa-solid fa-route"),
};
export const COMBAT: DialogEntry = {
  id: "playsheet.combat",
  load: async () => (await import("./combat/controller")).combatController,
  toolkit: listing("NOBC.Playsheet.Combat.Title", "NOBC.Playsheet.Combat.Hint", "fa-solid fa-burst"),
};
export const OVERRUN: DialogEntry = {
  id: "playsheet.overrun",
  load: async () => (await import("./overrun/controller")).overrunController,
  toolkit: listing("NOBC.Playsheet.Overrun.Title", "NOBC.Playsheet.Overrun.Hint", "fa-solid fa-truck-monster"),
};
export const ARTILLERY: DialogEntry = {
  id: "playsheet.artillery",
  load: async () => (await import("./artillery/controller")).artilleryController,
  toolkit: listing("NOBC.Playsheet.Artillery.Title", "NOBC.Playsheet.Artillery.Hint", "fa-solid fa-crosshairs"),
};
export const AIR_SUPPORT: DialogEntry = {
  id: "playsheet.airSupport",
  load: async () => (await import("./air-support/controller")).airSupportController,
  toolkit: listing("NOBC.Playsheet.AirSupport.Title", "NOBC.Playsheet.AirSupport.Hint", "fa-solid fa-plane-arrival"),
};
export const AIR_RECCE: DialogEntry = {
  id: "playsheet.airRecce",
  load: async () => (await import("./air-recce/controller")).airRecceController,
  toolkit: listing("NOBC.Playsheet.AirRecce.Title", "NOBC.Playsheet.AirRecce.Hint", "fa-solid fa-binoculars"),
};
export const AIR_TO_AIR: DialogEntry = {
  id: "playsheet.airToAir",
  load: async () => (await import("./air-to-air/controller")).airToAirController,
  toolkit: listing("NOBC.Playsheet.AirToAir.Title", "NOBC.Playsheet.AirToAir.Hint", "fa-solid fa-jet-fighter"),
};
export const FLAK: DialogEntry = {
  id: "playsheet.flak",
  load: async () => (await import("./flak/controller")).flakController,
  toolkit: listing("NOBC.Playsheet.Flak.Title", "NOBC.Playsheet.Flak.Hint", "fa-solid fa-explosion"),
};
export const INTERDICTION: DialogEntry = {
  id: "playsheet.interdiction",
  load: async () => (await import("./interdiction/controller")).interdictionController,
  toolkit: listing("NOBC.Playsheet.Interdiction.Title", "NOBC.Playsheet.Interdiction.Hint", "fa-solid fa-road-barrier"),
};
export const AIR_RESUPPLY: DialogEntry = {
  id: "playsheet.airResupply",
  load: async () => (await import("./air-resupply/controller")).airResupplyController,
  toolkit: listing("NOBC.Playsheet.AirResupply.Title", "NOBC.Playsheet.AirResupply.Hint", "fa-solid fa-parachute-box"),
};

/** In the order the toolkit window lists them: the ground war first, then the air. */
export const PLAYSHEET_DIALOGS: readonly DialogEntry[] = [
  MOVEMENT,
  COMBAT,
  OVERRUN,
  ARTILLERY,
  AIR_SUPPORT,
  AIR_RECCE,
  AIR_TO_AIR,
  FLAK,
  INTERDICTION,
  AIR_RESUPPLY,
];
