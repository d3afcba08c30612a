/** The planner's pure parts: default state, form reading, the rules' input, the template context and the odds. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { resolveGroundCombat, type GroundCombatPlan } from "../../../src/rules/nobc/land/combat";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import {
  addMission,
  applyForm,
  attackingRivers,
  defaultState,
  involvedHqs,
  removeMission,
  targetChoices,
  type FormValues,
  type GroundCombatState,
} from "../../../src/apps/ground-combat/state";
import { buildGroundCombatInput, planFromState } from "../../../src/apps/ground-combat/input";
import {
  cardInputs,
  groundCombatContext,
  groupRefusals,
  oddsRows,
  outcomeWords,
  refusalGroup,
  withNames,
} from "../../../src/apps/ground-combat/context";
import { cardUuid, front, frontField, keys, unitSystem, uuid, worldOptions, type ActorSpec } from "./fixture";
import { emptyMapStateFlag } from "../../../src/map/map-state";
import { speak } from "../../../src/words/phrase";
import { phrase, type Phrase } from "../../../src/rules/resolution";

/** A phrase as the planner writes it with the key-showing words. */
const said = (p: Phrase) => speak(p, keys);
const combatModifier = phrase("NOBC.CardCategory.combatModifier");
const wpAttack = (field = frontField()) => defaultState(field, { selected: [uuid("w1"), uuid("w2")], targeted: [] }, worldOptions("zero"));

/** The form exactly as the template renders it from a state (what an untouched submit sends). */
function formOf(field: ReturnType<typeof frontField>, state: GroundCombatState): Record<string, string[]> {
  const view = groundCombatContext(field, state, planFromState(field, state).plan, keys);
  const values: Record<string, string[]> = {
    attackerSide: [state.attackerSide],
    target: [state.target],
    attackers: view.attackers.filter((a) => a.ticked).map((a) => a.uuid),
    cards: view.hqs.flatMap((h) => h.cards.filter((c) => c.ticked).map((c) => c.uuid)),
  };
  if (!view.terrain.fromMap) values["terrain"] = view.terrain.boxes.filter((b) => b.ticked).map((b) => b.value);
  if (state.minefield) values["minefield"] = ["1"];
  if (state.chemicalReleaseConfirmed) values["chemicalReleaseConfirmed"] = ["1"];
  for (const r of view.rivers.filter((x) => !x.fromMap)) {
    values[`river.${r.hex}`] = [r.kinds.find((k) => k.selected)!.value];
    if (r.bridged) (values["bridged"] ??= []).push(r.hex);
  }
  for (const m of view.missions) {
    values[`mission.${m.index}.supported`] = [m.callers.find((c) => c.selected)!.value];
    values[`mission.${m.index}.artillery`] = m.artillery.filter((a) => a.ticked).map((a) => a.uuid);
  }
  for (const h of view.hqs.filter((x) => x.editable)) values[`distance.${h.uuid}`] = [h.distance === null ? "" : String(h.distance)];
  for (const c of view.cas) values[`cas.${c.uuid}`] = [c.choices.find((x) => x.selected)!.value];
  return values;
}

const submit = (field: ReturnType<typeof frontField>, state: GroundCombatState, change: FormValues) =>
  applyForm(field, state, { ...formOf(field, state), ...change });

