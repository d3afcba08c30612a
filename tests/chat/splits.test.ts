/** The pure side of shared ground-combat hits on a card: which sides, whose, and the rules' check. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cardControls, controlDocuments, mayEditSplit, type CardFlags } from "../../src/chat/card-data";
import { currentSplit, resplit, sharedSides, splitUnits, splitViews, type GroundCombatCard } from "../../src/chat/splits";
import { groundCombatText } from "../../src/chat/ground-combat-text";
import { groundCombatEffects } from "../../src/rules/nobc/land/combat";
import { unwrap } from "../../src/rules/resolution";
import { GALLERY_REFS as R, NAMES, resolveCombat } from "./combat-fixture";
import type { Wording } from "../../src/words/phrase";
import { keyWording } from "../harness/wording";

const beatenOff = resolveCombat(R, 3); // both sides share: attackers 3, defenders 2
const heavy = resolveCombat(R, 6); // attackers 3 on each; defenders share 2 (artillery's share dropped)

function card(combat = beatenOff, over: Partial<CardFlags> = {}): CardFlags {
  const groundCombat: GroundCombatCard = { plan: combat.plan, outcome: combat.outcome, splits: {} };
  return { effects: combat.resolution.effects, state: "pending", groundCombat, ...over };
}

const gm = { id: "gm", isGM: true };
const wpPlayer = { id: "p1", isGM: false };
const natoPlayer = { id: "p2", isGM: false };
/** Who owns what: p1 the attackers, p2 the defenders (artillery included). */
function owned(user: { id: string }): Map<string, boolean> {
  const wp = user.id === "p1";
  const nato = user.id === "p2";
  return new Map([
    [R.gds, wp],
    [R.mr, wp],
    [R.bde, nato],
    [R.acr, nato],
    [R.art, nato],
  ]);
}

describe("which sides share hits", () => {
  it("both sides share on 'Attack beaten off'; artillery is never a unit of a split", () => {
    const gc = card().groundCombat!;
    expect(sharedSides(gc)).toEqual(["attackers", "defenders"]);
    expect(splitUnits(gc, "defenders").map((u) => u.id)).toEqual([R.bde, R.acr]);
    expect(splitViews(gc)).toEqual([
      {
        side: "attackers",
        total: 3,
        rows: [
          { actor: R.gds, name: "1st Gds Tank Div", strength: 8, hits: 2 },
          { actor: R.mr, name: "35th MR Div", strength: 4, hits: 1 },
        ],
      },
      {
        side: "defenders",
        total: 2,
        rows: [
          { actor: R.bde, name: "2nd Bde, 3rd Armd Div", strength: 4, hits: 1 },
          { actor: R.acr, name: "11th Armd Cav Regt", strength: 3, hits: 1 },
        ],
      },
    ]);
  });

  it("hits 'on each' unit are no choice: only the defenders share on 'Heavy fighting'", () => {
    expect(sharedSides(card(heavy).groundCombat!)).toEqual(["defenders"]);
  });

  it("a side with one unit that can take hits, or no hits to share, has nothing to split", () => {
    const gc = card().groundCombat!;
    const lone = { ...gc.outcome.defenderHits, candidates: gc.outcome.defenderHits.candidates.slice(1) };
    expect(sharedSides({ ...gc, outcome: { ...gc.outcome, defenderHits: lone } })).toEqual(["attackers"]);
    const none = { ...gc.outcome.attackerHits, total: 0 };
    expect(sharedSides({ ...gc, outcome: { ...gc.outcome, attackerHits: none } })).toEqual(["defenders"]);
  });
});

