/** What the meeting engagement dialog shows: the two units, each finding's chance, every refusal. Pure. */
import { withNames } from "../../../words/phrase";
import { nqmCheck, unitOptions, type ChanceView, type OptionView, type Translator } from "../view";
import { nqmUnit, type NqmWorld } from "../world";
import { meetingChances, meetingInput, meetingResolution, type MeetingState } from "./state";

export interface MeetingView {
  readonly attackers: readonly OptionView[];
  readonly defenders: readonly OptionView[];
  readonly chances: readonly ChanceView[];
  readonly refusals: readonly string[];
  readonly canRoll: boolean;
}

export function meetingContext(world: NqmWorld, state: MeetingState, words: Translator): MeetingView {
  const i18n = withNames(words, (id) => nqmUnit(world, id)?.name);
  const input = meetingInput(world, state);
  const check = nqmCheck((dice) => meetingResolution(world, state, dice), i18n);
  const none = i18n.localize("NOBC.Nqm.Recce.Choose");
  return {
    attackers: unitOptions(world.units, state.attacker, none),
    defenders: unitOptions(
      world.units.filter((u) => u.id !== state.attacker),
      state.defender,
      none,
    ),
    chances: input.ok && check.canRoll ? meetingChances(input.value, i18n) : [],
    ...check,
  };
}
