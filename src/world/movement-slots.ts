/**
 * The slots of the Movement phase's groups (src/world/movement-groups.ts), apart so the turn
 * Combat's data model and the tracker's step read them without loading the rules of movement.
 */
import type { MovementGroup } from "../rules/nobc/land/movement";

/** The slots in the order groups move; `movementOrder` leaves out empty ones. */
export const MOVEMENT_SLOTS = 6;
/** The last group's slot: stepping back into Movement lands on the last group that moves. */
export const MOVEMENT_LAST_SLOT = MOVEMENT_SLOTS - 1;
/** Every group has moved and the stacking card was posted: the next Next leaves the phase. */
export const MOVEMENT_OVER = MOVEMENT_SLOTS;

/** The fixed slot of a group (0..5), in the order `movementOrder` gives. */
export function slotOf(group: Pick<MovementGroup, "side" | "airborne" | "initiative">): number {
  const within = group.side === "wp" ? 1 : group.initiative ? 0 : 2;
  return (group.airborne ? 0 : 3) + within;
}

/** A stored slot read safely: anything but a whole number 0..MOVEMENT_OVER reads as 0 (an old world: the first group). */
export function slotFrom(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MOVEMENT_OVER ? value : 0;
}
