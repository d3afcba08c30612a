/** The pure parts of the Land War phase dialogs: world → rules input, form → state, template contexts. */
import { describe, expect, it } from "vitest";
import { hqAccess, hqsFor, inContact, sideAccess, sidesFor, terrainAt } from "../../../src/apps/land/world";
import { initialOrders, ordersFromForm, ordersInputs, ordersResolution } from "../../../src/apps/land/orders/state";
import { ordersContext, ordersEntryContext } from "../../../src/apps/land/orders/context";
import { initialResupply, resupplyFromForm, resupplyOffers, resupplyResolution } from "../../../src/apps/land/resupply/state";
import { mayRecoverNow, recoveryFromForm, recoveryResolution } from "../../../src/apps/land/recovery/state";
import { recoveryContext } from "../../../src/apps/land/recovery/context";
import { resupplyContext, resupplyEntryContext } from "../../../src/apps/land/resupply/context";
import {
  initialRearArea,
  rearAreaCard,
  rearAreaFromForm,
  rearAreaInputs,
  rearAreaResolution,
  targets,
} from "../../../src/apps/land/rear-area/state";
import { rearAreaContext } from "../../../src/apps/land/rear-area/context";
import { emptyMapStateFlag } from "../../../src/map/map-state";
import { smallMap } from "../../map/fixture";
import { demolitionContext } from "../../../src/apps/land/demolition/context";
import { demolitionFromForm, demolitionResolution, initialDemolition, mapBridges } from "../../../src/apps/land/demolition/state";
import { scriptedDice } from "../../../src/rules/dice";
import { field, i18n, specs, world, type Spec } from "./fixture";
import { unitSystem } from "../ground-combat/fixture";
import { phrase, type Refusal } from "../../../src/rules/resolution";
import { speak } from "../../../src/words/phrase";

const A = (id: string) => `Actor.${id}`;
const C = (id: string) => `Actor.h1.Item.${id}`;
const codes = (checked: { ok: boolean; refusals?: { code: string }[] }) => (checked.ok ? [] : checked.refusals!.map((r) => r.code));
/** Each refusal's phrase as the key-showing stand-in writes it: its key and data. */
const messages = (checked: { ok: boolean; refusals?: Refusal[] }) => (checked.ok ? [] : checked.refusals!.map((r) => speak(r.text, i18n)));

describe("who may act (world.ts)", () => {
  it("a player acts for the HQs they own and attacks for those HQs' side; a GM for all", () => {
    const player = world({ isGM: false, owned: [A("h1"), A("u1")] });
    expect(hqsFor(player).map((h) => h.id)).toEqual([A("h1")]);
    expect(hqAccess(player, A("h1"))).toEqual({ ok: true });
    expect(hqAccess(player, A("w0"))).toEqual({ ok: false, reason: "NOBC.Land.Refused.notYourHq", data: { hq: "1 GTA" } });
    expect(hqAccess(player, A("nope"))).toMatchObject({ ok: false, reason: "NOBC.Land.Refused.unknownHq" });
    expect(sidesFor(player)).toEqual(["nato"]);
    expect(sideAccess(player, "wp")).toMatchObject({
      ok: false,
      reason: "NOBC.Land.Refused.notYourSide",
      data: { side: phrase("NOBC.Side.wp") },
    });
    expect(sidesFor(world({ isGM: true }))).toEqual(["nato", "wp"]);
    expect(sidesFor(world({ isGM: false }))).toEqual([]);
  });

  it("reads terrain and contact from the map, and says nothing without one", () => {
    const w = world();
    expect(terrainAt(w.field, "0401")).toEqual(["city"]);
    expect(
      inContact(
        w.field,
        w.field.units.find((u) => u.id === A("w3"))!,
      ),
    ).toBe(true);
    expect(
      inContact(
        w.field,
        w.field.units.find((u) => u.id === A("w2"))!,
      ),
    ).toBe(false);
    const bare = field(specs(), null);
    expect(terrainAt(bare, "0401")).toBeUndefined();
    expect(inContact(bare, bare.units[0]!)).toBeUndefined();
  });
});

