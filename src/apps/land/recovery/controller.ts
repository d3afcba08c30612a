/** The HQ Recovery dialog (Land War phase 6) of one HQ: its owners' or the GM's. */
import { cardOf, opened, type DialogController } from "../../base/controller";
import type { HqArgs } from "../args";
import { hqAccess, hqToOpen, readLandWorld, type LandWorld } from "../world";
import { recoveryContext } from "./context";
import { recoveryCard, recoveryFromForm, type RecoveryState } from "./state";

export const recoveryController: DialogController<RecoveryState, LandWorld, HqArgs> = {
  template: "apps/land/recovery.hbs",
  title: "NOBC.Land.Recovery.Title",
  icon: "fa-solid fa-kit-medical",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  read: readLandWorld,
  open(world, args) {
    const hq = hqToOpen(world, args.hq);
    return hq.ok ? opened({ hq: hq.hq, cards: [] }) : hq;
  },
  access: (state, world) => hqAccess(world, state.hq),
  context: (state, world, i18n) => recoveryContext(world, state, i18n),
  change: (state, values) => recoveryFromForm(state, values),
  submit: (state, world, i18n) => cardOf(recoveryCard(world, state, i18n), i18n),
};
