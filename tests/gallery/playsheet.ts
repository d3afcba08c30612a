/**
 * Gallery entries of the umpire's toolkit window and of each Operational Playsheet procedure: its
 * dialog before the roll (the chances or the breakdown) and the card its scripted roll posts, built
 * by the procedures' own pure functions and worded by the language the gallery is rendered in.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import type { Card } from "../../src/apps/base/controller";
import { resolutionCardContext } from "../../src/chat/context";
import { scriptedDice } from "../../src/rules/dice";
import { procedureCard, procedureContext, type Procedure } from "../../src/apps/playsheet/procedure";
import { movementProcedure, type MovementState } from "../../src/apps/playsheet/movement/state";
import { combatProcedure, newUnit, type CombatState } from "../../src/apps/playsheet/combat/state";
import { overrunProcedure } from "../../src/apps/playsheet/overrun/state";
import { artilleryProcedure, type ArtilleryState } from "../../src/apps/playsheet/artillery/state";
import { airSupportProcedure, type AirSupportState } from "../../src/apps/playsheet/air-support/state";
import { airRecceProcedure, type AirRecceState } from "../../src/apps/playsheet/air-recce/state";
import { airToAirProcedure, type AirToAirState } from "../../src/apps/playsheet/air-to-air/state";
import { flakProcedure, type FlakState } from "../../src/apps/playsheet/flak/state";
import { interdictionProcedure, type InterdictionState } from "../../src/apps/playsheet/interdiction/state";
import { airResupplyProcedure, type AirResupplyState } from "../../src/apps/playsheet/air-resupply/state";
import { toolkitContext } from "../../src/apps/toolkit/state";
import { PLAYSHEET_DIALOGS } from "../../src/apps/playsheet/dialogs";
import { NQM_DIALOGS } from "../../src/apps/nqm/dialogs";
import { MISSION_DIALOGS } from "../../src/apps/missions/dialogs";

const dialogClasses = "application nobc nobc-playsheet";

const movement: MovementState = {
  unit: "21 Pz Regt",
  troops: "mechanised",
  ground: "open",
  mode: "tactical",
  distanceKm: 20,
  crossesRiver: false,
  overrun: false,
};
const fight: CombatState = {
  ...combatProcedure.initial({ isGM: true, selected: [], targeted: [] }),
  attackers: [
    { ...newUnit("1/Pz Regt 3", "armour"), status: 4 },
    { ...newUnit("2/Pz Regt 3", "armour"), status: 4 },
  ],
  defenders: [{ ...newUnit("2 Bn Royal Norfolks", "infantry"), status: 3, closeCountryVsTanks: true }],
  attackerArtillery: [{ name: "II/AR 75", kind: "field", status: 3, rangeKm: 10 }],
  attackerAir: { german: 3, allied: 0, heavyBomber: 0 },
};
const overrun: CombatState = { ...fight, defenders: [{ ...fight.defenders[0]!, closeCountryVsTanks: false }], breakthroughOrder: true };
const artillery: ArtilleryState = { battery: "II/AR 4", kind: "medium", status: 5, rangeKm: 15 };
const airSupport: AirSupportState = { german: 6, allied: 2, heavyBomber: 0 };
const airRecce: AirRecceState = { kind: "vehicles", moving: true, place: "open", armoured: false, unitsInSquare: 4 };
const airToAir: AirToAirState = {
  aName: "JG 26",
  aSquadrons: 12,
  bName: "11 Group",
  bSquadrons: 4,
  stream: "b",
  streamName: "Transport stream",
  streamTarget: "transport",
};
const flak: FlakState = {
  flak: "heavy",
  situation: "drop2km",
  serials: [
    { name: "III/KG 2", damage: 1, fighters: false, carrying: false },
    { name: "II/TG 1", damage: 0, fighters: false, carrying: true },
  ],
};
const interdiction: InterdictionState = {
  purpose: "interdiction",
  tactical: 3,
  heavy: 0,
  targets: [{ name: "KGr Peiper" }, { name: "Tiger Bn 501" }],
};
const resupply: AirResupplyState = {
  receiver: "1 Para Bde",
  points: 8,
  landing: "airstrip",
  poorTerrain: false,
  contested: true,
  enemyFighters: false,
  enemyFlak: false,
};

/** The fixture states: their names are data, not words. */
export const playsheetFixtureData: readonly unknown[] = [
  movement,
  fight,
  overrun,
  artillery,
  airSupport,
  airRecce,
  airToAir,
  flak,
  interdiction,
  resupply,
  // The names typed into the dialogs under other keys than "name".
  new Map([
    ["movement", movement.unit],
    ["battery", artillery.battery],
    ["a", airToAir.aName],
    ["b", airToAir.bName],
    ["stream", airToAir.streamName],
    ["receiver", resupply.receiver],
  ]),
];

