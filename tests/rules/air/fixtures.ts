import type { Checked } from "../../../src/rules/resolution";
import type { Airbase, Squadron } from "../../../src/rules/nobc/air";

/** A plain NATO fighter squadron in the ready box; override what a test needs. */
export function squadron(id: string, over: Partial<Squadron> = {}): Squadron {
  return {
    id,
    name: id.toUpperCase(),
    side: "nato",
    nationality: "us",
    airToAir: 4,
    cas: 3,
    deepStrike: 3,
    weapons: [],
    range: 1,
    recce: false,
    ew: false,
    harrier: false,
    box: "ready",
    airbase: "ab-1",
    airZone: "north",
    ...over,
  };
}

export function wp(id: string, over: Partial<Squadron> = {}): Squadron {
  return squadron(id, { side: "wp", nationality: "su", airbase: "wp-ab", ...over });
}

export function airbase(id: string, over: Partial<Airbase> = {}): Airbase {
  return { id, name: id.toUpperCase(), side: "nato", airZone: "north", hits: 0, permanentHits: 0, ...over };
}

/** The value of an accepted result; fails the test with the refusals otherwise. */
export function accepted<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new Error(`refused: ${checked.refusals.map((r) => `${r.code} ${JSON.stringify(r.text)}`).join(" | ")}`);
  return checked.value;
}

/** The refusal codes of a refused result (empty when accepted). */
export function codes<T>(checked: Checked<T>): string[] {
  return checked.ok ? [] : checked.refusals.map((r) => r.code);
}
