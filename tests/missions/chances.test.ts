/** The chances the mission dialogs show before a roll, against the rules core's own results over every face. */
import { describe, expect, it } from "vitest";
import { anyAtLeast, reserveChances } from "../../src/apps/missions/view";
import { teamChances } from "../../src/apps/missions/procedures/minefield";
import { reservesArriving, tankMineSave } from "../../src/rules/missions";

/** Every outcome of `n` dice, equally likely. */
function allRolls(n: number): number[][] {
  if (n === 0) return [[]];
  return allRolls(n - 1).flatMap((rest) => [1, 2, 3, 4, 5, 6].map((d) => [d, ...rest]));
}

describe("reserve chances (seed 002, Roll for Reserves)", () => {
  it.each([0, 1, 2, 3, 4])("with %i dice they match counting every roll, capped at the units left", (dice) => {
    for (const left of [1, 2, 5]) {
      const counted = Array.from({ length: left + 1 }, () => 0);
      const rolls = allRolls(dice);
      for (const r of rolls) counted[Math.min(reservesArriving(r), left)]! += 1 / rolls.length;
      const shown = reserveChances(dice, left);
      shown.forEach((p, i) => expect(p).toBeCloseTo(counted[i]!, 10));
    }
  });

  it("a dawn or dusk check of n dice changes the light with 1 − (4/6)^n", () => {
    expect(anyAtLeast(1, 5)).toBeCloseTo(1 / 3, 10);
    expect(anyAtLeast(3, 5)).toBeCloseTo(1 - 8 / 27, 10);
  });
});

describe("minefield chances (seed 002, Minefields)", () => {
  it("a tank team: skill test, then die + top armour against anti-tank 5", () => {
    const c = teamChances(4, { name: "T-72", kind: "tank", rating: 2 });
    let saved = 0;
    let bailed = 0;
    for (let d = 1; d <= 6; d++) {
      const r = tankMineSave(d, 2);
      if (r === "saved") saved++;
      if (r === "bailedOut") bailed++;
    }
    expect(c.safe).toBeCloseTo(0.5, 10);
    expect(c.saved).toBeCloseTo((0.5 * saved) / 6, 10);
    expect(c.bailedOut).toBeCloseTo((0.5 * bailed) / 6, 10);
    expect(c.safe + c.saved + c.bailedOut + c.destroyed).toBeCloseTo(1, 10);
  });

  it("another team saves on its rating or is destroyed", () => {
    const c = teamChances(3, { name: "Rifle", kind: "other", rating: 4 });
    const expected = { safe: 4 / 6, saved: (2 / 6) * (3 / 6), bailedOut: 0, destroyed: (2 / 6) * (3 / 6) };
    for (const k of ["safe", "saved", "bailedOut", "destroyed"] as const) expect(c[k]).toBeCloseTo(expected[k], 10);
  });
});
