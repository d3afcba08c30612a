/**
 * Control's queue read from this client's world: the chat, the battlefield of the viewed scene, the
 * turn on the tracker, the GMs (./queue.ts derives the items). Reading only.
 */
import { currentTurnPosition } from "../../combat/current";
import { usersOfWorld } from "../../teams/read";
import { readBattlefield } from "../../world/read";
import { endOfMovementStacking } from "../../world/movement-groups";
import type { Battlefield } from "../../world/battlefield";
import { indexedCards } from "../../queries/card-index";
import { queueItems, type QueueItem, type QueueMessage, type QueueSources } from "./queue";

function chat(): readonly QueueMessage[] {
  return (game.messages as unknown as { contents?: readonly QueueMessage[] } | undefined)?.contents ?? [];
}

/** The sources of the queue, from `field` (the viewed scene's battlefield by default). */
export function readQueueSources(field: Battlefield = readBattlefield()): QueueSources {
  const now = currentTurnPosition();
  return {
    now,
    messages: chat(),
    // Each card read once, when it arrived or changed, not once per render of the queue or the tracker.
    cards: new Map(indexedCards().map((c) => [c.id, c.card])),
    units: field.units,
    hqs: field.hqs,
    squadrons: field.squadrons,
    names: field.names,
    // Stacking is checked only while an end-of-Movement card of this turn can name a hex.
    breaches: new Set(now === null ? [] : endOfMovementStacking(field).map((v) => v.hex)),
    gms: new Set(
      usersOfWorld()
        .filter((u) => u.isGM === true)
        .map((u) => u.id),
    ),
  };
}

export function readQueue(field?: Battlefield): QueueItem[] {
  return queueItems(readQueueSources(field));
}
