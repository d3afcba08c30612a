/**
 * What entering Orders and Resupply posts (run by the active GM): information cards, which change
 * nothing. Orders lists, per HQ, its units and what keeping their markers would cost; Resupply
 * offers each HQ its counters and the units it may resupply. Each HQ's row has buttons that open
 * its dialog, where the changes are shown and then sent to the GM as a request.
 */
import { SYSTEM_ID } from "../../base/constants";
import { gmUserIds, isGM, renderTemplate, translator } from "../../base/foundry";
import { hiddenInformation } from "../../base/settings";
import { SIDES, playersOf } from "../../teams/teams";
import { readTeams, worldUsers } from "../../teams/read";
import type { Battlefield } from "../../world/battlefield";
import { RefusedError } from "../../base/errors";
import { templatePath } from "../../view/paths";
import { readBattlefield } from "../../world/read";
import { ordersEntryContext } from "./orders/context";
import { resupplyEntryView } from "./resupply/entry-view";
import { resupplyOffers } from "./resupply/state";

export const ORDERS_ENTRY_TEMPLATE = templatePath("apps/land/orders-entry.hbs");
export const RESUPPLY_ENTRY_TEMPLATE = templatePath("apps/land/resupply-entry.hbs");

interface InformationView {
  readonly hqs: readonly { readonly id: string }[];
}

interface MessageClass {
  create(data: object): Promise<unknown>;
  createDocuments(data: object[]): Promise<unknown[]>;
  getSpeaker(): object;
}

/**
 * Posts an information card (no Apply: it changes nothing). Only the GM's client posts it, when
 * its turn tracker enters the stage; on a player's client it throws `RefusedError` and posts nothing.
 * Under double-blind (issue #30) the whole card is whispered to the GMs, and each side with players
 * gets a card of its own HQs only, whispered to them, all in one `ChatMessage.createDocuments` call:
 * no player's chat holds a row of the other side's HQs.
 */
async function postInformation(template: string, view: InformationView, field: Battlefield, kind: string): Promise<unknown> {
  if (!isGM()) throw new RefusedError("NOBC.Request.Refused.postGmOnly");
  const Message = ChatMessage as unknown as MessageClass;
  const row = async (context: InformationView, whisper?: readonly string[]): Promise<object> => ({
    content: await renderTemplate(template, context),
    speaker: Message.getSpeaker(),
    flags: { [SYSTEM_ID]: { landInfo: kind } },
    ...(whisper === undefined ? {} : { whisper: [...whisper] }),
  });
  if (hiddenInformation() !== "doubleBlind") return Message.create(await row(view));
  const sideOf = new Map(field.hqs.map((h) => [h.id, h.side]));
  const teams = readTeams();
  const users = worldUsers(teams);
  const rows = [await row(view, gmUserIds())];
  for (const side of SIDES) {
    const players = playersOf(teams, side, users);
    const own = { ...view, hqs: view.hqs.filter((h) => sideOf.get(h.id) === side) };
    if (players.length > 0 && own.hqs.length > 0) rows.push(await row(own, players));
  }
  return (await Message.createDocuments(rows))[0];
}

/** Posts the Orders information card; nothing when no HQ has units. */
export async function postOrdersEntry(): Promise<unknown> {
  const field = readBattlefield();
  const view = ordersEntryContext(field);
  return view.hqs.length === 0 ? null : postInformation(ORDERS_ENTRY_TEMPLATE, view, field, "orders");
}

/**
 * Posts the Resupply offer card; nothing when there is no HQ. Each HQ shows how many units it may
 * resupply; the list of them is folded and written when a reader opens it (`resupplyUnitLines`),
 * so the card stays small with 40 HQs of a side's units each.
 */
export async function postResupplyEntry(): Promise<unknown> {
  const field = readBattlefield();
  const view = resupplyEntryView(field, translator());
  return view.hqs.length === 0 ? null : postInformation(RESUPPLY_ENTRY_TEMPLATE, view, field, "resupply");
}

/**
 * The units `hq` may resupply now, one line each ("PzBrig 1: 1 SP, may take 2"), as the entry
 * card's folded list shows them when opened; none for an HQ not on the battlefield.
 */
export function resupplyUnitLines(hqId: string): string[] {
  const field = readBattlefield();
  const hq = field.hqs.find((h) => h.id === hqId);
  if (hq === undefined) return [];
  const i18n = translator();
  return resupplyOffers(field, hq)
    .filter((o) => o.eligible)
    .map(
      (o) =>
        `${o.unit.name}: ${i18n.format("NOBC.Land.SupplyShort", { sp: String(o.unit.supply) })}, ${i18n.format("NOBC.Land.Resupply.MayTake", { room: String(o.room) })}`,
    );
}
