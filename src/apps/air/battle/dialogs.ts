/** The Air War's steps 1, 2 and 5: one dialog entry each (the side's own choices), opened by id; its code loads on first use. */
import type { DialogEntry } from "../../base/registry";

export const ALLOCATION: DialogEntry = {
  id: "air.allocation",
  load: async () => (await import("./allocation/controller")).allocationController,
  stage: { stage: "airAllocation", label: "NOBC.AirBattle.Action.allocation", icon: "fa-solid fa-plane-departure", gmOnly: false },
};
export const LINE_UP: DialogEntry = {
  id: "air.lineUp",
  load: async () => (await import("./lineup/controller")).lineUpController,
  stage: { stage: "airLineup", label: "NOBC.AirBattle.Action.lineUp", icon: "fa-solid fa-jet-fighter", gmOnly: false },
};
export const SORTIES: DialogEntry = {
  id: "air.sorties",
  load: async () => (await import("./sorties/controller")).sortiesController,
  stage: { stage: "airSorties", label: "NOBC.AirBattle.Action.sorties", icon: "fa-solid fa-list-check", gmOnly: false },
};
/** The GM's table of distances between air zones (world setting `airZoneDistances`), beside step 1. */
export const ZONE_DISTANCES: DialogEntry = {
  id: "air.zoneDistances",
  load: async () => (await import("./distances/controller")).zoneDistancesController,
  stage: { stage: "airAllocation", label: "NOBC.AirZones.Action", icon: "fa-solid fa-ruler-combined", gmOnly: true },
};
