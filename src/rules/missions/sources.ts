import { SEEDS } from "../resolution";

/** Citation strings for breakdown lines: the seed section, or the decision we took on a gap. */
export const SRC = {
  randomMission: `${SEEDS.missions}, Random Mission Table`,
  battlePlans: `${SEEDS.missions}, Battle Plans table`,
  whoAttacks: `${SEEDS.missions}, Who Attacks`,
  firstTurn: `${SEEDS.missions}, Who Has the First Turn`,
  timeOfDay: `${SEEDS.missions}, Random Time of Day`,
  dawnDusk: `${SEEDS.missions}, Time of Day: Dawn and Dusk`,
  night: `${SEEDS.missions}, Night Visibility Table`,
  reserves: `${SEEDS.missions}, Reserves: Roll for Reserves`,
  reserveLimits: `${SEEDS.missions}, Reserves: deployment limits`,
  scattered: `${SEEDS.missions}, Where Do Reserves Arrive`,
  ambush: `${SEEDS.missions}, Ambush: Placing Ambushes`,
  minefields: `${SEEDS.missions}, Minefields`,
  withdrawal: `${SEEDS.missions}, Strategic Withdrawal`,
  objectives: `${SEEDS.missions}, Holding Objectives`,
  victory: `${SEEDS.missions}, Victory Points Table`,
  noDraws: `${SEEDS.missions}, There Are No Draws`,
} as const;

/** A citation of one of our readings in docs/rules-decisions.md. */
export function decision(topic: string): string {
  return `docs/rules-decisions.md: ${topic}`;
}
