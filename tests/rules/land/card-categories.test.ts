/**
 * The support-card records (seed 000, Land War QRS): every list of categories the rules keep is
 * derived from them, and these tests pin each derived list to the one written out before the
 * records existed, so the derivation changes no fact.
 */
import { describe, expect, it } from "vitest";
import {
  CARD_AFTER_USE,
  SUPPORT_CARD_CATEGORIES,
  SUPPORT_CARD_RECORDS,
  categoriesWhere,
  discardsAfterUse,
  isWeapon,
  spentAfterUse,
  supportCardRecord,
  type SupportCardUses,
} from "../../../src/rules/nobc/land/card-categories";
import { UNIT_SUPPORT_CATEGORIES, unitCanTake } from "../../../src/rules/nobc/land/assignment";
import { HQ_RECOVERY_CARDS } from "../../../src/rules/nobc/land/resupply";
import { DEMOLITION_CARD_CATEGORIES } from "../../../src/rules/nobc/land/demolition";
import { MINEFIELD_CARD_CATEGORIES } from "../../../src/rules/nobc/land/orders";
import { IDENTIFICATION_CARD_CATEGORIES } from "../../../src/rules/nobc/land/rear-area";
import { cardServesInCombat } from "../../../src/rules/nobc/land/combat";
import * as land from "../../../src/rules/nobc/land/index";

describe("the categories", () => {
  it("are the records' keys, in the order sheets list them", () => {
    expect(SUPPORT_CARD_CATEGORIES).toEqual([
      "intelligence",
      "airRecce",
      "specialForces",
      "engineer",
      "bridgingEngineer",
      "minelayingEngineer",
      "chemical",
      "nuclear",
      "adm",
      "ew",
      "ssm",
      "signals",
      "logistics",
      "rearTroops",
      "combatModifier",
      "advanceAfterCombat",
    ]);
    expect(land.SUPPORT_CARD_CATEGORIES).toBe(SUPPORT_CARD_CATEGORIES);
  });

  it.each(SUPPORT_CARD_CATEGORIES.map((c) => [c]))("%s cites seed 000 and has a known holder and after-use line", (category) => {
    const record = SUPPORT_CARD_RECORDS[category];
    expect(record.source).toMatch(/^seed 000 \(NOBC\), (Land|Air) War QRS/);
    expect(["unit", "hq"]).toContain(record.holder);
    expect(CARD_AFTER_USE).toContain(record.afterUse);
  });

  it("knows no category outside the records (an inherited name included)", () => {
    expect(supportCardRecord("artillery")).toBeUndefined();
    expect(supportCardRecord("toString")).toBeUndefined();
    expect(supportCardRecord("ssm")).toBe(SUPPORT_CARD_RECORDS.ssm);
    expect(categoriesWhere(() => false)).toEqual([]);
  });
});

