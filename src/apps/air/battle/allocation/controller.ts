/**
 * Step 1's dialog: a side's ready squadrons of a zone, each given a box, a target zone and perhaps
 * a weapon card. Anyone may open it (a player sees only their own squadrons); Post refuses orders
 * for squadrons the user does not own. The ranges are checked against the world's zone distances.
 */
import { speak } from "../../../../words/phrase";
import { allowed, opened, refused, type DialogController } from "../../../base/controller";
import type { AllocationArgs } from "../args";
import { airCard } from "../records";
import { allocationStateSchema } from "../schemas";
import { defaultScope, readAirWorld, type AirWorld } from "../world";
import { allocationContext } from "./context";
import {
  allocatable,
  allocationCard,
  allocationFromForm,
  allocationOutcome,
  allocationProblems,
  allocationState,
  checkAllocation,
  type AllocationState,
} from "./state";

export const allocationController: DialogController<AllocationState, AirWorld, AllocationArgs> = {
  template: "apps/air-battle/allocation.hbs",
  title: "NOBC.AirBattle.Allocation.Title",
  icon: "fa-solid fa-plane-departure",
  classes: ["nobc", "nobc-air-battle"],
  width: 720,
  submitAction: "post",
  read: readAirWorld,
  stateSchema: allocationStateSchema,
  // Opens on a zone where the side has squadrons to allocate.
  open: (world, args) =>
    opened(
      allocationState(
        world,
        defaultScope(world, args, (side, zone) => allocatable(world, side, zone).length > 0),
      ),
    ),
  access: () => allowed,
  context: (state, world, i18n) => allocationContext(world, state, i18n),
  change: (state, values, world) => allocationFromForm(world, state, values),
  submit(state, world, i18n) {
    const checked = checkAllocation(world, state, i18n);
    const problems = [...allocationProblems(world, state, i18n), ...(checked.ok ? [] : checked.refusals.map((r) => speak(r.text, i18n)))];
    if (problems.length > 0 || !checked.ok) return refused(problems);
    const { title, inputs, record } = allocationCard(world, state, checked.value.outcome.missions, i18n);
    const outcome = allocationOutcome(checked.value.outcome.missions, i18n);
    return { ok: true, value: { card: airCard({ title, resolution: checked.value, inputs, outcome }, record) } };
  },
};
