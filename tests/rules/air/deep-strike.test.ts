import { describe, expect, it } from "vitest";
import { phrase } from "../../../src/rules/resolution";
import { scriptedDice } from "../../../src/rules/dice";
import { CHEMICAL_DAMAGE_FACTOR, SF_SSM_ATTACK_STRENGTH, resolveDeepStrike } from "../../../src/rules/nobc/air";
import type { DeepStrikeInput, StrikeTarget } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron } from "./fixtures";

const ds = { box: "deepStrike" } as const;
const squadrons = [
  squadron("f111a", { ...ds, deepStrike: 4, weapons: [{ kind: "deepStrike", name: "Durandal" }] }),
  squadron("f111b", { ...ds, deepStrike: 4 }),
  squadron("tornado", { ...ds, deepStrike: 5 }),
  squadron("ef111", { ...ds, ew: true, deepStrike: 0 }),
  squadron("a10", { box: "cas" }),
];
const airbase: StrikeTarget = { kind: "airbase", id: "wp-ab", name: "Brand", airDefence: [2, 4] };

function strike(faces: number[], over: Partial<DeepStrikeInput> = {}) {
  const dice = scriptedDice(faces);
  const r = resolveDeepStrike({ squadrons, attackers: ["f111a", "f111b", "tornado"], target: airbase, ...over }, dice);
  return { r, left: dice.remaining };
}

