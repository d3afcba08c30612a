/**
 * World settings: the data schema version (for the migration runner) and the rules options the
 * rules core leaves to the table (docs/rules-decisions.md and RULES-NOTES, "make them settings").
 */
import { SYSTEM_ID } from "./constants";
import type { OddsBelowOne } from "../rules/nobc/land/combat-tables";
import type { RecoveryOptions, RulesOptions } from "../rules/nobc/land/options";
import { ANNOUNCEMENT_ORDERS, type AnnouncementOrder } from "../rules/nobc/land/combat-turn";

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
} as const;

/** Odds below 1:1 (seed 000, Step One): worth +0, or the table mirrored (1:2 −2 … 1:10 −10). */
export const ODDS_BELOW_ONE = ["zero", "mirror"] as const satisfies readonly OddsBelowOne[];

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
  for (const key of [SETTING_KEYS.overrunExtrasCumulative, SETTING_KEYS.overrunMinorRoadIsRiver]) {
    game.settings?.register(SYSTEM_ID, key, {
      name: `NOBC.Setting.${key}.name`,
      hint: `NOBC.Setting.${key}.hint`,
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    });
  }
  // HQ recovery with more cards than can add a level: capped, the extra cards kept in hand (default),
  // or refused whole (the strict reading; docs/rules-decisions.md, HQ recovery).
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.recoveryRefusesWastedCards, {
    name: "NOBC.Setting.recoveryRefusesWastedCards.name",
    hint: "NOBC.Setting.recoveryRefusesWastedCards.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
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
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.nqmRestoringDiscipline, {
    name: "NOBC.Setting.nqmRestoringDiscipline.name",
    hint: "NOBC.Setting.nqmRestoringDiscipline.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  // NQM's light-touch supply (seed 004, Logistics, Resupply: "a quick and dirty house rule"): off unless the table plays it.
  game.settings?.register(SYSTEM_ID, SETTING_KEYS.nqmHourlySupplyCheck, {
    name: "NOBC.Setting.nqmHourlySupplyCheck.name",
    hint: "NOBC.Setting.nqmHourlySupplyCheck.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
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
  }
}
