/**
 * When a player may change a mode marker. A mode a player's own client writes (the console) is put
 * back by the umpire's guard on every rules value (src/documents/rules-guard.ts); every mode a player
 * legitimately changes is written by the GM, applying the card of a `land.mode` or Orders request.
 */

/**
 * Mode markers are placed in the Orders phase (Land War QRS phase 2): with a turn on the tracker a
 * player changes them only then; the GM (set-up, corrections) and a world without a tracker are
 * not limited.
 */
export function modeChangeAllowed(isGM: boolean, stage: string | null): boolean {
  return isGM || stage === null || stage === "orders";
}
