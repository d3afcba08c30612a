/**
 * World settings: the data schema version (for the migration runner) and the rules options the
 * rules core leaves to the table (docs/rules-decisions.md and RULES-NOTES, "make them settings").
 */
import { SYSTEM_ID } from "./constants";
import type { OddsBelowOne } from "../rules/nobc/land/combat-tables";
import type { RecoveryOptions, RulesOptions } from "../rules/nobc/land/options";
import { ANNOUNCEMENT_ORDERS, type AnnouncementOrder } from "../rules/nobc/land/combat-turn";
import { DEFAULT_KNOWLEDGE_OPTIONS, type KnowledgeOptions } from "../rules/nobc/knowledge/types";

export type { RulesOptions } from "../rules/nobc/land/options";

/**
 * The schema version this build of the system writes. Raise it when a shape repair is added.
 * 2: the units' minefield and contamination markers moved to the scenes' map state (src/migration.ts).
 * 3: the units' status effects removed: the black chip and the mode are drawn on the counter (src/migration.ts).
 */
export const CURRENT_SCHEMA_VERSION = 3;

export const SETTING_KEYS = {
  schemaVersion: "schemaVersion",
  oddsBelowOne: "oddsBelowOne",
  overrunExtrasCumulative: "overrunExtrasCumulative",
  overrunMinorRoadIsRiver: "overrunMinorRoadIsRiver",
  recoveryRefusesWastedCards: "recoveryRefusesWastedCards",
  planningMinutes: "planningMinutes",
  airZoneDistances: "airZoneDistances",
  combatAnnouncementOrder: "combatAnnouncementOrder",
  nqmRestoringDiscipline: "nqmRestoringDiscipline",
  nqmHourlySupplyCheck: "nqmHourlySupplyCheck",
  hiddenInformation: "hiddenInformation",
  contactIdentifies: "contactIdentifies",
  knowledgeLastsTurns: "knowledgeLastsTurns",
  contactShowsCount: "contactShowsCount",
  combatRevealsStrength: "combatRevealsStrength",
} as const;

/** How much each side sees (issue #30): today's open table, or each team its own war. */
export const HIDDEN_INFORMATION = ["open", "doubleBlind"] as const;
export type HiddenInformation = (typeof HIDDEN_INFORMATION)[number];

/** Odds below 1:1 (seed 000, Step One): worth +0, or the table mirrored (1:2 −2 … 1:10 −10). */
export const ODDS_BELOW_ONE = ["zero", "mirror"] as const satisfies readonly OddsBelowOne[];

/** A world setting of the rules that is on or off, shown in Configure Settings with its name and hint from lang/. */
function worldFlag(key: BooleanSettingKey, fallback: boolean): void {
  game.settings?.register(SYSTEM_ID, key, {
    name: `NOBC.Setting.${key}.name`,
    hint: `NOBC.Setting.${key}.hint`,
    scope: "world",
    config: true,
    type: Boolean,
    default: fallback,
  });
}

type BooleanSettingKey =
  | typeof SETTING_KEYS.overrunExtrasCumulative
  | typeof SETTING_KEYS.overrunMinorRoadIsRiver
  | typeof SETTING_KEYS.recoveryRefusesWastedCards
  | typeof SETTING_KEYS.nqmRestoringDiscipline
  | typeof SETTING_KEYS.nqmHourlySupplyCheck
  | typeof SETTING_KEYS.contactIdentifies
  | typeof SETTING_KEYS.contactShowsCount
  | typeof SETTING_KEYS.combatRevealsStrength;