describe("Orders (seed 000, Land War QRS, 2. Orders)", () => {
  it("pre-fills each subordinate's mode from its marker, artillery in March Mode", () => {
    expect(initialOrders(field(), A("h1"))).toEqual({
      hq: A("h1"),
      modes: { [A("u1")]: "combat", [A("u2")]: "march", [A("u3")]: "combat" },
      minefields: {},
    });
  });

  it("refuses Combat Mode for a unit with no SP, with the rules' reason, and nothing else", () => {
    const checked = ordersResolution(field(), initialOrders(field(), A("h1")));
    expect(codes(checked)).toEqual(["noSupply"]);
  });

  it("charges 1 SP for every unit in Combat Mode (also one already in it) and lays the minefield", () => {
    const f = field();
    const state = ordersFromForm(f, initialOrders(f, A("h1")), { hq: A("h1"), [`mode:${A("u3")}`]: "march", [`mine:${C("e1")}`]: "0202" });
    const checked = ordersResolution(f, state);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.effects).toEqual([
      { type: "supply", actor: A("u1"), delta: -1 },
      { type: "mode", actor: A("u3"), mode: "march" },
      { type: "minefield", hex: "0202", present: true, side: "nato" },
      { type: "cardDiscarded", card: C("e1") },
    ]);
    expect(checked.value.outcome.supplySpent).toBe(1);
    expect(ordersInputs(f, state, i18n).map((l) => l.value)).toEqual(["I Corps", "PzBrig 1", "ArtBde 2, PzGrenBrig 3", "Pioniere → 0202"]);
  });

  it("refuses a minefield off the map, a card the HQ does not hold and a unit not under it, every reason at once", () => {
    const f = field();
    const state = {
      hq: A("h1"),
      modes: { [A("u1")]: "combat" as const, [A("w1")]: "march" as const },
      minefields: { [C("e1")]: "9999", [C("sig1")]: "0202" },
    };
    const refused = ordersResolution(f, state);
    expect(codes(refused)).toEqual(["notSubordinate", "hexOffMap", "cardNotHeld"]);
    expect(messages(refused)).toEqual([
      `NOBC.Land.Check.notSubordinate {"unit":"${A("w1")}","hq":"I Corps"}`,
      'NOBC.Land.Check.minefieldOffMap {"hex":"9999","card":"Pioniere"}',
      `NOBC.Land.Check.notMinefieldCard {"card":"${C("sig1")}","hq":"I Corps"}`,
    ]);
    const nowhere = ordersResolution(f, { hq: "Actor.nope", modes: {}, minefields: {} });
    expect([codes(nowhere), messages(nowhere)]).toEqual([["unknownHq"], ['NOBC.Land.Check.unknownHq {"hq":"Actor.nope"}']]);
  });

  it("an Engineer card lays its minefield in an empty hex within the HQ's radius; refused where mined, held by the enemy or too far", () => {
    const mines = (hexes: Record<string, string>, mapState?: unknown, radius = 3) => {
      const list: Spec[] = specs().map((s) => (s.id === "h1" ? { ...s, system: { ...(s.system as object), radius } } : s));
      const f = field(list, smallMap(), mapState);
      return ordersResolution(f, { hq: A("h1"), modes: {}, minefields: hexes });
    };
    // 0202 holds no unit; 0103 holds ArtBde 2 — both within 3 of I Corps (0102).
    const empty = mines({ [C("e1")]: "0202" });
    expect(empty.ok && empty.value.effects).toContainEqual({ type: "minefield", hex: "0202", present: true, side: "nato" });
    expect(mines({ [C("e1")]: "0103" }).ok).toBe(true);
    const mined = mines({ [C("e1")]: "0202" }, { ...emptyMapStateFlag(), mines: { "0202": { side: "nato" } } });
    expect(messages(mined)).toEqual(['NOBC.MapRules.alreadyMined {"hex":"0202","card":"Pioniere"}']);
    expect(codes(mines({ [C("e1")]: "0202", [C("ml1")]: "0202" }))).toEqual(["alreadyMined"]);
    expect(messages(mines({ [C("e1")]: "0201" }))).toEqual(['NOBC.MapRules.minefieldUnderEnemy {"hex":"0201","card":"Pioniere"}']);
    const far = mines({ [C("e1")]: "0402" }, undefined, 1);
    expect(messages(far)).toEqual([
      'NOBC.MapRules.minefieldBeyondRadius {"hex":"0402","card":"Pioniere","hq":"I Corps","radius":"1","distance":"3"}',
    ]);
    expect(mines({ [C("e1")]: "0202" }, undefined, 1).ok).toBe(true);
  });

  it("a new HQ in the form starts its orders afresh", () => {
    const f = field();
    expect(ordersFromForm(f, initialOrders(f, A("h1")), { hq: A("w0") }).modes).toEqual({
      [A("w1")]: "march",
      [A("w2")]: "march",
      [A("w3")]: "combat",
    });
  });

  it("the dialog's context shows each unit, the cost, the engineer cards and the refusals", () => {
    const view = ordersContext(world(), initialOrders(field(), A("h1")), i18n);
    expect(view.units.map((u) => [u.name, u.forced, u.combat, u.cost])).toEqual([
      ["PzBrig 1", false, true, 1],
      ["ArtBde 2", true, false, 0],
      ["PzGrenBrig 3", false, true, 1],
    ]);
    expect(view.cost).toBe(2);
    expect(view.cards.map((c) => c.name)).toEqual(["Pioniere", "Minenleger"]);
    expect(view.canPost).toBe(false);
    expect(view.refusals[0]).toBe(speak(phrase("NOBC.Rules.Land.Orders.Refusal.noSupply", { unit: "PzGrenBrig 3" }), i18n));
    expect(view.hqs.map((o) => [o.label, o.selected])).toEqual([
      ["I Corps", true],
      ["1 GTA", false],
    ]);
  });

  it("a unit whose Combat Mode was paid this turn (by its sheet's switch) costs nothing more in the dialog", () => {
    const view = ordersContext({ ...world(), combatPaid: new Set([A("u3")]) }, initialOrders(field(), A("h1")), i18n);
    expect(view.units.map((u) => [u.name, u.cost])).toEqual([
      ["PzBrig 1", 1],
      ["ArtBde 2", 0],
      ["PzGrenBrig 3", 0],
    ]);
    expect(view.cost).toBe(1);
    // Its 0 SP no longer refuses the orders: the preview and the card read the same paid set.
    expect(view.refusals).toEqual([]);
    expect(view.canPost).toBe(true);
  });

  it("entering Orders lists each HQ's units and what keeping their modes costs", () => {
    const view = ordersEntryContext(field());
    expect(view.hqs.map((h) => [h.name, h.cost])).toEqual([
      ["I Corps", 2],
      ["1 GTA", 1],
    ]);
    expect(view.hqs[0]!.units.map((u) => [u.name, u.mode, u.cost, u.stuck])).toEqual([
      ["PzBrig 1", "NOBC.Mode.combat", 1, false],
      ["ArtBde 2", "NOBC.Mode.march", 0, false],
      ["PzGrenBrig 3", "NOBC.Mode.combat", 1, true],
    ]);
  });
});

