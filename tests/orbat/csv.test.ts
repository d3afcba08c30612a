import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../src/orbat/csv";
import { problem } from "../../src/orbat/problems";
import { phrase } from "../../src/rules/resolution";
import { field } from "./helpers";

function cells(text: string) {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.records.map((rec) => rec.cells);
}

describe("parseCsv (RFC 4180)", () => {
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

  it("keeps commas, line breaks and doubled quotes inside quotes", () => {
    expect(cells('name,notes\n"3 Bde, 3 AD","line one\r\nline two ""quoted"""\n')).toEqual([
      ["name", "notes"],
      ["3 Bde, 3 AD", 'line one\r\nline two "quoted"'],
    ]);
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

  it("refuses a quote in the middle of an unquoted field and text after a closing quote", () => {
    const r = parseCsv('ab"c\n"x"y\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.line)).toEqual([1, 2]);
  });

  it("reads back any table written with RFC 4180 quoting (property)", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r\n", " ", "é") });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (table) => {
        const written = table.map((r) => r.map(field).join(",")).join("\r\n");
        expect(cells(written)).toEqual(table);
      }),
    );
  });
});
