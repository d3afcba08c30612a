/**
 * The designer's content holds together: the card decks cover every category the rules use with
 * the discard and keep lines of seed 000 (Land War QRS), and the air order of battle is
 * consistent (bases, zones, capacity, the anchor ratings in docs/decisions/packs.md).
 */
import { describe, expect, it } from "vitest";
import { needsAirbaseSpace } from "../../src/rules/nobc/air/capacity";
import { SUPPORT_CARD_CATEGORIES, type SupportCardCategory } from "../../src/rules/nobc/land/types";
import { SUPPORT_CARD_RECORDS } from "../../src/rules/nobc/land/card-categories";
import { NATIONALITIES } from "../../src/data/nationalities";
import { idOfUuid, type AirbaseSystem, type AirSquadronSystem, type SupportCardSystem } from "../../src/schemas/index";
import { documentsOf, foldersOf } from "./load";

interface Doc<S> {
  _id: string;
  name: string;
  type: string;
  folder: string | null;
  system: S;
}

describe("support cards (seed 000, Land War QRS)", () => {
  const cards = documentsOf<Doc<SupportCardSystem>>("support-cards");
  const ofCategory = (c: SupportCardCategory) => cards.filter((card) => card.system.category === c);

  it("the deck uses every category the rules know", () => {
    expect(new Set(cards.map((c) => c.system.category))).toEqual(new Set(SUPPORT_CARD_CATEGORIES));
  });

  it.each(["nato", "wp"] as const)("the %s deck has every category but ADM (NATO only)", (side) => {
    const own = new Set(cards.filter((c) => c.system.side === side).map((c) => c.system.category));
    for (const c of SUPPORT_CARD_CATEGORIES) expect(own.has(c), `${side} ${c}`).toBe(c !== "adm" || side === "nato");
  });

  it("Warsaw Pact special forces are Spetsnaz", () => {
    for (const card of ofCategory("specialForces").filter((c) => c.system.side === "wp")) expect(card.name).toMatch(/Spetsnaz/);
  });

  it("missile, EW and SF cards used in a rear-area attack are discarded; SF may identify again", () => {
    for (const card of [...ofCategory("ssm"), ...ofCategory("ew")]) expect(card.system.afterUse, card.name).toBe("discard");
    for (const card of ofCategory("specialForces")) expect(card.system.afterUse, card.name).toBe("reuseForIdentification");
  });

  it("recce and intelligence cards are retained", () => {
    for (const card of [...ofCategory("intelligence"), ...ofCategory("airRecce")]) expect(card.system.afterUse, card.name).toBe("keep");
  });

  it("bridging engineers are not re-used", () => {
    for (const card of ofCategory("bridgingEngineer")) expect(card.system.afterUse, card.name).toBe("discard");
  });

  it("every card's after-use line is its category's record's", () => {
    for (const card of cards) expect(card.system.afterUse, card.name).toBe(SUPPORT_CARD_RECORDS[card.system.category].afterUse);
  });

  it("SF and SSM strikes have attack strength 3 (Air War QRS, 8C)", () => {
    for (const card of [...ofCategory("specialForces"), ...ofCategory("ssm")]) expect(card.system.value, card.name).toBe(3);
  });

  it("only combat modifier and chemical cards carry a modifier, equal to their value", () => {
    for (const card of cards) {
      const modifies = card.system.category === "combatModifier" || card.system.category === "chemical";
      expect(card.system.modifier, card.name).toBe(modifies ? card.system.value : 0);
      if (modifies) expect(card.system.value, card.name).toBeGreaterThan(0);
    }
  });

  it("no card starts assigned, and each sits in its side's folder", () => {
    const folders = new Map(foldersOf("support-cards").map((f) => [f._id, f.name]));
    for (const card of cards) {
      expect(card.system.assignedTo).toBeNull();
      expect(folders.get(card.folder!), card.name).toBe(card.system.side === "nato" ? "NATO" : "Warsaw Pact");
    }
  });

  it("every card says what it does", () => {
    for (const card of cards) expect(card.system.description.length, card.name).toBeGreaterThan(60);
  });
});

