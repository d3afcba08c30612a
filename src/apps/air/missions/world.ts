/**
 * What the Air War dialogs of steps 7–11 read from the world: the battlefield snapshot of
 * src/world (squadrons, airbases, units, HQs, cards, the terrain map) plus the few things it does
 * not carry — each airbase's air-defence track, the standing bridges of the terrain map, and which
 * documents the current user owns (`readMissionWorld`, the one Foundry read) — and who may open
 * which dialog. The umpire's steps (hand-over, paradrop, basing, overrun) are the GM's; a side's own
 * choices (which squadrons strike, which are repaired, which charts are restored) belong to the
 * players who own that side's squadrons or airbases. This only decides what the dialog offers: the
 * check that counts is the GM's when a card is applied.
 */
import type { ActorRef, HexsideRef } from "../../../rules/ids";
import type { Airbase, Side, Squadron } from "../../../rules/nobc/air/types";
import type { LandHq, LandUnit } from "../../../rules/nobc/land/types";
import type { Battlefield, WorldActor, WorldCard } from "../../../world/battlefield";
import type { MapView } from "../../../map/rules-view";
import { hexLabel, neighbour, offsetOf } from "../../../map/hex-grid";
import { hexside } from "../../../rules/ids";
import { currentUser, isGM, worldActors, type AskingUser } from "../../../base/foundry";
import { actingActorUuids } from "../../../teams/read";
import { readBattlefield } from "../../../world/read";
import { askerField } from "../../../world/side-read";
import { currentTurnPosition } from "../../../combat/current";
import { phrase } from "../../../rules/resolution";
import { SIDE_LABELS } from "../../../view/labels";
import type { FormatData } from "../../../base/foundry";

export interface Pool {
  readonly value: number;
  readonly max: number;
}

/** An airbase with its air-defence track (working boxes out of the chart's boxes). */
export interface AirbaseView extends Airbase {
  readonly airDefence: Pool;
}

/** A bridge of the terrain map: its hexside key and a name for people. */
export interface BridgeView {
  readonly hexside: HexsideRef;
  readonly name: string;
}

export interface MissionWorld {
  readonly squadrons: readonly Squadron[];
  readonly airbases: readonly AirbaseView[];
  readonly units: readonly LandUnit[];
  readonly hqs: readonly LandHq[];
  readonly cards: readonly WorldCard[];
  readonly bridges: readonly BridgeView[];
  readonly names: ReadonlyMap<string, string>;
  /** Documents the current user acts for (src/teams/read.ts; with no teams set, the owned ones; a GM all). */
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
  /** The game turn of the `nobcTurn` Combat (null: none), for what a mission's card holds (../../base/holds.ts). */
  readonly turn?: number | null;
}

/** Each airbase's air-defence track, by UUID (a missing or odd value reads as 0). */
export function airDefencePools(actors: Iterable<WorldActor>): Map<ActorRef, Pool> {
  const out = new Map<ActorRef, Pool>();
  for (const actor of actors) {
    if (actor.type !== "airbase") continue;
    const pool = (actor.system as { airDefence?: Partial<Pool> }).airDefence ?? {};
    const count = (n: unknown) => (typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 0);
    out.set(actor.uuid, { value: count(pool.value), max: count(pool.max) });
  }
  return out;
}

/**
 * The bridges standing on the terrain map, in the file's order: those drawn on it less those the
 * scene's map state marks destroyed; none without a map. A bridge is named by its river (data from
 * the map file) and its two hexes; the dialog's field label says it is a bridge.
 */
export function bridgesOf(map: MapView | null, destroyed: ReadonlySet<HexsideRef> = new Set()): BridgeView[] {
  if (map === null) return [];
  const out: BridgeView[] = [];
  for (const side of map.map.hexsides) {
    if (side.river === undefined || side.bridge !== true) continue;
    const other = hexLabel(neighbour(offsetOf(side.hex), side.side));
    const key = hexside(side.hex, other);
    if (destroyed.has(key)) continue;
    const [a, b] = key.split("|");
    out.push({ hexside: key, name: `${side.name ?? ""} ${a}–${b}`.trim() });
  }
  return out;
}

export interface WorldExtras {
  readonly airDefence: ReadonlyMap<ActorRef, Pool>;
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
  /** The game turn of the `nobcTurn` Combat (null: none), for what a mission's card holds. */
  readonly turn?: number | null;
}

/** The world as the dialogs read it for `user` (this client's by default), afresh for each render and roll. */
export function readMissionWorld(user?: AskingUser): MissionWorld {
  const actors = worldActors<WorldActor>();
  const owned = actingActorUuids(user ?? game.user);
  // Under double-blind a player's mission dialogs hold no enemy squadron (src/world/side-read.ts); the GM resolves with the truth.
  return missionWorld(askerField(readBattlefield(), user).field, {
    airDefence: airDefencePools(actors),
    owned,
    isGM: isGM(user ?? currentUser()),
    turn: currentTurnPosition()?.turn ?? null,
  });
}

export function missionWorld(field: Battlefield, extras: WorldExtras): MissionWorld {
  return {
    squadrons: field.squadrons,
    airbases: field.airbases.map((a) => ({ ...a, airDefence: extras.airDefence.get(a.id) ?? { value: 0, max: 0 } })),
    units: field.units,
    hqs: field.hqs,
    cards: field.cards,
    bridges: bridgesOf(field.map, field.mapState.destroyedBridges),
    names: field.names,
    owned: extras.owned,
    isGM: extras.isGM,
    turn: extras.turn ?? null,
  };
}

export type SideAccess =
  { readonly ok: true; readonly side: Side } | { readonly ok: false; readonly reason: string; readonly data: FormatData };

/** What a side's own choices are made over. */
export type SideAssets = "squadrons" | "airbases";

/** The sides whose squadrons or airbases (as asked) the user owns, NATO first. */
export function ownedSides(world: MissionWorld, assets: SideAssets): Side[] {
  const docs: readonly { id: string; side: Side }[] = assets === "squadrons" ? world.squadrons : world.airbases;
  const sides = new Set(docs.filter((d) => world.owned.has(d.id)).map((d) => d.side));
  return (["nato", "wp"] as const).filter((s) => sides.has(s));
}

/**
 * The side the user acts for: the one asked for if they may (a GM always may), else the first side
 * they own. Refused with a lang key when they own nothing of that side (or of either side).
 */
export function sideFor(world: MissionWorld, assets: SideAssets, asked?: Side): SideAccess {
  if (world.isGM) return { ok: true, side: asked ?? "nato" };
  const mine = ownedSides(world, assets);
  if (asked !== undefined) {
    return mine.includes(asked)
      ? { ok: true, side: asked }
      : { ok: false, reason: "NOBC.AirMissions.NotYourSide", data: { side: phrase(SIDE_LABELS[asked]) } };
  }
  const first = mine[0];
  return first === undefined ? { ok: false, reason: "NOBC.AirMissions.NoSide", data: {} } : { ok: true, side: first };
}

/** The sides the dialog's side selector offers: both to a GM, the owned ones to a player. */
export function choosableSides(world: MissionWorld, assets: SideAssets): Side[] {
  return world.isGM ? ["nato", "wp"] : ownedSides(world, assets);
}

/** The umpire's steps: a GM only. */
export function gmOnly(world: MissionWorld): SideAccess {
  return world.isGM ? { ok: true, side: "nato" } : { ok: false, reason: "NOBC.AirMissions.GmOnly", data: {} };
}
