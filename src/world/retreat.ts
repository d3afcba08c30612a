/**
 * A retreat on the board (seed 000, Land War QRS, Combat Results Table notes: "Retreating units move
 * back towards HQ … No movement adjacent to or through enemy units. Unable to move? 2 hits/hex"), read
 * as in docs/rules-decisions.md ("Retreats on the map"):
 *
 * - each hex entered is one hex further (straight hex distance) from the hex the retreat starts in,
 *   so a retreat of n hexes ends n hexes away;
 * - a hex entered is on the map, holds no enemy unit or HQ, and is next to no enemy unit;
 * - the retreat is as long as it can be: n hexes, or when no legal path of n hexes exists, the longest
 *   legal one (each hex short then costs the unit 2 hits).
 *
 * The proposal goes back towards the retreating unit's own HQ (for an HQ: its parent HQ), by straight
 * hex distance from the hex it ends in; with no HQ on the map, the first hex in map order. Pure over a
 * `Battlefield`; the search is breadth first over the rings around the start, bounded by the length
 * (a few dozen hexes for the longest retreat the rules make).
 */
import type { ActorRef, HexRef } from "../rules/ids";
import { phrase, type Refusal } from "../rules/resolution";
import type { Side } from "../rules/nobc/land/types";
import { adjacentHexes } from "../map/rules-view";
import { directionTo, hexDistance, offsetOf } from "../map/hex-grid";
import type { Battlefield } from "./battlefield";
import { occupancy, type Occupancy } from "./movement";

/** The longest retreat the planner reads (the rules make at most 4: an HQ or artillery met alone). */
export const MAX_RETREAT_HEXES = 10;

/** Who retreats: a unit or an HQ, where it stands, and the hex its proposal heads for. */
export interface Retreater {
  readonly id: ActorRef;
  readonly name: string;
  readonly side: Side;
  readonly kind: "unit" | "hq";
  /** The hex the retreat starts in. */
  readonly hex: HexRef;
  /** Its own HQ's hex (an HQ's: its parent's), or null when that HQ is not on the map. */
  readonly goal: HexRef | null;
}

/** Why a retreat cannot be read at all (no map, not on it, not a unit or HQ). */
export interface RetreatUnreadable {
  readonly refused: Refusal;
}

/** The unit or HQ `actor` as a retreat sees it. */
export function retreaterOf(field: Battlefield, actor: ActorRef): Retreater | RetreatUnreadable {
  const unit = occupancy(field).unitById.get(actor);
  const hq = unit === undefined ? field.hqs.find((h) => h.id === actor) : undefined;
  if (unit === undefined && hq === undefined)
    return { refused: { code: "notFound", text: phrase("NOBC.Retreat.Refused.notFound", { unit: actor }), field: "actor" } };
  const name = unit?.name ?? hq!.name;
  const hex = unit?.hex ?? hq!.hex;
  if (field.map === null) return { refused: { code: "noMap", text: phrase("NOBC.Movement.Refused.noMap"), field: "actor" } };
  if (hex === "" || field.map.map.hexes[hex] === undefined)
    return { refused: { code: "notPlaced", text: phrase("NOBC.Movement.Refused.notPlaced", { unit: name }), field: "actor" } };
  const own = unit !== undefined ? unit.hq : hq!.parent;
  const ownHex = own === undefined ? "" : (field.hqs.find((h) => h.id === own)?.hex ?? "");
  const goal = ownHex !== "" && field.map.map.hexes[ownHex] !== undefined ? ownHex : null;
  return { id: actor, name, side: unit?.side ?? hq!.side, kind: unit === undefined ? "hq" : "unit", hex, goal };
}

/**
 * Whether a retreat may enter `hex`: no enemy unit or HQ in it, no enemy unit next to it. Enemies in
 * the retreat's own start hex (`start`: the unit that overran an HQ or artillery met alone stands
 * there with it) do not count as next to its first hex: every way out of that hex is next to them.
 */
export function retreatMayEnter(field: Battlefield, at: Occupancy, side: Side, hex: HexRef, start?: HexRef): boolean {
  if ((at.unitsAt.get(hex) ?? []).some((u) => u.side !== side)) return false;
  if ((at.hqsAt.get(hex) ?? []).some((h) => h.side !== side)) return false;
  for (const next of adjacentHexes(field.map!, hex)) {
    if (next === start) continue;
    if ((at.unitsAt.get(next) ?? []).some((u) => u.side !== side)) return false;
  }
  return true;
}

/** The hexes a retreat standing in `from` (its `ring`-th hex, the start being 0) may enter next, in map order. */
export function nextRetreatHexes(field: Battlefield, who: Retreater, from: HexRef, ring: number): HexRef[] {
  const at = occupancy(field);
  const start = offsetOf(who.hex);
  return adjacentHexes(field.map!, from)
    .filter((hex) => hexDistance(start, offsetOf(hex)) === ring + 1 && retreatMayEnter(field, at, who.side, hex, who.hex))
    .sort();
}

const goalDistance = (who: Retreater, hex: HexRef): number => (who.goal === null ? 0 : hexDistance(offsetOf(hex), offsetOf(who.goal)));

/** Nearer the goal first, then map order. */
const better = (who: Retreater, a: HexRef, b: HexRef): boolean => {
  const da = goalDistance(who, a);
  const db = goalDistance(who, b);
  return da < db || (da === db && a < b);
};

/**
 * The best continuation of a retreat from `from` (its `ring`-th hex) up to `hexes` in all: as long as
 * it can be, ending nearest the goal. The hexes entered after `from`, in order.
 */
