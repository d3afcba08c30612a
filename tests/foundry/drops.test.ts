import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry";
import { phrase } from "../../src/rules/resolution";
import {
  countAssigned,
  decideCardDrop,
  decideSquadronOnAirbase,
  decideUnitOnHq,
  type AirbaseSnapshot,
  type CardDrop,
  type SquadronSnapshot,
} from "../../src/documents/drops";
import { baseSquadron, subordinateUnit } from "../../src/documents/drop-handlers";
import { assignCard, onDropCanvasData, registerDropHooks } from "../../src/queries/card-assignment";

const drop: CardDrop = {
  card: { uuid: "Actor.hq.Item.c1", name: "+2 Combat", side: "nato", category: "combatModifier", assignedTo: null },
  unit: { uuid: "Actor.u1", name: "3 Pz Bde", side: "nato", hq: null },
  hq: { uuid: "Actor.hq", name: "I GE Corps", side: "nato", level: 2, radius: 4 },
  distance: 3,
  assignedToUnit: 0,
};

describe("decideCardDrop", () => {
  it("assigns a legal card to the unit", () => {
    expect(decideCardDrop(drop)).toEqual({ ok: true, update: { "system.assignedTo": "Actor.u1" } });
  });

  it("refuses a card of the other side and says why", () => {
    const d = decideCardDrop({ ...drop, unit: { ...drop.unit, side: "wp" } });
    expect(d.ok).toBe(false);
    if (!d.ok) {
      expect(d.code).toBe("sideMismatch");
      // The rules' own refusal, with its phrase (worded in tests/rules).
      expect(d.refusals[0]).toMatchObject({ code: "sideMismatch", field: "unit.side" });
    }
  });

  it("refuses a card the HQ itself plays", () => {
    const d = decideCardDrop({ ...drop, card: { ...drop.card, category: "logistics" } });
    expect(d.ok ? "" : d.code).toBe("categoryNotForUnits");
  });

  it("refuses beyond the radius and past the HQ's level, listing both reasons", () => {
    const d = decideCardDrop({ ...drop, distance: 5, assignedToUnit: 2 });
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.refusals.map((r) => r.code)).toEqual(["hqOutOfRadius", "hqOverLevel"]);
  });

  it("refuses a card no HQ holds", () => {
    const d = decideCardDrop({ ...drop, hq: null, distance: null });
    expect(d.ok ? "" : d.code).toBe("noHq");
  });

  it("counts the HQ's cards already with this unit, leaving out the dropped one", () => {
    const cards = [
      { uuid: "a", assignedTo: "Actor.u1" },
      { uuid: "b", assignedTo: null },
      { uuid: "c", assignedTo: "Actor.u2" },
      { uuid: "d", assignedTo: "Actor.u1" },
    ];
    expect(countAssigned(cards, "Actor.u1", "a")).toBe(1);
    expect(countAssigned(cards, "Actor.u1", "z")).toBe(2);
    expect(countAssigned(cards, "Actor.u2", "z")).toBe(1);
  });
});

describe("decideUnitOnHq", () => {
  const hq = drop.hq!;
  it("subordinates a unit of the same side", () => {
    expect(decideUnitOnHq(drop.unit, hq)).toEqual({ ok: true, update: { "system.hq": "Actor.hq" } });
  });
  it("refuses a unit of the other side", () => {
    const d = decideUnitOnHq({ ...drop.unit, side: "wp" }, hq);
    expect(d.ok ? [] : d.refusals).toEqual([
      {
        code: "sideMismatch",
        text: phrase("NOBC.Drop.Refusal.UnitSide", {
          unit: "3 Pz Bde",
          side: phrase("NOBC.Side.wp"),
          hq: "I GE Corps",
          hqSide: phrase("NOBC.Side.nato"),
        }),
        field: "side",
      },
    ]);
  });
  it("refuses a unit already under that HQ", () => {
    const d = decideUnitOnHq({ ...drop.unit, hq: "Actor.hq" }, hq);
    expect(d.ok ? "" : d.code).toBe("alreadySubordinate");
  });
});

