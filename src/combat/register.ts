/**
 * Registers the turn tracker on init: the `nobcTurn` Combat data model, and the Combat sidebar
 * tab built on Foundry's v13 CombatTracker (./tracker-app.ts). Foundry redraws the tracker when its
 * Combat changes, not when an HQ in it does: an HQ's update (its level, radius, name, initiative) and
 * a support card it gains or loses redraw the parts that show it (`redrawHqParts`), and only when
 * the tracker shows the turn that HQ is in.
 */
import { defineTurnTracker, redrawHqParts, type TrackerBaseClass } from "./tracker-app";
import { hqChangeParts, HQS_PART } from "./tracker";
import { TurnData } from "./turn-model";
import { TURN_COMBAT_TYPE } from "./turn-type";
import { MissionData } from "./mission-model";
import { MISSION_COMBAT_TYPE } from "../base/constants";
import { registerStageEntry } from "./registry";
import { STAGES } from "../rules/nobc/turn";

export function registerTurnTracking(): void {
  const config = CONFIG as unknown as { Combat: { dataModels: Record<string, unknown> }; ui?: Record<string, unknown> };
  config.Combat.dataModels[TURN_COMBAT_TYPE] = TurnData;
  config.Combat.dataModels[MISSION_COMBAT_TYPE] = MissionData;
  // Foundry defines the sidebar classes before any system loads; only a bare test stand-in lacks them.
  const Base = (foundry.applications as unknown as { sidebar?: { tabs?: { CombatTracker?: TrackerBaseClass } } }).sidebar?.tabs
    ?.CombatTracker;
  if (Base !== undefined && config.ui !== undefined) config.ui["combat"] = defineTurnTracker(Base);
  Hooks.on("updateActor", ((actor: HqLike, changes: { name?: unknown; system?: unknown }) => {
    if (actor.type === "hq") redrawHqParts(actor.id, hqChangeParts(changes));
  }) as never);
  // The cards an HQ holds are its items: one gained or lost changes its row's count.
  const onCard = (item: { readonly type?: string; readonly parent?: HqLike | null }): void => {
    if (item.type === "supportCard" && item.parent?.type === "hq") redrawHqParts(item.parent.id, [HQS_PART]);
  };
  Hooks.on("createItem", onCard as never);
  Hooks.on("deleteItem", onCard as never);
  // A new turn renews what is still in contact, then lets the rest lapse (double-blind only).
  registerStageEntry(STAGES[0].id, async (position) => (await import("../documents/knowledge-watch")).startTurnKnowledge(position.turn));
}

interface HqLike {
  readonly id: string | null;
  readonly type: string;
}
