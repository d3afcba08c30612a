/**
 * `game.nobc.teamScenes` (double-blind, issue #30 item 3): `make({ master? })` makes or refreshes the
 * team scenes of a master scene (the viewed one by default; GM only, arguments checked with zod), and
 * `view("nato" | "wp" | "master")` switches a GM's view between them. Their code loads on the first call.
 */
import type { TeamScenesResult } from "./command";

export const teamSceneMacros = {
  make: async (args?: unknown): Promise<TeamScenesResult> => (await import("./command")).makeTeamScenes(args),
  view: async (choice: unknown): Promise<boolean> => (await import("./view")).viewTeamScene(choice),
};
