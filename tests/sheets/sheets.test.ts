import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { registerSheets, SHEETS, touchesLinks } from "../../src/sheets/register";
import { AirbaseSheet, AirSquadronSheet, HqSheet, NqmUnitSheet, UnitSheet } from "../../src/sheets/sheets";
import { modeChangeAllowed, trackValue } from "../../src/sheets/actions";
import { nqmUnitSheetContext } from "../../src/sheets/context/nqm-unit";
import { nqmRifleCompany } from "../gallery/nqm";
import { clampPools, nqmUnitSafe } from "../../src/sheets/form-data";
import { turn } from "../../src/rules/index";
import { TEMPLATES } from "../../src/view/paths";
import { phrase } from "../../src/rules/resolution";
import { speak } from "../../src/words/phrase";
import { keyWording } from "../harness/wording";
import { requestCardAction } from "../../src/queries/register";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { MODE } from "../../src/apps/land/dialogs";
import { REPAIR } from "../../src/apps/air/missions/dialogs";

type Raw = Record<string, unknown>;
type Handler = (this: unknown, event: Event, target: HTMLElement) => Promise<void> | void;

const button = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;
const click = (options: { actions: Record<string, unknown> }, name: string, sheet: unknown, dataset: Record<string, string> = {}) =>
  (options.actions[name] as Handler).call(sheet, new Event("click"), button(dataset));

function unitSystem(overrides: Raw = {}): Raw {
  return {
    side: "nato",
    nationality: "us",
    hq: null,
    size: "brigade",
    arm: "armour",
    strength: { value: 4, max: 6 },
    supply: 1,
    mode: "march",
    minelaying: false,
    noMove: false,
    movementPoints: 6,
    overrunCost: { mp: null, hits: null },
    notes: "<p>n</p>",
    supplyCapacity: 2,
    forcedMarch: false,
    movementAllowance: 6,
    ...overrides,
  };
}

function hqSystem(overrides: Raw = {}): Raw {
  return {
    side: "nato",
    nationality: "us",
    echelon: "corps",
    level: { value: 3, max: 4 },
    radius: 4,
    supplyCounters: 2,
    mayRecover: true,
    parent: null,
    initiative: false,
    notes: "",
    ...overrides,
  };
}

