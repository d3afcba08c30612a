/**
 * What a client has after init for a player's request to be answered (src/apps/base/request.ts):
 * the chat card's queries and its clock (the turn tracker), the resolve query, the card assignment query, no request
 * counted yet against a player's limits, and the
 * given dialogs known by id. Only these: the dialog registry is cleared first, and the turn panel's buttons are left to the tests.
 */
import { registerChat } from "../../src/queries/card-controls";
import { registerResolveQuery } from "../../src/apps/base/request";
import { registerCardAssignmentQuery } from "../../src/queries/card-assignment";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { entries, type DialogEntry } from "../../src/apps/base/entries";
import { setCardClock } from "../../src/queries/card-actions";
import { currentTurnPosition } from "../../src/combat/current";
import { resetRequestLimits } from "../../src/queries/request-limits";

export function registerRequests(dialogs: Iterable<DialogEntry> = []): void {
  // A new world is a new GM client: it has counted no one's requests yet.
  resetRequestLimits();
  registerChat();
  // As on init (src/nobc.ts): a player's Apply reads the turn tracker.
  setCardClock(currentTurnPosition);
  registerResolveQuery();
  registerCardAssignmentQuery();
  clearDialogRegistry();
  for (const entry of dialogs) entries.set(entry.id, entry);
}
