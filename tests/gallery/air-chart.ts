/**
 * Gallery entries of the Air War charts (issue #32) at the steps that move squadrons on them: step 1's
 * allocation with a draft and a weapon card, a drop refused for range, step 5 with the squadrons in
 * their mission boxes, step 10's basing with a full airbase. Each context comes from the window's own
 * pure context function, worded by the real lang file.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import type { Airbase, Squadron } from "../../src/rules/nobc/air/index";
import type { StageId } from "../../src/rules/nobc/turn";
import { chartContext, initials } from "../../src/apps/air/chart/context";
import { armSquadrons, chartFromForm, chartState, placeSquadrons, toggleSelected, type ChartState } from "../../src/apps/air/chart/state";
import type { ChartWorld } from "../../src/apps/air/chart/world";
import { squadron } from "../rules/air/fixtures";

const classes = "application nobc nobc-air-battle nobc-air-chart-window";

function sq(id: string, name: string, over: Partial<Squadron>): Squadron {
  const side = over.side ?? "nato";
  return squadron(`Actor.${id}`, {
    name,
    nationality: side === "nato" ? "us" : "su",
    airToAir: 3,
    deepStrike: 0,
    airbase: side === "nato" ? "Actor.ramstein" : "Actor.templin",
    airZone: "Fulda",
    ...over,
  });
}

const squadrons: Squadron[] = [
  sq("f15", "36th TFW (F-15C)", { airToAir: 5, cas: 0, range: 2, weapons: [{ kind: "aam", name: "AIM-7M Sparrow" }] }),
  sq("f16", "50th TFW (F-16C)", { airToAir: 4, cas: 4, range: 1 }),
  sq("a10", "81st TFW (A-10A)", { airToAir: 1, cas: 5, range: 1, airbase: "Actor.bitburg" }),
  sq("rf4", "26th TRW (RF-4C)", { airToAir: 1, cas: 0, recce: true, airbase: null }),
  sq("tornado", "JaboG 33 (Tornado IDS)", { nationality: "frg", airToAir: 2, cas: 3, deepStrike: 5, range: 2, airbase: "Actor.bitburg" }),
  sq("f4", "JaboG 35 (F-4F)", { nationality: "frg", airToAir: 3, cas: 3, box: "damaged" }),
  sq("jaguar", "EC 7 (Jaguar A)", { nationality: "fr", airToAir: 1, cas: 4, box: "holding", airbase: null }),
  sq("mig29", "1/33 IAP (MiG-29)", { side: "wp", airToAir: 5, cas: 0 }),
];

const airbases: Airbase[] = [
  // Ramstein's chart prints a capacity of 3.
  { id: "Actor.ramstein", name: "Ramstein", side: "nato", airZone: "Fulda", baseCapacity: 3, hits: 0, permanentHits: 0 },
  { id: "Actor.bitburg", name: "Bitburg", side: "nato", airZone: "Fulda", hits: 1, permanentHits: 0 },
  { id: "Actor.templin", name: "Templin", side: "wp", airZone: "Fulda", hits: 0, permanentHits: 0 },
];

function world(stage: StageId, over: Partial<Squadron>[] = []): ChartWorld {
  const list = squadrons.map((s, i) => ({ ...s, ...over[i] }));
  return {
    air: {
      squadrons: list,
      skipped: [],
      records: [],
      owned: new Set(),
      teamSides: [],
      isGM: true,
      zoneDistances: { Fulda: { Hof: 1, Baltic: 3 } },
    },
    airbases,
    stage,
    faces: new Map(),
    missions: null,
  };
}

const placed = (w: ChartWorld, state: ChartState, ids: string[], box: string, i18n: Translator): ChartState => {
  const done = placeSquadrons(w, state, ids, box, i18n);
  return done.ok ? done.state : { ...state, refusals: done.refusals };
};

/** What the entries are built from (the pseudo-locale test reads the squadron and zone names in it). */
export const airChartFixtureData: readonly unknown[] = [
  squadrons,
  // A counter without a face shows its name's initials: the names' data too.
  squadrons.map((s) => ({ name: initials(s.name) })),
  airbases,
  [{ zone: "Fulda" }, { zone: "Hof" }, { zone: "Baltic" }],
];

export function airChartGallery(i18n: Translator): FixtureSheet[] {
  const allocation = world("airAllocation");
  let draft = chartState(allocation, { side: "nato", zone: "Fulda" });
  draft = placed(allocation, draft, ["Actor.f15"], "airSuperiority", i18n);
  draft = placed(allocation, draft, ["Actor.rf4"], "recce", i18n);
  draft = chartFromForm(allocation, draft, { targetZone: "Hof", weaponName: "AGM-65 Maverick" });
  draft = placed(allocation, draft, ["Actor.a10", "Actor.tornado"], "cas", i18n);
  const armed = armSquadrons(allocation, draft, ["Actor.a10"], "cas", i18n);
  draft = toggleSelected(armed.ok ? armed.state : draft, "Actor.f16");

  let refused = chartFromForm(allocation, chartState(allocation, { side: "nato", zone: "Fulda" }), { targetZone: "Baltic" });
  refused = placed(allocation, refused, ["Actor.a10"], "cas", i18n);

  // Step 5: the allocation applied; the F-15 and F-16 fought, the F-16 came back damaged.
  const sorties = world("airSorties", [
    { box: "airSuperiority" },
    { box: "damaged" },
    { box: "cas" },
    { box: "recce" },
    { box: "deepStrike" },
  ]);

  // Step 10: the Jaguar, in Holding, based at Ramstein (3 spaces); Bitburg, with one hit, holds one of its two.
  const capacity = world("airCapacity");
  let basing = chartState(capacity, { side: "nato", zone: "Fulda" });
  basing = { ...basing, basing: { "Actor.jaguar": "Actor.ramstein" } };
  basing = toggleSelected(basing, "Actor.tornado");
  return [
    {
      id: "air-chart-allocation",
      title: "Air War charts, step 1: a draft with a weapon card, one squadron selected",
      template: "apps/air-battle/chart.hbs",
      classes,
      context: { ...chartContext(allocation, draft, i18n), busy: false },
    },
    {
      id: "air-chart-refused",
      title: "Air War charts, step 1: a drop refused for range, the counter left where it was",
      template: "apps/air-battle/chart.hbs",
      classes,
      context: { ...chartContext(allocation, refused, i18n), busy: false },
    },
    {
      id: "air-chart-sorties",
      title: "Air War charts, step 5: the mission boxes lit",
      template: "apps/air-battle/chart.hbs",
      classes,
      context: { ...chartContext(sorties, chartState(sorties, { side: "nato", zone: "Fulda" }), i18n), busy: false },
    },
    {
      id: "air-chart-capacity",
      title: "Air War charts, step 10: the airbases lit, a squadron based from Holding, one airbase over",
      template: "apps/air-battle/chart.hbs",
      classes,
      context: { ...chartContext(capacity, basing, i18n), busy: false },
    },
  ];
}
