/** A meeting engagement (NQM): two moving units, pre-filled from the first two selected NQM unit tokens. */
import { cardOf, openChecked, gmOnly, type DialogController } from "../../base/controller";
import { readNqmWorld, type NqmWorld } from "../world";
import { meetingContext } from "./context";
import {
  initialMeeting,
  meetingArgsSchema,
  meetingCard,
  meetingFromForm,
  meetingStateSchema,
  type MeetingArgs,
  type MeetingState,
} from "./state";

export const meetingController: DialogController<MeetingState, NqmWorld, MeetingArgs> = {
  template: "apps/nqm/meeting.hbs",
  title: "NOBC.Nqm.Meeting.Title",
  icon: "fa-solid fa-people-arrows",
  classes: ["nobc", "nobc-nqm"],
  width: 520,
  submitAction: "roll",
  read: readNqmWorld,
  stateSchema: meetingStateSchema,
  open: (world, args) => openChecked(meetingController, meetingArgsSchema, args, (a) => initialMeeting(world, a)),
  access: (_state, world) => gmOnly(world.isGM),
  context: (state, world, i18n) => meetingContext(world, state, i18n),
  change: (state, values) => meetingFromForm(state, values),
  submit: (state, world, i18n, dice) => cardOf(meetingCard(world, state, dice, i18n), i18n),
};
