/**
 * The Foundry side the Land War phase dialogs share, kept small: reading the world (battlefield,
 * owned documents, the turn), translating, warning, and posting an information card. Importing
 * this module does no work.
 */
import { SYSTEM_ID } from "../../base/constants";
import { readBattlefield } from "../../world/read";
import { currentTurnPosition } from "../../combat/current";
import type { LandWorld } from "./world";
import type { Translator } from "./view";

interface OwnedDoc {
  readonly uuid: string;
  testUserPermission(user: unknown, level: string): boolean;
}

export function translator(): Translator {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

/** The turn of the `nobcTurn` Combat (the viewed one first), or null when there is none. */
export function currentTurn(): number | null {
  return currentTurnPosition()?.turn ?? null;
}

export function readLandWorld(): LandWorld {
  const field = readBattlefield();
  const user = game.user as unknown as { isGM?: boolean } | null;
  const isGM = user?.isGM === true;
  const owned = new Set<string>();
  for (const actor of (game.actors ?? []) as unknown as Iterable<OwnedDoc>) {
    if (isGM || actor.testUserPermission(user, "OWNER")) owned.add(actor.uuid);
  }
  return { field, owned, isGM, turn: currentTurn() };
}

/** Warns with a lang key (formatted with `data`), changing nothing. */
export function warnKey(key: string, data: Readonly<Record<string, string>> = {}): void {
  const i18n = translator();
  ui.notifications?.warn(Object.keys(data).length > 0 ? i18n.format(key, { ...data }) : i18n.localize(key));
}

/** Warns with every reason the rules (or the dialog) gave. */
export function warnReasons(reasons: readonly string[]): void {
  const reason = reasons.join(" ");
  ui.notifications?.warn(game.i18n?.format("NOBC.Notify.Refused", { reason }) ?? reason);
}

/** Posts an information card (no Apply: it changes nothing) from one of this area's templates. */
export async function postInformation(template: string, context: object, kind: string): Promise<unknown> {
  const render = foundry.applications.handlebars.renderTemplate as unknown as (p: string, d: object) => Promise<string>;
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  return Message.create({
    content: await render(template, context),
    speaker: Message.getSpeaker(),
    flags: { [SYSTEM_ID]: { landInfo: kind } },
  });
}
