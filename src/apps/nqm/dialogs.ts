/**
 * The Not Quite Mechanised toolkit's procedures: one dialog entry each, listed in the umpire's
 * toolkit window (`toolkit: "nqm"`). A dialog's code loads when it first opens.
 */
import type { DialogEntry } from "../base/registry";

export const RECCE: DialogEntry = {
  id: "nqm.recce",
  load: async () => (await import("./recce/controller")).recceController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Recce.Title", hint: "NOBC.Nqm.Recce.ToolkitHint", icon: "fa-solid fa-binoculars" },
};

export const MEETING: DialogEntry = {
  id: "nqm.meeting",
  load: async () => (await import("./meeting/controller")).meetingController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Meeting.Title", hint: "NOBC.Nqm.Meeting.ToolkitHint", icon: "fa-solid fa-people-arrows" },
};

export const FIREFIGHT: DialogEntry = {
  id: "nqm.firefight",
  load: async () => (await import("./firefight/controller")).firefightController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Firefight.Title", hint: "NOBC.Nqm.Firefight.ToolkitHint", icon: "fa-solid fa-person-rifle" },
};

export const MORALE: DialogEntry = {
  id: "nqm.morale",
  load: async () => (await import("./morale/controller")).moraleController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Morale.Title", hint: "NOBC.Nqm.Morale.ToolkitHint", icon: "fa-solid fa-flag" },
};

export const REORGANISATION: DialogEntry = {
  id: "nqm.reorganisation",
  load: async () => (await import("./reorganisation/controller")).reorganisationController,
  toolkit: {
    toolkit: "nqm",
    label: "NOBC.Nqm.Reorganisation.Title",
    hint: "NOBC.Nqm.Reorganisation.ToolkitHint",
    icon: "fa-solid fa-kit-medical",
  },
};

export const ARTILLERY: DialogEntry = {
  id: "nqm.artillery",
  load: async () => (await import("./artillery/controller")).artilleryController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Artillery.Title", hint: "NOBC.Nqm.Artillery.ToolkitHint", icon: "fa-solid fa-explosion" },
};

export const ASSAULT: DialogEntry = {
  id: "nqm.assault",
  load: async () => (await import("./assault/controller")).assaultController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Assault.Title", hint: "NOBC.Nqm.Assault.ToolkitHint", icon: "fa-solid fa-hand-fist" },
};

export const AIR: DialogEntry = {
  id: "nqm.air",
  load: async () => (await import("./air/controller")).airController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Air.Title", hint: "NOBC.Nqm.Air.ToolkitHint", icon: "fa-solid fa-jet-fighter" },
};

/** The optional house rule: opens only when the world setting puts it in play. */
export const DISCIPLINE: DialogEntry = {
  id: "nqm.discipline",
  load: async () => (await import("./discipline/controller")).disciplineController,
  toolkit: {
    toolkit: "nqm",
    label: "NOBC.Nqm.Discipline.Title",
    hint: "NOBC.Nqm.Discipline.ToolkitHint",
    icon: "fa-solid fa-person-military-pointing",
  },
};

export const COMMAND: DialogEntry = {
  id: "nqm.command",
  load: async () => (await import("./command/controller")).commandController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Command.Title", hint: "NOBC.Nqm.Command.ToolkitHint", icon: "fa-solid fa-clock" },
};

export const LOGISTICS: DialogEntry = {
  id: "nqm.logistics",
  load: async () => (await import("./logistics/controller")).logisticsController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.Logistics.Title", hint: "NOBC.Nqm.Logistics.ToolkitHint", icon: "fa-solid fa-truck" },
};

/** The optional house rule: opens only when the world setting puts it in play. */
export const SUPPLY_CHECK: DialogEntry = {
  id: "nqm.supplyCheck",
  load: async () => (await import("./supply-check/controller")).supplyCheckController,
  toolkit: { toolkit: "nqm", label: "NOBC.Nqm.SupplyCheck.Title", hint: "NOBC.Nqm.SupplyCheck.ToolkitHint", icon: "fa-solid fa-gas-pump" },
};

/** In the toolkit window's order. */
export const NQM_DIALOGS: readonly DialogEntry[] = [
  RECCE,
  MEETING,
  FIREFIGHT,
  ARTILLERY,
  AIR,
  ASSAULT,
  MORALE,
  DISCIPLINE,
  REORGANISATION,
  COMMAND,
  LOGISTICS,
  SUPPLY_CHECK,
];
