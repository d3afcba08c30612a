/** Which units answer to an HQ: the units whose `system.hq` holds the HQ's UUID. */
export interface ActorLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
}

export function subordinatesOf<A extends ActorLike>(hqUuid: string, actors: Iterable<A>): A[] {
  const out: A[] = [];
  for (const actor of actors) {
    if (actor.type === "unit" && (actor.system as { hq?: unknown }).hq === hqUuid) out.push(actor);
  }
  return out;
}