describe("decideSquadronOnAirbase", () => {
  const sq: SquadronSnapshot = { uuid: "Actor.s1", name: "36 TFW", side: "nato", airbase: null, needsBaseSpace: true };
  const ab: AirbaseSnapshot = { uuid: "Actor.ab", name: "Bitburg", side: "nato", airZone: "Z3", capacity: 2, based: 1 };
  it("bases the squadron and moves it to the base's air zone", () => {
    expect(decideSquadronOnAirbase(sq, ab)).toEqual({ ok: true, update: { "system.airbase": "Actor.ab", "system.airZone": "Z3" } });
  });
  it("refuses the other side's base, a full base and the base it is already at", () => {
    const d = decideSquadronOnAirbase({ ...sq, side: "wp", airbase: "Actor.ab" }, { ...ab, based: 2 });
    expect(d.ok ? [] : d.refusals.map((r) => r.code)).toEqual(["sideMismatch", "alreadyBased", "airbaseFull"]);
    expect(d.ok ? undefined : d.refusals[2]?.text).toEqual(
      phrase("NOBC.Drop.Refusal.AirbaseFull", { airbase: "Bitburg", count: 2, based: 2 }),
    );
  });
  it("lets a squadron that needs no space onto a full base", () => {
    expect(decideSquadronOnAirbase({ ...sq, needsBaseSpace: false }, { ...ab, based: 2 }).ok).toBe(true);
  });
});

/** The canvas point (padding included, as `dropCanvasData` gives it) of the map's hex in column `col` of row 0. */
const dropAt = (col: number) => harness.grid.getCenterPoint(harness.offsetOfHex(col, 0));