describe("Resupply (seed 000, Land War QRS, 6. Resupply)", () => {
  it("offers the HQ's own units with what each may take; the rules' reasons for the others; enemies left out", () => {
    const offers = resupplyOffers(field(), field().hqs[0]!);
    expect(offers.map((o) => [o.unit.name, o.eligible, o.room])).toEqual([
      ["PzBrig 1", true, 1],
      ["ArtBde 2", false, 0],
      ["PzGrenBrig 3", true, 2],
    ]);
    expect(offers[1]!.reasons.map((r) => r.code)).toContain("carriesNoSupply");
  });

  it("an autobahn cut on the scene gives no autobahn rate: a unit two autobahn hexes off is out of a radius of 1", () => {
    const list: Spec[] = specs().map((s) => (s.id === "h1" ? { ...s, system: { ...(s.system as object), radius: 1 } } : s));
    list.push({ id: "u9", name: "PzBrig 9", type: "unit", hex: "0302", system: unitSystem("nato", { hq: "Actor.h1", supply: 0 }) });
    const offer = (mapState?: unknown) => {
      const f = field(list, smallMap(), mapState);
      return resupplyOffers(f, f.hqs[0]!).find((o) => o.unit.name === "PzBrig 9")!;
    };
    expect(offer()).toMatchObject({ eligible: true, candidate: { distance: 2, autobahnHexes: 2 } });
    const cut = offer({ ...emptyMapStateFlag(), cutAutobahn: { "0202": true } });
    expect(cut).toMatchObject({ eligible: false, candidate: { distance: 2, autobahnHexes: 0 } });
  });

  it("without the map, a unit cannot be offered and says why", () => {
    const bare = field(specs(), null);
    const offers = resupplyOffers(bare, bare.hqs[0]!);
    expect(offers.every((o) => !o.eligible && o.candidate === null)).toBe(true);
    const offMap = 'NOBC.Land.Check.routeOffMap {"unit":"PzBrig 1","hq":"I Corps"}';
    const state = resupplyFromForm(initialResupply(A("h1")), { [`give:${A("u1")}`]: "1" });
    expect(resupplyContext(world({ terrain: null }), state, i18n).ineligible[0]!.reasons[0]).toBe(offMap);
    const refused = resupplyResolution(bare, state);
    expect(codes(refused)).toContain("noHex");
    expect(messages(refused)[0]).toBe(offMap);
  });

  it("hands out counters within the HQ's level as supply effects", () => {
    const state = resupplyFromForm(initialResupply(A("h1")), { hq: A("h1"), [`give:${A("u1")}`]: "1", [`give:${A("u3")}`]: 1 });
    const checked = resupplyResolution(field(), state);
    expect(checked.ok && checked.value.effects).toEqual([
      { type: "supply", actor: A("u1"), delta: 1 },
      { type: "supply", actor: A("u3"), delta: 1 },
    ]);
  });

  it("refuses more counters than the HQ's level, and over a unit's capacity, every reason", () => {
    const state = resupplyFromForm(initialResupply(A("h1")), { [`give:${A("u1")}`]: 2, [`give:${A("u3")}`]: 2 });
    expect(codes(resupplyResolution(field(), state))).toEqual(["overCapacity", "overAllocation"]);
    expect(codes(resupplyResolution(field(), { hq: "Actor.nope", allocation: {} }))).toEqual(["unknownHq"]);
  });

  it("the dialog and the entry card show counters = level, the offer, and the ineligible units", () => {
    const view = resupplyContext(
      world(),
      resupplyFromForm(initialResupply(A("h1")), { [`give:${A("u1")}`]: "1", [`give:${A("u3")}`]: "" }),
      i18n,
    );
    expect([view.counters, view.given, view.canPost]).toEqual([2, 1, true]);
    expect(view.offers.map((o) => [o.name, o.value])).toEqual([
      ["PzBrig 1", 1],
      ["PzGrenBrig 3", 0],
    ]);
    expect(view.ineligible.map((o) => o.name)).toEqual(["ArtBde 2"]);
    expect(resupplyFromForm(initialResupply(A("h1")), { hq: A("w0") })).toEqual(initialResupply(A("w0")));
    const entry = resupplyEntryContext(field(), i18n);
    expect(entry.hqs.map((h) => [h.name, h.counters, h.units.map((u) => `${u.name}:${u.room}`), h.others])).toEqual([
      ["I Corps", 2, ["PzBrig 1:1", "PzGrenBrig 3:2"], 1],
      ["1 GTA", 3, ["MRD 1:2", "TD 2:2", "MRD 3:2"], 0],
    ]);
  });
});