function squadronSystem(overrides: Raw = {}): Raw {
  return {
    side: "nato",
    nationality: "us",
    aircraft: "F-15C",
    role: "airSuperiority",
    airToAir: 5,
    cas: 0,
    deepStrike: 0,
    weapons: [],
    range: 1,
    recce: false,
    ew: false,
    harrier: false,
    box: "damaged",
    airbase: null,
    airZone: "A",
    ...overrides,
  };
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("registerSheets", () => {
  it("registers one default sheet per subtype, labelled with an existing lang key", async () => {
    registerSheets();
    const rows = sheetsFake.registered.map((r) => [
      r.documentClass === Actor ? "Actor" : "Item",
      r.options.types.join(),
      r.options.makeDefault,
    ]);
    expect(rows).toEqual([
      ["Actor", "unit", true],
      ["Actor", "hq", true],
      ["Actor", "airSquadron", true],
      ["Actor", "airbase", true],
      ["Actor", "nqmUnit", true],
      ["Item", "supportCard", true],
    ]);
    expect(new Set(sheetsFake.registered.map((r) => r.sheet)).size).toBe(6);
    expect(sheetsFake.registered.every((r) => r.scope === "nobc")).toBe(true);
    const lang = (await import("../../lang/en.json")).default as Raw;
    for (const { label } of SHEETS) {
      const value = label.split(".").reduce<unknown>((o, k) => (o as Raw | undefined)?.[k], lang);
      expect(typeof value, label).toBe("string");
    }
  });
});

describe("unit sheet", () => {
  it("builds its context with the unit context builder, on top of Foundry's", async () => {
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem() });
    const context = (await new UnitSheet({ document: unit })._prepareContext({})) as Raw;
    expect(context["document"]).toBe(unit);
    expect(context["name"]).toBe("1 Bde");
    expect((context["mode"] as Raw)["next"]).toBe("combat");
    expect(UnitSheet.PARTS.sheet.template).toBe(TEMPLATES.unit);
    expect(UnitSheet.DEFAULT_OPTIONS.classes.slice(0, 2)).toEqual(["nobc", "sheet"]);
  });

  describe("the Combat / March buttons send a request (land.mode) the GM answers", () => {
    beforeEach(() => {
      chatFake.reset();
      registerRequests([MODE]);
    });
    afterEach(() => {
      clearDialogRegistry();
      delete harness.game["combats"];
    });
    const cardOf = () => [...chatFake.messages.values()][0]!;
    /** A unit of the world (the GM reads the world's actors). */
    const worldUnit = (system: Raw) => {
      const unit = new harness.Actor({ name: "1 Bde", type: "unit", system });
      sheetsFake.actors.push(unit);
      return unit;
    };

    it("refuses Combat Mode without a supply point with the rules' reason: nothing posted, nothing written", async () => {
      const unit = worldUnit(unitSystem({ supply: 0 }));
      await click(UnitSheet.DEFAULT_OPTIONS, "toggleMode", new UnitSheet({ document: unit }), { mode: "combat" });
      expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
      expect(harness.notices[0]?.message).toBe(
        speak(
          phrase("NOBC.Notify.Refused", { reason: phrase("NOBC.Rules.Land.Orders.Refusal.noSupply", { unit: "1 Bde" }) }),
          keyWording(),
        ),
      );
      expect(chatFake.messages.size).toBe(0);
      expect(harness.Actor.calls).toHaveLength(0);
    });

    it("a player's click: the GM posts the card (it authors it, naming the asker) and writes nothing; the owner's Apply writes it", async () => {
      const unit = worldUnit(unitSystem({ supply: 1 }));
      chatFake.own(unit, "p1");
      chatFake.setUsers("p1");
      await click(UnitSheet.DEFAULT_OPTIONS, "toggleMode", new UnitSheet({ document: unit }), { mode: "combat" });
      expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
      const message = cardOf();
      expect(message.author?.id).toBe("gm");
      expect(message.system).toMatchObject({
        requestedBy: "p1",
        effects: [
          { type: "supply", actor: unit.uuid, delta: -1 },
          { type: "mode", actor: unit.uuid, mode: "combat" },
        ],
      });
      expect(harness.Actor.calls).toHaveLength(0);
      expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
      expect(harness.Actor.calls.filter((c) => c.method === "updateDocuments")).toEqual([
        { method: "updateDocuments", data: [{ _id: unit.id, "system.supply": 0, "system.mode": "combat" }], operation: {} },
      ]);
    });

    it("a player may not ask for a unit they do not own: the GM refuses, naming the field", async () => {
      const unit = worldUnit(unitSystem({ supply: 1 }));
      chatFake.setUsers("p1");
      await click(UnitSheet.DEFAULT_OPTIONS, "toggleMode", new UnitSheet({ document: unit }), { mode: "combat" });
      expect(harness.notices.map((n) => n.message)).toEqual([
        speak(
          phrase("NOBC.Notify.Refused", { reason: phrase("NOBC.Land.Mode.NotYourUnit", { field: "units[0]", unit: "1 Bde" }) }),
          keyWording(),
        ),
      ]);
      expect(chatFake.messages.size).toBe(0);
    });

    it("with a turn on the tracker, a player switches mode only in the Orders phase (said at once, nothing sent); the GM any time", async () => {
      const unit = worldUnit(unitSystem({ supply: 1 }));
      chatFake.own(unit, "p1");
      const g = harness.game;
      g["combats"] = [{ type: "nobcTurn", system: { turn: 1, stage: turn.stageIndex("movement") } }];
      chatFake.setUsers("p1");
      await click(UnitSheet.DEFAULT_OPTIONS, "toggleMode", new UnitSheet({ document: unit }), { mode: "combat" });
      expect(harness.notices.map((n) => n.message)).toEqual(['NOBC.Notify.Refused {"reason":"NOBC.Dialog.ModeOnlyInOrders"}']);
      expect(chatFake.users.get("gm")!.queries).toEqual([]);
      expect(chatFake.messages.size).toBe(0);
      g["combats"] = [{ type: "nobcTurn", system: { turn: 1, stage: turn.stageIndex("orders") } }];
      await click(UnitSheet.DEFAULT_OPTIONS, "toggleMode", new UnitSheet({ document: unit }), { mode: "combat" });
      expect(chatFake.messages.size).toBe(1);
      chatFake.setUsers("gm");
      g["combats"] = [{ type: "nobcTurn", system: { turn: 1, stage: turn.stageIndex("movement") } }];
      await click(UnitSheet.DEFAULT_OPTIONS, "toggleMode", new UnitSheet({ document: unit }), { mode: "march" });
      expect(chatFake.messages.size).toBe(2);
      expect(harness.Actor.calls).toHaveLength(0);
      expect(modeChangeAllowed(true, "movement")).toBe(true);
      expect(modeChangeAllowed(false, null)).toBe(true);
    });
  });

  it("a refused card drop warns with the reason and changes nothing", async () => {
    const hq = new harness.Actor({ name: "1 GTA", type: "hq", system: hqSystem({ side: "wp", nationality: "su" }) });
    const card = hq.addItem({ name: "Engineers", type: "supportCard", system: { side: "wp", category: "engineer", assignedTo: null } });
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem() });
    const done = await new UnitSheet({ document: unit })._onDropItem(new Event("drop") as DragEvent, card);
    expect(done).toBe(false);
    expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(card.updates).toEqual([]);
    expect(harness.Item.calls).toEqual([]);
  });

  it("box N sets the track to N; the last filled box empties it", async () => {
    expect(trackValue(4, 2)).toBe(2);
    expect(trackValue(4, 4)).toBe(3);
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem() });
    await click(UnitSheet.DEFAULT_OPTIONS, "setTrack", new UnitSheet({ document: unit }), { field: "system.strength.value", value: "4" });
    expect(unit.updates).toEqual([{ "system.strength.value": 3 }]);
  });
});

