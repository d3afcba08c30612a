/**
 * Who may attack what (seed 000, Land War QRS, phase 4 "Ground Combat"): shared by the combat
 * planner and the turn's announcement check. Internal to the combat modules.
 */
import type { ActorRef, HexRef } from "../../ids";
import type { RefusalList } from "../../resolution";
import { alwaysInMarchMode, type LandUnit, type Side } from "./types";

/** Adjacency as plain data: each hex with the hexes next to it (one direction listed is enough). */
export type CombatAdjacency = Readonly<Record<HexRef, readonly HexRef[]>>;

export function hexesAdjacent(adjacency: CombatAdjacency, a: HexRef, b: HexRef): boolean {
  return a !== b && ((adjacency[a]?.includes(b) ?? false) || (adjacency[b]?.includes(a) ?? false));
}

export function otherSide(side: Side): Side {
  return side === "wp" ? "nato" : "wp";
}

export function sideName(side: Side): string {
  return side === "wp" ? "Warsaw Pact" : "NATO";
}

export function validStrength(unit: LandUnit): boolean {
  return Number.isInteger(unit.strength) && unit.strength > 0;
}

/**
 * Checks the attackers of one combat against `target` and the units in it. Returns the attacking
 * and defending units found (attackers in the order given), adding every problem to `refusals`
 * with fields under `prefix` (e.g. "announcements[2].").
 */
export function checkCombatParties(
  refusals: RefusalList,
  units: readonly LandUnit[],
  adjacency: CombatAdjacency,
  side: Side,
  target: HexRef,
  attackerIds: readonly ActorRef[],
  prefix = "",
): { attackers: LandUnit[]; defenders: LandUnit[] } {
  const byId = new Map(units.map((u) => [u.id, u]));
  const attackers: LandUnit[] = [];
  const seen = new Set<ActorRef>();
  const field = `${prefix}attackers`;
  const targetField = `${prefix}target`;
  if (attackerIds.length === 0) {
    refusals.add("noAttackers", `The attack on hex ${target} names no attacking unit.`, field);
  }
  attackerIds.forEach((id, i) => {
    const f = `${field}[${i}]`;
    const unit = byId.get(id);
    if (unit === undefined) {
      refusals.add("unknownUnit", `Attacking unit ${id} is not among the units given.`, f);
      return;
    }
    if (seen.has(id)) {
      refusals.add("duplicateAttacker", `${unit.name} is listed twice among the attackers on hex ${target}.`, f);
      return;
    }
    seen.add(id);
    attackers.push(unit);
    if (unit.side !== side) {
      refusals.add("attackerWrongSide", `${unit.name} is not a ${sideName(side)} unit, so it cannot attack for that side.`, f);
    }
    if (alwaysInMarchMode(unit)) {
      refusals.add(
        "attackerAlwaysMarch",
        `${unit.name} is ${unit.arm === "artillery" ? "artillery" : "battalion-sized"} and so always in March Mode; it cannot attack.`,
        f,
      );
    } else if (unit.mode !== "combat") {
      refusals.add("attackerNotCombatMode", `${unit.name} is in March Mode; only Combat Mode units can attack.`, f);
    }
    if (unit.hex === target) {
      refusals.add("attackerInTarget", `${unit.name} stands in hex ${target}, the hex it is meant to attack.`, f);
    } else if (!hexesAdjacent(adjacency, unit.hex, target)) {
      refusals.add("attackerNotAdjacent", `${unit.name} in hex ${unit.hex} is not adjacent to hex ${target}.`, f);
    }
    if (!validStrength(unit)) {
      refusals.add("invalidStrength", `${unit.name} has Combat Strength ${unit.strength}; it must be a whole number above 0.`, f);
    }
  });
  const defenders = units.filter((u) => u.hex === target);
  if (defenders.length === 0) {
    refusals.add("targetEmpty", `Hex ${target} holds no unit to attack.`, targetField);
  }
  for (const d of defenders) {
    if (d.side === side) {
      refusals.add("targetHoldsFriend", `Hex ${target} holds ${d.name} of the attacking side, so it cannot be attacked.`, targetField);
    } else if (!validStrength(d)) {
      refusals.add(
        "invalidStrength",
        `Defending unit ${d.name} has Combat Strength ${d.strength}; it must be a whole number above 0.`,
        targetField,
      );
    }
  }
  return { attackers, defenders };
}
