/**
 * What the Land War phase dialogs read: the battlefield snapshot of src/world, which documents the
 * user acts for (src/teams: their team's, or with no teams set what they own), and the game turn
 * (`readLandWorld`, the one Foundry read). Who may act for which HQ or side is decided here, purely;
 * the check that counts is the active GM's when a card is applied.
 */
import type { ActorRef } from "../../rules/ids";
import type { LandHq, LandTerrain, LandUnit, Side } from "../../rules/nobc/land/types";
import type { Battlefield, WorldCard } from "../../world/battlefield";
import { readBattlefield } from "../../world/read";
import { askerField } from "../../world/side-read";
import type { SideSights } from "../../world/side-field";
import { occupancy } from "../../world/movement";
import { adjacentHexes, terrainOf } from "../../map/rules-view";
import { currentUser, isGM, type AskingUser } from "../../base/foundry";
import { actingActorUuids } from "../../teams/read";
import { currentTurnPosition } from "../../combat/current";
import { allowed, denied, type Access, type Denied } from "../base/controller";
import { phrase } from "../../rules/resolution";
import { SIDE_LABELS } from "../../view/labels";
import type { RecoveryOptions } from "../../rules/nobc/land/options";

export interface LandWorld {
  /**
   * The battlefield as the user may read it (src/world/side-read.ts): the truth, but for a player
   * under double-blind on their own client, where it is their side's sights.
   */
  readonly field: Battlefield;
  /** The asker's sights under double-blind (a player): what the refusals are told through, and the contacts a dialog may target. */
  readonly sights?: SideSights;
  /** Actor UUIDs the user acts for (src/teams/read.ts: every one for a GM; with no teams set, the owned ones). */
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
  /** The game turn of the `nobcTurn` Combat, or null when there is none. */
  readonly turn: number | null;
  /** The units whose Combat Mode an applied card paid for this turn (read by the Orders and mode requests; none: no such read). */
  readonly combatPaid?: ReadonlySet<ActorRef>;
  /** The world's reading of HQ recovery with cards that add nothing (default: cap and keep them in hand); read by the recovery dialog. */
  readonly recovery?: RecoveryOptions;
}

/** The turn of the `nobcTurn` Combat (the viewed one first), or null when there is none. */
export function currentTurn(): number | null {
  return currentTurnPosition()?.turn ?? null;
}

/** The world as the Land dialogs read it for `user` (this client's by default), afresh for each render and Post. */
export function readLandWorld(user?: AskingUser): LandWorld {
  const asker = user ?? currentUser();
  const { field, sights } = askerField(readBattlefield(), user);
  return {
    field,
    ...(sights === undefined ? {} : { sights }),
    owned: actingActorUuids(user ?? game.user),
    isGM: isGM(asker),
    turn: currentTurn(),
  };
}

/**
 * An HQ gives orders, hands out supply and recovers once a turn: the card's once-only key, so the
 * GM applies one such card per HQ and turn. Without a turn on the tracker the key has no turn
 * (`<kind>:<hq>`): it still stands once, until the card is undone or the GM releases its key
 * (docs/rules-decisions.md), so two recoveries are never both applied.
 */
export function oncePerTurn(kind: "orders" | "resupply" | "recovery", hq: string, turn: number | null): { once: string } {
  return { once: turn === null ? `${kind}:${hq}` : `${kind}:${hq}:${turn}` };
}

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

/** A side's own orders, resupply and recovery: the players acting for that HQ (its team, or its owners), or a GM. */
export function hqAccess(world: LandWorld, id: ActorRef): Access {
  const hq = hqById(world.field, id);
  if (hq === undefined) return denied("NOBC.Land.Refused.unknownHq", { hq: id });
  if (world.isGM || world.owned.has(id)) return allowed;
  return denied("NOBC.Land.Refused.notYourHq", { hq: hq.name });
}

/** The HQ a dialog opens for: the one asked for (its access is checked next), else the user's first. */
export function hqToOpen(world: LandWorld, hq: ActorRef | undefined): { readonly ok: true; readonly hq: ActorRef } | Denied {
  if (hq !== undefined) return { ok: true, hq };
  const first = hqsFor(world)[0];
  return first === undefined ? denied("NOBC.Land.Refused.noHq") : { ok: true, hq: first.id };
}

/** The HQs the user may issue orders, resupply and recovery for: all for a GM, else those they act for. */
export function hqsFor(world: LandWorld): LandHq[] {
  return world.field.hqs.filter((h) => world.isGM || world.owned.has(h.id));
}

/** The sides the user may attack for (rear areas, bridges): both for a GM, else the sides of the HQs they act for. */
export function sidesFor(world: LandWorld): Side[] {
  if (world.isGM) return [...SIDES];
  const mine = new Set(hqsFor(world).map((h) => h.side));
  return SIDES.filter((s) => mine.has(s));
}

export function sideAccess(world: LandWorld, side: Side): Access {
  return sidesFor(world).includes(side) ? allowed : denied("NOBC.Land.Refused.notYourSide", { side: phrase(SIDE_LABELS[side]) });
}

/** The cards the user may play for a side: held by an HQ of that side the user acts for. */
export function playableCards(world: LandWorld, side: Side): WorldCard[] {
  const hqs = new Set(
    hqsFor(world)
      .filter((h) => h.side === side)
      .map((h) => h.id),
  );
  return world.field.cards.filter((c) => c.side === side && c.hq !== undefined && hqs.has(c.hq));
}

/** Whether the scene's map has this hex. */
export function onMap(field: Battlefield, hex: string): boolean {
  return field.map !== null && hex !== "" && field.map.map.hexes[hex] !== undefined;
}

/** Terrain of a hex from the scene's map; undefined without a map or off it. */
export function terrainAt(field: Battlefield, hex: string): readonly LandTerrain[] | undefined {
  if (field.map === null || hex === "" || field.map.map.hexes[hex] === undefined) return undefined;
  return terrainOf(field.map, hex);
}

/** Whether an enemy unit stands in or next to the unit's hex; undefined when the map cannot say. */
export function inContact(field: Battlefield, unit: LandUnit): boolean | undefined {
  if (field.map === null || unit.hex === "" || field.map.map.hexes[unit.hex] === undefined) return undefined;
  // The battlefield's index by hex (built once per read): the unit's hex and its neighbours, not every unit.
  const { unitsAt } = occupancy(field);
  for (const hex of [unit.hex, ...adjacentHexes(field.map, unit.hex)]) if (unitsAt.get(hex)?.some((u) => u.side !== unit.side)) return true;
  return false;
}
