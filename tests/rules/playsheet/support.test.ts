/** What one battery and the ground-attack aircraft add to a fight, against seed 003's tables. */
import { describe, expect, it } from "vitest";
import { resolveAirSupport, resolveArtillerySupport } from "../../../src/rules/playsheet";
import { unwrap } from "../../../src/rules/resolution";

describe("supporting artillery (seed 003, Supporting Artillery)", () => {
  it("a medium battery of status 5 at 15 km is at long range (12 to 20 km): half status, rounded down, and it spends 1 ammunition", () => {
    const r = unwrap(resolveArtillerySupport({ ref: "b", name: "II/AR 4", kind: "medium", status: 5, rangeKm: 15 }));
    expect(r.outcome).toEqual({ effect: "half", contribution: 2 });
    expect(r.breakdown.reduce((s, l) => s + l.value, 0)).toBe(2);
    expect(r.effects).toEqual([{ type: "playsheetSupply", actor: "b", delta: -1, kind: "ammo" }]);
  });

  it("a field battery within 8 km adds its full status; rocket artillery beyond 6 km adds nothing and fires nothing", () => {
    expect(unwrap(resolveArtillerySupport({ ref: "b", name: "F", kind: "field", status: 4, rangeKm: 8 })).outcome.contribution).toBe(4);
    const rocket = unwrap(resolveArtillerySupport({ ref: "r", name: "R", kind: "rocket", status: 4, rangeKm: 7 }));
    expect(rocket.outcome).toEqual({ effect: "outOfRange", contribution: 0 });
    expect(rocket.effects).toEqual([]);
  });

  it("refuses a status or range that no battery has, naming the field", () => {
    const r = resolveArtillerySupport({ ref: "b", name: "F", kind: "field", status: -1, rangeKm: -2 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.field)).toEqual(["status", "rangeKm"]);
  });
});

describe("air support level (seed 003, Air-Ground Attacks and Combat factors)", () => {
  it("6 German units are overwhelming (+8); 2 Allied units superior (+6); together the best single level counts", () => {
    expect(unwrap(resolveAirSupport([{ kind: "german", units: 6 }])).outcome).toEqual({ level: "overwhelming", modifier: 8 });
    expect(unwrap(resolveAirSupport([{ kind: "allied", units: 2 }])).outcome).toEqual({ level: "superior", modifier: 6 });
    const both = unwrap(
      resolveAirSupport([
        { kind: "german", units: 6 },
        { kind: "allied", units: 2 },
      ]),
    );
    expect(both.outcome).toEqual({ level: "overwhelming", modifier: 8 });
    expect(both.breakdown.map((l) => l.value)).toEqual([8, 6]);
  });

  it("no aircraft, no support; a heavy bomber unit is overwhelming, two or more apocalyptic (+10)", () => {
    expect(unwrap(resolveAirSupport([{ kind: "german", units: 0 }])).outcome).toEqual({ level: "none", modifier: 0 });
    expect(unwrap(resolveAirSupport([{ kind: "heavyBomber", units: 1 }])).outcome.level).toBe("overwhelming");
    expect(unwrap(resolveAirSupport([{ kind: "heavyBomber", units: 2 }])).outcome).toEqual({ level: "apocalyptic", modifier: 10 });
  });

  it("refuses a negative number of units, naming the field", () => {
    const r = resolveAirSupport([{ kind: "allied", units: -1 }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals[0]!.field).toBe("[0].units");
  });
});
