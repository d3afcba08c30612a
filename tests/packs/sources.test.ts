/**
 * Every pack source file against the schemas in src/schemas, and the validator itself: a broken
 * document must fail naming the file, the field path and the problem.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, validatePack, type SourceFile } from "../../src/schemas/index";
import { phrase, type Phrase } from "../../src/rules/resolution";
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
    expect(problems, `\n${JSON.stringify(problems, null, 1)}\n`).toHaveLength(0);
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
/** A problem as the validator reports it: the file, the field path and what is wrong. */
const at = (file: string, field: string, problem: Phrase) => phrase("NOBC.Validation.SourceProblem", { file, field, problem });
const anId = () => expect.stringMatching(/^\w{16}$/) as string;

describe("the validator names the file, the field and the problem", () => {
  it("passes a valid squadron on its own once its folder is dropped", () => {
    expect(check("Actor", bare())).toEqual([]);
  });

  it("an air factor above 6", () => {
    const doc = bare();
    doc.system.airToAir = 7;
    expect(check("Actor", doc)).toEqual([at("doc0.json", "system.airToAir", phrase("NOBC.Validation.TooBig.AtMost", { maximum: 6 }))]);
  });

  it("a misspelt system field", () => {
    const doc = bare();
    doc.system.airTooAir = 3;
    expect(check("Actor", doc)).toEqual([
      at("doc0.json", "system", phrase("NOBC.Validation.UnrecognizedKeys", { count: 1, keys: '"airTooAir"' })),
    ]);
  });

  it("a weapon with no name, by array index", () => {
    const doc = bare();
    doc.system.weapons = [{ kind: "aam", name: "" }];
    expect(check("Actor", doc)).toEqual([
      at("doc0.json", "system.weapons[0].name", phrase("NOBC.Validation.TooSmall.Characters", { count: 1 })),
    ]);
  });

  it("a key that does not match the id", () => {
    const doc = { ...bare(), _key: "!actors!AAAAAAAAAAAAAAAA" };
    expect(check("Actor", doc)).toEqual([
      at(
        "doc0.json",
        "_key",
        phrase("NOBC.Validation.Pack.KeyMismatch", {
          actual: "!actors!AAAAAAAAAAAAAAAA",
          expected: expect.stringMatching(/^!actors!/) as string,
        }),
      ),
    ]);
  });

  it("an id of the wrong length", () => {
    const doc = { ...bare(), _id: "short" };
    expect(check("Actor", doc)).toContainEqual(at("doc0.json", "_id", phrase("NOBC.Validation.Pack.DocumentId", { input: '"short"' })));
  });

  it("a squadron whose nationality fights for the other side", () => {
    const doc = bare();
    doc.system.nationality = doc.system.side === "wp" ? "us" : "su";
    expect(check("Actor", doc)).toEqual([
      at(
        "doc0.json",
        "system.nationality",
        phrase("NOBC.Validation.System.WrongSide", {
          nationality: phrase(doc.system.side === "wp" ? "NOBC.Nationality.us" : "NOBC.Nationality.su"),
          own: phrase(doc.system.side === "wp" ? "NOBC.Side.nato" : "NOBC.Side.wp"),
          side: phrase(doc.system.side === "wp" ? "NOBC.Side.wp" : "NOBC.Side.nato"),
        }),
      ),
    ]);
  });

  it("an airbase reference that is not an Actor UUID", () => {
    const doc = bare();
    doc.system.airbase = "Item.AAAAAAAAAAAAAAAA";
    expect(check("Actor", doc)).toEqual([
      at("doc0.json", "system.airbase", phrase("NOBC.Validation.Pack.ActorUuid", { input: '"Item.AAAAAAAAAAAAAAAA"' })),
    ]);
  });

  it("the same id twice, and a folder that is not in the pack", () => {
    const a = squadron();
    const problems = check("Actor", a, { ...a });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        at("doc1.json", "_id", phrase("NOBC.Validation.Pack.IdUsed", { id: a._id as string, file: "doc0.json" })),
        at("doc0.json", "folder", phrase("NOBC.Validation.Pack.NoFolder", { folder: anId() })),
        at("doc1.json", "folder", phrase("NOBC.Validation.Pack.NoFolder", { folder: anId() })),
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
    expect(check("Actor", folder)).toEqual([
      at("doc0.json", "type", phrase("NOBC.Validation.Pack.FolderType", { type: "Actor", found: "Item" })),
    ]);
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
    noMove: false,
    movementPoints: 0,
    overrunCost: { mp: null, hits: null },
    notes: "",
    ...system,
  },
});

describe("unit and HQ rules the schemas enforce", () => {
  it("a valid brigade passes", () => expect(check("Actor", unit({}))).toEqual([]));
  it("strength above its maximum", () => {
    expect(check("Actor", unit({ strength: { value: 7, max: 6 } }))).toEqual([
      at("doc0.json", "system.strength.value", phrase("NOBC.Validation.System.AboveMaximum", { value: 7, max: 6 })),
    ]);
  });
  it("more supply than a brigade carries (seed 000: brigades up to 2 SP)", () => {
    expect(check("Actor", unit({ supply: 3 }))).toEqual([
      at(
        "doc0.json",
        "system.supply",
        phrase("NOBC.Validation.System.SupplyAboveCapacity", {
          supply: 3,
          arm: phrase("NOBC.Arm.armour"),
          size: phrase("NOBC.Rules.Land.Size.brigade"),
          capacity: 2,
        }),
      ),
    ]);
  });
  it("artillery in Combat Mode (seed 000: always in March Mode)", () => {
    expect(check("Actor", unit({ arm: "artillery", supply: 0 }))).toEqual([
      at("doc0.json", "system.mode", phrase("NOBC.Validation.System.AlwaysMarch", { input: expect.any(String) as string })),
    ]);
  });
  it("a unit that holds support cards", () => {
    const doc = unit({}) as Record<string, unknown>;
    const card = documentsOf("support-cards").find((c) => (c.system as { side: string }).side === "nato")!;
    doc.items = [{ ...card, _key: `!actors.items!UUUUUUUUUUUUUUUU.${card._id as string}`, folder: null }];
    expect(check("Actor", doc)).toEqual([at("doc0.json", "items[0]", phrase("NOBC.Validation.Pack.CardsOnlyOnHq", { type: "unit" }))]);
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
      at(
        "doc0.json",
        "items[0]._key",
        phrase("NOBC.Validation.Pack.KeyMismatch", {
          actual: `!actors.items!XXXXXXXXXXXXXXXX.${card._id as string}`,
          expected: `!actors.items!UUUUUUUUUUUUUUUU.${card._id as string}`,
        }),
      ),
    ]);
  });
});