describe("default state from the world and the selection", () => {
  it("takes the selected units of the first selected unit's side and the targeted token's hex", () => {
    const field = frontField();
    const state = defaultState(field, { selected: [uuid("w1"), uuid("n36"), uuid("w2")], targeted: [uuid("n36")] }, worldOptions("mirror"));
    expect(state).toMatchObject({
      attackerSide: "wp",
      attackers: [uuid("w1"), uuid("w2")],
      target: "0202",
      options: { combat: { oddsBelowOne: "mirror" } },
    });
  });

  it("without a target, picks the first enemy hex next to the attackers; pre-ticks the cards assigned to units of the combat", () => {
    const state = wpAttack();
    expect(targetChoices(frontField(), "wp", state.attackers)).toEqual(["0201", "0202"]);
    expect(state.target).toBe("0201");
    expect(state.cards).toEqual([cardUuid("icorps", "cart"), cardUuid("gta", "cbar")]);
    expect(state.minefield).toBe(false);
  });

  it("reads the minefield column from the scene's map state: a minefield in the target hex", () => {
    const mined = (hex: string) => ({ ...emptyMapStateFlag(), mines: { [hex]: { side: "nato" as const } } });
    // 1 MRR and 2 MRR attack 0201 (34 PzBrig).
    expect(wpAttack(frontField({ mapState: mined("0201") })).minefield).toBe(true);
    // A minefield in another hex is not the target's.
    expect(wpAttack(frontField({ mapState: mined("0202") })).minefield).toBe(false);
  });

  it("with nothing selected, attacks for the side opposing the targeted unit, else NATO", () => {
    const field = frontField();
    expect(defaultState(field, { selected: [], targeted: [uuid("w1")] }, worldOptions("zero"))).toMatchObject({
      attackerSide: "nato",
      target: "0301",
      attackers: [],
    });
    expect(defaultState(field, { selected: [], targeted: [] }, worldOptions("zero"))).toMatchObject({
      attackerSide: "nato",
      target: "0301",
    });
    expect(defaultState(field, { selected: [uuid("w1")], targeted: [], hex: "0202" }, worldOptions("zero")).target).toBe("0202");
  });

  it("with nothing selected or targeted, a Warsaw Pact player plans for the Warsaw Pact (issue #36), the target on that side's front", () => {
    const field = frontField();
    const wp = defaultState(field, { selected: [], targeted: [], side: "wp" }, worldOptions("zero"));
    expect(wp.attackerSide).toBe("wp");
    expect(wp.target).toBe(defaultState(field, { selected: [uuid("w1")], targeted: [] }, worldOptions("zero")).target);
    // The canvas still wins over the player's side.
    expect(defaultState(field, { selected: [], targeted: [uuid("w1")], side: "wp" }, worldOptions("zero")).attackerSide).toBe("nato");
  });
});

