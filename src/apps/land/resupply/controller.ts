/** The Resupply dialog (Land War phase 6) of one HQ: its owners' or the GM's. */
import { z } from "zod";
import { cardOf, opened, type DialogController } from "../../base/controller";
import { boundedRecord, uuid } from "../../base/state-bounds";
import type { HqArgs } from "../args";
import { hqAccess, hqToOpen, oncePerTurn, readLandWorld, type LandWorld } from "../world";
import { resupplyContext } from "./context";
import { hqRadiusAction } from "../../../canvas/register";
import { initialResupply, resupplyCard, resupplyFromForm, type ResupplyState } from "./state";

/**
 * The state a request carries: the HQ and the counters asked for each unit (a number as typed; the
 * rules refuse a fraction or too many, on the GM's read of the HQ's level and the routes).
 */
export const resupplyStateSchema = z.object({ hq: uuid, allocation: boundedRecord(uuid, z.number().min(-999).max(999)) }).strict();

export const resupplyController: DialogController<ResupplyState, LandWorld, HqArgs> = {
  template: "apps/land/resupply.hbs",
  title: "NOBC.Land.Resupply.Title",
  icon: "fa-solid fa-truck",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  read: readLandWorld,
  stateSchema: resupplyStateSchema,
  open(world, args) {
    const hq = hqToOpen(world, args.hq);
    return hq.ok ? opened(initialResupply(hq.hq)) : hq;
  },
  access: (state, world) => hqAccess(world, state.hq),
  context: (state, world, i18n) => resupplyContext(world, state, i18n),
  change: (state, values) => resupplyFromForm(state, values),
  actions: { showHqRadius: hqRadiusAction },
  claims: (state, world) => oncePerTurn("resupply", state.hq, world.turn),
  submit: (state, world, i18n) => cardOf(resupplyCard(world, state, i18n), i18n),
};
