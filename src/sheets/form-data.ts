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
