/**
 * What the Land War phase dialogs read: the battlefield snapshot of src/world, which documents the
 * user owns, and the game turn. Who may act for which HQ or side is decided here, purely; the
 * check that counts is the active GM's when a card is applied.
 */
import type { ActorRef } from "../../rules/ids";
import type { LandHq, LandUnit, Side } from "../../rules/nobc/land/types";
import type { Battlefield, WorldCard } from "../../world/battlefield";
import { adjacentHexes, terrainOf } from "../../map/rules-view";
import type { LandTerrain } from "../../rules/nobc/land/types";

export interface LandWorld {
  readonly field: Battlefield;
  /** Actor UUIDs the user owns (a GM owns everything). */
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
  /** The game turn of the `nobcTurn` Combat, or null when there is none. */
  readonly turn: number | null;
}

/** May the user do this? When not, a lang key and its format data. */
export type Access = { readonly ok: true } | { readonly ok: false; readonly reason: string; readonly data: Readonly<Record<string, string>> };

export const SIDES: readonly Side[] = ["nato", "wp"];

export function hqById(field: Battlefield, id: ActorRef): LandHq | undefined {
  return field.hqs.find((h) => h.id === id);
}

export function unitById(field: Battlefield, id: ActorRef): LandUnit | undefined {
  return field.units.find((u) => u.id === id);
}

export function nameIn(field: Battlefield, ref: string): string {
  return field.names.get(ref) ?? ref;
}

/** A side's own orders, resupply and recovery: the players owning that HQ, or a GM. */
export function hqAccess(world: LandWorld, id: ActorRef): Access {
  const hq = hqById(world.field, id);
  if (hq === undefined) return { ok: false, reason: "NOBC.Land.Refused.unknownHq", data: { hq: id } };
  if (world.isGM || world.owned.has(id)) return { ok: true };
  return { ok: false, reason: "NOBC.Land.Refused.notYourHq", data: { hq: hq.name } };
}

/** The HQs the user may issue orders, resupply and recovery for: all for a GM, else the owned ones. */
export function hqsFor(world: LandWorld): LandHq[] {
  return world.field.hqs.filter((h) => world.isGM || world.owned.has(h.id));
}

/** The sides the user may attack for (rear areas, bridges): both for a GM, else the sides of owned HQs. */
export function sidesFor(world: LandWorld): Side[] {
  if (world.isGM) return [...SIDES];
  const mine = new Set(hqsFor(world).map((h) => h.side));
  return SIDES.filter((s) => mine.has(s));
}

export function sideAccess(world: LandWorld, side: Side): Access {
  return sidesFor(world).includes(side) ? { ok: true } : { ok: false, reason: "NOBC.Land.Refused.notYourSide", data: { side: side === "nato" ? "NATO" : "Warsaw Pact" } };
}

/** The cards the user may play for a side: held by an HQ of that side the user acts for. */
export function playableCards(world: LandWorld, side: Side): WorldCard[] {
  const hqs = new Set(hqsFor(world).filter((h) => h.side === side).map((h) => h.id));
  return world.field.cards.filter((c) => c.side === side && c.hq !== undefined && hqs.has(c.hq));
}

/** Terrain of a hex from the scene's map; undefined without a map or off it. */
export function terrainAt(field: Battlefield, hex: string): readonly LandTerrain[] | undefined {
  if (field.map === null || hex === "" || field.map.map.hexes[hex] === undefined) return undefined;
  return terrainOf(field.map, hex);
}

/** Whether an enemy unit stands in or next to the unit's hex; undefined when the map cannot say. */
export function inContact(field: Battlefield, unit: LandUnit): boolean | undefined {
  if (field.map === null || unit.hex === "" || field.map.map.hexes[unit.hex] === undefined) return undefined;
  const near = new Set([unit.hex, ...adjacentHexes(field.map, unit.hex)]);
  return field.units.some((u) => u.side !== unit.side && u.hex !== "" && near.has(u.hex));
}
