/**
 * What the repair dialog shows: each damaged squadron's score and chance, NATO's automatic repairs,
 * and every refusal before the roll. Pure.
 */
import { NATO_AUTOMATIC_REPAIRS, repairScore, resolveAircraftRepair } from "../../../../rules/nobc/air/index";
import { phrase } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import { choosableSides } from "../world";
import { constantDice, percent, refusalMessages, sideOptions, type Translator } from "../view";
import type { MissionWorld } from "../world";
import { damagedSquadrons, repairInput, type RepairState } from "./state";
import { NATIONALITIES } from "../../../../data/nationalities";

export function repairContext(state: RepairState, world: MissionWorld, i18n: Translator) {
  const input = repairInput(state, world);
  // A dry run finds every refusal (e.g. too many automatic repairs) before the roll.
  const dry = input.ok ? resolveAircraftRepair(input.value, constantDice(1)) : input;
  const auto = new Set(state.automatic);
  return {
    sides: sideOptions(choosableSides(world, "squadrons"), state.side, i18n),
    nato: state.side === "nato",
    automaticHint: speak(phrase("NOBC.AirMissions.Repair.AutomaticHint", { count: NATO_AUTOMATIC_REPAIRS }), i18n),
    squadrons: damagedSquadrons(world, state.side).map((s) => {
      const score = repairScore(s.nationality);
      return {
        id: s.id,
        name: s.name,
        nationality: NATIONALITIES.find((n) => n.code === s.nationality)?.label ?? s.nationality,
        automatic: auto.has(s.id),
        score,
        faces: auto.has(s.id) ? "\u2014" : Array.from({ length: score }, (_, i) => i + 1).join(", "),
        chance: percent(auto.has(s.id) ? 1 : score / 6, i18n),
      };
    }),
    refusals: dry.ok ? [] : refusalMessages(dry.refusals, i18n),
    canRoll: dry.ok,
  };
}
