/** The NQM unit's positions and the class it counts as under fire: plain data, no Foundry (the dialogs read it too). */
import { POSITION_CLASS, WEIGHT_CLASSES } from "../rules/nqm/firefight-table";

/** The three positions of Table 12's columns (open, dug-in, fortified). */
export const NQM_POSITIONS = ["open", "dugIn", "fortified"] as const;

/** The heavier of a unit's armour class and the class its position gives (open L, dug-in M, fortified H). */
export function nqmTargetClass(
  armour: (typeof WEIGHT_CLASSES)[number],
  position: (typeof NQM_POSITIONS)[number],
): (typeof WEIGHT_CLASSES)[number] {
  const a = WEIGHT_CLASSES.indexOf(armour);
  const p = WEIGHT_CLASSES.indexOf(POSITION_CLASS[position]);
  return WEIGHT_CLASSES[Math.max(a, p)]!;
}
