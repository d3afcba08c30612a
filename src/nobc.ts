/**
 * Foundry entry point. Kept light: registration on `init`; on `ready` the world migration (active GM
 * only) and each GM client's check of the rules values (src/documents/rules-record.ts).
 */
import "../styles/nobc.css";
import { loadToolkits, rulesApi, type RulesApi } from "./rules/api";
import { SYSTEM_ID } from "./base/constants";
import { isGM, notify, say } from "./base/foundry";
import { RefusedError } from "./base/errors";
import { registerResolveQuery } from "./apps/base/request";
import { registerDataModels } from "./data/register";
import { subordinatesOf } from "./data/subordinates";
import { registerSettings, rulesOptions } from "./base/settings";
import { registerTeams } from "./apps/teams/register";
import { registerStatusEffects } from "./token/status-effects";
import { registerTokenDefaults } from "./token/token-defaults";
import { applyEffects, applyPlan, planEffects } from "./effects/apply";
import { planMigration } from "./migration-plan";
import * as dropDecisions from "./documents/drops";
import { baseSquadron, subordinateUnit } from "./documents/drop-handlers";
import { assignCard, registerCardAssignmentQuery, registerDropHooks } from "./queries/card-assignment";
import { unitSymbolSvg } from "./symbols/unit-symbol";
import { registerSheets } from "./sheets/register";
import { openOrbatImport } from "./orbat/macros";
import { registerOrbatExport, registerOrbatImport } from "./orbat/register";
import { registerOrbatButton } from "./ui/orbat-button";
import { registerTerrainControl } from "./ui/terrain-control";
import { registerToolkitControl } from "./ui/toolkit-control";
import { registerPlaysheet } from "./apps/playsheet/register";
import { registerToolkit } from "./apps/toolkit/register";
import { openToolkit } from "./apps/toolkit/macros";
import { registerControlQueue, registerTheatreDashboard } from "./apps/control/register";
import { openTheatre } from "./apps/control/macros";
import { registerTheatreControl } from "./ui/theatre-control";
import { playsheetMacros } from "./apps/playsheet/macros";
import { registerMapTools } from "./apps/map/register";
import { mapMacros } from "./apps/map/macros";
import { postResolution, setCardTurnReader } from "./chat/resolution-card";
import { registerChat } from "./queries/card-controls";
import { registerTurnTracking } from "./combat/register";
import { attachTimetable, registerTimetable } from "./combat/timetable-register";
import { createTurnCombat } from "./combat/create";
import { applyCard, pruneCardRecords, releaseCardKey, setCardSplit, undoCard } from "./queries/macros";
import { currentTurnPosition } from "./combat/current";
import { setCardClock } from "./queries/card-state";
import { setBoardClock } from "./world/board";
import { registerGroundCombat } from "./apps/ground-combat/register";
import { registerTerrainCache } from "./world/read";
import { registerBoard } from "./canvas/register";
import { registerCounterTokens } from "./canvas/counter-tokens";
import { registerBoardStacks } from "./canvas/stacks-register";
import { registerTokenRuler } from "./canvas/ruler/token-ruler";
import { readMovementTurn } from "./combat/movement-turn";
import { registerCombatModifier } from "./apps/ground-combat/house-rules";
import { landPhaseMacros } from "./apps/land/macros";
import { registerLandPhases } from "./apps/land/register";
import { registerNqm } from "./apps/nqm/register";
import { registerAirMissionActions } from "./apps/air/missions/register";
import { registerMissions } from "./apps/missions/register";
import { watchAirfieldOverruns } from "./apps/air/missions/overrun/hooks";
import { registerRulesGuard } from "./documents/rules-guard";
import { registerKnowledgeWatch } from "./documents/knowledge-watch";
import { registerTeamSceneWatch } from "./team-scenes/watch";
import { teamSceneMacros } from "./team-scenes/macros";
import { registerRulesRecord } from "./documents/rules-record";
import { registerAirBattleActions } from "./apps/air/battle/register";
import { registerAirChart } from "./apps/air/chart/register";
import { openDialogById } from "./apps/base/registry";
import { later } from "./apps/base/later";
import type * as groundCombatMacros from "./apps/ground-combat/macros";
import type { airMissionMacros } from "./apps/air/missions/macros";
import type * as migration from "./migration";

const drops = { ...dropDecisions, assignCard, subordinateUnit, baseSquadron };

// The macros of the planner and the Air War are async, so their code loads on the first call (not on init).
const loadGroundCombat = () => import("./apps/ground-combat/macros");
const loadAirBattle = () => import("./apps/air/battle/macros");
const loadAirMissions = async () => (await import("./apps/air/missions/macros")).airMissionMacros;
const openGroundCombat = later(loadGroundCombat, "openGroundCombat");
// The migration's writer runs once on \`ready\` (active GM) or from the macro, so it loads then.
const migrateWorld = later(() => import("./migration"), "migrateWorld");
const resolveGroundCombatFor = later(loadGroundCombat, "resolveGroundCombatFor");

