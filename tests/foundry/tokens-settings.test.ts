import "../harness/install";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { harness, type FakeActorT } from "../harness/foundry";
import { SYMBOL_ARMS, allSymbols, symbolPath, unitSymbolSvg } from "../../src/symbols/unit-symbol";
import { UNIT_ARMS } from "../../src/rules/nobc/land/types";
import { RETIRED_STATUS_IDS, STATUS_IDS, statusIconSvg } from "../../src/token/status-icons";
import { registerStatusEffects } from "../../src/token/status-effects";
import { migrateWorld, removeRetiredStatuses, retiredStatusEffects } from "../../src/migration";
import { PLACEHOLDER_IMG, registerTokenDefaults, tokenDefaults } from "../../src/token/token-defaults";
import {
  CURRENT_SCHEMA_VERSION,
  hiddenInformation,
  knowledgeOptions,
  recoveryOptions,
  registerSettings,
  rulesOptions,
} from "../../src/base/settings";
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
  it("offers none of ours on the token HUD, keeping Foundry's defeated status, in the shape the generation keeps", () => {
    interface Status {
      id: string;
      name: string;
      img: string;
    }
    const config = CONFIG as unknown as { statusEffects: Status[] | Record<string, Status> };
    // Foundry's own list, with an entry of ours from an older build of the system: an array in v13, a record by id in v14.
    const given: Status[] = [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
      { id: "noMove", name: "NOBC.Status.noMove", img: "systems/nobc/assets/icons/noMove.svg" },
    ];
    config.statusEffects = harness.generation >= 14 ? Object.fromEntries(given.map((s) => [s.id, s])) : given;
    registerStatusEffects();
    // The black chip and the mode are on the counter; only the GM changes them, on the sheet or through a card.
    const dead = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };
    expect(config.statusEffects).toEqual(harness.generation >= 14 ? { dead } : [dead]);
  });

  it("retires every status units carried: the markers, the mode and the black chip", () => {
    expect([...RETIRED_STATUS_IDS].sort()).toEqual(["combatMode", "contaminated", "marchMode", "minefield", "noMove"]);
    expect([...STATUS_IDS].sort()).toEqual([...RETIRED_STATUS_IDS].sort());
  });
});

