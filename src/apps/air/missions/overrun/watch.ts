/**
 * The airfield overrun offered on the map (issue #17, item 7; seed 000, Air War QRS: 11) "Hits
 * inflicted by airfields being overrun on the Main Map are always permanent"). Every client hears a
 * token move (`moveToken`, ./hooks.ts: its movement's last operation); only the active GM's client
 * looks: when a land unit's token ends its move in the grid space of an enemy airbase's token on the
 * same scene, it whispers the GMs an offer card whose button opens the overrun dialog for that
 * airbase. The seed does not say how many hits an
 * overrun inflicts, so the umpire types them in the dialog (docs/rules-decisions.md, "Airfield
 * overrun on the map"); the dialog's card is applied and undone like any other. Nothing is written
 * here: the offer changes nothing.
 */
import { SYSTEM_ID } from "../../../../base/constants";
import { gmUserIds, renderTemplate } from "../../../../base/foundry";
import { templatePath } from "../../../../view/paths";
import { openDialog } from "../../../base/registry";
import { OVERRUN } from "../dialogs";

export const OVERRUN_OFFER_TEMPLATE = templatePath("apps/air-missions/overrun-offer.hbs");

interface Point {
  readonly x: number;
  readonly y: number;
}

interface GridLike {
  readonly sizeX: number;
  readonly sizeY: number;
  getOffset(point: Point): { i: number; j: number };
}

interface ActorLike {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
}

/** A token document as this module reads it: its actor, top-left corner and size in grid spaces. */
export interface TokenLike {
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
  readonly actor: ActorLike | null;
  readonly parent?: SceneLike | null;
}

interface SceneLike {
  readonly grid?: GridLike | null;
  readonly tokens: Iterable<TokenLike>;
}

interface UserLike {
  readonly id: string;
  readonly isGM?: boolean;
  readonly isSelf?: boolean;
}

/** One overrun the map offers: the moving unit and the enemy airbase in its grid space. */
export interface OverrunOffer {
  readonly unit: { readonly uuid: string; readonly name: string };
  readonly airbase: { readonly uuid: string; readonly name: string };
}

function sideOf(actor: ActorLike): string | null {
  const side = (actor.system as { side?: unknown } | null)?.side;
  return typeof side === "string" ? side : null;
}

/** The grid space a token's centre is in (tokens are one space unless sized otherwise). */
function spaceOf(token: TokenLike, grid: GridLike): string {
  const center = { x: token.x + ((token.width ?? 1) * grid.sizeX) / 2, y: token.y + ((token.height ?? 1) * grid.sizeY) / 2 };
  const { i, j } = grid.getOffset(center);
  return `${i}:${j}`;
}

/**
 * The overruns a token that ended its move offers: none unless it stands for a land unit (not an HQ,
 * an airbase or a squadron) of a known side, and an airbase of the other side has a token in the
 * same grid space of the same scene. One scan of that scene's tokens.
 */
export function overrunOffers(token: TokenLike): OverrunOffer[] {
  const unit = token.actor;
  const scene = token.parent;
  const grid = scene?.grid;
  if (unit?.type !== "unit" || scene === null || scene === undefined || grid === null || grid === undefined) return [];
  const side = sideOf(unit);
  if (side === null) return [];
  const here = spaceOf(token, grid);
  const offers: OverrunOffer[] = [];
  for (const other of scene.tokens) {
    const airbase = other.actor;
    if (other === token || airbase?.type !== "airbase") continue;
    const theirs = sideOf(airbase);
    if (theirs === null || theirs === side || spaceOf(other, grid) !== here) continue;
    offers.push({ unit: { uuid: unit.uuid, name: unit.name }, airbase: { uuid: airbase.uuid, name: airbase.name } });
  }
  return offers;
}

function users(): { readonly activeGM?: UserLike | null; readonly contents?: readonly UserLike[] } | undefined {
  return game.users as unknown as { readonly activeGM?: UserLike | null; readonly contents?: readonly UserLike[] } | undefined;
}

/**
 * On the active GM's client: posts one whispered offer card per enemy airbase the moved unit now
 * shares a space with. Returns the messages posted (none on any other client).
 */
export async function offerAirfieldOverrun(token: TokenLike): Promise<unknown[]> {
  if (users()?.activeGM?.isSelf !== true) return [];
  const found = overrunOffers(token);
  if (found.length === 0) return [];
  // A token moved off and back (or nudged within the hex) is not offered again while its offer is in chat.
  const standing = offeredPairs();
  const offers = found.filter(
    (o) => !standing.has(pairKey(o.unit.uuid, o.airbase.uuid)) && !posting.has(pairKey(o.unit.uuid, o.airbase.uuid)),
  );
  if (offers.length === 0) return [];
  const keys = offers.map((o) => pairKey(o.unit.uuid, o.airbase.uuid));
  for (const key of keys) posting.add(key);
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  const whisper = gmUserIds();
  const posted: unknown[] = [];
  try {
    for (const offer of offers) {
      posted.push(
        await Message.create({
          content: await renderTemplate(OVERRUN_OFFER_TEMPLATE, offer),
          speaker: Message.getSpeaker(),
          whisper,
          flags: { [SYSTEM_ID]: { overrunOffer: { airbase: offer.airbase.uuid, unit: offer.unit.uuid } } },
        }),
      );
    }
  } finally {
    for (const key of keys) posting.delete(key);
  }
  return posted;
}

const pairKey = (unit: string, airbase: string): string => `${unit}|${airbase}`;

/** Offers being posted now (not yet in chat), so two moves in quick succession offer once. */
const posting = new Set<string>();

/**
 * The unit and airbase of every offer a GM posted that is still in chat (one pass over the log, only
 * when a move offers an overrun). A message anyone else wrote carrying the flag counts for nothing: a
 * player's own whisper cannot stop the offer.
 */
function offeredPairs(): Set<string> {
  const log =
    (game as unknown as { messages?: Iterable<{ flags?: Record<string, unknown>; author?: { isGM?: boolean } | null }> }).messages ?? [];
  const out = new Set<string>();
  for (const message of log) {
    if (message.author?.isGM !== true) continue;
    const offer = (message.flags?.[SYSTEM_ID] as { overrunOffer?: { unit?: unknown; airbase?: unknown } } | undefined)?.overrunOffer;
    if (typeof offer?.unit === "string" && typeof offer.airbase === "string") out.add(pairKey(offer.unit, offer.airbase));
  }
  return out;
}

interface OfferMessage {
  readonly flags: Record<string, unknown>;
  readonly author?: { readonly isGM?: boolean } | null;
}

/** The offer card's button (on a card a GM posted) opens the overrun dialog for its airbase; the dialog is a GM's only. */
export function wireOverrunOffer(message: OfferMessage, html: HTMLElement): void {
  const flags = message.flags[SYSTEM_ID] as { overrunOffer?: { airbase?: unknown } } | undefined;
  const airbase = flags?.overrunOffer?.airbase;
  if (typeof airbase !== "string" || message.author?.isGM !== true) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-nobc-overrun-offer]")) {
    button.addEventListener("click", () => void openDialog(OVERRUN, { airbase }));
  }
}
