import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  NUCLEAR_HIT_DICE,
  admDemolition,
  chemicalCombatModifier,
  nuclearStrike,
  type NuclearStrikeInput,
} from "../../../src/rules/nobc/land/wmd";
import type { LandUnit, SupportCard } from "../../../src/rules/nobc/land/types";
import { scriptedDice, seededDice, type Dice } from "../../../src/rules/dice";
import { phrase, total, unwrap } from "../../../src/rules/resolution";

function card(id: string, category: SupportCard["category"], value = 0, side: SupportCard["side"] = "wp"): SupportCard {
  return { id, side, category, value, hq: "Actor.front" };
}

function unit(id: string, over: Partial<LandUnit> = {}): LandUnit {
  return {
    id,
    side: "nato",
    name: id,
    size: "brigade",
    arm: "mechanised",
    strength: 10,
    mode: "combat",
    supply: 1,
    hex: "30.12",
    nationality: "US",
    ...over,
  };
}

function codes(r: { ok: boolean; refusals?: { code: string }[] }): string[] {
  return r.ok ? [] : (r.refusals ?? []).map((x) => x.code);
}

const nuke = card("Card.nuke", "nuclear");
const intel = card("Card.intel", "intelligence");
const sf = card("Card.sf", "specialForces", 3);

function strike(over: Partial<NuclearStrikeInput> = {}): NuclearStrikeInput {
  return {
    attacker: "wp",
    card: nuke,
    umpireConfirmed: true,
    identification: [intel, sf],
    targetHex: "30.12",
    unitsInHex: [unit("Actor.a"), unit("Actor.b", { arm: "artillery", strength: 4 })],
    ...over,
  };
}

describe("chemical weapons in ground combat (seed 000, CW and nuclear notes)", () => {
  it("chemicalCombatModifier gives the CW card's value", () => {
    expect(chemicalCombatModifier(card("Card.cw", "chemical", 3))).toBe(3);
  });

  it("chemicalCombatModifier throws on a card that is not chemical or has a bad value", () => {
    expect(() => chemicalCombatModifier(card("Card.x", "ssm", 3))).toThrow(RangeError);
    expect(() => chemicalCombatModifier(card("Card.cw", "chemical", 1.5))).toThrow(RangeError);
  });
});

describe("nuclearStrike (seed 000, 3. Rear Area Attacks and CW/nuclear notes)", () => {
  it("rolls 2d6 once; every unit in the hex takes the hits, artillery included", () => {
    const r = unwrap(nuclearStrike(strike(), scriptedDice([3, 4])));
    expect(NUCLEAR_HIT_DICE).toBe(2);
    expect(r.rolls).toEqual([3, 4]);
    expect(r.outcome.hits).toBe(7);
    expect(total(r.breakdown)).toBe(7);
    expect(r.outcome.units).toEqual([
      { unit: "Actor.a", hitsApplied: 7, eliminated: false },
      { unit: "Actor.b", hitsApplied: 4, eliminated: true },
    ]);
    expect(r.effects).toEqual([
      { type: "hits", actor: "Actor.a", amount: 7 },
      { type: "hits", actor: "Actor.b", amount: 4 },
      { type: "eliminated", actor: "Actor.b" },
      { type: "supplyCountersEliminated", hexes: ["30.12"] },
      { type: "supply", actor: "Actor.a", delta: -1 },
      { type: "supply", actor: "Actor.b", delta: -1 },
      { type: "contaminated", hex: "30.12" },
      { type: "cardDiscarded", card: "Card.nuke" },
    ]);
  });

  it("the card's own dice and area replace the defaults; the target hex is always in the area", () => {
    const r = unwrap(nuclearStrike(strike({ hitDice: 3, area: ["30.13", "30.12", "31.12"] }), scriptedDice([6, 6, 6])));
    expect(r.outcome.hits).toBe(18);
    expect(r.outcome.contaminated).toEqual(["30.12", "30.13", "31.12"]);
    expect(r.effects).toContainEqual({ type: "supplyCountersEliminated", hexes: ["30.12", "30.13", "31.12"] });
    expect(r.effects.filter((e) => e.type === "contaminated")).toHaveLength(3);
  });

  it("eliminates the supply units carry in the target hex and in the card's further area (seed 000: all supply counters)", () => {
    const r = unwrap(
      nuclearStrike(
        strike({
          area: ["30.13"],
          unitsInHex: [unit("Actor.a", { supply: 3, strength: 20 }), unit("Actor.dry", { supply: 0, strength: 20 })],
          unitsInArea: [unit("Actor.near", { hex: "30.13", supply: 2 })],
        }),
        scriptedDice([1, 1]),
      ),
    );
    expect(r.effects.filter((e) => e.type === "supply")).toEqual([
      { type: "supply", actor: "Actor.a", delta: -3 },
      { type: "supply", actor: "Actor.near", delta: -2 },
    ]);
    // Units of the further area lose supply only; they take no hits.
    expect(r.effects.some((e) => e.type === "hits" && e.actor === "Actor.near")).toBe(false);
  });

  it("refuses area units outside the further area and supply that is not a whole number", () => {
    const r = nuclearStrike(
      strike({
        area: ["30.13"],
        unitsInHex: [unit("Actor.a", { supply: 1.5 })],
        unitsInArea: [unit("Actor.far", { hex: "40.1" }), unit("Actor.here", { hex: "30.12", supply: -1 })],
      }),
      scriptedDice([1, 1]),
    );
    expect(codes(r)).toEqual(["unitNotInArea", "unitNotInArea", "invalidSupply", "invalidSupply"]);
  });

  it("identification cards stay; only the nuclear card is spent", () => {
    const r = unwrap(nuclearStrike(strike(), scriptedDice([1, 1])));
    expect(r.effects.filter((e) => e.type === "cardDiscarded")).toEqual([{ type: "cardDiscarded", card: "Card.nuke" }]);
  });

  it("refuses without release, identification, or an enemy unit in the hex", () => {
    const r = nuclearStrike(
      strike({ umpireConfirmed: false, identification: [intel], unitsInHex: [unit("Actor.own", { side: "wp" })] }),
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["releaseNotConfirmed", "identificationCount", "noTarget"]);
  });

  it("refuses a card that is not nuclear, bad dice counts, a missing hex, and units elsewhere", () => {
    const r = nuclearStrike(
      strike({
        card: card("Card.adm", "adm"),
        hitDice: 0,
        targetHex: "",
        unitsInHex: [unit("Actor.a", { strength: -2 })],
      }),
      scriptedDice([]),
    );
    expect(codes(r)).toEqual(["wrongCardCategory", "invalidHitDice", "missingHex", "unitNotInHex", "invalidStrength"]);
  });

  it("throws when the dice give a face outside 1..6", () => {
    const broken: Dice = { d6: () => 9, roll: (n) => Array.from({ length: n }, () => 9) };
    expect(() => nuclearStrike(strike(), broken)).toThrow(RangeError);
  });

  it("property: hits are 2..12 and no unit loses more than its strength", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 15 }), (seed, strength) => {
        const r = unwrap(nuclearStrike(strike({ unitsInHex: [unit("Actor.a", { strength })] }), seededDice(seed)));
        expect(r.outcome.hits).toBeGreaterThanOrEqual(2);
        expect(r.outcome.hits).toBeLessThanOrEqual(12);
        expect(r.outcome.units[0]!.hitsApplied).toBe(Math.min(strength, r.outcome.hits));
      }),
    );
  });
});