describe("the lists derived from the records are the ones written out before", () => {
  it("which cards a unit may take (docs/decisions/foundry-documents.md)", () => {
    expect(UNIT_SUPPORT_CATEGORIES).toEqual([
      "engineer",
      "bridgingEngineer",
      "minelayingEngineer",
      "chemical",
      "combatModifier",
      "advanceAfterCombat",
    ]);
    expect(SUPPORT_CARD_CATEGORIES.filter(unitCanTake)).toEqual(UNIT_SUPPORT_CATEGORIES);
  });

  it("HQ recovery, demolition, minefields and identification", () => {
    expect(HQ_RECOVERY_CARDS).toEqual(["signals", "logistics", "rearTroops"]);
    expect(DEMOLITION_CARD_CATEGORIES).toEqual(["engineer", "bridgingEngineer", "minelayingEngineer"]);
    expect(MINEFIELD_CARD_CATEGORIES).toEqual(["engineer", "minelayingEngineer"]);
    expect(IDENTIFICATION_CARD_CATEGORIES).toEqual(["intelligence", "airRecce", "specialForces"]);
  });

  it("the ground-combat use of each category (Step Three engineers, Step Four modifiers, advance after combat)", () => {
    const use = Object.fromEntries(SUPPORT_CARD_CATEGORIES.map((c) => [c, SUPPORT_CARD_RECORDS[c].uses.combat ?? null]));
    expect(use).toEqual({
      intelligence: null,
      airRecce: null,
      specialForces: null,
      engineer: "crossing",
      bridgingEngineer: "crossing",
      minelayingEngineer: null,
      chemical: "modifier",
      nuclear: null,
      adm: null,
      ew: null,
      ssm: null,
      signals: null,
      logistics: null,
      rearTroops: null,
      combatModifier: "modifier",
      advanceAfterCombat: "advance",
    });
    expect(SUPPORT_CARD_CATEGORIES.filter((c) => cardServesInCombat(c, true))).toEqual(categoriesWhere((r) => r.uses.combat !== undefined));
    expect(SUPPORT_CARD_CATEGORIES.filter((c) => cardServesInCombat(c, false))).toEqual(["chemical", "combatModifier"]);
  });

  it("rear-area strikes, deep strikes and released weapons", () => {
    // Typed as the records are: inferred, the expected rows' `strike` would be read as the deprecated String#strike.
    expect(categoriesWhere((r) => r.uses.rearArea?.strike !== undefined).map((c) => [c, SUPPORT_CARD_RECORDS[c].uses.rearArea])).toEqual<
      [string, SupportCardUses["rearArea"]][]
    >([
      ["specialForces", { identifies: true, strike: "specialForces" }],
      ["ew", { strike: "ew" }],
      ["ssm", { strike: "ssm" }],
    ]);
    expect(categoriesWhere((r) => r.uses.deepStrike !== undefined)).toEqual(["specialForces", "ssm"]);
    expect(categoriesWhere((r) => r.uses.weapon !== undefined)).toEqual(["chemical", "nuclear", "adm"]);
    expect(isWeapon("chemical", "chemical")).toBe(true);
    expect(isWeapon("nuclear", "chemical")).toBe(false);
    expect(isWeapon("lava", "nuclear")).toBe(false);
  });

  it("only a minelaying engineer is barred from a major bridge", () => {
    expect(DEMOLITION_CARD_CATEGORIES.filter((c) => SUPPORT_CARD_RECORDS[c].uses.demolition?.minelaying === true)).toEqual([
      "minelayingEngineer",
    ]);
  });
});

describe('after use (docs/decisions/packs.md, "After use")', () => {
  it("the deck's lines by category", () => {
    const after = Object.fromEntries(SUPPORT_CARD_CATEGORIES.map((c) => [c, SUPPORT_CARD_RECORDS[c].afterUse]));
    expect(after).toEqual({
      intelligence: "keep",
      airRecce: "keep",
      specialForces: "reuseForIdentification",
      engineer: "keep",
      bridgingEngineer: "discard",
      minelayingEngineer: "discard",
      chemical: "discard",
      nuclear: "discard",
      adm: "discard",
      ew: "discard",
      ssm: "discard",
      signals: "discard",
      logistics: "discard",
      rearTroops: "discard",
      combatModifier: "keep",
      advanceAfterCombat: "keep",
    });
  });

  it("an SF card is kept when it identified and spent when it struck; intelligence is kept either way", () => {
    expect(spentAfterUse("specialForces", true)).toBe(false);
    expect(spentAfterUse("specialForces")).toBe(true);
    expect(spentAfterUse("intelligence")).toBe(false);
    expect(spentAfterUse("ssm", true)).toBe(true);
    expect(spentAfterUse("lava")).toBe(false);
  });

  it("the discards of a use: one cardDiscarded per card its record spends", () => {
    const cards = [
      { id: "sf", category: "specialForces" },
      { id: "intel", category: "intelligence" },
      { id: "ssm", category: "ssm" },
    ];
    expect(discardsAfterUse(cards)).toEqual([
      { type: "cardDiscarded", card: "sf" },
      { type: "cardDiscarded", card: "ssm" },
    ]);
    expect(discardsAfterUse(cards, true)).toEqual([{ type: "cardDiscarded", card: "ssm" }]);
  });
});
