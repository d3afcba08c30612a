/**
 * Sheet edits under the one authority (docs/authority.md, "Sheets"): a player's own sheet shows the
 * rules values read-only and its form writes only the name, the image and the notes; a GM's sheet
 * writes everything, as before.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { AirbaseSheet, AirSquadronSheet, HqSheet, NqmUnitSheet, SupportCardSheet, UnitSheet } from "../../src/sheets/sheets";
import { PLAYER_EDITABLE, playerEdits } from "../../src/sheets/player-edits";
import { SHEETS } from "../../src/sheets/register";
import { unitExtras } from "../../src/sheets/extras";
import { fixtureSheets } from "./fixtures";
import { languageEnv, templateRenderer } from "./render";
import { galleryAreas } from "../gallery/index";

type Raw = Record<string, unknown>;
const repo = resolve(__dirname, "../..");

interface Submitting {
  readonly document: unknown;
  submitForm(values: Raw): Promise<void>;
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
});

/* ---------------- the rendered sheets ---------------- */

const TEMPLATE_TYPES: Readonly<Record<string, string>> = {
  "actor/unit.hbs": "unit",
  "actor/hq.hbs": "hq",
  "actor/air-squadron.hbs": "airSquadron",
  "actor/airbase.hbs": "airbase",
  "actor/nqm-unit.hbs": "nqmUnit",
  "item/support-card.hbs": "supportCard",
};

/** Every form control of `html` (input, select, textarea, prose-mirror, button) with its attributes as written. */
function controls(html: string): { tag: string; name: string | null; disabled: boolean; action: string | null; source: string }[] {
  return [...html.matchAll(/<(input|select|textarea|prose-mirror|button)\b([^>]*)>/g)].map((m) => {
    const attrs = m[2] ?? "";
    return {
      tag: m[1]!,
      name: /\bname="([^"]*)"/.exec(attrs)?.[1] ?? null,
      disabled: /(^|\s)disabled(\s|=|$)/.test(attrs),
      action: /\bdata-action="([^"]*)"/.exec(attrs)?.[1] ?? null,
      source: m[0],
    };
  });
}

describe("a player's own sheet, rendered with real Handlebars", () => {
  const env = languageEnv(repo);
  const { render } = templateRenderer(repo, env);
  const entries = [...fixtureSheets(), ...galleryAreas.filter((a) => a.area === "nqm").flatMap((a) => a.entries(env))].filter(
    (f) => f.template in TEMPLATE_TYPES,
  );
  const asPlayer = (context: object) => ({ ...context, rulesEditable: false });

  it("covers every sheet template", () => {
    expect(new Set(entries.map((e) => e.template))).toEqual(new Set(Object.keys(TEMPLATE_TYPES)));
  });

  it.each(entries.map((e) => [e.id, e] as const))("%s: the controls a player may use are exactly the player-editable set", (_id, entry) => {
    const type = TEMPLATE_TYPES[entry.template]!;
    const player = controls(render(entry.template, asPlayer(entry.context)));
    const enabledNames = player.filter((c) => c.name !== null && !c.disabled).map((c) => c.name!);
    // The image is Foundry's own header control, not a field of our templates.
    expect(new Set(enabledNames)).toEqual(new Set(PLAYER_EDITABLE[type]!.filter((p) => p !== "img")));
    // Every rules value is still on the sheet: the same named fields as the GM's, disabled.
    const gm = controls(render(entry.template, { ...entry.context, rulesEditable: true }));
    expect(player.map((c) => c.name).filter((n) => n !== null)).toEqual(gm.map((c) => c.name).filter((n) => n !== null));
    expect(gm.filter((c) => c.name !== null && c.disabled && c.name !== "system.green").map((c) => c.name)).toEqual([]);
  });

  it("the unit sheet: tracks, markers and movement read-only, the mode and combat requests offered, notes editable", () => {
    const unit = entries.find((e) => e.id === "unit-nato")!;
    const html = render(unit.template, asPlayer(unit.context));
    const all = controls(html);
    const named = (n: string) => all.find((c) => c.name === n);
    expect(named("system.movementPoints")?.disabled).toBe(true);
    expect(named("system.noMove")?.disabled).toBe(true);
    expect(named("system.minelaying")?.disabled).toBe(true);
    expect(named("system.strength.max")?.disabled).toBe(true);
    expect(named("system.notes")).toMatchObject({ tag: "prose-mirror", disabled: false });
    expect(named("name")?.disabled).toBe(false);
    // The boxes still show strength and supply (4 + 1 filled), but set nothing.
    expect(html.match(/class="track-box filled"/g)?.length).toBe(4 + 1);
    const actions = all.map((c) => c.action).filter((a) => a !== null);
    expect(actions).not.toContain("setTrack");
    expect(actions).not.toContain("releaseFromHq");
    expect(actions).toEqual(expect.arrayContaining(["toggleMode", "planCombat", "unassignCard"]));
    // The GM's view of the same unit offers the track.
    expect(controls(render(unit.template, unit.context)).map((c) => c.action)).toContain("setTrack");
  });

  it("the HQ sheet: no level track, no removing cards or units; recovery, radius and release requests stay", () => {
    const hq = entries.find((e) => e.id === "hq-nato")!;
    const actions = controls(render(hq.template, asPlayer(hq.context)))
      .map((c) => c.action)
      .filter((a) => a !== null);
    expect(actions).not.toEqual(expect.arrayContaining(["setTrack"]));
    expect(actions).not.toContain("deleteCard");
    expect(actions).not.toContain("releaseUnit");
    expect(actions).toContain("showHqRadius");
    const gmActions = controls(render(hq.template, hq.context)).map((c) => c.action);
    expect(gmActions).toEqual(expect.arrayContaining(["setTrack", "deleteCard", "releaseUnit"]));
  });

  it("the squadron sheet: the boxes shown, none settable; no weapons added or removed", () => {
    const squadron = entries.find((e) => e.template === "actor/air-squadron.hbs")!;
    const actions = controls(render(squadron.template, asPlayer(squadron.context))).map((c) => c.action);
    expect(actions).not.toContain("setBox");
    expect(actions).not.toContain("addWeapon");
    expect(actions).not.toContain("removeWeapon");
    expect(controls(render(squadron.template, squadron.context)).map((c) => c.action)).toEqual(
      expect.arrayContaining(["setBox", "addWeapon"]),
    );
  });

  it("the sheet's context says so: rulesEditable only for a GM on an editable sheet", async () => {
    const unit = new harness.Actor({ name: "1 Bde", type: "unit", system: { side: "nato", arm: "armour", size: "brigade", notes: "" } });
    expect((await unitExtras(unit as never, true)).rulesEditable).toBe(true);
    expect((await unitExtras(unit as never, false)).rulesEditable).toBe(false);
    harness.playAsPlayer();
    expect((await unitExtras(unit as never, true)).rulesEditable).toBe(false);
  });
});

