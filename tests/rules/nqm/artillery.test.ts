import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import { unwrap } from "../../../src/rules/resolution";
import {
  ARTILLERY_EFFECT_TABLE,
  WEAPON_RANGE_TABLE,
  canDisorganise,
  rangeBand,
  resolveArtilleryFire,
  weaponRange,
  type ArtilleryInput,
  type WeaponKind,
} from "../../../src/rules/nqm/index";

describe("Table 7, Artillery Effect (seed 004)", () => {
  it.each([
    ["L", "open", 45],
    ["M", "dug-in", 80],
    ["H", "fortified", 120],
  ] as const)("%s armour / %s: %i mm (seed 004 Table 7)", (cls, _pos, mm) => {
    expect(ARTILLERY_EFFECT_TABLE[cls]).toBe(mm);
    expect(canDisorganise(mm, cls)).toBe(true);
    expect(canDisorganise(mm - 1, cls)).toBe(false);
  });
  it("unprinted classes: soft as L, very heavy 200 mm (decision)", () => {
    expect(ARTILLERY_EFFECT_TABLE.VL).toBe(45);
    expect(ARTILLERY_EFFECT_TABLE.VH).toBe(200);
  });
  it("rejects a calibre that is not a positive number", () => {
    expect(() => canDisorganise(0, "L")).toThrow(RangeError);
    expect(() => canDisorganise(Number.NaN, "L")).toThrow(RangeError);
  });
});

describe("Table 8, Weapon Range (seed 004)", () => {
  const rows: [WeaponKind, number, number | null | "indirect"][] = [
    ["infantrySmallArms", 300, 1000],
    ["infantryAntiTank", 200, null],
    ["lightAntiTankGun", 500, 1000],
    ["mediumAntiTankGun", 1000, 2000],
    ["heavyAntiTankGun", 2000, 3000],
    ["tankGunTo47", 300, 600],
    ["tankGun48To76", 500, 1000],
    ["mortar81", 3000, "indirect"],
    ["mortar3in", 1500, "indirect"],
    ["mortar120", 5000, "indirect"],
    ["artillery105", 15000, "indirect"],
    ["artillery150", 18000, "indirect"],
    ["artillery200", 20000, "indirect"],
  ];
  it.each(rows)("%s: effective %i m, harassing %s (seed 004 Table 8)", (kind, eff, har) => {
    expect(weaponRange(kind)).toMatchObject({ effective: eff, harassing: har });
  });
  it("covers every row", () => {
    expect(Object.keys(WEAPON_RANGE_TABLE)).toHaveLength(rows.length);
  });
  it("range bands", () => {
    expect(rangeBand("infantrySmallArms", 300)).toBe("effective");
    expect(rangeBand("infantrySmallArms", 301)).toBe("harassing");
    expect(rangeBand("infantrySmallArms", 1001)).toBe("outOfRange");
    expect(rangeBand("infantryAntiTank", 201)).toBe("outOfRange");
    expect(rangeBand("mortar81", 3001)).toBe("outOfRange");
    expect(() => rangeBand("mortar81", -1)).toThrow(RangeError);
  });
});

const target = {
  actor: "bn",
  name: "Dug-in Bn",
  stands: [
    { actor: "s1", strength: 3, red: 0, black: 0, protection: "M" as const },
    { actor: "s2", strength: 3, red: 0, black: 0, protection: "M" as const },
  ],
};

function shoot(o: Partial<ArtilleryInput> = {}): ArtilleryInput {
  return { mode: "effective", fire: [{ firer: "bty", weight: "H", dice: 2, against: "M", calibreMm: 150 }], target, ...o };
}

describe("resolveArtilleryFire (seed 004 Fireplan, Tables 7, 8 and 12)", () => {
  it("an effective shoot of heavy enough calibre that scores places hits and disorganises for an hour", () => {
    // H on dug-in (+1): 6 -> 3, 5 -> 2.
    const r = unwrap(resolveArtilleryFire(shoot(), scriptedDice([6, 5])));
    expect(r.outcome).toMatchObject({ scored: 5, applied: 5, disorganised: true, hours: 1 });
    expect(r.effects).toContainEqual({ type: "ammo", actor: "bty", delta: -2 });
    expect(r.effects).toContainEqual({ type: "disorganised", actor: "bn", value: true, hours: 1 });
    expect(r.effects).toContainEqual({ type: "pins", actor: "s1", red: 3, black: 0 });
  });
  it("too light a calibre places hits but does not disorganise", () => {
    const r = unwrap(
      resolveArtilleryFire(shoot({ fire: [{ firer: "mor", weight: "M", dice: 1, against: "M", calibreMm: 60 }] }), scriptedDice([6])),
    );
    expect(r.outcome).toMatchObject({ scored: 2, disorganised: false });
    expect(r.effects.some((e) => e.type === "disorganised")).toBe(false);
  });
  it("no score, no disorganisation", () => {
    expect(unwrap(resolveArtilleryFire(shoot(), scriptedDice([1, 2]))).outcome.disorganised).toBe(false);
  });
  it("harassing fire places no hits, costs a third of an FU per die, harasses for two hours and disorganises if it scores", () => {
    const r = unwrap(resolveArtilleryFire(shoot({ mode: "harassing" }), scriptedDice([6, 1])));
    expect(r.outcome).toMatchObject({ scored: 3, applied: 0, disorganised: true, hours: 2 });
    expect(r.effects).toContainEqual({ type: "ammo", actor: "bty", delta: -2 / 3 });
    expect(r.effects).toContainEqual({ type: "harassed", actor: "bn", hours: 2 });
    expect(r.effects).toContainEqual({ type: "disorganised", actor: "bn", value: true, hours: 2 });
    expect(r.effects.some((e) => e.type === "pins")).toBe(false);
  });
  it("refuses no fire, a bad calibre and a missing target class", () => {
    expect(resolveArtilleryFire(shoot({ fire: [] }), scriptedDice([])).ok).toBe(false);
    const r = resolveArtilleryFire(shoot({ fire: [{ firer: "b", weight: "H", dice: 1, against: "H", calibreMm: 0 }] }), scriptedDice([]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusals.map((x) => x.code).sort()).toEqual(["badCalibre", "noTarget"]);
  });
});
