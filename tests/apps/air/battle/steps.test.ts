import { describe, expect, it } from "vitest";
import { combatPreview, fightZone, planAirCombat, planReturn, planSuperiority } from "../../../../src/apps/air/battle/steps";
import { scriptedDice } from "../../../../src/rules/dice";
import { battle, card, i18n, squadron, world } from "./fixtures";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

const bouts = [
  { wp: "Actor.mig29", nato: "Actor.f15" },
  { wp: "Actor.mig23", nato: "Actor.f16" },
];
const lineUp = (id = "L") =>
  card(
    {
      kind: "lineUp",
      zone: "North",
      wpLine: ["Actor.mig29", "Actor.mig23"],
      natoOpposite: [
        { nato: "Actor.f15", wp: "Actor.mig29" },
        { nato: "Actor.f16", wp: "Actor.mig23" },
      ],
      wpSwitches: [],
      bouts,
    },
    "pending",
    id,
  );

describe("step 3: air-to-air combat", () => {
  it("fights the zone's current line-up", () => {
    const plan = planAirCombat(world(battle(), { records: [lineUp()] }), undefined, i18n);
    expect(plan).toMatchObject({ ok: true, zones: [{ zone: "North", bouts, lineUp: "L" }] });
  });

  it("refuses a zone with no complete line-up, or one already fought", () => {
    const none = planAirCombat(world(battle()), undefined, i18n);
    expect(none).toEqual({ ok: false, problems: [expect.stringContaining("NOBC.AirBattle.Refused.noLineUp")] });
    const fought = planAirCombat(
      world(battle(), { records: [lineUp(), card({ kind: "airCombat", zone: "North", lineUp: "L" })] }),
      "North",
      i18n,
    );
    expect(fought).toEqual({ ok: false, problems: [expect.stringContaining("alreadyFought")] });
  });

  it("refuses when no zone has fighters of both sides, or the zone asked is unknown", () => {
    expect(planAirCombat(world([squadron("f15", { box: "airSuperiority" })]), undefined, i18n)).toEqual({
      ok: false,
      problems: ["NOBC.AirBattle.Refused.noCombat"],
    });
    expect(planAirCombat(world(battle()), "Mars", i18n)).toEqual({ ok: false, problems: [expect.stringContaining("unknownZone")] });
  });

  it("previews who fires first: the F-15's advanced AAM fires first", () => {
    const w = world(battle(), { records: [lineUp()] });
    const plan = planAirCombat(w, undefined, i18n);
    if (!plan.ok) throw new Error("refused");
    const preview = combatPreview(w, plan.zones, i18n);
    expect(preview.zones[0]!.bouts.map((b) => b.order)).toEqual(["NOBC.AirBattle.Combat.NatoFirst", "NOBC.AirBattle.Combat.Together"]);
    const spare = combatPreview(w, [{ ...plan.zones[0]!, bouts: [{ wp: null, nato: "Actor.f16" }] }], i18n);
    expect(spare.zones[0]!.bouts[0]!.order).toBe("NOBC.AirBattle.Combat.NoFight");
    const wpAam = world(battle().map((s) => (s.id === "Actor.mig23" ? { ...s, weapons: [{ kind: "aam" as const, name: "R-73" }] } : s)));
    expect(combatPreview(wpAam, plan.zones, i18n).zones[0]!.bouts[1]!.order).toBe("NOBC.AirBattle.Combat.WpFirst");
  });

  it("with scripted dice: the F-15 damages the MiG-29 first; the MiG-23 and F-16 both hit (3 ≤ 3, 4 ≤ 4)", () => {
    const w = world(battle(), { records: [lineUp()] });
    const plan = planAirCombat(w, undefined, i18n);
    if (!plan.ok) throw new Error("refused");
    const fought = fightZone(w, plan.zones[0]!, scriptedDice([2, 3, 4]), i18n);
    expect(fought.ok).toBe(true);
    if (!fought.ok) return;
    expect(fought.value.resolution.rolls).toEqual([2, 3, 4]);
    expect(fought.value.resolution.outcome.damaged).toEqual(["Actor.mig29", "Actor.f16", "Actor.mig23"]);
    expect(fought.value.outcome).toContain("mig29, f16, mig23");
    expect(fought.value.record).toEqual({ kind: "airCombat", zone: "North", lineUp: "L" });
    expect(fought.value.inputs.map((i) => i.label)).toEqual(
      [1, 2].map((place) => speak(phrase("NOBC.AirBattle.Combat.Bout", { place }), i18n)),
    );
    const misses = fightZone(w, plan.zones[0]!, scriptedDice([6, 6, 6, 6]), i18n);
    if (misses.ok) expect(misses.value.outcome).toBe("NOBC.AirBattle.Combat.NoDamage");
  });

  it("passes on the rules' refusal of a bad bout", () => {
    const w = world(battle());
    const fought = fightZone(
      w,
      { zone: "North", squadrons: battle(), bouts: [{ wp: "Actor.a10", nato: null }], lineUp: "L" },
      scriptedDice([]),
      i18n,
    );
    expect(fought.ok).toBe(false);
  });
});