/* ---------------- the form ---------------- */

describe("the player-editable set", () => {
  it("names every sheet's document type", () => {
    expect(Object.keys(PLAYER_EDITABLE).sort()).toEqual(SHEETS.map((s) => s.type).sort());
  });

  it("playerEdits is pure: keeps the free text, lists only the rules values that differ", () => {
    const current = { name: "1 Bde", img: "a.svg", system: { notes: "", strength: { value: 4, max: 6 }, noMove: false } };
    const sent = { name: "1 Bde", system: { notes: "<p>x</p>", strength: { value: 6, max: 6 }, noMove: false } };
    const before = structuredClone(sent);
    expect(playerEdits("unit", sent, current)).toEqual({
      data: { name: "1 Bde", system: { notes: "<p>x</p>" } },
      refused: ["system.strength.value"],
    });
    expect(sent).toEqual(before);
    // A type without a sheet keeps nothing.
    expect(playerEdits("unknown", sent, current).data).toEqual({});
  });
});

interface Case {
  readonly type: string;
  readonly make: () => { doc: { system: Raw; name: string; updates: unknown[] }; sheet: Submitting };
  /** The free-text field of the form (null: the sheet has none). */
  readonly notes: string | null;
  /** Rules values the form sends changed. */
  readonly rules: Raw;
  /** Where to read one of them back, and its value before. */
  readonly check: (system: Raw) => unknown;
  readonly before: unknown;
  readonly after: unknown;
}

const actor = (type: string, system: Raw, name = "Doc") => new harness.Actor({ name, type, system });
const submitting = (s: unknown) => s as Submitting;