describe("deep strike (seed 000, Air War QRS: 8); air-defence model per RULES-NOTES", () => {
  it("boxes, strongest first, engage the leading attackers; survivors attack at or under their factor", () => {
    // AD: box 4 vs f111a rolls 3 (damaged), box 2 vs f111b rolls 5 (passes); tornado unopposed.
    // Attacks: f111b rolls 4 (hit), tornado rolls 6 (miss).
    const { r, left } = strike([3, 5, 4, 6]);
    const v = accepted(r);
    expect(left).toBe(0);
    expect(v.rolls).toEqual([3, 5, 4, 6]);
    expect(v.outcome).toEqual({
      suppressed: 0,
      airDefenceShots: [
        { squadron: "f111a", box: 4, roll: 3, damaged: true },
        { squadron: "f111b", box: 2, roll: 5, damaged: false },
      ],
      attacks: [
        { by: "f111b", roll: 4, hit: true },
        { by: "tornado", roll: 6, hit: false },
      ],
      hits: 1,
    });
    expect(v.effects).toEqual([
      { type: "airbaseHits", airbase: "wp-ab", repairable: 1, permanent: 0 },
      { type: "weaponDiscarded", squadron: "f111a", weapon: "Durandal" },
      { type: "squadronBox", squadron: "f111a", box: "damaged" },
      { type: "squadronBox", squadron: "f111b", box: "holding" },
      { type: "squadronBox", squadron: "tornado", box: "holding" },
    ]);
  });

  it("an EW squadron suppresses the strongest box unharmed and does not attack", () => {
    const v = accepted(strike([2, 1, 1, 1], { attackers: ["ef111", "f111a", "f111b", "tornado"] }).r);
    expect(v.outcome.suppressed).toBe(1);
    expect(v.outcome.airDefenceShots).toEqual([{ squadron: "f111a", box: 2, roll: 2, damaged: true }]);
    expect(v.outcome.hits).toBe(2);
    expect(v.effects).toContainEqual({ type: "squadronBox", squadron: "ef111", box: "holding" });
  });

  it("more boxes than attackers: the extra boxes have no one to engage", () => {
    const v = accepted(strike([6, 1], { attackers: ["tornado"], target: { ...airbase, airDefence: [3, 3, 3] } }).r);
    expect(v.outcome.airDefenceShots).toHaveLength(1);
    expect(v.outcome.hits).toBe(1);
  });

  it(`SF and SSM attack with strength ${SF_SSM_ATTACK_STRENGTH} and their cards are discarded`, () => {
    const v = accepted(
      strike([3, 4], {
        attackers: [],
        strikes: [
          { kind: "sf", card: "sas" },
          { kind: "ssm", card: "lance" },
        ],
      }).r,
    );
    expect(v.outcome.attacks).toEqual([
      { by: "sas", roll: 3, hit: true },
      { by: "lance", roll: 4, hit: false },
    ]);
    expect(v.effects).toEqual([
      { type: "airbaseHits", airbase: "wp-ab", repairable: 1, permanent: 0 },
      { type: "cardDiscarded", card: "sas" },
      { type: "cardDiscarded", card: "lance" },
    ]);
  });

  it(`a chemical weapons card multiplies the damage by ${CHEMICAL_DAMAGE_FACTOR}`, () => {
    const v = accepted(
      strike([1, 1], { attackers: [], strikes: [{ kind: "ssm", card: "scud" }], chemical: "cw", target: { ...airbase, airDefence: [] } }).r,
    );
    expect(v.outcome.hits).toBe(2);
    expect(v.breakdown.at(-1)).toMatchObject({ text: phrase("NOBC.Rules.Air.DeepStrike.Hits"), value: 2 });
  });

  it("no hits, no target effect (and no chemical doubling line)", () => {
    const v = accepted(strike([6], { attackers: [], strikes: [{ kind: "ssm", card: "scud" }], chemical: "cw" }).r);
    expect(v.outcome.hits).toBe(0);
    expect(v.effects).toEqual([{ type: "cardDiscarded", card: "scud" }]);
  });

  it("a hit on a bridge destroys it", () => {
    const bridge: StrikeTarget = { kind: "bridge", hexside: "10.04|10.05", name: "Elbe bridge", airDefence: [] };
    const v = accepted(strike([1, 1, 1], { target: bridge }).r);
    expect(v.effects[0]).toEqual({ type: "bridgeDestroyed", hexside: "10.04|10.05" });
  });

  it("hits on an installation are recorded on its chart", () => {
    const depot: StrikeTarget = { kind: "installation", id: "depot-1", name: "Depot", airDefence: [] };
    const v = accepted(strike([1, 6, 6], { target: depot }).r);
    expect(v.effects[0]).toEqual({ type: "targetHits", target: "depot-1", hits: 1 });
  });

  it("hits may be aimed at the chart's air-defence boxes, at most the boxes there are", () => {
    const v = accepted(strike([6, 6, 1, 1, 1], { aim: "airDefence" }).r);
    expect(v.outcome.hits).toBe(3);
    expect(v.effects[0]).toEqual({ type: "airDefence", chart: "wp-ab", delta: -2 });
    const bridge: StrikeTarget = { kind: "bridge", hexside: "1|2", name: "Bridge", chart: "bridge-chart", airDefence: [] };
    const none = accepted(strike([1, 1, 1], { aim: "airDefence", target: bridge }).r);
    expect(none.effects.some((e) => e.type === "airDefence")).toBe(false);
  });

  describe("refusals", () => {
    it("nothing sent", () => expect(codes(strike([], { attackers: [] }).r)).toEqual(["noAttackers"]));
    it("a squadron not on the deep strike", () => expect(codes(strike([], { attackers: ["a10"] }).r)).toEqual(["notOnMission"]));
    it("a bad air-defence value", () =>
      expect(codes(strike([], { target: { ...airbase, airDefence: [7, -1] } }).r)).toEqual(["badAirDefence", "badAirDefence"]));
    it("aiming at the air defence of a bridge with no chart", () => {
      expect(codes(strike([], { aim: "airDefence", target: { kind: "bridge", hexside: "1|2", name: "B", airDefence: [] } }).r)).toEqual([
        "noChart",
      ]);
    });
    it("a squadron with a bad factor", () => {
      expect(
        codes(
          resolveDeepStrike({ squadrons: [squadron("x", { ...ds, deepStrike: 8 })], attackers: ["x"], target: airbase }, scriptedDice([])),
        ),
      ).toEqual(["badFactor"]);
    });
  });
});
