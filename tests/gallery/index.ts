/**
 * Gallery entries of the game-loop templates (planner, dialogs, tracker, cards), gathered from one
 * file per area. Each entry is rendered with the real template, like the sheet fixtures, and its
 * context is built with the same words the template is rendered with, so the gallery can be shown
 * in any language (English, German, the pseudo-locale of tests/lang/pseudo.ts).
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import type { LangTree } from "../../src/words/phrase";
import { createHandlebars } from "../harness/handlebars-helpers";
import { cardEntries, cardFixtureData, sideCardEntries } from "./cards";
import { trackerFixtureData, trackerGallery } from "./tracker";
import { airMissionFixtureData, airMissionGallery } from "./air-missions";
import { landFixtureData, landGallery } from "./land";
import { airBattleFixtureData, airBattleGallery } from "./air-battle";
import { airChartFixtureData, airChartGallery } from "./air-chart";
import { groundCombatEntries, groundCombatFixtureData } from "./ground-combat";
import { boardFixtureData, boardGallery } from "./board";
import { mapFixtureData, mapGallery } from "./map";
import { playsheetFixtureData, playsheetGallery } from "./playsheet";
import { missionsFixtureData, missionsGallery } from "./missions";
import { nqmFixtureData, nqmGallery } from "./nqm";
import { controlFixtureData, controlGallery } from "./control";
import { doubleBlindFixtureData, doubleBlindGallery } from "./double-blind";

function isTranslator(words: LangTree | Translator): words is Translator {
  return typeof (words as Partial<Translator>).localize === "function";
}

/** The gallery's areas, each built on its own (a test can tell which one fails to build). */
export const galleryAreas: readonly { readonly area: string; readonly entries: (i18n: Translator) => FixtureSheet[] }[] = [
  { area: "chat cards", entries: cardEntries },
  { area: "team cards (double-blind)", entries: sideCardEntries },
  { area: "turn tracker", entries: () => [...trackerGallery] },
  { area: "air missions", entries: airMissionGallery },
  { area: "land", entries: landGallery },
  { area: "air battle", entries: airBattleGallery },
  { area: "air charts", entries: airChartGallery },
  { area: "ground combat", entries: groundCombatEntries },
  { area: "board", entries: boardGallery },
  { area: "map terrain", entries: mapGallery },
  { area: "toolkits", entries: playsheetGallery },
  { area: "team yankee missions", entries: missionsGallery },
  { area: "nqm", entries: nqmGallery },
  { area: "control", entries: controlGallery },
  { area: "double-blind", entries: doubleBlindGallery },
];

/**
 * Every game-loop entry, worded by `words`: a Translator (the one the templates are rendered
 * with, so the contexts and the markup speak one language), or a lang tree and its language tag.
 */
export function galleryItems(words: LangTree | Translator, tag = "en"): FixtureSheet[] {
  const i18n = isTranslator(words) ? words : createHandlebars(words, tag);
  return galleryAreas.flatMap((a) => a.entries(i18n));
}

/** The fixture worlds the entries are built from: their names, hexes and zones are data, not words. */
export const galleryFixtureData: readonly unknown[] = [
  ...cardFixtureData,
  ...trackerFixtureData,
  ...airMissionFixtureData,
  ...landFixtureData,
  ...airBattleFixtureData,
  ...airChartFixtureData,
  ...groundCombatFixtureData,
  ...boardFixtureData,
  ...mapFixtureData,
  ...playsheetFixtureData,
  ...missionsFixtureData,
  ...nqmFixtureData,
  ...controlFixtureData,
  ...doubleBlindFixtureData,
];
