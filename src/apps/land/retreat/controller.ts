/**
 * The retreat asked of a unit's owner after a card with `retreat` effects was applied (./state.ts):
 * the owner (or a GM) sees each unit's proposed path, may change it hex by hex, and sends it; the GM
 * checks it for the asker and posts the retreat card (once for those units), applied and undone like
 * any other.
 */
import { z } from "zod";
import { cardOf, denied, opened, allowed, type DialogController } from "../../base/controller";
import { boundedList, hexOrEmpty, uuid, MAX_ID } from "../../base/state-bounds";
import { currentUser, type AskingUser } from "../../../base/foundry";
import { MAX_RETREAT_HEXES } from "../../../world/retreat";
import { readLandWorld } from "../world";
import { retreatContext } from "./context";
import {
  MAX_RETREATING,
  mayAnswer,
  openRetreats,
  owedRetreats,
  proposedState,
  retreatCard,
  retreatFromForm,
  type RetreatMessage,
  type RetreatState,
  type RetreatWorld,
} from "./state";

/** The state a request carries: the imposing card's message id and each unit's path (bounded). */
export const retreatStateSchema = z
  .object({
    source: z.string().min(1).max(MAX_ID),
    units: boundedList(z.object({ actor: uuid, path: boundedList(hexOrEmpty, MAX_RETREAT_HEXES) }).strict(), MAX_RETREATING),
  })
  .strict();

export const retreatArgs = z.object({ source: z.string().min(1).max(MAX_ID).optional() }).strict();
export type RetreatArgs = z.infer<typeof retreatArgs>;

function readRetreatWorld(user?: AskingUser): RetreatWorld {
  const messages = (game as unknown as { messages?: { contents?: readonly RetreatMessage[] } }).messages?.contents ?? [];
  return { ...readLandWorld(user), owed: owedRetreats(messages), asker: (user ?? currentUser())?.id ?? null };
}

export const retreatController: DialogController<RetreatState, RetreatWorld, RetreatArgs> = {
  template: "apps/land/retreat.hbs",
  title: "NOBC.Retreat.Title",
  icon: "fa-solid fa-person-walking-arrow-loop-left",
  classes: ["nobc", "nobc-land"],
  width: 560,
  submitAction: "post",
  read: readRetreatWorld,
  stateSchema: retreatStateSchema,
  open(world, args) {
    // The card asked for (arguments from a macro are checked), else the first card with a retreat the user may answer.
    const asked = retreatArgs.safeParse(args);
    if (!asked.success) return denied("NOBC.Retreat.Refused.none");
    const source = asked.data.source ?? world.owed.find((o) => o.answer === "none" && mayAnswer(world, o.actor))?.source;
    if (source === undefined || openRetreats(world, source).length === 0) return denied("NOBC.Retreat.Refused.none");
    return opened(proposedState(world, source));
  },
  // Each unit's owner is checked with the path (a refusal names the unit); a user owning none of them is refused here.
  access: (state, world) =>
    world.isGM || state.units.some((u) => mayAnswer(world, u.actor)) ? allowed : denied("NOBC.Retreat.Refused.notYourUnits"),
  context: (state, world, i18n) => retreatContext(world, state, i18n),
  change: (state, values, world) => retreatFromForm(world, state, values),
  // The answer is applied by the GM as soon as it is accepted (#29, seen 5): a posted answer left
  // unapplied hid the "awaiting" line while nothing moved. One that cannot be written is withdrawn.
  submit: (state, world, i18n) => {
    const checked = retreatCard(world, state, i18n);
    if (!checked.ok) return cardOf(checked, i18n);
    const card = checked.value;
    return {
      ok: true,
      value: { run: async (stamp) => (await import("../move/carry-out")).postAndApply(card, world.asker ?? null, stamp) },
    };
  },
};
