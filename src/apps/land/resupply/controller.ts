/** The Resupply dialog (Land War phase 6) of one HQ: its owners' or the GM's. */
import { cardOf, opened, type DialogController } from "../../base/controller";
import type { HqArgs } from "../args";
import { hqAccess, hqToOpen, readLandWorld, type LandWorld } from "../world";
import { resupplyContext } from "./context";
import { initialResupply, resupplyCard, resupplyFromForm, type ResupplyState } from "./state";

export const resupplyController: DialogController<ResupplyState, LandWorld, HqArgs> = {
  template: "apps/land/resupply.hbs",
  title: "NOBC.Land.Resupply.Title",
  icon: "fa-solid fa-truck",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  read: readLandWorld,
  open(world, args) {
    const hq = hqToOpen(world, args.hq);
    return hq.ok ? opened(initialResupply(hq.hq)) : hq;
  },
  access: (state, world) => hqAccess(world, state.hq),
  context: (state, world, i18n) => resupplyContext(world, state, i18n),
  change: (state, values) => resupplyFromForm(state, values),
  submit: (state, world, i18n) => cardOf(resupplyCard(world, state, i18n), i18n),
};
