/**
 * A real ground combat for the card tests and the gallery: two Warsaw Pact divisions attack a
 * wooded hex held by two NATO units and an artillery brigade. Resolved by the rules with a
 * scripted die, so the card shows what the rules really produce.
 */
import { scriptedDice } from "../../src/rules/dice";
import { land } from "../../src/rules/index";
import { unwrap, type Resolution } from "../../src/rules/resolution";
import type { GroundCombatOutcome, GroundCombatPlan } from "../../src/rules/nobc/land/combat";
import type { LandUnit } from "../../src/rules/nobc/land/types";

/** The actor refs of the five units (UUIDs of stand-in actors in the harness, plain refs in the gallery). */
export interface CombatRefs {
  readonly gds: string;
  readonly mr: string;
  readonly bde: string;
  readonly acr: string;
  readonly art: string;
}

export const GALLERY_REFS: CombatRefs = { gds: "Actor.gds", mr: "Actor.mr", bde: "Actor.bde", acr: "Actor.acr", art: "Actor.art" };

export const NAMES = {
  gds: "1st Gds Tank Div",
  mr: "35th MR Div",
  bde: "2nd Bde, 3rd Armd Div",
  acr: "11th Armd Cav Regt",
  art: "210th FA Bde",
} as const;

/** The units as the rules see them, keyed like `CombatRefs`. */
export function combatUnits(refs: CombatRefs): Record<keyof CombatRefs, LandUnit> {
  const base = { size: "division", arm: "armour", mode: "combat", supply: 1, nationality: "SU" } as const;
  return {
    gds: { ...base, id: refs.gds, side: "wp", name: NAMES.gds, strength: 8, hex: "A1" },
    mr: { ...base, id: refs.mr, side: "wp", name: NAMES.mr, arm: "motorRifle", strength: 4, hex: "A2" },
    bde: { ...base, id: refs.bde, side: "nato", name: NAMES.bde, size: "brigade", strength: 4, hex: "T", nationality: "US" },
    acr: { ...base, id: refs.acr, side: "nato", name: NAMES.acr, size: "brigade", arm: "recce", strength: 3, hex: "T", nationality: "US" },
    art: {
      ...base,
      id: refs.art,
      side: "nato",
      name: NAMES.art,
      size: "brigade",
      arm: "artillery",
      mode: "march",
      strength: 2,
      hex: "T",
      nationality: "US",
    },
  };
}

export interface Combat {
  readonly resolution: Resolution<GroundCombatOutcome>;
  readonly plan: GroundCombatPlan;
  readonly outcome: GroundCombatOutcome;
}

/**
 * The attack resolved with `face` on the die. Odds 12 against 9 read 1:1 (+0), woods −1: a 3 scores
 * 2, "Attack beaten off" (both sides share hits); a 6 scores 5, "Heavy fighting" (3 hits on each
 * attacker, 3 shared by the defenders).
 */
export function resolveCombat(refs: CombatRefs, face: number): Combat {
  const units = combatUnits(refs);
  const input = {
    attackerSide: "wp",
    target: "T",
    terrain: ["woods"],
    minefield: false,
    units: Object.values(units),
    adjacency: { T: ["A1", "A2"], A1: ["A2"] },
    attackers: [refs.gds, refs.mr],
  } as const;
  const plan = unwrap(land.planGroundCombat(input));
  const resolution = unwrap(land.groundCombat(input, scriptedDice([face])));
  return { resolution, plan, outcome: resolution.outcome };
}
