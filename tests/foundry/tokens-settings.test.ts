import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { harness, type FakeActorT } from "../harness/foundry";
import { SYMBOL_ARMS, allSymbols, symbolPath, unitSymbolSvg } from "../../src/symbols/unit-symbol";
import { UNIT_ARMS } from "../../src/rules/nobc/land/types";
import { STATUS_IDS, TOKEN_STATUS_IDS, statusIconSvg } from "../../src/token/status-icons";
import { registerStatusEffects, statusChanges, unitStatuses } from "../../src/token/status-effects";
import {
  dataForStatus,
  registerStatusSync,
  statusWrites,
  syncStatuses,
  syncUnitStatuses,
  writeStatusToData,
} from "../../src/token/status-sync";
import { PLACEHOLDER_IMG, registerTokenDefaults, tokenDefaults } from "../../src/token/token-defaults";
import { recoveryOptions, registerSettings, rulesOptions } from "../../src/base/settings";
// @ts-expect-error -- a plain ES module script without type declarations
import { drawAssets as untypedDrawAssets } from "../../scripts/draw-assets.mjs";

const drawAssets = untypedDrawAssets as () => Promise<[string, string][]>;

const root = path.resolve(__dirname, "../..");
type Raw = Record<string, unknown>;

beforeEach(() => harness.reset());