function pair<S extends object, O>(
  id: string,
  title: string,
  p: Procedure<S, O>,
  state: S,
  faces: readonly number[],
  i18n: Translator,
  noTotal = false,
): FixtureSheet[] {
  const verdict = procedureCard(p, state, i18n, scriptedDice(faces), noTotal);
  if (!verdict.ok || !("card" in verdict.value)) throw new Error(`gallery ${id}: refused`);
  const card: Card = verdict.value.card;
  const view = resolutionCardContext(
    {
      title: card.title,
      inputs: card.inputs ?? [],
      breakdown: card.resolution.breakdown,
      rolls: card.resolution.rolls,
      tableRow: card.tableRow ?? "",
      outcome: card.outcome ?? "",
      effects: [],
      notes: [],
      ...(noTotal ? { noTotal: true as const } : {}),
      ...(card.byHand === undefined ? {} : { byHand: card.byHand }),
    },
    (ref) => ref,
    i18n,
  );
  return [
    {
      id: `playsheet-${id}`,
      title: `Playsheet: ${title}`,
      template: "apps/playsheet/procedure.hbs",
      classes: dialogClasses,
      context: procedureContext(p, state, i18n, noTotal),
    },
    { id: `card-playsheet-${id}`, title: `Card: ${title}`, template: "chat/resolution-card.hbs", classes: "chat-card", context: view },
  ];
}

/** Every toolkit's procedures, as the window lists them in play. */
const TOOLKIT_DIALOGS = [...NQM_DIALOGS, ...PLAYSHEET_DIALOGS, ...MISSION_DIALOGS].filter((e) => e.toolkit !== undefined);

/** A search as a GM would type it, in the gallery's language: the longest word of the minefield procedure's name. */
function searchWord(i18n: Translator): string {
  const minefield = TOOLKIT_DIALOGS.find((e) => e.id === "missions.minefield")!;
  return i18n
    .localize(minefield.toolkit!.label)
    .split(/\s+/)
    .reduce((a, b) => (b.length > a.length ? b : a), "");
}

export function playsheetGallery(i18n: Translator): FixtureSheet[] {
  return [
    {
      id: "toolkit-window",
      title: "The umpire's toolkit window: every toolkit folded under its heading",
      template: "apps/toolkit/window.hbs",
      classes: "application nobc nobc-toolkit",
      context: toolkitContext(TOOLKIT_DIALOGS, { usable: TOOLKIT_DIALOGS.map((e) => e.id), query: "" }, i18n),
    },
    {
      id: "toolkit-window-search",
      title: "The umpire's toolkit window: a search opens each toolkit with a match",
      template: "apps/toolkit/window.hbs",
      classes: "application nobc nobc-toolkit",
      context: toolkitContext(TOOLKIT_DIALOGS, { usable: TOOLKIT_DIALOGS.map((e) => e.id), query: searchWord(i18n) }, i18n),
    },
    ...pair("movement", "movement over half the move", movementProcedure, movement, [], i18n),
    ...pair("combat", "armour attacks infantry in close country", combatProcedure, fight, [1, 3, 5], i18n),
    ...pair("overrun", "an overrun on a success", overrunProcedure, overrun, [3, 5, 2], i18n),
    ...pair("artillery", "a medium battery at long range", artilleryProcedure, artillery, [], i18n),
    ...pair("air-support", "German and Allied ground attack", airSupportProcedure, airSupport, [], i18n, true),
    ...pair("air-recce", "vehicles moving in a crowded square", airRecceProcedure, airRecce, [4], i18n),
    ...pair("air-to-air", "fighters win and reach the transports", airToAirProcedure, airToAir, [4], i18n, true),
    ...pair("flak", "heavy flak at a drop", flakProcedure, flak, [3, 6], i18n, true),
    ...pair("interdiction", "interdiction of two units", interdictionProcedure, interdiction, [6, 2], i18n, true),
    ...pair("air-resupply", "a contested airstrip", airResupplyProcedure, resupply, [5], i18n),
  ];
}
