/**
 * What the Air War dialogs of steps 7–11 read from the world: the battlefield snapshot of
 * src/world (squadrons, airbases, units, HQs, cards, the terrain map) plus the few things it does
 * not carry — each airbase's air-defence track, the standing bridges of the terrain map, and which
 * documents the current user owns. Pure: the Foundry shell gathers the raw data.
 */
import type { ActorRef, HexsideRef } from "../../../rules/ids";
import type { Airbase, Squadron } from "../../../rules/nobc/air/types";
import type { LandHq, LandUnit } from "../../../rules/nobc/land/types";
import type { Battlefield, WorldActor, WorldCard } from "../../../world/battlefield";
import type { MapView } from "../../../map/rules-view";
import { hexLabel, neighbour, offsetOf } from "../../../map/hex-grid";
import { hexside } from "../../../rules/ids";

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
  /** Documents the current user owns (a GM owns everything). */
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
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

/** The bridges drawn on the terrain map, in the file's order; none without a map. */
export function bridgesOf(map: MapView | null): BridgeView[] {
  if (map === null) return [];
  const out: BridgeView[] = [];
  for (const side of map.map.hexsides) {
    if (side.river === undefined || side.bridge !== true) continue;
    const other = hexLabel(neighbour(offsetOf(side.hex), side.side));
    const key = hexside(side.hex, other);
    const [a, b] = key.split("|");
    out.push({ hexside: key, name: side.name === undefined ? `Bridge ${a}–${b}` : `${side.name} bridge ${a}–${b}` });
  }
  return out;
}

export interface WorldExtras {
  readonly airDefence: ReadonlyMap<ActorRef, Pool>;
  readonly owned: ReadonlySet<string>;
  readonly isGM: boolean;
}

export function missionWorld(field: Battlefield, extras: WorldExtras): MissionWorld {
  return {
    squadrons: field.squadrons,
    airbases: field.airbases.map((a) => ({ ...a, airDefence: extras.airDefence.get(a.id) ?? { value: 0, max: 0 } })),
    units: field.units,
    hqs: field.hqs,
    cards: field.cards,
    bridges: bridgesOf(field.map),
    names: field.names,
    owned: extras.owned,
    isGM: extras.isGM,
  };
}

