/**
 * Gallery entries of the Air War dialogs of steps 1–6. Each context comes from the dialog's own
 * pure context function over a realistic air zone, worded by the real lang file, so the gallery
 * shows exactly what the dialog would.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import type { Squadron } from "../../src/rules/nobc/air/index";
import type { AirWorld } from "../../src/apps/air/battle/world";
import type { CardRecord } from "../../src/apps/air/battle/records";
import { allocationContext } from "../../src/apps/air/battle/allocation/context";
import { allocationFromForm, allocationState } from "../../src/apps/air/battle/allocation/state";
import { lineUpContext } from "../../src/apps/air/battle/lineup/context";
import { lineUpFromForm, lineUpState } from "../../src/apps/air/battle/lineup/state";
import { sortieContext } from "../../src/apps/air/battle/sorties/context";
import { sortieFromForm, sortieState } from "../../src/apps/air/battle/sorties/state";
import { combatPreview, planAirCombat } from "../../src/apps/air/battle/steps";
import { zoneDistancesContext } from "../../src/apps/air/battle/distances/context";
import { cellKey, zoneDistancesFromForm, zoneDistancesState } from "../../src/apps/air/battle/distances/state";
import { squadron } from "../rules/air/fixtures";

const classes = "application nobc nobc-air-battle";

function sq(id: string, name: string, over: Partial<Squadron>): Squadron {
  const side = over.side ?? "nato";
  return squadron(`Actor.${id}`, {
    name,
    nationality: side === "nato" ? "us" : "su",
    airToAir: 3,
    deepStrike: 0,
    airbase: null,
    airZone: "Fulda",
    ...over,
  });
}

const ready: Squadron[] = [
  sq("f15", "36th TFW (F-15C)", { airToAir: 5, cas: 0, range: 2, weapons: [{ kind: "aam", name: "AIM-7M Sparrow" }] }),
  sq("f16", "50th TFW (F-16C)", { airToAir: 4, cas: 4, range: 1 }),
  sq("a10", "81st TFW (A-10A)", { airToAir: 1, cas: 5, range: 1 }),
  sq("rf4", "26th TRW (RF-4C)", { airToAir: 1, cas: 0, recce: true }),
  sq("tornado", "JaboG 33 (Tornado IDS)", { nationality: "frg", airToAir: 2, cas: 3, deepStrike: 5, range: 2 }),
];

const inTheAir: Squadron[] = [
  sq("f15", "36th TFW (F-15C)", { airToAir: 5, cas: 0, box: "airSuperiority", weapons: [{ kind: "aam", name: "AIM-120 AMRAAM" }] }),
  sq("f16", "50th TFW (F-16C)", { airToAir: 4, box: "airSuperiority" }),
  sq("a10", "81st TFW (A-10A)", { airToAir: 1, cas: 5, box: "cas" }),
  sq("a10b", "354th TFW (A-10A)", { airToAir: 1, cas: 5, box: "cas" }),
  sq("rf4", "26th TRW (RF-4C)", { airToAir: 1, cas: 0, recce: true, box: "recce" }),
  sq("mig29", "1/33 IAP (MiG-29)", { side: "wp", airToAir: 5, cas: 0, box: "airSuperiority" }),
  sq("mig23", "2/968 IAP (MiG-23MLD)", { side: "wp", airToAir: 3, cas: 2, box: "airSuperiority" }),
  sq("su25", "357 OShAP (Su-25)", { side: "wp", airToAir: 1, cas: 5, box: "cas" }),
];

const gm = (squadrons: Squadron[], records: CardRecord[] = []): AirWorld => ({
  squadrons,
  skipped: [],
  records,
  owned: new Set(),
  teamSides: [],
  isGM: true,
  zoneDistances: { Fulda: { Hof: 1 } },
});

const allocationWorld = gm(ready);
const allocation = allocationFromForm(allocationWorld, allocationState(allocationWorld, { side: "nato", zone: "Fulda" }), {
  "box-0": "airSuperiority",
  "box-1": "cas",
  "weaponKind-1": "cas",
  "weaponName-1": "AGM-65 Maverick",
  "box-2": "cas",
  "box-3": "recce",
  "box-4": "deepStrike",
  "target-4": "Hof",
});
const refusedAllocation = allocationFromForm(allocationWorld, allocationState(allocationWorld, { side: "nato", zone: "Fulda" }), {
  "box-0": "cas",
  "box-3": "airSuperiority",
  "weaponKind-3": "deepStrike",
});

const battleWorld = gm(inTheAir);
const lineUp = lineUpFromForm(lineUpState(battleWorld, "Fulda"), { "switch-0-a": "Actor.mig29", "switch-0-b": "Actor.mig23" });
const wpLinePosted: CardRecord = {
  messageId: "m1",
  state: "pending",
  record: { kind: "lineUp", zone: "Fulda", wpLine: ["Actor.mig29", "Actor.mig23"] },
};
const natoPlayer: AirWorld = {
  ...gm(inTheAir, [wpLinePosted]),
  isGM: false,
  owned: new Set(["Actor.f15", "Actor.f16", "Actor.a10", "Actor.a10b", "Actor.rf4"]),
};
const bouts = [
  { wp: "Actor.mig29", nato: "Actor.f15" },
  { wp: "Actor.mig23", nato: "Actor.f16" },
];
const complete: CardRecord = {
  messageId: "m2",
  state: "pending",
  record: {
    kind: "lineUp",
    zone: "Fulda",
    wpLine: ["Actor.mig29", "Actor.mig23"],
    natoOpposite: [
      { nato: "Actor.f15", wp: "Actor.mig29" },
      { nato: "Actor.f16", wp: "Actor.mig23" },
    ],
    wpSwitches: [],
    bouts,
  },
};
const combatWorld = gm(inTheAir, [complete]);

const afterCombat = gm(inTheAir.map((s) => (s.id === "Actor.mig29" ? { ...s, box: "damaged" as const } : s)));
const sorties = sortieFromForm(afterCombat, sortieState(afterCombat, { side: "nato", zone: "Fulda" }), {});

const zoneNames = ["Fulda", "Hof", "North German Plain", "Baltic"];
const distances = zoneDistancesState(zoneNames, { Fulda: { Hof: 1, "North German Plain": 2 }, Baltic: { "North German Plain": 1 } });
const badDistances = zoneDistancesFromForm(distances, { [cellKey(0, 2)]: "-1", [cellKey(1, 3)]: "150" });

/** What the entries are built from (the pseudo-locale test reads the squadron and zone names in it). */
export const airBattleFixtureData: readonly unknown[] = [
  ready,
  inTheAir,
  allocation,
  refusedAllocation,
  lineUp,
  sorties,
  zoneNames.map((zone) => ({ zone })),
];

