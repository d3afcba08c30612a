/** A Warsaw Pact motor-rifle division at full strength, in Combat Mode with 2 SP: the land tests' usual unit. */
import type { LandUnit } from "../../../src/rules/nobc/land/types";

export const wpDivision = (id: string, over: Partial<LandUnit>): LandUnit => ({
  id,
  side: "wp",
  name: id,
  size: "division",
  arm: "motorRifle",
  strength: 6,
  mode: "combat",
  supply: 2,
  hex: "A",
  nationality: "SU",
  ...over,
});
