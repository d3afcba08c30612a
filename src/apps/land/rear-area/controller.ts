/** The rear-area attack dialog (Land War phase 3): for the players of the attacking side, or the GM. */
import { z } from "zod";
import { cardOf, denied, opened, refused, type DialogController } from "../../base/controller";
import { speak } from "../../../words/phrase";
import { boundedRecord, uuid, uuidOrEmpty } from "../../base/state-bounds";
import type { RearAreaArgs } from "../args";
import { hqById, readLandWorld, sideAccess, sidesFor, unitById, type LandWorld } from "../world";
import { rearAreaContext } from "./context";
import { aimedAt, initialRearArea, rearAreaCard, rearAreaFromForm, rearAreaHolds, type RearAreaState } from "./state";

/**
 * The state a request carries: the attacking side, the target, the two identifying cards, the strikes
 * (each with its chemical card or "") and the release. No die and no score: the GM rolls.
 */
export const rearAreaStateSchema = z
  .object({
    side: z.enum(["nato", "wp"]),
    target: uuidOrEmpty,
    identification: z.tuple([uuidOrEmpty, uuidOrEmpty]),
    strikes: boundedRecord(uuid, uuidOrEmpty),
    release: z.boolean(),
  })
  .strict();

export const rearAreaController: DialogController<RearAreaState, LandWorld, RearAreaArgs> = {
  template: "apps/land/rear-area.hbs",
  title: "NOBC.Land.Rear.Title",
  icon: "fa-solid fa-bomb",
  classes: ["nobc", "nobc-land"],
  width: 680,
  submitAction: "post",
  read: readLandWorld,
  stateSchema: rearAreaStateSchema,
  open(world, { target, side }) {
    const victim = target === undefined ? undefined : (hqById(world.field, target) ?? unitById(world.field, target));
    // The attacker is the side opposite the target, else the one asked for, else the user's first.
    const attacker = victim !== undefined ? (victim.side === "nato" ? "wp" : "nato") : (side ?? sidesFor(world)[0]);
    return attacker === undefined ? denied("NOBC.Land.Refused.noHq") : opened(initialRearArea(attacker, target ?? ""));
  },
  access: (state, world) => sideAccess(world, state.side),
  context: (state, world, i18n) => rearAreaContext(world, state, i18n),
  change: (state, values) => rearAreaFromForm(state, values),
  claims: (state, world) => rearAreaHolds(world, state),
  submit: (state, world, i18n, dice) => {
    // A contact aimed at (double-blind) is what stands in its hex, as the GM's truth has it.
    const aimed = aimedAt(world, state);
    return aimed.ok ? cardOf(rearAreaCard(world, aimed.state, dice, i18n), i18n) : refused([speak(aimed.refusal, i18n)]);
  },
};
