import { describe, expect, it } from "vitest";
import { detectFormat, formatProblem, validateOrbat } from "../../src/orbat/index";
import { problem } from "../../src/orbat/problems";
import { phrase } from "../../src/rules/resolution";
import { army, brigade, corps, csv, HEADER, prepare, problemsOf, row } from "./helpers";

describe("sound input", () => {
  it("reads a corps and its brigade, filling defaults", () => {
    const r = validateOrbat(csv([corps, brigade("3 PzBde")]), "csv");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [hq, unit] = r.entries;
    expect(hq).toMatchObject({
      type: "hq",
      name: "I Corps",
      parent: null,
      system: { echelon: "corps", level: { value: 4, max: 4 }, radius: 4, mayRecover: true, initiative: false },
    });
    expect(unit).toMatchObject({
      type: "unit",
      parent: "I Corps",
      system: { strength: { value: 6, max: 6 }, supply: 2, mode: "combat", hq: null },
    });
  });

  it("matches choices and column names without regard to case, and trims cells", () => {
    const header = HEADER.map((h) => (h === "strength" ? "Strength" : h));
    const r = validateOrbat(csv([corps, brigade(" 3 PzBde ", { side: "NATO", arm: "Armour", parent: "i corps" })], header), "csv");
    expect(r.ok && r.entries[1]).toMatchObject({ name: "3 PzBde", side: "nato", system: { arm: "armour" } });
  });

  it("puts artillery in March Mode and gives it no supply by default", () => {
    const r = validateOrbat(csv([corps, brigade("Arty", { arm: "artillery" })]), "csv");
    expect(r.ok && r.entries[1]!.system).toMatchObject({ mode: "march", supply: 0 });
  });

  it("accepts a short row as if its last cells were empty", () => {
    const text = "type,name,side,nationality,echelon,level,notes\nhq,I Corps,nato,frg,corps,4\n";
    expect(validateOrbat(text, "csv").ok).toBe(true);
  });

  it("skips rows whose cells are all empty", () => {
    expect(validateOrbat(csv([corps, HEADER.map(() => "")]), "csv")).toMatchObject({ ok: true, entries: [{ name: "I Corps" }] });
  });
});

