import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scriptedDice, seededDice, type Dice } from "../../../src/rules/dice";
import { phrase, total, unwrap, type Checked } from "../../../src/rules/resolution";
import {
  combatOdds,
  groundCombat,
  groundCombatEffects,
  planGroundCombat,
  resolveGroundCombat,
  type GroundCombatInput,
  type GroundCombatPlan,
} from "../../../src/rules/nobc/land/combat";
import { combatResult, crtBand } from "../../../src/rules/nobc/land/combat-tables";
import { checkGroundCombatAnnouncements, checkGroundCombatTurn } from "../../../src/rules/nobc/land/combat-turn";
import type { LandHq, LandUnit, SupportCard } from "../../../src/rules/nobc/land/types";
import { wpDivision } from "./fixtures";

// A small map: T is the defending hex; A1, A2, A3 and N1 touch it; B touches A1 only; F is far away.
const ADJ = { T: ["A1", "A2", "A3", "N1"], A1: ["B", "A2"], N1: ["N2"] } as const;

const unit = (id: string, over: Partial<LandUnit> = {}): LandUnit => wpDivision(id, { hex: "A1", ...over });

const wp1 = unit("wp1", { hex: "A1", strength: 8 });
const wp2 = unit("wp2", { hex: "A2", strength: 4 });
const nato1 = unit("nato1", { side: "nato", hex: "T", size: "brigade", arm: "armour", strength: 4, nationality: "UK" });

function hq(id: string, over: Partial<LandHq> = {}): LandHq {
  return {
    id,
    side: "wp",
    name: id,
    echelon: "army",
    level: 3,
    maxLevel: 5,
    radius: 4,
    nationality: "SU",
    hex: "F",
    mayRecover: true,
    ...over,
  };
}

function card(id: string, over: Partial<SupportCard> = {}): SupportCard {
  return { id, side: "wp", category: "combatModifier", value: 2, ...over };
}

function input(over: Partial<GroundCombatInput> = {}): GroundCombatInput {
  return {
    attackerSide: "wp",
    target: "T",
    terrain: ["clear"],
    minefield: false,
    units: [wp1, wp2, nato1],
    adjacency: ADJ,
    attackers: ["wp1", "wp2"],
    ...over,
  };
}

function codes<T>(checked: Checked<T>): string[] {
  return checked.ok ? [] : checked.refusals.map((r) => r.code);
}

const plan = (over: Partial<GroundCombatInput> = {}): GroundCombatPlan => unwrap(planGroundCombat(input(over)));

