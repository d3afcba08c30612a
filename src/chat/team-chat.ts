/**
 * Team chat (issue #30): a line `/team …` typed in the chat box is whispered to the writer's team and
 * the GMs, without picking names; Control (a GM) names one team or all (src/teams/command.ts). Foundry's
 * `chatMessage` hook fires on the writer's client for each line sent through the chat log, and a hook
 * returning false stops Foundry's own handling of it, so the line is posted once, by us.
 *
 * A whisper is one ChatMessage that reaches every client: the other team's screens do not show it,
 * their browser consoles can read it (docs/authority.md, "Team chat").
 */
import { SYSTEM_ID } from "../base/constants";
import { currentUser, format, localize, warnRefused } from "../base/foundry";
import { escapeHtml } from "../base/html";
import { errorText } from "../base/errors";
import { isTeamCommand, parseTeamCommand } from "../teams/command";
import { readTeams, userSides, worldUsers } from "../teams/read";
import { teamRecipients } from "../teams/teams";
import type { Side } from "../rules/nobc/land/types";

export const TEAM_CHAT_FLAG = "teamChat";

/** What a team message is created from. */
export interface TeamMessageData {
  readonly whisper: readonly string[];
  readonly content: string;
  readonly flags: { readonly [SYSTEM_ID]: { readonly [TEAM_CHAT_FLAG]: { readonly sides: readonly Side[] } } };
}

function heading(sides: readonly Side[]): string {
  return sides.length > 1 ? localize("NOBC.Teams.Chat.toAll") : format("NOBC.Teams.Chat.to", { team: localize(`NOBC.Side.${sides[0]!}`) });
}

/** The message a `/team` line makes for this client's user, or the reason it is refused. */
export function teamMessageData(
  line: string,
): { readonly ok: true; readonly data: TeamMessageData } | { readonly ok: false; readonly reason: string } {
  const gm = currentUser()?.isGM === true;
  const command = parseTeamCommand(line, userSides(), gm);
  if (!command.ok) return command;
  const teams = readTeams();
  // One side's message takes its colour (theme.css sets --nobc-side under .side-*); a message to both, the neutral one.
  const side = command.sides.length === 1 ? `side-${command.sides[0]!}` : "both-sides";
  const body = escapeHtml(command.text).replace(/\n/g, "<br>");
  return {
    ok: true,
    data: {
      whisper: teamRecipients(teams, command.sides, worldUsers(teams)),
      content: `<div class="nobc nobc-team-message"><div class="${side}"><p class="nobc-team-to">${escapeHtml(heading(command.sides))}</p><p>${body}</p></div></div>`,
      flags: { [SYSTEM_ID]: { [TEAM_CHAT_FLAG]: { sides: [...command.sides] } } },
    },
  };
}

/** Posts a `/team` line as a whisper to its team(s) and the GMs; a refused one warns with the reason and posts nothing. */
export async function sendTeamMessage(line: string): Promise<unknown> {
  const made = teamMessageData(line);
  if (!made.ok) {
    warnRefused(localize(made.reason));
    return null;
  }
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown> };
  return Message.create({ ...made.data, whisper: [...made.data.whisper] });
}

/** Handles `/team` lines sent through the chat log (every other line is left to Foundry). */
export function registerTeamChat(): void {
  Hooks.on("chatMessage", (_log: unknown, message: string) => {
    if (!isTeamCommand(message)) return true;
    sendTeamMessage(message).catch((error: unknown) => warnRefused(errorText(error)));
    return false;
  });
}
