/**
 * A meeting engagement (NQM seed 004, Tables 3 and 4): two moving forces run into each other. Red scores
 * the attacker's sighting, white the defender's, blue reads the range on the winner's grade; when both
 * sight, the longer reading stands. Grades come from the sheets. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import { scriptedDice, type Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { MeetingOutcome } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import { nqmCard, percent, text, words, type ChanceView, type Translator } from "../view";
import { nqmUnit, unknownUnit, type NqmWorld } from "../world";

export interface MeetingState {
  readonly attacker: string;
  readonly defender: string;
}

export const meetingStateSchema = z.strictObject({ attacker: uuidOrEmpty, defender: uuidOrEmpty });

/** The macro's arguments: the two units, by UUID. */
export const meetingArgsSchema = meetingStateSchema.partial();

export type MeetingArgs = z.infer<typeof meetingArgsSchema>;

export function initialMeeting(world: NqmWorld, args: MeetingArgs = {}): MeetingState {
  return { attacker: args.attacker ?? world.selected[0] ?? "", defender: args.defender ?? world.selected[1] ?? "" };
}

export function meetingFromForm(prev: MeetingState, values: Readonly<Record<string, unknown>>): MeetingState {
  return {
    attacker: "attacker" in values ? text(values["attacker"]) : prev.attacker,
    defender: "defender" in values ? text(values["defender"]) : prev.defender,
  };
}

type MeetingInput = Parameters<typeof nqm.resolveMeetingEngagement>[0];

export function meetingInput(world: NqmWorld, state: MeetingState): Checked<MeetingInput> {
  const attacker = nqmUnit(world, state.attacker);
  const defender = nqmUnit(world, state.defender);
  const refusals: Refusal[] = [];
  if (attacker === undefined) refusals.push(unknownUnit(state.attacker, "attacker"));
  if (defender === undefined) refusals.push(unknownUnit(state.defender, "defender"));
  if (attacker !== undefined && attacker.id === defender?.id)
    refusals.push({ code: "sameUnit", text: phrase("NOBC.Nqm.Meeting.SameUnit"), field: "defender" });
  if (refusals.length > 0 || attacker === undefined || defender === undefined) return { ok: false, refusals };
  return {
    ok: true,
    value: {
      attacker: { actor: attacker.id, name: attacker.name, grade: attacker.system.grade },
      defender: { actor: defender.id, name: defender.name, grade: defender.system.grade },
    },
  };
}

export function meetingResolution(world: NqmWorld, state: MeetingState, dice: Dice): Checked<Resolution<MeetingOutcome>> {
  const input = meetingInput(world, state);
  return input.ok ? { ok: true, value: nqm.resolveMeetingEngagement(input.value, dice) } : input;
}

export const WINNER_LABEL: Readonly<Record<MeetingOutcome["winner"], string>> = {
  attacker: "NOBC.Nqm.Meeting.Winner.attacker",
  defender: "NOBC.Nqm.Meeting.Winner.defender",
  both: "NOBC.Nqm.Meeting.Winner.both",
  neither: "NOBC.Nqm.Meeting.Winner.neither",
};

/** The exact chance of each finding: the rules read on every red, white and blue face. */
export function meetingChances(input: MeetingInput, i18n: Translator): ChanceView[] {
  const counts = new Map<MeetingOutcome["winner"], number>();
  for (let r = 1; r <= 6; r++)
    for (let w = 1; w <= 6; w++)
      for (let b = 1; b <= 6; b++) {
        const winner = nqm.resolveMeetingEngagement(input, scriptedDice([r, w, b])).outcome.winner;
        counts.set(winner, (counts.get(winner) ?? 0) + 1);
      }
  return (["attacker", "defender", "both", "neither"] as const)
    .filter((k) => counts.has(k))
    .map((k) => ({
      label: i18n.format(WINNER_LABEL[k], { attacker: input.attacker.name, defender: input.defender.name }),
      chance: percent((counts.get(k) ?? 0) / 216, i18n),
    }));
}

export function meetingCard(world: NqmWorld, state: MeetingState, dice: Dice, i18n: Translator): Checked<Card> {
  const input = meetingInput(world, state);
  if (!input.ok) return input;
  const resolution = nqm.resolveMeetingEngagement(input.value, dice);
  const o = resolution.outcome;
  const data = { attacker: input.value.attacker.name, defender: input.value.defender.name };
  const found = phrase(WINNER_LABEL[o.winner], data);
  const outcome = speak(
    o.range === undefined ? found : phrase("NOBC.Nqm.Meeting.Outcome", { found, range: phrase(nqm.RANGE_LABEL[o.range]) }),
    i18n,
  );
  const side = (label: string, u: MeetingInput["attacker"]) => ({
    label: i18n.localize(label),
    value: `${u.name} (${speak(nqm.gradeLabel(u.grade), i18n)})`,
  });
  const inputs = [side("NOBC.Nqm.Meeting.Attacker", input.value.attacker), side("NOBC.Nqm.Meeting.Defender", input.value.defender)];
  return { ok: true, value: nqmCard(words(i18n, "NOBC.Nqm.Meeting.CardTitle", data), resolution, outcome, inputs) };
}
