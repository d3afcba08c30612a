/**
 * Gallery entries of the game-loop templates (planner, dialogs, tracker, cards), gathered from one
 * file per area. Each entry is rendered with the real template, like the sheet fixtures.
 */
import type { FixtureSheet } from "../sheets/fixtures";

export const galleryItems: readonly FixtureSheet[] = [];