const CASES: readonly Case[] = [
  {
    type: "unit",
    make: () => {
      const doc = actor("unit", { side: "nato", strength: { value: 4, max: 6 }, noMove: false, notes: "" }, "1 Bde");
      return { doc, sheet: submitting(new UnitSheet({ document: doc })) };
    },
    notes: "system.notes",
    rules: { "system.strength.value": 6, "system.noMove": true, "system.movementPoints": 9 },
    check: (s) => [(s["strength"] as Raw)["value"], s["noMove"]],
    before: [4, false],
    after: [6, true],
  },
  {
    type: "hq",
    make: () => {
      const doc = actor("hq", { side: "nato", level: { value: 2, max: 4 }, mayRecover: true, notes: "" }, "V Corps");
      return { doc, sheet: submitting(new HqSheet({ document: doc })) };
    },
    notes: "system.notes",
    rules: { "system.level.value": 4, "system.mayRecover": false },
    check: (s) => [(s["level"] as Raw)["value"], s["mayRecover"]],
    before: [2, true],
    after: [4, false],
  },
  {
    type: "airSquadron",
    make: () => {
      const doc = actor("airSquadron", { side: "nato", aircraft: "F-15C", airToAir: 5, box: "ready" }, "36 TFW");
      return { doc, sheet: submitting(new AirSquadronSheet({ document: doc })) };
    },
    notes: null,
    rules: { "system.airToAir": 6, "system.box": "damaged" },
    check: (s) => [s["airToAir"], s["box"]],
    before: [5, "ready"],
    after: [6, "damaged"],
  },
  {
    type: "airbase",
    make: () => {
      const doc = actor("airbase", { side: "nato", airZone: "A", airDefence: { value: 1, max: 3 } }, "Ramstein");
      return { doc, sheet: submitting(new AirbaseSheet({ document: doc })) };
    },
    notes: null,
    rules: { "system.airDefence.value": 3, "system.hits.repairable": 0 },
    check: (s) => (s["airDefence"] as Raw)["value"],
    before: 1,
    after: 3,
  },
  {
    type: "nqmUnit",
    make: () => {
      const doc = actor(
        "nqmUnit",
        { side: "nato", strength: { value: 3, max: 3 }, pins: { red: 0, black: 0 }, ammo: 2, notes: "" },
        "1 Coy",
      );
      return { doc, sheet: submitting(new NqmUnitSheet({ document: doc })) };
    },
    notes: "system.notes",
    rules: { "system.ammo": 6, "system.pins.red": 1 },
    check: (s) => [s["ammo"], (s["pins"] as Raw)["red"]],
    before: [2, 0],
    after: [6, 1],
  },
  {
    type: "supportCard",
    make: () => {
      const doc = new harness.Item({
        name: "+2 Combat",
        type: "supportCard",
        system: { side: "nato", category: "engineer", value: 2, description: "" },
      });
      return { doc, sheet: submitting(new SupportCardSheet({ document: doc })) };
    },
    notes: "system.description",
    rules: { "system.value": 5, "system.category": "chemical" },
    check: (s) => [s["value"], s["category"]],
    before: [2, "engineer"],
    after: [5, "chemical"],
  },
];

describe.each(CASES.map((c) => [c.type, c] as const))("%s sheet's form", (type, c) => {
  const form = (): Raw => ({
    name: "Renamed",
    ...(c.notes === null ? {} : { [c.notes]: "<p>Our plan</p>" }),
    ...c.rules,
  });
  const notesOf = (doc: { system: Raw }) => (c.notes === null ? null : doc.system[c.notes.slice("system.".length)]);

  it("a player owner's submit writes only the name and notes, with one notice naming the document", async () => {
    const { doc, sheet } = c.make();
    harness.own(doc as never, "player1");
    harness.playAsPlayer();
    expect(c.check(doc.system)).toEqual(c.before);
    await sheet.submitForm(form());
    expect(c.check(doc.system)).toEqual(c.before);
    expect(doc.name).toBe("Renamed");
    expect(notesOf(doc)).toBe(c.notes === null ? null : "<p>Our plan</p>");
    const sent = { name: "Renamed", ...(c.notes === null ? {} : { system: { [c.notes.slice("system.".length)]: "<p>Our plan</p>" } }) };
    // The one call Foundry was asked to make, and what it wrote.
    const calls = (doc.constructor as unknown as { calls: { method: string; data: unknown }[] }).calls;
    expect(calls.filter((k) => k.method === "update").map((k) => k.data)).toEqual([sent]);
    expect(doc.updates).toEqual([sent]);
    expect(harness.notices.map((n) => n.message)).toEqual([`NOBC.Sheet.Authority.Refused {"name":"${c.make().doc.name}"}`]);
    expect(PLAYER_EDITABLE[type]).toContain("name");
  });

  it("a player's submit of rules values alone writes nothing at all (no update call)", async () => {
    const { doc, sheet } = c.make();
    harness.own(doc as never, "player1");
    harness.playAsPlayer();
    await sheet.submitForm(c.rules);
    const calls = (doc.constructor as unknown as { calls: { method: string }[] }).calls;
    expect(calls.filter((k) => k.method === "update")).toEqual([]);
    expect(doc.updates).toEqual([]);
    expect(c.check(doc.system)).toEqual(c.before);
    expect(harness.notices).toHaveLength(1);
  });

  it("a player's submit repeating the values already there (the whole form, notes changed) gives no notice", async () => {
    const { doc, sheet } = c.make();
    harness.own(doc as never, "player1");
    harness.playAsPlayer();
    const repeated = Object.fromEntries(
      Object.keys(c.rules).map((k) => [k, k.split(".").reduce<unknown>((o, p) => (o as Raw | undefined)?.[p], doc)]),
    );
    await sheet.submitForm({ ...repeated, name: "Renamed" });
    expect(doc.name).toBe("Renamed");
    expect(harness.notices).toEqual([]);
  });

  it("the GM's same submit writes everything", async () => {
    const { doc, sheet } = c.make();
    await sheet.submitForm(form());
    expect(c.check(doc.system)).toEqual(c.after);
    expect(doc.name).toBe("Renamed");
    expect(notesOf(doc)).toBe(c.notes === null ? null : "<p>Our plan</p>");
    expect(harness.notices).toEqual([]);
  });
});

