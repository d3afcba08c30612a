/**
 * Whose eyes a dialog reads the battlefield through (issue #30, item 3): the one place the Land
 * readers (src/apps/land/world.ts `readLandWorld`), the planner (src/apps/ground-combat/world.ts)
 * and the other dialogs' readers ask. At an open table, and for a GM, the truth. Under double-blind,
 * for a player: on their own client, the field their side knows (./side-field.ts), so nothing a
 * dialog shows, lists or counts comes from the truth; on the active GM's client answering their
 * request, the truth (the rules resolve with it) and the asker's sights, which the refusals are
 * told through (./refusal-view.ts). Reads only.
 */
import type { AskingUser } from "../base/foundry";
import { currentUser } from "../base/foundry";
import { hiddenInformation, knowledgeOptions } from "../base/settings";
import { userSides } from "../teams/read";
import { readKnowledgeFlag, KNOWLEDGE_FLAG } from "../schemas/knowledge";
import { SYSTEM_ID } from "../base/constants";
import type { Side } from "../rules/nobc/land/types";
import type { Battlefield } from "./battlefield";
import { sideField, type SideSights } from "./side-field";
import { teamSceneOf } from "../schemas/team-scene";
import { viewedSceneDoc, worldScene, type SceneDocLike } from "./read";

/** The field a dialog reads, and the asker's sights when the world plays double-blind for a player. */
export interface AskerField {
  readonly field: Battlefield;
  /** The asker's side and what it knows (double-blind, a player); absent: the asker reads the truth. */
  readonly sights?: SideSights;
}

/**
 * The one side a player plays under double-blind: their team's (src/teams), else the side of what
 * they own. A player of both sides or of none is given no side: they read no piece of either.
 */
function soleSide(user: AskingUser | undefined): Side | null {
  const sides = userSides(user ?? game.user);
  return sides.length === 1 ? sides[0]! : null;
}

/** Whether `user` is this client's own (not an asker the GM's client answers for). */
function ownClient(user: AskingUser | undefined): boolean {
  return user === undefined || user.id === currentUser()?.id;
}

/** The battlefield with no piece, card or squadron of either side: a player of no side (or both) under double-blind. */
function noSide(field: Battlefield): Battlefield {
  const sided = new Set<string>([...field.units, ...field.hqs, ...field.cards, ...field.squadrons].map((d) => d.id));
  const names = new Map([...field.names].filter(([ref]) => !sided.has(ref)));
  return { ...field, units: [], hqs: [], cards: [], squadrons: [], unknownAir: [], names, markers: new Map() };
}

/**
 * The scene the knowledge is kept on for a battlefield read from `scene`: a team scene's master (a
 * player views their team's scene, whose markers are drawn from the master's knowledge flag and which
 * holds none itself), any other scene itself.
 */
function knowledgeScene(scene: SceneDocLike | null): SceneDocLike | null {
  const master = teamSceneOf(scene)?.master;
  return master === undefined ? scene : (worldScene(master) ?? scene);
}

/**
 * `whole` as `user` (this client's by default) may read it; `scene`: the scene the battlefield was
 * read from (the viewed one by default), whose knowledge is read (a team scene's: its master's).
 */
export function askerField(whole: Battlefield, user?: AskingUser, scene: SceneDocLike | null = viewedSceneDoc()): AskerField {
  const asker = user ?? currentUser();
  if (asker?.isGM === true || hiddenInformation() !== "doubleBlind") return { field: whole };
  const side = soleSide(user);
  if (side === null)
    return ownClient(user) ? { field: noSide(whole) } : { field: whole, sights: { side: null, contacts: [], identified: new Set() } };
  const knowledge = readKnowledgeFlag(knowledgeScene(scene)?.getFlag(SYSTEM_ID, KNOWLEDGE_FLAG)).knowledge;
  const seen = sideField(whole, knowledge, side, knowledgeOptions());
  return ownClient(user) ? seen : { field: whole, sights: seen.sights };
}
