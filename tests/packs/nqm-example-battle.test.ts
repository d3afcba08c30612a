/**
 * The NQM example battle (Saint-Clair, 1944): both sides' units in the Actor pack `nqm-example-battle`,
 * one folder a side, and the briefing journal in `rules-reference`. The briefing's force tables are read
 * row by row against the actors, so the two cannot drift apart; the units fit the data model; the
 * procedures the umpire's notes name accept the pairings they name.
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { NqmUnitData, nqmUnitProblems } from "../../src/data/nqm-unit";
import { nqmCombatUnits, NQM_GRADE_LABEL } from "../../src/data/nqm-classes";
import { nqmSystemView, type NqmWorld } from "../../src/apps/nqm/world";
import { initialRecce, recceResolution } from "../../src/apps/nqm/recce/state";
import { firefightInput, initialFirefight } from "../../src/apps/nqm/firefight/state";
import { assaultInput, initialAssault } from "../../src/apps/nqm/assault/state";
import { canDisorganise } from "../../src/rules/nqm/artillery";
import { seededDice } from "../../src/rules/dice";
import type { NqmUnitSystemView } from "../../src/view/views";
import en from "../../lang/en.json";
import { documentsOf, foldersOf, manifest, type DeclaredPack } from "./load";

type Raw = Record<string, unknown>;
interface NqmSource {
  _id: string;
  name: string;
  type: string;
  folder: string | null;
  sort: number;
  system: NqmUnitSystemView & Raw;
}
interface Journal {
  name: string;
  ownership: Raw;
  pages: { name: string; type: string; ownership: Raw; text: { content: string } }[];
}

const PACK = "nqm-example-battle";
const BRIEFING = "NQM Example Battle: Saint-Clair, 1944";
const HOF = "Team Yankee Mission: Breakthrough at Hof";
const SIDES = [
  { side: "nato", folder: "British: 2nd Loamshire Battalion Group", page: "British forces" },
  { side: "wp", folder: "German: Kampfgruppe Brandt", page: "German forces" },
] as const;

const units = documentsOf<NqmSource>(PACK);
const folders = foldersOf(PACK);
const journals = documentsOf<Journal>("rules-reference");
const briefing = journals.find((j) => j.name === BRIEFING);

const lang = (key: string): string => {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Raw | undefined)?.[part], en);
  if (typeof found !== "string") throw new Error(`no ${key} in lang/en.json`);
  return found;
};

/** The units of a side's folder, in the order the folder sorts them. */
function unitsOf(folderName: string): NqmSource[] {
  const folder = folders.find((f) => f.name === folderName);
  if (!folder) throw new Error(`no folder ${folderName} in ${PACK}`);
  return units.filter((u) => u.folder === folder._id).sort((a, b) => a.sort - b.sort);
}

function page(name: string): string {
  const html = briefing?.pages.find((p) => p.name === name)?.text.content;
  if (html === undefined) throw new Error(`no page "${name}" in ${BRIEFING}`);
  return html;
}

/** The cells of every body row of a page's tables. */
function rows(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
    .map((r) => [...r[1]!.matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1]!))
    .filter((cells) => cells.length > 0);
}

const POSITION = { open: "open", dugIn: "dug in", fortified: "fortified" } as const;

/** A unit as the briefing's table writes it: name, grade (and Green), stand, bases, fire, armour, position, ammunition. */
function asRow(u: NqmSource): string[] {
  const s = u.system;
  const grade = lang(NQM_GRADE_LABEL[s.grade]) + (s.green ? ", Green" : "");
  return [u.name, grade, s.kind, String(s.strength.max), s.weight, s.armour, POSITION[s.protection], String(s.ammo)];
}

