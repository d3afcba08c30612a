/**
 * Information cards under double-blind (issue #30): a card the GM's client posts from the truth that
 * changes nothing (the Orders and Resupply entries, the end-of-Movement stacking check). At an open
 * table it is one public message. Under double-blind its whole is whispered to the GMs, and each side
 * with players gets the card made of its own part only (none when it has no part), whispered to them;
 * all in one `ChatMessage.createDocuments` call. No player's chat then holds a row of the other side's.
 */
import { gmUserIds } from "../base/foundry";
import { hiddenInformation } from "../base/settings";
import type { Side } from "../rules/nobc/land/types";
import { SIDES, playersOf } from "../teams/teams";
import { readTeams, worldUsers } from "../teams/read";

/** Whom one row of an information card is for under double-blind. */
export interface InformationReader {
  readonly whisper: readonly string[];
  /** The side whose card it is; null: the GMs' whole card. */
  readonly side: Side | null;
}

interface MessageClass {
  create(data: object): Promise<unknown>;
  createDocuments(data: object[]): Promise<unknown[]>;
}

/**
 * Posts an information card: `whole` (its view), `own(side)` the view of one side's part (null: that
 * side has none), `row(view, reader)` the message data of a view: for an open table no reader; under
 * double-blind whispered to `reader.whisper`, the GMs' (`side` null) or one side's players'.
 * Returns the GMs' message (an open table's only one).
 */
export async function postInformationCard<V>(
  whole: V,
  own: (side: Side) => V | null,
  row: (view: V, reader?: InformationReader) => Promise<object>,
): Promise<unknown> {
  const Message = ChatMessage as unknown as MessageClass;
  if (hiddenInformation() !== "doubleBlind") return Message.create(await row(whole));
  const teams = readTeams();
  const users = worldUsers(teams);
  const rows = [await row(whole, { whisper: gmUserIds(), side: null })];
  for (const side of SIDES) {
    const players = playersOf(teams, side, users);
    const view = players.length === 0 ? null : own(side);
    if (view !== null) rows.push(await row(view, { whisper: players, side }));
  }
  return (await Message.createDocuments(rows))[0];
}
