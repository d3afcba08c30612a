/**
 * The drag of a unit's token measured by the rules (issue #18, items 1 and 5), through Foundry v13's
 * token movement; loaded on demand by ./token-ruler.ts, which registers it on `init`:
 *
 * - **The ruler** (`CONFIG.Token.rulerClass`, a subclass of `TokenRuler`): each waypoint's label of
 *   a unit's planned path shows the MP spent and left of its allowance, in halves, the hits taken,
 *   and at the last waypoint the rules the move breaks and the stacking there (./labels.ts).
 * - **The cost** (each measured movement action's `getCostFunction`): in the Movement phase a grid
 *   step of a unit costs the rules' MP (./cost.ts), so Foundry's own totals (the ruler's cost, the
 *   movement history) are MP. Other tokens, other phases and scenes without a terrain map keep
 *   Foundry's cost.
 *
 * The battlefield is read once and kept until a document the board reads changes (`worldChanged`),
 * so a drag costs one `planMove` per redraw of the ruler, and the cost function a few map lookups
 * per grid step. Reads only; nothing is written while dragging.
 */
import { say } from "../../base/foundry";
import type { ActorRef, HexRef } from "../../rules/ids";
import type { LandUnit } from "../../rules/nobc/land/types";
import type { Battlefield } from "../../world/battlefield";
import { hexPathThrough, occupancy, planMove, type MovementTurn } from "../../world/movement";
import { readBattlefield, viewedCanvas } from "../../world/read";
import { askerField } from "../../world/side-read";
import { hexOfOffset, stepMp, type GridStep } from "./cost";
import { rulerLabels, rulerOverrun, type RefusedLabel, type WaypointLabel } from "./labels";
import { rulesOptions } from "../../base/settings";

/** The world as one drag reads it. */
export interface RulerReading {
  readonly field: Battlefield;
  readonly turn: MovementTurn;
  /** The grid offset of map hex 0101; null when the scene's grid is not the maps' (flat tops, odd columns). */
  readonly origin: GridStep | null;
}

/** The kept reading, until the world changes. */
let kept: RulerReading | null = null;

let readTurn: (field: Battlefield) => MovementTurn = () => ({ phase: "other" });

/** Where the turn stands, as the entry reads it (src/combat/movement-turn.ts). */
export function setTurnReader(read: (field: Battlefield) => MovementTurn): void {
  readTurn = read;
  kept = null;
}

/** A document the board reads has changed: the next measurement reads the battlefield again. */
export function worldChanged(): void {
  kept = null;
}

/** The grid offset of hex 0101 on the viewed canvas, as src/world/read.ts places the tokens. */
function originOf(): GridStep | null {
  const c = viewedCanvas();
  const grid = c?.grid;
  if (grid?.type !== CONST.GRID_TYPES.HEXODDQ) return null;
  const dx = c?.dimensions?.sceneX ?? 0;
  const dy = c?.dimensions?.sceneY ?? 0;
  return grid.getOffset({ x: dx + grid.sizeX / 2, y: dy + grid.sizeY / 2 });
}

/** The battlefield and the turn, read at most once per change of the world, with the occupancy index built. */
export function reading(): RulerReading {
  if (kept !== null) return kept;
  // Under double-blind a player's ruler measures against what their side knows, not where unseen enemies stand.
  const field = askerField(readBattlefield()).field;
  occupancy(field);
  kept = { field, turn: readTurn(field), origin: originOf() };
  return kept;
}

/** The unit `actor` on the board, when the rules can measure its moves: a placed unit on a scene with a terrain map. */
export function measuredUnit(reading: RulerReading, actor: ActorRef | undefined): LandUnit | null {
  if (actor === undefined || reading.field.map === null || reading.origin === null) return null;
  const unit = occupancy(reading.field).unitById.get(actor);
  return unit === undefined || unit.hex === "" ? null : unit;
}

/** The map hex of a canvas point (a waypoint's centre); null off the labelled grid or on another grid. */
export function hexAtPoint(reading: RulerReading, point: { readonly x: number; readonly y: number }): HexRef | null {
  const grid = viewedCanvas()?.grid;
  if (reading.origin === null || grid === undefined || grid === null) return null;
  return hexOfOffset(grid.getOffset(point), reading.origin);
}

