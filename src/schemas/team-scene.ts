/**
 * The flags of the team scenes (issue #30 item 3, docs/decisions/hidden-information.md, option B):
 * a team scene carries `nobc.teamScene` = `{ side, master }` (it is side X's view of master scene Y);
 * its tokens made by the GM's client carry `nobc.mirror` (a side's own token, mirrored from the master
 * token of that id) or `nobc.marker` (an enemy marker, built from the side's knowledge alone). Checked
 * with zod at the edge: a flag that fails reads as none, so a hand-edited scene is never taken for a
 * team scene and a hand-placed token is never deleted as a marker.
 */
import { z } from "zod";
import type { Side } from "../rules/nobc/land/types";

export const TEAM_SCENE_FLAG = "teamScene";
export const MIRROR_FLAG = "mirror";
export const MARKER_FLAG = "marker";

/** The option the team scenes' token writes carry (src/team-scenes/sync.ts): the watches do not take them for a GM's hand. */
export const TEAM_SYNC = "nobcTeamSync";

/** A Foundry document id (16 letters and digits in a real world; shorter in tests). */
const documentId = z.string().regex(/^[A-Za-z0-9]{1,64}$/);

export const teamSceneFlagSchema = z.strictObject({ side: z.enum(["nato", "wp"]), master: documentId });
export type TeamSceneFlag = z.infer<typeof teamSceneFlagSchema>;

export const mirrorFlagSchema = z.strictObject({ of: documentId });
/** A marker's flag: its key (the diff's), nothing else is needed to redraw it; the rest is what the side knows. */
export const markerKeySchema = z.looseObject({ key: z.string().min(1).max(200) });

interface Flagged {
  getFlag(scope: string, key: string): unknown;
}

/** What a scene is a team scene of (its side and master scene's id), or null for any other scene. */
export function teamSceneOf(scene: Flagged | null | undefined): TeamSceneFlag | null {
  if (scene === null || scene === undefined) return null;
  const parsed = teamSceneFlagSchema.safeParse(scene.getFlag("nobc", TEAM_SCENE_FLAG));
  return parsed.success ? parsed.data : null;
}

/** The master token a mirror stands for (its id on the master scene), or null for a token that is no mirror. */
export function mirrorOf(token: Flagged): string | null {
  const parsed = mirrorFlagSchema.safeParse(token.getFlag("nobc", MIRROR_FLAG));
  return parsed.success ? parsed.data.of : null;
}

/** A marker token's key, or null for a token that is no marker. */
export function markerKeyOf(token: Flagged): string | null {
  const parsed = markerKeySchema.safeParse(token.getFlag("nobc", MARKER_FLAG));
  return parsed.success ? parsed.data.key : null;
}

interface ScenesLike<S> {
  get(id: string): S | undefined;
  [Symbol.iterator](): Iterator<S>;
}

function worldScenes<S>(): ScenesLike<S> | undefined {
  return (game as unknown as { scenes?: ScenesLike<S> }).scenes;
}

/**
 * The scene the rules read for a scene a move or a card names: a team scene's master scene, any
 * other scene itself. The one translation from a team's board to the truth (a mirror token's move
 * request names the team scene it was dragged on); a move that meets an unseen enemy builds on it.
 */
export function rulesSceneId(sceneId: string): string {
  const scene = worldScenes<Flagged>()?.get(sceneId);
  return teamSceneOf(scene)?.master ?? sceneId;
}

/** The team scenes of master scene `masterId`, by side (the first one of a side, in the world's order). */
export function teamScenesOf<S extends Flagged>(masterId: string, scenes: Iterable<S> | undefined = worldScenes<S>()): Map<Side, S> {
  const out = new Map<Side, S>();
  for (const scene of scenes ?? []) {
    const flag = teamSceneOf(scene);
    if (flag !== null && flag.master === masterId && !out.has(flag.side)) out.set(flag.side, scene);
  }
  return out;
}

/** Whether any scene of the world is a team scene (the watches do nothing in a world without). */
export function anyTeamScene(scenes: Iterable<Flagged> | undefined = worldScenes<Flagged>()): boolean {
  for (const scene of scenes ?? []) if (teamSceneOf(scene) !== null) return true;
  return false;
}