function continuation(field: Battlefield, who: Retreater, from: HexRef, ring: number, hexes: number): HexRef[] {
  const parent = new Map<HexRef, HexRef>();
  let layer: HexRef[] = [from];
  for (let r = ring; r < hexes; r++) {
    const next: HexRef[] = [];
    for (const hex of layer) {
      for (const step of nextRetreatHexes(field, who, hex, r)) {
        const known = parent.get(step);
        if (known === undefined) {
          parent.set(step, hex);
          next.push(step);
        } else if (better(who, hex, known)) parent.set(step, hex);
      }
    }
    if (next.length === 0) break;
    layer = next;
  }
  if (layer.length === 1 && layer[0] === from) return [];
  let end = layer[0]!;
  for (const hex of layer) if (better(who, hex, end)) end = hex;
  const path: HexRef[] = [];
  for (let hex: HexRef | undefined = end; hex !== undefined && hex !== from; hex = parent.get(hex)) path.unshift(hex);
  return path;
}

/** A retreat proposed: its hexes (start left out), how far it could go, and the hexes short. */
export interface RetreatProposal {
  readonly path: readonly HexRef[];
  /** The longest legal retreat, at most the hexes required. */
  readonly longest: number;
  readonly shortfall: number;
}

/** The proposed retreat of `hexes` hexes: back towards the HQ, as long as it can be. */
export function proposeRetreat(field: Battlefield, who: Retreater, hexes: number): RetreatProposal {
  const path = continuation(field, who, who.hex, 0, hexes);
  return { path, longest: path.length, shortfall: hexes - path.length };
}

/**
 * A path whose first hexes the player chose, completed from its last hex the proposal's way (the
 * dialog's change of one hex). The chosen hexes are kept as given (the check says if they are not legal).
 */
export function completeRetreat(field: Battlefield, who: Retreater, hexes: number, chosen: readonly HexRef[]): HexRef[] {
  const kept = chosen.slice(0, hexes);
  const last = kept[kept.length - 1] ?? who.hex;
  if (kept.length > 0 && !legalSoFar(field, who, kept)) return [...kept];
  return [...kept, ...continuation(field, who, last, kept.length, hexes)];
}

/** Whether each hex of `path` is a legal next hex after the one before. */
function legalSoFar(field: Battlefield, who: Retreater, path: readonly HexRef[]): boolean {
  let from = who.hex;
  for (let i = 0; i < path.length; i++) {
    const hex = path[i]!;
    if (field.map!.map.hexes[hex] === undefined || !nextRetreatHexes(field, who, from, i).includes(hex)) return false;
    from = hex;
  }
  return true;
}

/**
 * The choices for the `step`-th hex (0 = the first hex entered) after the path's earlier hexes: the
 * legal next hexes from which the retreat can still be as long as the longest legal one.
 */
export function retreatChoices(field: Battlefield, who: Retreater, hexes: number, path: readonly HexRef[], step: number): HexRef[] {
  const before = path.slice(0, step);
  if (!legalSoFar(field, who, before)) return [];
  const longest = proposeRetreat(field, who, hexes).longest;
  const from = before[before.length - 1] ?? who.hex;
  return nextRetreatHexes(field, who, from, step).filter(
    (hex) => step + 1 + continuation(field, who, hex, step + 1, hexes).length >= longest,
  );
}

/** A retreat path checked: the hexes it makes and those short, or every reason it is refused. */
export type RetreatCheck =
  | { readonly ok: true; readonly retreated: number; readonly shortfall: number }
  | { readonly ok: false; readonly refusals: readonly Refusal[] };

/**
 * The GM's check of a retreat path (`field` names it `path.<i>`): each hex on the map, next to the
 * one before, further from the start, free of enemies and not next to enemy units; as long as the
 * longest legal retreat (so a retreat stops short only when no legal hex is left), never longer.
 */
export function checkRetreat(field: Battlefield, who: Retreater, hexes: number, path: readonly HexRef[], at = "path"): RetreatCheck {
  const refusals: Refusal[] = [];
  if (path.length > hexes)
    refusals.push({
      code: "tooLong",
      text: phrase("NOBC.Retreat.Refused.tooLong", { unit: who.name, count: hexes, given: path.length }),
      field: at,
    });
  const occupied = occupancy(field);
  const start = offsetOf(who.hex);
  let from = who.hex;
  for (let i = 0; i < path.length && refusals.length === 0; i++) {
    const hex = path[i]!;
    const field_ = `${at}.${String(i)}`;
    if (field.map!.map.hexes[hex] === undefined)
      refusals.push({ code: "offMap", text: phrase("NOBC.Movement.Refused.offMap", { unit: who.name, hex }), field: field_ });
    else if (directionTo(offsetOf(from), offsetOf(hex)) === undefined)
      refusals.push({ code: "notAdjacent", text: phrase("NOBC.Movement.Refused.notAdjacent", { from, hex }), field: field_ });
    else if (hexDistance(start, offsetOf(hex)) !== i + 1)
      refusals.push({ code: "notAway", text: phrase("NOBC.Retreat.Refused.notAway", { unit: who.name, hex }), field: field_ });
    else if (!retreatMayEnter(field, occupied, who.side, hex, who.hex))
      refusals.push({ code: "nearEnemy", text: phrase("NOBC.Retreat.Refused.nearEnemy", { unit: who.name, hex }), field: field_ });
    from = hex;
  }
  if (refusals.length > 0) return { ok: false, refusals };
  const longest = proposeRetreat(field, who, hexes).longest;
  if (path.length < longest)
    return {
      ok: false,
      refusals: [
        {
          code: "tooShort",
          text: phrase("NOBC.Retreat.Refused.tooShort", { unit: who.name, count: longest, given: path.length }),
          field: at,
        },
      ],
    };
  return { ok: true, retreated: path.length, shortfall: hexes - path.length };
}