describe("a new split, checked by the rules", () => {
  it("gives the effects the rules give for that split, and keeps it in candidate order with zeros", () => {
    const gc = card().groundCombat!;
    const done = resplit(gc, "attackers", [{ actor: R.mr, hits: 3 }]);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.value.effects).toEqual(unwrap(groundCombatEffects(gc.plan, gc.outcome, { attackers: [{ actor: R.mr, hits: 3 }] })));
    expect(done.value.effects.filter((e) => e.type === "hits")).toEqual([
      { type: "hits", actor: R.mr, amount: 3 },
      { type: "hits", actor: R.bde, amount: 1 },
      { type: "hits", actor: R.acr, amount: 1 },
    ]);
    expect(done.value.card.splits).toEqual({
      attackers: [
        { actor: R.gds, hits: 0 },
        { actor: R.mr, hits: 3 },
      ],
    });
    expect(currentSplit(done.value.card, "attackers")).toEqual([
      { actor: R.gds, hits: 0 },
      { actor: R.mr, hits: 3 },
    ]);
    expect(currentSplit(done.value.card, "defenders")).toEqual(gc.outcome.defenderHits.proposal);
  });

  it("keeps the other side's saved split when one side changes", () => {
    const first = resplit(card().groundCombat!, "defenders", [
      { actor: R.bde, hits: 2 },
      { actor: R.acr, hits: 0 },
    ]);
    if (!first.ok) throw new Error("refused");
    const second = resplit(first.value.card, "attackers", [
      { actor: R.gds, hits: 3 },
      { actor: R.mr, hits: 0 },
    ]);
    if (!second.ok) throw new Error("refused");
    expect(second.value.card.splits.defenders).toEqual([
      { actor: R.bde, hits: 2 },
      { actor: R.acr, hits: 0 },
    ]);
    expect(second.value.effects.filter((e) => e.type === "hits").map((e) => (e as { actor: string }).actor)).toEqual([R.gds, R.bde]);
  });

  it("refuses a wrong total, hits on artillery and an unknown unit, each with the rules' reason", () => {
    const gc = card().groundCombat!;
    const total = resplit(gc, "defenders", [
      { actor: R.bde, hits: 2 },
      { actor: R.acr, hits: 1 },
    ]);
    expect(total.ok ? [] : total.refusals.map((r) => [r.code, r.field])).toEqual([["splitTotal", "splits.defenders.split"]]);
    const bad = resplit(gc, "defenders", [
      { actor: R.art, hits: 1 },
      { actor: "Actor.ghost", hits: 1 },
      { actor: R.bde, hits: 0.5 },
    ]);
    expect(bad.ok ? [] : bad.refusals.map((r) => r.code)).toEqual(["splitImmune", "splitUnknownUnit", "splitInvalidHits"]);
    // The refusal names the artillery unit in its phrase's data.
    expect(bad.ok ? "" : JSON.stringify(bad.refusals[0]!.text)).toContain("210th FA Bde");
  });

  it("property: any split of the right total over the units that can take hits is accepted, and only then", () => {
    const gc = card().groundCombat!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), (a, b) => {
        const done = resplit(gc, "attackers", [
          { actor: R.gds, hits: a },
          { actor: R.mr, hits: b },
        ]);
        expect(done.ok).toBe(a + b === 3);
      }),
    );
  });
});

describe("who may split, and who sees which buttons", () => {
  it("the owner of every unit of a side (or a GM) may split it while the card is pending", () => {
    const c = card();
    expect(mayEditSplit(wpPlayer, c, "attackers", owned(wpPlayer))).toEqual({ ok: true });
    expect(mayEditSplit(wpPlayer, c, "defenders", owned(wpPlayer))).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(mayEditSplit(natoPlayer, c, "defenders", owned(natoPlayer))).toEqual({ ok: true });
    expect(mayEditSplit(gm, c, "defenders", new Map())).toEqual({ ok: true });
    // Owning only one of the two attackers is not enough.
    expect(mayEditSplit(wpPlayer, c, "attackers", new Map([[R.gds, true]]))).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
  });

  it("nobody splits an applied card, a side that does not share, or a card that is no combat", () => {
    expect(mayEditSplit(gm, card(beatenOff, { state: "applied" }), "attackers", new Map())).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.notPending",
    });
    expect(mayEditSplit(gm, card(heavy), "attackers", new Map())).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notShared" });
    expect(mayEditSplit(gm, { effects: [], state: "pending" }, "attackers", new Map())).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.notCombat",
    });
  });

  it("ownership is asked of the touched documents and every unit of a shared side", () => {
    expect(controlDocuments(card())).toEqual([R.gds, R.mr, R.bde, R.acr]);
    expect(controlDocuments({ effects: [{ type: "hits", actor: "Actor.x", amount: 1 }], state: "pending" })).toEqual(["Actor.x"]);
  });

  it("the GM sees everything; each player only their side's editor and no Apply on a card touching the other side", () => {
    const c = card();
    expect(cardControls(gm, c, new Map())).toEqual({ apply: "enabled", undo: "disabled", splits: ["attackers", "defenders"] });
    expect(cardControls(wpPlayer, c, owned(wpPlayer))).toEqual({ apply: "hidden", undo: "hidden", splits: ["attackers"] });
    expect(cardControls(natoPlayer, c, owned(natoPlayer))).toEqual({ apply: "hidden", undo: "hidden", splits: ["defenders"] });
    expect(cardControls({ id: "p3", isGM: false }, c, new Map())).toEqual({ apply: "hidden", undo: "hidden", splits: [] });
  });

  it("a player owning every touched unit sees Apply, then Undo once applied, and no editor after Apply", () => {
    const both = new Map([...owned(wpPlayer)].map(([k]) => [k, true]));
    expect(cardControls(wpPlayer, card(), both)).toEqual({ apply: "enabled", undo: "disabled", splits: ["attackers", "defenders"] });
    const inverse = { actorUpdates: [], itemUpdates: [], itemDeletions: [], itemCreations: [] };
    expect(cardControls(wpPlayer, card(beatenOff, { state: "applied", applied: inverse }), both)).toEqual({
      apply: "disabled",
      undo: "enabled",
      splits: [],
    });
    expect(cardControls(wpPlayer, card(beatenOff, { state: "reverted", applied: inverse }), both)).toEqual({
      apply: "disabled",
      undo: "disabled",
      splits: [],
    });
    expect(cardControls(gm, { effects: [], state: "pending" }, new Map()).splits).toEqual([]);
  });
});