describe("HQ and airbase sheets", () => {
  it("a unit of the other side dropped on an HQ is refused and nothing changes", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem() });
    const unit = new harness.Actor({ name: "7 Gds", type: "unit", system: unitSystem({ side: "wp", nationality: "su" }) });
    expect(await new HqSheet({ document: hq })._onDropActor(new Event("drop") as DragEvent, unit)).toBe(false);
    expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(unit.updates).toEqual([]);
  });

  it("a squadron dropped on an airbase of its side with room is based there", async () => {
    const base = new harness.Actor({ name: "Ramstein", type: "airbase", system: { side: "nato", airZone: "A", capacity: 2 } });
    const squadron = new harness.Actor({
      name: "36 TFW",
      type: "airSquadron",
      system: { side: "nato", airbase: null, needsBaseSpace: true },
    });
    sheetsFake.actors.push(base, squadron);
    expect(await new AirbaseSheet({ document: base })._onDropActor(new Event("drop") as DragEvent, squadron)).toBe(true);
    expect(squadron.updates).toEqual([{ "system.airbase": base.uuid, "system.airZone": "A" }]);
  });
});

describe("air squadron sheet", () => {
  beforeEach(() => {
    chatFake.reset();
    registerRequests([REPAIR]);
  });
  afterEach(() => {
    clearDialogRegistry();
    delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
  });

  it("repair of a damaged US squadron: a roll of 1 (at or under the repair score 5) returns it to ready (seed 000, Air War QRS 9)", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem() });
    sheetsFake.actors.push(squadron);
    await click(AirSquadronSheet.DEFAULT_OPTIONS, "repairSquadron", new AirSquadronSheet({ document: squadron }));
    // Posted as a chat card (no dialog); Apply on the card writes it.
    expect(sheetsFake.dialogs).toHaveLength(0);
    expect((sheetsFake.rendered[0]?.data as { dice: number[] }).dice).toEqual([1]);
    const [message] = [...chatFake.messages.values()];
    expect(message?.system).toMatchObject({ effects: [{ type: "squadronBox", squadron: squadron.uuid, box: "ready" }], state: "pending" });
    expect(harness.Actor.calls).toEqual([]);
  });

  it("a player's Repair is a request: the GM rolls it with its own dice, for that squadron only, and authors the card", async () => {
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem() });
    const other = new harness.Actor({ name: "22 TFW", type: "airSquadron", system: squadronSystem() });
    sheetsFake.actors.push(squadron, other);
    chatFake.setUsers("p1");
    chatFake.own(squadron, "p1");
    chatFake.own(other, "p1");
    // The GM's dice land on 6 (a failed repair: destroyed); the player's own source would give 1.
    (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = {
      randomUniform: () => ((harness.game["user"] as { isGM: boolean }).isGM ? 0.99 : 0),
    };
    await click(AirSquadronSheet.DEFAULT_OPTIONS, "repairSquadron", new AirSquadronSheet({ document: squadron }));
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    const [message] = [...chatFake.messages.values()];
    expect(message!.author?.id).toBe("gm");
    expect(message!.system).toMatchObject({
      requestedBy: "p1",
      effects: [{ type: "squadronBox", squadron: squadron.uuid, box: "destroyed" }],
    });
    expect(message!.rolls[0]!.total).toBe(6);
    const view = sheetsFake.rendered.at(-1)!.data as { title: string; kicker: string };
    expect(view.kicker).toContain("NOBC.Dialog.RepairTitle");
    expect(view.title).toBe('NOBC.AirMissions.Repair.Outcome {"repaired":"0","destroyed":"1"}'); // the headline: what the roll did
  });

  it("a player may not ask the repair of a squadron they do not own: refused, nothing posted", async () => {
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem() });
    const mine = new harness.Actor({ name: "22 TFW", type: "airSquadron", system: squadronSystem() });
    sheetsFake.actors.push(squadron, mine);
    chatFake.setUsers("p1");
    chatFake.own(mine, "p1");
    expect((await requestResolution(REPAIR.id, { side: "nato", automatic: [], only: [squadron.uuid] })).ok).toBe(false);
    expect(chatFake.messages.size).toBe(0);
    expect(harness.notices.filter((n) => n.level === "warn").map((n) => n.message)[0]).toContain("NOBC.AirRequest.notYourSquadron");
  });

  it("repair of a squadron that is not damaged is refused and nothing changes", async () => {
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem({ box: "ready" }) });
    sheetsFake.actors.push(squadron);
    await click(AirSquadronSheet.DEFAULT_OPTIONS, "repairSquadron", new AirSquadronSheet({ document: squadron }));
    expect(harness.notices.map((n) => n.level)).toEqual(["warn"]);
    expect(harness.notices[0]!.message).toContain("NOBC.AirRequest.notDamaged");
    expect(sheetsFake.dialogs).toHaveLength(0);
    expect(chatFake.messages.size).toBe(0);
    expect(harness.Actor.calls).toHaveLength(0);
  });
});

