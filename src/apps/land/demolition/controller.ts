/** The bridge demolition dialog (start of Land War phase 3): for the players of the demolishing side, or the GM. */
import { z } from "zod";
import { cardOf, denied, opened, type DialogController } from "../../base/controller";
import { boundedRecord, shortText, uuidOrEmpty } from "../../base/state-bounds";
import type { HqArgs } from "../args";
import { hqById, readLandWorld, sideAccess, sidesFor, type LandWorld } from "../world";
import { demolitionContext } from "./context";
import { demolitionCard, demolitionFromForm, demolitionHolds, initialDemolition, type DemolitionState } from "./state";

/**
 * The state a request carries: the means, the engineers' HQ, the turn typed in (heeded only for a GM
 * when the world keeps no turn), who tries each bridge, and a bridge named by hand. No die: the GM rolls.
 */
export const demolitionStateSchema = z
  .object({
    means: z.enum(["natoEngineers", "wpDivisions", "air"]),
    hq: uuidOrEmpty,
    turn: z.number().int().min(0).max(999).nullable(),
    by: boundedRecord(shortText, uuidOrEmpty),
    manual: z.object({ hexside: shortText, kind: z.enum(["minor", "major"]), by: uuidOrEmpty }).strict(),
  })
  .strict();

export const demolitionController: DialogController<DemolitionState, LandWorld, HqArgs> = {
  template: "apps/land/demolition.hbs",
  title: "NOBC.Land.Demolition.Title",
  icon: "fa-solid fa-bridge-circle-xmark",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  read: readLandWorld,
  stateSchema: demolitionStateSchema,
  open(world, { hq }) {
    if (hq !== undefined && hqById(world.field, hq) === undefined) return denied("NOBC.Land.Refused.unknownHq", { hq });
    if (hq === undefined && sidesFor(world).length === 0) return denied("NOBC.Land.Refused.noHq");
    return opened(initialDemolition(world, hq));
  },
  // The side of the means chosen (air units: the user's first side).
  access(state, world) {
    const side = state.means === "wpDivisions" ? "wp" : state.means === "natoEngineers" ? "nato" : (sidesFor(world)[0] ?? "nato");
    return sideAccess(world, side);
  },
  context: (state, world, i18n) => demolitionContext(world, state, i18n),
  change: (state, values, world) => demolitionFromForm(world, state, values),
  claims: (state, world) => demolitionHolds(world, state),
  submit: (state, world, i18n, dice) => cardOf(demolitionCard(world, state, dice, i18n), i18n),
};
