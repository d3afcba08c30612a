/**
 * Plain snapshots of the world's actors for the turn model: units and squadrons for the stage
 * entry effects, HQs for who moves first. Reads stored system data only.
 */
import type { turn } from "../rules/index";

/** The members of an Actor the snapshots read. */
export interface ActorLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
}

type Raw = Record<string, unknown>;

export function turnSnapshot(actors: Iterable<ActorLike>): turn.TurnSnapshot {
  const units: turn.TurnUnitSnapshot[] = [];
  const squadrons: turn.TurnSquadronSnapshot[] = [];
  for (const actor of actors) {
    const s = actor.system as Raw;
    if (actor.type === "unit") {
      units.push({
        id: actor.uuid,
        size: s["size"] as turn.TurnUnitSnapshot["size"],
        arm: s["arm"] as turn.TurnUnitSnapshot["arm"],
        mode: s["mode"] as turn.TurnUnitSnapshot["mode"],
        movementPoints: s["movementPoints"] as number,
      });
    } else if (actor.type === "airSquadron") {
      squadrons.push({ id: actor.uuid, box: s["box"] as turn.TurnSquadronSnapshot["box"] });
    }
  }
  return { units, squadrons };
}

export function hqSnapshots(actors: Iterable<ActorLike>): turn.HqSnapshot[] {
  const out: turn.HqSnapshot[] = [];
  for (const actor of actors) {
    if (actor.type !== "hq") continue;
    const s = actor.system as Raw;
    out.push({ id: actor.uuid, side: s["side"] === "wp" ? "wp" : "nato", initiative: s["initiative"] === true });
  }
  return out;
}

/** The world's actors (none before the world is ready). */
export function worldActors(): ActorLike[] {
  const actors = (game as unknown as { actors?: Iterable<ActorLike> }).actors;
  return actors === undefined ? [] : [...actors];
}
