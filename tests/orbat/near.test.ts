/** "Did you mean" for order-of-battle cells (src/orbat/near.ts). */
import { describe, expect, it } from "vitest";
import { nearestChoice } from "../../src/orbat/near";
import { NATIONALITY_CODES, UNIT_ARMS } from "../../src/schemas/system";

describe("nearestChoice", () => {
  it("answers the slips the issue names", () => {
    expect(nearestChoice("armor", UNIT_ARMS)).toBe("armour");
    expect(nearestChoice("usa", NATIONALITY_CODES)).toBe("us");
    expect(nearestChoice("unitt", ["hq", "unit", "airbase", "airSquadron"])).toBe("unit");
  });

  it("counts a swap of two letters as one slip, and ignores case", () => {
    expect(nearestChoice("untI", ["hq", "unit"])).toBe("unit");
    expect(nearestChoice("AIRBSAE", ["airbase", "airSquadron"])).toBe("airbase");
  });

  it("says nothing for another word, an exact choice, an empty cell or a tie", () => {
    expect(nearestChoice("tank", ["hq", "unit", "airbase"])).toBeNull();
    expect(nearestChoice("unit", ["hq", "unit"])).toBeNull();
    expect(nearestChoice("  ", ["hq", "unit"])).toBeNull();
    expect(nearestChoice("ab", ["aa", "bb"])).toBeNull();
  });
});
