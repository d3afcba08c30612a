import { describe, expect, it } from "vitest";
import { phrase } from "../../../src/rules/resolution";
import { scriptedDice } from "../../../src/rules/dice";
import { PARADROP_AIR_MODIFIERS, PARADROP_LOSSES, resolveParadrop } from "../../../src/rules/nobc/air";
import type { ParadropInput } from "../../../src/rules/nobc/air";
import { LEVEL_LABELS } from "../../../src/rules/nobc/air/labels";
import { accepted, codes, squadron, wp } from "./fixtures";

const transport = squadron("c130", { box: "paradrop" });

function drop(roll: number, over: Partial<ParadropInput> = {}) {
  return resolveParadrop(
    {
      side: "nato",
      brigade: "82-abn-1",
      brigadeName: "1st Bde, 82nd Airborne",
      status: { level: "supremacy", winner: "nato" },
      adjacentToEnemy: false,
      onAirfield: false,
      transports: [transport],
      ...over,
    },
    scriptedDice([roll]),
  );
}

describe("paradrop (seed 000, Air War QRS: 7) PARADROP; air status per RULES-NOTES)", () => {
  it("air modifiers: supremacy 0, superiority −1, contested −3", () => {
    expect(PARADROP_AIR_MODIFIERS).toEqual({ supremacy: 0, superiority: -1, contested: -3 });
  });

  it.each([
    ["supremacy", "nato", 3, 3],
    ["superiority", "nato", 3, 2],
    ["contested", "nato", 6, 3],
    ["contested", null, 4, 1],
    ["contested", "wp", 5, 2], // an enemy edge in contested air is still contested: −3
  ] as const)("own status %s (winner %s), roll %i: modified %i", (level, winner, roll, modified) => {
    const r = accepted(drop(roll, { status: { level, winner } }));
    expect(r.outcome.modifiedRoll).toBe(modified);
    expect(r.outcome.warnings).toEqual([]);
    expect(r.rolls).toEqual([roll]);
  });

  it("landing next to the enemy and on an airfield: −1 each", () => {
    const r = accepted(drop(5, { adjacentToEnemy: true, onAirfield: true }));
    expect(r.breakdown.map((l) => l.value)).toEqual([5, 0, -1, -1]);
    expect(r.outcome).toMatchObject({ modifiedRoll: 3, result: "success" });
  });

  it.each(["superiority", "supremacy"] as const)("enemy air %s: −3 with a warning", (level) => {
    const r = accepted(drop(6, { status: { level, winner: "wp" } }));
    expect(r.outcome.modifiedRoll).toBe(3);
    expect(r.outcome.warnings).toHaveLength(1);
    expect(r.outcome.warnings[0]).toEqual(
      phrase("NOBC.Rules.Air.Paradrop.EnemyAirWarning", { level: phrase(LEVEL_LABELS[level]), modifier: -3 }),
    );
    expect(r.breakdown[1]!.source).toBe("docs/rules-decisions.md: Paradrop air status");
  });

  it("the umpire may override the air modifier", () => {
    const r = accepted(drop(2, { status: { level: "supremacy", winner: "wp" }, airModifierOverride: 0 }));
    expect(r.outcome).toEqual({ modifiedRoll: 2, result: "lightLoss", warnings: [] });
    expect(r.breakdown[1]!.text).toEqual(phrase("NOBC.Rules.Air.Paradrop.Umpire"));
  });

  describe("the four results and their effects (seed 000, Air War QRS: 7))", () => {
    it("total loss: brigade and transports lost", () => {
      const r = accepted(drop(1, { adjacentToEnemy: true }));
      expect(r.outcome.result).toBe("totalLoss");
      expect(r.effects).toEqual([
        { type: "eliminated", actor: "82-abn-1" },
        { type: "squadronBox", squadron: "c130", box: "destroyed" },
      ]);
    });
    it("heavy loss: 3 hits and the transports", () => {
      const r = accepted(drop(2, { status: { level: "superiority", winner: "nato" } }));
      expect(r.outcome.result).toBe("heavyLoss");
      expect(r.effects).toEqual([
        { type: "hits", actor: "82-abn-1", amount: 3 },
        { type: "squadronBox", squadron: "c130", box: "destroyed" },
      ]);
    });
    it("light loss: 1 hit, transports come back damaged", () => {
      const r = accepted(drop(2));
      expect(r.outcome.result).toBe("lightLoss");
      expect(r.effects).toEqual([
        { type: "hits", actor: "82-abn-1", amount: 1 },
        { type: "squadronBox", squadron: "c130", box: "damaged" },
      ]);
    });
    it("success: no loss, transports come back damaged", () => {
      const r = accepted(drop(3));
      expect(r.outcome.result).toBe("success");
      expect(r.effects).toEqual([{ type: "squadronBox", squadron: "c130", box: "damaged" }]);
    });
    it("loss table", () => {
      expect(PARADROP_LOSSES).toEqual({
        totalLoss: { hits: "all", transportsLost: true },
        heavyLoss: { hits: 3, transportsLost: true },
        lightLoss: { hits: 1, transportsLost: false },
        success: { hits: 0, transportsLost: false },
      });
    });
  });

  it("refuses a bad override and a transport not in the paradrop box", () => {
    const r = drop(3, { airModifierOverride: 0.5, transports: [squadron("c130", { box: "cas" }), wp("an12", { box: "paradrop" })] });
    expect(codes(r)).toEqual(["badModifier", "notATransport", "notATransport"]);
  });
});