describe("unit symbols", () => {
  it("frames NATO in a blue rectangle and the Warsaw Pact in a red diamond", () => {
    expect(unitSymbolSvg("nato", "armour", "brigade")).toMatch(/<rect x="25" y="62" width="150" height="100" fill="#80e0ff"/);
    expect(unitSymbolSvg("wp", "armour", "brigade")).toMatch(/<polygon points="[^"]+" fill="#ff8080"/);
  });

  it("draws the arm: oval for armour, cross for infantry, both for mechanised, a dot for artillery", () => {
    const lines = (svg: string) => (svg.match(/<line /g) ?? []).length;
    const ovals = (svg: string) => (svg.match(/rx=/g) ?? []).length;
    const armour = unitSymbolSvg("nato", "armour", "division");
    const infantry = unitSymbolSvg("nato", "infantry", "division");
    const mech = unitSymbolSvg("nato", "mechanised", "division");
    // A division's "XX" is four strokes; the infantry cross adds two.
    expect([lines(armour), ovals(armour)]).toEqual([4, 1]);
    expect([lines(infantry), ovals(infantry)]).toEqual([6, 0]);
    expect([lines(mech), ovals(mech)]).toEqual([6, 1]);
    expect(unitSymbolSvg("wp", "artillery", "brigade")).toMatch(/<circle [^>]*fill="#000"/);
    expect(unitSymbolSvg("nato", "airborne", "brigade")).toMatch(/<path d="M[^"]*Q/);
  });

  it("tells motor rifle (the cross with an upright line: wheeled) from mechanised (the cross with the oval: tracked)", () => {
    const motor = unitSymbolSvg("wp", "motorRifle", "regiment");
    const mech = unitSymbolSvg("wp", "mechanised", "regiment");
    expect(motor).not.toBe(mech);
    expect(motor).not.toContain("rx=");
    // "III" is three strokes; the cross two and the upright one.
    expect((motor.match(/<line /g) ?? []).length).toBe(6);
  });

  it("draws a Warsaw Pact arm icon two thirds the size of a NATO one, not half", () => {
    // The infantry cross spans the icon box: its first stroke's width is the box's.
    const crossWidth = (svg: string) => {
      const strokes = [...svg.matchAll(/<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)"/g)].map((m) => Math.abs(Number(m[2]) - Number(m[1])));
      return Math.max(...strokes);
    };
    const nato = crossWidth(unitSymbolSvg("nato", "infantry", "regiment"));
    const wp = crossWidth(unitSymbolSvg("wp", "infantry", "regiment"));
    expect(nato).toBe(150);
    expect(wp / nato).toBeGreaterThanOrEqual(0.66);
  });

  it("tells a minefield from contamination by colour as well as shape (a dark disc against hazard yellow)", () => {
    const ground = (svg: string) => [...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(ground(statusIconSvg("minefield"))).not.toContain("#f2c500");
    expect(ground(statusIconSvg("contaminated"))).toContain("#f2c500");
    expect(statusIconSvg("minefield")).not.toBe(statusIconSvg("contaminated"));
  });

  it("marks echelons: II battalion, III regiment, X brigade, XX division; an HQ has a staff", () => {
    // "other" draws no icon, so every stroke is an echelon mark: a bar is one line, an X two.
    const strokes = (size: "battalion" | "regiment" | "brigade" | "division") =>
      (unitSymbolSvg("nato", "other", size).match(/<line /g) ?? []).length;
    expect([strokes("battalion"), strokes("regiment"), strokes("brigade"), strokes("division")]).toEqual([2, 3, 2, 4]);
    const hq = unitSymbolSvg("nato", "hq", "corps");
    expect(hq).toContain(`y2="196"`);
    expect(unitSymbolSvg("nato", "other", "brigade")).not.toContain(`y2="196"`);
  });

  it("lists 88 symbols and serves them from the system folder", () => {
    expect(allSymbols()).toHaveLength(88);
    expect(symbolPath("wp", "hq", "front")).toBe("systems/nobc/assets/symbols/wp-hq-front.svg");
  });

  it("committed assets match what the script draws (run scripts/draw-assets.mjs after a change)", async () => {
    const assets = await drawAssets();
    expect(assets).toHaveLength(88 + STATUS_IDS.length);
    for (const [rel, svg] of assets) expect(readFileSync(path.join(root, rel), "utf8"), rel).toBe(svg);
  });

  it("status icons are well-formed: no attribute written twice", () => {
    for (const id of STATUS_IDS) {
      for (const tag of statusIconSvg(id).match(/<[a-z]+ [^>]*>/g) ?? []) {
        const names = [...tag.matchAll(/ ([a-z-]+)=/g)].map((m) => m[1]);
        expect(new Set(names).size, `${id}: ${tag}`).toBe(names.length);
      }
    }
  });
});

describe("status effects", () => {
  it("registers ours with icons and label keys, keeping Foundry's defeated status", () => {
    registerStatusEffects();
    const list = (CONFIG as unknown as { statusEffects: { id: string; name: string; img: string }[] }).statusEffects;
    expect(list.map((s) => s.id)).toEqual([...TOKEN_STATUS_IDS, "dead"]);
    expect(list[0]).toEqual({ id: "noMove", name: "NOBC.Status.noMove", img: "systems/nobc/assets/icons/noMove.svg" });
    // The mode is printed on the token's counter, so the token HUD offers no mode icon.
    expect(list.map((s) => s.id)).not.toContain("combatMode");
    expect(list.map((s) => s.id)).not.toContain("marchMode");
  });

  it("reads a unit's statuses from its data: the black chip only", () => {
    expect(unitStatuses({ noMove: true })).toEqual({ noMove: true });
    expect(statusChanges(unitStatuses({ noMove: true }), new Set(["marchMode", "minefield"]))).toEqual([{ id: "noMove", active: true }]);
    expect(statusChanges(unitStatuses({ noMove: false }), new Set(["noMove"]))).toEqual([{ id: "noMove", active: false }]);
  });

  it("brings a unit's token statuses in line after an update by this user only", async () => {
    const unit = new harness.Actor({
      name: "U",
      type: "unit",
      system: { mode: "march", noMove: true },
    });
    registerStatusSync();
    const hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;
    hooks.callAll("updateActor", unit, { system: { noMove: true } }, {}, "someone-else");
    expect(unit.statuses.size).toBe(0);
    // A change to a field the statuses do not come from leaves them alone.
    hooks.callAll("updateActor", unit, { system: { supply: 1 }, name: "U2" }, {}, "user1");
    await new Promise((r) => setTimeout(r, 0));
    expect(harness.ActiveEffect.calls).toEqual([]);
    hooks.callAll("updateActor", unit, { system: { noMove: true } }, {}, "user1");
    await new Promise((r) => setTimeout(r, 0));
    expect([...unit.statuses].sort()).toEqual(["noMove"]);
    // One create, nothing to delete.
    expect(harness.ActiveEffect.calls.map((c) => c.method)).toEqual(["createDocuments"]);
    expect(harness.ActiveEffect.calls[0]?.operation).toEqual({ parent: unit, nobcStatusSync: true });
    const hq = new harness.Actor({ name: "H", type: "hq", system: {} });
    await syncUnitStatuses(hq);
    expect(hq.statuses.size).toBe(0);
  });

  it("removes the old mode icon when the mode changes, restating it in place as the chip when one comes on", async () => {
    const unit = new harness.Actor({ name: "U", type: "unit", system: { mode: "combat", noMove: false } });
    // An icon from before the counter showed the mode.
    await unit.createEmbeddedDocuments("ActiveEffect", [(await harness.ActiveEffect.fromStatusEffect("combatMode")).toObject()]);
    const [oldIcon] = unit.effects.map((e) => e.id);
    harness.ActiveEffect.calls = [];
    unit.system["noMove"] = true;
    await syncUnitStatuses(unit);
    expect([...unit.statuses]).toEqual(["noMove"]);
    // One status on, one retired: the old effect is restated in one update; nothing deleted or created.
    expect(harness.ActiveEffect.calls).toEqual([
      {
        method: "updateDocuments",
        data: [{ _id: oldIcon, ...(await harness.ActiveEffect.fromStatusEffect("noMove")).toObject() }],
        operation: { parent: unit, nobcStatusSync: true },
      },
    ]);
    // In step, and a mode switch brings no icon: nothing more to write.
    harness.ActiveEffect.calls = [];
    unit.system["mode"] = "march";
    await syncUnitStatuses(unit);
    expect(harness.ActiveEffect.calls).toEqual([]);
    // The chip off: one delete.
    unit.system["noMove"] = false;
    await syncUnitStatuses(unit);
    expect(harness.ActiveEffect.calls.map((c) => c.method)).toEqual(["deleteDocuments"]);
    expect(unit.statuses.size).toBe(0);
  });

  it("removes a unit's retired minefield, contamination and mode icons: the scene and the counter show those now", () => {
    const unit = {
      type: "unit",
      system: { mode: "march", noMove: false },
      statuses: new Set(["marchMode", "minefield", "contaminated"]),
      effects: [
        { id: "march", statuses: new Set(["marchMode"]) },
        { id: "mine", statuses: new Set(["minefield"]) },
        { id: "gas", statuses: new Set(["contaminated"]) },
      ],
    };
    expect(statusWrites(unit)).toEqual({ deletions: ["march", "mine", "gas"], updates: [], creations: [] });
    // A status to switch on takes a retired effect's place in one update.
    expect(statusWrites({ ...unit, system: { mode: "march", noMove: true } })).toEqual({
      deletions: ["mine", "gas"],
      updates: [{ id: "march", status: "noMove" }],
      creations: [],
    });
  });

  it("reuses only an effect that carries one status alone; one that carries several is deleted", () => {
    const unit = {
      type: "unit",
      system: { mode: "march", noMove: true },
      statuses: new Set(["combatMode", "noMove", "dead"]),
      effects: [
        { id: "both", statuses: new Set(["combatMode", "noMove"]) },
        { id: "dead", statuses: new Set(["dead"]) },
      ],
    };
    expect(statusWrites(unit)).toEqual({ deletions: ["both"], updates: [], creations: ["noMove"] });
    expect(statusWrites({ ...unit, type: "hq" })).toEqual({ deletions: [], updates: [], creations: [] });
  });

  it("brings every unit of one action in line once, and refuses a call without its parent as Foundry does", async () => {
    const units = [0, 1, 2].map(
      (i) =>
        new harness.Actor({
          name: `U${i}`,
          type: "unit",
          system: { mode: "combat", noMove: true },
        }),
    );
    await syncStatuses(units);
    expect(harness.ActiveEffect.calls.map((c) => c.method)).toEqual(["createDocuments", "createDocuments", "createDocuments"]);
    expect(harness.ActiveEffect.calls.map((c) => (c.operation as { parent: unknown }).parent)).toEqual(units);
    // A v13 database operation has one parent: without it, or with another parent's effect, nothing is written.
    const [a, b] = units as [FakeActorT, FakeActorT];
    const effects = harness.ActiveEffect;
    await expect(effects.deleteDocuments([a.effects[0]!.id], {})).rejects.toThrow(/parent/);
    await expect(effects.deleteDocuments([a.effects[0]!.id, b.effects[0]!.id], { parent: a })).rejects.toThrow(/does not exist/);
    expect(a.effects).toHaveLength(1);
    expect(b.effects).toHaveLength(1);
  });
});

describe("status toggled on the token HUD", () => {
  it("stands for a data change", () => {
    expect(dataForStatus("noMove", true)).toEqual({ "system.noMove": true });
    expect(dataForStatus("noMove", false)).toEqual({ "system.noMove": false });
  });

  it("is written to the unit's data by the user who toggled it, and only when it differs", async () => {
    const unit = new harness.Actor({ name: "U", type: "unit", system: { mode: "combat", noMove: false } });
    registerStatusSync();
    const hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;
    hooks.callAll("createActiveEffect", { parent: unit, statuses: new Set(["noMove"]) }, {}, "user1");
    hooks.callAll("deleteActiveEffect", { parent: unit, statuses: new Set(["combatMode"]) }, {}, "user1");
    hooks.callAll("createActiveEffect", { parent: unit, statuses: new Set(["minefield"]) }, {}, "someone-else");
    await new Promise((r) => setTimeout(r, 0));
    // An old mode icon removed by hand no longer stands for a mode: the mode is changed on the sheet.
    expect(unit.updates).toEqual([{ "system.noMove": true }]);
    expect(unit.system).toMatchObject({ noMove: true, mode: "combat" });
    await writeStatusToData({ parent: unit, statuses: new Set(["noMove", "dead"]) }, true);
    expect(unit.updates).toHaveLength(1);
    const hq = new harness.Actor({ name: "H", type: "hq", system: {} });
    await writeStatusToData({ parent: hq, statuses: new Set(["noMove"]) }, true);
    expect(hq.updates).toEqual([]);
  });
});

describe("token defaults", () => {
  it("gives a new unit its symbol, a linked token and the strength bar", () => {
    expect(tokenDefaults("unit", PLACEHOLDER_IMG, { side: "wp", arm: "motorRifle", size: "division" })).toEqual({
      "prototypeToken.actorLink": true,
      "prototypeToken.bar1.attribute": "strength",
      img: "systems/nobc/assets/symbols/wp-motorRifle-division.svg",
      "prototypeToken.texture.src": "systems/nobc/assets/symbols/wp-motorRifle-division.svg",
    });
  });

  it("gives an HQ the level bar and its echelon's symbol; keeps an image the user chose", () => {
    expect(tokenDefaults("hq", undefined, {})).toMatchObject({
      "prototypeToken.bar1.attribute": "level",
      img: "systems/nobc/assets/symbols/nato-hq-corps.svg",
    });
    expect(tokenDefaults("unit", "my/own.webp", {})).not.toHaveProperty("img");
    expect(tokenDefaults("airSquadron", null, {})).toEqual({ "prototypeToken.actorLink": true });
    expect(tokenDefaults("character", null, {})).toEqual({});
  });

  it("fills in only what the creation data leaves unset (an import keeps its own token)", () => {
    const token = { actorLink: false, bar1: { attribute: "supply" }, texture: { src: "my/token.webp" } };
    expect(tokenDefaults("unit", PLACEHOLDER_IMG, {}, token)).toEqual({ img: "systems/nobc/assets/symbols/nato-armour-brigade.svg" });
    expect(tokenDefaults("unit", "my/own.webp", {}, token)).toEqual({});
    expect(tokenDefaults("hq", null, {}, { actorLink: true, bar1: { attribute: null }, texture: { src: PLACEHOLDER_IMG } })).toEqual({
      "prototypeToken.bar1.attribute": "level",
      img: "systems/nobc/assets/symbols/nato-hq-corps.svg",
      "prototypeToken.texture.src": "systems/nobc/assets/symbols/nato-hq-corps.svg",
    });
  });

  it("applies them in preCreateActor", () => {
    registerTokenDefaults();
    const calls: Raw[] = [];
    const actor = { type: "unit", updateSource: (c: Raw) => calls.push(c) };
    (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks.callAll("preCreateActor", actor, {
      system: { arm: "recce" },
    });
    expect(calls[0]).toMatchObject({ img: "systems/nobc/assets/symbols/nato-recce-brigade.svg" });
    (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks.callAll("preCreateActor", actor, {
      img: "imported.webp",
      prototypeToken: { actorLink: false, bar1: { attribute: "supply" } },
    });
    expect(calls).toHaveLength(1);
    (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks.callAll(
      "preCreateActor",
      { type: "other", updateSource: (c: Raw) => calls.push(c) },
      {},
    );
    expect(calls).toHaveLength(1);
  });
});

describe("settings", () => {
  it("registers a hidden world schema version and the rules options, with the seed readings by default", () => {
    registerSettings();
    const keys = harness.settingsRegistered.map((s) => [s.key, s.config["scope"], s.config["config"], s.config["default"]]);
    expect(keys).toEqual([
      ["schemaVersion", "world", false, 0],
      ["oddsBelowOne", "world", true, "zero"],
      ["overrunExtrasCumulative", "world", true, false],
      ["overrunMinorRoadIsRiver", "world", true, false],
      ["recoveryRefusesWastedCards", "world", true, false],
      ["planningMinutes", "world", true, 15],
      ["airZoneDistances", "world", false, {}],
      ["combatAnnouncementOrder", "world", true, "wpFirst"],
      ["nqmRestoringDiscipline", "world", true, false],
      ["nqmHourlySupplyCheck", "world", true, false],
    ]);
    expect(rulesOptions()).toEqual({
      combat: { oddsBelowOne: "zero" },
      overrun: { lightExtrasCumulative: false, minorRoadMeansMinorRiver: false },
    });
    harness.settingsStore.set("nobc.oddsBelowOne", "mirror");
    harness.settingsStore.set("nobc.overrunExtrasCumulative", true);
    harness.settingsStore.set("nobc.overrunMinorRoadIsRiver", true);
    expect(rulesOptions()).toEqual({
      combat: { oddsBelowOne: "mirror" },
      overrun: { lightExtrasCumulative: true, minorRoadMeansMinorRiver: true },
    });
    // HQ recovery's reading is apart from the combat options: cap and keep by default, refuse when set.
    expect(recoveryOptions()).toEqual({ refuseWastedCards: false });
    harness.settingsStore.set("nobc.recoveryRefusesWastedCards", true);
    expect(recoveryOptions()).toEqual({ refuseWastedCards: true });
  });
});

describe("lang keys", () => {
  it("every key named in src and templates exists in lang/en.json", () => {
    const lang = JSON.parse(readFileSync(path.join(root, "lang/en.json"), "utf8")) as Raw;
    const has = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Raw | undefined)?.[k], lang) !== undefined;
    // Every module and template, so a key added anywhere is checked here.
    const walk = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.(ts|hbs)$/.test(e.name) ? [`${dir}/${e.name}`] : [],
      );
    const files = [...walk("src"), ...walk("templates")];
    expect(files.length).toBeGreaterThan(100);
    const keys = new Set<string>();
    for (const f of files)
      for (const m of readFileSync(path.join(root, f), "utf8").matchAll(/["'`](NOBC\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]/g)) keys.add(m[1]!);
    for (const k of ["overrunExtrasCumulative", "overrunMinorRoadIsRiver"])
      for (const p of ["name", "hint"]) keys.add(`NOBC.Setting.${k}.${p}`);
    for (const t of ["unit", "hq", "airSquadron", "airbase"]) keys.add(`TYPES.Actor.${t}`);
    keys.add("TYPES.Item.supportCard");
    expect([...keys].filter((k) => !has(k))).toEqual([]);
  });
});

describe("symbol arms", () => {
  it("are the unit arms plus the HQ staff", () => {
    expect(SYMBOL_ARMS).toEqual([...UNIT_ARMS, "hq"]);
  });
});
