/**
 * The HQ support limit (seed 000, Land War QRS, phase 4 "Ground Combat": support cards, CAS
 * included, are assigned "up to HQ Limit for each combat", within the HQ's radius and "up to its
 * current supply/support score"). Read as: in one combat, the cards plus CAS squadrons an HQ gives
 * may not exceed its current level; each combat is counted on its own. Used by the combat planner;
 * exported so the card-assignment check can use the same rule.
 */
import { RefusalList, SEEDS, phrase, type Refusal } from "../../resolution";
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
    problems.add(
      "hqInvalid",
      phrase("NOBC.Rules.Land.HqSupport.Refusal.hqInvalid", { hq: hq.name, level: String(hq.level), radius: String(hq.radius) }),
      field,
    );
  }
  if (distance !== undefined) {
    if (!isCount(distance)) {
      problems.add(
        "hqDistanceInvalid",
        phrase("NOBC.Rules.Land.HqSupport.Refusal.hqDistanceInvalid", { hq: hq.name, distance: String(distance) }),
        `${field}.distance`,
      );
    } else if (radiusOk && distance > hq.radius) {
      problems.add(
        "hqOutOfRadius",
        phrase("NOBC.Rules.Land.HqSupport.Refusal.hqOutOfRadius", { hq: hq.name, count: distance, radius: hq.radius }),
        `${field}.distance`,
      );
    }
  }
  if (!isCount(used)) {
    problems.add(
      "hqSupportCountInvalid",
      phrase("NOBC.Rules.Land.HqSupport.Refusal.hqSupportCountInvalid", { hq: hq.name, used: String(used) }),
      field,
    );
  } else if (levelOk && used > hq.level) {
    problems.add("hqOverLevel", phrase("NOBC.Rules.Land.HqSupport.Refusal.hqOverLevel", { hq: hq.name, count: hq.level, used }), field);
  }
  return problems.items;
}
