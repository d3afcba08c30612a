/** Restoring Discipline (NQM house rule): only when the world plays it (setting), for the umpire. */
import { allowed, cardOf, openChecked, denied, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { disciplineContext } from "./context";
import {
  disciplineCard,
  disciplineFromForm,
  disciplineStateSchema,
  initialDiscipline,
  disciplineArgsSchema,
  type DisciplineArgs,
  type DisciplineState,
} from "./state";

export const disciplineController: DialogController<DisciplineState, NqmWorld, DisciplineArgs> = {
  template: "apps/nqm/discipline.hbs",
  title: "NOBC.Nqm.Discipline.Title",
  icon: "fa-solid fa-person-military-pointing",
  classes: ["nobc", "nobc-nqm"],
  width: 480,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: disciplineStateSchema,
  open: (world, args) =>
    world.restoringDiscipline === true
      ? openChecked(disciplineController, disciplineArgsSchema, args, (a) => initialDiscipline(world, a))
      : denied("NOBC.Nqm.Discipline.Off"),
  access: (_state, world) => {
    const gm = gmOnly(world.isGM);
    if (!gm.ok) return gm;
    return world.restoringDiscipline === true ? allowed : denied("NOBC.Nqm.Discipline.Off");
  },
  context: (state, world, i18n) => disciplineContext(world, state, i18n),
  change: (state, values, world) => disciplineFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(disciplineCard(world, state, dice, i18n), i18n),
};