/** The Air War dialogs of steps 1–6, worded by `i18n`. */
export function airBattleGallery(i18n: Translator): FixtureSheet[] {
  const combatPlan = planAirCombat(combatWorld, undefined, i18n);
  return [
    {
      id: "air-allocation",
      title: "Allocation: NATO orders accepted (CAS weapon, deep strike one zone away)",
      template: "apps/air-battle/allocation.hbs",
      classes,
      context: allocationContext(allocationWorld, allocation, i18n),
    },
    {
      id: "air-allocation-refused",
      title: "Allocation refused: every reason listed",
      template: "apps/air-battle/allocation.hbs",
      classes,
      context: allocationContext(allocationWorld, refusedAllocation, i18n),
    },
    {
      id: "air-lineup",
      title: "Line-up decided by the GM, with one WP switch",
      template: "apps/air-battle/lineup.hbs",
      classes,
      context: lineUpContext(battleWorld, lineUp, i18n),
    },
    {
      id: "air-lineup-nato",
      title: "Line-up: NATO places its fighters after WP's line",
      template: "apps/air-battle/lineup.hbs",
      classes,
      context: lineUpContext(natoPlayer, lineUpState(natoPlayer, "Fulda"), i18n),
    },
    {
      id: "air-combat-preview",
      title: "Air-to-air combat: the bouts before the dice",
      template: "apps/air-battle/combat-preview.hbs",
      classes,
      context: combatPreview(combatWorld, combatPlan.ok ? combatPlan.zones : [], i18n),
    },
    {
      id: "air-sorties",
      title: "Sorties: NATO with air superiority (10 CAS, 5 Recce/EW)",
      template: "apps/air-battle/sorties.hbs",
      classes,
      context: sortieContext(afterCombat, sorties, i18n),
    },
    {
      id: "air-zone-distances",
      title: "Air zone distances: four zones, one pair left blank",
      template: "apps/air-battle/zone-distances.hbs",
      classes: `${classes} nobc-air-zones`,
      context: zoneDistancesContext(distances, i18n),
    },
    {
      id: "air-zone-distances-refused",
      title: "Air zone distances: two bad cells, each named",
      template: "apps/air-battle/zone-distances.hbs",
      classes: `${classes} nobc-air-zones`,
      context: zoneDistancesContext(badDistances, i18n),
    },
  ];
}