/**
 * The labels of a unit's dragged path: `points` are the waypoints' centres, the token's own place
 * first. Null when the ruler keeps Foundry's labels (not a measured unit, a point off the map, or a
 * path that does not start where the unit stands).
 */
export function labelsOf(
  reading: RulerReading,
  actor: ActorRef | undefined,
  points: readonly { readonly x: number; readonly y: number }[],
): (WaypointLabel | RefusedLabel | null)[] | null {
  const unit = measuredUnit(reading, actor);
  if (unit === null) return null;
  const hexes: HexRef[] = [];
  for (const p of points) {
    const hex = hexAtPoint(reading, p);
    if (hex === null) return null;
    hexes.push(hex);
  }
  if (hexes[0] !== unit.hex) return null;
  const path = hexPathThrough(hexes).slice(1);
  const plan = planMove(reading.field, reading.turn, { unit: unit.id, path });
  return rulerLabels(
    plan,
    hexes,
    "refused" in plan || plan.enemyHex === null ? undefined : rulerOverrun(reading.field, plan, rulesOptions()),
  );
}

/**
 * The rules' cost of a grid step for a unit in the Movement phase, or null when Foundry's own cost
 * stands (not a measured unit, not the Movement phase, a step the rules cannot price).
 */
export function stepCostOf(actor: ActorRef | undefined): ((from: GridStep, to: GridStep) => number | null) | null {
  const now = reading();
  if (now.turn.phase !== "movement") return null;
  const unit = measuredUnit(now, actor);
  const origin = now.origin;
  if (unit === null || origin === null) return null;
  return (from, to) => {
    const a = hexOfOffset(from, origin);
    const b = hexOfOffset(to, origin);
    return a === null || b === null ? null : stepMp(now.field, unit, a, b);
  };
}

/** A waypoint as the ruler hands it (the members read here). */
export interface RulerWaypoint {
  readonly center: { readonly x: number; readonly y: number };
  readonly stage: string;
  readonly previous: RulerWaypoint | null;
  readonly next: RulerWaypoint | null;
}

/** One path's waypoints and labels, kept in the ruler's label state while it labels that path's waypoints. */
interface PathLabels {
  readonly chain: readonly RulerWaypoint[];
  readonly labels: readonly (WaypointLabel | RefusedLabel | null)[] | null;
}

/** The first waypoint of a chain, then every next one. */
function chainOf(waypoint: RulerWaypoint): RulerWaypoint[] {
  let first = waypoint;
  while (first.previous !== null) first = first.previous;
  const out: RulerWaypoint[] = [];
  for (let w: RulerWaypoint | null = first; w !== null; w = w.next) out.push(w);
  return out;
}

/** Our part of a label's context: the lines and warnings written in the reader's language, and whether to warn. */
export interface LabelWords {
  readonly warn: boolean;
  readonly lines: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * The words of a waypoint's label, or null to keep Foundry's label. Only a path planned from where
 * the unit stands is measured (not one being carried out); the path is planned once, at the first
 * waypoint asked for, and kept in `state` for the others.
 */
export function waypointWords(actor: ActorRef | undefined, waypoint: RulerWaypoint, state: object): LabelWords | null {
  if (waypoint.stage !== "planned") return null;
  // The state may serve several paths (each user's plan): each keeps its own entry.
  const kept = ((state as { nobc?: PathLabels[] }).nobc ??= []);
  let path = kept.find((p) => p.chain.includes(waypoint));
  if (path === undefined) {
    const chain = chainOf(waypoint);
    const planned = chain.every((w) => w.stage === "planned");
    path = {
      chain,
      labels: planned
        ? labelsOf(
            reading(),
            actor,
            chain.map((w) => w.center),
          )
        : null,
    };
    kept.push(path);
  }
  const label = path.labels?.[path.chain.indexOf(waypoint)];
  if (label === undefined || label === null) return null;
  if ("refused" in label) return { warn: true, lines: [], warnings: [say(label.refused)] };
  return { warn: label.warn, lines: label.lines.map(say), warnings: label.warnings.map(say) };
}

/** Foundry's label context with ours added as `nobc` (templates/canvas/waypoint-label.hbs), or as it was. */
export function labelContext<C extends object>(actor: ActorRef | undefined, context: C, waypoint: unknown, state: object): C {
  const words = waypointWords(actor, waypoint as RulerWaypoint, state);
  return words === null ? context : { ...context, nobc: words };
}