describe("HQ recovery (seed 000, Land War QRS, 6. HQ Recovery)", () => {
  it("+1, +1 per Signals card played; may recover read from the map's country", () => {
    const state = recoveryFromForm({ hq: A("h1"), cards: [] }, { [`play:${C("sig1")}`]: true });
    const checked = recoveryResolution(field(), state);
    expect(checked.ok && checked.value.effects).toEqual([
      { type: "hqLevel", actor: A("h1"), delta: 2 },
      { type: "cardDiscarded", card: C("sig1") },
    ]);
    expect(recoveryFromForm(state, { [`play:${C("sig1")}`]: false }).cards).toEqual([]);
    expect(recoveryFromForm(state, { hq: A("w0") })).toEqual({ hq: A("w0"), cards: [] });
  });

  it("a Warsaw Pact HQ in West Germany recovers nothing; without a token its own flag decides", () => {
    const list = specs().map((s) => (s.id === "w0" ? { ...s, hex: "0203" } : s));
    const f = field(list);
    expect(mayRecoverNow(f, f.hqs[1]!)).toEqual({ mayRecover: false, fromMap: true });
    const off = field(specs().map((s) => (s.id === "w0" ? { ...s, hex: undefined } : s)));
    expect(mayRecoverNow(off, off.hqs[1]!)).toEqual({ mayRecover: true, fromMap: false });
    const view = recoveryContext(world({ list }), { hq: A("w0"), cards: [] }, i18n);
    expect([view.mayRecover, view.canPost]).toEqual([false, true]);
  });

  it("refuses a card the HQ does not hold, and a wrong card with the rules' reason", () => {
    const notHeld = recoveryResolution(field(), { hq: A("h1"), cards: ["Item.x"] });
    expect([codes(notHeld), messages(notHeld)]).toEqual([
      ["cardNotHeld"],
      ['NOBC.Land.Check.cardNotHeld {"card":"Item.x","hq":"I Corps"}'],
    ]);
    expect(codes(recoveryResolution(field(), { hq: A("h1"), cards: [C("e1")] }))).toEqual(["wrongCard"]);
    expect(codes(recoveryResolution(field(), { hq: "Actor.nope", cards: [] }))).toEqual(["unknownHq"]);
    const view = recoveryContext(world(), { hq: A("h1"), cards: [C("sig1")] }, i18n);
    expect(view.cards.map((c) => [c.name, c.played])).toEqual([["Fernmelder", true]]);
  });
});

