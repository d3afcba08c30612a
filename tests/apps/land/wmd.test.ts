/** Nuclear and ADM cards: the dialog's checks against the map and the rules, pure (src/apps/land/wmd/state.ts). */
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { battlefield } from "../../../src/world/battlefield";
import type { LandWorld } from "../../../src/apps/land/world";
import { initialWmd, weaponCards, wmdCard, wmdFromForm, wmdHolds, wmdResolution, type WmdState } from "../../../src/apps/land/wmd/state";
import { wmdContext } from "../../../src/apps/land/wmd/context";
import { at, i18n, world, worldActors } from "./fixture";
import { smallMap } from "../../map/fixture";
import { ADM, ADM2, INT, NUC, NUC_WP, RECCE, wmdSpecs } from "./wmd-fixture";

const gmWorld = (extra: Partial<LandWorld> = {}): LandWorld => ({ ...world({ list: wmdSpecs() }), ...extra });
const nuclear = (over: Partial<WmdState> = {}): WmdState => ({
  card: NUC,
  target: "nuclear",
  hex: "0302",
  otherHex: "",
  identification: [INT, RECCE],
  ...over,
});
const adm = (over: Partial<WmdState>): WmdState => ({
  card: ADM,
  target: "admBridges",
  hex: "",
  otherHex: "",
  identification: ["", ""],
  ...over,
});
const codes = (checked: { ok: boolean; refusals?: readonly { code: string; field?: string }[] }) =>
  checked.ok ? [] : checked.refusals!.map((r) => `${r.code}@${r.field ?? ""}`);

/** The world with this map state on the scene. */
function withMapState(state: object): LandWorld {
  const list = wmdSpecs();
  const field = battlefield({
    actors: worldActors(list),
    tokens: list.filter((s) => s.hex !== undefined).map((s) => ({ actor: `Actor.${s.id}`, ...at(s.hex!) })),
    gridSize: 100,
    terrain: smallMap(),
    mapState: { format: "nobc-map-state/1", mines: {}, contaminated: {}, destroyedBridges: {}, cutAutobahn: {}, ...state },
  });
  return { ...gmWorld(), field };
}

describe("nuclear strike", () => {
  it("released by Control on an identified hex: 2d6 hits on every unit there, its supply and the hex's counters gone, contaminated, card spent", () => {
    const checked = wmdCard(gmWorld(), nuclear(), scriptedDice([1, 2]), i18n, true);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const card = checked.value;
    expect(card.resolution.rolls).toEqual([1, 2]);
    expect(card.resolution.effects).toEqual([
      { type: "hits", actor: "Actor.w1", amount: 3 },
      { type: "supplyCountersEliminated", hexes: ["0302"] },
      { type: "supply", actor: "Actor.w1", delta: -1 },
      { type: "contaminated", hex: "0302" },
      { type: "cardDiscarded", card: NUC },
    ]);
    expect(card.title).toBe('NOBC.Land.Wmd.CardTitle.nuclear {"target":"NOBC.Land.Wmd.TargetText.nuclear {\\"hex\\":\\"0302\\"}"}');
    expect(card.outcome).toContain("NOBC.Land.Wmd.NuclearOutcome");
    expect(card.inputs!.map((l) => l.value)).toEqual(["I Corps", "W-79", expect.stringContaining("0302"), "Fernspäher, RF-4E Recce"]);
  });

  it("hits past a unit's strength eliminate it", () => {
    const checked = wmdResolution(gmWorld(), nuclear(), scriptedDice([6, 6]), true);
    expect(checked.ok && checked.value.effects.slice(0, 2)).toEqual([
      { type: "hits", actor: "Actor.w1", amount: 4 },
      { type: "eliminated", actor: "Actor.w1" },
    ]);
  });

  it("without Control's release it is refused, naming the release", () => {
    expect(codes(wmdResolution(gmWorld(), nuclear(), scriptedDice([3, 4]), false))).toEqual(["releaseNotConfirmed@umpireConfirmed"]);
  });

  it("needs two identification cards of the side: one, or an engineer card, is refused naming the field", () => {
    expect(codes(wmdResolution(gmWorld(), nuclear({ identification: [INT, ""] }), scriptedDice([1, 1]), true))).toEqual([
      "identificationCount@identification",
    ]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ identification: [INT, "Actor.h1.Item.e1"] }), scriptedDice([1, 1]), true))).toEqual([
      "unknownCard@identification.1",
    ]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ identification: [INT, INT] }), scriptedDice([1, 1]), true))).toEqual([
      "cardReused@identification[1].id",
    ]);
  });

  it("a card of the other side is refused (wrong side); a hex with no enemy, off the map or not a label is refused", () => {
    expect(codes(wmdResolution(gmWorld(), nuclear({ card: NUC_WP }), scriptedDice([1, 1]), true))).toEqual(["wrongSide@card.side"]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ hex: "0101" }), scriptedDice([1, 1]), true))).toEqual(["noTarget@unitsInHex"]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ hex: "0909" }), scriptedDice([1, 1]), true))).toEqual(["offMap@hex"]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ hex: "x; 1" }), scriptedDice([1, 1]), true))).toEqual(["badHex@hex"]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ hex: "" }), scriptedDice([1, 1]), true))).toEqual(["missingHex@hex"]);
  });

  it("a card no HQ of the user's holds is refused (a player of the other side sees none of them)", () => {
    const wp = gmWorld({ isGM: false, owned: new Set(["Actor.w0"]) });
    expect(weaponCards(wp)).toEqual([]);
    expect(codes(wmdResolution(wp, nuclear(), scriptedDice([1, 1]), true))).toEqual(["unknownCard@card"]);
    const nato = gmWorld({ isGM: false, owned: new Set(["Actor.h1"]) });
    expect(weaponCards(nato).map((c) => c.id)).toEqual([NUC, ADM, ADM2, NUC_WP]);
  });

  it("a scene without terrain refuses: the target cannot be checked", () => {
    const bare = { ...gmWorld(), field: world({ list: wmdSpecs(), terrain: null }).field };
    expect(codes(wmdResolution(bare, nuclear(), scriptedDice([1, 1]), true))).toEqual(["noMap@hex"]);
  });
});

