/**
 * Puts the actors of a fixture (tests/apps/land/fixture.ts, tests/apps/ground-combat/fixture.ts,
 * tests/turn/world.ts) in the harness world.
 */
import { harness, type FakeActorT } from "./foundry";
import { sheetsFake } from "./sheets-fake";

type Raw = Record<string, unknown>;

/** An actor as the fixtures write it: its support cards as items, its hex if it has a token. */
export interface ActorSeed {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: Raw;
  readonly hex?: string;
  readonly items?: readonly { id: string; name: string; system: Raw }[];
}

/**
 * Each actor (in `game.actors`), its support cards, and a token at `place(hex)` on the viewed scene
 * when it has a hex; returned by the seed's id.
 */
export function loadActors(seeds: readonly ActorSeed[], place: (hex: string) => { x: number; y: number }): Map<string, FakeActorT> {
  const actors = new Map<string, FakeActorT>();
  for (const seed of seeds) {
    const actor = new harness.Actor({ id: seed.id, name: seed.name, type: seed.type, system: seed.system });
    for (const item of seed.items ?? []) actor.addItem({ id: item.id, name: item.name, type: "supportCard", system: item.system });
    if (seed.hex !== undefined) harness.placeTokenAt(actor, place(seed.hex));
    sheetsFake.actors.push(actor);
    actors.set(seed.id, actor);
  }
  return actors;
}