describe("drop handlers over the Foundry stand-in", () => {
  beforeEach(() => harness.reset());

  function world() {
    const hq = new harness.Actor({ name: "I GE Corps", type: "hq", system: { side: "nato", level: { value: 2, max: 4 }, radius: 3 } });
    const card = hq.addItem({
      name: "+2 Combat",
      type: "supportCard",
      system: { side: "nato", category: "combatModifier", assignedTo: null },
    });
    const other = hq.addItem({ name: "Engineers", type: "supportCard", system: { side: "nato", category: "engineer", assignedTo: null } });
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", hq: null } });
    const foe = new harness.Actor({ name: "20 Gds MRD", type: "unit", system: { side: "wp", hq: null } });
    harness.placeToken(hq, 0);
    harness.placeToken(unit, 2);
    harness.placeToken(foe, 6);
    return { hq, card, other, unit, foe };
  }

  it("assigns a card dropped on a unit's sheet", async () => {
    const { card, unit } = world();
    expect(await assignCard(card as never, unit as never)).toBe(true);
    expect(card.updates).toEqual([{ _id: card.id, "system.assignedTo": unit.uuid }]);
  });

  it("refuses a card when the HQ's level is used up for this unit, and changes nothing", async () => {
    const { hq, card, other, unit } = world();
    (hq.system["level"] as { value: number }).value = 1;
    other.system["assignedTo"] = unit.uuid;
    expect(await assignCard(card as never, unit as never)).toBe(false);
    expect(card.updates).toEqual([]);
    expect(harness.notices.at(-1)).toMatchObject({ level: "warn" });
    expect(harness.notices.at(-1)?.message).toMatch(
      /^NOBC\.Notify\.Refused .*NOBC\.Rules\.Land\.HqSupport\.Refusal\.hqOverLevel\.one .*I GE Corps/,
    );
  });

  it("allows the HQ's card to another unit when its level is used up elsewhere (the limit is per combat)", async () => {
    const { hq, card, other, unit } = world();
    (hq.system["level"] as { value: number }).value = 1;
    other.system["assignedTo"] = "Actor.elsewhere";
    expect(await assignCard(card as never, unit as never)).toBe(true);
    expect(card.updates).toEqual([{ _id: card.id, "system.assignedTo": unit.uuid }]);
  });

  it("refuses a card when the HQ has no token on the scene", async () => {
    const { hq, card, unit } = world();
    harness.scene!.tokens = harness.scene!.tokens.filter((t) => t.actorId !== hq.id);
    expect(await assignCard(card as never, unit as never)).toBe(false);
    expect(harness.notices.at(-1)?.message).toMatch(/NOBC\.Rules\.Land\.Assignment\.Refusal\.noDistance .*I GE Corps.*3 Pz Bde/);
  });

  it("routes a card dropped on a unit token through the same decision (dropCanvasData)", async () => {
    const { card, unit } = world();
    registerDropHooks();
    const handled = (globalThis as unknown as { Hooks: { call(n: string, ...a: unknown[]): boolean } }).Hooks.call(
      "dropCanvasData",
      {},
      { type: "Item", uuid: card.uuid, ...dropAt(2) },
    );
    expect(handled).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(card.updates).toEqual([{ _id: card.id, "system.assignedTo": unit.uuid }]);
  });

  it("refuses a card dropped on an enemy token: beyond the radius and of the other side", async () => {
    const { card } = world();
    expect(onDropCanvasData({}, { type: "Item", uuid: card.uuid, ...dropAt(6) })).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(card.updates).toEqual([]);
    expect(harness.notices.at(-1)?.message).toMatch(
      /Refusal\.sideMismatch .*NOBC\.Side\.nato.*NOBC\.Side\.wp.*Refusal\.hqOutOfRadius\.other .*radius\W+3\W/,
    );
  });

  it("leaves every other canvas drop to Foundry", () => {
    const { card, unit } = world();
    expect(onDropCanvasData({}, { type: "Item", uuid: card.uuid, ...dropAt(9) })).toBeUndefined();
    expect(onDropCanvasData({}, { type: "Actor", uuid: unit.uuid, ...dropAt(2) })).toBeUndefined();
    expect(onDropCanvasData({}, { type: "Item", uuid: "Item.missing", ...dropAt(2) })).toBeUndefined();
    expect(onDropCanvasData({}, { type: "Item", uuid: card.uuid })).toBeUndefined();
  });

  it("ignores drops of the wrong kinds of document, changing nothing", async () => {
    const { hq, card, unit } = world();
    expect(await assignCard(card as never, hq as never)).toBe(false);
    expect(await subordinateUnit(hq as never, unit as never)).toBe(false);
    expect(await baseSquadron(unit as never, hq as never, [])).toBe(false);
    expect([card.updates, unit.updates, hq.updates]).toEqual([[], [], []]);
    expect(harness.notices).toEqual([]);
  });

  it("refuses a card no HQ holds", async () => {
    const { unit } = world();
    const loose = new harness.Item({
      name: "Loose",
      type: "supportCard",
      system: { side: "nato", category: "engineer", assignedTo: null },
    });
    expect(await assignCard(loose as never, unit as never)).toBe(false);
    expect(harness.notices.at(-1)?.message).toMatch(/NOBC\.Rules\.Land\.Assignment\.Refusal\.noHq .*Loose/);
  });

  it("subordinates a unit dropped on an HQ sheet, and refuses the enemy's", async () => {
    const { hq, unit, foe } = world();
    expect(await subordinateUnit(unit as never, hq as never)).toBe(true);
    expect(unit.updates).toEqual([{ "system.hq": hq.uuid }]);
    expect(await subordinateUnit(foe as never, hq as never)).toBe(false);
    expect(foe.updates).toEqual([]);
  });

  it("bases a squadron, counting the squadrons already there", async () => {
    const ab = new harness.Actor({ name: "Bitburg", type: "airbase", system: { side: "nato", airZone: "Z3", capacity: 1 } });
    const a = new harness.Actor({ name: "A", type: "airSquadron", system: { side: "nato", airbase: null, needsBaseSpace: true } });
    const b = new harness.Actor({ name: "B", type: "airSquadron", system: { side: "nato", airbase: ab.uuid, needsBaseSpace: true } });
    const ew = new harness.Actor({ name: "EW", type: "airSquadron", system: { side: "nato", airbase: ab.uuid, needsBaseSpace: false } });
    expect(await baseSquadron(a as never, ab as never, [a, b, ew] as never)).toBe(false);
    expect(a.updates).toEqual([]);
    b.system["airbase"] = null;
    expect(await baseSquadron(a as never, ab as never, [a, b, ew] as never)).toBe(true);
    expect(a.updates).toEqual([{ "system.airbase": ab.uuid, "system.airZone": "Z3" }]);
  });
});