describe("lowering a pool's maximum on a sheet (validateJoint refuses value above max)", () => {
  interface Submitting {
    submitForm(values: Raw): Promise<void>;
  }

  it("a unit's maximum strength below its strength brings the strength down in the same update", async () => {
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem({ strength: { value: 5, max: 6 } }) });
    await (new UnitSheet({ document: unit }) as unknown as Submitting).submitForm({
      name: "1 Bde",
      "system.strength.max": 3,
      "system.supply": 1,
    });
    expect(unit.system["strength"]).toEqual({ value: 3, max: 3 });
    expect(unit.system["supply"]).toBe(1);
    expect(unit.updates).toHaveLength(1);
  });

  it("a unit's overrun cost is typed on its sheet (MP in halves) and cleared back to not entered", async () => {
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem() });
    const sheet = () => new UnitSheet({ document: unit }) as unknown as Submitting;
    await sheet().submitForm({ "system.overrunCost.mp": 1.5, "system.overrunCost.hits": 2 });
    expect(unit.system["overrunCost"]).toEqual({ mp: 1.5, hits: 2 });
    await sheet().submitForm({ "system.overrunCost.mp": null, "system.overrunCost.hits": null });
    expect(unit.system["overrunCost"]).toEqual({ mp: null, hits: null });
    await expect(sheet().submitForm({ "system.overrunCost.mp": 1.25 })).rejects.toThrow();
    expect(unit.system["overrunCost"]).toEqual({ mp: null, hits: null });
  });

  it("an HQ's maximum level and an airbase's air-defence boxes likewise; a higher maximum leaves the value", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem({ level: { value: 3, max: 4 } }) });
    await (new HqSheet({ document: hq }) as unknown as Submitting).submitForm({ "system.level.max": 2 });
    expect(hq.system["level"]).toEqual({ value: 2, max: 2 });
    await (new HqSheet({ document: hq }) as unknown as Submitting).submitForm({ "system.level.max": 5 });
    expect(hq.system["level"]).toEqual({ value: 2, max: 5 });
    const base = new harness.Actor({
      name: "Ramstein",
      type: "airbase",
      system: { side: "nato", airZone: "A", airDefence: { value: 3, max: 3 } },
    });
    await (new AirbaseSheet({ document: base }) as unknown as Submitting).submitForm({ "system.airDefence.max": 1 });
    expect(base.system["airDefence"]).toEqual({ value: 1, max: 1 });
  });

  it("clampPools is pure: only pools whose maximum is sent and below the value change", () => {
    const current = { strength: { value: 5, max: 6 } };
    expect(clampPools({ name: "x" }, current, ["strength"])).toEqual({ name: "x" });
    expect(clampPools({ system: { supply: 1 } }, current, ["strength"])).toEqual({ system: { supply: 1 } });
    expect(clampPools({ system: { strength: { max: 5 } } }, current, ["strength"])).toEqual({ system: { strength: { max: 5 } } });
    expect(clampPools({ system: { strength: { value: 6, max: 4 } } }, current, ["strength"])).toEqual({
      system: { strength: { value: 4, max: 4 } },
    });
    expect(current).toEqual({ strength: { value: 5, max: 6 } });
  });
});

