/**
 * Every pack source file against the schemas in src/schemas, and the validator itself: a broken
 * document must fail naming the file, the field path and the problem.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, validatePack, type SourceFile } from "../../src/schemas/index";
import { documentsOf, manifest, readSources } from "./load";

const packs = manifest().packs;

describe("declared packs", () => {
  it("each pack is a system pack with a source folder", () => {
    for (const pack of packs) {
      expect(pack.system, pack.name).toBe("nobc");
      expect(pack.path, pack.name).toBe(`packs/${pack.name}`);
      expect(existsSync(pack.source), `${pack.name} source folder`).toBe(true);
    }
  });

  it("packFolders group every pack exactly once", () => {
    const grouped = (manifest().packFolders ?? []).flatMap((f) => f.packs);
    expect([...grouped].sort()).toEqual(packs.map((p) => p.name).sort());
  });

  it("the umpire's packs are hidden from players", () => {
    for (const name of ["support-cards", "air-order-of-battle"]) {
      expect(packs.find((p) => p.name === name)?.ownership).toMatchObject({ PLAYER: "NONE", ASSISTANT: "OWNER" });
    }
  });
});

describe.each(packs.map((p) => [p.name, p] as const))("pack %s", (_name, pack) => {
  it("every source file is valid", () => {
    const files = readSources(pack.source);
    expect(files.length).toBeGreaterThan(0);
    const problems = validatePack(pack.type, files).map(formatProblem);
    expect(problems, `\n${problems.join("\n")}\n`).toHaveLength(0);
  });
});

type Doc = Record<string, unknown>;

// A valid squadron to break in the tests below.
const squadron = () => structuredClone(documentsOf<Doc & { system: Doc }>("air-order-of-battle").find((d) => d.type === "airSquadron")!);
/** The squadron on its own, out of its folder. */
const bare = () => Object.assign(squadron(), { folder: null });
const check = (type: Parameters<typeof validatePack>[0], ...docs: Record<string, unknown>[]) =>
  validatePack(
    type,
    docs.map((data, i): SourceFile => ({ file: `doc${i}.json`, data })),
  ).map(formatProblem);

describe("the validator names the file, the field and the problem", () => {
  it("passes a valid squadron on its own once its folder is dropped", () => {
    expect(check("Actor", bare())).toEqual([]);
  });

  it("an air factor above 6", () => {
    const doc = bare();
    doc.system.airToAir = 7;
    expect(check("Actor", doc)).toEqual([expect.stringMatching(/^doc0\.json: system\.airToAir: .*6/)]);
  });

  it("a misspelt system field", () => {
    const doc = bare();
    doc.system.airTooAir = 3;
    expect(check("Actor", doc)).toEqual([expect.stringMatching(/^doc0\.json: system: .*airTooAir/)]);
  });

  it("a weapon with no name, by array index", () => {
    const doc = bare();
    doc.system.weapons = [{ kind: "aam", name: "" }];
    expect(check("Actor", doc)).toEqual([expect.stringMatching(/^doc0\.json: system\.weapons\[0\]\.name: /)]);
  });

  it("a key that does not match the id", () => {
    const doc = { ...bare(), _key: "!actors!AAAAAAAAAAAAAAAA" };
    expect(check("Actor", doc)).toEqual([expect.stringMatching(/^doc0\.json: _key: is "!actors!AAAAAAAAAAAAAAAA", expected "!actors!/)]);
  });

  it("an id of the wrong length", () => {
    const doc = { ...bare(), _id: "short" };
    expect(check("Actor", doc)).toContainEqual(expect.stringMatching(/^doc0\.json: _id: must be a 16-character id/));
  });

  it("a squadron whose nationality fights for the other side", () => {
    const doc = bare();
    doc.system.nationality = doc.system.side === "wp" ? "us" : "su";
    expect(check("Actor", doc)).toEqual([expect.stringMatching(/^doc0\.json: system\.nationality: .* fights for/)]);
  });

  it("an airbase reference that is not an Actor UUID", () => {
    const doc = bare();
    doc.system.airbase = "Item.AAAAAAAAAAAAAAAA";
    expect(check("Actor", doc)).toEqual([expect.stringMatching(/^doc0\.json: system\.airbase: must be an Actor UUID/)]);
  });

  it("the same id twice, and a folder that is not in the pack", () => {
    const a = squadron();
    const problems = check("Actor", a, { ...a });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^doc1\.json: _id: \w{16} is already used by doc0\.json$/),
        expect.stringMatching(/^doc0\.json: folder: no folder \w{16} in this pack$/),
        expect.stringMatching(/^doc1\.json: folder: no folder \w{16} in this pack$/),
      ]),
    );
  });

  it("a folder of another document type", () => {
    const folder = {
      _id: "AAAAAAAAAAAAAAAA",
      _key: "!folders!AAAAAAAAAAAAAAAA",
      name: "Cards",
      type: "Item",
      folder: null,
      sorting: "m",
      sort: 0,
      flags: {},
    };
    expect(check("Actor", folder)).toEqual(["doc0.json: type: a folder in a Actor pack must hold Actor documents, not Item"]);
  });
});

