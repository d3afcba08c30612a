import { describe, expect, it } from "vitest";
import { damagedSquadrons, initialRepair, readRepair, rollRepair } from "../../../../src/apps/air/missions/repair/state";
import { repairContext } from "../../../../src/apps/air/missions/repair/context";
import { baseable, capacityInput, initialCapacity, readCapacity, postCapacity } from "../../../../src/apps/air/missions/capacity/state";
import { capacityContext } from "../../../../src/apps/air/missions/capacity/context";
import { repairController } from "../../../../src/apps/air/missions/repair/controller";
import { capacityController } from "../../../../src/apps/air/missions/capacity/controller";
import { constantDice } from "../../../../src/apps/air/missions/view";
import { scriptedDice } from "../../../../src/rules/dice";
import { fixtureWorld, i18n, SQUADRONS } from "./fixture";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

const world = fixtureWorld();

describe("step 9: repairing a side's squadrons at once (seed 000, Air War QRS 9)", () => {
  it("lists the side's damaged squadrons with score and chance", () => {
    expect(damagedSquadrons(world, "wp").map((s) => s.id)).toEqual(["Actor.mig23", "Actor.su22"]);
    const ctx = repairContext(initialRepair(world, "wp"), world, i18n);
    expect(ctx.nato).toBe(false);
    expect(ctx.squadrons.map((s) => [s.name, s.score, s.faces, s.chance])).toEqual([
      ["833 IAP (MiG-23)", 4, "1, 2, 3, 4", "66.7 %"],
      ["7 PLMB (Su-22)", 3, "1, 2, 3", "50.0 %"],
    ]);
    expect(ctx.canRoll).toBe(true);
  });

  it("NATO ticks up to two automatic repairs; a third is refused before the roll; WP ticks nothing", () => {
    const two = readRepair(initialRepair(world, "nato"), { "auto:Actor.f15": true, "auto:Actor.f16be": "on" }, world);
    expect(two.automatic).toEqual(["Actor.f15", "Actor.f16be"]);
    const ctx = repairContext(two, world, i18n);
    expect(ctx.automaticHint).toBe(speak(phrase("NOBC.AirMissions.Repair.AutomaticHint", { count: 2 }), i18n));
    expect(ctx.squadrons[0]).toMatchObject({ automatic: true, faces: "\u2014", chance: "100.0 %" });
    const three = readRepair(two, { "auto:Actor.f15": true, "auto:Actor.f16be": true, "auto:Actor.f16dk": true }, world);
    const refused = repairContext(three, world, i18n);
    expect(refused.canRoll).toBe(false);
    expect(refused.refusals).toEqual([speak(phrase("NOBC.Rules.Air.Repair.Refusal.tooManyAutomatic", { limit: 2, count: 3 }), i18n)]);
    expect(readRepair(initialRepair(world, "wp"), { "auto:Actor.mig23": true }, world).automatic).toEqual([]);
    expect(readRepair(two, { side: "wp" }, world)).toEqual({ side: "wp", automatic: [] });
  });

  it("one roll for every damaged squadron but the automatic ones, one card", () => {
    const post = rollRepair({ side: "nato", automatic: ["Actor.f15"] }, world, scriptedDice([5, 5]), i18n);
    expect(post.ok).toBe(true);
    if (!post.ok) return;
    expect(post.value.resolution.rolls).toEqual([5, 5]);
    // Each breakdown line is one squadron's repair score: the card adds them up to nothing.
    expect(post.value.total).toBe(false);
    expect(post.value.resolution.effects).toEqual([
      { type: "squadronBox", squadron: "Actor.f15", box: "ready" },
      { type: "squadronBox", squadron: "Actor.f16be", box: "destroyed" },
      { type: "squadronBox", squadron: "Actor.f16dk", box: "destroyed" },
    ]);
    expect(post.value.outcome).toBe(speak(phrase("NOBC.AirMissions.Repair.Outcome", { repaired: 1, destroyed: 2 }), i18n));
    expect(post.value.inputs.map((l) => l.value)).toEqual(["36 TFW (F-15), 349 Sqn (F-16), Esk 727 (F-16)", "36 TFW (F-15)"]);
    const wp = rollRepair({ side: "wp", automatic: [] }, world, scriptedDice([1, 1]), i18n);
    expect(wp.ok && wp.value.inputs).toHaveLength(1);
    expect(wp.ok && rollRepair({ side: "nato", automatic: [] }, world, scriptedDice([1, 1, 1]), i18n).ok && true).toBe(true);
  });

  it("refuses a side with nothing damaged, and a bad automatic pick", () => {
    const clean = fixtureWorld({ squadrons: SQUADRONS.filter((s) => s.box !== "damaged") });
    expect(rollRepair(initialRepair(clean, "nato"), clean, constantDice(1), i18n)).toMatchObject({
      ok: false,
      refusals: [{ code: "nothingDamaged", text: phrase("NOBC.AirMissions.Check.nothingDamaged", { side: phrase("NOBC.Side.nato") }) }],
    });
    expect(repairContext(initialRepair(clean, "nato"), clean, i18n).canRoll).toBe(false);
    expect(rollRepair({ side: "wp", automatic: ["Actor.mig23"] }, world, constantDice(1), i18n).ok).toBe(false);
    // The side's squadron owners: a player owning the MiG-23 acts for the Warsaw Pact only.
    const owner = fixtureWorld({ isGM: false, owned: new Set(["Actor.mig23"]) });
    expect([
      repairController.access({ side: "wp", automatic: [] }, owner).ok,
      repairController.access({ side: "nato", automatic: [] }, owner).ok,
    ]).toEqual([true, false]);
  });
});

