/**
 * The clock the Planning countdown runs on: Foundry's server time, which every client shares, so
 * a player whose computer clock is off sees the same time left as the GM. Before the game is
 * ready (no server time yet) the local clock stands in.
 */
export function serverNow(): number {
  const time = game.time?.serverTime;
  // Whole milliseconds: the stored countdown end is an integer field.
  return Math.round(typeof time === "number" && Number.isFinite(time) ? time : Date.now());
}
