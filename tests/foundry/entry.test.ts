import "../harness/install";
// Foundry's ApplicationV2, which a settings menu's class extends (before the chat stand-in, which adds to its renderer).
import "../harness/sheets-fake";
import "../harness/chat-fake";
import { describe, expect, it, vi } from "vitest";
import { statusEffectList } from "../../src/base/compat";
import { harness } from "../harness/foundry";
import { registerSheets } from "../../src/sheets/register";
import "../../src/nobc";
import { dialogIds } from "../../src/apps/base/registry";
import type { NobcApi } from "../../src/nobc";
import { CURRENT_SCHEMA_VERSION } from "../../src/base/settings";
import { airMissionMacros } from "../../src/apps/air/missions/macros";
import { RECORD_PARTS, recordKey } from "../../src/documents/rules-record";

// The sheets are ApplicationV2 classes, beyond what the stand-in fakes; their own tests cover them.
// Here we only check that the entry point registers them on init.
vi.mock("../../src/sheets/register", () => ({ registerSheets: vi.fn() }));

type Raw = Record<string, unknown>;
const hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;

describe("src/nobc.ts", () => {
  it("registers everything on init and exposes game.nobc", () => {
    hooks.callAll("init");
    expect(registerSheets).toHaveBeenCalledTimes(1);
    const game = (globalThis as unknown as { game: { nobc: Raw } }).game;
    expect(Object.keys(game.nobc).sort()).toEqual(
      [
        "air",
        "applyCard",
        "applyEffects",
        "applyPlan",
        "attachTimetable",
        "createTurnCombat",
        "drops",
        "land",
        "map",
        "openGroundCombat",
        "resolveGroundCombatFor",
        "setCardSplit",
        "undoCard",
        "releaseCardKey",
        "pruneCardRecords",
        "migrate",
        "openDialog",
        "openOrbatImport",
        "openTheatre",
        "openToolkit",
        "playsheet",
        "planEffects",
        "planMigration",
        "postResolution",
        "registerCombatModifier",
        "rules",
        "rulesOptions",
        "say",
        "subordinatesOf",
        "teamScenes",
        "unitSymbolSvg",
      ].sort(),
    );
    expect(Object.keys(game.nobc["drops"] as Raw)).toEqual(
      expect.arrayContaining([
        "decideCardDrop",
        "decideUnitOnHq",
        "decideSquadronOnAirbase",
        "assignCard",
        "subordinateUnit",
        "baseSquadron",
      ]),
    );
    expect(dialogIds().sort()).toEqual(
      [
        "groundCombat.plan",
        "land.orders",
        "land.rearArea",
        "land.cardLoss",
        "land.retreat",
        "land.demolition",
        "land.resupply",
        "land.recovery",
        "land.mode",
        "land.move",
        "land.wmd",
        "land.movementLog",
        "air.allocation",
        "air.zoneDistances",
        "air.lineUp",
        "air.sorties",
        "airMissions.paradrop",
        "airMissions.deepStrike",
        "airMissions.repair",
        "airMissions.capacity",
        "airMissions.airbaseRepair",
        "airMissions.overrun",
        // The Air War charts (src/apps/air/chart/).
        "air.chart",
        "orbat.import",
        "map.terrain",
        "toolkit.window",
        // The GM's Teams window (src/apps/teams/).
        "teams",
        "control.theatre",
        // Control's queue and the Umpires window (src/apps/control/).
        "control.queue",
        "control.umpires",
        "playsheet.movement",
        "playsheet.combat",
        "playsheet.overrun",
        "playsheet.artillery",
        "playsheet.airSupport",
        "playsheet.airRecce",
        "playsheet.airToAir",
        "playsheet.flak",
        "playsheet.interdiction",
        "playsheet.airResupply",
        "missions.setup",
        "missions.arrivals",
        "missions.reserveList",
        "missions.turn",
        "missions.light",
        "missions.reserves",
        "missions.withdrawal",
        "missions.minefield",
        "missions.mineClearing",
        "missions.ambush",
        "missions.night",
        "missions.objective",
        "missions.victory",
        "nqm.recce",
        "nqm.meeting",
        "nqm.firefight",
        "nqm.artillery",
        "nqm.air",
        "nqm.assault",
        "nqm.morale",
        "nqm.discipline",
        "nqm.reorganisation",
        "nqm.command",
        "nqm.logistics",
        "nqm.supplyCheck",
      ].sort(),
    );
    const cfg = CONFIG as unknown as { Actor: { dataModels: Raw }; queries: Raw };
    expect(Object.keys(cfg.queries)).toEqual([
      "nobc.applyCard",
      "nobc.undoCard",
      "nobc.setSplit",
      "nobc.resolve",
      "nobc.assignCard",
      "nobc.markReady",
      "nobc.wmdRule",
      "nobc.controlTake",
      "nobc.controlMark",
      "nobc.controlRule",
    ]);
    expect(Object.keys(cfg.Actor.dataModels)).toHaveLength(5);
    // No status of ours on the token HUD: the black chip is drawn on the counter (Foundry's defeated status stays).
    expect(statusEffectList().map((s) => s.id)).toEqual(["dead"]);
    expect(harness.settingsRegistered.map((s) => s.key)).toEqual([
      "schemaVersion",
      "oddsBelowOne",
      "overrunExtrasCumulative",
      "overrunMinorRoadIsRiver",
      "recoveryRefusesWastedCards",
      "planningMinutes",
      "airZoneDistances",
      "combatAnnouncementOrder",
      "nqmRestoringDiscipline",
      "nqmHourlySupplyCheck",
      // Double-blind play and what each side knows (issue #30).
      "hiddenInformation",
      "contactIdentifies",
      "contactShowsCount",
      "combatRevealsStrength",
      "knowledgeLastsTurns",
      // Who plays which side (src/teams/read.ts).
      "teams",
      // The record of the umpire's values, in parts (src/documents/rules-record.ts).
      ...Array.from({ length: RECORD_PARTS }, (_, n) => recordKey(n)),
      // Control's umpires and who took which item of its queue (src/teams/umpires-read.ts, src/apps/control/taken.ts).
      "umpires",
      "controlTaken",
    ]);
    expect([...harness.settingsMenus.keys()]).toEqual(["nobc.teamsMenu", "nobc.airZoneDistancesMenu", "nobc.umpiresMenu"]);
    expect(harness.hooks.map((h) => h.name)).toEqual(
      expect.arrayContaining([
        "dropCanvasData",
        "preCreateActor",
        "updateActor",
        "renderActorDirectory",
        "renderChatMessageHTML",
        "chatMessage",
        "updateToken",
        "getSceneControlButtons",
        "ready",
      ]),
    );
  });

  it("loads the toolkits' rules on setup, and the macros of the planner and the Air War on their first call", async () => {
    const nobc = (globalThis as unknown as { game: { nobc: NobcApi } }).game.nobc;
    expect(nobc.rules.loaded).toBe(false);
    hooks.callAll("setup");
    await nobc.rules.load();
    expect(nobc.rules.loaded).toBe(true);
    expect(typeof nobc.rules.nqm.firefightHits).toBe("function");
    expect(Object.keys(nobc.air).sort()).toEqual(
      [
        "openAirAllocation",
        "openAirLineUp",
        "resolveAirCombatStep",
        "resolveAirSuperiorityStep",
        "openAirSorties",
        "resolveAirReturnStep",
        ...Object.keys(airMissionMacros),
      ].sort(),
    );
    for (const macro of [...Object.values(nobc.air), nobc.openGroundCombat, nobc.resolveGroundCombatFor])
      expect(typeof macro).toBe("function");
  });

  it("runs the migration on ready for the active GM", async () => {
    hooks.callAll("ready");
    // The migration's module loads on first use: wait for its write rather than for one macrotask.
    await vi.waitFor(() => expect(harness.settingsStore.get("nobc.schemaVersion")).toBe(CURRENT_SCHEMA_VERSION));
  });
});