describe("other document types", () => {
  it("a roll table whose ranges overlap", () => {
    const table = structuredClone(documentsOf<Doc & { results: Doc[] }>("mission-tables")[0]!);
    table.results[1]!.range = [1, 2];
    expect(check("RollTable", table)).toContainEqual(at("doc0.json", "results", phrase("NOBC.Validation.Pack.RangesOverlap", { at: 1 })));
  });
  it("a result range that runs backwards", () => {
    const table = structuredClone(documentsOf<Doc & { results: Doc[] }>("mission-tables")[0]!);
    table.results[0]!.range = [3, 2];
    expect(check("RollTable", table)).toContainEqual(
      at("doc0.json", "results[0].range", phrase("NOBC.Validation.Pack.RangeBackwards", { from: 3, to: 2 })),
    );
  });
  it("a macro without a command", () => {
    const macro = { ...documentsOf("macros")[0]!, command: "" };
    expect(check("Macro", macro)).toEqual([
      at("doc0.json", "command", phrase("NOBC.Validation.Pack.MacroCommand", { input: '""', minimum: 1 })),
    ]);
  });
  it("a journal page whose key names another journal", () => {
    const journal = structuredClone(documentsOf<Doc & { pages: Doc[] }>("rules-reference")[0]!);
    journal.pages[0]!._key = "!journal.pages!AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB";
    expect(check("JournalEntry", journal)).toEqual([
      at(
        "doc0.json",
        "pages[0]._key",
        phrase("NOBC.Validation.Pack.KeyMismatch", {
          actual: "!journal.pages!AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB",
          expected: `!journal.pages!${journal._id as string}.${journal.pages[0]!._id as string}`,
        }),
      ),
    ]);
  });
  it("a support card with a category the rules do not know", () => {
    const card = structuredClone(documentsOf<Doc & { system: Doc }>("support-cards")[0]!);
    card.folder = null;
    card.system.category = "artillery";
    expect(check("Item", card)).toEqual([
      at(
        "doc0.json",
        "system.category",
        phrase("NOBC.Validation.InvalidOption", { values: expect.stringContaining('"airRecce"') as string }),
      ),
    ]);
  });
});
