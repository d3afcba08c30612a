/**
 * Readiness as this client reads the world (./readiness.ts decides): the turn Combat's stage and
 * marks, its HQs, the teams (who plays which HQ: src/teams/read.ts) and the cards the GM posted this
 * turn (the once-a-turn keys of Orders and Resupply, src/apps/land/world.ts `oncePerTurn`, looked up
 * in the chat's index). Reading only.
 */
import { turn } from "../rules/index";
import { actingActorUuids, readTeams, userSides, usersOfWorld } from "../teams/read";
import { membershipOf } from "../teams/teams";
import { worldActors } from "../base/foundry";
import { cardsWithKey } from "../queries/card-index";
import { readinessView, rulesNeed, asksReadiness, isSideMark, type ReadinessHq, type ReadinessView, type ReadyMark } from "./readiness";
import { hqRows, type CombatantLike } from "./snapshot";
import type { TurnSystem } from "./turn-type";

/** A turn Combat as readiness reads it. */
export interface ReadinessCombat {
  readonly system: unknown;
  readonly combatants: Iterable<CombatantLike>;
}

interface ActorLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
  testUserPermission?(user: unknown, level: "OWNER"): boolean;
}

/** The stage a stored turn is at, or null when out of range. */
export function stageOf(system: TurnSystem): turn.TurnPosition | null {
  const state = turn.describeState({ turn: system.turn, stage: system.stage });
  return state.ok ? state.value : null;
}

/** The HQs of the turn, as readiness reads them. */
export function readinessHqs(combat: ReadinessCombat): ReadinessHq[] {
  return hqRows(combat.combatants).map((r) => ({ uuid: r.uuid, name: r.name, side: r.side }));
}

/** The HQs whose card of `kind` the GM posted in `turnNumber` (pending or applied; an undone card does not count). */
function postedHqs(kind: string, turnNumber: number, hqs: readonly ReadinessHq[]): Set<string> {
  const out = new Set<string>();
  for (const h of hqs) if (cardsWithKey(`${kind}:${h.uuid}:${String(turnNumber)}`).some((c) => c.state !== "reverted")) out.add(h.uuid);
  return out;
}

/** The players (not GMs) acting for each HQ, by name: one pass over the actors per player. */
function playersOfHqs(hqs: readonly ReadinessHq[], actors: readonly ActorLike[]): Map<string, string[]> {
  const out = new Map<string, string[]>(hqs.map((h) => [h.uuid, []]));
  for (const user of usersOfWorld()) {
    if (user.isGM === true) continue;
    const acting = actingActorUuids(user, actors);
    for (const h of hqs) if (acting.has(h.uuid)) out.get(h.uuid)!.push(user.name ?? user.id);
  }
  return out;
}

/**
 * What `user` may mark: a GM every team and HQ (Control); a player the HQs they act for and the team
 * they play (src/teams/read.ts `userSides`), unless the GM gave them a sub-team: a corps player
 * speaks for their HQs, not for the other corps of their side.
 */
export function markAllowed(user: unknown, actors: readonly ActorLike[] = worldActors<ActorLike>()): (mark: ReadyMark) => boolean {
  const who = user as { isGM?: unknown; id?: unknown } | null | undefined;
  if (who?.isGM === true) return () => true;
  const subTeam = (membershipOf(readTeams(), typeof who?.id === "string" ? who.id : null)?.hqs.length ?? 0) > 0;
  const sides = subTeam ? [] : userSides(user, actors);
  const acting = actingActorUuids(user, actors);
  return (mark) => (isSideMark(mark) ? sides.includes(mark) : acting.has(mark));
}

/** The readiness of the Combat's current stage for `user` (this client's by default); null when the stored turn is out of range. */
export function readReadiness(combat: ReadinessCombat, user: unknown = game.user): ReadinessView | null {
  const system = combat.system as TurnSystem;
  const position = stageOf(system);
  if (position === null) return null;
  const stage = position.current.id;
  const hqs = readinessHqs(combat);
  if (!asksReadiness(stage)) return readinessView({ stage, hqs, marks: [], posted: new Set(), players: new Map(), mayMark: () => false });
  const actors = worldActors<ActorLike>();
  const need = rulesNeed(stage);
  return readinessView({
    stage,
    hqs,
    marks: system.ready ?? [],
    posted: need === null ? new Set() : postedHqs(need, position.turn, hqs),
    players: playersOfHqs(hqs, actors),
    mayMark: markAllowed(user, actors),
  });
}