describe("planGroundCombat: Steps One to Four (seed 000, Land War QRS, Ground Combat)", () => {
  it("12 against 4 is 3:1, +4, with one labelled and sourced line per step", () => {
    const p = plan();
    expect(p.attackStrength.total).toBe(12);
    expect(p.defenceStrength.total).toBe(4);
    expect(p.breakdown).toEqual([
      {
        text: phrase("NOBC.Rules.Land.Combat.Odds", { attack: 12, defence: 4, ratio: 3 }),
        value: 4,
        source: "seed 000 (NOBC), Land War QRS: Ground Combat Step One (odds)",
      },
      {
        text: phrase("NOBC.Rules.Land.Combat.Terrain", { terrain: phrase("NOBC.Rules.Land.Terrain.clear") }),
        value: 0,
        source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Two (terrain)",
      },
      {
        text: phrase("NOBC.Rules.Land.Combat.NoRiver"),
        value: 0,
        source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Three (river)",
      },
      {
        text: phrase("NOBC.Rules.Land.Combat.NoAdjacentDefender"),
        value: 0,
        source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Four (defender's adjacent units)",
      },
    ]);
    expect(p.modifier).toBe(4);
    expect(p.defenderSide).toBe("nato");
  });

  it("does not change its input", () => {
    const i = input({ support: [{ hq: hq("army"), distance: 2, cards: [card("c1")] }] });
    const copy = structuredClone(i);
    unwrap(planGroundCombat(i));
    expect(i).toEqual(copy);
  });

  it("odds below 1:1: +0 by default, mirrored with the option (RULES-NOTES reading)", () => {
    const strong = unit("nato1", { side: "nato", hex: "T", strength: 30 });
    const zero = plan({ units: [wp1, wp2, strong] });
    expect(zero.breakdown[0]).toEqual({
      text: phrase("NOBC.Rules.Land.Combat.OddsBelowOne", { attack: 12, defence: 30 }),
      value: 0,
      source: "docs/rules-decisions.md: ground combat, odds below 1:1 count +0",
    });
    const mirror = plan({ units: [wp1, wp2, strong], options: { oddsBelowOne: "mirror" } });
    expect(mirror.breakdown[0]).toMatchObject({
      text: phrase("NOBC.Rules.Land.Combat.OddsMirrored", { attack: 12, defence: 30, ratio: 2 }),
      value: -2,
    });
    expect(mirror.breakdown[0]!.source).toContain("mirrored (world setting)");
    const close = plan({ units: [wp1, wp2, unit("nato1", { side: "nato", hex: "T", strength: 13 })], options: { oddsBelowOne: "mirror" } });
    expect(close.breakdown[0]).toMatchObject({
      text: phrase("NOBC.Rules.Land.Combat.OddsMirrored", { attack: 12, defence: 13, ratio: 1 }),
      value: 0,
    });
  });

  it("Step Two terrain is cumulative, one line per type (woods + rough = −2; city −4)", () => {
    const p = plan({ terrain: ["woods", "rough", "woods"] });
    expect(p.breakdown.filter((l) => l.source.includes("Step Two"))).toEqual([
      {
        text: phrase("NOBC.Rules.Land.Combat.Terrain", { terrain: phrase("NOBC.Rules.Land.Terrain.woods") }),
        value: -1,
        source: expect.any(String),
      },
      {
        text: phrase("NOBC.Rules.Land.Combat.Terrain", { terrain: phrase("NOBC.Rules.Land.Terrain.rough") }),
        value: -1,
        source: expect.any(String),
      },
    ]);
    expect(plan({ terrain: ["city", "clear"] }).modifier).toBe(4 - 4);
  });

  describe("Step Three river and the bridge / Engineer card requirement", () => {
    const eng = (id: string, category: SupportCard["category"] = "engineer") => card(id, { category, value: 0 });

    it("every attacker across a bridged major river: −3", () => {
      const p = plan({ rivers: { A1: { kind: "major", bridged: true }, A2: { kind: "major", bridged: true } } });
      expect(p.breakdown[2]).toEqual({
        text: phrase("NOBC.Rules.Land.Combat.RiverMajor"),
        value: -3,
        source: expect.stringContaining("Step Three"),
      });
      expect(p.modifier).toBe(1);
    });

    it("every attacker across a river, not all major: −1", () => {
      const p = plan({ rivers: { A1: { kind: "major", bridged: true }, A2: { kind: "minor", bridged: true } } });
      expect(p.breakdown[2]).toMatchObject({ text: phrase("NOBC.Rules.Land.Combat.RiverMixed"), value: -1 });
    });

    it("only some attackers across a river: no modifier (decision)", () => {
      const p = plan({ rivers: { A1: { kind: "major", bridged: true } } });
      expect(p.breakdown[2]).toEqual({
        text: phrase("NOBC.Rules.Land.Combat.RiverPartial"),
        value: 0,
        source: "docs/rules-decisions.md: ground combat, river only if every attacker crosses",
      });
    });

    it("an unbridged minor river needs an Engineer card; a Bridging Engineer serves too", () => {
      const rivers = { A1: { kind: "minor" as const, bridged: false } };
      const refused = planGroundCombat(input({ attackers: ["wp1"], rivers }));
      expect(refused).toEqual({
        ok: false,
        refusals: [
          {
            code: "riverNeedsEngineer",
            text: phrase("NOBC.Rules.Land.Combat.Refusal.riverNeedsEngineer", { count: 1, played: 0 }),
            field: "support",
          },
        ],
      });
      const p = plan({ attackers: ["wp1"], rivers, support: [{ hq: hq("army"), distance: 1, cards: [eng("e1", "bridgingEngineer")] }] });
      expect(p.breakdown[2]).toMatchObject({ value: -1 });
      expect(p.breakdown[3]).toEqual({
        text: phrase("NOBC.Rules.Land.Combat.EngineerBridges", { card: "e1" }),
        value: 0,
        source: expect.stringContaining("Step Three"),
      });
      expect(p.cardsPlayed).toEqual(["e1"]);
    });

    it("an unbridged major river needs two Engineer cards; a minelaying engineer does not count", () => {
      const rivers = { A1: { kind: "major" as const, bridged: false } };
      const one = planGroundCombat(input({ attackers: ["wp1"], rivers, support: [{ hq: hq("army"), distance: 1, cards: [eng("e1")] }] }));
      expect(codes(one)).toEqual(["riverNeedsEngineer"]);
      const mine = planGroundCombat(
        input({
          attackers: ["wp1"],
          rivers,
          support: [{ hq: hq("army"), distance: 1, cards: [eng("e1"), eng("e2", "minelayingEngineer")] }],
        }),
      );
      expect(codes(mine)).toEqual(["cardNoGroundUse", "riverNeedsEngineer"]);
      expect(
        planGroundCombat(input({ attackers: ["wp1"], rivers, support: [{ hq: hq("army"), distance: 1, cards: [eng("e1"), eng("e2")] }] }))
          .ok,
      ).toBe(true);
    });

    it("each unbridged hexside needs its own cards; units sharing a hex share the crossing", () => {
      const rivers = { A1: { kind: "minor" as const, bridged: false }, A2: { kind: "minor" as const, bridged: false } };
      const wp3 = unit("wp3", { hex: "A1", strength: 2 });
      const one = planGroundCombat(
        input({
          units: [wp1, wp2, wp3, nato1],
          attackers: ["wp1", "wp3", "wp2"],
          rivers,
          support: [{ hq: hq("army"), distance: 1, cards: [eng("e1")] }],
        }),
      );
      expect(codes(one)).toEqual(["riverNeedsEngineer"]);
      expect(!one.ok && one.refusals[0]!.text).toEqual(
        phrase("NOBC.Rules.Land.Combat.Refusal.riverNeedsEngineer", { count: 2, played: 1 }),
      );
      const two = planGroundCombat(
        input({
          units: [wp1, wp2, wp3, nato1],
          attackers: ["wp1", "wp3", "wp2"],
          rivers,
          support: [{ hq: hq("army"), distance: 1, cards: [eng("e1"), eng("e2")] }],
        }),
      );
      expect(two.ok).toBe(true);
    });

    it("refuses an unknown river kind; rivers by hexes that do not attack are ignored", () => {
      const bad = planGroundCombat(
        input({ rivers: { A1: { kind: "stream" as "minor", bridged: true }, F: { kind: "major", bridged: false } } }),
      );
      expect(codes(bad)).toEqual(["invalidRiver"]);
      expect(plan({ rivers: { F: { kind: "major", bridged: false } } }).modifier).toBe(4);
    });
  });

  describe("Step Four: adjacent defenders, CAS and support cards", () => {
    it("−2 for each defender-side Combat Mode unit next to the defending hex and not in it", () => {
      const units = [
        wp1,
        wp2,
        nato1,
        unit("n2", { side: "nato", hex: "N1", name: "2 Armd Bde" }),
        unit("n3", { side: "nato", hex: "A3" }),
        unit("n4", { side: "nato", hex: "A3", mode: "march" }),
        unit("n5", { side: "nato", hex: "N2" }),
        unit("n6", { side: "nato", hex: "N1", size: "battalion" }),
        unit("n7", { side: "nato", hex: "N1", arm: "artillery" }),
        unit("n8", { side: "nato", hex: "T", strength: 2 }),
        unit("w9", { side: "wp", hex: "A3" }),
        unit("n10", { side: "nato", hex: "A3", strength: 0 }),
      ];
      const p = plan({ units });
      expect(p.breakdown.filter((l) => l.source.includes("adjacent"))).toEqual([
        {
          text: phrase("NOBC.Rules.Land.Combat.AdjacentDefender", { unit: "2 Armd Bde", hex: "N1" }),
          value: -2,
          source: expect.any(String),
        },
        { text: phrase("NOBC.Rules.Land.Combat.AdjacentDefender", { unit: "n3", hex: "A3" }), value: -2, source: expect.any(String) },
      ]);
      expect(p.defenders.map((d) => d.id)).toEqual(["nato1", "n8"]);
    });

    it("attacker CAS adds, defender CAS subtracts; cards count for the side that plays them", () => {
      const natoHq = hq("corps", { side: "nato", echelon: "corps", name: "I BR Corps" });
      const p = plan({
        support: [
          {
            hq: hq("army", { name: "3 Shock Army" }),
            distance: 2,
            cards: [card("c1", { value: 2 }), card("cw", { category: "chemical", value: 3 })],
            cas: [{ id: "su24", name: "Su-24 Regt", side: "wp", value: 3 }],
          },
          {
            hq: natoHq,
            distance: 0,
            cards: [card("n1", { side: "nato", value: 1 })],
            cas: [{ id: "a10", name: "A-10 Sqn", side: "nato", value: 2 }],
          },
        ],
        chemicalReleaseConfirmed: true,
      });
      const step4 = p.breakdown.slice(4);
      expect(step4).toEqual([
        {
          text: phrase("NOBC.Rules.Land.Combat.CasAttacker", { squadron: "Su-24 Regt" }),
          value: 3,
          source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Four (CAS)",
        },
        {
          text: phrase("NOBC.Rules.Land.Combat.CasDefender", { squadron: "A-10 Sqn" }),
          value: -2,
          source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Four (CAS)",
        },
        {
          text: phrase("NOBC.Rules.Land.Combat.CardAttacker", { card: "c1", category: phrase("NOBC.CardCategory.combatModifier") }),
          value: 2,
          source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Four (support cards)",
        },
        {
          text: phrase("NOBC.Rules.Land.Combat.CardAttacker", { card: "cw", category: phrase("NOBC.CardCategory.chemical") }),
          value: 3,
          source: expect.stringContaining("chemical weapons note"),
        },
        {
          text: phrase("NOBC.Rules.Land.Combat.CardDefender", { card: "n1", category: phrase("NOBC.CardCategory.combatModifier") }),
          value: -1,
          source: expect.any(String),
        },
      ]);
      expect(p.modifier).toBe(4 + 3 - 2 + 2 + 3 - 1);
      expect(p.support).toEqual([
        { hq: "army", hqName: "3 Shock Army", echelon: "army", side: "wp", cards: ["c1", "cw"], cas: ["su24"] },
        { hq: "corps", hqName: "I BR Corps", echelon: "corps", side: "nato", cards: ["n1"], cas: ["a10"] },
      ]);
      expect(p.cardsPlayed).toEqual(["c1", "cw", "n1"]);
    });

    it("an advance-after-combat card shows as a 0 line and sets the flag", () => {
      const p = plan({ support: [{ hq: hq("army"), distance: 1, cards: [card("adv", { category: "advanceAfterCombat", value: 0 })] }] });
      expect(p.advanceCard).toBe(true);
      expect(p.breakdown.at(-1)).toEqual({
        text: phrase("NOBC.Rules.Land.Combat.AdvanceCard", { card: "adv" }),
        value: 0,
        source: expect.stringContaining("advance after combat"),
      });
      expect(plan().advanceCard).toBe(false);
    });
  });

  describe("artillery fire support (seed 000, Land War QRS, C) Supporting Artillery)", () => {
    const arty = (id: string, hex: string, over: Partial<LandUnit> = {}) =>
      unit(id, { hex, arm: "artillery", mode: "march", size: "brigade", strength: 3, supply: 0, ...over });

    it("adds the artillery of each mission to the attack and costs the supported unit 1 SP per mission", () => {
      const units = [wp1, wp2, nato1, arty("g1", "B"), arty("g2", "A1"), arty("g3", "A2", { strength: 5 })];
      const p = plan({
        units,
        fireMissions: [
          { supported: "wp1", artillery: ["g1", "g2"] },
          { supported: "wp1", artillery: ["g3"] },
        ],
      });
      expect(p.attackStrength).toMatchObject({ total: 12 + 11, artillery: 11 });
      expect(p.attackStrength.contributions.filter((c) => c.role === "artillery").map((c) => c.actor)).toEqual(["g1", "g2", "g3"]);
      expect(p.breakdown[0]!.text).toEqual(
        phrase("NOBC.Rules.Land.Combat.Odds", {
          attack: phrase("NOBC.Rules.Land.Combat.WithArtillery", { strength: 23, artillery: 11 }),
          defence: 4,
          ratio: 4,
        }),
      );
      expect(p.supplySpent).toEqual([{ actor: "wp1", name: "wp1", spent: 2, available: 2 }]);
      const r = resolveGroundCombat(p, scriptedDice([1]));
      expect(r.effects[0]).toEqual({ type: "supply", actor: "wp1", delta: -2 });
    });

    it("a battalion or artillery unit whose data says Combat Mode still cannot call a fire mission (always March Mode)", () => {
      const bn = unit("bn", { side: "nato", hex: "T", size: "battalion", mode: "combat", strength: 2, supply: 1 });
      const r = planGroundCombat(
        input({ units: [wp1, wp2, bn, arty("ng", "N1", { side: "nato" })], fireMissions: [{ supported: "bn", artillery: ["ng"] }] }),
      );
      expect(r.ok ? [] : r.refusals).toEqual([
        {
          code: "fireMissionNotCombatMode",
          text: phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionAlwaysMarch", { unit: "bn" }),
          field: "fireMissions[0]",
        },
      ]);
    });

    it("supports the defence too: a Combat Mode defender calls adjacent artillery", () => {
      const units = [wp1, wp2, unit("nato1", { side: "nato", hex: "T", strength: 4, supply: 1 }), arty("ng", "N1", { side: "nato" })];
      const p = plan({ units, fireMissions: [{ supported: "nato1", artillery: ["ng"] }] });
      expect(p.defenceStrength).toMatchObject({ total: 7, artillery: 3 });
      expect(p.breakdown[0]!.text).toEqual(
        phrase("NOBC.Rules.Land.Combat.Odds", {
          attack: 12,
          defence: phrase("NOBC.Rules.Land.Combat.WithArtillery", { strength: 7, artillery: 3 }),
          ratio: 1,
        }),
      );
      expect(p.fireMissions).toEqual([
        { side: "nato", supported: "nato1", artillery: [{ id: "ng", name: "ng", strength: 3 }], strength: 3 },
      ]);
    });

    it("refuses missions that break the limits, with every reason", () => {
      const units = [
        wp1,
        wp2,
        unit("nato1", { side: "nato", hex: "T", mode: "march" }),
        arty("g1", "B"),
        arty("g2", "B"),
        arty("g3", "A2"),
        arty("g4", "A2"),
        arty("gT", "T", { side: "nato" }),
        arty("far", "F"),
        arty("nat", "A2", { side: "nato" }),
        unit("notArty", { hex: "A2", mode: "march" }),
        arty("zero", "A2", { strength: 0 }),
      ];
      const r = planGroundCombat(
        input({
          units,
          fireMissions: [
            { supported: "wp2", artillery: ["g1", "g2", "g3", "g4"] },
            { supported: "wp2", artillery: [] },
            { supported: "wp2", artillery: ["g3"] },
            { supported: "wp1", artillery: ["far", "nat", "notArty"] },
            { supported: "wp1", artillery: ["ghost", "zero"] },
            { supported: "nato1", artillery: ["gT"] },
            { supported: "stranger", artillery: ["g1"] },
          ],
        }),
      );
      expect(codes(r)).toEqual([
        "fireMissionArtilleryCount",
        "fireMissionArtilleryNotAdjacent",
        "fireMissionArtilleryNotAdjacent",
        "fireMissionArtilleryCount",
        "artilleryFiresTwice",
        "fireMissionArtilleryNotAdjacent",
        "fireMissionArtillerySide",
        "fireMissionNotArtillery",
        "fireMissionArtilleryUnknown",
        "invalidStrength",
        "fireMissionNotCombatMode",
        "artilleryAlreadyDefends",
        "fireMissionUnsupported",
        "tooManyFireMissions",
        "fireMissionNoSupply",
      ]);
      if (!r.ok) {
        expect(r.refusals.find((x) => x.code === "tooManyFireMissions")!.text).toEqual(
          phrase("NOBC.Rules.Land.Combat.Refusal.tooManyFireMissions", { missions: 5, max: 3 }),
        );
        expect(r.refusals.find((x) => x.code === "fireMissionNoSupply")!.text).toEqual(
          phrase("NOBC.Rules.Land.Combat.Refusal.fireMissionNoSupply", { unit: "wp2", supply: 2, cost: 3 }),
        );
      }
    });

    it("names the defender when it calls too many missions", () => {
      const units = [wp1, wp2, unit("nato1", { side: "nato", hex: "T", supply: 9 }), arty("n1", "N1", { side: "nato" })];
      const r = planGroundCombat(
        input({ units, fireMissions: Array.from({ length: 4 }, () => ({ supported: "nato1", artillery: ["n1"] })) }),
      );
      expect(!r.ok && r.refusals.find((x) => x.code === "tooManyFireMissions")!.text).toEqual(
        phrase("NOBC.Rules.Land.Combat.Refusal.tooManyFireMissionsDefender", { missions: 4, max: 3 }),
      );
    });
  });

  describe("eligibility (seed 000, Land War QRS, Ground Combat)", () => {
    it("refuses attackers that may not attack, with every reason", () => {
      const units = [
        wp1,
        unit("march", { hex: "A2", mode: "march" }),
        unit("bn", { hex: "A2", size: "battalion", mode: "march" }),
        unit("gun", { hex: "A2", arm: "artillery", mode: "combat" }),
        unit("far", { hex: "B" }),
        unit("enemy", { side: "nato", hex: "A3" }),
        unit("inside", { hex: "T", side: "nato" }),
        unit("broken", { hex: "A2", strength: 0 }),
      ];
      const r = planGroundCombat(
        input({ units, attackers: ["wp1", "wp1", "ghost", "march", "bn", "gun", "far", "enemy", "inside", "broken"] }),
      );
      expect(codes(r)).toEqual([
        "duplicateAttacker",
        "unknownUnit",
        "attackerNotCombatMode",
        "attackerAlwaysMarch",
        "attackerAlwaysMarch",
        "attackerNotAdjacent",
        "attackerWrongSide",
        "attackerWrongSide",
        "attackerInTarget",
        "invalidStrength",
      ]);
      if (!r.ok) {
        expect(r.refusals[3]).toEqual({
          code: "attackerAlwaysMarch",
          text: phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerAlwaysMarch", { unit: "bn" }),
          field: "attackers[4]",
        });
        expect(r.refusals[4]!.text).toEqual(
          phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerAlwaysMarchArtillery", { unit: "gun" }),
        );
        expect(r.refusals[2]!.text).toEqual(phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerNotCombatMode", { unit: "march" }));
      }
    });

    it("refuses no attackers, an empty target, and a target holding a friend or a broken unit", () => {
      expect(codes(planGroundCombat(input({ attackers: [] })))).toEqual(["noAttackers"]);
      expect(codes(planGroundCombat(input({ units: [wp1, wp2] })))).toEqual(["targetEmpty"]);
      expect(codes(planGroundCombat(input({ units: [wp1, wp2, nato1, unit("x", { hex: "T" })] })))).toEqual(["targetHoldsFriend"]);
      expect(codes(planGroundCombat(input({ units: [wp1, wp2, unit("nato1", { side: "nato", hex: "T", strength: 2.5 })] })))).toEqual([
        "invalidStrength",
      ]);
    });

    it("NATO attacks too: the Warsaw Pact then defends", () => {
      const p = plan({ attackerSide: "nato", units: [unit("n", { side: "nato", hex: "A1" }), unit("w", { hex: "T" })], attackers: ["n"] });
      expect(p.defenderSide).toBe("wp");
      const r = planGroundCombat(input({ attackerSide: "nato", attackers: ["wp1"] }));
      expect(!r.ok && r.refusals[0]!.text).toEqual(
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerWrongSide", { unit: "wp1", side: phrase("NOBC.Side.nato") }),
      );
    });

    it("hexes missing from the adjacency are not adjacent", () => {
      const r = planGroundCombat(
        input({ units: [unit("z", { hex: "Z" }), unit("y", { side: "nato", hex: "Y" })], target: "Y", attackers: ["z"] }),
      );
      expect(codes(r)).toEqual(["attackerNotAdjacent"]);
    });

    it("adjacency may be listed in either direction", () => {
      const p = plan({ units: [unit("wpB", { hex: "B" }), unit("d", { side: "nato", hex: "A1" })], target: "A1", attackers: ["wpB"] });
      expect(p.attackers.map((a) => a.hex)).toEqual(["B"]);
    });

    it("refuses an unknown terrain or option", () => {
      const r = planGroundCombat(input({ terrain: ["lava" as "clear"], options: { oddsBelowOne: "half" as "zero" } }));
      expect(codes(r)).toEqual(["invalidOption", "invalidTerrain"]);
    });
  });

  describe("support cards and HQs", () => {
    it("refuses support beyond the HQ's radius or level, and cards or CAS of the wrong kind", () => {
      const r = planGroundCombat(
        input({
          support: [
            {
              hq: hq("army", { level: 2, radius: 3 }),
              distance: 4,
              cards: [
                card("c1"),
                card("c1"),
                card("nato", { side: "nato" }),
                card("other", { hq: "otherHq" }),
                card("intel", { category: "intelligence" }),
                card("frac", { value: 1.5 }),
              ],
              cas: [
                { id: "s1", name: "S1", side: "nato", value: 2 },
                { id: "s1", name: "S1", side: "wp", value: 2 },
                { id: "s2", name: "S2", side: "wp", value: -1 },
              ],
            },
            { hq: hq("army"), distance: 1 },
            { hq: hq("front", { echelon: "front" }), distance: -1 },
            {
              hq: hq("nato", { side: "nato" }),
              distance: 0.5,
              cards: [
                card("ne", { side: "nato", category: "engineer", value: 0 }),
                card("na", { side: "nato", category: "advanceAfterCombat", value: 0 }),
              ],
            },
          ],
        }),
      );
      expect(codes(r)).toEqual([
        "hqOutOfRadius",
        "hqOverLevel",
        "cardPlayedTwice",
        "cardWrongSide",
        "cardWrongHq",
        "cardNoGroundUse",
        "cardInvalidValue",
        "casWrongSide",
        "casListedTwice",
        "casInvalidValue",
        "hqListedTwice",
        "hqDistanceInvalid",
        "hqDistanceInvalid",
        "cardNoDefenceUse",
        "cardNoDefenceUse",
      ]);
      if (!r.ok) {
        expect(r.refusals[0]!.text).toEqual(phrase("NOBC.Rules.Land.HqSupport.Refusal.hqOutOfRadius", { hq: "army", count: 4, radius: 3 }));
        expect(r.refusals[1]!.text).toEqual(phrase("NOBC.Rules.Land.HqSupport.Refusal.hqOverLevel", { hq: "army", count: 2, used: 9 }));
      }
    });

    it("accepts exactly the HQ's level and radius; a card's own HQ may be named", () => {
      const p = plan({
        support: [
          {
            hq: hq("army", { level: 2, radius: 3 }),
            distance: 3,
            cards: [card("c1", { hq: "army" })],
            cas: [{ id: "s", name: "S", side: "wp", value: 0 }],
          },
        ],
      });
      expect(p.modifier).toBe(4 + 2);
    });

    it("refuses a card of a category the rules do not know", () => {
      const r = planGroundCombat(input({ support: [{ hq: hq("army"), distance: 1, cards: [card("x", { category: "weird" as "ew" })] }] }));
      expect(codes(r)).toEqual(["cardNoGroundUse"]);
    });

    it("an HQ whose level or radius is not a whole number ≥ 0 gives no support (a NaN level is not unlimited)", () => {
      const many = Array.from({ length: 5 }, (_, i) => card(`c${i}`));
      expect(codes(planGroundCombat(input({ support: [{ hq: hq("army", { level: Number.NaN }), distance: 1, cards: many }] })))).toEqual([
        "hqInvalid",
      ]);
      expect(codes(planGroundCombat(input({ support: [{ hq: hq("army", { radius: -1 }), distance: 0 }] })))).toEqual(["hqInvalid"]);
      expect(codes(planGroundCombat(input({ support: [{ hq: hq("army", { level: 1.5 }), distance: 1 }] })))).toEqual(["hqInvalid"]);
    });

    it("the limit is per combat: the same HQ at its level in two combats is accepted by each plan", () => {
      const army = hq("army", { level: 2 });
      const units = [wp1, wp2, nato1, unit("n2", { side: "nato", hex: "B" })];
      const a = plan({ units, attackers: ["wp2"], support: [{ hq: army, distance: 1, cards: [card("c1"), card("c2")] }] });
      const b = plan({ units, target: "B", attackers: ["wp1"], support: [{ hq: army, distance: 1, cards: [card("c3"), card("c4")] }] });
      expect(checkGroundCombatTurn([a, b]).ok).toBe(true);
    });
  });

  describe("chemical weapons (seed 000, Land War QRS: CW and nuclear notes)", () => {
    const cw = (id: string, over: Partial<SupportCard> = {}) => card(id, { category: "chemical", value: 3, ...over });

    it("a chemical card without Control's release is refused", () => {
      const r = planGroundCombat(input({ support: [{ hq: hq("army"), distance: 1, cards: [cw("cw")] }] }));
      expect(r).toEqual({
        ok: false,
        refusals: [
          {
            code: "releaseNotConfirmed",
            text: phrase("NOBC.Rules.Land.Combat.Refusal.releaseNotConfirmed", { count: 1, cards: "cw" }),
            field: "chemicalReleaseConfirmed",
          },
        ],
      });
      expect(
        codes(planGroundCombat(input({ chemicalReleaseConfirmed: false, support: [{ hq: hq("army"), distance: 1, cards: [cw("cw")] }] }))),
      ).toEqual(["releaseNotConfirmed"]);
    });

    it("released: the modifier counts once, the defending hex is contaminated and every chemical card is spent", () => {
      const p = plan({
        chemicalReleaseConfirmed: true,
        support: [
          { hq: hq("army"), distance: 1, cards: [cw("cw1"), cw("cw2", { value: 1 })] },
          { hq: hq("corps", { side: "nato" }), distance: 0, cards: [cw("ncw", { side: "nato", value: 2 })] },
        ],
      });
      expect(p.modifier).toBe(4 + 3 + 1 - 2);
      expect(p.chemicalCards).toEqual(["cw1", "cw2", "ncw"]);
      const r = resolveGroundCombat(p, scriptedDice([1]));
      expect(r.effects.filter((e) => e.type === "contaminated" || e.type === "cardDiscarded")).toEqual([
        { type: "contaminated", hex: "T" },
        { type: "cardDiscarded", card: "cw1" },
        { type: "cardDiscarded", card: "cw2" },
        { type: "cardDiscarded", card: "ncw" },
      ]);
    });

    it("a combat with no chemical card neither contaminates nor discards, and needs no release", () => {
      const r = resolveGroundCombat(plan({ support: [{ hq: hq("army"), distance: 1, cards: [card("c1")] }] }), scriptedDice([1]));
      expect(r.effects.some((e) => e.type === "contaminated" || e.type === "cardDiscarded")).toBe(false);
    });
  });
});

describe("resolveGroundCombat: Step Five and the Combat Results Table (seed 000)", () => {
  it("rolls 1d6, adds it, and reads the no-mine column: score 8 is Success", () => {
    const p = plan();
    const r = resolveGroundCombat(p, scriptedDice([4]));
    expect(r.rolls).toEqual([4]);
    expect(r.breakdown.at(-1)).toEqual({
      text: phrase("NOBC.Rules.Land.Combat.StepFive"),
      value: 4,
      source: "seed 000 (NOBC), Land War QRS: Ground Combat Step Five (1d6)",
    });
    expect(total(r.breakdown)).toBe(8);
    expect(r.outcome).toMatchObject({
      die: 4,
      score: 8,
      band: "8-11",
      result: combatResult(8, false),
      retreat: { hexes: 1, minefieldCleared: false },
    });
    // Success: 3 on each attacker, 2 between defenders (one defender takes both), retreat 1.
    expect(r.effects).toEqual([
      { type: "hits", actor: "wp1", amount: 3 },
      { type: "hits", actor: "wp2", amount: 3 },
      { type: "hits", actor: "nato1", amount: 2 },
      { type: "retreat", actor: "nato1", hexes: 1 },
      { type: "noMove", actor: "nato1" },
    ]);
    expect(r.outcome.advanceAfterCombat).toBe(false);
  });

  it("under a mine counter reads the mine column and clears the minefield on retreat", () => {
    const r = resolveGroundCombat(plan({ minefield: true }), scriptedDice([6]));
    expect(r.outcome.result.id).toBe("heavyFighting");
    expect(r.outcome.retreat).toEqual({ hexes: 0, minefieldCleared: false });
    const strong = unit("nato1", { side: "nato", hex: "T", strength: 6 });
    const big = resolveGroundCombat(
      plan({ units: [wp1, wp2, strong], minefield: true, support: [{ hq: hq("army"), distance: 1, cards: [card("c", { value: 8 })] }] }),
      scriptedDice([6]),
    );
    expect(big.outcome.score).toBe(16);
    expect(big.outcome.result.id).toBe("costlyBreakthrough");
    expect(big.effects).toContainEqual({ type: "minefield", hex: "T", present: false });
    expect(big.effects).toContainEqual({ type: "retreat", actor: "nato1", hexes: 2 });
  });

  it("artillery in the defending hex takes no CRT hits: its share is dropped with a note", () => {
    const gun = unit("gun", { side: "nato", hex: "T", arm: "artillery", mode: "march", strength: 3, name: "5 Regt RA" });
    const p = plan({ units: [wp1, wp2, nato1, gun] });
    expect(p.defenceStrength.total).toBe(7);
    const r = resolveGroundCombat(p, scriptedDice([1]));
    // 12:7 is 1:1, +0; score 1: Attack Beaten Off, 2 between the defenders: 1 each, the gun's 1 dropped.
    expect(r.outcome.result.id).toBe("attackBeatenOff");
    expect(r.outcome.defenderHits.proposal).toEqual([{ actor: "nato1", hits: 1 }]);
    expect(r.outcome.defenderHits.dropped).toEqual([{ actor: "gun", hits: 1 }]);
    expect(r.breakdown.at(-1)).toEqual({
      text: phrase("NOBC.Rules.Land.Combat.ArtilleryNoHits", { unit: "5 Regt RA", count: 1 }),
      value: 0,
      source: "seed 000 (NOBC), Land War QRS: Combat Results Table, artillery casualties note",
    });
    expect(r.effects.filter((e) => e.type === "hits" && e.actor === "gun")).toEqual([]);
  });

  it("artillery retreats with the hex; eliminated defenders do not; CAS goes to the damaged box", () => {
    const gun = unit("gun", { side: "nato", hex: "T", arm: "artillery", mode: "march", strength: 1 });
    const weak = unit("nato1", { side: "nato", hex: "T", strength: 2 });
    const p = plan({
      units: [wp1, wp2, weak, gun],
      support: [{ hq: hq("army"), distance: 1, cas: [{ id: "su", name: "Su-25", side: "wp", value: 3 }] }],
    });
    const r = resolveGroundCombat(p, scriptedDice([6]));
    // 12 against 3 (the gun counts in the defence) is 4:1, +6.
    expect(r.outcome.score).toBe(6 + 3 + 6);
    expect(r.outcome.result.id).toBe("costlyBreakthrough");
    expect(r.effects).toEqual([
      { type: "hits", actor: "wp1", amount: 3 },
      { type: "hits", actor: "wp2", amount: 3 },
      { type: "hits", actor: "nato1", amount: 2 },
      { type: "eliminated", actor: "nato1" },
      { type: "retreat", actor: "gun", hexes: 2 },
      { type: "noMove", actor: "gun" },
      { type: "squadronBox", squadron: "su", box: "damaged" },
    ]);
  });

  it("the advance flag needs the card and a retreating defender", () => {
    const adv = [{ hq: hq("army"), distance: 1, cards: [card("adv", { category: "advanceAfterCombat" as const, value: 0 })] }];
    expect(resolveGroundCombat(plan({ support: adv }), scriptedDice([4])).outcome.advanceAfterCombat).toBe(true);
    expect(resolveGroundCombat(plan({ support: adv }), scriptedDice([1])).outcome.advanceAfterCombat).toBe(false);
    expect(resolveGroundCombat(plan({ support: adv }), scriptedDice([1])).outcome.cardsPlayed).toEqual(["adv"]);
  });

  it("throws when the dice give a face that is not 1..6", () => {
    const bad: Dice = { d6: () => 7, roll: () => [7] };
    expect(() => resolveGroundCombat(plan(), bad)).toThrow(RangeError);
  });

  it("groundCombat plans and resolves in one call, or passes the refusals on", () => {
    const r = groundCombat(input(), scriptedDice([2]));
    expect(r.ok && r.value.outcome.score).toBe(6);
    expect(codes(groundCombat(input({ attackers: [] }), scriptedDice([2])))).toEqual(["noAttackers"]);
  });
});

describe("groundCombatEffects: the owners' own splits of shared hits", () => {
  const units = [wp1, wp2, unit("nato1", { side: "nato", hex: "T", strength: 4 }), unit("nato2", { side: "nato", hex: "T", strength: 3 })];

  it("keeps the proposal when no split is given, and applies a valid change", () => {
    const p = plan({ units });
    const r = resolveGroundCombat(p, scriptedDice([1])); // 12:7 → +0, score 1: Attack Beaten Off
    expect(r.outcome.attackerHits.proposal).toEqual([
      { actor: "wp1", hits: 2 },
      { actor: "wp2", hits: 1 },
    ]);
    expect(groundCombatEffects(p, r.outcome, {})).toEqual({ ok: true, value: r.effects });
    const changed = groundCombatEffects(p, r.outcome, { attackers: [{ actor: "wp2", hits: 3 }], defenders: [{ actor: "nato2", hits: 2 }] });
    expect(changed).toEqual({
      ok: true,
      value: [
        { type: "hits", actor: "wp2", amount: 3 },
        { type: "hits", actor: "nato2", amount: 2 },
      ],
    });
  });

  it("refuses re-splitting 'on each' hits and bad splits, naming the side", () => {
    const p = plan({ units });
    const r = resolveGroundCombat(p, scriptedDice([6])); // score 6: Heavy Fighting, 3 on each attacker
    const checked = groundCombatEffects(p, r.outcome, { attackers: [{ actor: "wp1", hits: 6 }], defenders: [{ actor: "nato1", hits: 1 }] });
    expect(checked).toEqual({
      ok: false,
      refusals: [
        {
          code: "hitsNotShared",
          text: phrase("NOBC.Rules.Land.Combat.Refusal.hitsNotShared", { count: 3 }),
          field: "splits.attackers",
        },
        {
          code: "splitTotal",
          text: phrase("NOBC.Rules.Land.CombatHits.Refusal.splitTotal", { count: 1, total: 3 }),
          field: "splits.defenders.split",
        },
      ],
    });
  });
});

describe("combatOdds: the chance of each CRT row before rolling", () => {
  it("lists every row highest first with its faces", () => {
    const rows = combatOdds(plan()); // modifier +4: scores 5..10
    expect(rows.map((r) => [r.band, r.faces])).toEqual([
      ["16+", []],
      ["12-15", []],
      ["8-11", [4, 5, 6]],
      ["5-7", [1, 2, 3]],
      ["4-", []],
    ]);
    expect(rows[2]).toMatchObject({ probability: 0.5, result: combatResult(8, false) });
    expect(combatOdds(plan({ minefield: true }))[0]!.result.id).toBe("costlyBreakthrough");
  });

  const arbitraryInput = fc.record({
    a: fc.integer({ min: 1, max: 60 }),
    d: fc.integer({ min: 1, max: 60 }),
    terrain: fc.subarray(["woods", "rough", "marsh", "town", "city"] as const),
    bonus: fc.integer({ min: -12, max: 12 }),
    minefield: fc.boolean(),
    mirror: fc.boolean(),
  });
  const build = (x: {
    a: number;
    d: number;
    terrain: readonly ("woods" | "rough" | "marsh" | "town" | "city")[];
    bonus: number;
    minefield: boolean;
    mirror: boolean;
  }) =>
    plan({
      units: [unit("wp1", { hex: "A1", strength: x.a }), unit("n", { side: "nato", hex: "T", strength: x.d })],
      attackers: ["wp1"],
      terrain: x.terrain,
      minefield: x.minefield,
      options: { oddsBelowOne: x.mirror ? "mirror" : "zero" },
      support: [{ hq: hq("army", { level: 1 }), distance: 0, cards: [card("c", { value: x.bonus })] }],
    });

  it("property: probabilities sum to 1 and match brute force over the six faces", () => {
    fc.assert(
      fc.property(arbitraryInput, (x) => {
        const p = build(x);
        const rows = combatOdds(p);
        expect(rows.reduce((s, r) => s + r.faces.length, 0)).toBe(6);
        expect(rows.reduce((s, r) => s + r.probability, 0)).toBeCloseTo(1, 12);
        for (const row of rows) {
          const brute = [1, 2, 3, 4, 5, 6].filter((f) => resolveGroundCombat(p, scriptedDice([f])).outcome.band === row.band);
          expect(row.faces).toEqual(brute);
          expect(row.probability).toBe(brute.length / 6);
          if (brute.length > 0) expect(row.result).toEqual(resolveGroundCombat(p, scriptedDice([brute[0]!])).outcome.result);
        }
      }),
    );
  });

  it("property: the score is the breakdown's total and never falls as the odds rise", () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 6 }), (x, more, face) => {
        const low = resolveGroundCombat(build(x), scriptedDice([face]));
        const high = resolveGroundCombat(build({ ...x, a: x.a + more }), scriptedDice([face]));
        expect(total(low.breakdown)).toBe(low.outcome.score);
        expect(high.outcome.score).toBeGreaterThanOrEqual(low.outcome.score);
        expect(crtBand(low.outcome.score)).toBe(low.outcome.band);
      }),
    );
  });

  it("property: no effect takes a unit below 0 and shared hits are conserved", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.boolean()), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.integer(),
        (att, def, minefield, seed) => {
          const attackers = att.map((s, i) => unit(`a${i}`, { hex: i % 2 ? "A1" : "A2", strength: s }));
          const defenders = def.map(([s, gun], i) =>
            unit(`d${i}`, { side: "nato", hex: "T", strength: s, ...(gun ? { arm: "artillery" as const, mode: "march" as const } : {}) }),
          );
          const all = [...attackers, ...defenders];
          const r = resolveGroundCombat(plan({ units: all, attackers: attackers.map((u) => u.id), minefield }), seededDice(seed));
          for (const u of all) {
            const hits = r.effects.reduce((t, e) => t + (e.type === "hits" && e.actor === u.id ? e.amount : 0), 0);
            expect(hits).toBeLessThanOrEqual(u.strength);
            if (u.arm === "artillery") expect(hits).toBe(0);
          }
          for (const side of [r.outcome.attackerHits, r.outcome.defenderHits]) {
            const shared = [...side.proposal, ...side.dropped].reduce((t, s) => t + s.hits, 0);
            expect(shared).toBe(side.each ? side.amount * side.candidates.length : side.amount);
          }
        },
      ),
    );
  });
});

