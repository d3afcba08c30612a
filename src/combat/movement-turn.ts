/**
 * Where the turn stands for a move (`MovementTurn`, src/world/movement.ts), read from the world's
 * `nobcTurn` Combat: in the Movement phase or not, and which group moves now (its stored slot and
 * the NATO corps holding the initiative among the turn's HQs). Reading only; the GM's step through
 * the groups is ./movement-step.ts.
 */
import type { ActorRef } from "../rules/ids";
import type { MovementGroup } from "../rules/nobc/land/movement";
import { turn } from "../rules/index";
import type { MovementTurn } from "../world/movement";
import type { Battlefield } from "../world/battlefield";
import { groupsNow, movementGroupsOf, slotFrom } from "../world/movement-groups";
import { TURN_COMBAT_TYPE } from "./turn-type";

/** A turn HQ as the movement reads it: a combatant's actor. */
interface TurnHq {
  readonly actor: { readonly uuid: string; readonly name: string; readonly type: string; readonly system: unknown } | null;
}

/** A turn Combat as the movement reads it. */
export interface MovementCombat {
  readonly type: string;
  readonly system: unknown;
  readonly combatants?: Iterable<TurnHq>;
}

/**
 * The world's turn Combat (the viewed one first), if any. (Read here rather than through ./create.ts
 * and ./snapshot.ts: this module loads on demand, and sharing those with the init bundle makes the
 * bundler hoist the rules it needs into the init bundle.)
 */
export function turnCombatNow(): MovementCombat | undefined {
  const g = game as unknown as { combat?: MovementCombat | null; combats?: Iterable<MovementCombat> };
  if (g.combat?.type === TURN_COMBAT_TYPE) return g.combat;
  for (const c of g.combats ?? []) if (c.type === TURN_COMBAT_TYPE) return c;
  return undefined;
}

/** The NATO corps holding the initiative among the turn's HQs (as the tracker's "who moves first" reads them). */
export function initiativeCorpsOf(combatants: Iterable<TurnHq>): { readonly uuid: string; readonly name: string }[] {
  const out: { uuid: string; name: string }[] = [];
  for (const c of combatants) {
    const a = c.actor;
    if (a?.type !== "hq") continue;
    const s = a.system as { side?: unknown; echelon?: unknown; initiative?: unknown };
    // An HQ without a stored echelon is a corps (the data model's default), as the tracker reads it.
    if (s.side === "nato" && (s.echelon ?? "corps") === "corps" && s.initiative === true) out.push({ uuid: a.uuid, name: a.name });
  }
  return out;
}

/** The Movement phase of a turn Combat: its groups, the one moving now, and whether all have moved. */
export interface MovementNow {
  readonly groups: readonly MovementGroup[];
  readonly current: number | null;
  readonly over: boolean;
  readonly slot: number;
  /** The names of the corps holding the initiative (for the words of an initiative group). */
  readonly corpsNames: readonly string[];
}

/** The Movement phase as `combat` keeps it; null when the combat is not in Movement. */
export function movementNow(combat: MovementCombat, field: Battlefield): MovementNow | null {
  const system = combat.system as { turn?: unknown; stage?: unknown; movementSlot?: unknown } | undefined;
  const state = turn.describeState({ turn: Number(system?.turn), stage: Number(system?.stage ?? 0) });
  if (!state.ok || state.value.current.id !== "movement") return null;
  const corps = initiativeCorpsOf(combat.combatants ?? []);
  const ids: ActorRef[] = corps.map((h) => h.uuid);
  const groups = movementGroupsOf(field, ids);
  const slot = slotFrom(system?.movementSlot);
  return { groups, slot, corpsNames: corps.map((h) => h.name), ...groupsNow(groups, slot) };
}

/**
 * The turn as a move sees it: outside Movement (or with no turn on the tracker) only the GM moves
 * units; in Movement only the group moving now. Once every group has moved (the end-of-Movement
 * stacking card is out), the phase reads as over: only the GM moves units until the tracker moves on.
 * A Movement phase with no group at all (no unit on the scene) lets every unit move.
 */
export function readMovementTurn(field: Battlefield): MovementTurn {
  const combat = turnCombatNow();
  const now = combat === undefined ? null : movementNow(combat, field);
  if (now === null || now.over) return { phase: "other" };
  return { phase: "movement", group: now.current === null ? null : now.groups[now.current]! };
}
