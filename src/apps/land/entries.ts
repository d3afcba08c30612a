/**
 * What entering Orders and Resupply posts (run by the active GM): information cards, which change
 * nothing. Orders lists, per HQ, its units and what keeping their markers would cost; Resupply
 * offers each HQ its counters and the units it may resupply. Each HQ's row has buttons that open
 * its dialog, where the changes are shown and then sent to the GM as a request.
 */
import { SYSTEM_ID } from "../../base/constants";
import { isGM, renderTemplate, translator } from "../../base/foundry";
import { postInformationCard } from "../../chat/side-information";
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

/**
 * Posts an information card (no Apply: it changes nothing). Only the GM's client posts it, when
 * its turn tracker enters the stage; on a player's client it throws `RefusedError` and posts nothing.
 * Under double-blind (issue #30) each side reads a card of its own HQs only, Control the whole
 * (src/chat/side-information.ts).
 */
async function postInformation(template: string, view: InformationView, field: Battlefield, kind: string): Promise<unknown> {
  if (!isGM()) throw new RefusedError("NOBC.Request.Refused.postGmOnly");
  const speaker = (ChatMessage as unknown as { getSpeaker(): object }).getSpeaker();
  const sideOf = new Map(field.hqs.map((h) => [h.id, h.side]));
  return postInformationCard(
    view,
    (side) => {
      const hqs = view.hqs.filter((h) => sideOf.get(h.id) === side);
      return hqs.length === 0 ? null : { ...view, hqs };
    },
    async (context, reader) => ({
      content: await renderTemplate(template, context),
      speaker,
      // Each side's card keeps its buttons: its players open their HQs' dialogs from it.
      flags: { [SYSTEM_ID]: { landInfo: kind } },
      ...(reader === undefined ? {} : { whisper: [...reader.whisper] }),
    }),
  );
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