describe("bad input is refused as a whole, each problem by line and column", () => {
  it("a required column missing from the header, once for the file", () => {
    const header = HEADER.filter((h) => h !== "strength");
    const drop = (r: string[]) => r.filter((_, i) => HEADER[i] !== "strength");
    expect(problemsOf(csv([drop(corps), drop(brigade("3 PzBde")), drop(brigade("4 PzBde"))], header))).toEqual([
      problem(
        1,
        "strength",
        phrase("NOBC.Orbat.Problem.MissingColumn", {
          who: phrase("NOBC.Orbat.Problem.RowsNeed", { rows: phrase("NOBC.Orbat.Problem.TypeRows", { type: "unit" }) }),
        }),
      ),
    ]);
  });

  it("type, name and side are needed even by a file with no rows", () => {
    expect(problemsOf("nationality\n")).toEqual([
      problem(null, null, phrase("NOBC.Orbat.Problem.NoRows")),
      problem(1, "type", phrase("NOBC.Orbat.Problem.MissingColumn", { who: phrase("NOBC.Orbat.Problem.EveryRowNeeds") })),
      problem(1, "name", phrase("NOBC.Orbat.Problem.MissingColumn", { who: phrase("NOBC.Orbat.Problem.EveryRowNeeds") })),
      problem(1, "side", phrase("NOBC.Orbat.Problem.MissingColumn", { who: phrase("NOBC.Orbat.Problem.EveryRowNeeds") })),
    ]);
  });

  it("an unknown nationality", () => {
    expect(problemsOf(csv([corps, brigade("X", { nationality: "ch" })]))).toEqual([
      problem(
        3,
        "nationality",
        phrase("NOBC.Orbat.Problem.NotOneOf", { value: "ch", choices: "us, uk, frg, ca, fr, nl, be, dk, su, gdr, pl, cs" }),
      ),
    ]);
  });

  it("a strength that is not a whole number", () => {
    expect(
      problemsOf(csv([corps, brigade("X", { strength: "ten" }), brigade("Y", { strength: "2.5" }), brigade("Z", { strength: "-1" })])),
    ).toEqual([
      problem(3, "strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "ten" })),
      problem(4, "strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "2.5" })),
      problem(5, "strength", phrase("NOBC.Orbat.Problem.BelowMin", { value: -1, min: 0 })),
    ]);
  });

  it("a unit subordinated to an HQ that does not exist", () => {
    expect(problemsOf(csv([corps, brigade("X", { parent: "II Corps" })]))).toEqual([
      problem(3, "parent", phrase("NOBC.Orbat.Problem.NoParent", { type: "hq", parent: "II Corps" })),
    ]);
  });

  it("a name used twice, whatever its case", () => {
    expect(problemsOf(csv([corps, brigade("X"), brigade("x")]))).toEqual([
      problem(4, "name", phrase("NOBC.Orbat.Problem.NameTaken", { name: "x", type: "unit", line: "3" })),
    ]);
  });

  it("a nationality of the other side", () => {
    expect(problemsOf(csv([corps, brigade("X", { nationality: "gdr" })]))).toEqual([
      problem(3, "nationality", phrase("NOBC.Orbat.Problem.NationalitySide", { nationality: "gdr", own: "wp", side: "nato" })),
    ]);
  });

  it("a parent of the wrong kind or of the other side, a loop of HQs", () => {
    const text = csv([
      corps,
      army,
      brigade("X", { parent: "3 Shock Army" }),
      brigade("Y"),
      brigade("Z", { parent: "Y" }),
      row({ type: "hq", name: "A", side: "wp", nationality: "su", parent: "B", echelon: "army", level: "2" }),
      row({ type: "hq", name: "B", side: "wp", nationality: "su", parent: "A", echelon: "front", level: "2" }),
      row({ type: "hq", name: "C", side: "wp", nationality: "su", parent: "C", echelon: "army", level: "2" }),
    ]);
    expect(problemsOf(text)).toEqual([
      problem(4, "parent", phrase("NOBC.Orbat.Problem.ParentSide", { parent: "3 Shock Army", line: "3", parentSide: "wp", side: "nato" })),
      problem(
        6,
        "parent",
        phrase("NOBC.Orbat.Problem.ParentKind", {
          parent: "Y",
          line: "5",
          parentType: phrase("NOBC.Orbat.Problem.Row.unit"),
          type: phrase("NOBC.Orbat.Problem.Row.unit"),
          wanted: phrase("NOBC.Orbat.Problem.Row.hq"),
        }),
      ),
      problem(7, "parent", phrase("NOBC.Orbat.Problem.HqLoop", { name: "A" })),
      problem(8, "parent", phrase("NOBC.Orbat.Problem.HqLoop", { name: "B" })),
      problem(9, "parent", phrase("NOBC.Orbat.Problem.OwnParent", { name: "C" })),
    ]);
  });

  it("checks that join cells through the document schemas", () => {
    const text = csv([corps, brigade("X", { supply: "3" }), brigade("Y", { size: "division", arm: "artillery", supply: "1" })]);
    expect(problemsOf(text)).toEqual([
      problem(
        3,
        "supply",
        phrase("NOBC.Validation.System.SupplyAboveCapacity", {
          supply: 3,
          arm: phrase("NOBC.Arm.armour"),
          size: phrase("NOBC.Rules.Land.Size.brigade"),
          capacity: 2,
        }),
      ),
      problem(
        4,
        "supply",
        phrase("NOBC.Validation.System.SupplyAboveCapacity", {
          supply: 1,
          arm: phrase("NOBC.Arm.artillery"),
          size: phrase("NOBC.Rules.Land.Size.division"),
          capacity: 0,
        }),
      ),
    ]);
  });

  it("a value in a column its type does not use, an unknown column, an empty required cell, an unknown type", () => {
    const header = [...HEADER, "colour"];
    const text = csv(
      [
        [...corps.map((c, i) => (HEADER[i] === "strength" ? "5" : c)), ""],
        [...brigade("X", { arm: "" }), "red"],
        [...row({ type: "brigade", name: "Y" }), ""],
        [...row({ name: "Z" }), ""],
      ],
      header,
    );
    expect(problemsOf(text)).toEqual([
      problem(1, "colour", phrase("NOBC.Orbat.Problem.UnknownColumn")),
      problem(2, "strength", phrase("NOBC.Orbat.Problem.NoSuchColumn", { row: phrase("NOBC.Orbat.Problem.Row.hq"), column: "strength" })),
      problem(3, "arm", phrase("NOBC.Orbat.Problem.RequiredEmpty", { row: phrase("NOBC.Orbat.Problem.Row.unit") })),
      problem(4, "type", phrase("NOBC.Orbat.Problem.NotOneOf", { value: "brigade", choices: "hq, unit, airbase, airSquadron" })),
      problem(5, "type", phrase("NOBC.Orbat.Problem.TypeEmpty", { choices: "hq, unit, airbase, airSquadron" })),
    ]);
  });

  it("header faults and a row longer than the header", () => {
    expect(problemsOf("type,name,,name\nhq,A,b,c,d\n")).toEqual([
      problem(1, null, phrase("NOBC.Orbat.Problem.UnnamedColumn", { column: 3 })),
      problem(1, "name", phrase("NOBC.Orbat.Problem.ColumnTwice")),
      problem(
        2,
        null,
        phrase("NOBC.Orbat.Problem.TooManyFields", {
          fields: phrase("NOBC.Orbat.Problem.Fields", { count: 5 }),
          columns: phrase("NOBC.Orbat.Problem.Columns", { count: 4 }),
        }),
      ),
    ]);
    expect(problemsOf("")).toEqual([problem(null, null, phrase("NOBC.Orbat.Problem.EmptyFile"))]);
    expect(problemsOf('type\n"hq\n')).toEqual([problem(2, null, phrase("NOBC.Orbat.Problem.QuoteNotClosed"))]);
  });

  it("air rows: factors, weapons, harrier, box, air zone against the base's", () => {
    const header = [
      "type",
      "name",
      "side",
      "nationality",
      "parent",
      "aircraft",
      "role",
      "airToAir",
      "weapons",
      "harrier",
      "box",
      "airZone",
    ];
    const text = csv(
      [
        ["airbase", "Bitburg", "nato", "", "", "", "", "", "", "", "", "4ATAF"],
        ["airSquadron", "22 TFS", "nato", "us", "Bitburg", "F-15C", "airSuperiority", "7", "aam:AIM-7M; laser", "yes", "parked", "2ATAF"],
        ["airSquadron", "1 Sqn", "nato", "us", "", "A-10A", "cas", "1", "", "maybe", "", ""],
        ["airSquadron", "2 Sqn", "nato", "us", "1 Sqn", "A-10A", "cas", "1", "", "", "", ""],
      ],
      header,
    );
    expect(problemsOf(text)).toEqual([
      problem(3, "airToAir", phrase("NOBC.Orbat.Problem.AboveMax", { value: 7, max: 6 })),
      problem(3, "weapons", phrase("NOBC.Orbat.Problem.BadWeapon", { weapon: "laser", kinds: "aam, cas, deepStrike" })),
      problem(
        3,
        "box",
        phrase("NOBC.Orbat.Problem.NotOneOf", {
          value: "parked",
          choices: "ready, airSuperiority, cas, deepStrike, recce, paradrop, holding, damaged, destroyed",
        }),
      ),
      problem(3, "airZone", phrase("NOBC.Orbat.Problem.AirZone", { zone: "2ATAF", base: "Bitburg", baseZone: "4ATAF" })),
      problem(4, "harrier", phrase("NOBC.Orbat.Problem.NotYesNo", { value: "maybe" })),
      problem(
        5,
        "parent",
        phrase("NOBC.Orbat.Problem.ParentKind", {
          parent: "1 Sqn",
          line: "4",
          parentType: phrase("NOBC.Orbat.Problem.Row.airSquadron"),
          type: phrase("NOBC.Orbat.Problem.Row.airSquadron"),
          wanted: phrase("NOBC.Orbat.Problem.Row.airbase"),
        }),
      ),
    ]);
  });

  it("joint rules of the schemas map to their columns: maximum below value, Harrier outside the RAF, initiative on the WP side", () => {
    const header = ["type", "name", "side", "nationality", "echelon", "level", "levelMax", "initiative", "aircraft", "role", "harrier"];
    const text = csv(
      [
        ["hq", "A", "wp", "su", "army", "4", "3", "yes", "", "", ""],
        ["airSquadron", "B", "nato", "us", "", "", "", "", "AV-8B", "cas", "yes"],
      ],
      header,
    );
    expect(problemsOf(text)).toEqual([
      problem(2, "level", phrase("NOBC.Validation.System.AboveMaximum", { value: 4, max: 3 })),
      problem(
        2,
        "initiative",
        phrase("NOBC.Validation.System.InitiativeNato", {
          input:
            '{"side":"wp","nationality":"su","echelon":"army","level":{"value":4,"max":3},"radius":4,"supplyCounters":0,"mayRecover":true,"parent":null,"initiative":true,"notes":""}',
        }),
      ),
      problem(
        3,
        "harrier",
        phrase("NOBC.Validation.System.HarrierUk", {
          input:
            '{"side":"nato","nationality":"us","aircraft":"AV-8B","role":"cas","airToAir":0,"cas":0,"deepStrike":0,"weapons":[],"range":0,"recce":false,"ew":false,"harrier":true,"box":"ready","airbase":null,"airZone":""}',
        }),
      ),
    ]);
  });

  it("lists every problem of the file at once, in file order", () => {
    const text = csv([corps, brigade("X", { strength: "ten", nationality: "su", parent: "Nowhere" }), brigade("X", { arm: "tank" })]);
    const r = prepare(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map(formatProblem)).toEqual([
        phrase("NOBC.Orbat.Problem.AtLineColumn", {
          line: "3",
          column: "nationality",
          problem: phrase("NOBC.Orbat.Problem.NationalitySide", { nationality: "su", own: "wp", side: "nato" }),
        }),
        phrase("NOBC.Orbat.Problem.AtLineColumn", {
          line: "3",
          column: "parent",
          problem: phrase("NOBC.Orbat.Problem.NoParent", { type: "hq", parent: "Nowhere" }),
        }),
        phrase("NOBC.Orbat.Problem.AtLineColumn", {
          line: "3",
          column: "strength",
          problem: phrase("NOBC.Orbat.Problem.NotWhole", { value: "ten" }),
        }),
        phrase("NOBC.Orbat.Problem.AtLineColumn", {
          line: "4",
          column: "name",
          problem: phrase("NOBC.Orbat.Problem.NameTaken", { name: "X", type: "unit", line: "3" }),
        }),
        phrase("NOBC.Orbat.Problem.AtLineColumn", {
          line: "4",
          column: "arm",
          problem: phrase("NOBC.Orbat.Problem.NotOneOf", {
            value: "tank",
            choices: "armour, mechanised, motorRifle, infantry, airborne, airmobile, artillery, engineer, recce, other",
          }),
        }),
      ]);
    }
  });
});

describe("JSON input", () => {
  const json = `[
  { "type": "hq", "name": "I Corps", "side": "nato", "nationality": "frg", "echelon": "corps", "level": 4 },
  {
    "type": "unit", "name": "3 PzBde", "side": "nato", "nationality": "frg", "parent": "I Corps",
    "size": "brigade", "arm": "armour", "strength": 6, "minelaying": false, "notes": null
  }
]`;

  it("reads the same fields as the CSV, numbers and booleans as values", () => {
    const r = validateOrbat(json, "json");
    expect(r.ok && r.entries.map((e) => e.name)).toEqual(["I Corps", "3 PzBde"]);
  });

  it("reads the overrun cost printed on the counter, MP in halves; left out, it is not entered", () => {
    const priced = json.replace('"minelaying": false', '"minelaying": false, "overrunMp": "1,5", "overrunHits": 2');
    const r = validateOrbat(priced, "json");
    expect(r.ok && r.entries[1]!.system).toMatchObject({ overrunCost: { mp: 1.5, hits: 2 } });
    const plain = validateOrbat(json, "json");
    expect(plain.ok && plain.entries[1]!.system).toMatchObject({ overrunCost: { mp: null, hits: null } });
    expect(problemsOf(json.replace('"minelaying": false', '"minelaying": false, "overrunMp": 1.25'), "json")).toEqual([
      problem(3, "overrunMp", phrase("NOBC.Orbat.Problem.NotHalves", { value: "1.25" })),
    ]);
  });

  it("reports problems on the line each object starts on", () => {
    const bad = json.replace('"strength": 6', '"strength": "ten"').replace('"level": 4', '"level": 4, "colour": "red"');
    expect(problemsOf(bad, "json")).toEqual([
      problem(null, "colour", phrase("NOBC.Orbat.Problem.UnknownColumn")),
      problem(3, "strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "ten" })),
    ]);
  });

  it("refuses what is not an array of flat objects", () => {
    expect(problemsOf("{", "json")).toEqual([
      problem(null, null, phrase("NOBC.Orbat.Problem.NotJson", { error: expect.any(String) as string })),
    ]);
    expect(problemsOf('{"type":"hq"}', "json")).toEqual([problem(null, null, phrase("NOBC.Orbat.Problem.NotArray"))]);
    expect(problemsOf('[\n  1,\n  {"type": "hq", "name": {"x": 1}, "s": "a\\"]"}\n]', "json")).toEqual([
      problem(2, null, phrase("NOBC.Orbat.Problem.RowNotObject", { row: 1 })),
      problem(3, "name", phrase("NOBC.Orbat.Problem.CellType")),
    ]);
  });
});

describe("detectFormat", () => {
  it("goes by the file name, else by the first character", () => {
    expect(detectFormat("[", "oob.CSV")).toBe("csv");
    expect(detectFormat("type", "oob.json")).toBe("json");
    expect(detectFormat("  \n[{}]")).toBe("json");
    expect(detectFormat("type,name")).toBe("csv");
  });
});
