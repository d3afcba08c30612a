import { describe, expect, it } from "vitest";
import {
  checkSorties,
  combatOutstanding,
  defaultSelection,
  onMission,
  sortieCard,
  sortieFromForm,
  sortieProblems,
  sortieState,
  statusText,
  zoneStatus,
} from "../../../../src/apps/air/battle/sorties/state";
import { sortieContext } from "../../../../src/apps/air/battle/sorties/context";
import type { Squadron } from "../../../../src/rules/nobc/air/index";
import { battle, card, i18n, squadron, world } from "./fixtures";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

const cas = (n: number, over: Partial<Squadron> = {}) => Array.from({ length: n }, (_, i) => squadron(`cas${i}`, { box: "cas", ...over }));

describe("the status the allotment comes from", () => {
  it("is worked out from the fighters now in the zone's air superiority box", () => {
    expect(zoneStatus(world(battle()), "North")).toEqual({ level: "contested", winner: null, nato: 2, wp: 2 });
    const lopsided = battle().map((s) => (s.id === "Actor.mig23" || s.id === "Actor.mig29" ? { ...s, box: "damaged" as const } : s));
    expect(zoneStatus(world(lopsided), "North")).toMatchObject({ level: "supremacy", winner: "nato" });
  });

  it("reads the status in words, with or without a winner", () => {
    const wp = (count: number) => phrase("NOBC.AirBattle.WpFighters", { count });
    expect(statusText({ level: "contested", winner: null, nato: 1, wp: 1 }, i18n)).toBe(
      speak(phrase("NOBC.AirBattle.StatusNoWinner", { level: phrase("NOBC.AirBattle.Level.contested"), nato: 1, wp: wp(1) }), i18n),
    );
    expect(statusText({ level: "superiority", winner: "wp", nato: 1, wp: 2 }, i18n)).toBe(
      speak(
        phrase("NOBC.AirBattle.StatusWinner", {
          level: phrase("NOBC.AirBattle.Level.superiority"),
          nato: 1,
          wp: wp(2),
          side: phrase("NOBC.Side.wp"),
        }),
        i18n,
      ),
    );
  });
});

describe("choosing sorties", () => {
  it("selects by default as many as the allotment allows, Recce/EW apart (contested loser: 6 CAS, 3 Recce/EW)", () => {
    const many = [...cas(8), ...Array.from({ length: 4 }, (_, i) => squadron(`rf${i}`, { box: "recce", recce: true }))];
    const picked = defaultSelection(many, { level: "contested", winner: null }, "nato");
    expect(picked).toHaveLength(9);
    expect(picked.filter((id) => id.startsWith("Actor.rf"))).toHaveLength(3);
  });

  it("lists the side's squadrons on ground missions of the zone only", () => {
    expect(onMission(world(battle()), "nato", "North").map((s) => s.id)).toEqual(["Actor.a10", "Actor.rf4"]);
    expect(onMission(world(battle()), "wp", "North").map((s) => s.id)).toEqual(["Actor.su25"]);
  });

  it("reads the ticks, and refuses more than the allotment with the rules' reason", () => {
    const w = world([...battle(), ...cas(7)]);
    const start = sortieState(w, { side: "nato", zone: "North" });
    expect(start.selected).toHaveLength(7); // 6 CAS + 1 Recce
    const all = sortieFromForm(w, start, Object.fromEntries(onMission(w, "nato", "North").map((_, i) => [`fly-${i}`, true])));
    expect(all.selected).toHaveLength(9);
    const checked = checkSorties(w, all);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.refusals.map((r) => r.code)).toEqual(["tooManyCas"]);
    const none = sortieFromForm(w, start, Object.fromEntries(onMission(w, "nato", "North").map((_, i) => [`fly-${i}`, false])));
    expect(none.selected).toEqual([]);
    expect(sortieFromForm(w, start, {}).selected).toEqual(start.selected);
    expect(sortieFromForm(w, start, { side: "wp" }).selected).toEqual(["Actor.su25"]);
  });

  it("a player must own every squadron of the choice", () => {
    const p = world(battle(), { isGM: false, owned: new Set(["Actor.a10"]) });
    expect(sortieProblems(p, sortieState(p, { side: "nato", zone: "North" }), i18n)).toEqual([
      'NOBC.AirBattle.Refused.notOwned {"name":"rf4"}',
    ]);
  });
});

describe("the sortie dialog's context and card", () => {
  const w = world(battle());
  const state = sortieFromForm(w, sortieState(w, { side: "nato", zone: "North" }), { "fly-1": false });

  it("shows the status, the allotment, the rows ticked and the rules' breakdown", () => {
    const view = sortieContext(w, state, i18n);
    expect(view.status).toContain("StatusNoWinner");
    expect(view.allotment).toContain('"cas":"6"');
    expect(view.rows.map((r) => [r.name, r.checked, r.recceEw])).toEqual([
      ["a10", true, false],
      ["rf4", false, true],
    ]);
    expect(view.breakdown?.rows.map((r) => r.valueText)).toHaveLength(4);
    expect(view.canPost).toBe(true);
    expect(view.outstanding).toBe(false);
  });

  it("warns while a complete line-up's combat is not applied", () => {
    const bouts = [
      { wp: "Actor.mig29", nato: "Actor.f15" },
      { wp: "Actor.mig23", nato: "Actor.f16" },
    ];
    const lineUp = card({ kind: "lineUp", zone: "North", wpLine: ["Actor.mig29", "Actor.mig23"], natoOpposite: [], bouts }, "pending", "L");
    expect(combatOutstanding(world(battle(), { records: [lineUp] }), "North")).toBe(true);
    const fought = card({ kind: "airCombat", zone: "North", lineUp: "L" }, "applied");
    expect(combatOutstanding(world(battle(), { records: [lineUp, fought] }), "North")).toBe(false);
  });

  it("with nothing on a mission, nothing can be posted", () => {
    const view = sortieContext(w, sortieState(w, { side: "wp", zone: "South" }), i18n);
    expect(view.rows).toEqual([]);
    expect(view.canPost).toBe(false);
  });

  it("the card records who flies and who is intercepted, with the status", () => {
    const checked = checkSorties(w, state);
    if (!checked.ok) throw new Error("refused");
    const c = sortieCard(w, state, checked.value.outcome, i18n);
    expect(c.record).toEqual({
      kind: "sorties",
      zone: "North",
      side: "nato",
      status: { level: "contested", winner: null },
      flying: ["Actor.a10"],
      intercepted: ["Actor.rf4"],
    });
    expect(c.inputs.map((i) => i.value)).toEqual([expect.stringContaining("StatusNoWinner"), "a10", "rf4"]);
    expect(c.outcome).toBe(
      speak(
        phrase("NOBC.AirBattle.Sorties.Outcome", { flying: phrase("NOBC.AirBattle.Sorties.FlyCount", { count: 1 }), intercepted: 1 }),
        i18n,
      ),
    );
    const none = sortieCard(w, { ...state, selected: [] }, { allotment: { cas: 6, recceEw: 3 }, flying: [], intercepted: [] }, i18n);
    expect(none.inputs[1]!.value).toBe("NOBC.AirBattle.None");
  });
});
