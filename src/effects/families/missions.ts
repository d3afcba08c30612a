/**
 * The missions toolkit (src/rules/missions/): the mission tracker's data (a world Combat of
 * `MISSION_COMBAT_TYPE`, changed by dotted path, its two forces by field) and its briefing journal
 * (a world JournalEntry created with the tracker's link to it; Undo deletes it). The mission's other
 * changes (reserves, victory points, the light, teams on the table) no document holds yet: the card
 * says them in words.
 */
import { MISSION_COMBAT_TYPE } from "../../base/constants";
import { BY_HAND, written, type FamilyHandlers } from "../handler";

/** `CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER`: the briefing journal's default ownership (players read it). */
export const JOURNAL_OBSERVER = 2;

/** A journal page as the drift check compares it: its name and its text. */
function journalPageText(page: unknown): { name: unknown; text: unknown } {
  const p = (typeof page === "object" && page !== null ? page : {}) as { name?: unknown; text?: { content?: unknown } | null };
  return { name: p.name, text: p.text?.content };
}

/** A journal's pages in their order (by `sort`), as the drift check compares them. */
export function journalPagesOf(pages: unknown): { name: unknown; text: unknown }[] {
  const sortOf = (page: unknown) => {
    const sort = typeof page === "object" && page !== null ? (page as { sort?: unknown }).sort : undefined;
    return typeof sort === "number" ? sort : 0;
  };
  const list: unknown[] = Array.isArray(pages) ? [...(pages as unknown[])] : [];
  list.sort((a, b) => sortOf(a) - sortOf(b));
  return list.map(journalPageText);
}

export const MISSION_HANDLERS = {
  missionTrack: written((p, effect) => {
    const w = p.combat(effect.combat, MISSION_COMBAT_TYPE, effect);
    if (w === undefined) return;
    const { attackerForce, defenderForce, ...top } = effect.set;
    for (const [key, value] of Object.entries(top)) p.set(w, key, value);
    for (const [force, patch] of [
      ["attackerForce", attackerForce],
      ["defenderForce", defenderForce],
    ] as const)
      for (const [key, value] of Object.entries(patch ?? {})) p.set(w, `${force}.${key}`, value);
  }),
  missionJournal: written((p, effect) => {
    const w = p.combat(effect.combat, MISSION_COMBAT_TYPE, effect);
    if (w === undefined) return;
    p.createJournal({
      _id: effect.id,
      name: effect.name,
      // Every user may read the briefing (the panel offers it to all); only a GM may change it.
      ownership: { default: JOURNAL_OBSERVER },
      pages: effect.pages.map((page, i) => ({
        name: page.name,
        type: "text",
        sort: (i + 1) * 100,
        text: { content: page.text, format: 1 },
      })),
    });
    p.set(w, "journal", `JournalEntry.${effect.id}`);
  }),
  reservesArrive: BY_HAND,
  reserveEntry: BY_HAND,
  victoryPoints: BY_HAND,
  missionSelected: BY_HAND,
  missionLight: BY_HAND,
  delayCounters: BY_HAND,
  teamBailedOut: BY_HAND,
  teamDestroyed: BY_HAND,
  unitPinned: BY_HAND,
  ambushRevealed: BY_HAND,
} as const satisfies FamilyHandlers;
