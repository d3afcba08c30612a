/**
 * The HQ support limit (seed 000, Land War QRS, phase 4 "Ground Combat": support cards, CAS
 * included, are assigned "up to HQ Limit for each combat", within the HQ's radius and "up to its
 * current supply/support score"). Read as: in one combat, the cards plus CAS squadrons an HQ gives
 * may not exceed its current level; each combat is counted on its own. Used by the combat planner;
 * exported so the card-assignment check can use the same rule.
 */
import { RefusalList, SEEDS, type Refusal } from "../../resolution";
import { isCount } from "../../validate";
import type { LandHq } from "./types";

export const HQ_SUPPORT_LIMIT_SOURCE = `${SEEDS.nobc}, Land War QRS: 4. Ground Combat (support up to the HQ limit, within its radius); ${SEEDS.decision}: HQ support limit`;

export interface HqSupportUse {
  hq: Pick<LandHq, "name" | "level" | "radius">;
  /** Cards plus CAS squadrons the HQ gives to this one combat. */
  used: number;
  /** Hexes from the HQ to the combat, when the caller wants the radius checked too. */
  distance?: number;
}

/**
 * Every reason an HQ cannot give `used` cards and CAS to one combat: a level or radius that is not a
 * whole number ≥ 0, a bad count or distance, a distance beyond the radius, more than its level.
 * Fields are prefixed with `field` (e.g. "support[1]"). Empty when the support is allowed.
 */
export function hqSupportProblems(use: HqSupportUse, field = "hq"): Refusal[] {
  const { hq, used, distance } = use;
  const problems = new RefusalList();
  const levelOk = isCount(hq.level);
  const radiusOk = isCount(hq.radius);
  if (!levelOk || !radiusOk) {
    problems.add("hqInvalid", `${hq.name} has level ${hq.level} and radius ${hq.radius}; both must be whole numbers of 0 or more.`, field);
  }
  if (distance !== undefined) {
    if (!isCount(distance)) {
      problems.add(
        "hqDistanceInvalid",
        `The distance from ${hq.name} must be a whole number of hexes, not ${distance}.`,
        `${field}.distance`,
      );
    } else if (radiusOk && distance > hq.radius) {
      problems.add(
        "hqOutOfRadius",
        `${hq.name} is ${distance} hexes from the combat, beyond its radius of ${hq.radius}.`,
        `${field}.distance`,
      );
    }
  }
  if (!isCount(used)) {
    problems.add("hqSupportCountInvalid", `The support ${hq.name} gives must be a whole number of cards and CAS, not ${used}.`, field);
  } else if (levelOk && used > hq.level) {
    problems.add(
      "hqOverLevel",
      `${hq.name} is at level ${hq.level} and can give at most ${hq.level} card(s) and CAS to one combat, not ${used}.`,
      field,
    );
  }
  return problems.items;
}
