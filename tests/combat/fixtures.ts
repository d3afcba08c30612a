/** HQ rows shaped as `hqRows` builds them from combatants: for the context tests and the gallery. */
import type { HqRow } from "../../src/combat/snapshot";

export function hqRow(name: string, side: "nato" | "wp", extra: Partial<HqRow> = {}): HqRow {
  const id = name.replace(/\W+/g, "").toLowerCase();
  return {
    combatantId: `c-${id}`,
    uuid: `Actor.${id}`,
    name,
    side,
    echelon: side === "nato" ? "corps" : "army",
    level: { value: 3, max: 4 },
    radius: 4,
    cards: 2,
    initiative: false,
    ...extra,
  };
}

/** Two NATO corps and two WP armies; `natoInitiative` gives V (US) Corps the initiative. */
export function hqFixture(natoInitiative: boolean): HqRow[] {
  return [
    hqRow("V (US) Corps", "nato", { initiative: natoInitiative, cards: 3 }),
    hqRow("I (BR) Corps", "nato", { level: { value: 2, max: 4 }, radius: 3, cards: 1 }),
    hqRow("8th Guards Army", "wp", { level: { value: 4, max: 5 }, radius: 5, cards: 4 }),
    hqRow("1st Guards Tank Army", "wp", { echelon: "front", cards: 0 }),
  ];
}
