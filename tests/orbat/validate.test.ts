import { describe, expect, it } from "vitest";
import { detectFormat, formatProblem, validateOrbat } from "../../src/orbat/index";
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
      "1|strength|the column is missing; unit rows need it",
    ]);
  });

  it("type, name and side are needed even by a file with no rows", () => {
    expect(problemsOf("nationality\n")).toEqual([
      "-|-|the file has no rows below its header",
      "1|type|the column is missing; every row needs it",
      "1|name|the column is missing; every row needs it",
      "1|side|the column is missing; every row needs it",
    ]);
  });

  it("an unknown nationality", () => {
    expect(problemsOf(csv([corps, brigade("X", { nationality: "ch" })]))).toEqual([
      '3|nationality|"ch" is not one of us, uk, frg, ca, fr, nl, be, dk, su, gdr, pl, cs',
    ]);
  });

  it("a strength that is not a whole number", () => {
    expect(
      problemsOf(csv([corps, brigade("X", { strength: "ten" }), brigade("Y", { strength: "2.5" }), brigade("Z", { strength: "-1" })])),
    ).toEqual([
      '3|strength|"ten" is not a whole number',
      '4|strength|"2.5" is not a whole number',
      "5|strength|-1 is below the least allowed, 0",
    ]);
  });

  it("a unit subordinated to an HQ that does not exist", () => {
    expect(problemsOf(csv([corps, brigade("X", { parent: "II Corps" })]))).toEqual([
      '3|parent|there is no hq named "II Corps" in the file',
    ]);
  });

  it("a name used twice, whatever its case", () => {
    expect(problemsOf(csv([corps, brigade("X"), brigade("x")]))).toEqual([
      '4|name|"x" is already the name of the unit on line 3; names must be unique',
    ]);
  });

  it("a nationality of the other side", () => {
    expect(problemsOf(csv([corps, brigade("X", { nationality: "gdr" })]))).toEqual([
      '3|nationality|"gdr" fights for wp, but this row\'s side is nato',
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
      '4|parent|"3 Shock Army" (line 3) is on the wp side, this row on the nato side',
      '6|parent|"Y" (line 5) is a unit, but a unit answers to an hq',
      '7|parent|the chain of parent HQs from "A" comes back to it',
      '8|parent|the chain of parent HQs from "B" comes back to it',
      '9|parent|"C" cannot be its own parent',
    ]);
  });

  it("checks that join cells through the document schemas", () => {
    const text = csv([corps, brigade("X", { supply: "3" }), brigade("Y", { size: "division", arm: "artillery", supply: "1" })]);
    expect(problemsOf(text)).toEqual([
      "3|supply|3 is more than a armour brigade carries (2)",
      "4|supply|1 is more than a artillery division carries (0)",
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
      "1|colour|is not a column we know (docs/orbat.md lists them)",
      "2|strength|an hq row has no strength; leave this cell empty",
      "3|arm|is empty, but a unit row needs it",
      '4|type|"brigade" is not one of hq, unit, airbase, airSquadron',
      "5|type|is empty; give one of hq, unit, airbase, airSquadron",
    ]);
  });

  it("header faults and a row longer than the header", () => {
    expect(problemsOf("type,name,,name\nhq,A,b,c,d\n")).toEqual([
      "1|-|column 3 of the header has no name",
      "1|name|this column is named twice in the header",
      "2|-|has 5 fields, but the header names only 4 columns",
    ]);
    expect(problemsOf("")).toEqual(["-|-|the file is empty; the first line must name the columns"]);
    expect(problemsOf('type\n"hq\n')).toEqual(["2|-|a quoted field is never closed"]);
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
      "3|airToAir|7 is above the most allowed, 6",
      '3|weapons|"laser" is not kind:name with a kind of aam, cas, deepStrike',
      '3|box|"parked" is not one of ready, airSuperiority, cas, deepStrike, recce, paradrop, holding, damaged, destroyed',
      '3|airZone|"2ATAF" differs from the air zone of its airbase "Bitburg" (4ATAF); leave it empty to take the base\'s',
      '4|harrier|"maybe" is not yes or no',
      '5|parent|"1 Sqn" (line 4) is an airSquadron, but an airSquadron answers to an airbase',
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
      "2|level|4 is above the maximum 3",
      "2|initiative|only a NATO corps can hold the initiative",
      "3|harrier|only RAF Harriers fly from field sites",
    ]);
  });

  it("lists every problem of the file at once, in file order", () => {
    const text = csv([corps, brigade("X", { strength: "ten", nationality: "su", parent: "Nowhere" }), brigade("X", { arm: "tank" })]);
    const r = prepare(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.map(formatProblem)).toEqual([
        'line 3, column "nationality": "su" fights for wp, but this row\'s side is nato',
        'line 3, column "parent": there is no hq named "Nowhere" in the file',
        'line 3, column "strength": "ten" is not a whole number',
        'line 4, column "name": "X" is already the name of the unit on line 3; names must be unique',
        'line 4, column "arm": "tank" is not one of armour, mechanised, motorRifle, infantry, airborne, airmobile, artillery, engineer, recce, other',
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

  it("reports problems on the line each object starts on", () => {
    const bad = json.replace('"strength": 6', '"strength": "ten"').replace('"level": 4', '"level": 4, "colour": "red"');
    expect(problemsOf(bad, "json")).toEqual([
      "-|colour|is not a column we know (docs/orbat.md lists them)",
      '3|strength|"ten" is not a whole number',
    ]);
  });

  it("refuses what is not an array of flat objects", () => {
    expect(problemsOf("{", "json")[0]).toMatch(/^-\|-\|the file is not valid JSON/);
    expect(problemsOf('{"type":"hq"}', "json")).toEqual(["-|-|the JSON file must hold an array with one object per row"]);
    expect(problemsOf('[\n  1,\n  {"type": "hq", "name": {"x": 1}, "s": "a\\"]"}\n]', "json")).toEqual([
      "2|-|row 1 is not an object with one key per column",
      "3|name|must be text, a number, true/false or null",
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