describe("an NQM unit's sheet keeps pins and Green whole (validateJoint would refuse the whole edit)", () => {
  interface Submitting {
    submitForm(values: Raw): Promise<void>;
  }
  const nqmUnit = (system: Raw) => new harness.Actor({ name: "1 Coy", type: "nqmUnit", system });
  const sheet = (unit: unknown) => new NqmUnitSheet({ document: unit }) as unknown as Submitting;

  it("fewer bases take the pins with them (black kept first, then red), so the edit is not refused", async () => {
    const unit = nqmUnit({ strength: { value: 3, max: 3 }, pins: { red: 1, black: 1 } });
    await sheet(unit).submitForm({ "system.strength.value": 1, "system.strength.max": 3, "system.pins.red": 1, "system.pins.black": 1 });
    expect(unit.system["strength"]).toEqual({ value: 1, max: 3 });
    expect(unit.system["pins"]).toEqual({ red: 0, black: 1 });
    await sheet(unit).submitForm({ "system.strength.max": 0 });
    expect(unit.system["strength"]).toEqual({ value: 0, max: 0 });
    expect(unit.system["pins"]).toEqual({ red: 0, black: 0 });
  });

  it("a grade that cannot be Green clears the Green tick in the same edit", async () => {
    const unit = nqmUnit({ grade: "conscript", green: true });
    await sheet(unit).submitForm({ "system.grade": "regular", "system.green": true });
    expect([unit.system["grade"], unit.system["green"]]).toEqual(["regular", false]);
    const militia = nqmUnit({ grade: "conscript", green: true });
    await sheet(militia).submitForm({ "system.grade": "militia" });
    expect([militia.system["grade"], militia.system["green"]]).toEqual(["militia", true]);
  });

  it("nqmUnitSafe is pure: a whole edit passes as sent", () => {
    const current = { grade: "conscript", green: true, strength: { value: 3, max: 3 }, pins: { red: 1, black: 1 } };
    const fine = { system: { strength: { value: 2, max: 3 }, pins: { red: 1, black: 1 } } };
    expect(nqmUnitSafe(fine, current)).toBe(fine);
    expect(nqmUnitSafe({ name: "x" }, current)).toEqual({ name: "x" });
    expect(nqmUnitSafe({ system: { strength: { value: 1 } } }, current)).toEqual({
      system: { strength: { value: 1 }, pins: { red: 0, black: 1 } },
    });
    expect(nqmUnitSafe({ system: { grade: "veteran" } }, current)).toEqual({ system: { grade: "veteran", green: false } });
    expect(current).toEqual({ grade: "conscript", green: true, strength: { value: 3, max: 3 }, pins: { red: 1, black: 1 } });
  });
});

