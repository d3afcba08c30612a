/**
 * A count of the chat log's changes (a message created, updated or deleted), bumped by ./hooks.ts:
 * ./card-note.ts reads the retreats owed once per change, not once per card drawn.
 */
let generation = 0;

/** How many times the chat log has changed since the world loaded. */
export function chatGeneration(): number {
  return generation;
}

/** The chat log has changed. */
export function chatChanged(): void {
  generation += 1;
}
