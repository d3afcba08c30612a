/// <reference types="vite/client" />
/**
 * The page of the Air War chart measure (./air-chart.test.ts), bundled for Chromium: the real chart
 * template and English words, and the system's own chart code (model, context, state and the drag
 * and drop wiring), on a world of 240 squadrons over four air zones. It does what the chart window
 * does on each render and drop, without Foundry's window around it: the context from the state, the
 * template into the window's body, a layout; a drop asks the `place` action's own function
 * (`placeSquadrons`) and draws again. `window.nobcChart` gives the times and where a squadron is.
 */
import "../harness/install-globals";
import { createHandlebars } from "../harness/handlebars-helpers";
import en from "../../lang/en.json";
import source from "../../templates/apps/air-battle/chart.hbs?raw";
import { chartContext } from "../../src/apps/air/chart/context";
import { chartState, placeSquadrons, type ChartState } from "../../src/apps/air/chart/state";
import { wireChartDrags } from "../../src/apps/air/chart/drag";
import type { ChartWorld } from "../../src/apps/air/chart/world";
import type { Airbase, Squadron } from "../../src/rules/nobc/air/index";

const words = createHandlebars(en);
const template = words.hbs.compile(source);

const ZONES = ["North", "Centre", "South", "Baltic"];
const BOXES = ["ready", "ready", "ready", "airSuperiority", "cas", "deepStrike", "damaged", "holding"] as const;

function squadron(i: number): Squadron {
  const side = i % 2 === 0 ? "nato" : "wp";
  const zone = ZONES[Math.floor(i / 2) % 4]!;
  return {
    id: `Actor.s${i}`,
    name: `${side === "nato" ? "TFS" : "GIAP"} ${i}`,
    side,
    nationality: side === "nato" ? "us" : "su",
    airToAir: 1 + (i % 5),
    cas: i % 4,
    deepStrike: i % 3,
    weapons: [],
    range: 1 + (i % 3),
    recce: i % 11 === 0,
    ew: false,
    harrier: false,
    box: BOXES[Math.floor(i / 8) % BOXES.length]!,
    airbase: `Actor.b${side}${zone}${i % 3}`,
    airZone: zone,
  };
}

const squadrons = Array.from({ length: 240 }, (_, i) => squadron(i));
const airbases: Airbase[] = ZONES.flatMap((zone) =>
  (["nato", "wp"] as const).flatMap((side) =>
    [0, 1, 2].map((n) => ({
      id: `Actor.b${side}${zone}${n}`,
      name: `${zone} ${side} ${n}`,
      side,
      airZone: zone,
      hits: n % 2,
      permanentHits: 0,
    })),
  ),
);
const world: ChartWorld = {
  air: {
    squadrons,
    skipped: [],
    records: [],
    owned: new Set(),
    isGM: true,
    zoneDistances: { North: { Centre: 1, South: 2, Baltic: 1 }, Centre: { South: 1, Baltic: 2 }, South: { Baltic: 3 } },
  },
  airbases,
  stage: "airAllocation",
  faces: new Map(squadrons.map((s) => [s.id, "face.svg"])),
  missions: null,
};

let state: ChartState = chartState(world, { side: "nato", zone: "North" });
let lastDrop = -1;
let lastRefusals: readonly string[] = [];
const body = document.getElementById("chart")!;

/** Draws the chart of the state as the window's body, laid out; gives the milliseconds. */
function draw(): number {
  const start = performance.now();
  body.innerHTML = template({ ...chartContext(world, state, words), busy: false });
  wireChartDrags(body.firstElementChild as HTMLElement, act);
  body.getBoundingClientRect();
  return performance.now() - start;
}

async function act(action: string, target: HTMLElement): Promise<void> {
  if (action !== "place") return;
  const start = performance.now();
  const placed = placeSquadrons(world, state, (target.dataset["squadrons"] ?? "").split(","), target.dataset["box"] ?? "", words);
  lastRefusals = placed.ok ? [] : placed.refusals;
  state = placed.ok ? placed.state : { ...state, refusals: placed.refusals };
  draw();
  lastDrop = performance.now() - start;
}

/** Every chart of the world, one after the other (eight windows' bodies). */
function drawAll(): number {
  const start = performance.now();
  for (const zone of ZONES) {
    for (const side of ["nato", "wp"] as const) {
      state = chartState(world, { side, zone });
      draw();
    }
  }
  state = chartState(world, { side: "nato", zone: "North" });
  draw();
  return performance.now() - start;
}

function where(id: string): string | null {
  return body.querySelector(`[data-squadron="${id}"]`)?.closest<HTMLElement>("[data-box]")?.dataset["box"] ?? null;
}

function ready(): string[] {
  return state.allocation.rows.map((r) => r.squadron);
}

function setTarget(zone: string): void {
  state = { ...state, targetZone: zone };
  draw();
}

Object.assign(window, {
  nobcChart: {
    draw,
    drawAll,
    where,
    ready,
    setTarget,
    counters: () => body.querySelectorAll("[data-squadron]").length,
    lastDrop: () => lastDrop,
    refusals: () => lastRefusals,
  },
});
draw();
