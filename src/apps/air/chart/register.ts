/**
 * The Air War charts on init: the window's dialog entry, a button on the turn panel in each of the
 * eleven Air War steps (for everyone: a player's chart shows their own sides), and a redraw of every
 * open chart when a squadron or airbase changes (a card applied or undone shows its moves at once).
 * Light on purpose: the window's code loads when it first opens.
 */
import { registerStageAction } from "../../../combat/registry";
import { STAGES } from "../../../rules/nobc/turn";
import { openDialog, openDialogsOf, registerDialog } from "../../base/registry";
import { AIR_CHART } from "./dialogs";

let pending = false;

/** One redraw of the open charts for a burst of changes (an Apply writes many squadrons at once). */
export function redrawCharts(): void {
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    for (const app of openDialogsOf(AIR_CHART.id)) void app.render();
  });
}

const AIR_TYPES = new Set(["airSquadron", "airbase"]);

export function registerAirChart(): void {
  registerDialog(AIR_CHART);
  for (const stage of STAGES.filter((s) => s.war === "air")) {
    registerStageAction({
      id: `${AIR_CHART.id}.${stage.id}`,
      stage: stage.id,
      label: "NOBC.AirChart.Action",
      icon: "fa-solid fa-table-cells-large",
      gmOnly: false,
      run: () => openDialog(AIR_CHART),
    });
  }
  for (const hook of ["createActor", "updateActor", "deleteActor"] as const) {
    Hooks.on(hook, ((actor: { type?: string }) => {
      if (AIR_TYPES.has(actor.type ?? "")) redrawCharts();
    }) as never);
  }
}