export function registerSettings(): void {
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.schemaVersion, {
    name: "NOBC.Setting.schemaVersion.name",
    hint: "NOBC.Setting.schemaVersion.hint",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.oddsBelowOne, {
    name: "NOBC.Setting.oddsBelowOne.name",
    hint: "NOBC.Setting.oddsBelowOne.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { zero: "NOBC.Setting.oddsBelowOne.zero", mirror: "NOBC.Setting.oddsBelowOne.mirror" },
    default: "zero",
  });
  // Overrun hit list readings (docs/rules-decisions.md): both off by default.
  for (const key of [SETTING_KEYS.overrunExtrasCumulative, SETTING_KEYS.overrunMinorRoadIsRiver]) worldFlag(key, false);
  // HQ recovery with more cards than can add a level: capped, the extra cards kept in hand (default),
  // or refused whole (the strict reading; docs/rules-decisions.md, HQ recovery).
  worldFlag(SETTING_KEYS.recoveryRefusesWastedCards, false);
  // Length of the Planning countdown (team time); the seed sets none (docs/rules-decisions.md, Turn sequence).
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.planningMinutes, {
    name: "NOBC.Setting.planningMinutes.name",
    hint: "NOBC.Setting.planningMinutes.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: 120, step: 1 },
    default: 15,
  });
  // The scenario's distances between air zones (zone → zone → zones away), set by a GM in the Air zone
  // distances window (src/apps/air/battle/distances/, a menu registered by the Air War) or through
  // openAirAllocation({ zoneDistances }); the allocation is checked against them on the GM's client.
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.airZoneDistances, {
    name: "NOBC.Setting.airZoneDistances.name",
    hint: "NOBC.Setting.airZoneDistances.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  registerTurnLimitSettings();
  registerKnowledgeSettings();
}

/**
 * Double-blind play and the readings of what each side knows (docs/rules-decisions.md, "What each
 * side knows"): world settings, so only a GM writes them (Foundry's SETTINGS_MODIFY).
 */
function registerKnowledgeSettings(): void {
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.hiddenInformation, {
    name: "NOBC.Setting.hiddenInformation.name",
    hint: "NOBC.Setting.hiddenInformation.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { open: "NOBC.Setting.hiddenInformation.open", doubleBlind: "NOBC.Setting.hiddenInformation.doubleBlind" },
    default: "open",
  });
  for (const [key, fallback] of [
    [SETTING_KEYS.contactIdentifies, false],
    [SETTING_KEYS.contactShowsCount, false],
    [SETTING_KEYS.combatRevealsStrength, true],
  ] as const)
    worldFlag(key, fallback);
  // 0 reads as "until contradicted": never dropped by time, only by looking at the hex.
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.knowledgeLastsTurns, {
    name: "NOBC.Setting.knowledgeLastsTurns.name",
    hint: "NOBC.Setting.knowledgeLastsTurns.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 0, max: 10, step: 1 },
    default: 1,
  });
}

/**
 * Whether the world plays double-blind; open for anything else the setting holds, and before it is
 * registered (Foundry throws on reading an unregistered setting: the write path reads it on every
 * action, and a world that has not registered it plays as it did before it existed).
 */
export function hiddenInformation(): HiddenInformation {
  try {
    return game.settings?.get(SYSTEM_ID, SETTING_KEYS.hiddenInformation) === "doubleBlind" ? "doubleBlind" : "open";
  } catch {
    return "open";
  }
}

/**
 * The world's readings of what each side knows: `knowledgeLastsTurns` 0 is "until contradicted",
 * anything but a whole number ≥ 1 the default.
 */
export function knowledgeOptions(): KnowledgeOptions {
  const settings = game.settings;
  const lasts: unknown = settings?.get(SYSTEM_ID, SETTING_KEYS.knowledgeLastsTurns);
  const lastsTurns =
    lasts === 0 ? null : typeof lasts === "number" && Number.isInteger(lasts) && lasts >= 1 ? lasts : DEFAULT_KNOWLEDGE_OPTIONS.lastsTurns;
  const flag = (key: "contactIdentifies" | "contactShowsCount" | "combatRevealsStrength", fallback: boolean): boolean => {
    const value: unknown = settings?.get(SYSTEM_ID, key);
    return typeof value === "boolean" ? value : fallback;
  };
  return {
    contactIdentifies: flag(SETTING_KEYS.contactIdentifies, DEFAULT_KNOWLEDGE_OPTIONS.contactIdentifies),
    lastsTurns,
    contactShowsCount: flag(SETTING_KEYS.contactShowsCount, DEFAULT_KNOWLEDGE_OPTIONS.contactShowsCount),
    combatRevealsStrength: flag(SETTING_KEYS.combatRevealsStrength, DEFAULT_KNOWLEDGE_OPTIONS.combatRevealsStrength),
  };
}

