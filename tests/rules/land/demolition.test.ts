import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  NATO_BRIDGE_DEMOLITION,
  demolishBridges,
  majorDemolitionForbidden,
  natoDemolitionRule,
  type AirDemolitionAttempt,
  type NatoDemolitionAttempt,
  type WpDemolitionAttempt,
} from "../../../src/rules/nobc/land/demolition";
import type { LandHq, LandUnit, SupportCard } from "../../../src/rules/nobc/land/types";
import { scriptedDice, seededDice, type Dice } from "../../../src/rules/dice";
import { phrase, total, unwrap } from "../../../src/rules/resolution";

const SEED = "seed 000 (NOBC), Land War QRS: 3. Rear Area Attacks, Bridge Demolition";

const corps: LandHq = {
  id: "Actor.1corps",
  side: "nato",
  name: "I (NL) Corps",
  echelon: "corps",
  level: 3,
  maxLevel: 5,
  radius: 4,
  nationality: "NL",
  hex: "5.5",
  mayRecover: true,
};

function eng(id: string, category: SupportCard["category"] = "engineer", over: Partial<SupportCard> = {}): SupportCard {
  return { id, side: "nato", category, value: 0, hq: corps.id, ...over };
}

function nato(hexside: string, kind: "minor" | "major", card: SupportCard = eng(`Card.${hexside}`), distance = 2): NatoDemolitionAttempt {
  return { bridge: { hexside, kind }, card, distance };
}

const division: LandUnit = {
  id: "Actor.20gtd",
  side: "wp",
  name: "20 Gds Tk Div",
  size: "division",
  arm: "armour",
  strength: 18,
  mode: "march",
  supply: 3,
  hex: "7.7",
  nationality: "USSR",
};

function wp(hexside: string, kind: "minor" | "major", over: Partial<WpDemolitionAttempt> = {}): WpDemolitionAttempt {
  return { bridge: { hexside, kind }, division, adjacent: true, ...over };
}

function air(hexside: string, squadron: string, deepStrike: number, kind: "minor" | "major" = "major"): AirDemolitionAttempt {
  return { bridge: { hexside, kind }, squadron, name: squadron, deepStrike };
}

function codes(r: { ok: boolean; refusals?: { code: string }[] }): string[] {
  return r.ok ? [] : (r.refusals ?? []).map((x) => x.code);
}

describe("NATO bridge demolition table (seed 000 Land War QRS, Bridge Demolition)", () => {
  it("turn 0: minor on 3-6, no major; turn 1+: minor automatic, major on 3-6 (non-minelaying)", () => {
    expect(NATO_BRIDGE_DEMOLITION.turn0).toEqual({
      minor: { kind: "roll", min: 3, nonMinelayingEngineer: false },
      major: { kind: "forbidden" },
    });
    expect(NATO_BRIDGE_DEMOLITION.later).toEqual({
      minor: { kind: "automatic" },
      major: { kind: "roll", min: 3, nonMinelayingEngineer: true },
    });
    expect(natoDemolitionRule(0, "minor").kind).toBe("roll");
    expect(natoDemolitionRule(1, "minor").kind).toBe("automatic");
    expect(natoDemolitionRule(7, "major").kind).toBe("roll");
  });

  it.each([-1, 0.5, Number.NaN])("throws on turn %s", (turn) => {
    expect(() => natoDemolitionRule(turn, "minor")).toThrow(RangeError);
    expect(() => majorDemolitionForbidden(turn, "major")).toThrow(RangeError);
  });

  it("no major bridge demolition on turn 0, for any side", () => {
    expect(majorDemolitionForbidden(0, "major")).toBe(true);
    expect(majorDemolitionForbidden(0, "minor")).toBe(false);
    expect(majorDemolitionForbidden(1, "major")).toBe(false);
  });
});