describe("admDemolition (seed 000, 3. Rear Area Attacks: ADM)", () => {
  const adm = card("Card.adm", "adm", 0, "nato");

  it("destroys the bridges of one hexside without a roll and contaminates both hexes", () => {
    const r = unwrap(admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, bridgeHexside: ["9.9", "9.8"] }));
    expect(r.rolls).toEqual([]);
    expect(r.outcome).toEqual({ target: "bridges", hexside: "9.8|9.9" });
    expect(r.effects).toEqual([
      { type: "bridgeDestroyed", hexside: "9.8|9.9" },
      { type: "contaminated", hex: "9.9" },
      { type: "contaminated", hex: "9.8" },
      { type: "cardDiscarded", card: "Card.adm" },
    ]);
  });

  it("or cuts the autobahn in one hex", () => {
    const r = unwrap(admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, autobahnHex: "14.2" }));
    expect(r.outcome).toEqual({ target: "autobahn", hex: "14.2" });
    expect(r.effects).toEqual([
      { type: "autobahnCut", hex: "14.2" },
      { type: "contaminated", hex: "14.2" },
      { type: "cardDiscarded", card: "Card.adm" },
    ]);
    expect(r.breakdown[0]!.text).toEqual(phrase("NOBC.Rules.Land.Wmd.AdmAutobahn"));
  });

  it("refuses both targets, and neither", () => {
    const both = admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, bridgeHexside: ["1.1", "1.2"], autobahnHex: "1.1" });
    const neither = admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true });
    expect(codes(both)).toEqual(["admTarget"]);
    expect(codes(neither)).toEqual(["admTarget"]);
  });

  it("refuses a hexside that is not two different hexes, and an empty autobahn hex", () => {
    expect(codes(admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, bridgeHexside: ["1.1", "1.1"] }))).toEqual([
      "invalidHexside",
    ]);
    expect(codes(admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, bridgeHexside: ["", "1.1"] }))).toEqual([
      "invalidHexside",
    ]);
    expect(codes(admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, bridgeHexside: ["1.1", ""] }))).toEqual([
      "invalidHexside",
    ]);
    expect(codes(admDemolition({ attacker: "nato", card: adm, umpireConfirmed: true, autobahnHex: "" }))).toEqual(["missingHex"]);
  });

  it("refuses without release, with the wrong card, or the other side's card", () => {
    const r = admDemolition({ attacker: "wp", card: card("Card.n", "nuclear", 0, "nato"), umpireConfirmed: false, autobahnHex: "1.1" });
    expect(codes(r)).toEqual(["wrongCardCategory", "wrongSide", "releaseNotConfirmed"]);
  });
});
