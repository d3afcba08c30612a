/**
 * The GM's command that sets a master scene up for double-blind play (issue #30 item 3, option B):
 * one team scene per side, made from the master scene (its map, grid, size and terrain flag; flag
 * `nobc.teamScene` = `{ side, master }`), each player of a side OBSERVER on their side's scene and NONE
 * on the other's, every player NONE on the master scene; then the scenes drawn (./sync.ts: the side's
 * own tokens mirrored, the enemy markers of its knowledge) and each connected player pulled to their
 * side's scene. Run again it makes nothing twice: an existing team scene gets its map and ownership
 * again and its tokens redrawn. Open table: refused, nothing is made.
 *
 * One `Scene.createDocuments` for the scenes it makes, one `Scene.updateDocuments` for the ownership
 * and map of the rest, then the token writes of the sync.
 */
import { z } from "zod";
import { SYSTEM_ID } from "../base/constants";
import { isGM } from "../base/foundry";
import { hiddenInformation } from "../base/settings";
import type { Side } from "../rules/nobc/land/types";
import { TEAM_SCENE_FLAG, teamSceneOf, teamScenesOf } from "../schemas/team-scene";
import { playersOf, SIDES } from "../teams/teams";
import { readTeams, worldUsers } from "../teams/read";
import { viewedCanvas, worldScene } from "../world/read";
import { syncTeamScenes } from "./sync";

/** The command's arguments (a macro's, checked at the edge): the master scene's id, else the viewed scene. */
export const teamScenesArgsSchema = z.strictObject({
  master: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/)
    .optional(),
});
export type TeamScenesArgs = z.infer<typeof teamScenesArgsSchema>;

/** The command's answer: the team scenes by side, or why nothing was done (a lang key). */
export type TeamScenesResult =
  | { readonly ok: true; readonly master: string; readonly scenes: Readonly<Record<Side, string>> }
  | { readonly ok: false; readonly reason: string };

/**
 * What a team scene keeps of its master's source: the map and how it is drawn, never a document on it
 * (v13 `SceneData`; v14 draws the background from the scene's `levels`, copied too where the source has them).
 */
const MAP_FIELDS = [
  "background",
  "levels",
  "foreground",
  "foregroundElevation",
  "fog",
  "backgroundColor",
  "width",
  "height",
  "padding",
  "grid",
  "initial",
  "shiftX",
  "shiftY",
  "tokenVision",
  "environment",
] as const;

/** The flags of ours a team scene copies: the terrain (the map's hexes). Never the knowledge or the map state. */
const COPIED_FLAGS = ["terrain"] as const;

const OWNERSHIP = { NONE: 0, OBSERVER: 2 } as const;

interface SceneDoc {
  readonly id: string | null;
  readonly name?: string;
  getFlag(scope: string, key: string): unknown;
  toObject(): Record<string, unknown>;
  pullUsers?(users: readonly string[]): unknown;
}

interface SceneClass {
  createDocuments(data: object[], operation?: object): Promise<unknown[]>;
  updateDocuments(data: object[], operation?: object): Promise<unknown[]>;
}

interface UserDoc {
  readonly id: string;
  readonly active?: boolean;
}

/** Each user's ownership of side `side`'s scene: its players OBSERVER, every other player NONE (GMs see all). */
function ownershipOf(players: ReadonlyMap<Side, readonly string[]>, side: Side | null): Record<string, number> {
  const out: Record<string, number> = { default: OWNERSHIP.NONE };
  for (const [s, ids] of players) for (const id of ids) out[id] = s === side ? OWNERSHIP.OBSERVER : OWNERSHIP.NONE;
  return out;
}

function mapOf(master: SceneDoc): Record<string, unknown> {
  const source = master.toObject();
  const out: Record<string, unknown> = {};
  for (const key of MAP_FIELDS) if (key in source) out[key] = structuredClone(source[key]);
  return out;
}

function copiedFlags(master: SceneDoc): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COPIED_FLAGS) {
    const value = master.getFlag(SYSTEM_ID, key);
    if (value !== undefined) out[key] = structuredClone(value);
  }
  return out;
}

