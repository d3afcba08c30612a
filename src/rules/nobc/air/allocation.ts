/**
 * Step 1: allocating squadrons to the boxes of the Operations Allocation chart
 * (seed 000, Air War QRS: 1) Allocate units to missions).
 */
import type { ActorRef } from "../../ids";
import type { Effect } from "../../effects";
import { RefusalList, phrase } from "../../resolution";
import type { BreakdownLine, Checked, Resolution } from "../../resolution";
import { AIR_SOURCES } from "./sources";
import { boxLabel, weaponKindLabel } from "./labels";
import { checkSquadron, pickSquadrons, squadronName } from "./validate";
import type { AdvancedWeapon, AirZoneRef, Squadron, WeaponKind } from "./types";

/** The boxes a squadron can be allocated to. Recce and paradrop are parts of the CAS box. */
export const MISSION_BOXES = ["airSuperiority", "cas", "recce", "paradrop", "deepStrike", "holding"] as const;
export type MissionBox = (typeof MISSION_BOXES)[number];

/** The mission each kind of advanced weapon serves (seed 000, Air War QRS: 1)). */
export const WEAPON_MISSIONS: Readonly<Record<WeaponKind, MissionBox>> = {
  aam: "airSuperiority",
  cas: "cas",
  deepStrike: "deepStrike",
};

/**
 * What a squadron must be able to do to fly in a box, and the lang key of the refusal when it cannot;
 * holding and paradrop take any squadron.
 */
const BOX_NEEDS: Readonly<Record<MissionBox, { ok: (s: Squadron) => boolean; refusal: string } | undefined>> = {
  airSuperiority: { ok: (s) => s.airToAir > 0, refusal: "NOBC.Rules.Air.Allocation.Refusal.unfitAirSuperiority" },
  cas: { ok: (s) => s.cas > 0, refusal: "NOBC.Rules.Air.Allocation.Refusal.unfitCas" },
  recce: { ok: (s) => s.recce || s.ew, refusal: "NOBC.Rules.Air.Allocation.Refusal.unfitRecce" },
  deepStrike: { ok: (s) => s.deepStrike > 0 || s.ew, refusal: "NOBC.Rules.Air.Allocation.Refusal.unfitDeepStrike" },
  paradrop: undefined,
  holding: undefined,
};

export interface AllocationOrder {
  squadron: ActorRef;
  box: MissionBox;
  /** The air zone of the mission (for holding: the zone it transfers to). Its own zone when left out. */
  targetZone?: AirZoneRef;
  /** Advanced weapon cards attached for this mission. */
  weapons?: readonly AdvancedWeapon[];
}

export interface AllocationInput {
  squadrons: readonly Squadron[];
  orders: readonly AllocationOrder[];
  /** Air zones between two zones, looked up either way round; a zone is 0 from itself. */
  zoneDistances: Readonly<Record<AirZoneRef, Readonly<Record<AirZoneRef, number>>>>;
}

export interface Mission {
  squadron: ActorRef;
  box: MissionBox;
  targetZone: AirZoneRef;
  distance: number;
}

export function zoneDistance(distances: AllocationInput["zoneDistances"], from: AirZoneRef, to: AirZoneRef): number | undefined {
  if (from === to) return 0;
  return distances[from]?.[to] ?? distances[to]?.[from];
}

/** Checks every order (box, weapons, range) and moves the squadrons; one bad order refuses them all. */
export function resolveAllocation(input: AllocationInput): Checked<Resolution<{ missions: Mission[] }>> {
  const refusals = new RefusalList();
  const picked = pickSquadrons(
    input.squadrons,
    input.orders.map((o) => o.squadron),
    refusals,
    "orders",
  );
  const byId = new Map(picked.map((s) => [s.id, s]));
  const breakdown: BreakdownLine[] = [];
  const effects: Effect[] = [];
  const missions: Mission[] = [];

  input.orders.forEach((order, i) => {
    const s = byId.get(order.squadron);
    if (s === undefined) return;
    byId.delete(order.squadron); // a repeated order was refused already; check the first only
    const field = `orders.${i}`;
    const name = squadronName(s);
    checkSquadron(s, refusals, field);
    if (!(MISSION_BOXES as readonly string[]).includes(order.box)) {
      refusals.add(
        "unknownBox",
        phrase("NOBC.Rules.Air.Allocation.Refusal.unknownBox", { squadron: name, box: order.box }),
        `${field}.box`,
      );
      return;
    }
    if (s.box !== "ready") {
      refusals.add("notReady", phrase("NOBC.Rules.Air.Allocation.Refusal.notReady", { squadron: name, box: boxLabel(s.box) }), field);
    }
    const need = BOX_NEEDS[order.box];
    if (need !== undefined && !need.ok(s)) {
      refusals.add("unfitForMission", phrase(need.refusal, { squadron: name }), `${field}.box`);
    }
    const weapons = [...s.weapons, ...(order.weapons ?? [])];
    for (const w of weapons) {
      if (WEAPON_MISSIONS[w.kind] !== order.box) {
        refusals.add(
          "wrongWeapon",
          phrase("NOBC.Rules.Air.Allocation.Refusal.wrongWeapon", {
            squadron: name,
            weapon: w.name,
            kind: weaponKindLabel(w.kind),
            box: boxLabel(order.box),
          }),
          `${field}.weapons`,
        );
      }
    }
    if (weapons.length > 1) {
      refusals.add(
        "tooManyWeapons",
        phrase("NOBC.Rules.Air.Allocation.Refusal.tooManyWeapons", { squadron: name, count: weapons.length }),
        `${field}.weapons`,
      );
    }
    const targetZone = order.targetZone ?? s.airZone;
    const distance = zoneDistance(input.zoneDistances, s.airZone, targetZone);
    if (distance === undefined) {
      refusals.add(
        "unknownDistance",
        phrase("NOBC.Rules.Air.Allocation.Refusal.unknownDistance", { from: s.airZone, to: targetZone }),
        `${field}.targetZone`,
      );
      return;
    }
    if (distance > s.range) {
      refusals.add(
        "outOfRange",
        phrase("NOBC.Rules.Air.Allocation.Refusal.outOfRange", { squadron: name, range: s.range, zone: targetZone, distance }),
        `${field}.targetZone`,
      );
    }
    breakdown.push({
      text: phrase("NOBC.Rules.Air.Allocation.ZonesAway", { squadron: name, box: boxLabel(order.box), range: s.range }),
      value: distance,
      source: AIR_SOURCES.allocation,
    });
    missions.push({ squadron: s.id, box: order.box, targetZone, distance });
    for (const w of order.weapons ?? []) effects.push({ type: "weaponAttached", squadron: s.id, kind: w.kind, weapon: w.name });
    if (order.box === "holding" && targetZone !== s.airZone) {
      effects.push({ type: "squadronZone", squadron: s.id, airZone: targetZone });
      if (s.airbase !== null) effects.push({ type: "squadronAirbase", squadron: s.id, airbase: null });
    }
    effects.push({ type: "squadronBox", squadron: s.id, box: order.box });
  });
  return refusals.result(() => ({ breakdown, rolls: [], outcome: { missions }, effects }));
}