describe("the schema 3 migration removes the units' old status effects", () => {
  /** A stored actor, written by this version of the system (so only the status removal has work to do). */
  const source = (key: string, name: string, type: string, system: Raw) => ({
    _id: key.padEnd(16, "0"),
    name,
    type,
    system,
    _stats: { systemVersion: "0.1.0" },
  });
  /** An effect as the token HUD made one: one status, its name and icon. */
  const effect = (status: string) => ({ name: status, img: `systems/nobc/assets/icons/${status}.svg`, statuses: [status] });

  /** A world from schema 2: units with old icons (one chipped, one clean), an HQ with an effect, a defeated unit. */
  async function oldWorld(): Promise<Record<string, FakeActorT>> {
    registerSettings();
    harness.settingsStore.set("nobc.schemaVersion", 2);
    harness.loadWorld({
      actors: [
        source("u1", "34 PzBrig", "unit", { side: "nato", mode: "march", noMove: true }),
        source("u2", "73 MRR", "unit", { side: "wp", mode: "combat", noMove: false }),
        source("u3", "Clean Bde", "unit", { side: "nato", mode: "combat", noMove: true }),
        source("u4", "Out Bde", "unit", { side: "nato", mode: "combat", noMove: false }),
        source("h1", "I Corps", "hq", { side: "nato" }),
      ],
    });
    const actors = harness.game["actors"] as Iterable<FakeActorT>;
    const byId = Object.fromEntries([...actors].map((a) => [a.id.replace(/0+$/, ""), a]));
    expect(Object.keys(byId).sort()).toEqual(["h1", "u1", "u2", "u3", "u4"]);
    await byId["u1"]!.createEmbeddedDocuments("ActiveEffect", [effect("noMove"), effect("marchMode")]);
    await byId["u2"]!.createEmbeddedDocuments("ActiveEffect", [effect("combatMode"), effect("minefield"), effect("contaminated")]);
    await byId["u4"]!.createEmbeddedDocuments("ActiveEffect", [effect("dead")]);
    await byId["h1"]!.createEmbeddedDocuments("ActiveEffect", [effect("noMove")]);
    harness.ActiveEffect.calls = [];
    return byId;
  }

  it("one ActiveEffect deletion per unit that has any, none for the others; the units' data untouched; recorded once", async () => {
    const w = await oldWorld();
    const ids = (a: FakeActorT) => a.effects.map((e) => e.id);
    const [u1, u2] = [ids(w["u1"]!), ids(w["u2"]!)];
    const systems = Object.values(w).map((a) => structuredClone(a.system));
    const report = await migrateWorld();
    expect(report).toEqual({ ran: true, migrated: 0, failed: [], complete: true });
    expect(harness.ActiveEffect.calls).toEqual([
      { method: "deleteDocuments", data: u1, operation: { parent: w["u1"] } },
      { method: "deleteDocuments", data: u2, operation: { parent: w["u2"] } },
    ]);
    expect([w["u1"], w["u2"], w["u3"]].map((a) => a!.effects.length)).toEqual([0, 0, 0]);
    // Foundry's defeated status stays; an HQ is no unit and keeps what it has.
    expect([...w["u4"]!.statuses]).toEqual(["dead"]);
    expect([...w["h1"]!.statuses]).toEqual(["noMove"]);
    // The data was always the truth: the chip stays where it was set, and no actor is written.
    expect(Object.values(w).map((a) => a.system)).toEqual(systems);
    expect(w["u1"]!.system["noMove"]).toBe(true);
    expect(harness.Actor.calls).toEqual([]);
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION);
    expect(CURRENT_SCHEMA_VERSION).toBe(3);

    // Run again: the world is up to date, so nothing runs; and the removal itself finds nothing to write.
    harness.ActiveEffect.calls = [];
    expect((await migrateWorld()).ran).toBe(false);
    expect(await removeRetiredStatuses(Object.values(w))).toEqual([]);
    expect(harness.ActiveEffect.calls).toEqual([]);
  });

  it("names a unit whose effects could not be removed, leaves the version unrecorded, and removes the rest", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    onTestFinished(() => {
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringContaining('Actor "34 PzBrig" [u100000000000000] failed (write)'),
      ]);
      logged.mockRestore();
    });
    const w = await oldWorld();
    const effects = harness.ActiveEffect;
    const original = effects.deleteDocuments.bind(effects);
    const refuse = vi.spyOn(effects, "deleteDocuments").mockImplementation(async (ids: unknown, operation?: unknown) => {
      if ((operation as { parent?: unknown } | undefined)?.parent === w["u1"]) throw new Error("the server refused");
      return original(ids, operation);
    });
    try {
      const report = await migrateWorld();
      expect(report.complete).toBe(false);
      expect(report.failed).toEqual([
        { kind: "write", documentName: "Actor", id: "u1".padEnd(16, "0"), name: "34 PzBrig", parentId: null, error: "the server refused" },
      ]);
    } finally {
      refuse.mockRestore();
    }
    expect(w["u1"]!.effects).toHaveLength(2);
    expect(w["u2"]!.effects).toHaveLength(0);
    expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(2);
    expect(
      harness.notices.some(
        (n) =>
          n.level === "warn" && n.message.startsWith("NOBC.Migration.failed") && n.message.includes(`34 PzBrig [${"u1".padEnd(16, "0")}]`),
      ),
    ).toBe(true);
    // The next load tries again: only the unit left over is written.
    harness.ActiveEffect.calls = [];
    expect((await migrateWorld()).complete).toBe(true);
    expect(harness.ActiveEffect.calls.map((c) => (c.operation as { parent: unknown }).parent)).toEqual([w["u1"]]);
    expect(w["u1"]!.effects).toHaveLength(0);
  });

  it("reads a unit's retired effects only (pure)", () => {
    const unit = {
      id: "u",
      name: "U",
      type: "unit",
      effects: [
        { id: "a", statuses: new Set(["noMove"]) },
        { id: "b", statuses: new Set(["dead"]) },
        { id: "c", statuses: new Set(["combatMode", "dead"]) },
        { id: null, statuses: new Set(["noMove"]) },
        { id: "d", statuses: new Set<string>() },
      ],
    };
    expect(retiredStatusEffects(unit)).toEqual(["a", "c"]);
    expect(retiredStatusEffects({ ...unit, type: "hq" })).toEqual([]);
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
      ["hiddenInformation", "world", true, "open"],
      ["contactIdentifies", "world", true, false],
      ["contactShowsCount", "world", true, false],
      ["combatRevealsStrength", "world", true, true],
      ["knowledgeLastsTurns", "world", true, 1],
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

  it("double-blind and the knowledge readings: open by default, the rules' defaults, 0 turns is until contradicted", () => {
    registerSettings();
    expect(hiddenInformation()).toBe("open");
    expect(knowledgeOptions()).toEqual({ contactIdentifies: false, lastsTurns: 1, contactShowsCount: false, combatRevealsStrength: true });
    harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
    harness.settingsStore.set("nobc.contactIdentifies", true);
    harness.settingsStore.set("nobc.knowledgeLastsTurns", 0);
    harness.settingsStore.set("nobc.combatRevealsStrength", false);
    expect(hiddenInformation()).toBe("doubleBlind");
    expect(knowledgeOptions()).toEqual({
      contactIdentifies: true,
      lastsTurns: null,
      contactShowsCount: false,
      combatRevealsStrength: false,
    });
    // A value the setting cannot hold reads as the default, never as a throw in the middle of an action.
    harness.settingsStore.set("nobc.hiddenInformation", "sometimes");
    harness.settingsStore.set("nobc.knowledgeLastsTurns", 1.5);
    expect(hiddenInformation()).toBe("open");
    expect(knowledgeOptions().lastsTurns).toBe(1);
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
