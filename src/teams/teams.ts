/**
 * The world's teams (issue #30, item 1): which side each user plays and, for a sub-team (a corps
 * player), which of that side's HQs. The GM sets them in one place (world setting `teams`, ./read.ts);
 * every place that decides a side asks here. Pure: no Foundry.
 *
 * The stored shape is a record from user id to one membership, so a user on two sides cannot be
 * written. With no member listed the world plays as it did before teams: a user's sides are the
 * sides of what they own. A user the GM did not list keeps that reading too, so "no teams" and
 * "this user on no team" are the same rule (docs/rules-decisions.md, "Teams").
 */
import { z } from "zod";
import type { Side } from "../rules/nobc/land/types";

export const SIDES: readonly Side[] = ["nato", "wp"];
/** Bounds of the setting: a megagame has some dozens of players and HQs, never thousands. */
export const MAX_MEMBERS = 200;
export const MAX_MEMBER_HQS = 50;

/** A Foundry user id (16 letters and digits in a real world; shorter ones in tests). */
export const userIdSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, "NOBC.Teams.Problem.userId");
/** A world actor's UUID, as a unit's `hq` and an HQ's `parent` hold it. */
export const hqUuidSchema = z.string().regex(/^Actor\.[A-Za-z0-9]{1,64}$/, "NOBC.Teams.Problem.hq");

/** One user's place: their side and, for a sub-team, the HQs they command (none listed: the whole side). */
export const membershipSchema = z.strictObject({
  side: z.enum(["nato", "wp"]),
  hqs: z.array(hqUuidSchema).max(MAX_MEMBER_HQS),
});
export type Membership = z.infer<typeof membershipSchema>;

export const teamsSchema = z.strictObject({
  members: z
    .record(userIdSchema, membershipSchema)
    .refine((m) => Object.keys(m).length <= MAX_MEMBERS, { message: "NOBC.Teams.Problem.tooMany" }),
});
export type Teams = z.infer<typeof teamsSchema>;

export const NO_TEAMS: Teams = { members: {} };

/** Whether the GM has listed anyone: without, every side is read from ownership as before teams. */
export function teamsSet(teams: Teams): boolean {
  return Object.keys(teams.members).length > 0;
}

export function membershipOf(teams: Teams, userId: string | null): Membership | undefined {
  if (userId === null || !Object.hasOwn(teams.members, userId)) return undefined;
  return teams.members[userId];
}

/** A user as the teams read them. */
export interface TeamUser {
  readonly id: string | null;
  readonly isGM: boolean;
}

/** An actor as the teams read it: its side, the HQ a unit answers to, an HQ's parent, and whether the user owns it. */
export interface TeamActor {
  readonly uuid: string;
  readonly type: string;
  readonly side: Side | null;
  /** A unit's HQ (`system.hq`). */
  readonly hq: string | null;
  /** An HQ's parent HQ (`system.parent`). */
  readonly parent: string | null;
  /** Whether Foundry's ownership gives the user this actor (OWNER). */
  readonly owned: boolean;
}

/**
 * The HQs of a sub-team: those listed and every HQ under them by `parent` (an army's corps), each
 * chain followed at most once so a loop in the parents cannot run forever.
 */
export function commandOf(listed: readonly string[], actors: readonly TeamActor[]): Set<string> {
  const heads = new Set(listed);
  const parentOf = new Map<string, string>();
  for (const a of actors) if (a.type === "hq" && a.parent !== null) parentOf.set(a.uuid, a.parent);
  const command = new Set(listed);
  // A few dozen HQs a few levels deep: walking each chain up is cheap, and the seen set stops a loop.
  for (const a of actors) {
    if (a.type !== "hq") continue;
    const seen = new Set<string>();
    for (let at: string | undefined = a.uuid; at !== undefined && !seen.has(at); at = parentOf.get(at)) {
      if (heads.has(at)) {
        command.add(a.uuid);
        break;
      }
      seen.add(at);
    }
  }
  return command;
}

/**
 * The actors `user` acts for: every one for a GM (Control); for a listed member, their side's
 * actors (a sub-team: its HQs and the units answering to them) and what they own of their side, never
 * the other side's even if they own it; for anyone else, what they own (the reading before teams).
 */
export function actingFor(teams: Teams, user: TeamUser, actors: readonly TeamActor[]): Set<string> {
  const out = new Set<string>();
  if (user.isGM) {
    for (const a of actors) out.add(a.uuid);
    return out;
  }
  const member = membershipOf(teams, user.id);
  if (member === undefined) {
    for (const a of actors) if (a.owned) out.add(a.uuid);
    return out;
  }
  const command = member.hqs.length === 0 ? null : commandOf(member.hqs, actors);
  for (const a of actors) if (memberActsFor(member, command, a)) out.add(a.uuid);
  return out;
}

/**
 * Whether a member acts for one actor: one of their side, owned or in their command (`command`:
 * `commandOf` their HQs; null for a member of the whole side). A unit is in command by its HQ.
 */
export function memberActsFor(member: Membership, command: ReadonlySet<string> | null, actor: TeamActor): boolean {
  if (actor.side !== member.side) return false;
  if (command === null || actor.owned) return true;
  return actor.type === "hq" ? command.has(actor.uuid) : actor.hq !== null && command.has(actor.hq);
}

/**
 * The sides `user` plays: both for a GM; a member's one side; anyone else the sides of what they own
 * (possibly both, possibly none, as before teams).
 */
export function sidesOf(teams: Teams, user: TeamUser, actors: readonly TeamActor[]): Side[] {
  if (user.isGM) return [...SIDES];
  const member = membershipOf(teams, user.id);
  if (member !== undefined) return [member.side];
  const mine = new Set(actors.filter((a) => a.owned && a.side !== null).map((a) => a.side));
  return SIDES.filter((s) => mine.has(s));
}

/** A user of the world, with the sides ownership gives them (for those the GM did not list). */
export interface WorldUser {
  readonly id: string;
  readonly isGM: boolean;
  /** The sides of the actors this user owns. */
  readonly ownedSides: readonly Side[];
}

/** The players of a side: its members, and the unlisted players owning something of it. GMs are Control, on no team. */
export function playersOf(teams: Teams, side: Side, users: readonly WorldUser[]): string[] {
  return users
    .filter((u) => !u.isGM && (membershipOf(teams, u.id)?.side ?? (u.ownedSides.includes(side) ? side : null)) === side)
    .map((u) => u.id);
}

/** Who reads a team message to `sides`: those sides' players and every GM, each once, in the world's order. */
export function teamRecipients(teams: Teams, sides: readonly Side[], users: readonly WorldUser[]): string[] {
  const players = new Set(sides.flatMap((s) => playersOf(teams, s, users)));
  return users.filter((u) => u.isGM || players.has(u.id)).map((u) => u.id);
}
