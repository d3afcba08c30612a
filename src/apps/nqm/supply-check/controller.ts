/** The hourly supply check (NQM house rule): only when the world plays it (setting), for the umpire; one die per unit. */
import { allowed, cardOf, denied, gmOnly, openChecked, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { supplyCheckContext } from "./context";
import {
  initialSupplyCheck,
  supplyCheckArgsSchema,
  supplyCheckCard,
  supplyCheckFromForm,
  supplyCheckStateSchema,
  type SupplyCheckArgs,
  type SupplyCheckState,
} from "./state";

export const supplyCheckController: DialogController<SupplyCheckState, NqmWorld, SupplyCheckArgs> = {
  template: "apps/nqm/supply-check.hbs",
  title: "NOBC.Nqm.SupplyCheck.Title",
  icon: "fa-solid fa-gas-pump",
  classes: ["nobc", "nobc-nqm"],
  width: 520,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: supplyCheckStateSchema,
  open: (world, args) =>
    world.hourlySupplyCheck === true
      ? openChecked(supplyCheckController, supplyCheckArgsSchema, args, (a) => initialSupplyCheck(world, a))
      : denied("NOBC.Nqm.SupplyCheck.Off"),
  access: (_state, world) => {
    const gm = gmOnly(world.isGM);
    if (!gm.ok) return gm;
    return world.hourlySupplyCheck === true ? allowed : denied("NOBC.Nqm.SupplyCheck.Off");
  },
  context: (state, world, i18n) => supplyCheckContext(world, state, i18n),
  change: (state, values, world) => supplyCheckFromForm(world, state, values),
  submit: (state, world, i18n, dice) => cardOf(supplyCheckCard(world, state, dice, i18n), i18n),
};
