/**
 * The map state a side's team scene shows (issue #30 item 3, "enemy minefields and contamination show
 * once found"; docs/rules-decisions.md, "What each side knows"): the side's own minefields always; an
 * enemy minefield or a contaminated hex once one of the side's pieces has stood in it or next to it
 * (on the map's hex grid, as contact is read), and from then on while the master scene still holds it:
 * the team scene's own map state is the side's found set. Destroyed bridges and cut autobahn hexes are
 * copied whole (what the table sees of the ground). Pure.
 */
import type { HexRef } from "../rules/ids";
import type { Side } from "../rules/nobc/land/types";
import { mapStateSchema, MAP_STATE_FORMAT, type MapStateFlag } from "../map/map-state";

/** A team scene's map state flag: the master's, cut to what `side` has found. */
export type TeamMapState = MapStateFlag;

function found(held: MapStateFlag | null, part: "mines" | "contaminated", hex: HexRef, watched: ReadonlySet<HexRef>): boolean {
  return watched.has(hex) || (held !== null && Object.hasOwn(held[part], hex));
}

/**
 * What `side`'s scene shows of `master` (the master scene's flag, checked), given what it showed
 * (`held`: its own flag, null for none or one that fails its check) and the hexes its pieces watch (in
 * or next to). Null when the master has no readable map state: the team scene is left as it is.
 */
export function teamMapState(master: unknown, held: unknown, side: Side, watched: ReadonlySet<HexRef>): TeamMapState | null {
  const truth = mapStateSchema.safeParse(master);
  if (!truth.success) return null;
  const kept = mapStateSchema.safeParse(held);
  const before = kept.success ? kept.data : null;
  const mines: MapStateFlag["mines"] = {};
  for (const [hex, mine] of Object.entries(truth.data.mines))
    if (mine.side === side || found(before, "mines", hex, watched)) mines[hex] = { side: mine.side };
  const contaminated: MapStateFlag["contaminated"] = {};
  for (const hex of Object.keys(truth.data.contaminated)) if (found(before, "contaminated", hex, watched)) contaminated[hex] = true;
  return {
    format: MAP_STATE_FORMAT,
    mines,
    contaminated,
    destroyedBridges: { ...truth.data.destroyedBridges },
    cutAutobahn: { ...truth.data.cutAutobahn },
    // Movement's own bookkeeping, read on the master scene only.
    engineersLeft: {},
  };
}

/** Whether two map states hold the same entries (each built in one key order: the master's). */
export function sameMapState(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