const unit = (system: Record<string, unknown>) => ({
  _id: "UUUUUUUUUUUUUUUU",
  _key: "!actors!UUUUUUUUUUUUUUUU",
  name: "3rd Armoured Brigade",
  type: "unit",
  folder: null,
  sort: 0,
  ownership: { default: 0 },
  flags: {},
  system: {
    side: "nato",
    nationality: "uk",
    hq: null,
    size: "brigade",
    arm: "armour",
    strength: { value: 6, max: 6 },
    supply: 2,
    mode: "combat",
    minelaying: false,
    underMine: false,
    noMove: false,
    contaminated: false,
    movementPoints: 0,
    notes: "",
    ...system,
  },
});

describe("unit and HQ rules the schemas enforce", () => {
  it("a valid brigade passes", () => expect(check("Actor", unit({}))).toEqual([]));
  it("strength above its maximum", () => {
    expect(check("Actor", unit({ strength: { value: 7, max: 6 } }))).toEqual([
      "doc0.json: system.strength.value: 7 is above the maximum 6",
    ]);
  });
  it("more supply than a brigade carries (seed 000: brigades up to 2 SP)", () => {
    expect(check("Actor", unit({ supply: 3 }))).toEqual(["doc0.json: system.supply: 3 is more than a armour brigade carries (2)"]);
  });
  it("artillery in Combat Mode (seed 000: always in March Mode)", () => {
    expect(check("Actor", unit({ arm: "artillery", supply: 0 }))).toEqual([
      "doc0.json: system.mode: artillery and battalions are always in March Mode",
    ]);
  });
  it("a unit that holds support cards", () => {
    const doc = unit({}) as Record<string, unknown>;
    const card = documentsOf("support-cards").find((c) => (c.system as { side: string }).side === "nato")!;
    doc.items = [{ ...card, _key: `!actors.items!UUUUUUUUUUUUUUUU.${card._id as string}`, folder: null }];
    expect(check("Actor", doc)).toEqual(["doc0.json: items[0]: only an HQ holds support cards, not a unit"]);
  });
  it("an HQ's embedded card keys name the HQ", () => {
    const card = documentsOf("support-cards").find((c) => (c.system as { side: string }).side === "nato")!;
    const hq = {
      ...unit({}),
      type: "hq",
      system: {
        side: "nato",
        nationality: "uk",
        echelon: "corps",
        level: { value: 4, max: 4 },
        radius: 4,
        supplyCounters: 0,
        mayRecover: true,
        parent: null,
        initiative: false,
        notes: "",
      },
      items: [{ ...card, folder: null, _key: `!actors.items!XXXXXXXXXXXXXXXX.${card._id as string}` }],
    };
    expect(check("Actor", hq)).toEqual([
      expect.stringMatching(/^doc0\.json: items\[0\]\._key: .*expected "!actors\.items!UUUUUUUUUUUUUUUU\./),
    ]);
  });
});

describe("other document types", () => {
  it("a roll table whose ranges overlap", () => {
    const table = structuredClone(documentsOf<Doc & { results: Doc[] }>("mission-tables")[0]!);
    table.results[1]!.range = [1, 2];
    expect(check("RollTable", table)).toContainEqual(expect.stringMatching(/^doc0\.json: results: ranges overlap at 1/));
  });
  it("a result range that runs backwards", () => {
    const table = structuredClone(documentsOf<Doc & { results: Doc[] }>("mission-tables")[0]!);
    table.results[0]!.range = [3, 2];
    expect(check("RollTable", table)).toContainEqual("doc0.json: results[0].range: runs backwards (3 to 2)");
  });
  it("a macro without a command", () => {
    const macro = { ...documentsOf("macros")[0]!, command: "" };
    expect(check("Macro", macro)).toEqual(["doc0.json: command: a macro needs a command"]);
  });
  it("a journal page whose key names another journal", () => {
    const journal = structuredClone(documentsOf<Doc & { pages: Doc[] }>("rules-reference")[0]!);
    journal.pages[0]!._key = "!journal.pages!AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB";
    expect(check("JournalEntry", journal)).toEqual([expect.stringMatching(/^doc0\.json: pages\[0\]\._key: /)]);
  });
  it("a support card with a category the rules do not know", () => {
    const card = structuredClone(documentsOf<Doc & { system: Doc }>("support-cards")[0]!);
    card.folder = null;
    card.system.category = "artillery";
    expect(check("Item", card)).toEqual([expect.stringMatching(/^doc0\.json: system\.category: /)]);
  });
});