/** The names of the Air War's steps 7–11 macros (tsc checks this is every one of `airMissionMacros`). */
const AIR_MISSION_MACROS = {
  handOverCas: true,
  returnCas: true,
  openParadrop: true,
  openDeepStrike: true,
  openRepair: true,
  repairSide: true,
  openCapacity: true,
  openAirbaseRepair: true,
  repairAirbases: true,
  openOverrun: true,
  overrunAirfield: true,
} as const satisfies Record<keyof typeof airMissionMacros, true>;

type AirMissionMacros = typeof airMissionMacros;

/** The Air War's steps as macros: 1–6 (the air battle), then 7–11 (missions, repair, airbases). */
const air = {
  openAirAllocation: later(loadAirBattle, "openAirAllocation"),
  openAirLineUp: later(loadAirBattle, "openAirLineUp"),
  resolveAirCombatStep: later(loadAirBattle, "resolveAirCombatStep"),
  resolveAirSuperiorityStep: later(loadAirBattle, "resolveAirSuperiorityStep"),
  openAirSorties: later(loadAirBattle, "openAirSorties"),
  resolveAirReturnStep: later(loadAirBattle, "resolveAirReturnStep"),
  ...(Object.fromEntries(
    Object.keys(AIR_MISSION_MACROS).map((name) => [name, later(loadAirMissions, name as keyof AirMissionMacros)]),
  ) as unknown as AirMissionMacros),
};

export interface NobcApi {
  /** The rules core; `land`, `air` and the toolkits once `rules.load()` has resolved (started on `setup`). */
  rules: RulesApi;
  /** A rules phrase (a refusal's or a breakdown line's `text`) in the user's language, for macros. */
  say: typeof say;
  applyEffects: (...args: Parameters<typeof applyEffects>) => Promise<Awaited<ReturnType<typeof applyEffects>> | undefined>;
  applyPlan: (...args: Parameters<typeof applyPlan>) => Promise<void>;
  planEffects: typeof planEffects;
  migrate: typeof migration.migrateWorld;
  planMigration: typeof planMigration;
  drops: typeof drops;
  rulesOptions: typeof rulesOptions;
  subordinatesOf: typeof subordinatesOf;
  unitSymbolSvg: typeof unitSymbolSvg;
  openOrbatImport: typeof openOrbatImport;
  openDialog: typeof openDialogById;
  postResolution: (...args: Parameters<typeof postResolution>) => Promise<unknown>;
  createTurnCombat: typeof createTurnCombat;
  openGroundCombat: typeof groundCombatMacros.openGroundCombat;
  resolveGroundCombatFor: typeof groundCombatMacros.resolveGroundCombatFor;
  registerCombatModifier: typeof registerCombatModifier;
  applyCard: typeof applyCard;
  undoCard: typeof undoCard;
  setCardSplit: typeof setCardSplit;
  releaseCardKey: (...args: Parameters<typeof releaseCardKey>) => Promise<Awaited<ReturnType<typeof releaseCardKey>> | undefined>;
  pruneCardRecords: (...args: Parameters<typeof pruneCardRecords>) => Promise<Awaited<ReturnType<typeof pruneCardRecords>> | undefined>;
  land: typeof landPhaseMacros;
  air: typeof air;
  /** The map's tools: `terrain()` opens the "Map terrain" window (GM), `attachTerrain(scene, data)` attaches a map. */
  map: typeof mapMacros;
  /** The umpire's toolkit window: the toolkits' procedures this user may open (docs/toolkits.md). */
  openToolkit: typeof openToolkit;
  openTheatre: typeof openTheatre;
  /** Checks a scenario's timetable and writes it as the scene's `nobc.timetable` (GM; docs/guide.md, "The scenario's timetable"). */
  attachTimetable: typeof attachTimetable;
  /** The Operational Playsheet: `open(procedure, fields?)` opens one of its dialogs (docs/toolkits.md). */
  playsheet: typeof playsheetMacros;
  /** Double-blind: `make({ master? })` makes the team scenes (GM), `view(side | "master")` switches a GM's view. */
  teamScenes: typeof teamSceneMacros;
}

declare global {
  // `game.nobc` exists from `init` on, so every game state after it carries the namespace.
  interface InitGame {
    nobc: NobcApi;
  }
  interface I18nInitGame {
    nobc: NobcApi;
  }
  interface SetupGame {
    nobc: NobcApi;
  }
  interface ReadyGame {
    nobc: NobcApi;
  }
}

/**
 * A function of the API that only a GM's client may run (it writes or posts as the authority): a
 * player calling it from a macro or the console is warned and nothing happens (undefined returned).
 */
