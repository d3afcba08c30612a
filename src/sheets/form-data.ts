/**
 * Form data of the squadron sheet. Foundry expands "system.weapons.0.name" into an object keyed
 * "0", "1", …, not an array; the weapons field is an array, so the rows are put back in order
 * before the update (the form submits every row, so the whole list is written).
 */
import { nqmMayBeGreen, pinsWithin } from "../data/nqm-classes";

type Raw = Record<string, unknown>;

/** `expanded` with `system.weapons`, if given as an index-keyed object, turned into an array. Pure. */
export function weaponsAsArray(expanded: Raw): Raw {
  const system = expanded["system"] as Raw | undefined;
  const weapons = system?.["weapons"];
  if (typeof weapons !== "object" || weapons === null || Array.isArray(weapons)) return expanded;
  const rows = Object.entries(weapons as Raw)
    .filter(([k]) => /^\d+$/.test(k))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => row);
  return { ...expanded, system: { ...system, weapons: rows } };
}

/** The pools each actor sheet edits the maximum of, by actor type. */
export const SHEET_POOLS: Readonly<Record<string, readonly string[]>> = {
  unit: ["strength"],
  hq: ["level"],
  airbase: ["airDefence"],
  nqmUnit: ["strength"],
};

/**
 * `expanded` with each pool whose maximum the form lowers below its value brought down to that
 * maximum in the same update: the data model's `validateJoint` refuses a value above its maximum,
 * and Foundry would refuse the whole update. `current` is the document's system data. Pure.
 */
export function clampPools(expanded: Raw, current: unknown, pools: readonly string[]): Raw {
  const system = expanded["system"] as Raw | undefined;
  if (system === undefined) return expanded;
  let out = system;
  for (const name of pools) {
    const sent = system[name] as { value?: unknown; max?: unknown } | undefined;
    if (typeof sent?.max !== "number") continue;
    const value = sent.value ?? ((current as Raw | null)?.[name] as { value?: unknown } | undefined)?.value;
    if (typeof value === "number" && value > sent.max) out = { ...out, [name]: { ...sent, value: sent.max } };
  }
  return out === system ? expanded : { ...expanded, system: out };
}

function numberAt(sent: Raw | undefined, current: Raw | undefined, key: string): number {
  const value = sent?.[key] ?? current?.[key];
  return typeof value === "number" ? value : 0;
}

/**
 * `expanded` (an NQM unit's form, its pools already clamped) made whole with what the unit keeps:
 * pins stay within the bases left (black first, then red, as the effects' planner keeps them), and
 * Green comes off a grade that cannot be Green. `validateJoint` would refuse the whole edit
 * otherwise. `current` is the document's system data. Pure.
 */
export function nqmUnitSafe(expanded: Raw, current: unknown): Raw {
  const system = expanded["system"] as Raw | undefined;
  if (system === undefined) return expanded;
  const now = (current ?? {}) as Raw;
  let out = system;
  const bases = numberAt(system["strength"] as Raw | undefined, now["strength"] as Raw | undefined, "value");
  const sentPins = system["pins"] as Raw | undefined;
  const nowPins = now["pins"] as Raw | undefined;
  const red = numberAt(sentPins, nowPins, "red");
  const black = numberAt(sentPins, nowPins, "black");
  if (red + black > bases) out = { ...out, pins: { ...sentPins, ...pinsWithin(bases, red, black) } };
  const grade = system["grade"] ?? now["grade"];
  const green = system["green"] ?? now["green"];
  if (green === true && !nqmMayBeGreen(typeof grade === "string" ? grade : "")) out = { ...out, green: false };
  return out === system ? expanded : { ...expanded, system: out };
}