describe("the turn's announcements (seed 000, Land War QRS, Ground Combat A) Announce attacks)", () => {
  const units = [
    unit("w1", { hex: "A1" }),
    unit("w2", { hex: "A1" }),
    unit("w3", { hex: "A2" }),
    unit("n1", { side: "nato", hex: "T" }),
    unit("n2", { side: "nato", hex: "B" }),
    unit("n3", { side: "nato", hex: "N1" }),
    unit("w4", { hex: "N2" }),
  ];
  const context = { units, adjacency: ADJ };

  it("accepts WP first, then NATO units not under attack, several hexes on one target", () => {
    const r = checkGroundCombatAnnouncements(
      [
        { side: "wp", target: "T", attackers: ["w1", "w3"] },
        { side: "nato", target: "N2", attackers: ["n3"] },
      ],
      context,
    );
    expect(r.ok).toBe(true);
  });

  it("refuses a WP announcement after NATO's, a NATO unit under WP attack, a hex or unit attacking twice, a target twice", () => {
    const r = checkGroundCombatAnnouncements(
      [
        { side: "wp", target: "T", attackers: ["w1"] },
        { side: "nato", target: "A1", attackers: ["n1"] },
        { side: "wp", target: "B", attackers: ["w2"] },
        { side: "wp", target: "T", attackers: ["w3", "w1"] },
      ],
      context,
    );
    expect(codes(r)).toEqual([
      "natoUnitUnderAttack",
      "wpAnnouncesFirst",
      "hexAttacksTwice",
      "wpAnnouncesFirst",
      "targetAnnouncedTwice",
      "unitAttacksTwice",
    ]);
    if (!r.ok) {
      expect(r.refusals[0]).toEqual({
        code: "natoUnitUnderAttack",
        text: phrase("NOBC.Rules.Land.CombatTurn.Refusal.natoUnitUnderAttack", { unit: "n1", hex: "T" }),
        field: "announcements[1].attackers",
      });
      expect(r.refusals[2]!.text).toEqual(
        phrase("NOBC.Rules.Land.CombatTurn.Refusal.hexAttacksTwice", { hex: "A1", first: "T", second: "B" }),
      );
    }
  });

  it("checks each announcement's attackers like a combat, with fields under the announcement", () => {
    const r = checkGroundCombatAnnouncements([{ side: "wp", target: "T", attackers: ["n2"] }], context);
    expect(!r.ok && r.refusals).toEqual([
      {
        code: "attackerWrongSide",
        text: phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerWrongSide", { unit: "n2", side: phrase("NOBC.Side.wp") }),
        field: "announcements[0].attackers[0]",
      },
      {
        code: "attackerNotAdjacent",
        text: phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerNotAdjacent", { unit: "n2", hex: "B", target: "T" }),
        field: "announcements[0].attackers[0]",
      },
    ]);
  });
});