describe("the rules' input and plan", () => {
  it("accepts the WP attack and shows every step with the names of cards and units", () => {
    const field = frontField();
    const { plan } = planFromState(field, wpAttack(field));
    const value = unwrap(plan);
    expect(value.modifier).toBe(0);
    const view = groundCombatContext(field, wpAttack(field), plan, keys);
    expect(view.accepted).toBe(true);
    expect(view.refusals).toEqual([]);
    expect(view.plan!.rows.map((r) => [r.label, r.valueText])).toEqual([
      [said(phrase("NOBC.Rules.Land.Combat.Odds", { attack: 12, defence: 4, ratio: 3 })), "+4"],
      [said(phrase("NOBC.Rules.Land.Combat.Terrain", { terrain: phrase("NOBC.Rules.Land.Terrain.town") })), "\u22121"],
      [said(phrase("NOBC.Rules.Land.Combat.NoRiver")), "0"],
      [said(phrase("NOBC.Rules.Land.Combat.AdjacentDefender", { unit: "36 PzBrig", hex: "0202" })), "\u22122"],
      [said(phrase("NOBC.Rules.Land.Combat.CardAttacker", { card: "Front barrage", category: combatModifier })), "+1"],
      [said(phrase("NOBC.Rules.Land.Combat.CardDefender", { card: "Corps artillery", category: combatModifier })), "\u22122"],
    ]);
    // Each row cites the NOBC Land War QRS by its name (src/view/citation.ts), in the reader's words.
    expect(view.plan!.rows.every((r) => r.source.startsWith('NOBC.Source.Cited.nobc {"section":"Land War QRS'))).toBe(true);
    expect(view.plan).toMatchObject({ attack: 12, defence: 4, total: "0" });
    expect(view.terrain).toMatchObject({ fromMap: true, text: "NOBC.GroundCombat.Terrain.town" });
  });

  it("refuses a March Mode attacker with the rules' message, grouped under the attackers, and offers no plan", () => {
    const field = frontField();
    const state: GroundCombatState = { ...wpAttack(field), attackers: [uuid("w1"), uuid("w3")] };
    const { plan } = planFromState(field, state);
    expect(plan.ok).toBe(false);
    const view = groundCombatContext(field, state, plan, keys);
    expect(view.accepted).toBe(false);
    expect(view.plan).toBeNull();
    expect(view.refusals).toEqual([
      {
        id: "attackers",
        label: "NOBC.GroundCombat.Group.attackers",
        messages: [said(phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerNotCombatMode", { unit: "3 MRR" }))],
      },
    ]);
  });

  it("adds the world's own refusals to the rules': a unit with no token, no target, an unknown card", () => {
    const specs = front().map((s): ActorSpec => (s.id === "w2" ? { ...s, hex: undefined } : s));
    const field = frontField({ specs });
    const state: GroundCombatState = { ...wpAttack(field), attackers: [uuid("w1"), uuid("w2")], cards: ["Item.nowhere"] };
    const { plan } = planFromState(field, state);
    expect(plan.ok).toBe(false);
    const codes = plan.ok ? [] : plan.refusals.map((r) => r.code);
    expect(codes).toEqual(["noToken", "cardNotOffered", "attackerNotAdjacent"]);
    const none = planFromState(field, { ...state, target: "" }).plan;
    expect(none.ok ? [] : none.refusals.map((r) => r.code)).toEqual(["noTarget", "noToken", "cardNotOffered"]);
    expect(none.ok ? [] : none.refusals.map((r) => speak(r.text, keys))).toEqual([
      "NOBC.GroundCombat.Check.noTarget",
      'NOBC.GroundCombat.Check.noToken {"unit":"2 MRR"}',
      'NOBC.GroundCombat.Check.cardNotOffered {"card":"Item.nowhere"}',
    ]);
  });

  it("offers each HQ's cards that serve its side in combat, as their records say: no Signals, no defending Engineer", () => {
    const field = frontField();
    const offered = (state: GroundCombatState) =>
      Object.fromEntries(involvedHqs(field, state).map((h) => [h.hq.id, h.cards.map((c) => c.name)]));
    expect(offered(wpAttack(field))).toEqual({
      [uuid("gta")]: ["Front barrage", "Pontoon park", "Sarin"],
      [uuid("icorps")]: ["Corps artillery"],
    });
    const natoAttack = defaultState(field, { selected: [uuid("n36")], targeted: [uuid("w2")] }, worldOptions("zero"));
    expect(offered(natoAttack)).toEqual({ [uuid("icorps")]: ["Corps artillery"], [uuid("gta")]: ["Front barrage", "Sarin"] });
  });

  it("reads a river crossing from the map and asks for the Engineer cards it needs", () => {
    const field = frontField();
    // NATO 36 PzBrig in 0202 attacks across the unbridged major river into 0303, where a WP unit stands.
    const specs = [...front(), { id: "w9", name: "9 MRR", type: "unit" as const, hex: "0303", system: unitSystem("wp") }];
    const withEnemy = frontField({ specs });
    const state = defaultState(withEnemy, { selected: [uuid("n36")], targeted: [uuid("w9")] }, worldOptions("zero"));
    expect(attackingRivers(withEnemy, state)).toEqual([{ hex: "0202", river: { kind: "major", bridged: false }, fromMap: true }]);
    const { plan } = planFromState(withEnemy, state);
    expect(plan.ok ? [] : plan.refusals.map((r) => r.code)).toContain("riverNeedsEngineer");
    expect(field.map).not.toBeNull();
  });

  it("reads a destroyed bridge from the scene: the crossing is unbridged and needs an Engineer card", () => {
    // A WP unit in 0101 attacks 34 PzBrig in 0201 across the Brook, bridged on the terrain map.
    const specs = [
      ...front().filter((s) => s.id !== "nrec"),
      { id: "w9", name: "9 MRR", type: "unit" as const, hex: "0101", system: unitSystem("wp", { hq: "Actor.gta" }) },
    ];
    const attack = (field: ReturnType<typeof frontField>) =>
      defaultState(field, { selected: [uuid("w9")], targeted: [uuid("n34")] }, worldOptions("zero"));
    const standing = frontField({ specs });
    expect(attackingRivers(standing, attack(standing))).toEqual([{ hex: "0101", river: { kind: "minor", bridged: true }, fromMap: true }]);
    const codes = (field: ReturnType<typeof frontField>, state: GroundCombatState) => {
      const { plan } = planFromState(field, state);
      return plan.ok ? [] : plan.refusals.map((r) => r.code);
    };
    expect(codes(standing, { ...attack(standing), cards: [] })).not.toContain("riverNeedsEngineer");
    const blown = frontField({ specs, mapState: { ...emptyMapStateFlag(), destroyedBridges: { "0101|0201": true } } });
    expect(blown.mapStateProblems).toEqual([]);
    expect(attackingRivers(blown, attack(blown))).toEqual([{ hex: "0101", river: { kind: "minor", bridged: false }, fromMap: true }]);
    expect(codes(blown, { ...attack(blown), cards: [] })).toContain("riverNeedsEngineer");
    expect(codes(blown, { ...attack(blown), cards: [cardUuid("gta", "ceng")] })).not.toContain("riverNeedsEngineer");
  });

  it("builds fire missions, CAS and chemical release into the input", () => {
    const field = frontField();
    let state = addMission(field, wpAttack(field));
    expect(state.missions).toEqual([{ supported: uuid("w1"), artillery: [] }]);
    state = submit(field, state, {
      "mission.0.artillery": [uuid("wart")],
      [`cas.${uuid("su25")}`]: [uuid("gta")],
      cards: [cardUuid("icorps", "cart"), cardUuid("gta", "cbar"), cardUuid("gta", "cchem")],
    });
    const refused = planFromState(field, state).plan;
    expect(refused.ok ? [] : refused.refusals.map((r) => r.code)).toEqual(["releaseNotConfirmed"]);
    const view = groundCombatContext(field, state, refused, keys);
    expect(view.chemical).toEqual({ shown: true, confirmed: false });
    expect(view.refusals.map((g) => g.id)).toEqual(["chemicalReleaseConfirmed"]);
    state = submit(field, state, { chemicalReleaseConfirmed: ["1"] });
    const plan = unwrap(planFromState(field, state).plan);
    expect(plan.attackStrength).toMatchObject({ total: 15, artillery: 3 });
    expect(plan.cas).toEqual([{ id: uuid("su25"), name: "Su-25 Rgt", side: "wp", value: 2 }]);
    expect(plan.chemicalCards).toEqual([cardUuid("gta", "cchem")]);
    const { input } = buildGroundCombatInput(field, state);
    expect(input.support?.map((s) => [s.hq.id, s.distance, s.cards?.length, s.cas?.length])).toEqual([
      [uuid("gta"), 1, 2, 1],
      [uuid("icorps"), 1, 1, 0],
    ]);
    expect(removeMission(state, 0).missions).toEqual([]);
  });

  it("refuses a 1 GTA giving more than its level", () => {
    const field = frontField();
    const state: GroundCombatState = {
      ...wpAttack(field),
      cards: [cardUuid("gta", "cbar"), cardUuid("gta", "ceng"), cardUuid("gta", "cchem")],
      cas: { [uuid("su25")]: uuid("gta") },
      chemicalReleaseConfirmed: true,
    };
    const { plan } = planFromState(field, state);
    expect(plan.ok ? [] : plan.refusals.map((r) => [r.code, r.field])).toEqual([["hqOverLevel", "support[0]"]]);
  });

  it("refuses CAS from a squadron not in the CAS box, or given by an HQ that does not exist", () => {
    const specs = front().map((s): ActorSpec => (s.id === "su25" ? { ...s, system: { ...s.system, box: "ready" } } : s));
    const field = frontField({ specs });
    const codes = (state: GroundCombatState) => {
      const { plan } = planFromState(field, state);
      return plan.ok ? [] : plan.refusals.map((r) => r.code);
    };
    expect(codes({ ...wpAttack(field), cas: { [uuid("su25")]: uuid("gta") } })).toEqual(["casNotInBox"]);
    const notInBox = planFromState(field, { ...wpAttack(field), cas: { [uuid("su25")]: uuid("gta") } }).plan;
    expect(notInBox.ok ? [] : notInBox.refusals.map((r) => speak(r.text, keys))).toEqual([
      'NOBC.GroundCombat.Check.casNotInBox {"squadron":"Su-25 Rgt"}',
    ]);
    const inBox = frontField();
    const { plan } = planFromState(inBox, { ...wpAttack(inBox), cas: { [uuid("su25")]: "Actor.ghost" } });
    expect(plan.ok ? [] : plan.refusals.map((r) => r.code)).toEqual(["casUnknownHq"]);
    expect(plan.ok ? [] : plan.refusals.map((r) => speak(r.text, keys))).toEqual([
      'NOBC.GroundCombat.Check.casUnknownHq {"squadron":"Su-25 Rgt","hq":"Actor.ghost"}',
    ]);
  });
});

describe("without a terrain map", () => {
  const field = frontField({ map: false });

  it("takes adjacency from the grid, and lets the user tick terrain, rivers and HQ distances", () => {
    const state = wpAttack(field);
    expect(state.target).toBe("0201");
    const view = groundCombatContext(field, state, planFromState(field, state).plan, keys);
    expect(view.mapNote).toBe(said(phrase("NOBC.World.MapProblem.missing")));
    expect(view.terrain.fromMap).toBe(false);
    expect(view.rivers.map((r) => [r.hex, r.fromMap])).toEqual([
      ["0301", false],
      ["0302", false],
    ]);
    expect(view.hqs.map((h) => [h.name, h.distance, h.editable])).toEqual([
      ["1 GTA", 1, true],
      ["I Corps", 1, true],
    ]);
    expect(view.accepted).toBe(true);
    expect(view.plan!.rows[1]!.label).toBe(
      said(phrase("NOBC.Rules.Land.Combat.Terrain", { terrain: phrase("NOBC.Rules.Land.Terrain.clear") })),
    );
  });

  it("reads ticked terrain, rivers and typed distances back from the form", () => {
    let state = wpAttack(field);
    state = submit(field, state, {
      terrain: ["woods", "rough", "bogus"],
      "river.0301": ["minor"],
      "river.0302": ["minor"],
      bridged: ["0301", "0302"],
      [`distance.${uuid("icorps")}`]: ["5"],
    });
    expect(state.terrain).toEqual(["woods", "rough"]);
    expect(state.rivers).toEqual({ "0301": { kind: "minor", bridged: true }, "0302": { kind: "minor", bridged: true } });
    const { plan } = planFromState(field, state);
    expect(plan.ok ? [] : plan.refusals.map((r) => [r.code, r.field])).toEqual([["hqOutOfRadius", "support[1].distance"]]);
    state = submit(field, state, { [`distance.${uuid("icorps")}`]: ["2"] });
    const accepted = unwrap(planFromState(field, state).plan);
    expect(accepted.breakdown.map((l) => l.value)).toEqual([4, -1, -1, -1, -2, 1, -2]);
  });

  it("asks for the distance of an HQ with no token", () => {
    const specs = front().map((s): ActorSpec => (s.id === "gta" ? { ...s, hex: undefined } : s));
    const noToken = frontField({ map: false, specs });
    const state = wpAttack(noToken);
    expect(involvedHqs(noToken, state).find((h) => h.hq.id === uuid("gta"))).toMatchObject({
      measured: null,
      editable: true,
      distance: null,
    });
    const { plan } = planFromState(noToken, state);
    expect(plan.ok ? [] : plan.refusals.map((r) => [r.code, r.field, speak(r.text, keys)])).toEqual([
      ["hqDistanceUnknown", "support[0].distance", 'NOBC.GroundCombat.Check.hqDistanceUnknown {"hq":"1 GTA"}'],
    ]);
    const typed = submit(noToken, state, { [`distance.${uuid("gta")}`]: ["2"] });
    expect(planFromState(noToken, typed).plan.ok).toBe(true);
    expect(submit(noToken, state, { [`distance.${uuid("gta")}`]: ["x"] }).distances[uuid("gta")]).toBeNull();
  });
});

describe("reading the form", () => {
  const field = frontField();

  it("a new target or new attackers reset what depends on them", () => {
    const state = { ...wpAttack(field), cards: [] as string[] };
    const moved = submit(field, state, { target: ["0202"] });
    expect(moved.target).toBe("0202");
    expect(moved.cards).toEqual([cardUuid("gta", "cbar")]);
    const fewer = submit(field, state, { attackers: [uuid("w2")] });
    expect(fewer.attackers).toEqual([uuid("w2")]);
    expect(fewer.cards).toEqual([cardUuid("icorps", "cart")]);
  });

  it("a new side starts over on that side's first target", () => {
    const state = submit(field, wpAttack(field), { attackerSide: ["nato"] });
    expect(state).toMatchObject({ attackerSide: "nato", attackers: [], target: "0301" });
  });

  it("keeps the minefield and cards as ticked, and a mission's new caller drops its artillery", () => {
    let state = addMission(field, wpAttack(field));
    state = submit(field, state, { minefield: ["1"], cards: [cardUuid("gta", "cbar")], "mission.0.artillery": [uuid("wart")] });
    expect(state.minefield).toBe(true);
    expect(state.cards).toEqual([cardUuid("gta", "cbar")]);
    expect(unwrap(planFromState(field, state).plan).minefield).toBe(true);
    state = submit(field, state, { "mission.0.supported": [uuid("w2")] });
    expect(state.missions).toEqual([{ supported: uuid("w2"), artillery: [] }]);
  });

  it("adds no mission when no unit of the combat is in Combat Mode", () => {
    const state: GroundCombatState = { ...wpAttack(field), attackers: [uuid("w3")], target: "0101" };
    expect(addMission(field, state)).toBe(state);
    const view = groundCombatContext(field, state, planFromState(field, state).plan, keys);
    expect(view.canAddMission).toBe(false);
  });
});

describe("odds of each CRT row", () => {
  const plan = unwrap(planFromState(frontField(), wpAttack()).plan);

  it("gives each band its faces, sixths and percentage, summing to 1 (seed 000 CRT)", () => {
    const rows = oddsRows(plan, keys);
    expect(rows.map((r) => [r.band, r.faces, r.sixths, r.percent])).toEqual([
      ["16+", "\u2013", "0/6", "0.0 %"],
      ["12-15", "\u2013", "0/6", "0.0 %"],
      ["8-11", "\u2013", "0/6", "0.0 %"],
      ["5-7", "5, 6", "2/6", "33.3 %"],
      ["4-", "1, 2, 3, 4", "4/6", "66.7 %"],
    ]);
    expect(rows.reduce((s, r) => s + r.probability, 0)).toBeCloseTo(1, 12);
    expect(rows[3]!.result).toContain("NOBC.GroundCombat.Result.heavyFighting");
  });

  /** Rolls every face through the resolver and counts the bands reached. */
  function enumerate(p: GroundCombatPlan): Map<string, number> {
    const counts = new Map<string, number>();
    for (const face of [1, 2, 3, 4, 5, 6]) {
      const band = resolveGroundCombat(p, scriptedDice([face])).outcome.band;
      counts.set(band, (counts.get(band) ?? 0) + 1);
    }
    return counts;
  }

  it("matches enumerating the six faces through resolveGroundCombat, for any modifier and column", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.boolean(), (modifier, minefield) => {
        const p = { ...plan, modifier, minefield };
        const rows = oddsRows(p, keys);
        const counts = enumerate(p);
        expect(rows.reduce((s, r) => s + r.probability, 0)).toBeCloseTo(1, 12);
        for (const row of rows) expect(row.probability * 6).toBeCloseTo(counts.get(row.band) ?? 0, 12);
        for (const face of [1, 2, 3, 4, 5, 6]) {
          const outcome = resolveGroundCombat(p, scriptedDice([face])).outcome;
          const row = rows.find((r) => r.faces.split(", ").includes(String(face)))!;
          expect(row.band).toBe(outcome.band);
        }
      }),
    );
  });
});

