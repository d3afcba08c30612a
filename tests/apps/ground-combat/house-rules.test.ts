/** The house-rule registry: registrations checked with zod, a taken id refused, and each rule asked about one combat. */
import "../../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import {
  askHouseRules,
  clearCombatModifiers,
  combatModifierRules,
  registerCombatModifier,
  type CombatModifierContext,
} from "../../../src/apps/ground-combat/house-rules";
import { DEFAULT_RULES_OPTIONS } from "../../../src/rules/nobc/land/options";
import type { LandUnit } from "../../../src/rules/nobc/land/types";
import { wpDivision } from "../../rules/land/fixtures";
import { phrase } from "../../../src/rules/resolution";

const unit = (id: string, over: Partial<LandUnit> = {}): LandUnit => wpDivision(id, { hex: "0301", nationality: "su", ...over });

const context = (): CombatModifierContext => ({
  attackerSide: "wp",
  defenderSide: "nato",
  attackers: [unit("w1"), unit("w2", { supply: 0 })],
  defenders: [unit("n1", { side: "nato", hex: "0201" })],
  target: "0201",
  terrain: ["town"],
  minefield: false,
  rivers: {},
  cards: [],
  cas: [],
  options: DEFAULT_RULES_OPTIONS,
});

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

beforeEach(() => harness.reset());
afterEach(clearCombatModifiers);

describe("registerCombatModifier", () => {
  it("keeps a rule, in order, with its source or 'house rule: <id>'", () => {
    const applies = () => null;
    expect(registerCombatModifier({ id: "a", label: "HOUSE.A", applies }).ok).toBe(true);
    expect(registerCombatModifier({ id: "b", label: "Plain text", applies, source: "our club's rules" }).ok).toBe(true);
    expect(combatModifierRules()).toEqual([
      { id: "a", label: "HOUSE.A", applies },
      { id: "b", label: "Plain text", applies, source: "our club's rules" },
    ]);
    expect(warnings()).toEqual([]);
  });

  it("refuses a bad rule naming each field, with a warning, and keeps nothing", () => {
    const r = registerCombatModifier({ id: " ", label: 3, applies: "−1", source: "", colour: "red" });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.refusals.map((x) => x.field)).toEqual(expect.arrayContaining(["id", "label", "applies", "source", "rule"]));
    expect(r.ok ? [] : r.refusals.find((x) => x.field === "applies")!.text).toEqual(
      phrase("NOBC.HouseRule.Invalid.Problem", { field: "applies", problem: phrase("NOBC.HouseRule.Invalid.Applies", { input: '"−1"' }) }),
    );
    expect(registerCombatModifier(undefined).ok).toBe(false);
    expect(combatModifierRules()).toEqual([]);
    expect(warnings()).toHaveLength(2);
  });

  it("refuses a second rule with the same id, naming the field", () => {
    registerCombatModifier({ id: "night-attack", label: "HOUSE.Night", applies: () => -1 });
    const again = registerCombatModifier({ id: "night-attack", label: "HOUSE.Other", applies: () => 1 });
    expect(again).toEqual({
      ok: false,
      refusals: [{ code: "duplicateId", text: phrase("NOBC.HouseRule.DuplicateId", { id: "night-attack" }), field: "id" }],
    });
    expect(combatModifierRules().map((r) => r.label)).toEqual(["HOUSE.Night"]);
    expect(warnings().at(-1)).toContain("NOBC.HouseRule.DuplicateId");
  });
});

describe("asking the house rules about a combat", () => {
  it("a number or { value, data } becomes an extra modifier labelled by the rule; null leaves none", () => {
    const rules = [
      { id: "town", label: "HOUSE.Town", applies: (c: CombatModifierContext) => (c.terrain.includes("town") ? -1 : null) },
      { id: "river", label: "HOUSE.River", applies: () => null },
      {
        id: "dry",
        label: "HOUSE.Dry",
        source: "club rules p. 3",
        applies: (c: CombatModifierContext) => ({ value: -1, data: { count: c.attackers.filter((u) => u.supply === 0).length } }),
      },
    ];
    expect(askHouseRules(rules, context())).toEqual({
      modifiers: [
        { code: "HOUSE.Town", value: -1, source: "house rule: town" },
        { code: "HOUSE.Dry", value: -1, data: { count: 1 }, source: "club rules p. 3" },
      ],
      problems: [],
    });
  });

  it("hands the answer on as given (the rules check it); a rule that throws is a refusal naming it", () => {
    const asked = askHouseRules(
      [
        { id: "odd", label: "HOUSE.Odd", applies: () => "2" as unknown as number },
        {
          id: "boom",
          label: "HOUSE.Boom",
          applies: () => {
            throw new Error("no scene");
          },
        },
      ],
      context(),
    );
    expect(asked.modifiers).toEqual([{ code: "HOUSE.Odd", value: "2", source: "house rule: odd" }]);
    expect(asked.problems).toEqual([
      { code: "houseRuleFailed", text: phrase("NOBC.HouseRule.Failed", { id: "boom", reason: "no scene" }), field: "extraModifiers" },
    ]);
  });

  it("gives each rule a copy: a rule that changes its context changes nothing", () => {
    const seen = context();
    const meddler = { id: "meddler", label: "HOUSE.M", applies: (c: CombatModifierContext) => ((c.attackers as LandUnit[]).pop(), null) };
    askHouseRules([meddler], seen);
    expect(seen.attackers.map((u) => u.id)).toEqual(["w1", "w2"]);
  });
});
