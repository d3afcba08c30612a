/**
 * Gallery entries of the game-loop templates (planner, dialogs, tracker, cards), gathered from one
 * file per area. Each entry is rendered with the real template, like the sheet fixtures.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import { cardGallery } from "./cards";
import { trackerGallery } from "./tracker";
import { airMissionGallery } from "./air-missions";
import { landGallery } from "./land";
import { airBattleGallery } from "./air-battle";
import { groundCombatGallery } from "./ground-combat";

export const galleryItems: readonly FixtureSheet[] = [
  ...cardGallery,
  ...trackerGallery,
  ...airMissionGallery,
  ...landGallery,
  ...airBattleGallery,
  ...groundCombatGallery,
];
