/**
 * Repairs of older shapes of `system` data, as pure functions over the raw source object.
 * Each data model's `migrateData` runs the repairs of its type; the world migration runner
 * (src/migration.ts) runs the same ones to plan the updates it writes. No Foundry import here.
 */
export type RawSource = Record<string, unknown>;

function isRecord(value: unknown): value is RawSource {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A bare number where a `{ value, max }` pool is now stored: the number becomes both. */
function poolFromNumber(source: RawSource, key: string): boolean {
  const old = source[key];
  if (typeof old !== "number") return false;
  source[key] = { value: old, max: old };
  return true;
}

/** An empty string once stood for "no reference"; references are now null. */
function emptyRefToNull(source: RawSource, key: string): boolean {
  if (source[key] !== "") return false;
  source[key] = null;
  return true;
}

/** The glossary's "Tactical Mode" was stored as `tactical` before the QRS name, Combat Mode, was adopted. */
function tacticalToCombat(source: RawSource): boolean {
  if (source["mode"] !== "tactical") return false;
  source["mode"] = "combat";
  return true;
}

const REPAIRS: Readonly<Record<string, readonly ((source: RawSource) => boolean)[]>> = {
  unit: [(s) => poolFromNumber(s, "strength"), tacticalToCombat, (s) => emptyRefToNull(s, "hq")],
  hq: [(s) => poolFromNumber(s, "level"), (s) => emptyRefToNull(s, "parent")],
  airSquadron: [(s) => emptyRefToNull(s, "airbase")],
  airbase: [
    (s) => poolFromNumber(s, "airDefence"),
    (s) => {
      // Hits were once one count, all of them repairable.
      const old = s["hits"];
      if (typeof old !== "number") return false;
      s["hits"] = { repairable: old, permanent: 0 };
      return true;
    },
  ],
  supportCard: [(s) => emptyRefToNull(s, "assignedTo")],
};

/**
 * Repairs `source` in place for a document subtype and says whether anything changed.
 * Unknown types and non-object sources are left alone.
 */
export function repairSystemSource(type: string, source: unknown): boolean {
  if (!isRecord(source)) return false;
  let changed = false;
  // Own keys only: a stored type named like an Object prototype member ("constructor") has no repairs.
  const repairs = Object.hasOwn(REPAIRS, type) ? REPAIRS[type] : undefined;
  for (const repair of repairs ?? []) changed = repair(source) || changed;
  return changed;
}
