/**
 * The rules options, one object by resolver section (docs/rules-decisions.md, world settings): every
 * resolver that takes options reads its own section of the whole object, and still takes that
 * section alone as older macros pass it.
 */
import { describe, expect, it } from "vitest";
import { unwrap } from "../../../src/rules/resolution";
import { planGroundCombat, type GroundCombatInput } from "../../../src/rules/nobc/land/combat";
import { resolveOverrun, type OverrunInput } from "../../../src/rules/nobc/land/movement";
import { DEFAULT_RULES_OPTIONS, optionsSection, type RulesOptions } from "../../../src/rules/nobc/land/options";
import { wpDivision } from "./fixtures";

const unit = wpDivision;

// 6 against 30: below 1:1 (seed 000, Step One lists nothing there).
const combat = (options: GroundCombatInput["options"]): GroundCombatInput => ({
  attackerSide: "wp",
  target: "T",
  terrain: ["clear"],
  minefield: false,
  units: [unit("wp1", {}), unit("nato1", { side: "nato", hex: "T", strength: 30 })],
  adjacency: { T: ["A"] },
  attackers: ["wp1"],
  ...(options === undefined ? {} : { options }),
});

const overrun = (options: OverrunInput["options"]): OverrunInput => ({
  unit: { id: "u", name: "1 MRD", side: "wp", mode: "march", strength: 6 },
  overrunCost: { mp: 2, hits: 1 },
  mpLeft: 4,
  hex: { hex: "x", terrain: ["woods"], road: "road" },
  river: "minor",
  defenders: [{ id: "bn", name: "Recce Bn", side: "nato", size: "battalion", arm: "recce", strength: 2 }],
  ...(options === undefined ? {} : { options }),
});

const world = (over: { combat?: Partial<RulesOptions["combat"]>; overrun?: Partial<RulesOptions["overrun"]> }): RulesOptions => ({
  combat: { ...DEFAULT_RULES_OPTIONS.combat, ...over.combat },
  overrun: { ...DEFAULT_RULES_OPTIONS.overrun, ...over.overrun },
});

describe("the whole rules options", () => {
  it("defaults are the seed's reading: odds below 1:1 count +0, the overrun list counts once, a minor road is a road", () => {
    expect(DEFAULT_RULES_OPTIONS).toEqual({
      combat: { oddsBelowOne: "zero" },
      overrun: { lightExtrasCumulative: false, minorRoadMeansMinorRiver: false },
    });
  });

  it("ground combat reads `combat` of the whole object, or the section alone", () => {
    const odds = (options: GroundCombatInput["options"]) => unwrap(planGroundCombat(combat(options))).breakdown[0]!.value;
    expect(odds(undefined)).toBe(0);
    expect(odds(world({ combat: { oddsBelowOne: "mirror" } }))).toBe(-6);
    expect(odds({ oddsBelowOne: "mirror" })).toBe(-6);
    expect(odds({ overrun: { lightExtrasCumulative: true } })).toBe(0);
  });

  it("a bad reading is refused naming the field it came in", () => {
    const bad = "half" as "zero";
    const whole = planGroundCombat(combat({ combat: { oddsBelowOne: bad } }));
    const alone = planGroundCombat(combat({ oddsBelowOne: bad }));
    expect(whole.ok ? [] : whole.refusals.map((r) => [r.code, r.field])).toEqual([["invalidOption", "options.combat.oddsBelowOne"]]);
    expect(alone.ok ? [] : alone.refusals.map((r) => [r.code, r.field])).toEqual([["invalidOption", "options.oddsBelowOne"]]);
  });

  it("overrun reads `overrun` of the whole object, or the section alone", () => {
    const hits = (options: OverrunInput["options"]) => unwrap(resolveOverrun(overrun(options))).outcome.hitsToUnit;
    // Woods, minor road and March Mode: +1 once by default (literal road reading).
    expect(hits(undefined)).toBe(2);
    expect(hits(world({ overrun: { lightExtrasCumulative: true } }))).toBe(4);
    expect(hits({ lightExtrasCumulative: true })).toBe(4);
    // Off the road, the minor river crossed counts only when read as the seed's "Minor Road".
    const offRoad = (options: OverrunInput["options"]) =>
      unwrap(resolveOverrun({ ...overrun(options), hex: { hex: "x", terrain: ["woods"] } })).outcome.hitsToUnit;
    expect(offRoad(world({ overrun: { lightExtrasCumulative: true } }))).toBe(3);
    expect(offRoad(world({ overrun: { lightExtrasCumulative: true, minorRoadMeansMinorRiver: true } }))).toBe(4);
    expect(hits(world({ combat: { oddsBelowOne: "mirror" } }))).toBe(2);
  });

  it("optionsSection names where a section's readings came from", () => {
    expect(optionsSection(undefined, "overrun")).toEqual({ value: {}, field: "options.overrun" });
    expect(optionsSection({ combat: { oddsBelowOne: "mirror" } }, "overrun")).toEqual({ value: {}, field: "options.overrun" });
    expect(optionsSection({ lightExtrasCumulative: true }, "overrun")).toEqual({
      value: { lightExtrasCumulative: true },
      field: "options",
    });
  });
});
