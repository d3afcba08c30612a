/**
 * A meeting engagement (NQM seed 004, Tables 3 and 4) as the umpire's dialog: refusals naming the field, the
 * exact chance of each finding, and a scripted red, white and blue read as the seed reads them.
 */
import "../../harness/install";

import { describe, expect, it } from "vitest";
import { openDialog } from "../../../src/apps/base/registry";
import { MEETING } from "../../../src/apps/nqm/dialogs";
import { scriptedDice } from "../../../src/rules/dice";
import { initialMeeting, meetingFromForm, meetingResolution } from "../../../src/apps/nqm/meeting/state";
import { meetingContext } from "../../../src/apps/nqm/meeting/context";
import { langFileWording } from "../../../src/words/phrase";
import { sheetsFake } from "../../harness/sheets-fake";
import en from "../../../lang/en.json";
import { plainWorld, nqmInFoundry } from "./fixture";

const i18n = langFileWording(en, "en");
const A = (id: string) => `Actor.${id}`;

describe("the meeting engagement dialog's state (pure)", () => {
  it("refuses a missing unit and one unit against itself, naming the field", () => {
    const world = plainWorld(["a1", "w1"]);
    const none = meetingResolution(world, { ...initialMeeting(world), defender: "" }, scriptedDice([]));
    expect(none.ok ? [] : none.refusals.map((r) => r.field)).toEqual(["defender"]);
    const same = meetingFromForm(initialMeeting(world), { attacker: A("a1"), defender: A("a1") });
    const checked = meetingResolution(world, same, scriptedDice([]));
    expect(checked.ok ? [] : checked.refusals.map((r) => [r.field, r.code])).toEqual([["defender", "sameUnit"]]);
  });

  it("gives the exact chance of each finding: a Regular sights a Conscript on 4-6, the Conscript a Regular on a 6 (Table 3)", () => {
    const world = plainWorld(["a1", "w1"]);
    // Attacker only 1/2 × 5/6; defender only 1/2 × 1/6; both 1/2 × 1/6; neither 1/2 × 5/6.
    expect(meetingContext(world, initialMeeting(world), i18n).chances).toEqual([
      { label: "A Coy sights 1 MR Coy first", chance: "41.7 %" },
      { label: "1 MR Coy sights A Coy first", chance: "8.3 %" },
      { label: "Each sights the other", chance: "8.3 %" },
      { label: "Neither sights the other", chance: "41.7 %" },
    ]);
  });

  it("when both sight, the longer of the two readings stands (Table 4, blue 5: the Regular's contact, the Conscript's effective)", () => {
    const world = plainWorld(["a1", "w1"]);
    const both = meetingResolution(world, initialMeeting(world), scriptedDice([5, 6, 5]));
    // Blue 5: the Regular reads contact, the Conscript effective; the longer range (effective) is used.
    expect(both.ok && both.value.outcome).toEqual({ winner: "both", range: "effective" });
  });
});

describe("the meeting engagement dialog in Foundry", () => {
  const nqm = nqmInFoundry();

  it("red 4, white 2, blue 1: the Regular sights first, at harassing range (Table 4); the card changes nothing", async () => {
    const dialog = (await openDialog(MEETING, { attacker: A("a1"), defender: A("w1") }))!;
    nqm.dice([4, 2, 1]);
    const message = (await dialog.resolve()) as { id: string; system: { effects: unknown[] } };
    expect(message.system.effects).toEqual([]);
    const card = JSON.stringify(sheetsFake.rendered.filter((r) => r.path.endsWith("chat/resolution-card.hbs")).at(-1)!.data);
    expect(card).toContain("NOBC.Nqm.Meeting.Outcome");
    expect(card).toContain("NOBC.Rules.Nqm.Recce.MeetingRed");
  });
});
