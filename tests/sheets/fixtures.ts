/**
 * Fixture sheets for the template tests and the gallery: each context is built by the same pure
 * function the sheet calls, from plain system data shaped like the data models. The confirm
 * dialogs show what the rules really return (a mode order, a repair roll with a scripted die).
 */
import { unitSymbolSvg } from "../../src/symbols/unit-symbol";
import { unitSheetContext } from "../../src/sheets/context/unit";
import { hqSheetContext } from "../../src/sheets/context/hq";
import { airbaseSheetContext, airSquadronSheetContext } from "../../src/sheets/context/air";
import { supportCardSheetContext } from "../../src/sheets/context/support-card";
import { breakdownContext, type BreakdownInput } from "../../src/view/breakdown";
import type { CardSummary } from "../../src/sheets/context/cards";
import type { UnitSystemView } from "../../src/view/views";
import { air, scriptedDice, unwrap } from "../../src/rules/index";
import { squadron } from "../rules/air/fixtures";

export interface FixtureSheet {
  readonly id: string;
  readonly title: string;
  /** Template path relative to templates/. */
  readonly template: string;
  readonly classes: string;
  readonly context: object;
  /** What the context was built from, when the entry keeps it: its names and notes are data, not words. */
  readonly data?: readonly unknown[];
}

/** A context and the data it was built from. */
function built<A extends unknown[]>(make: (...args: A) => object, ...args: A): { context: object; data: A } {
  return { context: make(...args), data: args };
}

const header = (name: string, uuid: string) => ({ name, img: "icons/svg/mystery-man.svg", uuid, editable: true, rulesEditable: true });

const CARD_IMG = "icons/svg/card-hand.svg";

const cards: CardSummary[] = [
  {
    id: "c1",
    uuid: "Actor.hq1.Item.c1",
    name: "Engineer Battalion",
    img: CARD_IMG,
    side: "nato",
    category: "engineer",
    value: 1,
    modifier: 0,
    assignedTo: { uuid: "Actor.u1", name: "1st Bde, 3rd Armd Div" },
    holder: { uuid: "Actor.hq1", name: "V (US) Corps" },
  },
  {
    id: "c2",
    uuid: "Actor.hq1.Item.c2",
    name: "Artillery Group",
    img: CARD_IMG,
    side: "nato",
    category: "combatModifier",
    value: 2,
    modifier: 2,
    assignedTo: { uuid: "Actor.u1", name: "1st Bde, 3rd Armd Div" },
    holder: { uuid: "Actor.hq1", name: "V (US) Corps" },
  },
  {
    id: "c3",
    uuid: "Actor.hq1.Item.c3",
    name: "Corps Signals",
    img: CARD_IMG,
    side: "nato",
    category: "signals",
    value: 1,
    modifier: 0,
    assignedTo: null,
    holder: { uuid: "Actor.hq1", name: "V (US) Corps" },
  },
  {
    id: "c4",
    uuid: "Actor.hq1.Item.c4",
    name: "W-79 Warhead",
    img: CARD_IMG,
    side: "nato",
    category: "nuclear",
    value: 0,
    modifier: 0,
    assignedTo: null,
    holder: { uuid: "Actor.hq1", name: "V (US) Corps" },
  },
];

export const unitSystem: UnitSystemView = {
  side: "nato",
  nationality: "us",
  hq: "Actor.hq1",
  size: "brigade",
  arm: "armour",
  strength: { value: 4, max: 6 },
  supply: 1,
  mode: "combat",
  minelaying: false,
  noMove: false,
  movementPoints: 3,
  overrunCost: { mp: null, hits: null },
  notes: "<p>Holding the Fulda Gap road.</p>",
  supplyCapacity: 2,
  forcedMarch: false,
  movementAllowance: 4,
};