describe("Rear-area attacks (seed 000, Land War QRS, 3. Rear Area Attacks)", () => {
  const attack = () =>
    rearAreaFromForm(initialRearArea("nato"), {
      side: "nato",
      target: A("w2"),
      ident0: C("int1"),
      ident1: C("rec1"),
      [`strike:${A("s1")}`]: true,
      [`strike:${C("ssm1")}`]: "on",
      [`strike:${C("sf1")}`]: false,
      [`chem:${A("s1")}`]: "",
    });

  it("offers enemy HQs and units out of contact as targets", () => {
    expect(targets(world(), "nato").map((t) => t.name)).toEqual(["1 GTA", "MRD 1", "TD 2"]);
  });

  it("a division in March Mode in a city: strikes + die, halved, then doubled; each face shown before the roll", () => {
    const view = rearAreaContext(world(), attack(), i18n);
    expect(view.refusals).toEqual([]);
    expect(view.lines.map((l) => l.value)).toEqual([3, 3]);
    expect(view.targetTerrain).toBe("NOBC.Rules.Land.Terrain.city");
    // (6 + face) halved, then doubled: 6, 8, 8, 10, 10, 12.
    expect(view.faces.map((f) => f.score)).toEqual([6, 8, 8, 10, 10, 12]);
    expect(view.faces[0]!.result).toBe('NOBC.Land.Rear.ResultUnit.other {"count":"3"}');
    const checked = rearAreaResolution(world(), attack(), scriptedDice([6]));
    expect(checked.ok && checked.value.outcome.score).toBe(12);
    expect(rearAreaInputs(world(), attack(), i18n).map((l) => l.value)).toEqual([
      "NOBC.Side.nato",
      "TD 2 (0401)",
      "NOBC.Rules.Land.Terrain.city",
      "Fernspäher, RF-4E Recce",
      "JaBoG 31, Lance",
    ]);
    // The card keeps what the two cards identified: the target's hex, for the attacker (double-blind knowledge on Apply).
    const card = rearAreaCard(world(), attack(), scriptedDice([6]), i18n);
    expect(card.ok && card.value.identifies).toEqual({ side: "nato", hex: "0401", cards: [C("int1"), C("rec1")] });
  });

  it("refuses a unit in contact, a missing identification card and an unreleased chemical card, every reason", () => {
    const state = { ...attack(), target: A("w3"), identification: [C("int1"), ""] as const, strikes: { [A("s1")]: C("cw1") } };
    expect(codes(rearAreaResolution(world(), state, scriptedDice([1])))).toEqual([
      "identificationCount",
      "targetInContact",
      "releaseNotConfirmed",
    ]);
    const none = rearAreaResolution(world(), { ...state, target: "" }, scriptedDice([1]));
    expect([codes(none), messages(none)]).toEqual([["noTarget"], ["NOBC.Land.Check.noRearTarget"]]);
    const offMap = rearAreaResolution(world({ terrain: null }), attack(), scriptedDice([1]));
    expect([codes(offMap), messages(offMap)]).toEqual([["noHex"], ['NOBC.Land.Check.rearTargetOffMap {"target":"TD 2"}']]);
    const gone = rearAreaResolution(world(), { ...attack(), target: "Actor.gone" }, scriptedDice([1]));
    expect(messages(gone)).toEqual(['NOBC.Land.Check.unknownRearTarget {"target":"Actor.gone"}']);
    const strikes = rearAreaResolution(world(), { ...attack(), strikes: { [C("sf1")]: C("cw1"), "Item.zz": "" } }, scriptedDice([1]));
    expect(codes(strikes)).toEqual(["chemicalPairing", "unknownStrike"]);
    expect(messages(strikes)).toEqual([
      'NOBC.Land.Check.chemicalPairing {"strike":"KSK Team"}',
      'NOBC.Land.Check.unknownStrike {"strike":"Item.zz"}',
    ]);
    const cards = rearAreaResolution(
      world(),
      { ...attack(), identification: ["Item.x", C("rec1")], strikes: { [A("s1")]: "Item.y" } },
      scriptedDice([1]),
    );
    expect(messages(cards)).toEqual(['NOBC.Land.Check.notIdentifier {"card":"Item.x"}', 'NOBC.Land.Check.notChemical {"card":"Item.y"}']);
  });

  it("an HQ target shows boxes and cards lost", () => {
    const state = { ...attack(), target: A("w0") };
    const view = rearAreaContext(world(), state, i18n);
    expect(view.faces[5]!.result).toBe(
      `NOBC.Land.Rear.ResultHq ${JSON.stringify({ boxes: 'NOBC.Land.Rear.Boxes.one {"count":"1"}', cards: 'NOBC.Land.Rear.Cards.one {"count":"1"}' })}`,
    );
    expect(rearAreaFromForm(state, { side: "wp" })).toEqual(initialRearArea("wp"));
  });
});