describe("squadron weapons (form)", () => {
  it("names each weapon control by its array path, so the form submits it", async () => {
    const { readFileSync } = await import("node:fs");
    const hbs = readFileSync("templates/actor/air-squadron.hbs", "utf8");
    expect(hbs).toContain('name="system.weapons.{{index}}.kind"');
    expect(hbs).toContain('name="system.weapons.{{index}}.name"');
    expect(hbs).not.toContain("data-weapon-field");
  });

  it("turns the expanded index-keyed rows back into the weapons array, in index order", () => {
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem() });
    const sheet = new AirSquadronSheet({ document: squadron });
    const data = sheet._processFormData(null, {} as HTMLFormElement, {
      object: {
        name: "36 TFW",
        "system.weapons.1.kind": "cas",
        "system.weapons.1.name": "Maverick",
        "system.weapons.0.kind": "aam",
        "system.weapons.0.name": "AIM-7",
        "system.range": 2,
      },
    });
    expect(data).toEqual({
      name: "36 TFW",
      system: {
        range: 2,
        weapons: [
          { kind: "aam", name: "AIM-7" },
          { kind: "cas", name: "Maverick" },
        ],
      },
    });
  });

  it("adds a weapon with a name the data model accepts (the name may not be blank)", async () => {
    const { AirSquadronData } = await import("../../src/data/air-squadron");
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem() });
    await click(AirSquadronSheet.DEFAULT_OPTIONS, "addWeapon", new AirSquadronSheet({ document: squadron }));
    const weapons = (squadron.updates[0] as { "system.weapons": { name: string }[] })["system.weapons"];
    expect(weapons).toHaveLength(1);
    expect(weapons[0]?.name).not.toBe("");
    expect(() => new AirSquadronData({ ...squadronSystem(), weapons })).not.toThrow();
  });
});

