/**
 * Context of the confirm dialog a sheet button opens: the rules' breakdown, the dice and the
 * changes in words, shown before anything is written.
 */
import { shownCitation } from "./citation";
import { phrase, type BreakdownLine, type Phrase, type PhraseArg } from "../rules/resolution";
import type { Effect } from "../rules/effects";
import type { SetupActorType } from "../rules/setup/effects";
import { speak } from "../words/phrase";
import { AIR_BOX_LABELS, MODE_LABELS, SIDE_LABELS } from "./labels";
import { signed } from "./common";
import { arrivalPhrase } from "../rules/missions/types";
import type { Translator } from "../base/foundry";
import { changePhrase } from "./playsheet-changes";

/** A breakdown line as the dialog holds it: the rules' phrase, its value signed, its source. */
export interface BreakdownLineView {
  readonly text: Phrase;
  readonly valueText: string;
  readonly source: string;
}

/** A breakdown row written for the user; `source` is a citation, shown as such (`<cite lang="en">`). */
export interface BreakdownRow {
  readonly label: string;
  readonly valueText: string;
  readonly source: string;
}

/**
 * A breakdown line's label for the user: its phrase in the reader's language. A house rule's line
 * has the rule's label as its key, which stands for itself when the lang files do not have it.
 */
export function breakdownLabel(line: Pick<BreakdownLine, "text">, i18n: Translator): string {
  return speak(line.text, i18n);
}

/** A change described for the user: a phrase (the mode or box inside it a nested phrase). */
export type EffectLine = Phrase;

export interface BreakdownContext {
  readonly intro: string;
  readonly rows: readonly BreakdownLineView[];
  readonly total: string | null;
  readonly dice: readonly number[];
  readonly effects: readonly EffectLine[];
}

export interface BreakdownInput {
  /** Lang key of the sentence above the table (what is about to happen). */
  readonly intro: string;
  readonly breakdown: readonly BreakdownLine[];
  readonly rolls: readonly number[];
  readonly effects: readonly Effect[];
  /** Whether the values add up to something worth showing (a modified roll, a cost). */
  readonly showTotal: boolean;
}

export function breakdownContext(input: BreakdownInput, nameOf: (ref: string) => string): BreakdownContext {
  const sum = input.breakdown.reduce((s, line) => s + line.value, 0);
  return {
    intro: input.intro,
    rows: input.breakdown.map((line) => ({ text: line.text, valueText: signed(line.value), source: line.source })),
    total: input.showTotal ? signed(sum) : null,
    dice: [...input.rolls],
    effects: input.effects.map((e) => describeEffect(e, nameOf)),
  };
}

/** An order-of-battle actor type in the singular, as a created actor's sentence names it. */
const SETUP_TYPE_LABELS: Readonly<Record<SetupActorType, string>> = {
  hq: "NOBC.Orbat.TypeOne.hq",
  unit: "NOBC.Orbat.TypeOne.unit",
  airbase: "NOBC.Orbat.TypeOne.airbase",
  airSquadron: "NOBC.Orbat.TypeOne.airSquadron",
};

function line(key: string, data: Record<string, PhraseArg>): EffectLine {
  return phrase(key, data);
}

