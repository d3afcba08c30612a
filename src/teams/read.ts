/**
 * The teams as the Foundry layer reads them: the world setting `teams` (written by GMs only: a
 * world setting needs SETTINGS_MODIFY), checked with its schema, and the world's actors and users it
 * is applied to. Every reader of "which side(s) and which HQs does this user play" comes here.
 */
import { SYSTEM_ID } from "../base/constants";
import { callHook, ownedActorUuids, worldActors } from "../base/foundry";
import {
  actingFor,
  commandOf,
  memberActsFor,
  membershipOf,
  NO_TEAMS,
  sidesOf,
  teamsSchema,
  teamsSet,
  type TeamActor,
  type Teams,
  type TeamUser,
  type WorldUser,
} from "./teams";
import type { Side } from "../rules/nobc/land/types";

export const TEAMS_SETTING = "teams";
/** Our hook, on every client, when the GM saved the teams: what is drawn by side (the counters) is drawn again. */
export const TEAMS_CHANGED_HOOK = "nobc.teamsChanged";

export function registerTeamsSetting(): void {
  game.settings?.register(SYSTEM_ID, TEAMS_SETTING, {
    name: "NOBC.Setting.teams.name",
    hint: "NOBC.Setting.teams.hint",
    scope: "world",
    config: false,
    type: Object,
    default: { members: {} },
    onChange: () => callHook(TEAMS_CHANGED_HOOK),
  });
}

/**
 * The stored teams. Not registered (a test world) or not readable as teams: none, so every side is
 * read from ownership. Only a GM writes the setting and the Teams window checks it before it does,
 * so a value that fails the schema was written around the window (a GM's console).
 */
export function readTeams(): Teams {
  let stored: unknown;
  try {
    stored = game.settings?.get(SYSTEM_ID, TEAMS_SETTING);
  } catch {
    return NO_TEAMS;
  }
  const parsed = teamsSchema.safeParse(stored);
  return parsed.success ? parsed.data : NO_TEAMS;
}

interface ActorLike {
  readonly uuid: string;
  readonly type: string;
  readonly system: unknown;
  testUserPermission?(user: unknown, level: "OWNER"): boolean;
}

const SIDE_OF: Readonly<Record<string, Side>> = { nato: "nato", wp: "wp" };

function refOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** An actor as the teams read it for `user`. */
export function teamActor(actor: ActorLike, user: unknown): TeamActor {
  const system = (actor.system ?? {}) as { side?: unknown; hq?: unknown; parent?: unknown };
  return {
    uuid: actor.uuid,
    type: actor.type,
    side: typeof system.side === "string" ? (SIDE_OF[system.side] ?? null) : null,
    hq: actor.type === "unit" ? refOf(system.hq) : null,
    parent: actor.type === "hq" ? refOf(system.parent) : null,
    owned: actor.testUserPermission?.(user, "OWNER") === true,
  };
}

function asTeamUser(user: unknown): TeamUser {
  const u = user as { id?: unknown; isGM?: unknown } | null | undefined;
  return { id: typeof u?.id === "string" ? u.id : null, isGM: u?.isGM === true };
}

/**
 * The uuids of the world actors `user` acts for (this client's user by default; the asker's User
 * document when the GM answers a request): with no teams set, what they own, exactly as before teams.
 */
export function actingActorUuids(user: unknown = game.user, actors: Iterable<ActorLike> = worldActors<ActorLike>()): Set<string> {
  const teams = readTeams();
  const who = asTeamUser(user);
  if (who.isGM || !teamsSet(teams)) return ownedActorUuids(actors, user);
  return actingFor(
    teams,
    who,
    [...actors].map((a) => teamActor(a, user)),
  );
}

/**
 * Whether `user` acts for the actor at `uuid` (this client's user by default): one actor's check for
 * a card's line or button, reading the HQs only when the user is a sub-team's.
 */
export function actsFor(uuid: string, user: unknown = game.user): boolean {
  const who = asTeamUser(user);
  if (who.isGM) return true;
  const actors = worldActors<ActorLike>();
  const actor = actors.find((a) => a.uuid === uuid);
  if (actor === undefined) return false;
  const teams = readTeams();
  const member = membershipOf(teams, who.id);
  if (member === undefined) return actor.testUserPermission?.(user, "OWNER") === true;
  const hqs = member.hqs.length === 0 ? [] : actors.filter((a) => a.type === "hq").map((a) => teamActor(a, user));
  return memberActsFor(member, member.hqs.length === 0 ? null : commandOf(member.hqs, hqs), teamActor(actor, user));
}

/** The side `user` is listed on by the GM, or null (a GM, a user on no team, a world without teams). */
export function memberSide(user: unknown = game.user): Side | null {
  return membershipOf(readTeams(), asTeamUser(user).id)?.side ?? null;
}

/** The sides `user` plays (both for a GM). */
export function userSides(user: unknown = game.user, actors: Iterable<ActorLike> = worldActors<ActorLike>()): Side[] {
  return sidesOf(
    readTeams(),
    asTeamUser(user),
    [...actors].map((a) => teamActor(a, user)),
  );
}

interface UserDoc {
  readonly id: string;
  readonly isGM?: boolean;
  readonly name?: string;
}

/** The world's users (game.users), in its order. */
export function usersOfWorld(): UserDoc[] {
  return [...((game.users as unknown as { contents?: readonly UserDoc[] } | undefined)?.contents ?? [])];
}

/**
 * The world's users with the sides their ownership gives them. Ownership is read only for players the
 * GM did not list (a listed player's side is the list's), so with teams set this is one pass over the actors
 * per unlisted player.
 */
export function worldUsers(teams: Teams = readTeams(), actors: readonly ActorLike[] = worldActors<ActorLike>()): WorldUser[] {
  return usersOfWorld().map((u) => {
    const isGM = u.isGM === true;
    if (isGM || Object.hasOwn(teams.members, u.id)) return { id: u.id, isGM, ownedSides: [] };
    const sides = new Set<Side>();
    for (const a of actors) {
      if (a.testUserPermission?.(u, "OWNER") !== true) continue;
      const side = teamActor(a, u).side;
      if (side !== null) sides.add(side);
    }
    return { id: u.id, isGM, ownedSides: [...sides] };
  });
}

/**
 * For a card's controls: `owned` (UUID → whether the user owns it, Foundry's reading) widened by the
 * teams, so a member may act for their side's or sub-team's documents they do not own, and not for
 * the other side's they do. An embedded document (a support card) follows its actor. With no teams set,
 * `owned` is returned as it is.
 */
export function withTeams(user: unknown, owned: ReadonlyMap<string, boolean>): Map<string, boolean> {
  const teams = readTeams();
  const who = asTeamUser(user);
  if (who.isGM || !teamsSet(teams) || !Object.hasOwn(teams.members, who.id ?? "")) return new Map(owned);
  const acting = actingActorUuids(user);
  const out = new Map<string, boolean>();
  for (const uuid of owned.keys()) {
    const cut = uuid.indexOf(".Item.");
    out.set(uuid, acting.has(cut < 0 ? uuid : uuid.slice(0, cut)));
  }
  return out;
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "nobc.teams": Teams;
  }
}