describe("Bridge demolition (seed 000, Land War QRS, 3. Bridge Demolition)", () => {
  it("lists the map's bridges", () => {
    expect(mapBridges(field())).toEqual([{ hexside: "0101|0201", kind: "minor", name: "Brook 0101–0201" }]);
    expect(mapBridges(field(specs(), null))).toEqual([]);
  });

  it("a bridge destroyed on the scene is never offered again, neither from the map nor by hand", () => {
    const mapState = { ...emptyMapStateFlag(), destroyedBridges: { "0101|0201": true } };
    expect(mapBridges(field(specs(), smallMap(), mapState))).toEqual([]);
    const w = world({ turn: 1, mapState });
    const picked = demolitionResolution(w, { ...initialDemolition(w, A("h1")), by: { "0101|0201": C("e1") } }, scriptedDice([]));
    expect(codes(picked)).toContain("bridgeDestroyed");
    const byHand = demolitionFromForm(w, initialDemolition(w, A("h1")), { manualHexside: "0201-0101", manualBy: C("e1") });
    const typed = demolitionResolution(w, byHand, scriptedDice([]));
    expect([codes(typed), messages(typed)]).toEqual([
      ["bridgeDestroyed", "noAttempt"],
      ['NOBC.MapRules.bridgeDestroyed {"a":"0201","b":"0101"}', "NOBC.Land.Check.noAttempt"],
    ]);
    // The same hand-named bridge standing is accepted.
    const standing = world({ turn: 1 });
    expect(
      demolitionResolution(
        standing,
        demolitionFromForm(standing, initialDemolition(standing, A("h1")), { manualHexside: "0201-0101", manualBy: C("e1") }),
        scriptedDice([]),
      ).ok,
    ).toBe(true);
  });

  it("NATO engineers: turn 0 rolls 3+ for a minor bridge, from turn 1 it goes without a roll", () => {
    const w0 = world({ turn: 0 });
    const state = demolitionFromForm(w0, initialDemolition(w0, A("h1")), { "by:0101|0201": C("e1") });
    const view = demolitionContext(w0, state, i18n);
    expect(view.chances).toEqual([
      { bridge: "0101|0201", by: "Pioniere", chance: 'NOBC.Land.Demolition.AtLeast {"value":"3","faces":"4"}' },
    ]);
    expect(view.turnZero).toBe(true);
    const rolled = demolitionResolution(w0, state, scriptedDice([3]));
    expect(rolled.ok && rolled.value.effects).toEqual([{ type: "bridgeDestroyed", hexside: "0101|0201" }]);
    const w1 = world({ turn: 1 });
    expect(demolitionContext(w1, state, i18n).chances[0]!.chance).toBe("NOBC.Land.Demolition.Automatic");
  });

  it("without a turn tracker the turn is asked for; a missing turn is refused", () => {
    const w = world({ turn: null });
    const state = demolitionFromForm(w, initialDemolition(w, A("h1")), { "by:0101|0201": C("e1"), turn: "" });
    const noTurn = demolitionResolution(w, state, scriptedDice([6]));
    expect([codes(noTurn), messages(noTurn)]).toEqual([["noTurn"], ["NOBC.Land.Check.noTurn"]]);
    expect(demolitionContext(w, state, i18n).askTurn).toBe(true);
    const typed = demolitionFromForm(w, state, { turn: "2" });
    expect(demolitionResolution(w, typed, scriptedDice([])).ok).toBe(true);
  });

  it("Warsaw Pact divisions next to the bridge, and air units rolling at or under their deep-strike value", () => {
    const w = world();
    const wp = demolitionFromForm(w, initialDemolition(w), { means: "wpDivisions" });
    expect(demolitionContext(w, wp, i18n).bridges[0]!.by.map((o) => o.label)).toEqual(["NOBC.Land.None", "MRD 3"]);
    const chosen = demolitionFromForm(w, wp, { "by:0101|0201": A("w3") });
    expect(demolitionContext(w, chosen, i18n).chances[0]!.chance).toBe("NOBC.Land.Demolition.Automatic");
    const air = demolitionFromForm(w, demolitionFromForm(w, initialDemolition(w), { means: "air" }), { "by:0101|0201": A("s1") });
    expect(demolitionContext(w, air, i18n).chances[0]!.chance).toBe('NOBC.Land.Demolition.AtMost {"value":"2","faces":"2"}');
    const missed = demolitionResolution(w, air, scriptedDice([3]));
    expect(missed.ok && missed.value.outcome.total).toBe(0);
  });

  it("a hexside named by hand: read against the map, refused where no bridge stands", () => {
    const w = world();
    const base = initialDemolition(w, A("h1"));
    const noBridge = demolitionFromForm(w, base, { manualHexside: "0202-0303", manualBy: C("e1") });
    const none = demolitionResolution(w, noBridge, scriptedDice([6]));
    expect(codes(none)).toEqual(["noBridge", "noAttempt"]);
    expect(messages(none)).toEqual(['NOBC.Land.Check.noBridge {"a":"0202","b":"0303"}', "NOBC.Land.Check.noAttempt"]);
    const bad = demolitionFromForm(w, base, { manualHexside: "0101", manualBy: C("e1") });
    const badRefused = demolitionResolution(w, bad, scriptedDice([6]));
    expect(codes(badRefused)).toEqual(["badHexside", "noAttempt"]);
    expect(messages(badRefused)[0]).toBe('NOBC.Land.Check.badHexside {"hexside":"0101"}');
    const apart = demolitionFromForm(w, base, { manualHexside: "0101|0404", manualBy: C("e1") });
    expect(messages(demolitionResolution(w, apart, scriptedDice([6])))[0]).toBe('NOBC.Land.Check.notNeighbours {"a":"0101","b":"0404"}');
    const bare = world({ terrain: null });
    const byHand = demolitionFromForm(bare, initialDemolition(bare), { means: "air" });
    const manual = demolitionFromForm(bare, byHand, { manualHexside: "0202|0303", manualKind: "major", manualBy: A("s1") });
    const rolled = demolitionResolution(bare, manual, scriptedDice([1]));
    expect(rolled.ok && rolled.value.outcome.destroyed).toEqual(["0202|0303"]);
  });

  it("refuses a card of another HQ or a side the user does not hold", () => {
    const player = world({ isGM: false, owned: [A("h1")] });
    const wp = demolitionFromForm(player, initialDemolition(player), { means: "wpDivisions", "by:0101|0201": A("w3") });
    expect(demolitionContext(player, wp, i18n).canPost).toBe(false);
    const nato = demolitionFromForm(player, initialDemolition(player, A("h1")), { "by:0101|0201": "Item.other" });
    const notMine = demolitionResolution(player, nato, scriptedDice([6]));
    expect([codes(notMine), messages(notMine)]).toEqual([["unknownDemolisher"], ['NOBC.Land.Check.notEngineerCard {"name":"Item.other"}']]);
    const noHq = demolitionFromForm(player, { ...initialDemolition(player, A("h1")), hq: "" }, { "by:0101|0201": C("e1") });
    expect(messages(demolitionResolution(player, noHq, scriptedDice([6])))).toContain("NOBC.Land.Check.noEngineerHq");
  });
});
