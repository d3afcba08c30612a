/**
 * Form data of the squadron sheet. Foundry expands "system.weapons.0.name" into an object keyed
 * "0", "1", …, not an array; the weapons field is an array, so the rows are put back in order
 * before the update (the form submits every row, so the whole list is written).
 */
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