describe("ADM", () => {
  it("destroys the bridges of one bridged hexside without a roll, contaminating both hexes; the card is spent", () => {
    const checked = wmdCard(gmWorld(), adm({ hex: "0201", otherHex: "0101" }), scriptedDice([]), i18n, true);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.resolution.rolls).toEqual([]);
    expect(checked.value.resolution.effects).toEqual([
      { type: "bridgeDestroyed", hexside: "0101|0201" },
      { type: "contaminated", hex: "0201" },
      { type: "contaminated", hex: "0101" },
      { type: "cardDiscarded", card: ADM },
    ]);
  });

  it("refuses a hexside with no bridge (an unbridged river, no river, not neighbours) or whose bridge is already destroyed", () => {
    const dice = scriptedDice([]);
    expect(codes(wmdResolution(gmWorld(), adm({ hex: "0202", otherHex: "0303" }), dice, true))).toEqual(["noBridge@otherHex"]);
    expect(codes(wmdResolution(gmWorld(), adm({ hex: "0102", otherHex: "0202" }), dice, true))).toEqual(["noBridge@otherHex"]);
    expect(codes(wmdResolution(gmWorld(), adm({ hex: "0101", otherHex: "0303" }), dice, true))).toEqual(["noBridge@otherHex"]);
    expect(codes(wmdResolution(gmWorld(), adm({ hex: "0101", otherHex: "9999" }), dice, true))).toEqual(["offMap@otherHex"]);
    const blown = withMapState({ destroyedBridges: { "0101|0201": true } });
    expect(codes(wmdResolution(blown, adm({ hex: "0101", otherHex: "0201" }), dice, true))).toEqual(["noBridge@otherHex"]);
  });

  it("cuts the autobahn in one hex; a hex with no autobahn, or one already cut, is refused", () => {
    const checked = wmdResolution(gmWorld(), adm({ target: "admAutobahn", hex: "0202" }), scriptedDice([]), true);
    expect(checked.ok && checked.value.effects).toEqual([
      { type: "autobahnCut", hex: "0202" },
      { type: "contaminated", hex: "0202" },
      { type: "cardDiscarded", card: ADM },
    ]);
    expect(codes(wmdResolution(gmWorld(), adm({ target: "admAutobahn", hex: "0101" }), scriptedDice([]), true))).toEqual([
      "noAutobahn@hex",
    ]);
    const cut = withMapState({ cutAutobahn: { "0202": true } });
    expect(codes(wmdResolution(cut, adm({ target: "admAutobahn", hex: "0202" }), scriptedDice([]), true))).toEqual(["autobahnCut@hex"]);
  });

  it("without release, or with a nuclear target, an ADM is refused by the rules", () => {
    expect(codes(wmdResolution(gmWorld(), adm({ hex: "0101", otherHex: "0201" }), scriptedDice([]), false))).toEqual([
      "releaseNotConfirmed@umpireConfirmed",
    ]);
    expect(codes(wmdResolution(gmWorld(), nuclear({ card: ADM }), scriptedDice([1, 1]), true))).toEqual([
      "wrongCardCategory@card.category",
    ]);
  });
});

describe("the dialog's state and view", () => {
  it("opens on the card's first target; another card starts afresh keeping the hex; the form sets the rest", () => {
    const w = gmWorld();
    const start = initialWmd(
      weaponCards(w).find((c) => c.id === ADM),
      "0202",
    );
    expect(start).toEqual({ card: ADM, target: "admBridges", hex: "0202", otherHex: "", identification: ["", ""] });
    const next = wmdFromForm(start, { target: "admAutobahn", otherHex: "0303" }, w);
    expect(next).toEqual({ ...start, target: "admAutobahn", otherHex: "0303" });
    expect(wmdFromForm(next, { card: NUC }, w)).toEqual({
      card: NUC,
      target: "nuclear",
      hex: "0202",
      otherHex: "",
      identification: ["", ""],
    });
    expect(wmdFromForm(start, { target: "everything" }, w).target).toBe("admBridges");
  });

  it("shows the refusals before anything is sent, and what an ADM writes once released", () => {
    const refused = wmdContext(gmWorld(), nuclear({ identification: ["", ""] }), i18n);
    expect(refused.canPost).toBe(false);
    expect(refused.refusals).toHaveLength(1);
    expect(refused.targets.map((t) => t.value)).toEqual(["nuclear"]);
    const view = wmdContext(gmWorld(), adm({ hex: "0101", otherHex: "0201" }), i18n);
    expect(view.canPost).toBe(true);
    expect(view.bridges).toBe(true);
    expect(view.preview!.effects.length).toBeGreaterThan(0);
  });

  it("holds the weapon card and the identifying cards, so a card is released once", () => {
    expect(wmdHolds(gmWorld(), nuclear()).holds).toEqual([`card:${NUC}`, `card:${INT}`, `card:${RECCE}`]);
    expect(wmdHolds(gmWorld({ turn: null }), nuclear()).holds).toBeUndefined();
    expect(wmdHolds(gmWorld(), adm({ identification: [INT, ""] })).holds).toEqual([`card:${ADM}`]);
  });
});
