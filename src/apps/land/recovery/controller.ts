/** The HQ Recovery dialog (Land War phase 6) of one HQ: its owners' or the GM's. */
import { z } from "zod";
import { cardOf, opened, type DialogController } from "../../base/controller";
import { boundedList, uuid } from "../../base/state-bounds";
import type { HqArgs } from "../args";
import { hqAccess, hqToOpen, oncePerTurn, readLandWorld, type LandWorld } from "../world";
import { recoveryContext } from "./context";
import { recoveryOptions } from "../../../base/settings";
import { recoveryCard, recoveryFromForm, type RecoveryState } from "./state";

/** The state a request carries: the HQ and the cards it plays (held cards only, checked on the GM's read). */
export const recoveryStateSchema = z.object({ hq: uuid, cards: boundedList(uuid) }).strict();

export const recoveryController: DialogController<RecoveryState, LandWorld, HqArgs> = {
  template: "apps/land/recovery.hbs",
  title: "NOBC.Land.Recovery.Title",
  icon: "fa-solid fa-kit-medical",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  // The world's reading of cards that add no level, from the setting of the client that reads (the GM's counts).
  read: (user) => ({ ...readLandWorld(user), recovery: recoveryOptions() }),
  stateSchema: recoveryStateSchema,
  open(world, args) {
    const hq = hqToOpen(world, args.hq);
    return hq.ok ? opened({ hq: hq.hq, cards: [] }) : hq;
  },
  access: (state, world) => hqAccess(world, state.hq),
  context: (state, world, i18n) => recoveryContext(world, state, i18n),
  change: (state, values) => recoveryFromForm(state, values),
  claims: (state, world) => oncePerTurn("recovery", state.hq, world.turn),
  submit: (state, world, i18n) => cardOf(recoveryCard(world, state, i18n), i18n),
};
