import { describe, expect, it } from "vitest";
import { casReturnPost, flyingSupport, handOverPost } from "../../../../src/apps/air/missions/steps";
import { fixtureWorld, i18n, SQUADRONS } from "./fixture";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

describe("step 7: hand-over (seed 000, Air War QRS 7)", () => {
  it("the squadrons in the CAS and Recce boxes fly", () => {
    expect(flyingSupport(fixtureWorld())).toEqual(["Actor.a10", "Actor.jag", "Actor.su25"]);
  });

  it("the card lists what each side's land teams receive; nothing moves", () => {
    const post = handOverPost(fixtureWorld(), i18n);
    expect(post.ok).toBe(true);
    if (!post.ok) return;
    expect(post.value.resolution.effects).toEqual([]);
    const squadrons = (count: number) => phrase("NOBC.AirMissions.HandOver.Squadrons", { count });
    expect(post.value.outcome).toBe(speak(phrase("NOBC.AirMissions.HandOver.Outcome", { nato: squadrons(2), wp: squadrons(1) }), i18n));
    expect(post.value.inputs.map((l) => l.label)).toEqual([
      "NOBC.Side.nato: 81 TFW (A-10)",
      "NOBC.Side.nato: II Sqn RAF (Jaguar)",
      "NOBC.Side.wp: 357 OShAP (Su-25)",
    ]);
    expect(post.value.inputs[0]!.value).toBe(
      `${speak(phrase("NOBC.AirMissions.HandOver.CasValue", { value: 5 }), i18n)}, NOBC.AirMissions.HandOver.Weapons {"weapons":"Maverick"}`,
    );
    expect(post.value.inputs[1]!.value).toContain("NOBC.AirMissions.HandOver.Recce");
    expect(post.value.resolution.breakdown).toHaveLength(3);
  });

  it("an EW squadron is marked as such", () => {
    const ew = SQUADRONS.map((s) => (s.id === "Actor.jag" ? { ...s, recce: false, ew: true } : s));
    const post = handOverPost(fixtureWorld({ squadrons: ew }), i18n);
    expect(post.ok && post.value.inputs[1]!.value).toContain("NOBC.AirMissions.HandOver.Ew");
  });

  it("refuses when nothing flies", () => {
    const none = fixtureWorld({ squadrons: SQUADRONS.filter((s) => s.box !== "cas" && s.box !== "recce") });
    const post = handOverPost(none, i18n);
    expect(post).toMatchObject({
      ok: false,
      refusals: [{ code: "nothingFlying", field: "flying", text: phrase("NOBC.AirMissions.Check.nothingToHandOver") }],
    });
    expect(casReturnPost(none, i18n)).toMatchObject({
      ok: false,
      refusals: [{ code: "nothingFlying", field: "returning", text: phrase("NOBC.AirMissions.Check.nothingReturning") }],
    });
  });

  it("the return sends them to damaged and spends their weapons", () => {
    const post = casReturnPost(fixtureWorld(), i18n);
    expect(post.ok && post.value.resolution.effects).toEqual([
      { type: "weaponDiscarded", squadron: "Actor.a10", weapon: "Maverick" },
      { type: "squadronBox", squadron: "Actor.a10", box: "damaged" },
      { type: "squadronBox", squadron: "Actor.jag", box: "damaged" },
      { type: "squadronBox", squadron: "Actor.su25", box: "damaged" },
    ]);
    expect(post.ok && post.value.inputs.map((l) => l.value)).toEqual(["81 TFW (A-10)", "II Sqn RAF (Jaguar)", "357 OShAP (Su-25)"]);
    expect(post.ok && post.value.outcome).toBe(speak(phrase("NOBC.AirMissions.Return.Outcome", { count: 3 }), i18n));
  });
});
