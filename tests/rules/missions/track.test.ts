/** The mission tracker's pure rules (seed 002): who attacks by infantry, meeting-engagement limits, mine clearing, turn order. */
import { describe, expect, it } from "vitest";
import {
  MEETING_LIMITS,
  meetingLimits,
  nextPlayerTurn,
  resolveAttackerByInfantry,
  resolveMineClearing,
  startingLight,
  type MineClearingInput,
} from "../../../src/rules/missions";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";

describe("who attacks without battle plans (seed 002, Who Attacks)", () => {
  it("the player with more infantry formations defends", () => {
    expect(unwrap(resolveAttackerByInfantry({ natoInfantry: 3, wpInfantry: 2 }, scriptedDice([]))).outcome).toEqual({
      attacker: "wp",
      rolledForAttacker: false,
    });
    expect(unwrap(resolveAttackerByInfantry({ natoInfantry: 0, wpInfantry: 1 }, scriptedDice([]))).outcome.attacker).toBe("nato");
  });

  it("equal counts roll off, ties rolled again (docs/rules-decisions.md)", () => {
    const r = unwrap(resolveAttackerByInfantry({ natoInfantry: 2, wpInfantry: 2 }, scriptedDice([4, 4, 2, 5])));
    expect(r.outcome).toEqual({ attacker: "wp", rolledForAttacker: true });
    expect(r.rolls).toEqual([4, 4, 2, 5]);
    expect(r.breakdown.at(-1)!.source).toContain("equal infantry formations");
  });

  it("refuses a count that is not a whole number of zero or more, naming the field", () => {
    const checked = resolveAttackerByInfantry({ natoInfantry: -1, wpInfantry: 1.5 }, scriptedDice([]));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.refusals.map((r) => r.field)).toEqual(["natoInfantry", "wpInfantry"]);
  });
});

describe("meeting engagement first-turn limits (seed 002, Meeting Engagements)", () => {
  it("hold in the first player's first turn of a meeting engagement only", () => {
    expect(meetingLimits("annihilation", 1, "defender", "defender")).toEqual(MEETING_LIMITS);
    expect(meetingLimits("annihilation", 1, "attacker", "defender")).toEqual([]);
    expect(meetingLimits("annihilation", 2, "defender", "defender")).toEqual([]);
    expect(meetingLimits("breakthrough", 1, "attacker", "attacker")).toEqual([]);
  });
});

describe("the player-turn order", () => {
  it("set-up, then the first player's half and the other's, turn by turn", () => {
    expect(nextPlayerTurn({ turn: 0, player: "attacker", firstPlayer: "defender" })).toEqual({ turn: 1, player: "defender" });
    expect(nextPlayerTurn({ turn: 1, player: "defender", firstPlayer: "defender" })).toEqual({ turn: 1, player: "attacker" });
    expect(nextPlayerTurn({ turn: 1, player: "attacker", firstPlayer: "defender" })).toEqual({ turn: 2, player: "defender" });
  });

  it("a dawn game starts dark, the others in daylight", () => {
    expect([startingLight("dawn"), startingLight("daylight"), startingLight("dusk")]).toEqual(["darkness", "daylight", "daylight"]);
  });
});

describe("mine clearing order (seed 002, Clearing a Minefield)", () => {
  const order = (team: Partial<MineClearingInput["team"]> = {}, leaderPinned = false): MineClearingInput => ({
    measure: "cm",
    unit: { name: "2 Pl", leaderPinned },
    team: { name: "Rifle team", kind: "infantry", clearingDevice: false, toLeader: 15, toMinefield: 5, enteredEarlier: true, ...team },
  });

  it("an infantry team within 15 cm of its leader and 5 cm of a minefield entered earlier clears it", () => {
    expect(unwrap(resolveMineClearing(order())).outcome).toEqual({ cleared: true });
    expect(unwrap(resolveMineClearing(order({ kind: "tank", clearingDevice: true }))).outcome).toEqual({ cleared: true });
  });

  it("refuses each broken condition, naming its field", () => {
    const checked = resolveMineClearing(order({ kind: "tank", toLeader: 16, toMinefield: 6, enteredEarlier: false }, true));
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.refusals.map((r) => [r.code, r.field])).toEqual([
        ["leaderPinned", "unit.leaderPinned"],
        ["cannotClear", "team.kind"],
        ["tooFarFromLeader", "team.toLeader"],
        ["tooFarFromMinefield", "team.toMinefield"],
        ["notEnteredEarlier", "team.enteredEarlier"],
      ]);
    const bad = resolveMineClearing(order({ toLeader: -1 }));
    expect(!bad.ok && bad.refusals[0]!.field).toBe("team.toLeader");
  });
});