/** One sentence per kind of change, so the player reads exactly what Apply will do. */
export function describeEffect(effect: Effect, nameOf: (ref: string) => string): EffectLine {
  switch (effect.type) {
    case "hits":
      return line("NOBC.Effect.hits", { name: nameOf(effect.actor), count: effect.amount });
    case "eliminated":
      return line("NOBC.Effect.eliminated", { name: nameOf(effect.actor) });
    case "supply":
      return line("NOBC.Effect.supply", { name: nameOf(effect.actor), delta: signed(effect.delta) });
    case "mode":
      return line("NOBC.Effect.mode", { name: nameOf(effect.actor), mode: phrase(MODE_LABELS[effect.mode]) });
    case "retreat":
      return line("NOBC.Effect.retreat", { name: nameOf(effect.actor), count: effect.hexes });
    case "noMove":
      return line("NOBC.Effect.noMove", { name: nameOf(effect.actor) });
    case "noMoveCleared":
      return line("NOBC.Effect.noMoveCleared", { name: nameOf(effect.actor) });
    case "movementPoints":
      return line("NOBC.Effect.movementPoints", { name: nameOf(effect.actor), value: effect.value });
    case "hqLevel":
      return line("NOBC.Effect.hqLevel", { name: nameOf(effect.actor), delta: signed(effect.delta) });
    case "hqCardsLost":
      return line("NOBC.Effect.hqCardsLost", { name: nameOf(effect.actor), count: effect.count });
    case "cardDiscarded":
      return line("NOBC.Effect.cardDiscarded", { name: nameOf(effect.card) });
    case "cardAssignment":
      return effect.assignedTo === null
        ? line("NOBC.Effect.cardUnassigned", { name: nameOf(effect.card) })
        : line("NOBC.Effect.cardAssigned", { name: nameOf(effect.card), unit: nameOf(effect.assignedTo) });
    case "squadronBox":
      return line("NOBC.Effect.squadronBox", { name: nameOf(effect.squadron), box: phrase(AIR_BOX_LABELS[effect.box]) });
    case "weaponDiscarded":
      return line("NOBC.Effect.weaponDiscarded", { name: nameOf(effect.squadron), weapon: effect.weapon });
    case "weaponAttached":
      return line("NOBC.Effect.weaponAttached", { name: nameOf(effect.squadron), weapon: effect.weapon });
    case "squadronZone":
      return line("NOBC.Effect.squadronZone", { name: nameOf(effect.squadron), zone: effect.airZone });
    case "squadronAirbase":
      return effect.airbase === null
        ? line("NOBC.Effect.squadronUnbased", { name: nameOf(effect.squadron) })
        : line("NOBC.Effect.squadronAirbase", { name: nameOf(effect.squadron), airbase: nameOf(effect.airbase) });
    case "airbaseHits":
      return line("NOBC.Effect.airbaseHits", {
        name: nameOf(effect.airbase),
        repairable: signed(effect.repairable),
        permanent: signed(effect.permanent),
      });
    case "airDefence":
      return line("NOBC.Effect.airDefence", { name: nameOf(effect.chart), delta: signed(effect.delta) });
    case "minefield":
      if (!effect.present) return line("NOBC.MapWrite.Effect.minefieldCleared", { hex: effect.hex });
      return effect.side === undefined
        ? line("NOBC.MapWrite.Effect.minefieldNoSide", { hex: effect.hex })
        : line("NOBC.MapWrite.Effect.minefieldLaid", { hex: effect.hex, side: phrase(SIDE_LABELS[effect.side]) });
    case "engineersLeft":
      return effect.count > 0
        ? line("NOBC.MapWrite.Effect.engineersLeft", { hexside: effect.hexside, count: effect.count })
        : line("NOBC.MapWrite.Effect.engineersGone", { hexside: effect.hexside });
    case "bridgeDestroyed":
      return line("NOBC.MapWrite.Effect.bridgeDestroyed", { hexside: effect.hexside });
    case "autobahnCut":
      return line("NOBC.MapWrite.Effect.autobahnCut", { hex: effect.hex });
    case "contaminated":
      return line("NOBC.MapWrite.Effect.contaminated", { hex: effect.hex });
    case "moved":
      return line("NOBC.MapWrite.Effect.moved", {
        name: nameOf(effect.actor),
        path: effect.path.join(" → "),
        hex: effect.path.at(-1) ?? "",
      });
    case "supplyCountersEliminated":
      return line("NOBC.MapWrite.Effect.supplyCountersEliminated", { hexes: effect.hexes.join(", "), count: effect.hexes.length });
    case "missionTrack":
      return line("NOBC.Effect.missionTrack", {});
    case "missionJournal":
      return line("NOBC.Effect.missionJournal", { name: effect.name });
    case "arrived":
      return line("NOBC.Timetable.Effect.arrived", { name: nameOf(effect.actor), hex: effect.hex });
    case "leftMap":
      return line("NOBC.Timetable.Effect.leftMap", { name: nameOf(effect.actor) });
    case "hqMobilised":
      return line("NOBC.Timetable.Effect.hqMobilised", { name: nameOf(effect.actor), level: effect.level });
    case "cardDealt":
      return line("NOBC.Timetable.Effect.cardDealt", { name: nameOf(effect.card), hq: nameOf(effect.actor) });
    case "pins":
      return line("NOBC.Nqm.Effect.pins", { name: nameOf(effect.actor), red: signed(effect.red), black: signed(effect.black) });
    case "standsLost":
      return line("NOBC.Nqm.Effect.standsLost", { name: nameOf(effect.actor), count: effect.count });
    case "disorganised":
      if (!effect.value) return line("NOBC.Nqm.Effect.reorganised", { name: nameOf(effect.actor) });
      return effect.hours === undefined
        ? line("NOBC.Nqm.Effect.disorganised", { name: nameOf(effect.actor) })
        : line("NOBC.Nqm.Effect.disorganisedFor", { name: nameOf(effect.actor), count: effect.hours });
    case "harassed":
      return line("NOBC.Nqm.Effect.harassed", { name: nameOf(effect.actor), count: effect.hours });
    case "ammo":
      return line("NOBC.Nqm.Effect.ammo", { name: nameOf(effect.actor), delta: signed(Math.round(effect.delta * 100) / 100) });
    case "surrendered":
      return line("NOBC.Nqm.Effect.surrendered", { name: nameOf(effect.actor) });
    case "withdrawn":
      return line("NOBC.Nqm.Effect.withdrawn", { name: nameOf(effect.actor) });
    case "supplyUnits":
      return line(effect.kind === "log" ? "NOBC.Nqm.Effect.divLog" : "NOBC.Nqm.Effect.divPol", {
        name: nameOf(effect.actor),
        delta: signed(effect.delta),
      });
    case "inSupply":
      return line(effect.value ? "NOBC.Nqm.Effect.inSupply" : "NOBC.Nqm.Effect.outOfSupply", { name: nameOf(effect.actor) });
    case "targetHits":
      return line("NOBC.Effect.targetHits", { name: nameOf(effect.target), count: effect.hits });
    case "ambushRevealed":
      return line("NOBC.Effect.ambushRevealed", { name: nameOf(effect.actor) });
    case "teamBailedOut":
      return line("NOBC.Effect.teamBailedOut", { name: nameOf(effect.actor) });
    case "teamDestroyed":
      return line("NOBC.Effect.teamDestroyed", { name: nameOf(effect.actor) });
    case "unitPinned":
      return line("NOBC.Effect.unitPinned", { name: nameOf(effect.actor) });
    case "delayCounters":
      return line("NOBC.Effect.delayCounters", { name: nameOf(effect.actor), count: effect.count });
    case "reservesArrive":
      return line("NOBC.Effect.reservesArrive", { name: nameOf(effect.actor), count: effect.count });
    case "missionLight":
      return line(effect.light === "daylight" ? "NOBC.Effect.missionDaylight" : "NOBC.Effect.missionDarkness", {});
    case "missionSelected":
      return line("NOBC.Effect.missionSelected", { side: phrase(SIDE_LABELS[effect.attacker]) });
    case "playsheetSupply":
    case "squadronsLost":
    case "playsheetStatus":
    case "playsheetRetire":
    case "playsheetFallBack":
    case "playsheetImmobilised":
    case "playsheetSuppressed":
    case "airDamage":
    case "airUnitLost":
    case "serialsOutOfAction":
      return changePhrase(effect, nameOf);
    case "reserveEntry":
      return line("NOBC.Effect.reserveEntry", { name: nameOf(effect.actor), at: arrivalPhrase(effect.at) });
    case "victoryPoints":
      return line("NOBC.Effect.victoryPoints", { name: nameOf(effect.actor), count: effect.points });
    case "folderCreated":
      return line("NOBC.Effect.folderCreated", { name: effect.name });
    case "actorCreated":
      return line("NOBC.Effect.actorCreated", { name: effect.name, type: phrase(SETUP_TYPE_LABELS[effect.actorType]) });
    case "actorSet":
      return line("NOBC.Effect.actorSet", {
        name: nameOf(effect.actor),
        changes: effect.cells.map((c) => `${c.column}: ${c.from === "" ? "—" : c.from} → ${c.to === "" ? "—" : c.to}`).join("; "),
      });
  }
}

export type { Translator } from "../base/foundry";

/** What the dialog template renders: every sentence already in the user's language. */
export interface BreakdownView extends Omit<BreakdownContext, "intro" | "rows" | "effects"> {
  readonly intro: string;
  readonly rows: readonly BreakdownRow[];
  readonly effects: readonly string[];
}

export function localizeBreakdown(context: BreakdownContext, i18n: Translator): BreakdownView {
  return {
    ...context,
    intro: i18n.localize(context.intro),
    rows: context.rows.map((row) => ({ label: speak(row.text, i18n), valueText: row.valueText, source: shownCitation(row.source, i18n) })),
    effects: context.effects.map((e) => speak(e, i18n)),
  };
}
