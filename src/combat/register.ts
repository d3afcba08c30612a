/**
 * Registers the turn tracker on init: the `nobcTurn` Combat data model, and the Combat sidebar
 * tab built on Foundry's v13 CombatTracker (./tracker-app.ts).
 */
import { defineTurnTracker, type TrackerBaseClass } from "./tracker-app";
import { TurnData } from "./turn-model";
import { TURN_COMBAT_TYPE } from "./turn-type";
import { MissionData } from "./mission-model";
import { MISSION_COMBAT_TYPE } from "../base/constants";

export function registerTurnTracking(): void {
  const config = CONFIG as unknown as { Combat: { dataModels: Record<string, unknown> }; ui?: Record<string, unknown> };
  config.Combat.dataModels[TURN_COMBAT_TYPE] = TurnData;
  config.Combat.dataModels[MISSION_COMBAT_TYPE] = MissionData;
  // Foundry defines the sidebar classes before any system loads; only a bare test stand-in lacks them.
  const Base = (foundry.applications as unknown as { sidebar?: { tabs?: { CombatTracker?: TrackerBaseClass } } }).sidebar?.tabs
    ?.CombatTracker;
  if (Base !== undefined && config.ui !== undefined) config.ui["combat"] = defineTurnTracker(Base);
}