describe("unlink buttons and redraws", () => {
  it("releases a unit from the HQ sheet and redraws the sheet", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem() });
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem({ hq: hq.uuid }) });
    const sheet = new HqSheet({ document: hq });
    await click(HqSheet.DEFAULT_OPTIONS, "releaseUnit", sheet, { uuid: unit.uuid });
    expect(unit.updates).toEqual([{ "system.hq": null }]);
    expect((sheet as unknown as { renders: number }).renders).toBe(1);
  });

  it("a player's release of a unit from its HQ is the umpire's: one notice, nothing written", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem() });
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem({ hq: hq.uuid }) });
    harness.playAsPlayer();
    const sheet = new HqSheet({ document: hq });
    await click(HqSheet.DEFAULT_OPTIONS, "releaseUnit", sheet, { uuid: unit.uuid });
    expect(unit.updates).toEqual([]);
    expect(harness.notices.map((n) => n.message)).toEqual(['NOBC.Sheet.Authority.Refused {"name":"V Corps"}']);
    expect((sheet as unknown as { renders: number }).renders).toBe(0);
  });

  it("refuses to unassign a card or release a squadron the user may not update", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem() });
    const card = hq.addItem({ name: "+2 Combat", type: "supportCard", system: { assignedTo: "Actor.u" } });
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: squadronSystem({ airbase: "Actor.b" }) });
    harness.playAsPlayer();
    const base = new harness.Actor({ name: "Ramstein", type: "airbase", system: { side: "nato", airZone: "A", capacity: 2 } });
    await click(HqSheet.DEFAULT_OPTIONS, "unassignCard", new HqSheet({ document: hq }), { uuid: card.uuid });
    await click(AirbaseSheet.DEFAULT_OPTIONS, "releaseSquadron", new AirbaseSheet({ document: base }), { uuid: squadron.uuid });
    expect(card.updates).toEqual([]);
    expect(squadron.updates).toEqual([]);
    expect(harness.notices.map((n) => n.level)).toEqual(["warn", "warn"]);
  });

  it("a unit dropped on an HQ sheet redraws it (its subordinate list is read from the units)", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem() });
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: unitSystem() });
    const sheet = new HqSheet({ document: hq });
    expect(await sheet._onDropActor(new Event("drop") as DragEvent, unit)).toBe(true);
    expect((sheet as unknown as { renders: number }).renders).toBe(1);
  });

  it("updates touching hq, airbase or assignedTo redraw the open nobc sheets, others do not", () => {
    expect(touchesLinks({ system: { hq: null } })).toBe(true);
    expect(touchesLinks({ system: { airbase: "Actor.b" } })).toBe(true);
    expect(touchesLinks({ system: { assignedTo: null } })).toBe(true);
    expect(touchesLinks({ system: { supply: 1 } })).toBe(false);
    expect(touchesLinks({ name: "x" })).toBe(false);
    registerSheets();
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: hqSystem() });
    const open = new HqSheet({ document: hq });
    const closed = new HqSheet({ document: hq });
    (closed as unknown as { rendered: boolean }).rendered = false;
    const foreign = {
      rendered: true,
      renders: 0,
      render() {
        this.renders++;
      },
    };
    sheetsFake.instances.set("a", open).set("b", closed).set("c", foreign);
    const hooks = globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } };
    hooks.Hooks.callAll("updateActor", {}, { system: { supply: 2 } }, {}, "user1");
    expect((open as unknown as { renders: number }).renders).toBe(0);
    hooks.Hooks.callAll("updateActor", {}, { system: { hq: hq.uuid } }, {}, "user1");
    hooks.Hooks.callAll("updateItem", {}, { system: { assignedTo: null } }, {}, "user1");
    expect((open as unknown as { renders: number }).renders).toBe(2);
    expect((closed as unknown as { renders: number }).renders).toBe(0);
    expect(foreign.renders).toBe(0);
  });
});

describe("an NQM unit's sheet names its side by colour", () => {
  it("blue or red, never NATO or the Warsaw Pact, in the badge and the choice", () => {
    const extras = {
      name: "1 Coy",
      img: "icons/svg/mystery-man.svg",
      uuid: "Actor.n1",
      editable: true,
      rulesEditable: true,
      enrichedNotes: "",
    };
    const blue = nqmUnitSheetContext(nqmRifleCompany, extras);
    const red = nqmUnitSheetContext({ ...nqmRifleCompany, side: "wp" }, extras);
    expect([blue.sideLabel, red.sideLabel]).toEqual(["NOBC.Nqm.Side.nato", "NOBC.Nqm.Side.wp"]);
    expect([blue.sideClass, red.sideClass]).toEqual(["side-nato", "side-wp"]);
    expect(blue.choices.sides).toEqual({ nato: "NOBC.Nqm.Side.nato", wp: "NOBC.Nqm.Side.wp" });
  });
});
