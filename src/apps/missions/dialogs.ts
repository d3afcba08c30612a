/** The Team Yankee mission dialogs: the set-up and the tracker's procedures, each listed in the umpire's toolkit window. */
import type { DialogEntry } from "../base/registry";

const toolkit = (label: string, hint: string, icon: string) => ({ toolkit: "missions" as const, label, hint, icon });
const procedure = (file: () => Promise<Record<string, unknown>>, name: string) => async () => {
  const [{ procedureController }, module] = await Promise.all([import("./procedures/procedure"), file()]);
  return procedureController(module[name] as never) as never;
};

export const MISSION_SETUP: DialogEntry = {
  id: "missions.setup",
  load: async () => (await import("./setup/controller")).setupController,
  toolkit: toolkit("NOBC.Mission.Setup.Title", "NOBC.Mission.Setup.ToolkitHint", "fa-solid fa-map"),
};

/** The viewed scene's table of arrival points for scattered reserves (the GM's set-up). */
export const MISSION_ARRIVALS: DialogEntry = {
  id: "missions.arrivals",
  load: async () => (await import("./arrivals/controller")).arrivalsController,
  toolkit: toolkit("NOBC.Mission.Arrivals.Title", "NOBC.Mission.Arrivals.ToolkitHint", "fa-solid fa-arrows-to-dot"),
};

/** The procedures, in the order the tracker and the toolkit list them, with the tracker's offer of each. */
export const MISSION_PROCEDURES: readonly DialogEntry[] = [
  {
    id: "missions.reserveList",
    load: procedure(() => import("./procedures/reserve-list"), "reserveListProcedure"),
    toolkit: toolkit("NOBC.Mission.ReserveList.Title", "NOBC.Mission.ReserveList.ToolkitHint", "fa-solid fa-list-check"),
  },
  {
    id: "missions.turn",
    load: procedure(() => import("./procedures/turn"), "turnProcedure"),
    toolkit: toolkit("NOBC.Mission.Turn.Title", "NOBC.Mission.Turn.ToolkitHint", "fa-solid fa-forward-step"),
  },
  {
    id: "missions.light",
    load: procedure(() => import("./procedures/light"), "lightProcedure"),
    toolkit: toolkit("NOBC.Mission.LightCheck.Title", "NOBC.Mission.LightCheck.ToolkitHint", "fa-solid fa-sun"),
  },
  {
    id: "missions.reserves",
    load: procedure(() => import("./procedures/reserves"), "reservesProcedure"),
    toolkit: toolkit("NOBC.Mission.Reserves.Title", "NOBC.Mission.Reserves.ToolkitHint", "fa-solid fa-truck-field"),
  },
  {
    id: "missions.withdrawal",
    load: procedure(() => import("./procedures/withdrawal"), "withdrawalProcedure"),
    toolkit: toolkit("NOBC.Mission.Withdrawal.Title", "NOBC.Mission.Withdrawal.ToolkitHint", "fa-solid fa-person-walking-arrow-loop-left"),
  },
  {
    id: "missions.minefield",
    load: procedure(() => import("./procedures/minefield"), "minefieldProcedure"),
    toolkit: toolkit("NOBC.Mission.Minefield.Title", "NOBC.Mission.Minefield.ToolkitHint", "fa-solid fa-burst"),
  },
  {
    id: "missions.mineClearing",
    load: procedure(() => import("./procedures/clearing"), "clearingProcedure"),
    toolkit: toolkit("NOBC.Mission.Clearing.Title", "NOBC.Mission.Clearing.ToolkitHint", "fa-solid fa-broom"),
  },
  {
    id: "missions.ambush",
    load: procedure(() => import("./procedures/ambush"), "ambushProcedure"),
    toolkit: toolkit("NOBC.Mission.Ambush.Title", "NOBC.Mission.Ambush.ToolkitHint", "fa-solid fa-eye-slash"),
  },
  {
    id: "missions.night",
    load: procedure(() => import("./procedures/night"), "nightProcedure"),
    toolkit: toolkit("NOBC.Mission.Night.Title", "NOBC.Mission.Night.ToolkitHint", "fa-solid fa-moon"),
  },
  {
    id: "missions.objective",
    load: procedure(() => import("./procedures/objective"), "objectiveProcedure"),
    toolkit: toolkit("NOBC.Mission.Objective.Title", "NOBC.Mission.Objective.ToolkitHint", "fa-solid fa-flag"),
  },
  {
    id: "missions.victory",
    load: procedure(() => import("./procedures/victory"), "victoryProcedure"),
    toolkit: toolkit("NOBC.Mission.Victory.Title", "NOBC.Mission.Victory.ToolkitHint", "fa-solid fa-trophy"),
  },
];

export const MISSION_DIALOGS: readonly DialogEntry[] = [MISSION_SETUP, MISSION_ARRIVALS, ...MISSION_PROCEDURES];
