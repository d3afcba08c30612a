import { describe, expect, it } from "vitest";
import { resolveAirSuperiority } from "../../../src/rules/nobc/air";
import { squadron, wp } from "./fixtures";

const as = { box: "airSuperiority" } as const;

describe("superiority level from the survivors (seed 000, Air War QRS: 4))", () => {
  it("counts survivors of each side, quality aside, and ignores damaged and other boxes", () => {
    const r = resolveAirSuperiority({
      squadrons: [
        squadron("a", { ...as, airToAir: 1 }),
        squadron("b", { ...as, airToAir: 1 }),
        squadron("c", { box: "damaged" }),
        squadron("d", { box: "cas" }),
        wp("x", { ...as, airToAir: 6 }),
      ],
    });
    expect(r.outcome).toEqual({ level: "superiority", winner: "nato", nato: 2, wp: 1 });
    expect(r.breakdown.map((l) => l.value)).toEqual([2, 1]);
    expect(r.effects).toEqual([]);
  });

  it("WP can win", () => {
    expect(resolveAirSuperiority({ squadrons: [wp("x", as)] }).outcome).toEqual({ level: "supremacy", winner: "wp", nato: 0, wp: 1 });
  });

  it("a tie is contested with no winner, and says so", () => {
    const r = resolveAirSuperiority({ squadrons: [wp("x", as), squadron("a", as)] });
    expect(r.outcome.winner).toBeNull();
    expect(r.breakdown[2]!.source).toBe("docs/rules-decisions.md: Superiority ties");
  });
});