describe("words and groups", () => {
  it("groups refusals by the first name of their field, in the form's order", () => {
    expect(refusalGroup("support[1].cards[0]")).toBe("support");
    expect(refusalGroup("fireMissions[0].artillery[1]")).toBe("fireMissions");
    expect(refusalGroup(undefined)).toBe("other");
    expect(refusalGroup("other")).toBe("other");
    expect(refusalGroup("splits.attackers")).toBe("other");
    const groups = groupRefusals(
      [
        { code: "a", text: phrase("S"), field: "support[0]" },
        { code: "b", text: phrase("A"), field: "attackers[0]" },
        { code: "c", text: phrase("X") },
      ],
      keys,
    );
    expect(groups.map((g) => [g.id, g.messages])).toEqual([
      ["attackers", ["A"]],
      ["support", ["S"]],
      ["other", ["X"]],
    ]);
  });

  it("writes references as names, longest first", () => {
    const names = new Map([
      ["Actor.a", "HQ"],
      ["Actor.a.Item.b", "Card"],
    ]);
    expect(withNames("Card Actor.a.Item.b of Actor.a", names)).toBe("Card Card of HQ");
  });

  it("tells the rolled result and the inputs in words", () => {
    const field = frontField();
    const plan = unwrap(planFromState(field, wpAttack(field)).plan);
    const { outcome } = resolveGroundCombat(plan, scriptedDice([6]));
    // The headline: the CRT cell, the defender by name, each side's hits (the CRT row and die are in the card's details).
    expect(outcomeWords(plan, outcome, keys)).toMatch(/^NOBC\.Chat\.Title\.Combat\.(Retreat|Hold)/);
    expect(outcomeWords(plan, outcome, keys)).toContain('"units":"34 PzBrig"');
    const lines = cardInputs(field, plan, ["town"], keys);
    expect(lines.map((l) => l.value)).toEqual([
      "1 MRR, 2 MRR (12)",
      "0201: 34 PzBrig (4)",
      "NOBC.GroundCombat.Terrain.town",
      "NOBC.GroundCombat.Column.noMine",
      "Front barrage, Corps artillery",
    ]);
  });
});
