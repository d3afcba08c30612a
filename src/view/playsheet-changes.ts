/**
 * The Operational Playsheet's changes in words: on its cards (listed for the umpire's map) and wherever
 * a card lists them (src/view/breakdown.ts). Pure.
 */
import type { PlaysheetEffect } from "../rules/playsheet/effects";
import { phrase, type Phrase } from "../rules/resolution";

const SUPPLY_KEYS = {
  ammo: "NOBC.Playsheet.Change.ammo",
  fuel: "NOBC.Playsheet.Change.fuel",
  supply: "NOBC.Playsheet.Change.supply",
} as const;

/** One change of the Playsheet's rules in words, with the names the dialog gave (`nameOf`). */
export function changePhrase(effect: PlaysheetEffect, nameOf: (ref: string) => string): Phrase {
  const name = nameOf(effect.actor);
  switch (effect.type) {
    case "playsheetSupply":
      return effect.delta < 0
        ? phrase(SUPPLY_KEYS[effect.kind], { name, count: -effect.delta })
        : phrase("NOBC.Playsheet.Change.received", { name, count: effect.delta });
    case "squadronsLost":
      return phrase("NOBC.Playsheet.Change.squadronsLost", { name, count: effect.count });
    case "playsheetStatus":
      return phrase("NOBC.Playsheet.Change.status", { name, count: -effect.delta });
    case "playsheetRetire":
      return phrase("NOBC.Playsheet.Change.retire", { name, count: effect.km });
    case "playsheetFallBack":
      return phrase("NOBC.Playsheet.Change.fallBack", { name });
    case "playsheetImmobilised":
      return phrase("NOBC.Playsheet.Change.immobilised", { name });
    case "playsheetSuppressed":
      return phrase("NOBC.Playsheet.Change.suppressed", { name });
    case "airDamage":
      return phrase("NOBC.Playsheet.Change.airDamage", { name, count: effect.delta });
    case "airUnitLost":
      return phrase("NOBC.Playsheet.Change.airUnitLost", { name });
    case "serialsOutOfAction":
      return phrase("NOBC.Playsheet.Change.serialsOutOfAction", { name, count: effect.count });
  }
}
