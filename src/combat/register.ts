/** Registers the turn tracker: the `nobcTurn` Combat data model and the Combat sidebar panel (on init). */
import { injectTurnPanel } from "./tracker";
import { TURN_COMBAT_TYPE, TurnData } from "./turn-model";

export function registerTurnTracking(): void {
  const config = CONFIG as unknown as { Combat: { dataModels: Record<string, unknown> } };
  config.Combat.dataModels[TURN_COMBAT_TYPE] = TurnData;
  Hooks.on("renderCombatTracker", ((app: Parameters<typeof injectTurnPanel>[0], html: HTMLElement) => void injectTurnPanel(app, html)) as never);
}
