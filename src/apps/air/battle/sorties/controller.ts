/**
 * Step 5's dialog: the zone's air status and the side's allotment, and a tick per squadron on a
 * ground mission. Post records the choice on a card (the return, step 6, reads it).
 */
import { speak } from "../../../../words/phrase";
import { allowed, opened, refused, type DialogController } from "../../../base/controller";
import type { SortieArgs } from "../args";
import { airCard } from "../records";
import { sortieStateSchema } from "../schemas";
import { defaultScope, readAirWorld, type AirWorld } from "../world";
import { sortieContext } from "./context";
import { checkSorties, onMission, sortieCard, sortieFromForm, sortieProblems, sortieState, type SortieState } from "./state";

export const sortiesController: DialogController<SortieState, AirWorld, SortieArgs> = {
  template: "apps/air-battle/sorties.hbs",
  title: "NOBC.AirBattle.Sorties.Title",
  icon: "fa-solid fa-list-check",
  classes: ["nobc", "nobc-air-battle"],
  width: 620,
  submitAction: "post",
  read: readAirWorld,
  stateSchema: sortieStateSchema,
  // Opens on a zone where the side has squadrons on a mission.
  open: (world, args) =>
    opened(
      sortieState(
        world,
        defaultScope(world, args, (side, zone) => onMission(world, side, zone).length > 0),
      ),
    ),
  access: () => allowed,
  context: (state, world, i18n) => sortieContext(world, state, i18n),
  change: (state, values, world) => sortieFromForm(world, state, values),
  submit(state, world, i18n) {
    const checked = checkSorties(world, state);
    const problems = [...sortieProblems(world, state, i18n), ...(checked.ok ? [] : checked.refusals.map((r) => speak(r.text, i18n)))];
    if (problems.length > 0 || !checked.ok) return refused(problems);
    const { title, inputs, outcome, record } = sortieCard(world, state, checked.value.outcome, i18n);
    return { ok: true, value: { card: airCard({ title, resolution: checked.value, inputs, outcome }, record) } };
  },
};