describe("air order of battle", () => {
  const actors = documentsOf<Doc<AirSquadronSystem & AirbaseSystem>>("air-order-of-battle");
  const squadrons = actors.filter((a) => a.type === "airSquadron") as Doc<AirSquadronSystem>[];
  const bases = new Map(actors.filter((a) => a.type === "airbase").map((b) => [b._id, b as Doc<AirbaseSystem>]));
  const folders = new Map(foldersOf("air-order-of-battle").map((f) => [f._id, f]));
  const ZONES = { nato: ["2ATAF", "4ATAF"], wp: ["WP-North", "WP-South"] };

  it("40 to 80 squadrons and 15 to 30 airbases", () => {
    expect(squadrons.length).toBeGreaterThanOrEqual(40);
    expect(squadrons.length).toBeLessThanOrEqual(80);
    expect(bases.size).toBeGreaterThanOrEqual(15);
    expect(bases.size).toBeLessThanOrEqual(30);
  });

  it("every nationality flies, each in its own folder", () => {
    for (const { code } of NATIONALITIES) {
      const own = squadrons.filter((s) => s.system.nationality === code);
      expect(own.length, code).toBeGreaterThan(0);
      expect(new Set(own.map((s) => s.folder)).size, code).toBe(1);
    }
  });

  it("airbases sit in their side's zones", () => {
    for (const base of bases.values()) expect(ZONES[base.system.side], base.name).toContain(base.system.airZone);
  });

  it("each squadron flies from an airbase of its side, in that base's zone, ready", () => {
    for (const s of squadrons) {
      const base = bases.get(idOfUuid(s.system.airbase ?? ""));
      expect(base, s.name).toBeDefined();
      expect(base!.system.side, s.name).toBe(s.system.side);
      expect(s.system.airZone, s.name).toBe(base!.system.airZone);
      expect(s.system.box, s.name).toBe("ready");
    }
  });

  it("no airbase holds more squadrons needing space than its capacity (Air War QRS, 10)", () => {
    for (const base of bases.values()) {
      const using = squadrons.filter((s) => idOfUuid(s.system.airbase ?? "") === base._id && needsAirbaseSpace(s.system));
      expect(using.length, base.name).toBeLessThanOrEqual(base.system.baseCapacity);
    }
  });

  it("airbases start unhurt with full air defence", () => {
    for (const base of bases.values()) {
      expect(base.system.hits, base.name).toEqual({ repairable: 0, permanent: 0 });
      expect(base.system.airDefence.value, base.name).toBe(base.system.airDefence.max);
    }
  });

  it("RAF Harriers are the only Harrier squadrons; recce and EW squadrons have those roles", () => {
    for (const s of squadrons) {
      expect(s.system.harrier, s.name).toBe(s.system.aircraft.startsWith("Harrier"));
      if (s.system.harrier) expect(s.system.nationality).toBe("uk");
      expect(s.system.recce, s.name).toBe(s.system.role === "recce");
      expect(s.system.ew, s.name).toBe(s.system.role === "ew");
    }
  });

  const best = (key: "airToAir" | "cas" | "deepStrike") => Math.max(...squadrons.map((s) => s.system[key]));
  const rating = (aircraft: string) => squadrons.find((s) => s.system.aircraft === aircraft)!.system;

  it("anchor ratings: F-15C best air-to-air, A-10A best CAS, Tornado and Su-24 best deep strike", () => {
    expect(rating("F-15C").airToAir).toBe(best("airToAir"));
    expect(rating("A-10A").cas).toBe(best("cas"));
    expect(rating("Tornado GR1").deepStrike).toBe(best("deepStrike"));
    expect(rating("Su-24").deepStrike).toBe(best("deepStrike"));
    expect(rating("MiG-29").airToAir).toBeGreaterThan(rating("MiG-23MLD").airToAir);
  });

  it("the same aircraft always has the same ratings", () => {
    const seen = new Map<string, string>();
    for (const s of squadrons) {
      const { airToAir, cas, deepStrike, range, role, weapons } = s.system;
      const key = JSON.stringify({ airToAir, cas, deepStrike, range, role, weapons });
      expect(seen.get(s.system.aircraft) ?? key, s.name).toBe(key);
      seen.set(s.system.aircraft, key);
    }
  });

  it("folders nest squadrons under NATO or Warsaw Pact", () => {
    for (const s of squadrons) {
      const parent = folders.get(folders.get(s.folder!)!.folder!);
      expect(parent?.name, s.name).toBe(s.system.side === "nato" ? "NATO" : "Warsaw Pact");
    }
  });
});
