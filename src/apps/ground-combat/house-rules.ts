/**
 * House rules as an extension point. A module (or a world script) registers a ground-combat
 * modifier the seeds do not have, `game.nobc.registerCombatModifier({ id, label, applies, source? })`;
 * the planner and `resolveGroundCombatFor` ask every registered rule when they build a plan, and the
 * rules core shows each answer as its own breakdown line, in the preview and on the card. Loaded on
 * init, so it stays small: no dialog code, no world reads.
 */
import { z } from "zod";
import type { HexRef } from "../../rules/ids";
import type { ExtraCombatModifier, GroundCombatCas } from "../../rules/nobc/land/combat";
import type { RulesOptions } from "../../rules/nobc/land/options";
import type { LandTerrain, LandUnit, RiverHexside, Side, SupportCard } from "../../rules/nobc/land/types";
import { phrase, type Refusal } from "../../rules/resolution";
import { formatPath } from "../../words/path";
import { issuePhrase, WITH_INPUT } from "../../words/issues";
import { errorText } from "../../base/errors";
import { say, warnRefused } from "../../base/foundry";

/** What a house rule sees of one combat: plain snapshots the planner already has (copies: changing them changes nothing). */
export interface CombatModifierContext {
  readonly attackerSide: Side;
  readonly defenderSide: Side;
  /** The attacking units (mode, arm, size, strength, supply, nationality, hex, HQ). */
  readonly attackers: readonly LandUnit[];
  /** Every unit in the defending hex. */
  readonly defenders: readonly LandUnit[];
  /** The defending hex, its terrain, and whether it is under a minefield. */
  readonly target: HexRef;
  readonly terrain: readonly LandTerrain[];
  readonly minefield: boolean;
  /** The river between each attacking hex and the target (hexes with none are left out). */
  readonly rivers: Readonly<Record<HexRef, RiverHexside>>;
  /** Support cards played and CAS given, by either side. */
  readonly cards: readonly SupportCard[];
  readonly cas: readonly GroundCombatCas[];
  /** The rules options the combat is planned with. */
  readonly options: RulesOptions;
}

/** A rule's answer: a whole number for the score (positive helps the attacker), with data for its label, or null when it does not apply. */
export type CombatModifierAnswer = number | { readonly value: number; readonly data?: Readonly<Record<string, string | number>> } | null;

export interface CombatModifierRule {
  /** Unique, e.g. "night-attack". */
  readonly id: string;
  /** Lang key of the breakdown line's label, or its text (shown as is where no translation has it). */
  readonly label: string;
  readonly applies: (context: CombatModifierContext) => CombatModifierAnswer;
  /** Shown under the label; "house rule: <id>" unless given. */
  readonly source?: string;
}

const ruleSchema = z.strictObject({
  id: z.string().trim().min(1, "NOBC.HouseRule.Invalid.Id"),
  label: z.string().trim().min(1, "NOBC.HouseRule.Invalid.Label"),
  applies: z.custom<CombatModifierRule["applies"]>((v) => typeof v === "function", { error: "NOBC.HouseRule.Invalid.Applies" }),
  source: z.string().trim().min(1, "NOBC.HouseRule.Invalid.Source").optional(),
});

export type Registration =
  { readonly ok: true; readonly rule: CombatModifierRule } | { readonly ok: false; readonly refusals: readonly Refusal[] };

const registered: CombatModifierRule[] = [];

/** `game.nobc.registerCombatModifier(rule)`: checked with zod; refused (warned, naming the field) when bad or when the id is taken. */
export function registerCombatModifier(rule: unknown): Registration {
  const parsed = ruleSchema.safeParse(rule, WITH_INPUT);
  const refusals: Refusal[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const path = formatPath(issue.path);
        const field = path || "rule";
        const text = phrase("NOBC.HouseRule.Invalid.Problem", {
          field: path === "" ? phrase("NOBC.Validation.Whole.Rule") : path,
          problem: issuePhrase(issue),
        });
        return { code: "invalidHouseRule", text, field };
      });
  if (parsed.success && registered.some((r) => r.id === parsed.data.id)) {
    refusals.push({ code: "duplicateId", text: phrase("NOBC.HouseRule.DuplicateId", { id: parsed.data.id }), field: "id" });
  }
  if (!parsed.success || refusals.length > 0) {
    warnRefused(refusals.map((r) => say(r.text)));
    return { ok: false, refusals };
  }
  const { source, ...rest } = parsed.data;
  const checked: CombatModifierRule = source === undefined ? rest : { ...rest, source };
  registered.push(checked);
  return { ok: true, rule: checked };
}

/** The registered rules, in the order registered. */
export function combatModifierRules(): readonly CombatModifierRule[] {
  return [...registered];
}

/** For tests: forget every registration. */
export function clearCombatModifiers(): void {
  registered.length = 0;
}

/**
 * Asks each rule about one combat. An answer becomes an extra modifier as given (the rules core
 * checks its shape and refuses a bad one naming the field); a rule that throws is a refusal.
 */
export function askHouseRules(
  rules: readonly CombatModifierRule[],
  context: CombatModifierContext,
): { readonly modifiers: ExtraCombatModifier[]; readonly problems: Refusal[] } {
  const modifiers: ExtraCombatModifier[] = [];
  const problems: Refusal[] = [];
  for (const rule of rules) {
    let answer: unknown;
    try {
      answer = rule.applies(structuredClone(context));
    } catch (error) {
      const reason = errorText(error);
      problems.push({ code: "houseRuleFailed", text: phrase("NOBC.HouseRule.Failed", { id: rule.id, reason }), field: "extraModifiers" });
      continue;
    }
    if (answer === null || answer === undefined) continue;
    const { value, data } =
      typeof answer === "object" ? (answer as { value?: unknown; data?: unknown }) : { value: answer, data: undefined };
    modifiers.push({
      code: rule.label,
      // Whatever came back goes to the rules, which refuse anything but a whole number.
      value: value as number,
      ...(data === undefined ? {} : { data: data as ExtraCombatModifier["data"] }),
      source: rule.source ?? `house rule: ${rule.id}`,
    });
  }
  return { modifiers, problems };
}