describe("demolishBridges by NATO engineers", () => {
  it.each([
    [1, false],
    [2, false],
    [3, true],
    [6, true],
  ])("turn 0 minor bridge, die %i: destroyed %s", (die, destroyed) => {
    const r = unwrap(
      demolishBridges({ means: "natoEngineers", turn: 0, hq: corps, attempts: [nato("a|b", "minor")] }, scriptedDice([die])),
    );
    expect(r.rolls).toEqual([die]);
    expect(r.outcome.attempts[0]).toEqual({ hexside: "a|b", kind: "minor", roll: die, destroyed });
    expect(r.effects).toEqual(destroyed ? [{ type: "bridgeDestroyed", hexside: "a|b" }] : []);
    expect(r.breakdown[0]!.source).toBe(SEED);
  });

  it("turn 1: minor is automatic, major rolls 3-6", () => {
    const r = unwrap(
      demolishBridges(
        { means: "natoEngineers", turn: 1, hq: corps, attempts: [nato("a|b", "minor"), nato("c|d", "major"), nato("e|f", "major")] },
        scriptedDice([3, 2]),
      ),
    );
    expect(r.rolls).toEqual([3, 2]);
    expect(r.outcome.attempts.map((a) => [a.roll, a.destroyed])).toEqual([
      [null, true],
      [3, true],
      [2, false],
    ]);
    expect(r.outcome.destroyed).toEqual(["a|b", "c|d"]);
    expect(r.effects).toEqual([
      { type: "bridgeDestroyed", hexside: "a|b" },
      { type: "bridgeDestroyed", hexside: "c|d" },
    ]);
  });

  it("a bridging engineer counts as non-minelaying for a major bridge; engineer cards are kept (decision)", () => {
    const r = unwrap(
      demolishBridges(
        { means: "natoEngineers", turn: 2, hq: corps, attempts: [nato("a|b", "major", eng("Card.br", "bridgingEngineer"))] },
        scriptedDice([6]),
      ),
    );
    expect(r.effects).toEqual([{ type: "bridgeDestroyed", hexside: "a|b" }]);
  });

  it("a minelaying engineer may take a minor bridge but is refused a major one", () => {
    const mine = eng("Card.mine", "minelayingEngineer");
    expect(
      demolishBridges({ means: "natoEngineers", turn: 1, hq: corps, attempts: [nato("a|b", "minor", mine)] }, scriptedDice([])).ok,
    ).toBe(true);
    const r = demolishBridges({ means: "natoEngineers", turn: 1, hq: corps, attempts: [nato("a|b", "major", mine)] }, scriptedDice([]));
    expect(codes(r)).toEqual(["minelayingEngineer"]);
  });

  it("the minelaying restriction is read from the table row's nonMinelayingEngineer flag, not from the bridge kind", () => {
    const table = NATO_BRIDGE_DEMOLITION as unknown as Record<"turn0" | "later", Record<"minor" | "major", unknown>>;
    const saved = { major: table.later.major, minor: table.turn0.minor };
    try {
      table.later.major = { kind: "roll", min: 3, nonMinelayingEngineer: false };
      table.turn0.minor = { kind: "roll", min: 3, nonMinelayingEngineer: true };
      const mine = eng("Card.mine", "minelayingEngineer");
      expect(
        demolishBridges({ means: "natoEngineers", turn: 1, hq: corps, attempts: [nato("a|b", "major", mine)] }, scriptedDice([6])).ok,
      ).toBe(true);
      const r = demolishBridges({ means: "natoEngineers", turn: 0, hq: corps, attempts: [nato("a|b", "minor", mine)] }, scriptedDice([6]));
      expect(codes(r)).toEqual(["minelayingEngineer"]);
    } finally {
      table.later.major = saved.major;
      table.turn0.minor = saved.minor;
    }
  });

  it("refuses a major bridge on turn 0", () => {
    const r = demolishBridges({ means: "natoEngineers", turn: 0, hq: corps, attempts: [nato("a|b", "major")] }, scriptedDice([]));
    expect(r).toEqual({
      ok: false,
      refusals: [
        {
          code: "majorBridgeTurn0",
          text: phrase("NOBC.Rules.Land.Demolition.Refusal.majorBridgeTurn0", { bridge: "a|b" }),
          field: "attempts[0].bridge.kind",
        },
      ],
    });
  });

  it("within the HQ radius (boundary: radius itself is fine, one more is refused)", () => {
    expect(
      demolishBridges({ means: "natoEngineers", turn: 1, hq: corps, attempts: [nato("a|b", "minor", undefined, 4)] }, scriptedDice([])).ok,
    ).toBe(true);
    const r = demolishBridges(
      { means: "natoEngineers", turn: 1, hq: corps, attempts: [nato("a|b", "minor", undefined, 5)] },
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["outsideRadius"]);
  });

  it("up to the engineer-card limit: no more demolitions than the HQ's level (decision)", () => {
    const three = [nato("a|b", "minor"), nato("c|d", "minor"), nato("e|f", "minor")];
    expect(demolishBridges({ means: "natoEngineers", turn: 1, hq: corps, attempts: three }, scriptedDice([])).ok).toBe(true);
    const r = demolishBridges({ means: "natoEngineers", turn: 1, hq: corps, attempts: [...three, nato("g|h", "minor")] }, scriptedDice([]));
    expect(codes(r)).toEqual(["engineerCardLimit"]);
  });

  it("refuses every problem at once and rolls nothing", () => {
    const dice = scriptedDice([]);
    const r = demolishBridges(
      {
        means: "natoEngineers",
        turn: 1,
        hq: { ...corps, side: "wp" },
        attempts: [
          nato("a|b", "minor", eng("Card.x", "ssm")),
          nato("a|b", "minor", eng("Card.x", "engineer", { side: "wp", hq: "Actor.other" }), -1),
          nato("", "huge" as never, eng("Card.y"), 1.5),
        ],
      },
      dice,
    );
    expect(codes(r)).toEqual([
      "wrongSide",
      "notEngineerCard",
      "wrongSide",
      "cardNotHeld",
      "cardReused",
      "invalidDistance",
      "bridgeRepeated",
      "missingHexside",
      "invalidBridgeKind",
      "invalidDistance",
    ]);
  });

  it("refuses a bad turn and an HQ with a bad level or radius", () => {
    expect(
      codes(demolishBridges({ means: "natoEngineers", turn: -1, hq: corps, attempts: [nato("a|b", "major")] }, scriptedDice([]))),
    ).toEqual(["invalidTurn"]);
    expect(
      codes(demolishBridges({ means: "natoEngineers", turn: 1, hq: { ...corps, level: Number.NaN }, attempts: [] }, scriptedDice([]))),
    ).toEqual(["invalidHq"]);
  });
});