/* ---------------- the sheet's own buttons and drops ---------------- */

type Handler = (this: unknown, event: Event, target: HTMLElement) => Promise<void> | void;
const click = (options: { actions: Record<string, unknown> }, name: string, sheet: unknown, dataset: Record<string, string> = {}) =>
  (options.actions[name] as Handler).call(sheet, new Event("click"), { dataset } as unknown as HTMLElement);

describe("the umpire's sheet controls, clicked by a player owner anyway", () => {
  it("a track box, a squadron's box, a weapon, a card removed: nothing written, one notice each", async () => {
    const unit = actor("unit", { side: "nato", strength: { value: 4, max: 6 }, notes: "" }, "1 Bde");
    const squadron = actor("airSquadron", { side: "nato", aircraft: "F-15C", box: "damaged", weapons: [] }, "36 TFW");
    const hq = actor("hq", { side: "nato", level: { value: 2, max: 4 } }, "V Corps");
    const card = hq.addItem({ name: "+2 Engineer", type: "supportCard", system: { side: "nato", category: "engineer" } });
    for (const doc of [unit, squadron, hq]) harness.own(doc, "player1");
    harness.playAsPlayer();
    await click(UnitSheet.DEFAULT_OPTIONS, "setTrack", new UnitSheet({ document: unit }), { field: "system.strength.value", value: "6" });
    await click(AirSquadronSheet.DEFAULT_OPTIONS, "setBox", new AirSquadronSheet({ document: squadron }), { box: "ready" });
    await click(AirSquadronSheet.DEFAULT_OPTIONS, "addWeapon", new AirSquadronSheet({ document: squadron }));
    await click(HqSheet.DEFAULT_OPTIONS, "deleteCard", new HqSheet({ document: hq }), { uuid: card.uuid });
    expect([unit.updates, squadron.updates, hq.updates]).toEqual([[], [], []]);
    expect(hq.items).toContain(card);
    expect(sheetsFake.dialogs).toEqual([]);
    expect(harness.notices.map((n) => n.message)).toEqual([
      'NOBC.Sheet.Authority.Refused {"name":"1 Bde"}',
      'NOBC.Sheet.Authority.Refused {"name":"36 TFW"}',
      'NOBC.Sheet.Authority.Refused {"name":"36 TFW"}',
      'NOBC.Sheet.Authority.Refused {"name":"V Corps"}',
    ]);
  });

  it("a unit dropped on the player's HQ, a squadron on their airbase: refused, nothing written; the GM's drop is carried out", async () => {
    const hq = actor("hq", { side: "nato", level: { value: 2, max: 4 } }, "V Corps");
    const unit = actor("unit", { side: "nato", hq: null }, "1 Bde");
    const base = actor("airbase", { side: "nato", airZone: "A", capacity: 2 }, "Ramstein");
    const squadron = actor("airSquadron", { side: "nato", airbase: null, airZone: "A" }, "36 TFW");
    for (const doc of [hq, unit, base, squadron]) harness.own(doc, "player1");
    harness.playAsPlayer();
    expect(await new HqSheet({ document: hq })._onDropActor(new Event("drop") as DragEvent, unit as never)).toBe(false);
    expect(await new AirbaseSheet({ document: base })._onDropActor(new Event("drop") as DragEvent, squadron as never)).toBe(false);
    expect([unit.updates, squadron.updates]).toEqual([[], []]);
    expect(harness.notices).toHaveLength(2);
    harness.game["user"] = { id: "user1", name: "Gamemaster", isGM: true };
    expect(await new HqSheet({ document: hq })._onDropActor(new Event("drop") as DragEvent, unit as never)).toBe(true);
    expect(unit.updates).toEqual([{ "system.hq": hq.uuid }]);
  });
});
