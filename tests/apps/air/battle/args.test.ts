import { describe, expect, it } from "vitest";
import { allocationArgs, gmStepArgs, lineUpArgs, parseArgs, sortieArgs } from "../../../../src/apps/air/battle/args";
import { i18n } from "./fixtures";

describe("macro arguments", () => {
  it("accepts nothing, or the documented fields", () => {
    expect(parseArgs(gmStepArgs, undefined, "x", i18n)).toEqual({ ok: true, value: {} });
    expect(parseArgs(sortieArgs, { side: "wp", zone: "North" }, "x", i18n)).toEqual({ ok: true, value: { side: "wp", zone: "North" } });
    expect(parseArgs(allocationArgs, { zoneDistances: { North: { South: 1 } } }, "x", i18n).ok).toBe(true);
  });

  it("refuses a bad side, naming the entry point and the field", () => {
    const parsed = parseArgs(sortieArgs, { side: "red" }, "openAirSorties", i18n);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toContain('"entry":"openAirSorties"');
    expect(parsed.problems[0]).toContain('"field":"side"');
  });

  it("refuses every problem at once: unknown keys, wrong types, negative distances", () => {
    const parsed = parseArgs(
      allocationArgs,
      { side: 3, zone: 4, colour: "blue", zoneDistances: { North: { South: -1 } } },
      "openAirAllocation",
      i18n,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const fields = parsed.problems.map((p) => (JSON.parse(p.slice(p.indexOf("{"))) as { field: string }).field);
    expect(fields).toEqual(expect.arrayContaining(["side", "zone", "colour", "zoneDistances.North.South"]));
  });

  it("refuses arguments that are not an object", () => {
    const parsed = parseArgs(lineUpArgs, "North", "openAirLineUp", i18n);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems[0]).toContain('"field":"NOBC.AirBattle.Arguments"');
  });
});
