/**
 * Benchmarks of the rules core's hot paths at megagame scale (`npm run bench`). They measure and
 * print; they are not part of `npm test`, and no test depends on a timing.
 */
import { bench } from "./measure";
import { seededDice } from "../../src/rules/dice";
import { unwrap } from "../../src/rules/resolution";
import { checkStacking, type StackingHex } from "../../src/rules/nobc/land/stacking";
import { combatOdds, planGroundCombat, resolveGroundCombat, type GroundCombatInput } from "../../src/rules/nobc/land/combat";
import type { LandUnit } from "../../src/rules/nobc/land/types";

// A theatre-sized map: 2,000 occupied hexes, three units each (a busy Central Front turn).
const hexes: StackingHex[] = Array.from({ length: 2000 }, (_, h) => ({
  hex: `h${h}`,
  terrain: h % 3 === 0 ? ["woods"] : h % 7 === 0 ? ["city"] : ["clear"],
  units: Array.from({ length: 3 }, (_, u) => ({
    id: `u${h}.${u}`,
    name: `Unit ${h}.${u}`,
    size: u === 0 ? ("division" as const) : ("brigade" as const),
    arm: "armour" as const,
    mode: h % 2 === 0 ? ("combat" as const) : ("march" as const),
  })),
}));

// A large ground combat: six attacking hexes of two divisions each against a defended hex.
const attackers: LandUnit[] = Array.from({ length: 12 }, (_, i) => ({
  id: `wp${i}`,
  side: "wp",
  name: `WP ${i}`,
  size: "division",
  arm: "motorRifle",
  strength: 8,
  mode: "combat",
  supply: 3,
  hex: `A${i % 6}`,
  nationality: "su",
}));
const defenders: LandUnit[] = Array.from({ length: 3 }, (_, i) => ({
  id: `n${i}`,
  side: "nato",
  name: `NATO ${i}`,
  size: "brigade",
  arm: "armour",
  strength: 5,
  mode: "combat",
  supply: 2,
  hex: "T",
  nationality: "frg",
}));
const combat: GroundCombatInput = {
  attackerSide: "wp",
  target: "T",
  terrain: ["woods", "rough"],
  minefield: true,
  units: [...attackers, ...defenders],
  adjacency: { T: ["A0", "A1", "A2", "A3", "A4", "A5"] },
  attackers: attackers.map((u) => u.id),
};

bench("land: checkStacking over 2,000 hexes", () => {
  checkStacking(hexes);
});
bench("land: plan, preview odds and resolve a 12-against-3 combat", () => {
  const plan = unwrap(planGroundCombat(combat));
  combatOdds(plan);
  resolveGroundCombat(plan, seededDice(7));
});