/** 36 TFW (US, repair score 5) rolls a 4 and is ready again. */
const repairRoll = unwrap(
  air.resolveAircraftRepair(
    {
      side: "nato",
      squadrons: [
        squadron("Actor.s1", {
          name: "36 TFW",
          airToAir: 5,
          cas: 1,
          deepStrike: 0,
          box: "damaged",
          airbase: "Actor.ab1",
          airZone: "North",
        }),
      ],
    },
    scriptedDice([4]),
  ),
);

export const repairBreakdown: BreakdownInput = {
  intro: "NOBC.AirMissions.Repair.Intro",
  breakdown: repairRoll.breakdown,
  rolls: repairRoll.rolls,
  effects: repairRoll.effects,
  showTotal: false,
};

const names = new Map([
  ["Actor.u1", "1st Bde, 3rd Armd Div"],
  ["Actor.s1", "36 TFW"],
]);

/**
 * The sheets. Their contexts hold lang keys and data, which the templates write in the language
 * the gallery is rendered in; so they are the same in every language.
 */
export function fixtureSheets(): FixtureSheet[] {
  return [
    {
      id: "unit-nato",
      title: "Unit (NATO armoured brigade)",
      template: "actor/unit.hbs",
      classes: "actor unit",
      ...built(unitSheetContext, unitSystem, {
        ...header("1st Bde, 3rd Armd Div", "Actor.u1"),
        symbolSvg: unitSymbolSvg("nato", "armour", "brigade"),
        hq: { uuid: "Actor.hq1", name: "V (US) Corps" },
        cards: cards.slice(0, 2),
        enrichedNotes: unitSystem.notes,
      }),
    },
    {
      // The same unit as its owning player sees it: the rules values read-only, the name and notes editable.
      id: "unit-nato-player",
      title: "Unit (NATO armoured brigade), its player's view",
      template: "actor/unit.hbs",
      classes: "actor unit",
      ...built(unitSheetContext, unitSystem, {
        ...header("1st Bde, 3rd Armd Div", "Actor.u1"),
        rulesEditable: false,
        symbolSvg: unitSymbolSvg("nato", "armour", "brigade"),
        hq: { uuid: "Actor.hq1", name: "V (US) Corps" },
        cards: cards.slice(0, 2),
        enrichedNotes: unitSystem.notes,
      }),
    },
    {
      id: "unit-wp",
      title: "Unit (WP artillery, forced March Mode)",
      template: "actor/unit.hbs",
      classes: "actor unit",
      ...built(
        unitSheetContext,
        {
          ...unitSystem,
          side: "wp",
          nationality: "su",
          hq: null,
          size: "division",
          arm: "artillery",
          mode: "march",
          strength: { value: 0, max: 4 },
          supply: 0,
          supplyCapacity: 0,
          forcedMarch: true,
          movementAllowance: 6,
          noMove: true,
          notes: "",
        },
        {
          ...header("34th Gds Arty Div", "Actor.u2"),
          symbolSvg: unitSymbolSvg("wp", "artillery", "division"),
          hq: null,
          cards: [],
          enrichedNotes: "",
        },
      ),
    },
    {
      id: "hq-nato",
      title: "HQ (NATO corps)",
      template: "actor/hq.hbs",
      classes: "actor hq",
      ...built(
        hqSheetContext,
        {
          side: "nato",
          nationality: "us",
          echelon: "corps",
          level: { value: 3, max: 5 },
          radius: 4,
          supplyCounters: 2,
          mayRecover: true,
          parent: null,
          initiative: true,
          notes: "<p>Corps rear at Frankfurt.</p>",
        },
        {
          ...header("V (US) Corps", "Actor.hq1"),
          symbolSvg: unitSymbolSvg("nato", "hq", "corps"),
          parent: null,
          hand: cards,
          enrichedNotes: "<p>Corps rear at Frankfurt.</p>",
          subordinates: [
            {
              uuid: "Actor.u1",
              name: "1st Bde, 3rd Armd Div",
              symbolSvg: unitSymbolSvg("nato", "armour", "brigade"),
              size: "brigade",
              arm: "armour",
              strength: { value: 4, max: 6 },
              supply: 1,
              mode: "combat",
            },
            {
              uuid: "Actor.u3",
              name: "11th Armd Cav Regt",
              symbolSvg: unitSymbolSvg("nato", "recce", "regiment"),
              size: "regiment",
              arm: "recce",
              strength: { value: 3, max: 3 },
              supply: 0,
              mode: "march",
            },
          ],
        },
      ),
    },
    {
      id: "hq-wp",
      title: "HQ (WP army, may not recover)",
      template: "actor/hq.hbs",
      classes: "actor hq",
      ...built(
        hqSheetContext,
        {
          side: "wp",
          nationality: "pl",
          echelon: "army",
          level: { value: 2, max: 4 },
          radius: 5,
          supplyCounters: 0,
          mayRecover: false,
          parent: "Actor.front",
          initiative: false,
          notes: "",
        },
        {
          ...header("2nd Polish Army", "Actor.hq2"),
          symbolSvg: unitSymbolSvg("wp", "hq", "army"),
          parent: { uuid: "Actor.front", name: "Polish Front" },
          hand: [],
          subordinates: [],
          enrichedNotes: "",
        },
      ),
    },
    {
      id: "squadron",
      title: "Air squadron (damaged)",
      template: "actor/air-squadron.hbs",
      classes: "actor airSquadron",
      ...built(
        airSquadronSheetContext,
        {
          side: "nato",
          nationality: "us",
          aircraft: "F-15C",
          role: "airSuperiority",
          airToAir: 5,
          cas: 1,
          deepStrike: 0,
          weapons: [{ kind: "aam", name: "AIM-7M Sparrow" }],
          range: 1,
          recce: false,
          ew: false,
          harrier: false,
          box: "damaged",
          airbase: "Actor.ab1",
          airZone: "North",
        },
        { ...header("36 TFW", "Actor.s1"), airbase: { uuid: "Actor.ab1", name: "Bitburg" } },
      ),
    },
    {
      id: "airbase",
      title: "Airbase",
      template: "actor/airbase.hbs",
      classes: "actor airbase",
      ...built(
        airbaseSheetContext,
        {
          side: "nato",
          airZone: "North",
          baseCapacity: 2,
          hits: { repairable: 1, permanent: 0 },
          airDefence: { value: 2, max: 3 },
          capacity: 1,
        },
        {
          ...header("Bitburg", "Actor.ab1"),
          squadrons: [
            { uuid: "Actor.s1", name: "36 TFW", aircraft: "F-15C", box: "damaged", needsNoSpace: false },
            { uuid: "Actor.s2", name: "1 TRW", aircraft: "RF-4C", box: "ready", needsNoSpace: true },
          ],
        },
      ),
    },
    {
      id: "support-card",
      title: "Support card",
      template: "item/support-card.hbs",
      classes: "item supportCard",
      ...built(
        supportCardSheetContext,
        {
          side: "wp",
          category: "combatModifier",
          value: 2,
          modifier: 2,
          afterUse: "discard",
          assignedTo: "Actor.u2",
          description: "<p>Front artillery group in support.</p>",
        },
        {
          ...header("Front Artillery", "Item.card1"),
          holder: { uuid: "Actor.hq2", name: "2nd Polish Army" },
          assignedTo: { uuid: "Actor.u2", name: "34th Gds Arty Div" },
          enrichedDescription: "<p>Front artillery group in support.</p>",
        },
      ),
    },
  ];
}

/** Breakdown dialogs, localized by the caller with the language it renders in. */
export function fixtureDialogs() {
  return [
    {
      id: "dialog-repair",
      title: "Confirm: repair roll",
      context: breakdownContext(repairBreakdown, (r) => names.get(r) ?? r),
      data: [names],
    },
  ];
}