/**
 * How "the Warsaw Pact announces first" is read when combats are resolved one by one
 * (docs/rules-decisions.md, "Turn limits at an online table").
 */
function registerTurnLimitSettings(): void {
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.combatAnnouncementOrder, {
    name: "NOBC.Setting.combatAnnouncementOrder.name",
    hint: "NOBC.Setting.combatAnnouncementOrder.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      wpFirst: "NOBC.Setting.combatAnnouncementOrder.wpFirst",
      underAttack: "NOBC.Setting.combatAnnouncementOrder.underAttack",
    },
    default: "wpFirst",
  });
  // NQM's optional house rule (seed 004, "House Rule - Restoring Discipline"): off unless the table plays it.
  worldFlag(SETTING_KEYS.nqmRestoringDiscipline, false);
  // NQM's light-touch supply (seed 004, Logistics, Resupply: "a quick and dirty house rule"): off unless the table plays it.
  worldFlag(SETTING_KEYS.nqmHourlySupplyCheck, false);
}

/** The world's reading of the announcement order; `wpFirst` when the setting holds anything else. */
export function announcementOrder(): AnnouncementOrder {
  const value: unknown = game.settings?.get(SYSTEM_ID, SETTING_KEYS.combatAnnouncementOrder);
  return (ANNOUNCEMENT_ORDERS as readonly unknown[]).includes(value) ? (value as AnnouncementOrder) : "wpFirst";
}

/**
 * The world's rules options, whole: every resolver call of the Foundry layer that takes options is
 * given this object (and macros may pass it to `game.nobc.rules` the same way).
 */
export function rulesOptions(): RulesOptions {
  const settings = game.settings;
  const odds = settings?.get(SYSTEM_ID, SETTING_KEYS.oddsBelowOne);
  return {
    combat: { oddsBelowOne: odds === "mirror" ? "mirror" : "zero" },
    overrun: {
      lightExtrasCumulative: settings?.get(SYSTEM_ID, SETTING_KEYS.overrunExtrasCumulative) === true,
      minorRoadMeansMinorRiver: settings?.get(SYSTEM_ID, SETTING_KEYS.overrunMinorRoadIsRiver) === true,
    },
  };
}

/** The world's reading of HQ recovery with more cards than can add a level (refuse, or cap and keep them). */
export function recoveryOptions(): Required<RecoveryOptions> {
  return { refuseWastedCards: game.settings?.get(SYSTEM_ID, SETTING_KEYS.recoveryRefusesWastedCards) === true };
}

/** Whether the table plays NQM's hourly supply check house rule. */
export function nqmHourlySupplyCheck(): boolean {
  return game.settings?.get(SYSTEM_ID, SETTING_KEYS.nqmHourlySupplyCheck) === true;
}

/** Whether the table plays NQM's Restoring Discipline house rule. */
export function nqmRestoringDiscipline(): boolean {
  return game.settings?.get(SYSTEM_ID, SETTING_KEYS.nqmRestoringDiscipline) === true;
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface SettingConfig {
    "nobc.schemaVersion": number;
    "nobc.oddsBelowOne": OddsBelowOne;
    "nobc.overrunExtrasCumulative": boolean;
    "nobc.overrunMinorRoadIsRiver": boolean;
    "nobc.recoveryRefusesWastedCards": boolean;
    "nobc.planningMinutes": number;
    "nobc.airZoneDistances": Record<string, Record<string, number>>;
    "nobc.combatAnnouncementOrder": AnnouncementOrder;
    "nobc.nqmRestoringDiscipline": boolean;
    "nobc.nqmHourlySupplyCheck": boolean;
    "nobc.hiddenInformation": HiddenInformation;
    "nobc.contactIdentifies": boolean;
    "nobc.knowledgeLastsTurns": number;
    "nobc.contactShowsCount": boolean;
    "nobc.combatRevealsStrength": boolean;
  }
}
