/**
 * The Foundry side shared by the air battle's dialogs and buttons: reading the world (squadron
 * actors, the records on chat cards, what the user owns), warning with every reason, and posting a
 * card with the record the next step reads. Loaded only with a dialog or a step, never at start-up.
 */
import { SYSTEM_ID } from "../../../base/constants";
import { postResolution, postResolutions, type CardInputLine, type PostResolutionInput } from "../../../chat/resolution-card";
import type { Resolution } from "../../../rules/resolution";
import type { Translator } from "../../../view/breakdown";
import { templatePath } from "../../../view/paths";
import { cardRecords, RECORD_FLAG, type AirRecord, type MessageView } from "./records";
import { readSquadrons, type ActorView, type AirWorld } from "./world";

export const AIR_BATTLE_TEMPLATES = {
  allocation: templatePath("apps/air-battle/allocation.hbs"),
  lineUp: templatePath("apps/air-battle/lineup.hbs"),
  sorties: templatePath("apps/air-battle/sorties.hbs"),
  combatPreview: templatePath("apps/air-battle/combat-preview.hbs"),
} as const;

interface UserLike {
  readonly isGM?: boolean;
}

interface OwnedActor extends ActorView {
  testUserPermission?(user: unknown, level: string): boolean;
}

function currentUser(): UserLike | undefined {
  return (game as unknown as { user?: UserLike }).user;
}

export function isGM(): boolean {
  return currentUser()?.isGM === true;
}

export function translator(): Translator {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) => game.i18n?.format(key, data) ?? key,
  };
}

/** The squadrons, the records of earlier steps (chat, oldest first) and what this user owns. */
export function readWorld(): AirWorld {
  const actors = [...((game as unknown as { actors?: Iterable<OwnedActor> }).actors ?? [])];
  const user = currentUser();
  const gm = user?.isGM === true;
  const { squadrons, skipped } = readSquadrons(actors);
  const owned = new Set(
    actors.filter((a) => a.type === "airSquadron" && (gm || a.testUserPermission?.(user, "OWNER") === true)).map((a) => a.uuid),
  );
  const messages = (game as unknown as { messages?: { contents?: readonly MessageView[] } }).messages?.contents ?? [];
  return { squadrons, skipped, records: cardRecords(messages, SYSTEM_ID), owned, isGM: gm };
}

/** Warns with every reason at once; nothing has been changed. */
export function warnProblems(problems: readonly string[]): void {
  const reason = problems.join(" ");
  ui.notifications?.warn(game.i18n?.format("NOBC.Notify.Refused", { reason }) ?? reason);
}

/** Refuses a GM step to a player, saying why. True when the user is a GM. */
export function gmOnly(): boolean {
  if (isGM()) return true;
  warnProblems([translator().localize("NOBC.AirBattle.Refused.gmOnly")]);
  return false;
}

export interface AirCard<O> {
  readonly title: string;
  readonly resolution: Resolution<O>;
  readonly outcome?: string;
  readonly inputs?: readonly CardInputLine[];
}

/** Posts the card (pending until Apply), then leaves the record on it for the next step. */
function airCardInput<O>(card: AirCard<O>, record?: AirRecord): PostResolutionInput<O> {
  return {
    title: card.title,
    resolution: card.resolution,
    outcome: card.outcome,
    inputs: card.inputs,
    ...(record === undefined ? {} : { records: { [RECORD_FLAG]: record } }),
  };
}

export function postAirCard<O>(card: AirCard<O>, record?: AirRecord): Promise<unknown> {
  return postResolution(airCardInput(card, record));
}

/** Several cards (one per zone) in one message batch. */
export function postAirCards(cards: readonly { readonly card: AirCard<unknown>; readonly record?: AirRecord }[]): Promise<unknown[]> {
  return postResolutions(cards.map(({ card, record }) => airCardInput(card, record)));
}

export function renderTemplate(path: string, data: object): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate as unknown as (p: string, d: object) => Promise<string>;
  return render(path, data);
}