describe("step 4: superiority", () => {
  it("posts one card per zone in the air, with the level and both sides' allotments", () => {
    const plan = planSuperiority(world([...battle(), squadron("idle", { airZone: "South" })]), undefined, i18n);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.zones).toHaveLength(1);
    const z = plan.zones[0]!;
    expect(z.resolution.outcome).toEqual({ level: "contested", winner: null, nato: 2, wp: 2 });
    expect(z.resolution.breakdown.map((b) => b.value)).toEqual([2, 2, 0]);
    expect(z.inputs.map((i) => i.value)).toEqual([expect.stringContaining('"cas":"6"'), expect.stringContaining('"cas":"6"')]);
  });

  it("refuses when nothing is in the air, or the zone is unknown", () => {
    expect(planSuperiority(world([squadron("idle")]), undefined, i18n)).toEqual({
      ok: false,
      problems: ["NOBC.AirBattle.Refused.nothingInTheAir"],
    });
    expect(planSuperiority(world(battle()), "Mars", i18n).ok).toBe(false);
  });
});

describe("step 6: return", () => {
  const sorties = (side: "nato" | "wp", flying: string[], intercepted: string[]) =>
    card({ kind: "sorties", zone: "North", side, status: { level: "contested", winner: null }, flying, intercepted });

  it("needs both sides' sortie selections, naming each side missing", () => {
    const plan = planReturn(world(battle()), undefined, i18n);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.problems).toHaveLength(2);
  });

  it("sends fighters to holding and the intercepted to damaged", () => {
    const w = world(battle(), { records: [sorties("nato", ["Actor.a10"], ["Actor.rf4"]), sorties("wp", ["Actor.su25"], [])] });
    const plan = planReturn(w, "North", i18n);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const o = plan.zones[0]!.resolution.outcome;
    expect(o.toHolding).toEqual(["Actor.mig29", "Actor.mig23", "Actor.f15", "Actor.f16"]);
    expect(o.intercepted).toEqual(["Actor.rf4"]);
    expect(o.discarded).toEqual([{ squadron: "Actor.f15", weapon: "AIM-120" }]);
    expect(plan.zones[0]!.inputs[0]!.value).toBe("a10, su25");
    expect(plan.zones[0]!.outcome).toBe(speak(phrase("NOBC.AirBattle.Return.Outcome", { holding: 4, intercepted: 1 }), i18n));
  });

  it("posts no card for a zone with nothing in the air, when all zones are asked (the playtest's finding)", () => {
    const w = world([...battle(), squadron("idle", { airZone: "South" })], {
      records: [sorties("nato", ["Actor.a10"], ["Actor.rf4"]), sorties("wp", ["Actor.su25"], [])],
    });
    const plan = planReturn(w, undefined, i18n);
    expect(plan.ok).toBe(true);
    if (plan.ok) expect(plan.zones.map((z) => z.zone)).toEqual(["North"]);
  });

  it("a zone with only fighters needs no sorties", () => {
    const fighters = battle().filter((s) => s.box === "airSuperiority");
    const plan = planReturn(world(fighters), undefined, i18n);
    expect(plan.ok).toBe(true);
    if (plan.ok) expect(plan.zones[0]!.inputs[1]!.value).toBe("NOBC.AirBattle.None");
  });

  it("refuses when nothing is in the air", () => {
    expect(planReturn(world([squadron("idle")]), undefined, i18n)).toEqual({
      ok: false,
      problems: ["NOBC.AirBattle.Refused.nothingInTheAir"],
    });
  });
});
