/**
 * Orders of battle as spreadsheets really save them: semicolons (Excel where the decimal mark is a
 * comma), tabs, UTF-8 with a byte-order mark, Windows-1252 (Excel's plain CSV on Windows), and
 * .xlsx / .ods workbooks written here with SheetJS. Each is read through `prepareFile`, as the
 * dialog and the CLI read a chosen file's bytes.
 */
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { decodeBytes, prepareFile, type OrbatImport } from "../../src/orbat/index";
import { problem } from "../../src/orbat/problems";
import { phrase } from "../../src/rules/resolution";
import { ids } from "./helpers";

const HEAD = [
  "type",
  "name",
  "side",
  "nationality",
  "parent",
  "formation",
  "size",
  "arm",
  "strength",
  "echelon",
  "level",
  "airZone",
  "overrunMp",
];
/** A corps, two brigades of a division, a German airbase with an umlaut. */
const ROWS: (string | number)[][] = [
  ["hq", "I (GE) Korps", "nato", "frg", "", "", "", "", "", "corps", 4, "", ""],
  ["unit", "Panzerbrigade 3", "nato", "frg", "I (GE) Korps", "1. Panzerdivision", "brigade", "armour", 7, "", "", "", "1,5"],
  ["unit", "Panzergrenadierbrigade 2", "nato", "frg", "I (GE) Korps", "1. Panzerdivision", "brigade", "mechanised", 6, "", "", "", ""],
  ["airbase", "RAF Gütersloh", "nato", "", "", "", "", "", "", "", "", "2ATAF", ""],
];

/** What every one of these files must give: the actors in plan order, each with its folder. */
const ACTORS = [
  { name: "I (GE) Korps", type: "hq", folder: "I (GE) Korps" },
  { name: "RAF Gütersloh", type: "airbase", folder: "RAF Gütersloh" },
  { name: "Panzerbrigade 3", type: "unit", folder: "1. Panzerdivision" },
  { name: "Panzergrenadierbrigade 2", type: "unit", folder: "1. Panzerdivision" },
];

