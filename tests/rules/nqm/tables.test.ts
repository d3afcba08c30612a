import { describe, expect, it } from "vitest";
import {
  CLOSE_ASSAULT_TABLE,
  CLOSE_ASSAULT_TABLE_OLDER,
  ENGAGEMENT_TABLE,
  GRADES,
  RECCE_TABLE,
  engagementRange,
  firefightHits,
  recceScore,
  type Grade,
} from "../../../src/rules/nqm/index";

// Seed 004, Table 3 (Recce Sequence), as RULES-NOTES decodes the flattened columns.
const TABLE_3: Record<Grade, (number | "always" | "never")[]> = {
  elite: [6, 5, 4, 2, "always"],
  veteran: ["never", 6, 5, 3, 2],
  regular: ["never", 6, 5, 4, 3],
  conscript: ["never", "never", 6, 5, 4],
  militia: ["never", "never", "never", 6, 5],
};

describe("Table 3, Recce Sequence (seed 004)", () => {
  for (const recce of GRADES) {
    GRADES.forEach((defender, i) => {
      const expected = TABLE_3[recce][i]!;
      it(`${recce} recce against concealed ${defender}: ${expected} (seed 004 Table 3)`, () => {
        expect(recceScore(recce, defender)).toBe(expected);
        expect(RECCE_TABLE[recce][defender]).toBe(expected);
      });
    });
  }
});

// Seed 004, Table 4 (Engagement Table): die ranges per grade.
const TABLE_4: Record<Grade, [string, number[]][]> = {
  elite: [["contact", [1, 2, 3, 4, 5, 6]]],
  veteran: [
    ["effective", [1, 2]],
    ["contact", [3, 4, 5, 6]],
  ],
  regular: [
    ["harassing", [1]],
    ["effective", [2, 3, 4]],
    ["contact", [5, 6]],
  ],
  conscript: [
    ["harassing", [1, 2]],
    ["effective", [3, 4, 5]],
    ["contact", [6]],
  ],
  militia: [
    ["harassing", [1, 2, 3]],
    ["effective", [4, 5, 6]],
  ],
};

describe("Table 4, Engagement (seed 004)", () => {
  for (const grade of GRADES) {
    for (const [range, faces] of TABLE_4[grade]) {
      it(`${grade} on ${faces.join(",")}: ${range} (seed 004 Table 4)`, () => {
        for (const f of faces) expect(engagementRange(grade, f)).toBe(range);
      });
    }
  }
  it("has six faces for every grade", () => {
    for (const g of GRADES) expect(ENGAGEMENT_TABLE[g]).toHaveLength(6);
  });
  it("rejects a die outside 1..6", () => {
    expect(() => engagementRange("regular", 0)).toThrow(RangeError);
    expect(() => engagementRange("regular", 7)).toThrow(RangeError);
    expect(() => engagementRange("regular", 2.5)).toThrow(RangeError);
    expect(() => engagementRange("regular", Number.NaN)).toThrow(RangeError);
  });
});

// Seed 004, Table 12 as printed: each die face and its diamonds (hits), per attacker row and defender column.
const TABLE_12: Record<"L" | "M" | "H", Record<"open" | "dugIn" | "fortified", number[]>> = {
  L: { open: [0, 0, 0, 1, 1, 2], dugIn: [0, 0, 0, 0, 1, 1], fortified: [0, 0, 0, 0, 0, 1] },
  M: { open: [0, 0, 1, 1, 2, 3], dugIn: [0, 0, 0, 1, 1, 2], fortified: [0, 0, 0, 0, 1, 1] },
  H: { open: [0, 1, 1, 2, 3, 4], dugIn: [0, 0, 1, 1, 2, 3], fortified: [0, 0, 0, 1, 1, 2] },
};

describe("Table 12, Winning the Firefight (seed 004)", () => {
  for (const fire of ["L", "M", "H"] as const) {
    for (const target of ["open", "dugIn", "fortified"] as const) {
      TABLE_12[fire][target].forEach((hits, i) => {
        it(`${fire} fire on ${target}, die ${i + 1}: ${hits} hit(s) (seed 004 Table 12)`, () => {
          expect(firefightHits(fire, target, i + 1)).toBe(hits);
        });
      });
    }
  }
});

describe("Table 9, Close Assault (seed 004, read row by row)", () => {
  const rows: [Grade, number, number, number | null, string, string, number | null][] = [
    ["elite", 5, 4, null, "never", "never", null],
    ["veteran", 4, 3, 3, "oneThird", "twoThirds", 3],
    ["regular", 3, 2, 3, "half", "half", 4],
    ["conscript", 2, 2, 2, "oneThird", "oneThird", 5],
    ["militia", 3, 1, 1, "twoThirds", "oneThird", 5],
  ];
  for (const [grade, attackDice, defenceDice, attacks, breakOffAt, disorganisedAt, passScore] of rows) {
    it(`${grade}: attack ${attackDice}, defence ${defenceDice}, attacks ${attacks ?? "no limit"}, break off ${breakOffAt}, disorganised ${disorganisedAt}, pass ${passScore ?? "auto"} (seed 004 Table 9)`, () => {
      expect(CLOSE_ASSAULT_TABLE[grade]).toEqual({ attackDice, defenceDice, attacks, breakOffAt, disorganisedAt, passScore });
    });
  }
  it("older edition differs for Regular repeats and Conscript defence dice (seed 001 Close Assault Table)", () => {
    expect(CLOSE_ASSAULT_TABLE_OLDER.regular.attacks).toBe(2);
    expect(CLOSE_ASSAULT_TABLE_OLDER.conscript.defenceDice).toBe(1);
    expect(CLOSE_ASSAULT_TABLE_OLDER.conscript.attacks).toBe("unprinted");
    for (const g of ["elite", "veteran", "militia"] as const) {
      expect(CLOSE_ASSAULT_TABLE_OLDER[g].attackDice).toBe(CLOSE_ASSAULT_TABLE[g].attackDice);
      expect(CLOSE_ASSAULT_TABLE_OLDER[g].defenceDice).toBe(CLOSE_ASSAULT_TABLE[g].defenceDice);
      expect(CLOSE_ASSAULT_TABLE_OLDER[g].attacks).toBe(CLOSE_ASSAULT_TABLE[g].attacks);
    }
  });
});
