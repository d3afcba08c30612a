/** Registers the data model of every Actor, Item and ChatMessage subtype, and which values tokens can show as bars. */
import { AirSquadronData } from "./air-squadron";
import { AirbaseData } from "./airbase";
import { HqData } from "./hq";
import { NqmUnitData } from "./nqm-unit";
import { CARD_MESSAGE_TYPE, ResolutionCardData } from "./resolution-card";
import { SIDE_CARD_TYPE, SideCardModel } from "./side-card";
import { SupportCardData } from "./support-card";
import { UnitData } from "./unit";

export const ACTOR_DATA_MODELS = {
  unit: UnitData,
  hq: HqData,
  airSquadron: AirSquadronData,
  airbase: AirbaseData,
  nqmUnit: NqmUnitData,
} as const;

export const ITEM_DATA_MODELS = { supportCard: SupportCardData } as const;

/** The resolution card (src/chat/): a message the GM authors, whose `system` holds the card; a side's card under double-blind. */
export const CHAT_MESSAGE_DATA_MODELS = { [CARD_MESSAGE_TYPE]: ResolutionCardData, [SIDE_CARD_TYPE]: SideCardModel } as const;

/**
 * Token bars and values per actor type: strength and HQ level are bars (a value out of a maximum),
 * supply is a plain value. See docs/decisions/foundry-documents.md, "Token bars".
 */
export const TRACKABLE_ATTRIBUTES = {
  unit: { bar: ["strength"], value: ["supply", "movementPoints"] },
  hq: { bar: ["level"], value: ["supplyCounters", "radius"] },
  airSquadron: { bar: [], value: ["airToAir", "cas", "deepStrike"] },
  airbase: { bar: ["airDefence"], value: ["capacity"] },
  nqmUnit: { bar: ["strength"], value: ["pins.red", "pins.black", "combatUnits"] },
} as const;

export function registerDataModels(): void {
  Object.assign(CONFIG.Actor.dataModels, ACTOR_DATA_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_DATA_MODELS);
  Object.assign(CONFIG.ChatMessage.dataModels, CHAT_MESSAGE_DATA_MODELS);
  CONFIG.Actor.trackableAttributes = Object.fromEntries(
    Object.entries(TRACKABLE_ATTRIBUTES).map(([type, a]) => [type, { bar: [...a.bar], value: [...a.value] }]),
  );
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DataModelConfig {
    Actor: {
      unit: typeof UnitData;
      hq: typeof HqData;
      airSquadron: typeof AirSquadronData;
      airbase: typeof AirbaseData;
      nqmUnit: typeof NqmUnitData;
    };
    Item: {
      supportCard: typeof SupportCardData;
    };
    ChatMessage: {
      resolution: typeof ResolutionCardData;
    };
  }
}