function gmOnly<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R | undefined> {
  return async (...args: A) => {
    try {
      if (!isGM()) throw new RefusedError("NOBC.Request.Refused.postGmOnly");
      return await run(...args);
    } catch (error) {
      if (!(error instanceof RefusedError)) throw error;
      notify("warn", error.key);
      return undefined;
    }
  };
}

Hooks.once("init", () => {
  registerDataModels();
  registerSettings();
  // Who plays which side (world setting, the GM's Teams window) and the /team chat command.
  registerTeams();
  registerStatusEffects();
  registerSheets();
  registerTokenDefaults();
  registerDropHooks();
  registerOrbatButton();
  registerOrbatImport();
  // The theatre dashboard's export is the import's columns: the import registers its writer.
  registerOrbatExport();
  registerChat();
  // A card keeps the game turn it was posted in, so old turns' records can be pruned.
  setCardTurnReader(() => currentTurnPosition()?.turn ?? null);
  // A player's Apply expires with its turn, and an Orders card with the Orders phase.
  setCardClock(currentTurnPosition);
  setBoardClock(currentTurnPosition);
  registerResolveQuery();
  // Rules values are the umpire's: a change by anyone but a GM is put back by the active GM's client,
  // and on \`ready\` a GM's client checks what changed while no GM was connected.
  registerRulesGuard();
  registerKnowledgeWatch();
  // Double-blind: each team's scene drawn again from the master scene on the active GM's client, a player put on theirs.
  registerTeamSceneWatch();
  registerRulesRecord();
  // A support card assigned to a unit, or taken back: a request the GM answers.
  registerCardAssignmentQuery();
  registerTurnTracking();
  registerTimetable();
  registerAirBattleActions();
  registerAirMissionActions();
  // The Air War charts (issue #32): a button in every Air War step.
  registerAirChart();
  // A land unit's token entering an enemy airbase's hex: the active GM is offered the overrun.
  watchAirfieldOverruns();
  registerLandPhases();
  registerMissions();
  registerNqm();
  registerGroundCombat();
  registerTerrainCache();
  // After the terrain cache, so the board reads a changed flag afresh.
  registerBoard();
  registerCounterTokens();
  // Units sharing a hex fanned at draw time, with their count, keys and viewer (the documents keep the hex centre).
  registerBoardStacks();
  // A unit's drag measured by the rules: the ruler's labels and the movement actions' MP cost.
  registerTokenRuler(readMovementTurn);
  registerMapTools();
  registerTerrainControl();
  // The umpire's toolkits: the window (scene controls and macro) lists whatever procedures are registered.
  registerToolkit();
  registerPlaysheet();
  registerToolkitControl();
  // Control's theatre dashboard (GM): beside the toolkit among the Token controls.
  registerTheatreDashboard();
  registerTheatreControl();
  // Control's umpires and their queue of what waits for a ruling (its count on the tracker).
  registerControlQueue();
  (game as InitGame).nobc = {
    rules: rulesApi(),
    say,
    // A macro's map effects land on the viewed scene, read once per call (its reader loads on the first call).
    applyEffects: gmOnly(async (effects: Parameters<typeof applyEffects>[0], board?: Parameters<typeof applyEffects>[1]) =>
      applyEffects(effects, board ?? (await import("./world/board")).readBoard(effects)),
    ),
    applyPlan: gmOnly(applyPlan),
    planEffects,
    migrate: migrateWorld,
    planMigration,
    drops,
    rulesOptions,
    subordinatesOf,
    unitSymbolSvg,
    openOrbatImport,
    openDialog: openDialogById,
    postResolution: gmOnly(postResolution),
    createTurnCombat,
    openGroundCombat,
    resolveGroundCombatFor,
    registerCombatModifier,
    applyCard,
    undoCard,
    setCardSplit,
    releaseCardKey: gmOnly(releaseCardKey),
    pruneCardRecords: gmOnly(pruneCardRecords),
    land: landPhaseMacros,
    air,
    map: mapMacros,
    openToolkit,
    openTheatre,
    attachTimetable,
    playsheet: playsheetMacros,
    teamScenes: teamSceneMacros,
  };
  console.log(`${SYSTEM_ID} | initialised`);
});

// The Land and Air War namespaces and the toolkits' rules are not needed to start: they load once the
// world's data is in, before the canvas is drawn, so macros find them from \`ready\` on
// (\`await game.nobc.rules.load()\` never misses).
Hooks.once("setup", () => {
  loadToolkits().catch((error: unknown) => console.error(`${SYSTEM_ID} | the toolkits' rules did not load`, error));
});

Hooks.once("ready", () => {
  // Only one client writes: the active GM.
  if (game.users?.activeGM?.isSelf === true) void migrateWorld();
});