describe("the CRT row and result in words", () => {
  // Each key's last word (a plural form's key by its entry's name), filled with its data in order.
  const word = (k: string) =>
    k
      .split(".")
      .filter((part) => part !== "one" && part !== "other")
      .pop()!;
  const i18n: Wording = {
    ...keyWording(),
    localize: word,
    format: (k, d) => `${word(k)}(${Object.values(d).join("|")})`,
  };

  it("names the score, the band and the column in the row, and heads the card with the cell, the defenders and the hits", () => {
    expect(groundCombatText(beatenOff, i18n)).toEqual({
      tableRow: "Row(2|≤ 4|NoMine)",
      outcome: `Hold(attackBeatenOff|${NAMES.bde}, ${NAMES.acr}|2|HitsShared(3)|HitsShared(2))`,
    });
    // The defenders' 3 shared hits less the artillery's dropped share: 2, as the split editor says.
    expect(groundCombatText(heavy, i18n).outcome).toBe(`Hold(heavyFighting|${NAMES.bde}, ${NAMES.acr}|2|HitsEach(3)|HitsShared(2))`);
  });

  it("heads the card with the body's numbers: each shared side's hits are its split's total, whatever the die", () => {
    for (const die of [1, 2, 3, 4, 5, 6]) {
      const combat = resolveCombat(R, die);
      const headline = groundCombatText(combat, i18n).outcome;
      const hits = /\|(HitsEach\(\d+\)|HitsShared\(\d+\)|NoHits)\|(HitsEach\(\d+\)|HitsShared\(\d+\)|NoHits)\)$/.exec(headline);
      expect(hits, headline).not.toBeNull();
      const said = { attackers: hits![1]!, defenders: hits![2]! };
      const gc: GroundCombatCard = { plan: combat.plan, outcome: combat.outcome, splits: {} };
      for (const view of splitViews(gc)) expect(said[view.side], `die ${die}, ${view.side}`).toBe(`HitsShared(${view.total})`);
      // And every side's words add up to the hits its proposal gives its units.
      for (const side of ["attackers", "defenders"] as const) {
        const allocation = side === "attackers" ? combat.outcome.attackerHits : combat.outcome.defenderHits;
        const taken = allocation.proposal.reduce((sum, s) => sum + s.hits, 0);
        const each = /^HitsEach\((\d+)\)$/.exec(said[side]);
        const count = each !== null ? Number(each[1]) * allocation.proposal.length : Number(/(\d+)/.exec(said[side])?.[1] ?? 0);
        expect(count, `die ${die}, ${side}: ${said[side]}`).toBe(taken);
      }
    }
  });

  it("reads the minefield column and a retreat", () => {
    const mined = {
      plan: { ...beatenOff.plan, minefield: true },
      outcome: { ...beatenOff.outcome, band: "12-15" as const, result: { ...beatenOff.outcome.result, retreat: 2 } },
    };
    const text = groundCombatText(mined, i18n);
    expect(text.tableRow).toBe("Row(2|12–15|Mine)");
    expect(text.outcome).toMatch(/^Retreat\(attackBeatenOff\|.*\|Hexes\(2\)\)$/);
  });
});
