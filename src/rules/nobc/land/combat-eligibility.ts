/**
 * Who may attack what (seed 000, Land War QRS, phase 4 "Ground Combat"): shared by the combat
 * planner and the turn's announcement check. Internal to the combat modules.
 */
import type { ActorRef, HexRef } from "../../ids";
import { phrase, type RefusalList } from "../../resolution";
import { sideName } from "./words";
import { alwaysInMarchMode, type LandUnit, type Side } from "./types";
import { unitIndex, unitsInHex } from "./unit-index";

/** Adjacency as plain data: each hex with the hexes next to it (one direction listed is enough). */
export type CombatAdjacency = Readonly<Record<HexRef, readonly HexRef[]>>;

export function hexesAdjacent(adjacency: CombatAdjacency, a: HexRef, b: HexRef): boolean {
  return a !== b && ((adjacency[a]?.includes(b) ?? false) || (adjacency[b]?.includes(a) ?? false));
}

/**
 * Every hex `hexesAdjacent` finds next to `hex`: those `adjacency` lists for it and those listing
 * it, without `hex` itself. Read from the adjacency given, never from the units.
 */
export function hexesAdjacentTo(adjacency: CombatAdjacency, hex: HexRef): Set<HexRef> {
  const out = new Set<HexRef>(Object.hasOwn(adjacency, hex) ? (adjacency[hex] ?? []) : []);
  for (const [from, next] of Object.entries(adjacency)) if (next.includes(hex)) out.add(from);
  out.delete(hex);
  return out;
}

export function otherSide(side: Side): Side {
  return side === "wp" ? "nato" : "wp";
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
  const byId = unitIndex(units).byId;
  const attackers: LandUnit[] = [];
  const seen = new Set<ActorRef>();
  const field = `${prefix}attackers`;
  const targetField = `${prefix}target`;
  if (attackerIds.length === 0) {
    refusals.add("noAttackers", phrase("NOBC.Rules.Land.CombatEligibility.Refusal.noAttackers", { target }), field);
  }
  attackerIds.forEach((id, i) => {
    // The field is named only when a refusal needs it.
    const f = () => `${field}[${i}]`;
    const unit = byId.get(id);
    if (unit === undefined) {
      refusals.add("unknownUnit", phrase("NOBC.Rules.Land.CombatEligibility.Refusal.unknownUnit", { unit: id }), f());
      return;
    }
    if (seen.has(id)) {
      refusals.add(
        "duplicateAttacker",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.duplicateAttacker", { unit: unit.name, target }),
        f(),
      );
      return;
    }
    seen.add(id);
    attackers.push(unit);
    if (unit.side !== side) {
      refusals.add(
        "attackerWrongSide",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerWrongSide", { unit: unit.name, side: sideName(side) }),
        f(),
      );
    }
    if (alwaysInMarchMode(unit)) {
      const key =
        unit.arm === "artillery"
          ? "NOBC.Rules.Land.CombatEligibility.Refusal.attackerAlwaysMarchArtillery"
          : "NOBC.Rules.Land.CombatEligibility.Refusal.attackerAlwaysMarch";
      refusals.add("attackerAlwaysMarch", phrase(key, { unit: unit.name }), f());
    } else if (unit.mode !== "combat") {
      refusals.add(
        "attackerNotCombatMode",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerNotCombatMode", { unit: unit.name }),
        f(),
      );
    }
    if (unit.hex === target) {
      refusals.add(
        "attackerInTarget",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerInTarget", { unit: unit.name, target }),
        f(),
      );
    } else if (!hexesAdjacent(adjacency, unit.hex, target)) {
      refusals.add(
        "attackerNotAdjacent",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerNotAdjacent", { unit: unit.name, hex: unit.hex, target }),
        f(),
      );
    }
    if (!validStrength(unit)) {
      refusals.add(
        "invalidStrength",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.invalidStrength", { unit: unit.name, strength: String(unit.strength) }),
        f(),
      );
    }
  });
  const defenders = unitsInHex(units, target);
  if (defenders.length === 0) {
    refusals.add("targetEmpty", phrase("NOBC.Rules.Land.CombatEligibility.Refusal.targetEmpty", { target }), targetField);
  }
  for (const d of defenders) {
    if (d.side === side) {
      refusals.add(
        "targetHoldsFriend",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.targetHoldsFriend", { target, unit: d.name }),
        targetField,
      );
    } else if (!validStrength(d)) {
      refusals.add(
        "invalidStrength",
        phrase("NOBC.Rules.Land.CombatEligibility.Refusal.invalidStrengthDefender", { unit: d.name, strength: String(d.strength) }),
        targetField,
      );
    }
  }
  return { attackers, defenders };
}