describe("drops a user may not write, and compendium cards", () => {
  beforeEach(() => harness.reset());

  function world() {
    const hq = new harness.Actor({ name: "I GE Corps", type: "hq", system: { side: "nato", level: { value: 2, max: 4 }, radius: 3 } });
    const card = hq.addItem({
      name: "+2 Combat",
      type: "supportCard",
      system: { side: "nato", category: "combatModifier", assignedTo: null },
    });
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", hq: null } });
    harness.placeToken(hq, 0);
    harness.placeToken(unit, 2);
    return { hq, card, unit };
  }

  it("refuses a legal card drop when the user does not own the HQ holding the card, naming the card", async () => {
    const { card, unit } = world();
    harness.playAsPlayer();
    expect(await assignCard(card as never, unit as never)).toBe(false);
    expect(card.updates).toEqual([]);
    expect(harness.notices.at(-1)).toMatchObject({ level: "warn" });
    expect(harness.notices.at(-1)?.message).toContain(`NOBC.Assign.NotHolder {\\"uuid\\":\\"${card.uuid}\\"}`);
  });

  it("refuses a unit the user may not update, dropped on an HQ", async () => {
    const { hq, unit } = world();
    harness.playAsPlayer();
    expect(await subordinateUnit(unit as never, hq as never)).toBe(false);
    expect(unit.updates).toEqual([]);
    expect(harness.notices.at(-1)?.message).toMatch(/NotOwner/);
  });

  it("refuses a card from a compendium dropped on a sheet, writing nothing", async () => {
    const { card, unit } = world();
    Object.assign(card, { pack: "nobc.support-cards" });
    expect(await assignCard(card as never, unit as never)).toBe(false);
    expect(card.updates).toEqual([]);
    expect(harness.notices.at(-1)?.message).toMatch(/NOBC.Notify.CompendiumCard.*\+2 Combat/);
  });

  it("refuses a unit from a compendium dropped on an HQ: a locked pack is not written (it would throw), an unlocked one is not edited", async () => {
    const { hq, unit } = world();
    for (const locked of [true, false]) {
      harness.putInPack(unit, "nobc.units", locked);
      expect(await subordinateUnit(unit as never, hq as never)).toBe(false);
      expect(unit.updates).toEqual([]);
      expect(unit.system["hq"]).toBeNull();
      expect(harness.notices.at(-1)?.message).toMatch(/NOBC.Notify.CompendiumActor.*3 Pz Bde/);
    }
  });

  it("refuses a squadron from a compendium dropped on an airbase, locked or not", async () => {
    const base = new harness.Actor({ name: "Ramstein", type: "airbase", system: { side: "nato", airZone: "A", capacity: 2 } });
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: { side: "nato", airbase: null } });
    for (const locked of [true, false]) {
      harness.putInPack(squadron, "nobc.squadrons", locked);
      expect(await baseSquadron(squadron as never, base as never, [])).toBe(false);
      expect(squadron.updates).toEqual([]);
      expect(harness.notices.at(-1)?.message).toMatch(/NOBC.Notify.CompendiumActor.*36 TFW/);
    }
  });

  it("refuses a compendium card dropped on a unit token (the index entry is not a document)", () => {
    world();
    const uuid = "Compendium.nobc.support-cards.Item.abc";
    harness.registerUuid(uuid, { _id: "abc", name: "Air Strike", type: "supportCard", uuid });
    expect(onDropCanvasData({}, { type: "Item", uuid, ...dropAt(2) })).toBe(false);
    expect(harness.notices.at(-1)?.message).toMatch(/NOBC.Notify.CompendiumCard.*Air Strike/);
  });

  it("a failed write on a canvas drop warns instead of leaving an unhandled rejection", async () => {
    const { card } = world();
    const refused = vi.spyOn(harness.Item, "updateDocuments").mockRejectedValue(new Error("server said no"));
    expect(onDropCanvasData({}, { type: "Item", uuid: card.uuid, ...dropAt(2) })).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(refused).toHaveBeenCalledTimes(1);
    expect(card.updates).toEqual([]);
    expect(harness.notices.at(-1)?.message).toMatch(/server said no/);
    refused.mockRestore();
  });
});
