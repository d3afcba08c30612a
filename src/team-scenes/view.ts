/**
 * A GM switching their view between a master scene and its team scenes (issue #30 item 3: Control
 * checks what a team sees). Only the GM's own canvas changes: the master scene stays the GMs', the
 * rules keep reading it (src/world/read.ts `viewedSceneDoc`), and no document is written.
 */
import { z } from "zod";
import { isGM } from "../base/foundry";
import { teamSceneOf, teamScenesOf } from "../schemas/team-scene";
import { viewedCanvas, worldScene } from "../world/read";

export const viewTeamSceneSchema = z.enum(["nato", "wp", "master"]);
export type TeamSceneChoice = z.infer<typeof viewTeamSceneSchema>;

interface ViewableScene {
  readonly id: string | null;
  getFlag(scope: string, key: string): unknown;
  view(): Promise<unknown>;
}

/** The scene a GM's choice views from the scene viewed now (a team scene viewed: its master's family); null when there is none. */
export function sceneForChoice(choice: TeamSceneChoice, viewed: ViewableScene | null | undefined): ViewableScene | null {
  if (viewed === null || viewed === undefined || typeof viewed.id !== "string") return null;
  const masterId = teamSceneOf(viewed)?.master ?? viewed.id;
  if (choice === "master") return worldScene(masterId) as ViewableScene | null;
  return teamScenesOf<ViewableScene>(masterId).get(choice) ?? null;
}

/** Views `choice` (a side's team scene, or the master), for a GM; false when refused or there is no such scene. */
export async function viewTeamScene(raw: unknown): Promise<boolean> {
  const choice = viewTeamSceneSchema.safeParse(raw);
  if (!choice.success || !isGM()) return false;
  const scene = sceneForChoice(choice.data, viewedCanvas()?.scene as ViewableScene | null | undefined);
  if (scene === null) return false;
  await scene.view();
  return true;
}