describe("demolishBridges by Warsaw Pact divisions (integral engineers)", () => {
  it("a division adjacent to the bridge destroys it without a roll, minor or major from turn 1", () => {
    const dice = scriptedDice([]);
    const r = unwrap(demolishBridges({ means: "wpDivisions", turn: 1, attempts: [wp("a|b", "major"), wp("c|d", "minor")] }, dice));
    expect(r.rolls).toEqual([]);
    expect(r.effects).toEqual([
      { type: "bridgeDestroyed", hexside: "a|b" },
      { type: "bridgeDestroyed", hexside: "c|d" },
    ]);
    expect(r.breakdown[0]!.text).toEqual(
      phrase("NOBC.Rules.Land.Demolition.ByDivision", {
        kind: phrase("NOBC.Rules.Land.River.major"),
        bridge: "a|b",
        unit: "20 Gds Tk Div",
      }),
    );
  });

  it("turn 0: minor bridges go, major are refused", () => {
    expect(demolishBridges({ means: "wpDivisions", turn: 0, attempts: [wp("a|b", "minor")] }, scriptedDice([])).ok).toBe(true);
    expect(codes(demolishBridges({ means: "wpDivisions", turn: 0, attempts: [wp("a|b", "major")] }, scriptedDice([])))).toEqual([
      "majorBridgeTurn0",
    ]);
  });

  it("refuses a non-division, a NATO unit, a unit not adjacent, and a repeated bridge", () => {
    const r = demolishBridges(
      {
        means: "wpDivisions",
        turn: 2,
        attempts: [
          wp("a|b", "minor", { division: { ...division, size: "regiment", side: "nato" } }),
          wp("a|b", "minor", { adjacent: false }),
        ],
      },
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["wrongSide", "notDivision", "notAdjacent", "bridgeRepeated"]);
  });
});

describe("demolishBridges by air units (deep strike)", () => {
  it("each unit rolls at or under its deep-strike value; the bridge goes once", () => {
    const r = unwrap(
      demolishBridges(
        { means: "air", turn: 3, attempts: [air("a|b", "Tornado 1", 4), air("a|b", "Tornado 2", 4), air("c|d", "Jaguar", 3)] },
        scriptedDice([4, 2, 4]),
      ),
    );
    expect(r.rolls).toEqual([4, 2, 4]);
    expect(r.outcome.attempts.map((a) => a.destroyed)).toEqual([true, true, false]);
    expect(r.outcome.destroyed).toEqual(["a|b"]);
    expect(r.effects).toEqual([{ type: "bridgeDestroyed", hexside: "a|b" }]);
    expect(r.breakdown.map((l) => [l.text, l.value])).toEqual([
      [phrase("NOBC.Rules.Land.Demolition.AirDestroyed", { unit: "Tornado 1", bridge: "a|b", roll: 4, needed: 4 }), 1],
      [phrase("NOBC.Rules.Land.Demolition.AirDestroyed", { unit: "Tornado 2", bridge: "a|b", roll: 2, needed: 4 }), 0],
      [phrase("NOBC.Rules.Land.Demolition.AirMissed", { unit: "Jaguar", bridge: "c|d", roll: 4, needed: 3 }), 0],
    ]);
    // The breakdown counts bridges destroyed (each once), not die faces.
    expect(total(r.breakdown)).toBe(r.outcome.total);
    expect(r.outcome.total).toBe(1);
  });

  it("refuses a major bridge on turn 0, a bad value, and a unit rolling twice", () => {
    const r = demolishBridges(
      { means: "air", turn: 0, attempts: [air("a|b", "T1", 4), air("c|d", "T2", -1, "minor"), air("e|f", "T2", 2, "minor")] },
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["majorBridgeTurn0", "invalidValue", "squadronReused"]);
  });

  it("throws when the dice give a face outside 1..6", () => {
    const broken: Dice = { d6: () => 0, roll: () => [0] };
    expect(() => demolishBridges({ means: "air", turn: 1, attempts: [air("a|b", "T1", 4)] }, broken)).toThrow(RangeError);
  });

  it("property: an air unit destroys its bridge exactly when it rolls at or under its value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer(), (value, seed) => {
        const r = unwrap(demolishBridges({ means: "air", turn: 1, attempts: [air("a|b", "T", value)] }, seededDice(seed)));
        expect(r.outcome.attempts[0]!.destroyed).toBe(r.rolls[0]! <= value);
        expect(r.effects.length).toBe(r.outcome.attempts[0]!.destroyed ? 1 : 0);
      }),
    );
  });
});
