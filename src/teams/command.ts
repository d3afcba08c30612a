/**
 * The team chat command (issue #30): `/team <text>` writes to the writer's team and Control;
 * `/team nato <text>`, `/team wp <text>` name the team, `/team all <text>` both (Control's, or a
 * player's own side only). Pure: the text in, the sides and the words out, or the reason why not.
 */
import type { Side } from "../rules/nobc/land/types";
import { SIDES } from "./teams";

/** The longest message (a chat line, not a document): longer is refused, not cut. */
export const MAX_TEAM_MESSAGE = 4000;

export type TeamCommand =
  { readonly ok: true; readonly sides: readonly Side[]; readonly text: string } | { readonly ok: false; readonly reason: string };

const COMMAND = /^\/team(?:\s+([\s\S]*))?$/i;
const TARGETS: Readonly<Record<string, readonly Side[]>> = { nato: ["nato"], wp: ["wp"], all: SIDES };

/** Whether a chat line is ours to handle (then Foundry's own processing is stopped). */
export function isTeamCommand(line: string): boolean {
  return COMMAND.test(line.trim());
}

/**
 * The sides a team message goes to, for a writer who plays `mine` (both for a GM): a named team, or
 * with none named the writer's one side. A player may not write to the other team, nor to "all"
 * unless they play both sides (an open table's player owning both).
 */
export function parseTeamCommand(line: string, mine: readonly Side[], isGM: boolean): TeamCommand {
  const match = COMMAND.exec(line.trim());
  if (match === null) return { ok: false, reason: "NOBC.Teams.Chat.notCommand" };
  const rest = (match[1] ?? "").trim();
  const [first = "", ...words] = rest.split(/\s+/);
  const named = Object.hasOwn(TARGETS, first.toLowerCase()) ? TARGETS[first.toLowerCase()] : undefined;
  const text = (named === undefined ? rest : words.join(" ")).trim();
  if (text === "") return { ok: false, reason: "NOBC.Teams.Chat.empty" };
  if (text.length > MAX_TEAM_MESSAGE) return { ok: false, reason: "NOBC.Teams.Chat.tooLong" };
  if (named !== undefined) {
    if (!isGM && named.some((s) => !mine.includes(s))) return { ok: false, reason: "NOBC.Teams.Chat.notYourTeam" };
    return { ok: true, sides: named, text };
  }
  if (isGM) return { ok: false, reason: "NOBC.Teams.Chat.nameTeam" };
  if (mine.length === 0) return { ok: false, reason: "NOBC.Teams.Chat.noTeam" };
  if (mine.length > 1) return { ok: false, reason: "NOBC.Teams.Chat.nameTeam" };
  return { ok: true, sides: mine, text };
}
