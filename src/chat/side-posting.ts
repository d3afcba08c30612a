/**
 * Posting a resolution under double-blind (issue #30 item 3, option D of
 * docs/decisions/hidden-information.md): the GMs' full card whispered to the GMs, and one card per side
 * it concerns whispered to that side's players, built from what the side knows (./side-card.ts) and
 * created with it in one `ChatMessage.createDocuments` call. The GMs' card keeps a random key
 * (`flags.nobc.sideLink`) its side cards carry too, so Apply and Undo update their state in the same
 * write (src/queries/card-actions.ts). At an open table nothing here runs.
 */
import { SYSTEM_ID } from "../base/constants";
import { replacement } from "../base/compat";
import { gmUserIds, renderTemplate, translator } from "../base/foundry";
import { knowledgeOptions } from "../base/settings";
import { sideView } from "../rules/nobc/knowledge/view";
import { piecesOf } from "../rules/nobc/knowledge/types";
import type { Side } from "../rules/nobc/land/types";
import { KNOWLEDGE_FLAG, readKnowledgeFlag } from "../schemas/knowledge";
import { playersOf } from "../teams/teams";
import { readTeams, userSides, usersOfWorld, worldUsers } from "../teams/read";
import { readBattlefield, viewedSceneDoc, worldScene } from "../world/read";
import type { Battlefield } from "../world/battlefield";
import { templatePath } from "../view/paths";
import { withNames } from "../words/phrase";
import { SIDE_CARD_TYPE, concernedSides, sideCardView, type SideCardData, type SideCardSource, type SideDoc } from "./side-card";
import { readSideCard, sideCardContext } from "./side-card-context";
import type { CardFlags, CardState } from "./card-data";
import { SIDE_LINK_FLAG, sideLinkOf } from "./side-link";

export { SIDE_LINK_FLAG, sideLinkOf } from "./side-link";

export const SIDE_CARD_TEMPLATE = templatePath("chat/side-card.hbs");

/** Every document a card may name, with its side and kind. */
function sideDocs(field: Battlefield): SideDoc[] {
  const name = (ref: string, own?: string): string => field.names.get(ref) ?? own ?? "";
  return [
    ...field.units.map((u) => ({ ref: u.id, side: u.side, name: name(u.id, u.name), kind: "piece" as const })),
    ...field.hqs.map((h) => ({ ref: h.id, side: h.side, name: name(h.id, h.name), kind: "piece" as const })),
    ...field.cards.map((c) => ({ ref: c.id, side: c.side, name: name(c.id, c.name), kind: "card" as const })),
    ...field.squadrons.map((s) => ({ ref: s.id, side: s.side, name: name(s.id), kind: "squadron" as const })),
    ...field.airbases.map((a) => ({ ref: a.id, side: a.side, name: name(a.id), kind: "airbase" as const })),
  ];
}

/** What a card's posting knows beyond its source: who asked, and an identification's side. */
export interface SideContext {
  readonly requestedBy?: string;
  readonly identifies?: { readonly side: Side };
  readonly scene?: string;
}

/** The side that acted: a ground combat's attacker, an identification's side, the asker's one side, else the first touched document's. */
function actingSide(source: Omit<SideCardSource, "acting">, context: SideContext, sideOf: (ref: string) => Side | null): Side | null {
  if (source.groundCombat !== undefined) return source.groundCombat.plan.attackerSide;
  if (context.identifies !== undefined) return context.identifies.side;
  if (context.requestedBy !== undefined) {
    const user = usersOfWorld().find((u) => u.id === context.requestedBy);
    const sides = user === undefined ? [] : userSides(user);
    if (sides.length === 1) return sides[0]!;
  }
  for (const effect of source.effects) {
    for (const value of Object.values(effect as unknown as Record<string, unknown>)) {
      const side = typeof value === "string" ? sideOf(value) : null;
      if (side !== null) return side;
    }
  }
  return null;
}

/** One side card's message row: whispered to `whisper`, its content rendered from `data`. */
export async function sideCardRow(data: SideCardData, whisper: readonly string[], speaker: object): Promise<object> {
  return {
    type: SIDE_CARD_TYPE,
    content: await renderSideCard(data),
    speaker,
    whisper: [...whisper],
    system: structuredClone(data),
  };
}

/** The HTML of a side card, in this client's words. */
export function renderSideCard(data: SideCardData): Promise<string> {
  return renderTemplate(SIDE_CARD_TEMPLATE, sideCardContext(data, translator()));
}

/** A random key linking a GMs' card and its side cards: no document id in it. */
function newLink(): string {
  return foundry.utils.randomID();
}

/** What a side card is built from on this (the GM's) client: the world's documents, their sides, and each side's view. */
interface SideWorld {
  readonly docs: readonly SideDoc[];
  readonly sideOf: (ref: string) => Side | null;
  readonly sights: (side: Side) => ReturnType<typeof sideView>["enemies"];
}

