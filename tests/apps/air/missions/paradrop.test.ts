import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  dropCandidates,
  initialParadrop,
  paradropInput,
  readParadrop,
  rollParadrop,
  type ParadropState,
} from "../../../../src/apps/air/missions/paradrop/state";
import { paradropContext, paradropOdds } from "../../../../src/apps/air/missions/paradrop/context";
import { resolveParadrop } from "../../../../src/rules/nobc/air/index";
import { paradropController } from "../../../../src/apps/air/missions/paradrop/controller";
import { scriptedDice } from "../../../../src/rules/dice";
import { fixtureWorld, i18n } from "./fixture";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

const world = fixtureWorld();
const nato = (over: Partial<ParadropState> = {}): ParadropState => ({ ...initialParadrop(world, "nato"), ...over });

describe("step 7: the paradrop dialog (seed 000, Air War QRS 7 Paradrop)", () => {
  it("starts with the side's airborne brigade and every transport in its paradrop box", () => {
    const s = initialParadrop(world, "nato");
    expect(dropCandidates(world, "nato").map((u) => u.name)).toEqual(["1/82 Abn Bde", "3 Armd Bde"]);
    expect(s).toMatchObject({
      brigade: "Actor.abn82",
      transports: ["Actor.transall", "Actor.c130"],
      level: "contested",
      winner: null,
      override: "",
    });
    expect(initialParadrop(fixtureWorld({ units: [] }), "wp").brigade).toBeNull();
  });

  it("reads the form; a new side starts over", () => {
    const s = readParadrop(
      nato(),
      {
        side: "nato",
        brigade: "Actor.bde3",
        "transport:Actor.c130": true,
        level: "superiority",
        winner: "nato",
        adjacentToEnemy: true,
        onAirfield: "on",
        override: " -2 ",
      },
      world,
    );
    expect(s).toEqual({
      side: "nato",
      brigade: "Actor.bde3",
      transports: ["Actor.c130"],
      level: "superiority",
      winner: "nato",
      adjacentToEnemy: true,
      onAirfield: true,
      override: "-2",
    });
    expect(readParadrop(s, { winner: "", override: 1, level: "bogus" }, world)).toMatchObject({
      winner: null,
      override: "1",
      level: "superiority",
      brigade: "Actor.bde3",
    });
    expect(readParadrop(s, {}, world)).toMatchObject({ winner: "nato", override: "" });
    expect(readParadrop(s, { side: "wp" }, world)).toEqual(initialParadrop(world, "wp"));
  });

  it("contested air: faces 1-3 total loss, 4 heavy, 5 light, 6 success (die -3)", () => {
    const input = paradropInput(nato(), world);
    const odds = input.ok ? paradropOdds(input.value) : input;
    expect(odds.ok && odds.value).toEqual([
      { result: "totalLoss", faces: [1, 2, 3], probability: 3 / 6 },
      { result: "heavyLoss", faces: [4], probability: 1 / 6 },
      { result: "lightLoss", faces: [5], probability: 1 / 6 },
      { result: "success", faces: [6], probability: 1 / 6 },
    ]);
  });

  it("the odds always sum to 1 and match the rules face by face", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("contested", "superiority", "supremacy" as const),
        fc.constantFrom(null, "nato", "wp" as const),
        fc.boolean(),
        fc.boolean(),
        (level, winner, adjacentToEnemy, onAirfield) => {
          const input = paradropInput(nato({ level, winner, adjacentToEnemy, onAirfield }), world);
          if (!input.ok) return false;
          const odds = paradropOdds(input.value);
          if (!odds.ok) return false;
          expect(odds.value.reduce((s, r) => s + r.probability, 0)).toBeCloseTo(1, 12);
          for (let face = 1; face <= 6; face++) {
            const r = resolveParadrop(input.value, scriptedDice([face]));
            expect(r.ok && odds.value.find((row) => row.faces.includes(face))!.result).toBe(r.ok && r.value.outcome.result);
          }
          return true;
        },
      ),
    );
  });

  it("shows the modifiers and warns when the enemy holds the air", () => {
    const ctx = paradropContext(nato({ level: "supremacy", winner: "wp", adjacentToEnemy: true }), world, i18n);
    expect(ctx.canRoll).toBe(true);
    expect(ctx.modifiers.map((r) => [r.label, r.valueText])).toEqual([
      [speak(phrase("NOBC.Rules.Air.Paradrop.EnemyAir", { level: phrase("NOBC.Rules.Air.Level.supremacy") }), i18n), "\u22123"],
      [speak(phrase("NOBC.Rules.Air.Paradrop.AdjacentEnemy"), i18n), "\u22121"],
    ]);
    expect((ctx as { modifierTotal: string }).modifierTotal).toBe("\u22124");
    expect(ctx.warnings).toEqual([
      speak(phrase("NOBC.Rules.Air.Paradrop.EnemyAirWarning", { level: phrase("NOBC.Rules.Air.Level.supremacy"), modifier: -3 }), i18n),
    ]);
    expect(ctx.odds.map((o) => o.faces)).toEqual(["1, 2, 3, 4", "5", "6", "\u2014"]);
    expect(ctx.odds[3]!.impossible).toBe(true);
    expect(ctx.odds.map((o) => o.losses)).toEqual([
      "NOBC.AirMissions.Paradrop.LossAll; NOBC.AirMissions.Paradrop.TransportsLost",
      `${speak(phrase("NOBC.AirMissions.Paradrop.LossHits", { count: 3 }), i18n)}; NOBC.AirMissions.Paradrop.TransportsLost`,
      speak(phrase("NOBC.AirMissions.Paradrop.LossHits", { count: 1 }), i18n),
      "NOBC.AirMissions.Paradrop.LossNone",
    ]);
    const own = paradropContext(nato({ level: "supremacy", winner: "nato" }), world, i18n) as { modifierTotal: string };
    expect(own.modifierTotal).toBe("0");
    expect((paradropContext(nato({ override: "2" }), world, i18n) as { modifierTotal: string }).modifierTotal).toBe("+2");
  });

  it("refuses with every reason before the roll", () => {
    const noBrigade = paradropContext(nato({ brigade: null }), world, i18n);
    expect(noBrigade).toMatchObject({ canRoll: false, refusals: ["NOBC.AirMissions.Check.noBrigade"], odds: [] });
    const bad = paradropContext(nato({ override: "1.5", transports: ["Actor.an12"] }), world, i18n);
    expect(bad.canRoll).toBe(false);
    expect(bad.refusals).toEqual(
      [
        phrase("NOBC.Rules.Air.Paradrop.Refusal.badModifier", { value: 1.5 }),
        phrase("NOBC.Rules.Air.Paradrop.Refusal.notATransport", {
          squadron: "12 VTAD (An-12)",
          side: phrase("NOBC.Rules.Air.Side.nato"),
          brigade: "1/82 Abn Bde",
        }),
      ].map((p) => speak(p, i18n)),
    );
    expect(rollParadrop(nato({ brigade: "Actor.gone" }), world, scriptedDice([]), i18n).ok).toBe(false);
    expect(rollParadrop(nato({ override: "x" }), world, scriptedDice([]), i18n).ok).toBe(false);
  });

  it("the roll gives the card: one die, the result, the brigade's hits and the transports' fate", () => {
    const post = rollParadrop(nato({ adjacentToEnemy: true, onAirfield: true }), world, scriptedDice([6]), i18n);
    expect(post.ok).toBe(true);
    if (!post.ok) return;
    expect(post.value.resolution.rolls).toEqual([6]);
    expect(post.value.outcome).toBe(
      speak(
        phrase("NOBC.AirMissions.Paradrop.Outcome", {
          name: "1/82 Abn Bde",
          result: phrase("NOBC.AirMissions.Paradrop.Result.heavyLoss"),
          roll: 1,
        }),
        i18n,
      ),
    );
    expect(post.value.resolution.effects).toEqual([
      { type: "hits", actor: "Actor.abn82", amount: 3 },
      { type: "squadronBox", squadron: "Actor.transall", box: "destroyed" },
      { type: "squadronBox", squadron: "Actor.c130", box: "destroyed" },
    ]);
    expect(post.value.inputs.map((l) => l.value)).toEqual([
      "1/82 Abn Bde",
      "LTG 62 (Transall), 435 TAW (C-130)",
      "NOBC.AirMissions.Level.contested",
      "NOBC.AirMissions.Yes",
      "NOBC.AirMissions.Yes",
    ]);
    const warned = rollParadrop(nato({ level: "superiority", winner: "wp", transports: [] }), world, scriptedDice([2]), i18n);
    expect(warned.ok && warned.value.inputs.map((l) => l.value)).toContain("\u2014");
    expect(warned.ok && warned.value.inputs.at(-1)!.label).toBe("NOBC.AirMissions.Warning");
    expect(warned.ok && warned.value.inputs[2]!.value).toBe("NOBC.AirMissions.Level.superiority (NOBC.Side.wp)");
  });

  it("is the GM's dialog", () => {
    expect(paradropController.template).toBe("apps/air-missions/paradrop.hbs");
    const state = initialParadrop(world, "nato");
    expect(paradropController.access(state, world).ok).toBe(true);
    expect(paradropController.access(state, fixtureWorld({ isGM: false }))).toEqual({
      ok: false,
      reason: "NOBC.AirMissions.GmOnly",
      data: {},
    });
  });
});
