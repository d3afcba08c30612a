/**
 * The mode-change request (`land.mode`): no dialog of its own, a procedure the GM answers. The unit
 * sheet's Combat / March buttons and the pack macro send `{ units, mode }`; the GM reads the units
 * and the turn for the asker, checks the Orders-phase rule and ownership, and posts the card, which
 * the unit's owner (or a GM) applies.
 */
import { z } from "zod";
import { currentTurnPosition } from "../../../combat/current";
import type { AskingUser } from "../../../base/foundry";
import { cardOf, denied, type DialogController } from "../../base/controller";
import { boundedList, uuid } from "../../base/state-bounds";
import { readLandWorld } from "../world";
import { combatModePaid } from "../../../queries/card-stage";
import { modeAccess, modeCard, type ModeState, type ModeWorld } from "./state";

/** A few units at a time: the selected tokens, or one sheet's unit. */
export const MAX_MODE_UNITS = 50;

export const modeStateSchema = z
  .object({ units: boundedList(uuid, MAX_MODE_UNITS).min(1), mode: z.enum(["combat", "march", "toggle"]) })
  .strict();

export function readModeWorld(user?: AskingUser): ModeWorld {
  const world = readLandWorld(user);
  return { ...world, stage: currentTurnPosition()?.stage ?? null, combatPaid: combatModePaid(world.turn) };
}

export const modeController: DialogController<ModeState, ModeWorld> = {
  // No window opens: these are here because every registered procedure is a controller.
  template: "apps/land/orders.hbs",
  title: "NOBC.Land.Mode.Title",
  icon: "fa-solid fa-flag",
  classes: ["nobc", "nobc-land"],
  width: 400,
  submitAction: "post",
  read: readModeWorld,
  stateSchema: modeStateSchema,
  open: () => denied("NOBC.Land.Mode.NoDialog"),
  access: modeAccess,
  context: (state) => state,
  change: (state) => state,
  submit: (state, world, i18n) => cardOf(modeCard(world, state, i18n), i18n),
};
