/**
 * What the Air War charts read: the air battle's world (squadrons, the records of earlier steps,
 * what the user owns, the zone distances: the allocation dialog's own read), the airbases, the turn's
 * stage and each squadron's token face. Pure but for `readChartWorld`, the one read of Foundry's documents.
 */
import type { Airbase } from "../../../rules/nobc/air/index";
import type { StageId } from "../../../rules/nobc/turn";
import { worldActors, type AskingUser } from "../../../base/foundry";
import { currentTurnPosition } from "../../../combat/current";
import { airbaseOf, type WorldDocument } from "../../../world/battlefield";
import { readAirWorld, type AirWorld } from "../battle/world";
import { readMissionWorld, type MissionWorld } from "../missions/world";

export interface ChartWorld {
  readonly air: AirWorld;
  readonly airbases: readonly Airbase[];
  /** The turn's stage; null when no turn is on the tracker. */
  readonly stage: StageId | null;
  /** A squadron's token image (its prototype token's, else its portrait), by UUID. */
  readonly faces: ReadonlyMap<string, string>;
  /** The basing dialog's world (step 10), read only in that step; null in the others. */
  readonly missions: MissionWorld | null;
}

/** An actor as the chart reads it: the rules' fields and its images. */
export interface ChartActor extends WorldDocument {
  readonly img?: string | null;
  readonly prototypeToken?: { readonly texture?: { readonly src?: string | null } | null } | null;
}

/** The airbases and the squadrons' faces among the actors. */
export function chartActors(actors: Iterable<ChartActor>): { airbases: Airbase[]; faces: Map<string, string> } {
  const airbases: Airbase[] = [];
  const faces = new Map<string, string>();
  for (const actor of actors) {
    if (actor.type === "airbase") airbases.push(airbaseOf(actor));
    else if (actor.type === "airSquadron") {
      const src = actor.prototypeToken?.texture?.src;
      const face = typeof src === "string" && src !== "" ? src : actor.img;
      if (typeof face === "string" && face !== "") faces.set(actor.uuid, face);
    }
  }
  return { airbases, faces };
}

/** The charts' world for `user` (this client's by default), read afresh for every render and drop. */
export function readChartWorld(user?: AskingUser): ChartWorld {
  const { airbases, faces } = chartActors(worldActors<ChartActor>());
  const stage = currentTurnPosition()?.stage ?? null;
  return { air: readAirWorld(user), airbases, stage, faces, missions: stage === "airCapacity" ? readMissionWorld(user) : null };
}
