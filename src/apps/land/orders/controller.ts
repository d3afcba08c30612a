/** The Orders dialog (Land War phase 2) of one HQ: its owners' or the GM's. */
import { z } from "zod";
import { cardOf, opened, type DialogController } from "../../base/controller";
import { boundedRecord, hexOrEmpty, uuid } from "../../base/state-bounds";
import type { HqArgs } from "../args";
import { hqAccess, hqToOpen, oncePerTurn, readLandWorld, type LandWorld } from "../world";
import { ordersContext } from "./context";
import { combatModePaid } from "../../../queries/card-stage";
import { initialOrders, ordersCard, ordersFromForm, type OrdersState } from "./state";

/** The state a request carries: the HQ, each unit's mode, each minefield card's hex (checked again on the GM's read). */
export const ordersStateSchema = z
  .object({
    hq: uuid,
    modes: boundedRecord(uuid, z.enum(["combat", "march"])),
    minefields: boundedRecord(uuid, hexOrEmpty),
  })
  .strict();

export const ordersController: DialogController<OrdersState, LandWorld, HqArgs> = {
  template: "apps/land/orders.hbs",
  title: "NOBC.Land.Orders.Title",
  icon: "fa-solid fa-flag",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  read: (user) => {
    const world = readLandWorld(user);
    return { ...world, combatPaid: combatModePaid(world.turn) };
  },
  stateSchema: ordersStateSchema,
  open(world, args) {
    const hq = hqToOpen(world, args.hq);
    return hq.ok ? opened(initialOrders(world.field, hq.hq)) : hq;
  },
  access: (state, world) => hqAccess(world, state.hq),
  context: (state, world, i18n) => ordersContext(world, state, i18n),
  change: (state, values, world) => ordersFromForm(world.field, state, values),
  claims: (state, world) => oncePerTurn("orders", state.hq, world.turn),
  submit: (state, world, i18n) => cardOf(ordersCard(world, state, i18n), i18n),
};
