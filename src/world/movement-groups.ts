/**
 * Who moves when in the Movement phase (seed 000, Land War QRS, 5. Movement: airborne units move
 * first; the Warsaw Pact moves first unless one or more NATO corps gain the initiative), and the
 * stacking check at its end (Land War QRS: Stacking). Pure over a `Battlefield`.
 *
 * The groups come from the rules' `movementOrder`. Each group has a fixed slot (airborne NATO with
 * the initiative, airborne Warsaw Pact, airborne other NATO, then the same three on the ground); the
 * turn Combat keeps the slot of the group moving now (`movementSlot`), so a group that empties while
 * the phase runs (its last unit eliminated) never shifts which group is current. Slot `MOVEMENT_OVER`
 * means every group has moved and the end-of-Movement stacking card is out.
 */
import type { ActorRef, HexRef } from "../rules/ids";
import { phrase, type Phrase } from "../rules/resolution";
import { movementOrder, type MovementGroup } from "../rules/nobc/land/movement";
import { checkStacking, type StackingViolation } from "../rules/nobc/land/stacking";
import type { LandUnit, Side } from "../rules/nobc/land/types";
import { terrainOf } from "../map/rules-view";
import type { Battlefield } from "./battlefield";
import { MOVEMENT_OVER, slotOf } from "./movement-slots";

export { MOVEMENT_LAST_SLOT, MOVEMENT_OVER, MOVEMENT_SLOTS, slotFrom, slotOf } from "./movement-slots";

/** The groups of this Movement phase: the units on the scene, by `movementOrder`. Linear in units. */
export function movementGroupsOf(field: Battlefield, initiativeCorps: readonly ActorRef[]): MovementGroup[] {
  return movementOrder({ units: field.units.filter((u) => u.hex !== ""), natoCorpsWithInitiative: initiativeCorps });
}

/** Where the phase is: the index of the group moving now (null when none), and whether every group has moved. */
export interface GroupsNow {
  readonly current: number | null;
  readonly over: boolean;
}

/**
 * The group moving now for a stored slot: the first group at or after it; past every group, the last
 * one (the slot set by stepping back). At `MOVEMENT_OVER`, none.
 */
export function groupsNow(groups: readonly MovementGroup[], slot: number): GroupsNow {
  if (slot >= MOVEMENT_OVER) return { current: null, over: true };
  if (groups.length === 0) return { current: null, over: false };
  const at = groups.findIndex((g) => slotOf(g) >= slot);
  return { current: at === -1 ? groups.length - 1 : at, over: false };
}

/** What the GM's Next or Previous does inside Movement. */
export type MovementStep =
  /** Move the marker to another group (or back from "over" to the last group). */
  | { readonly kind: "group"; readonly slot: number; readonly group: MovementGroup }
  /** The last group has moved: check stacking before the phase is left. */
  | { readonly kind: "end" }
  /** Leave the phase as usual (Next when over, Previous from the first group). */
  | { readonly kind: "leave" };

export function movementStep(groups: readonly MovementGroup[], slot: number, direction: "next" | "previous"): MovementStep {
  const now = groupsNow(groups, slot);
  if (direction === "next") {
    if (now.over) return { kind: "leave" };
    const next = now.current === null ? undefined : groups[now.current + 1];
    return next === undefined ? { kind: "end" } : { kind: "group", slot: slotOf(next), group: next };
  }
  const back = now.over ? groups[groups.length - 1] : now.current === null ? undefined : groups[now.current - 1];
  return back === undefined ? { kind: "leave" } : { kind: "group", slot: slotOf(back), group: back };
}

/**
 * A group in words: "Airborne units: Warsaw Pact", "NATO: III Corps (initiative)", "Warsaw Pact",
 * "NATO". `corpsNames` are the NATO corps holding the initiative (the names of an initiative group).
 */
export function groupPhrase(group: MovementGroup, corpsNames: readonly string[]): Phrase {
  const side =
    group.side === "wp"
      ? phrase("NOBC.MovementTurn.Group.wp")
      : group.initiative
        ? corpsNames.length === 0
          ? // Under double-blind the Warsaw Pact's players read that NATO's initiative corps move, not which.
            phrase("NOBC.MovementTurn.Group.initiativeUnnamed")
          : phrase("NOBC.MovementTurn.Group.initiative", { corps: corpsNames.join(", ") })
        : phrase("NOBC.MovementTurn.Group.nato");
  return group.airborne ? phrase("NOBC.MovementTurn.Group.airborne", { group: side }) : side;
}

/**
 * Every stacking violation on the scene at the end of Movement, hex by hex (in hex order): the
 * units of each side in a hex counted apart (enemies never share a hex; HQs are not counted). One
 * pass over the units to group them; hexes off the map are left out (no terrain to read).
 */
export function endOfMovementStacking(field: Battlefield): StackingViolation[] {
  const map = field.map;
  if (map === null) return [];
  const byHex = new Map<HexRef, Map<Side, LandUnit[]>>();
  for (const unit of field.units) {
    if (unit.hex === "" || map.map.hexes[unit.hex] === undefined) continue;
    let sides = byHex.get(unit.hex);
    if (sides === undefined) byHex.set(unit.hex, (sides = new Map<Side, LandUnit[]>()));
    const list = sides.get(unit.side);
    if (list === undefined) sides.set(unit.side, [unit]);
    else list.push(unit);
  }
  const hexes = [...byHex.keys()].sort();
  return checkStacking(
    hexes.flatMap((hex) => {
      const sides = byHex.get(hex)!;
      const terrain = terrainOf(map, hex);
      return [...sides.values()].filter((units) => units.length > 1).map((units) => ({ hex, terrain, units }));
    }),
  );
}
