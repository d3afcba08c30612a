/**
 * Posting a resolution under double-blind (issue #30 item 3, option D of
 * docs/decisions/hidden-information.md): the GMs' full card whispered to the GMs, and one card per side
 * it concerns whispered to that side's players, built from what the side knows (./side-card.ts) and
 * created with it in one `ChatMessage.createDocuments` call. The GMs' card keeps a random key
 * (`flags.nobc.sideLink`) its side cards carry too, so Apply and Undo update their state in the same
 * write (src/queries/card-actions.ts). At an open table nothing here runs.
 */
import { SYSTEM_ID } from "../base/constants";
import { gmUserIds, renderTemplate, translator } from "../base/foundry";
import { hiddenInformation, knowledgeOptions } from "../base/settings";
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
import type { CardState } from "./card-data";

export const SIDE_CARD_TEMPLATE = templatePath("chat/side-card.hbs");

/** The flag of the GMs' card naming its side cards' key. */
export const SIDE_LINK_FLAG = "sideLink";

/** Whether this world's cards are split by side. */
export function cardsBySide(): boolean {
  return hiddenInformation() === "doubleBlind";
}

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

/** A side card's content and state after the GMs' card changed state (one row of the GM's `updateDocuments`). */
export async function sideStateRow(id: string, data: SideCardData, state: CardState): Promise<object> {
  const next = { ...data, state };
  return { _id: id, "system.state": state, content: await renderSideCard(next) };
}

/** A random key linking a GMs' card and its side cards: no document id in it. */
function newLink(): string {
  return foundry.utils.randomID();
}

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
  const scene = context.scene === undefined ? viewedSceneDoc() : worldScene(context.scene);
  const field = readBattlefield(scene);
  const docs = sideDocs(field);
  const sideByRef = new Map(docs.map((d) => [d.ref, d.side]));
  const sideOf = (ref: string): Side | null => sideByRef.get(ref) ?? null;
  const gmOnly = { ...gmRow, whisper: gmUserIds() };
  const acting = actingSide(source, context, sideOf);
  if (acting === null) return [gmOnly];
  const full: SideCardSource = { ...source, acting };
  const teams = readTeams();
  const users = worldUsers(teams);
  const readers = concernedSides(full, sideOf)
    .map((side) => ({ side, players: playersOf(teams, side, users) }))
    .filter((r) => r.players.length > 0);
  if (readers.length === 0) return [gmOnly];
  const { knowledge } = readKnowledgeFlag(scene?.getFlag(SYSTEM_ID, KNOWLEDGE_FLAG));
  const pieces = piecesOf(field.units, field.hqs);
  const options = knowledgeOptions();
  const words = withNames(translator(), () => undefined);
  const link = newLink();
  const speaker = gmRow["speaker"] as object;
  const sides = await Promise.all(
    readers.map(({ side, players }) => {
      const view = sideCardView(full, side, sideView(pieces, knowledge, side, options).enemies, docs, words);
      return sideCardRow({ side, link, state: "pending", view }, players, speaker);
    }),
  );
  const flags = (gmRow["flags"] ?? {}) as Record<string, Record<string, unknown>>;
  return [{ ...gmOnly, flags: { ...flags, [SYSTEM_ID]: { ...(flags[SYSTEM_ID] ?? {}), [SIDE_LINK_FLAG]: link } } }, ...sides];
}

interface MessageLike {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly flags?: Readonly<Record<string, unknown>>;
}

/** The key a GMs' card shares with its side cards, or undefined (an open table's card, or one posted alone). */
export function sideLinkOf(message: MessageLike): string | undefined {
  const link = (message.flags?.[SYSTEM_ID] as Record<string, unknown> | undefined)?.[SIDE_LINK_FLAG];
  return typeof link === "string" && link !== "" ? link : undefined;
}

/**
 * The rows that show `state` on the side cards of the GMs' card `message` (their state and content),
 * for the same `ChatMessage.updateDocuments` call as the GMs' card's own row; none for a card without side cards.
 * One pass over the chat, once per Apply or Undo.
 */
export async function sideStateRows(message: MessageLike, state: CardState): Promise<object[]> {
  const link = sideLinkOf(message);
  if (link === undefined) return [];
  const all = (game.messages as unknown as { contents?: readonly MessageLike[] } | undefined)?.contents ?? [];
  const rows: Promise<object>[] = [];
  for (const m of all) {
    if (m.type !== SIDE_CARD_TYPE || m.id === null) continue;
    const data = readSideCard(m.system);
    if (data?.link === link && data.state !== state) rows.push(sideStateRow(m.id, data, state));
  }
  return Promise.all(rows);
}
