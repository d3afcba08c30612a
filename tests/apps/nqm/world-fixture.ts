/** A small NQM world for the toolkit's dialog tests: two NATO companies and a Warsaw Pact company and battery. */
import type { NqmUnitSystemView } from "../../../src/view/views";
import { nqmSystemView, type NqmWorld } from "../../../src/apps/nqm/world";

type Raw = Record<string, unknown>;

export function nqmSystem(extra: Partial<NqmUnitSystemView> & Raw = {}): Raw {
  return {
    side: "nato",
    grade: "regular",
    green: false,
    kind: "fighting",
    strength: { value: 3, max: 3 },
    combatUnits: 1,
    weight: "L",
    armour: "L",
    protection: "open",
    pins: { red: 0, black: 0 },
    disorganised: false,
    disorganisedHours: 0,
    harassedHours: 0,
    broken: false,
    surrendered: false,
    withdrawn: false,
    ammo: 3,
    inSupply: true,
    supplyUnits: { log: 0, pol: 0 },
    recceTroops: false,
    commandBase: true,
    notes: "",
    ...extra,
  };
}

export const SPECS: readonly { id: string; name: string; system: Raw }[] = [
  { id: "a1", name: "A Coy", system: nqmSystem() },
  { id: "a2", name: "B Coy", system: nqmSystem({ grade: "veteran", pins: { red: 1, black: 0 } }) },
  { id: "w1", name: "1 MR Coy", system: nqmSystem({ side: "wp", grade: "conscript", protection: "dugIn" }) },
  { id: "w2", name: "2 Bty", system: nqmSystem({ side: "wp", kind: "support", weight: "M", strength: { value: 2, max: 2 }, ammo: 6 }) },
];

/** The plain world the pure functions read (derived values as the data model prepares them). */
export function plainWorld(selected: readonly string[] = [], changes: Readonly<Record<string, Raw>> = {}): NqmWorld {
  return {
    isGM: true,
    selected: selected.map((id) => `Actor.${id}`),
    units: SPECS.map((s) => ({
      id: `Actor.${s.id}`,
      name: s.name,
      system: nqmSystemView({ ...s.system, ...(changes[s.id] ?? {}) } as unknown as NqmUnitSystemView),
    })),
  };
}
