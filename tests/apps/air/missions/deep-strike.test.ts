import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deepStrikeContext, hitSpread, strikePlan } from "../../../../src/apps/air/missions/deep-strike/context";
import {
  deepStrikeInput,
  defaultAirDefence,
  initialDeepStrike,
  parseBoxes,
  readDeepStrike,
  rollDeepStrike,
  strikeOrder,
  targetChoices,
  targetValue,
  type DeepStrikeState,
} from "../../../../src/apps/air/missions/deep-strike/state";
import { scriptedDice } from "../../../../src/rules/dice";
import { CARDS, fixtureWorld, i18n } from "./fixture";
import { speak } from "../../../../src/words/phrase";
import { phrase } from "../../../../src/rules/resolution";

const world = fixtureWorld();
const templin = targetValue("airbase", "Actor.templin");
const nato = (over: Partial<DeepStrikeState> = {}): DeepStrikeState => ({ ...initialDeepStrike(world, "nato"), ...over });

describe("step 8: the deep-strike dialog (seed 000, Air War QRS 8)", () => {
  it("offers enemy airbases, the map's bridges and enemy HQs; an airbase starts with 3 per working box", () => {
    expect(targetChoices(world, "nato").map((t) => t.value)).toEqual([templin, "bridge::0712|0713", "installation::Actor.3sa"]);
    expect(targetChoices(world, "wp").map((t) => t.name)).toEqual(["Bitburg", "Ramstein", "Weser bridge 0712–0713", "I (BR) Corps"]);
    expect(defaultAirDefence(world, templin)).toBe("3, 3, 3");
    expect(defaultAirDefence(world, "bridge::0712|0713")).toBe("");
    expect(defaultAirDefence(world, "nonsense")).toBe("");
    expect(nato()).toMatchObject({
      attackers: ["Actor.tornado", "Actor.f111", "Actor.ef111"],
      target: templin,
      airDefence: "3, 3, 3",
      aim: "target",
      chemical: null,
    });
    expect(initialDeepStrike(fixtureWorld({ airbases: [], bridges: [], hqs: [] }), "nato").target).toBe("");
  });

  it("reads the form: ticks, places, cards; a new target brings its own air defence", () => {
    const s = readDeepStrike(
      nato(),
      {
        side: "nato",
        "attacker:Actor.tornado": true,
        "attacker:Actor.ef111": true,
        "order:Actor.tornado": "2",
        "order:Actor.ef111": 1,
        "strike:Actor.ibr.Item.sas": true,
        chemical: "Actor.ibr.Item.cw",
        target: templin,
        aim: "airDefence",
        airDefence: "5 4",
      },
      world,
    );
    expect(s).toMatchObject({
      attackers: ["Actor.tornado", "Actor.ef111"],
      strikes: ["Actor.ibr.Item.sas"],
      chemical: "Actor.ibr.Item.cw",
      aim: "airDefence",
      airDefence: "5 4",
    });
    expect(strikeOrder(s, world)).toEqual(["Actor.ef111", "Actor.tornado"]);
    const moved = readDeepStrike(
      s,
      { target: "bridge::0712|0713", airDefence: "5 4", chemical: "", aim: "target", "order:Actor.f111": "" },
      world,
    );
    expect(moved).toMatchObject({ target: "bridge::0712|0713", airDefence: "", chemical: null, aim: "target", attackers: [] });
    expect(readDeepStrike(moved, {}, world)).toMatchObject({ target: "bridge::0712|0713", chemical: null, aim: "target" });
    expect(readDeepStrike(s, { side: "wp" }, world)).toEqual(initialDeepStrike(world, "wp"));
  });

  it("box values: a word that is not a number is refused, naming the box", () => {
    expect(parseBoxes(" 4, 3;2 ")).toEqual({ ok: true, value: [4, 3, 2] });
    expect(parseBoxes("")).toEqual({ ok: true, value: [] });
    expect(parseBoxes("4, x")).toMatchObject({
      ok: false,
      refusals: [{ code: "badAirDefence", text: phrase("NOBC.AirMissions.Check.badAirDefence", { box: "2", value: "x" }) }],
    });
  });

  it("refuses with every reason: no target, a bad box, the rules' own checks", () => {
    const none = deepStrikeInput(nato({ target: "", airDefence: "x" }), world);
    expect(none.ok ? [] : none.refusals.map((r) => r.code)).toEqual(["noTarget", "badAirDefence"]);
    expect(none.ok ? [] : speak(none.refusals[0]!.text, i18n)).toBe("NOBC.AirMissions.Check.noStrikeTarget");
    const gone = deepStrikeInput(nato({ target: "installation::Actor.nowhere" }), world);
    expect(gone.ok ? [] : gone.refusals.map((r) => [r.code, speak(r.text, i18n)])).toEqual([
      ["unknownTarget", "NOBC.AirMissions.Check.strikeTargetGone"],
    ]);
    const aimBridge = deepStrikeInput(nato({ target: "bridge::0712|0713", aim: "airDefence", airDefence: "" }), world);
    expect(aimBridge.ok ? [] : aimBridge.refusals.map((r) => [r.code, speak(r.text, i18n)])).toEqual([
      ["noChart", "NOBC.AirMissions.Check.noChart"],
    ]);
    const ctx = deepStrikeContext(nato({ attackers: [], airDefence: "3, 9" }), world, i18n);
    expect(ctx.canRoll).toBe(false);
    expect(ctx.refusals).toEqual([
      speak(phrase("NOBC.Rules.Air.DeepStrike.Refusal.noAttackers", { target: "Templin" }), i18n),
      speak(phrase("NOBC.Rules.Air.DeepStrike.Refusal.badAirDefence", { box: 2, target: "Templin", value: 9 }), i18n),
    ]);
    expect(rollDeepStrike(nato({ target: "" }), world, scriptedDice([]), i18n).ok).toBe(false);
    expect(rollDeepStrike(nato({ airDefence: "7" }), world, scriptedDice([]), i18n).ok).toBe(false);
  });

  it("EW suppresses the strongest box; the rest engage the squadrons in strike order (rules dry run)", () => {
    const input = deepStrikeInput(nato({ airDefence: "2, 5, 4" }), world);
    const plan = input.ok ? strikePlan(input.value, world) : input;
    expect(plan.ok && plan.value.suppressed).toBe(1);
    expect(plan.ok && plan.value.rows.map((r) => [r.name, r.role, r.box, r.factor])).toEqual([
      ["IX Sqn RAF (Tornado)", "squadron", 4, 5],
      ["20 TFW (F-111)", "squadron", 2, 4],
      ["42 ECS (EF-111)", "ew", null, null],
    ]);
    expect(plan.ok && plan.value.rows[0]!.hit).toBeCloseTo((2 / 6) * (5 / 6), 12);
  });

  it("the spread of hits sums to 1 and matches brute-force enumeration", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: 0, max: 36 }).map((n) => n / 36),
          { maxLength: 6 },
        ),
        (chances) => {
          const spread = hitSpread(chances);
          expect(spread.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
          const brute = new Array<number>(chances.length + 1).fill(0);
          for (let mask = 0; mask < 1 << chances.length; mask++) {
            let p = 1;
            let k = 0;
            chances.forEach((c, i) => {
              const hit = (mask >> i) & 1;
              k += hit;
              p *= hit ? c : 1 - c;
            });
            brute[k]! += p;
          }
          spread.forEach((p, k) => expect(p).toBeCloseTo(brute[k]!, 12));
        },
      ),
    );
  });

  it("the preview shows the plan, the SF/SSM strikes at 3, the doubled spread and a bridge's chance", () => {
    const ctx = deepStrikeContext(nato({ strikes: ["Actor.ibr.Item.lance"], chemical: "Actor.ibr.Item.cw" }), world, i18n) as ReturnType<
      typeof deepStrikeContext
    > & { spread: { hits: number }[]; bridgeChance: string | null };
    expect(ctx.canRoll).toBe(true);
    expect(ctx.plan.at(-1)).toMatchObject({ name: "Lance battery", factor: 3, hit: "50.0 %" });
    expect(ctx.spread.map((r) => r.hits)).toEqual([0, 2, 4, 6]);
    expect(ctx.bridgeChance).toBeNull();
    const bridge = deepStrikeContext(nato({ target: "bridge::0712|0713", airDefence: "", attackers: ["Actor.f111"] }), world, i18n) as {
      bridgeChance: string;
    };
    expect(bridge.bridgeChance).toBe("66.7 %");
    expect(ctx.targetGroups.map((g) => g.options.length)).toEqual([1, 1, 1]);
  });

  it("the roll: air defence first, then attacks; the card carries the hits, the squadrons' return and the spent cards", () => {
    // Boxes 3,3,3 less one (EW) meet Tornado (die 2: damaged) and F-111 (die 5: not); F-111 attacks (4: hit); Lance (1: hit).
    const state = nato({ strikes: ["Actor.ibr.Item.lance"], chemical: "Actor.ibr.Item.cw" });
    const post = rollDeepStrike(state, world, scriptedDice([2, 5, 4, 1]), i18n);
    expect(post.ok).toBe(true);
    if (!post.ok) return;
    expect(post.value.resolution.rolls).toEqual([2, 5, 4, 1]);
    expect(post.value.outcome).toBe(speak(phrase("NOBC.AirMissions.DeepStrike.Outcome", { count: 4, target: "Templin" }), i18n));
    expect(post.value.resolution.effects).toEqual([
      { type: "airbaseHits", airbase: "Actor.templin", repairable: 4, permanent: 0 },
      { type: "weaponDiscarded", squadron: "Actor.tornado", weapon: "JP233" },
      { type: "squadronBox", squadron: "Actor.tornado", box: "damaged" },
      { type: "squadronBox", squadron: "Actor.f111", box: "holding" },
      { type: "squadronBox", squadron: "Actor.ef111", box: "holding" },
      { type: "cardDiscarded", card: "Actor.ibr.Item.lance" },
      { type: "cardDiscarded", card: "Actor.ibr.Item.cw" },
    ]);
    expect(post.value.inputs.map((l) => l.value)).toEqual([
      "Templin (NOBC.AirMissions.DeepStrike.KindAirbase)",
      "NOBC.AirMissions.DeepStrike.AimTarget",
      "3, 3, 3",
      "IX Sqn RAF (Tornado), 20 TFW (F-111), 42 ECS (EF-111)",
      "Lance battery",
      "Chemical release",
    ]);
  });

  it("a kept chemical card stays; hits on an installation and on air defence", () => {
    const kept = CARDS.map((c) => (c.category === "chemical" ? { ...c, afterUse: "keep" as const } : c));
    const w = fixtureWorld({ cards: kept });
    const hq = rollDeepStrike(
      nato({ target: "installation::Actor.3sa", airDefence: "", chemical: "Actor.ibr.Item.cw", attackers: ["Actor.f111"] }),
      w,
      scriptedDice([1]),
      i18n,
    );
    expect(hq.ok && hq.value.resolution.effects).toEqual([
      { type: "targetHits", target: "Actor.3sa", hits: 2 },
      { type: "squadronBox", squadron: "Actor.f111", box: "holding" },
    ]);
    const ad = rollDeepStrike(nato({ aim: "airDefence", attackers: ["Actor.f111"], airDefence: "" }), world, scriptedDice([1]), i18n);
    expect(ad.ok && ad.value.resolution.effects).toEqual([{ type: "squadronBox", squadron: "Actor.f111", box: "holding" }]);
    const ad2 = rollDeepStrike(nato({ aim: "airDefence", attackers: ["Actor.f111"], airDefence: "1" }), world, scriptedDice([6, 1]), i18n);
    expect(ad2.ok && ad2.value.resolution.effects[0]).toEqual({ type: "airDefence", chart: "Actor.templin", delta: -1 });
    expect(ad2.ok && ad2.value.inputs.slice(3).map((l) => l.value)).toEqual(["20 TFW (F-111)", "\u2014", "\u2014"]);
  });
});
