import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../src/orbat/csv";
import { problem } from "../../src/orbat/problems";
import { phrase } from "../../src/rules/resolution";

function cells(text: string) {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.records.map((rec) => rec.cells);
}

describe("parseCsv (RFC 4180, through Papa Parse)", () => {
  it("splits fields and records", () => {
    expect(cells("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("reads CRLF line ends, and a last record without a line end", () => {
    expect(cells("a,b\r\n1,2\r\n3,4")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("keeps commas, line breaks (as LF) and doubled quotes inside quotes", () => {
    expect(cells('name,notes\n"3 Bde, 3 AD","line one\r\nline two ""quoted"""\n')).toEqual([
      ["name", "notes"],
      ["3 Bde, 3 AD", 'line one\nline two "quoted"'],
    ]);
  });

  it("finds semicolons and tabs between cells, and keeps commas and semicolons inside cells", () => {
    const semi = parseCsv('type;name;overrunMp\nunit;"1 Bde; 3 AD";1,5\nunit;2 Bde, 3 AD;2\n');
    expect(semi).toEqual({
      ok: true,
      separator: ";",
      records: [
        { line: 1, cells: ["type", "name", "overrunMp"] },
        { line: 2, cells: ["unit", "1 Bde; 3 AD", "1,5"] },
        { line: 3, cells: ["unit", "2 Bde, 3 AD", "2"] },
      ],
    });
    const tab = parseCsv("type\tname\nhq\tV Corps, US\n");
    expect(tab).toEqual({
      ok: true,
      separator: "\t",
      records: [
        { line: 1, cells: ["type", "name"] },
        { line: 2, cells: ["hq", "V Corps, US"] },
      ],
    });
  });

  it("keeps commas reading as the separator when cells hold semicolons (a squadron's weapons)", () => {
    const r = parseCsv("type,name,weapons\nairSquadron,A,aam:AIM-9;cas:Mk 82\nairSquadron,B,aam:AIM-9;aam:AIM-7;deepStrike:B61\n");
    expect(r.ok && r.separator).toBe(",");
    expect(r.ok && r.records[2]!.cells).toEqual(["airSquadron", "B", "aam:AIM-9;aam:AIM-7;deepStrike:B61"]);
  });

  it("keeps empty fields, quoted or not", () => {
    expect(cells('a,,""\n')).toEqual([["a", "", ""]]);
  });

  it("drops a byte-order mark", () => {
    expect(cells("\uFEFFtype\nhq\n")).toEqual([["type"], ["hq"]]);
  });

  it("gives each record the line it starts on, counting line breaks inside quotes", () => {
    const r = parseCsv('h\n"x\ny"\nz\r\nw');
    expect(r.ok && r.records.map((x) => x.line)).toEqual([1, 2, 4, 5]);
  });

  it("refuses a quote that is never closed, naming the line it opens on", () => {
    expect(parseCsv('a\n"open\nstill open')).toEqual({
      ok: false,
      problems: [problem(2, null, phrase("NOBC.Orbat.Problem.QuoteNotClosed"))],
    });
  });

  it("reads a quote in the middle of an unquoted field as itself", () => {
    expect(cells('name,gun\n8" howitzer,M110\n')).toEqual([
      ["name", "gun"],
      ['8" howitzer', "M110"],
    ]);
  });

  it("refuses text after a closing quote, naming the line of its record", () => {
    expect(parseCsv('a,b\n1,2\n"x"y,3\n')).toEqual({
      ok: false,
      problems: [
        problem(3, null, phrase("NOBC.Orbat.Problem.TextAfterQuote")),
        problem(3, null, phrase("NOBC.Orbat.Problem.QuoteNotClosed")),
      ],
    });
  });

  it.each([",", ";", "\t"])("reads back any table below a header, quoted as RFC 4180 says, cells separated by %j (property)", (sep) => {
    const header = ["type", "name", "side", "notes"];
    const text = fc.string({ unit: fc.constantFrom("a", "b", ",", ";", "\t", '"', "\n", "\r\n", " ", "é") });
    const quoted = (t: string) => (/[",;\t\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (body) => {
        const written = [header, ...body].map((r) => r.map(quoted).join(sep)).join("\r\n");
        expect(cells(written)).toEqual([header, ...body.map((r) => r.map((c) => c.replace(/\r\n/g, "\n")))]);
      }),
    );
  });
});