/** The master scene the command works on: the one named, else the viewed one (a team scene viewed: its master). */
function masterOf(args: TeamScenesArgs): SceneDoc | null {
  const viewed = viewedCanvas()?.scene as SceneDoc | null | undefined;
  const id = args.master ?? teamSceneOf(viewed)?.master ?? viewed?.id ?? null;
  return id === null ? null : (worldScene(id) as SceneDoc | null);
}

/** The command (a GM's): see the module comment. */
export async function makeTeamScenes(raw: unknown = {}): Promise<TeamScenesResult> {
  const parsed = teamScenesArgsSchema.safeParse(raw ?? {});
  if (!parsed.success) return { ok: false, reason: "NOBC.TeamScenes.Refused.args" };
  if (!isGM()) return { ok: false, reason: "NOBC.TeamScenes.Refused.gmOnly" };
  if (hiddenInformation() !== "doubleBlind") return { ok: false, reason: "NOBC.TeamScenes.Refused.open" };
  const master = masterOf(parsed.data);
  if (master === null || typeof master.id !== "string") return { ok: false, reason: "NOBC.TeamScenes.Refused.noScene" };
  if (teamSceneOf(master) !== null) return { ok: false, reason: "NOBC.TeamScenes.Refused.teamScene" };
  const masterId = master.id;
  const teams = readTeams();
  const users = worldUsers(teams);
  const players = new Map<Side, string[]>(SIDES.map((s) => [s, playersOf(teams, s, users)]));
  const existing = teamScenesOf<SceneDoc>(masterId);
  const map = mapOf(master);
  const flags = copiedFlags(master);
  const Scenes = (globalThis as unknown as { Scene: SceneClass }).Scene;

  const missing = SIDES.filter((s) => !existing.has(s));
  if (missing.length > 0) {
    const rows = missing.map((side) => ({
      _id: foundry.utils.randomID(),
      ...map,
      name: game.i18n?.format("NOBC.TeamScenes.Name", { scene: master.name ?? "", side: game.i18n.localize(`NOBC.Side.${side}`) }) ?? side,
      navigation: true,
      ownership: ownershipOf(players, side),
      flags: { [SYSTEM_ID]: { ...flags, [TEAM_SCENE_FLAG]: { side, master: masterId } } },
    }));
    // Ids drawn here (kept by the server): the scenes are known by them before the answer comes back.
    await Scenes.createDocuments(rows, { keepId: true });
  }
  // The master scene the GMs' alone; an existing team scene takes the map and the teams as they are now.
  const updates: object[] = [{ _id: masterId, ownership: ownershipOf(players, null) }];
  for (const [side, scene] of existing) {
    if (typeof scene.id !== "string") continue;
    const flagged = Object.fromEntries(Object.entries(flags).map(([k, v]) => [`flags.${SYSTEM_ID}.${k}`, v]));
    updates.push({ _id: scene.id, ...map, ...flagged, ownership: ownershipOf(players, side) });
  }
  await Scenes.updateDocuments(updates);

  const scenes = teamScenesOf<SceneDoc>(masterId);
  await syncTeamScenes(masterId);
  pullPlayers(scenes, players);
  const ids = Object.fromEntries(SIDES.map((s) => [s, scenes.get(s)?.id ?? ""])) as Record<Side, string>;
  return { ok: true, master: masterId, scenes: ids };
}

/** Each connected player to their side's scene (`Scene#pullUsers`; one who connects later lands there on its canvas, ./watch.ts). */
function pullPlayers(scenes: ReadonlyMap<Side, SceneDoc>, players: ReadonlyMap<Side, readonly string[]>): void {
  const online = new Set(
    [...((game.users as unknown as { contents?: readonly UserDoc[] } | undefined)?.contents ?? [])]
      .filter((u) => u.active === true)
      .map((u) => u.id),
  );
  for (const [side, scene] of scenes) {
    const ids = (players.get(side) ?? []).filter((id) => online.has(id));
    if (ids.length > 0) scene.pullUsers?.(ids);
  }
}
