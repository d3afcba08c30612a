/**
 * The Teams window's state (GM only): each player's side (none, NATO, Warsaw Pact) and, for a
 * sub-team, the HQs of that side they command. Pure: no Foundry. Saved as the `teams` setting
 * (src/teams/teams.ts), checked with its schema.
 */
import type { Side } from "../../rules/nobc/land/types";
import { teamsSchema, type Teams } from "../../teams/teams";
import { formText } from "../base/controller";

export interface TeamsWorld {
  readonly isGM: boolean;
  /** The world's players (GMs are Control, on no team), in the world's order. */
  readonly players: readonly { readonly id: string; readonly name: string }[];
  /** The world's HQs. */
  readonly hqs: readonly { readonly uuid: string; readonly name: string; readonly side: Side }[];
  readonly teams: Teams;
}

export interface TeamRow {
  readonly user: string;
  readonly side: Side | "";
  /** The sub-team's HQs, all of `side`; none: the whole side. */
  readonly hqs: readonly string[];
}

export interface TeamsState {
  readonly rows: readonly TeamRow[];
}

/** Opens on the stored teams: a row per player (a stored member no longer in the world is dropped at Save). */
export function teamsState(world: TeamsWorld): TeamsState {
  return {
    rows: world.players.map((p) => {
      const member = Object.hasOwn(world.teams.members, p.id) ? world.teams.members[p.id] : undefined;
      return member === undefined ? { user: p.id, side: "", hqs: [] } : { user: p.id, side: member.side, hqs: [...member.hqs] };
    }),
  };
}

const sideOf = (text: string): Side | "" => (text === "nato" || text === "wp" ? text : "");

/**
 * Form input → state: `side:<user>` a side or "", `hq:<user>` the ticked HQs (one value or a list).
 * An HQ of the other side, or unknown, is dropped, so a row changed to the other side starts whole.
 */
export function teamsFromForm(state: TeamsState, values: Readonly<Record<string, unknown>>, world: TeamsWorld): TeamsState {
  const sideOfHq = new Map(world.hqs.map((h) => [h.uuid, h.side]));
  const one = (v: unknown) => formText(Array.isArray(v) ? v[0] : v);
  return {
    rows: state.rows.map((row) => {
      const key = `side:${row.user}`;
      if (!Object.hasOwn(values, key)) return row;
      const side = sideOf(one(values[key]));
      const ticked = values[`hq:${row.user}`];
      const list = (Array.isArray(ticked) ? ticked : ticked === undefined ? [] : [ticked]).map(formText);
      const hqs = side === "" ? [] : [...new Set(list)].filter((h) => sideOfHq.get(h) === side);
      return { user: row.user, side, hqs };
    }),
  };
}

/** The setting to save: the rows with a side, checked with the setting's own schema. */
export function teamsToSave(state: TeamsState): { readonly ok: true; readonly teams: Teams } | { readonly ok: false } {
  const members: Record<string, { side: Side; hqs: string[] }> = {};
  for (const row of state.rows) if (row.side !== "") members[row.user] = { side: row.side, hqs: [...row.hqs] };
  const parsed = teamsSchema.safeParse({ members });
  return parsed.success ? { ok: true, teams: parsed.data } : { ok: false };
}
