/**
 * The Air War chart window (issue #32; docs/decisions/air-charts.md): one zone and side's
 * Operations Allocation and Airbase charts, drawn from the documents on every render. Anyone with
 * squadrons of the side may open it (a player: their own sides only). A drop or a box's button puts
 * squadrons into the draft of step 1, checked with the allocation dialog's own check; **Post the
 * allocation** sends the allocation dialog's own request (`air.allocation`, its state), which the
 * active GM checks and posts as that dialog's card. The window writes nothing itself.
 */
import { z } from "zod";
import { translator, warnRefused } from "../../../base/foundry";
import { worldName } from "../../../chat/render";
import { phrase } from "../../../rules/resolution";
import { SIDE_LABELS } from "../../../view/labels";
import { withNames } from "../../../words/phrase";
import { allowed, denied, openChecked, refused, type DialogController } from "../../base/controller";
import { requestResolution } from "../../base/request";
import { sideSchema, zoneSchema } from "../schema";
import { ALLOCATION } from "../battle/dialogs";
import { CAPACITY } from "../missions/dialogs";
import { defaultScope, userSides } from "../battle/world";
import { chartContext } from "./context";
import { wireChartDrags } from "./drag";
import {
  afterPost,
  armSquadrons,
  basingState,
  chartFromForm,
  chartState,
  freshState,
  placeSquadrons,
  toggleSelected,
  type ChartState,
} from "./state";
import { readChartWorld, type ChartWorld } from "./world";

export const chartArgsSchema = z.strictObject({ side: sideSchema.optional(), zone: zoneSchema.optional() });
export type ChartArgs = z.infer<typeof chartArgsSchema>;

/** The squadrons a `place` names: the drop's, else the selection. */
function squadronsOf(target: HTMLElement, state: ChartState): string[] {
  const dropped = target.dataset["squadrons"];
  return dropped === undefined || dropped === "" ? [...state.selected] : dropped.split(",");
}

export const airChartController: DialogController<ChartState, ChartWorld, ChartArgs> = {
  template: "apps/air-battle/chart.hbs",
  title: "NOBC.AirChart.Title",
  icon: "fa-solid fa-table-cells-large",
  classes: ["nobc", "nobc-air-battle", "nobc-air-chart-window"],
  width: 900,
  // No Submit of its own: Post sends the allocation dialog's request (the `postAllocation` action).
  submitAction: "noSubmit",
  read: readChartWorld,
  open: (world, args) =>
    openChecked(airChartController, chartArgsSchema, args, (given) => chartState(world, defaultScope(world.air, given))),
  access: (state, world) =>
    world.air.isGM || userSides(world.air).includes(state.side)
      ? allowed
      : denied("NOBC.AirChart.Refused.notYourSide", { side: phrase(SIDE_LABELS[state.side]) }),
  context: (state, world, i18n) => chartContext(world, freshState(world, state), i18n),
  change: (state, values, world) => chartFromForm(world, freshState(world, state), values),
  actions: {
    select: (state, world, target) => toggleSelected(freshState(world, state), target.dataset["squadron"] ?? ""),
    place(state, world, target) {
      const placed = placeSquadrons(
        world,
        state,
        squadronsOf(target, state),
        target.dataset["box"] ?? "",
        withNames(translator(), worldName),
      );
      if (placed.ok) return placed.state;
      warnRefused(placed.refusals);
      return { ...freshState(world, state), refusals: placed.refusals };
    },
    arm(state, world, target) {
      const armed = armSquadrons(
        world,
        state,
        squadronsOf(target, state),
        target.dataset["weapon"] ?? "",
        withNames(translator(), worldName),
      );
      if (armed.ok) return armed.state;
      warnRefused(armed.refusals);
      return { ...freshState(world, state), refusals: armed.refusals };
    },
    async postAllocation(state, world) {
      const fresh = freshState(world, state);
      const done = await requestResolution(ALLOCATION.id, fresh.allocation);
      return done.ok ? afterPost(readChartWorld(), fresh) : fresh;
    },
    // Step 10: the basing dialog's own request (the umpire's), its state the draft over every squadron's own base.
    async postBasing(state, world) {
      const fresh = freshState(world, state);
      if (world.missions === null) return fresh;
      const done = await requestResolution(CAPACITY.id, basingState(world.missions, fresh));
      return done.ok ? afterPost(readChartWorld(), fresh) : fresh;
    },
  },
  rendered: (element, act) => {
    const root = element.querySelector<HTMLElement>(".nobc-air-chart");
    if (root !== null) wireChartDrags(root, act);
  },
  submit: () => refused([]),
};
