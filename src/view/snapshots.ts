/**
 * Plain snapshots the rules take, read from a sheet's document. Pure: the sheet passes the
 * document's UUID, name and system data. Map positions are not a sheet's business, so the hex is
 * left empty: the rules called from sheets (modes, recovery, repair) do not read it.
 */
import type { HexRef } from "../rules/ids";
import type { LandHq, LandUnit } from "../rules/nobc/land/types";
import type { Squadron, Nationality } from "../rules/nobc/air/types";
import { NATIONALITIES as AIR_NATIONALITIES } from "../rules/nobc/air/types";
import type { AirSquadronSystemView, HqSystemView, UnitSystemView } from "./views";

export interface Named {
  readonly uuid: string;
  readonly name: string;
}

/** A unit for the rules, standing in `hex` ("" when off the map). */
export function landUnitOf(doc: Named, system: UnitSystemView, hex: HexRef = ""): LandUnit {
  const unit: LandUnit = {
    id: doc.uuid,
    side: system.side,
    name: doc.name,
    size: system.size,
    arm: system.arm,
    strength: system.strength.value,
    mode: system.mode,
    supply: system.supply,
    hex,
    nationality: system.nationality,
  };
  if (system.hq) unit.hq = system.hq;
  return unit;
}

/** An HQ for the rules, standing in `hex` ("" when off the map). */
export function landHqOf(doc: Named, system: HqSystemView, hex: HexRef = ""): LandHq {
  const hq: LandHq = {
    id: doc.uuid,
    side: system.side,
    name: doc.name,
    echelon: system.echelon,
    level: system.level.value,
    maxLevel: system.level.max,
    radius: system.radius,
    nationality: system.nationality,
    hex,
    mayRecover: system.mayRecover,
  };
  if (system.parent) hq.parent = system.parent;
  return hq;
}

function isAirNationality(code: string): code is Nationality {
  return (AIR_NATIONALITIES as readonly string[]).includes(code);
}

/** A squadron for the air rules, or null when its nationality has no air force in the rules. */
export function squadronOf(doc: Named, system: AirSquadronSystemView): Squadron | null {
  if (!isAirNationality(system.nationality)) return null;
  return {
    id: doc.uuid,
    name: doc.name,
    side: system.side,
    nationality: system.nationality,
    airToAir: system.airToAir,
    cas: system.cas,
    deepStrike: system.deepStrike,
    weapons: system.weapons.map((w) => ({ kind: w.kind, name: w.name })),
    range: system.range,
    recce: system.recce,
    ew: system.ew,
    harrier: system.harrier,
    box: system.box,
    airbase: system.airbase,
    airZone: system.airZone,
  };
}
