/**
 * Step 2's dialog for one air zone. It opens on the parts of the line-up still to decide (read from
 * the zone's latest line-up card) and lets the user decide those that are theirs; Post puts them on
 * a card for the next side, or the whole line-up once complete.
 */
import { speak } from "../../../../words/phrase";
import { phrase } from "../../../../rules/resolution";
import { allowed, opened, refused, type DialogAction, type DialogController } from "../../../base/controller";
import type { LineUpArgs } from "../args";
import { airCard } from "../records";
import { lineUpStateSchema } from "../schemas";
import { defaultScope, knownZones, readAirWorld, type AirWorld } from "../world";
import { lineUpContext } from "./context";
import {
  checkLineUp,
  editableParts,
  lineUpAsRecorded,
  lineUpCard,
  lineUpFromForm,
  lineUpState,
  moveInLine,
  type LineUpState,
} from "./state";

/** Moves a WP squadron in the line, if the line is the user's to decide. */
function move(delta: -1 | 1): DialogAction<LineUpState, AirWorld> {
  return (state, world, target) =>
    editableParts(world, state).includes("wpLine") ? moveInLine(state, Number(target.dataset["index"]), delta) : state;
}

export const lineUpController: DialogController<LineUpState, AirWorld, LineUpArgs> = {
  template: "apps/air-battle/lineup.hbs",
  title: "NOBC.AirBattle.LineUp.Title",
  icon: "fa-solid fa-jet-fighter",
  classes: ["nobc", "nobc-air-battle"],
  width: 680,
  submitAction: "post",
  read: readAirWorld,
  stateSchema: lineUpStateSchema,
  // Opens on the first zone whose line-up has a part for this user to decide now, else as the other dialogs do.
  open: (world, args) =>
    opened(
      lineUpState(
        world,
        args.zone ?? knownZones(world).find((z) => editableParts(world, lineUpState(world, z)).length > 0) ?? defaultScope(world, {}).zone,
      ),
    ),
  // Anyone may look; Post refuses a user with no part to decide now.
  access: () => allowed,
  context: (state, world, i18n) => lineUpContext(world, state, i18n),
  /** A new zone opens on that zone's line-up; otherwise the choices are taken as they are. */
  change(state, values, world) {
    const zone = typeof values["zone"] === "string" ? values["zone"] : state.zone;
    return zone === state.zone ? lineUpFromForm(state, values) : lineUpState(world, zone);
  },
  actions: {
    up: move(-1),
    down: move(1),
    // The GM starts the zone's line-up over, ignoring the parts already posted.
    restart: (state, world) => (world.isGM ? lineUpState(world, state.zone, true) : state),
  },
  submit(asked, world, i18n) {
    // What is already on the zone's cards is read from the world, not taken from the asker's state.
    const state = lineUpAsRecorded(world, asked);
    const parts = editableParts(world, state);
    if (parts.length === 0) return refused([i18n.localize("NOBC.AirBattle.Refused.notYourPart")]);
    const checked = checkLineUp(world, state, parts);
    if (!checked.ok) return refused(checked.refusals.map((r) => speak(r.text, i18n)));
    const { title, inputs, record } = lineUpCard(world, state, checked.value.outcome, i18n);
    const { bouts } = checked.value.outcome;
    const outcome =
      bouts === null
        ? i18n.localize("NOBC.AirBattle.LineUp.OutcomePart")
        : speak(phrase("NOBC.AirBattle.LineUp.OutcomeComplete", { count: bouts.length }), i18n);
    return { ok: true, value: { card: airCard({ title, resolution: checked.value, inputs, outcome }, record) } };
  },
};
