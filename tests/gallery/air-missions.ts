/**
 * Gallery entries of the Air War dialogs of steps 7–11. Each context comes from the dialog's own
 * pure context function over the fixture world of tests/apps/air/missions, worded by the
 * language the gallery is rendered in, so the gallery shows exactly what the dialog would.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { fixtureWorld } from "../apps/air/missions/fixture";
import { initialParadrop } from "../../src/apps/air/missions/paradrop/state";
import { paradropContext } from "../../src/apps/air/missions/paradrop/context";
import { deepStrikeContext } from "../../src/apps/air/missions/deep-strike/context";
import { initialDeepStrike } from "../../src/apps/air/missions/deep-strike/state";
import { initialRepair } from "../../src/apps/air/missions/repair/state";
import { repairContext } from "../../src/apps/air/missions/repair/context";
import { capacityContext } from "../../src/apps/air/missions/capacity/context";
import { initialCapacity } from "../../src/apps/air/missions/capacity/state";
import { airbaseRepairContext } from "../../src/apps/air/missions/airbase-repair/context";
import { initialAirbaseRepair } from "../../src/apps/air/missions/airbase-repair/state";
import { initialOverrun } from "../../src/apps/air/missions/overrun/state";
import { overrunContext } from "../../src/apps/air/missions/overrun/context";

const world = fixtureWorld();
const classes = "application nobc nobc-air-missions";

/** What the entries are built from (the pseudo-locale test reads the names in it). */
export const airMissionFixtureData: readonly unknown[] = [world];

/** The Air War dialogs of steps 7–11, worded by `i18n`. */
export const airMissionGallery = (i18n: Translator): FixtureSheet[] => [
  {
    id: "air-paradrop",
    title: "Paradrop (enemy air superiority, next to an enemy unit)",
    template: "apps/air-missions/paradrop.hbs",
    classes,
    context: paradropContext({ ...initialParadrop(world, "nato"), level: "superiority", winner: "wp", adjacentToEnemy: true }, world, i18n),
  },
  {
    id: "air-deep-strike",
    title: "Deep strike on an airbase (EW, SSM, chemical weapons)",
    template: "apps/air-missions/deep-strike.hbs",
    classes,
    context: deepStrikeContext(
      { ...initialDeepStrike(world, "nato"), strikes: ["Actor.ibr.Item.lance"], chemical: "Actor.ibr.Item.cw", airDefence: "5, 4, 3" },
      world,
      i18n,
    ),
  },
  {
    id: "air-deep-strike-refused",
    title: "Deep strike refused (a box value out of range)",
    template: "apps/air-missions/deep-strike.hbs",
    classes,
    context: deepStrikeContext({ ...initialDeepStrike(world, "nato"), target: "bridge::0712|0713", airDefence: "4, 8" }, world, i18n),
  },
  {
    id: "air-repair",
    title: "Aircraft repair (NATO, one automatic repair)",
    template: "apps/air-missions/repair.hbs",
    classes,
    context: repairContext({ ...initialRepair(world, "nato"), automatic: ["Actor.f15"] }, world, i18n),
  },
  {
    id: "air-capacity",
    title: "Airbase capacity for next turn",
    template: "apps/air-missions/capacity.hbs",
    classes,
    context: capacityContext(initialCapacity(world), world, i18n),
  },
  {
    id: "air-airbase-repair",
    title: "Airbase and air-defence repair (NATO)",
    template: "apps/air-missions/airbase-repair.hbs",
    classes,
    context: airbaseRepairContext(initialAirbaseRepair(world, "nato"), world, i18n),
  },
  {
    id: "air-overrun",
    title: "Airfield overrun",
    template: "apps/air-missions/overrun.hbs",
    classes,
    context: overrunContext({ ...initialOverrun(world), airbase: "Actor.templin", hits: "2" }, world, i18n),
  },
  {
    id: "air-overrun-offer",
    title: "Airfield overrun offered on the map (GM's whisper)",
    template: "apps/air-missions/overrun-offer.hbs",
    classes: "chat-message nobc",
    context: { unit: { uuid: "Actor.pz34", name: "PzBrig 34" }, airbase: { uuid: "Actor.templin", name: "Templin" } },
  },
];