/** The world as the side cards of a card read it: the card's scene (none: the viewed one), its pieces and its knowledge. */
function readSideWorld(sceneId: string | undefined): SideWorld {
  const scene = sceneId === undefined ? viewedSceneDoc() : worldScene(sceneId);
  const field = readBattlefield(scene);
  const docs = sideDocs(field);
  const sideByRef = new Map(docs.map((d) => [d.ref, d.side]));
  let read: { knowledge: ReturnType<typeof readKnowledgeFlag>["knowledge"]; pieces: ReturnType<typeof piecesOf> } | undefined;
  return {
    docs,
    sideOf: (ref) => sideByRef.get(ref) ?? null,
    sights: (side) => {
      read ??= {
        knowledge: readKnowledgeFlag(scene?.getFlag(SYSTEM_ID, KNOWLEDGE_FLAG)).knowledge,
        pieces: piecesOf(field.units, field.hqs),
      };
      return sideView(read.pieces, read.knowledge, side, knowledgeOptions()).enemies;
    },
  };
}

/** The poster's words for the few texts a side card keeps written (no names looked up: the card names its own). */
const posterWords = () => withNames(translator(), () => undefined);

/**
 * The split of one card under double-blind: the GMs' card row (whispered to the GMs, with its link)
 * and the side cards' rows, or the GMs' row alone when no side with players is concerned. A side with
 * no player gets no card (a whisper to no one would be public).
 */
export async function splitCardRows(
  gmRow: Record<string, unknown>,
  source: Omit<SideCardSource, "acting">,
  context: SideContext,
): Promise<object[]> {
  const world = readSideWorld(context.scene);
  const gmOnly = { ...gmRow, whisper: gmUserIds() };
  const acting = actingSide(source, context, world.sideOf);
  if (acting === null) return [gmOnly];
  const full: SideCardSource = { ...source, acting };
  const teams = readTeams();
  const users = worldUsers(teams);
  const readers = concernedSides(full, world.sideOf)
    .map((side) => ({ side, players: playersOf(teams, side, users) }))
    .filter((r) => r.players.length > 0);
  if (readers.length === 0) return [gmOnly];
  const words = posterWords();
  const link = newLink();
  const speaker = gmRow["speaker"] as object;
  const sides = await Promise.all(
    readers.map(({ side, players }) =>
      sideCardRow(
        { side, link, state: "pending", view: sideCardView(full, side, world.sights(side), world.docs, words) },
        players,
        speaker,
      ),
    ),
  );
  const flags = (gmRow["flags"] ?? {}) as Record<string, Record<string, unknown>>;
  return [{ ...gmOnly, flags: { ...flags, [SYSTEM_ID]: { ...(flags[SYSTEM_ID] ?? {}), [SIDE_LINK_FLAG]: link } } }, ...sides];
}

/**
 * A ground combat's side cards are made again from the card as it stands (its hits split anew, or what
 * its Apply taught each side: the pieces that fought, now identified); any other card's keep their view.
 */
function rebuiltSource(card: CardFlags | undefined): SideCardSource | undefined {
  const display = card?.display;
  const combat = card?.groundCombat;
  if (card === undefined || display === undefined || combat === undefined) return undefined;
  return {
    title: display.title,
    breakdown: display.breakdown,
    rolls: display.rolls,
    ...(display.noTotal === true ? { noTotal: true } : {}),
    tableRow: display.tableRow,
    effects: card.effects,
    groundCombat: { plan: combat.plan, outcome: combat.outcome },
    acting: combat.plan.attackerSide,
  };
}

interface MessageLike {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly author?: { readonly isGM?: boolean } | null;
}

/**
 * The rows that show `state` on the side cards of the GMs' card `message` (their state and content;
 * a ground combat's made again from `card`, the card as it now stands), for the same
 * `ChatMessage.updateDocuments` call as the GMs' card's own row; none for a card without side cards.
 * One pass over the chat, once per Apply, Undo or split.
 */
export async function sideStateRows(message: MessageLike, state: CardState, card?: CardFlags): Promise<object[]> {
  const link = sideLinkOf(message);
  if (link === undefined) return [];
  const all = (game.messages as unknown as { contents?: readonly MessageLike[] } | undefined)?.contents ?? [];
  const linked: { id: string; data: SideCardData }[] = [];
  for (const m of all) {
    // Only a GM's side card: a player may create a message of the subtype too, and copy the key from the console.
    if (m.type !== SIDE_CARD_TYPE || m.id === null || m.author?.isGM !== true) continue;
    const data = readSideCard(m.system);
    if (data?.link === link) linked.push({ id: m.id, data });
  }
  const source = rebuiltSource(card);
  if (linked.length === 0 || (source === undefined && linked.every((l) => l.data.state === state))) return [];
  const world = source === undefined ? undefined : readSideWorld(card?.scene);
  const words = posterWords();
  return Promise.all(
    linked.map(async ({ id, data }) => {
      const view =
        source === undefined || world === undefined
          ? data.view
          : sideCardView(source, data.side, world.sights(data.side), world.docs, words);
      const next: SideCardData = { ...data, state, view };
      return { _id: id, "system.state": state, ...replacement("system.view", view), content: await renderSideCard(next) };
    }),
  );
}