describe("step 10: basing for next turn (seed 000, Air War QRS 10)", () => {
  it("only squadrons in ready or holding that need a space are listed; each starts at its own base", () => {
    expect(baseable(world).map((s) => s.id)).toEqual(["Actor.f4", "Actor.f16us", "Actor.mirage", "Actor.mig29"]);
    expect(initialCapacity(world).bases).toEqual({
      "Actor.f4": "Actor.bitburg",
      "Actor.f16us": "Actor.bitburg",
      "Actor.mirage": "",
      "Actor.mig29": "Actor.templin",
    });
    expect(capacityInput(initialCapacity(world), world).placements).toEqual({});
  });

  it("Bitburg (1 hit) holds one: the second F-16 and the homeless Mirage go to holding (seed 000, QRS 10)", () => {
    const ctx = capacityContext(initialCapacity(world), world, i18n);
    expect(ctx.canRoll).toBe(true);
    // Templin (2 hits) holds none: the MiG-29 waits too.
    expect(ctx.holding).toEqual(["50 TFW (F-16)", "EC 13 (Mirage 5)", "33 IAP (MiG-29)"]);
    expect(ctx.airbases.map((a) => [a.name, a.used, a.capacity, a.full])).toEqual([
      ["Bitburg", 1, 1, true],
      ["Ramstein", 0, 0, true],
      ["Templin", 0, 0, true],
    ]);
    expect(ctx.squadrons.find((s) => s.id === "Actor.f16us")!.holding).toBe(true);
    expect(ctx.squadrons[0]!.options.map((o) => o.value)).toEqual(["", "Actor.bitburg", "Actor.ramstein"]);
  });

  it("a placement at a full base is refused with the reason; a squadron sent to no base is a placement too", () => {
    const moved = readCapacity(initialCapacity(world), { "base:Actor.f16us": "Actor.ramstein", "base:Actor.f4": "" }, world);
    expect(capacityInput(moved, world).placements).toEqual({ "Actor.f16us": "Actor.ramstein", "Actor.f4": null });
    const ctx = capacityContext(moved, world, i18n);
    expect(ctx.canRoll).toBe(false);
    expect(ctx.refusals).toEqual([
      speak(phrase("NOBC.Rules.Air.Capacity.Refusal.airbaseFull", { squadron: "50 TFW (F-16)", airbase: "Ramstein" }), i18n),
    ]);
    expect(postCapacity(moved, world, i18n).ok).toBe(false);
  });

  it("a squadron whose home is in another zone still shows it; the card names who goes to holding", async () => {
    const away = SQUADRONS.map((s) => (s.id === "Actor.f4" ? { ...s, airZone: "4ATAF" } : s));
    const w = fixtureWorld({ squadrons: away });
    const ctx = capacityContext(initialCapacity(w), w, i18n);
    expect(ctx.squadrons[0]!.options.map((o) => o.value)).toEqual(["", "Actor.bitburg"]);
    const post = postCapacity(readCapacity(initialCapacity(world), { "base:Actor.mirage": "" }, world), world, i18n);
    expect(post.ok && post.value.inputs[0]!.value).toBe("50 TFW (F-16), EC 13 (Mirage 5), 33 IAP (MiG-29)");
    expect(post.ok && post.value.outcome).toBe(
      speak(
        phrase("NOBC.AirMissions.Capacity.Outcome", { ready: phrase("NOBC.AirMissions.Capacity.Ready", { count: 2 }), holding: 3 }),
        i18n,
      ),
    );
    expect(post.ok && post.value.resolution.effects).toEqual([
      { type: "squadronBox", squadron: "Actor.f16us", box: "holding" },
      { type: "squadronBox", squadron: "Actor.mig29", box: "holding" },
    ]);
    const placed = postCapacity(readCapacity(initialCapacity(world), { "base:Actor.f4": "" }, world), world, i18n);
    expect(placed.ok && placed.value.inputs[1]).toEqual({
      label: 'NOBC.AirMissions.Capacity.Placed {"name":"JaboG 35 (F-4F)"}',
      value: "NOBC.AirMissions.Capacity.NoBase",
    });
    const nobody = fixtureWorld({ squadrons: SQUADRONS.filter((s) => s.id === "Actor.f4") });
    const none = postCapacity(initialCapacity(nobody), nobody, i18n);
    expect(none.ok && none.value.inputs[0]!.value).toBe("\u2014");
    expect((await capacityController.submit(initialCapacity(world), world, i18n, constantDice(1))).ok).toBe(true);
    expect(capacityController.open(world, { side: "nato" })).toEqual({ ok: true, state: initialCapacity(world) });
  });
});