describe("the turn's combats together", () => {
  const arty = unit("g", { hex: "A2", arm: "artillery", mode: "march", strength: 2 });
  const front = hq("front", { echelon: "front", name: "1 Western Front" });
  const units = [
    unit("w1", { hex: "A1", supply: 1 }),
    unit("w2", { hex: "A2", supply: 1 }),
    unit("w3", { hex: "A3", supply: 1 }),
    unit("n1", { side: "nato", hex: "T" }),
    unit("n2", { side: "nato", hex: "B" }),
    unit("n3", { side: "nato", hex: "N1" }),
    arty,
  ];
  const adjacency = { ...ADJ, A2: ["B", "N1"] };
  const base = (target: string, attackers: string[], over: Partial<GroundCombatInput> = {}) =>
    plan({ units, adjacency, target, attackers, ...over });

  it("accepts combats that share nothing but an army HQ", () => {
    const army = hq("army");
    const r = checkGroundCombatTurn([
      base("T", ["w1"], {
        support: [{ hq: army, distance: 1, cards: [card("c1")] }],
        fireMissions: [{ supported: "w1", artillery: ["g"] }],
      }),
      base("B", ["w2"], { support: [{ hq: army, distance: 1, cards: [card("c2")] }] }),
    ]);
    expect(r.ok && r.value.length).toBe(2);
  });

  it("refuses a Front HQ, card, CAS or artillery in two combats, a unit or hex attacking twice, supply overspent", () => {
    const cas = { id: "su", name: "Su-25", side: "wp" as const, value: 2 };
    const first = base("T", ["w1", "w2"], {
      support: [{ hq: front, distance: 1, cards: [card("c1")], cas: [cas] }],
      fireMissions: [{ supported: "w2", artillery: ["g"] }],
    });
    const second = base("B", ["w2"], {
      support: [{ hq: front, distance: 1, cards: [card("c1")], cas: [cas] }],
      fireMissions: [{ supported: "w2", artillery: ["g"] }],
    });
    const third = base("T", ["w3"]);
    const r = checkGroundCombatTurn([first, second, third]);
    expect(codes(r)).toEqual([
      "unitAttacksTwice",
      "hexAttacksTwice",
      "frontHqTwice",
      "cardUsedTwice",
      "casUsedTwice",
      "artilleryFiresTwice",
      "targetAttackedTwice",
      "supplyOverspent",
    ]);
    if (!r.ok) {
      expect(r.refusals[2]!.text).toEqual(phrase("NOBC.Rules.Land.CombatTurn.Refusal.frontHqTwice", { hq: "1 Western Front" }));
      expect(r.refusals.at(-1)).toEqual({
        code: "supplyOverspent",
        text: phrase("NOBC.Rules.Land.CombatTurn.Refusal.supplyOverspent", { unit: "w2", available: 1, spent: 2 }),
        field: "w2",
      });
    }
  });

  it("a Front HQ may support one combat", () => {
    expect(
      checkGroundCombatTurn([base("T", ["w1"], { support: [{ hq: front, distance: 1, cards: [card("c1")] }] }), base("B", ["w2"])]).ok,
    ).toBe(true);
  });
});
