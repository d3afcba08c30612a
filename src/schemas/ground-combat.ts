/**
 * The part of a ground-combat card (`system.groundCombat`, see src/chat/splits.ts) that its split
 * editors and a new split read: the hits each side takes, the units they may fall on, and what of the
 * plan the split's effects are built from. The rest of the plan and outcome is passed through (it
 * is shown only). The compiler checks that what the rules make has this shape.
 */
import { z } from "zod";
import type { GroundCombatOutcome, GroundCombatPlan, GroundCombatSplits } from "../rules/nobc/land/combat";
import { MAX_EFFECT_REF, MAX_EFFECT_TEXT } from "./effects";

/** The most units, shares, cards or squadrons one list of a combat names (a few a side in play). */
export const MAX_COMBAT_LIST = 200;

const ref = z.string().min(1).max(MAX_EFFECT_REF);
const whole = z.int().min(0);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_COMBAT_LIST);

const candidate = z.object({ id: ref, name: z.string().max(MAX_EFFECT_TEXT), strength: whole, immune: z.boolean() });
const share = z.object({ actor: ref, hits: whole });
const allocation = z.object({
  each: z.boolean(),
  amount: whole,
  candidates: list(candidate),
  total: whole,
  dropped: list(share),
  proposal: list(share),
});

export const groundCombatCardSchema = z.object({
  plan: z.object({
    target: ref,
    attackers: list(candidate.extend({ hex: ref })),
    defenders: list(candidate),
    supplySpent: list(z.object({ actor: ref, spent: z.number() })),
    chemicalCards: list(ref),
    cas: list(z.object({ id: ref })),
  }),
  outcome: z.object({
    attackerHits: allocation,
    defenderHits: allocation,
    retreat: z.object({ hexes: whole, minefieldCleared: z.boolean() }),
  }),
  splits: z.strictObject({ attackers: list(share).readonly().optional(), defenders: list(share).readonly().optional() }),
});

// What the rules put on a card passes this schema's type: the schema asks for nothing they lack.
interface RulesCard {
  plan: GroundCombatPlan;
  outcome: GroundCombatOutcome;
  splits: GroundCombatSplits;
}
type Proven<T extends true> = T;
/** Compiles only while a rules' ground combat has the shape the schema asks for. */
export type GroundCombatSchemaFitsRules = Proven<RulesCard extends z.infer<typeof groundCombatCardSchema> ? true : false>;