describe("the NQM example battle pack", () => {
  it("is an Actor pack in NOBC Toolkits, hidden from players, its values said to be the scenario designer's", () => {
    const m = manifest();
    const pack = m.packs.find<DeclaredPack & { flags?: Raw }>((p): p is DeclaredPack & { flags?: Raw } => p.name === PACK);
    expect(pack).toMatchObject({ label: "NQM Example Battle", type: "Actor", path: `packs/${PACK}` });
    expect(pack?.ownership).toEqual({ PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" });
    const description = (pack?.flags?.["nobc"] as { description?: string } | undefined)?.description ?? "";
    expect(description).toContain("scenario designer's");
    expect(description).toContain(BRIEFING);
    expect(m.packFolders?.find((f) => f.packs.includes(PACK))?.name).toBe("NOBC Toolkits");
  });

  it("holds two folders, one a side, with 6 to 10 NQM units each on that side, and nothing else", () => {
    expect(folders.map((f) => f.name).sort()).toEqual(SIDES.map((s) => s.folder).sort());
    for (const { side, folder } of SIDES) {
      const own = unitsOf(folder);
      expect(own.length, folder).toBeGreaterThanOrEqual(6);
      expect(own.length, folder).toBeLessThanOrEqual(10);
      for (const u of own) expect([u.name, u.type, u.system.side]).toEqual([u.name, "nqmUnit", side]);
    }
    expect(unitsOf(SIDES[0].folder).length + unitsOf(SIDES[1].folder).length).toBe(units.length);
    expect(new Set(units.map((u) => u.name)).size).toBe(units.length);
  });

  it.each(units.map((u) => [u.name, u] as const))("%s fits the nqmUnit data model and starts fresh", (_name, u) => {
    const model = new NqmUnitData(structuredClone(u.system));
    model.prepareDerivedData();
    expect(nqmUnitProblems(u.system)).toEqual([]);
    const s = u.system;
    // Nothing is put back to a default by the model.
    expect([model.grade, model.green, model.kind, model.strength, model.weight, model.armour, model.protection, model.ammo]).toEqual([
      s.grade,
      s.green,
      s.kind,
      s.strength,
      s.weight,
      s.armour,
      s.protection,
      s.ammo,
    ]);
    // At full strength, no pins or markers, in supply, firing the CUs its stand gives (Figure Classification).
    expect(s.strength.value).toBe(s.strength.max);
    expect([model.pinned, s.pins.black, s.disorganised, s.broken, s.surrendered, s.withdrawn, s.inSupply]).toEqual([
      false,
      0,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(s.combatUnits).toBe(nqmCombatUnits(s.kind, s.strength.max));
    expect(s.ammo).toBeGreaterThan(0);
    // Seed 004, Logistics: a stand carries as many dice as its strength (fire units of support stands are the guns' own).
    if (s.kind === "fighting") expect(s.ammo).toBeLessThanOrEqual(s.strength.value);
  });

  it("the data model still refuses a broken copy (the check above can fail)", () => {
    const bad = { ...structuredClone(units[0]!.system), pins: { red: 5, black: 5 } };
    expect(() => new NqmUnitData(bad as never)).toThrow();
  });

  it("teaches the grades: at least three grades, a Green unit and recce troops among the units", () => {
    expect(new Set(units.map((u) => u.system.grade)).size).toBeGreaterThanOrEqual(3);
    expect(units.some((u) => u.system.green)).toBe(true);
    expect(units.some((u) => u.system.recceTroops)).toBe(true);
  });
});

describe("the briefing (NOBC Rules Reference)", () => {
  it("is a journal players may read, owned as the Team Yankee mission's is, every page inheriting it", () => {
    expect(briefing).toBeDefined();
    const hof = journals.find((j) => j.name === HOF)!;
    expect(briefing!.ownership).toEqual(hof.ownership);
    expect(manifest().packs.find((p) => p.name === "rules-reference")?.ownership).toMatchObject({ PLAYER: "OBSERVER" });
    expect(briefing!.pages.map((p) => p.name)).toEqual([
      "Situation",
      "British forces",
      "German forces",
      "Objectives and victory",
      "Umpire's notes",
    ]);
    for (const p of briefing!.pages) {
      expect([p.name, p.type, p.ownership]).toEqual([p.name, "text", { default: -1 }]);
      expect(p.text.content.replace(/<[^>]+>/g, "").trim().length, p.name).toBeGreaterThan(100);
    }
  });

  it.each(SIDES.map((s) => [s.page, s] as const))("%s lists that side's units row by row as the actors have them", (_page, side) => {
    expect(rows(page(side.page))).toEqual(unitsOf(side.folder).map(asRow));
  });

  it("the umpire's notes name each procedure by its title in the umpire's toolkit", () => {
    const notes = page("Umpire's notes");
    const procedures = ["Recce", "Artillery", "Air", "Firefight", "Morale", "Assault", "Command", "Reorganisation"].map((p) =>
      lang(`NOBC.Nqm.${p}.Title`),
    );
    const named = [...notes.matchAll(/<em>(.*?)<\/em>/g)].map((m) => m[1]!);
    expect(named.filter((n) => !procedures.includes(n))).toEqual(["NQM Example Battle", lang("NOBC.Toolkit.Title")]);
    for (const title of procedures) expect(named, title).toContain(title);
  });
});

describe("the pairings the umpire's notes name pass the procedures' checks", () => {
  const world: NqmWorld = {
    isGM: true,
    selected: [],
    units: units.map((u) => ({ id: `Actor.${u._id}`, name: u.name, system: nqmSystemView(u.system) })),
  };
  const id = (name: string) => {
    const unit = world.units.find((u) => u.name === name);
    if (!unit) throw new Error(`no unit ${name}`);
    return unit.id;
  };
  const RECCE = "Recce Troop, Loamshire Yeomanry (Stuart)";
  const HEAVY = "KG Brandt, 8th Heavy Company (MG and mortars)";
  const RIFLES = "2 Loamshire, A and B Companies";
  const GRENADIERS = "KG Brandt, 5th and 6th Grenadier Companies";

  it("recce: the Recce Troop against the 8th Heavy Company, shooting and scooting", () => {
    const state = { ...initialRecce(world, { recce: id(RECCE), defender: id(HEAVY) }), shootAndScoot: true };
    const checked = recceResolution(world, state, seededDice(1944));
    expect(checked.ok ? "ok" : checked.refusals).toBe("ok");
  });

  it("fireplan: the 25-pounder's 88 mm disorganises the dug-in grenadiers (Table 7)", () => {
    expect(page("Umpire's notes")).toContain("88 mm");
    const grenadiers = world.units.find((u) => u.name === GRENADIERS)!;
    expect(grenadiers.system.targetClass).toBe("M");
    expect(canDisorganise(88, grenadiers.system.targetClass)).toBe(true);
  });

  it("firefight: the rifles, the Shermans and the mortars against the grenadiers, the heavy company and the Pak", () => {
    const state = initialFirefight(world, {
      attacker: [RIFLES, "B Squadron, Loamshire Yeomanry (Sherman)", "2 Loamshire, Mortar and Carrier Platoons"].map(id),
      defender: [GRENADIERS, HEAVY, "KG Brandt, Anti-Tank Platoon (7.5 cm Pak 40)"].map(id),
    });
    const checked = firefightInput(world, state);
    expect(checked.ok ? "ok" : checked.refusals).toBe("ok");
  });

  it("close assault: more than one stand goes in, with a command base", () => {
    const state = { ...initialAssault(world, { attacker: id(RIFLES), defender: id(GRENADIERS) }), stands: 2 };
    const checked = assaultInput(world, state);
    expect(checked.ok ? "ok" : checked.refusals).toBe("ok");
  });
});