function actorsOf(r: OrbatImport) {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problems)}`);
  const folder = new Map(r.plan.folders.map((f) => [f._id, f.name]));
  return r.plan.actors.map((a) => ({ name: a.name, type: a.type, folder: folder.get(a.folder) }));
}

const read = (bytes: Uint8Array, name: string) => prepareFile(bytes, name, { newId: ids(), rootFolder: "OOB" });

/** The table as text with `sep` between cells and `eol` after each row; a cell holding the separator quoted. */
function delimited(rows: readonly (readonly (string | number)[])[], sep: string, eol = "\r\n"): string {
  const cell = (c: string | number) => (String(c).includes(sep) ? `"${String(c)}"` : String(c));
  return rows.map((r) => r.map(cell).join(sep)).join(eol) + eol;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Windows-1252 bytes of a text in Latin-1's range (ü is 0xFC in both). */
function cp1252(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "latin1"));
}

function workbook(
  rows: readonly (readonly (string | number)[])[],
  bookType: "xlsx" | "ods",
  sheets: readonly string[] = ["OOB"],
): Uint8Array {
  const book = XLSX.utils.book_new();
  sheets.forEach((name, i) =>
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(i === 0 ? rows.map((r) => [...r]) : [["other"]]), name),
  );
  return new Uint8Array(XLSX.write(book, { type: "array", bookType }) as ArrayBuffer);
}

describe("decodeBytes", () => {
  it("reads UTF-8 with and without a byte-order mark, without a warning", () => {
    expect(decodeBytes(utf8("name\nGütersloh\n"))).toEqual({ text: "name\nGütersloh\n", encoding: "utf-8", warnings: [] });
    expect(decodeBytes(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("Gütersloh")]))).toEqual({
      text: "Gütersloh",
      encoding: "utf-8",
      warnings: [],
    });
  });

  it("reads bytes that are not UTF-8 as Windows-1252, with a warning", () => {
    const bytes = Uint8Array.from([0x52, 0x41, 0x46, 0x20, 0x47, 0xfc, 0x74, 0x65, 0x72, 0x73, 0x6c, 0x6f, 0x68, 0x20, 0x80]);
    expect(decodeBytes(bytes)).toEqual({
      text: "RAF Gütersloh €",
      encoding: "windows-1252",
      warnings: [phrase("NOBC.Orbat.Warning.Windows1252", { names: "RAF Gütersloh €" })],
    });
  });

  it("reads UTF-16 by its byte-order mark (Excel's Unicode text)", () => {
    const text = "type\tname\nairbase\tGütersloh\n";
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    expect(decodeBytes(le)).toEqual({ text, encoding: "utf-16le", warnings: [] });
  });
});

describe("prepareFile reads the files spreadsheets save", () => {
  it("a semicolon-separated file (decimal commas in its cells)", async () => {
    const r = await read(utf8(delimited([HEAD, ...ROWS], ";")), "oob.csv");
    expect(actorsOf(r)).toEqual(ACTORS);
    expect([r.format, r.warnings]).toEqual(["csv", []]);
    expect(r.ok && r.plan.actors[2]!.system).toMatchObject({ overrunCost: { mp: 1.5 } });
  });

  it("a tab-separated file", async () => {
    const r = await read(utf8(delimited([HEAD, ...ROWS], "\t", "\n")), "oob.tsv");
    expect(actorsOf(r)).toEqual(ACTORS);
    expect(r.warnings).toEqual([]);
  });

  it("a UTF-8 file with a byte-order mark (Excel's CSV UTF-8)", async () => {
    const r = await read(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(delimited([HEAD, ...ROWS], ","))]), "oob.csv");
    expect(actorsOf(r)).toEqual(ACTORS);
    expect(r.warnings).toEqual([]);
  });

  it("a Windows-1252 file: the umlaut read right, and a warning to check the names", async () => {
    const bytes = cp1252(delimited([HEAD, ...ROWS], ";"));
    expect(bytes.includes(0xfc)).toBe(true);
    const r = await read(bytes, "oob.csv");
    expect(actorsOf(r)).toEqual(ACTORS);
    expect(r.warnings).toEqual([phrase("NOBC.Orbat.Warning.Windows1252", { names: "RAF Gütersloh" })]);
  });

  it.each(["xlsx", "ods"] as const)("an .%s workbook: its first sheet, numbers read as values", async (kind) => {
    const r = await read(workbook([HEAD, ...ROWS], kind, ["OOB", "Notes"]), `oob.${kind}`);
    expect(actorsOf(r)).toEqual(ACTORS);
    expect([r.format, r.warnings]).toEqual([kind, []]);
    expect(r.ok && r.plan.actors[0]!.system).toMatchObject({ level: { value: 4 } });
  });

  it("names at most eight guessed words, and counts the rest", () => {
    const names = Array.from({ length: 10 }, (_, i) => `Zürich ${i}`);
    const warning = decodeBytes(new Uint8Array(Buffer.from(names.join("\n"), "latin1"))).warnings[0]!;
    expect(warning).toEqual(
      phrase("NOBC.Orbat.Warning.Windows1252", {
        names: phrase("NOBC.Orbat.Warning.GuessedMore", { shown: names.slice(0, 8).join(", "), more: 2 }),
      }),
    );
  });

  it.each(["xlsx", "ods"] as const)("a text file named .%s is refused, not read as CSV", async (kind) => {
    const r = await read(utf8(delimited([HEAD, ...ROWS], ",")), `oob.${kind}`);
    expect(r.ok ? [] : r.problems).toEqual([problem(null, null, phrase("NOBC.Orbat.Problem.NamedWorkbookHoldsText", { kind }))]);
  });

  it("a workbook under another name is known by its bytes", async () => {
    const r = await read(workbook([HEAD, ...ROWS], "xlsx"), "oob.csv");
    expect(actorsOf(r)).toEqual(ACTORS);
    expect(r.format).toBe("xlsx");
  });
});

describe("a bad file is still refused, with the field named", () => {
  const bad = ROWS.map((r) => (r[1] === "Panzerbrigade 3" ? r.map((c, i) => (HEAD[i] === "strength" ? "sieben" : c)) : r));
  const notWhole = (line: number) => problem(line, "strength", phrase("NOBC.Orbat.Problem.NotWhole", { value: "sieben" }));

  it("semicolon-separated", async () => {
    const r = await read(cp1252(delimited([HEAD, ...bad], ";")), "oob.csv");
    expect(r.ok ? [] : r.problems).toEqual([notWhole(3)]);
    expect(r.warnings).toEqual([phrase("NOBC.Orbat.Warning.Windows1252", { names: "RAF Gütersloh" })]);
  });

  it.each(["xlsx", "ods"] as const)(".%s, by its spreadsheet row (an empty first row counted)", async (kind) => {
    const r = await read(workbook([[], HEAD, ...bad], kind), `oob.${kind}`);
    expect(r.ok ? [] : r.problems).toEqual([notWhole(4)]);
  });

  it("a header of one column names the separator read and the one the file seems to use", async () => {
    const r = await read(utf8(delimited([HEAD, ...ROWS], "|")), "oob.csv");
    expect(r.ok ? [] : r.problems).toEqual([
      problem(1, null, phrase("NOBC.Orbat.Problem.OneColumnFound", { separator: phrase("NOBC.Orbat.Separator.comma"), found: "|" })),
    ]);
  });

  it("a file that is no workbook, named as one, is refused as such", async () => {
    const r = await read(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), "oob.xlsx");
    expect(r.ok ? [] : r.problems.map((p) => p.text.key)).toEqual(["NOBC.Orbat.Problem.NotWorkbook"]);
  });
});

describe("a near miss is answered with what it was likely meant to be", () => {
  it("a value one slip from a choice (armor, usa), and a type (unitt)", async () => {
    const rows = ROWS.map((r) => (r[1] === "Panzerbrigade 3" ? r.map((c) => (c === "armour" ? "armor" : c === "unit" ? "unitt" : c)) : r));
    const r = await read(utf8(delimited([HEAD, ...rows], ",")), "oob.csv");
    const problems = r.ok ? [] : r.problems;
    expect(problems.map((p) => p.text)).toEqual([
      phrase("NOBC.Orbat.Problem.NotOneOfNear", { value: "unitt", choices: "hq, unit, airbase, airSquadron", near: "unit" }),
    ]);
    const armour = ROWS.map((r) => (r[1] === "Panzerbrigade 3" ? r.map((c) => (c === "armour" ? "armor" : c === "frg" ? "frgg" : c)) : r));
    const s = await read(utf8(delimited([HEAD, ...armour], ",")), "oob.csv");
    const texts = (s.ok ? [] : s.problems).map((p) => p.text);
    expect(texts).toEqual([
      expect.objectContaining({ key: "NOBC.Orbat.Problem.NotOneOfNear", data: expect.objectContaining({ value: "frgg", near: "frg" }) }),
      expect.objectContaining({
        key: "NOBC.Orbat.Problem.NotOneOfNear",
        data: expect.objectContaining({ value: "armor", near: "armour" }),
      }),
    ]);
  });

  it("a column name one slip from ours", async () => {
    const head = HEAD.map((h) => (h === "strength" ? "strenght" : h));
    const r = await read(utf8(delimited([head, ...ROWS], ",")), "oob.csv");
    expect((r.ok ? [] : r.problems).map((p) => p.text)).toContainEqual(
      phrase("NOBC.Orbat.Problem.UnknownColumnNear", { near: "strength" }),
    );
  });
});
