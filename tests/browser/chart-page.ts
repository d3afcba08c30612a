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
import { armSquadrons, chartState, placeSquadrons, type ChartState } from "../../src/apps/air/chart/state";
import { wireChartDrags } from "../../src/apps/air/chart/drag";
import { AIR_ZONES, airTheatre } from "../apps/air/chart/theatre";

const words = createHandlebars(en);
const template = words.hbs.compile(source);

const world = airTheatre(240);
const ZONES = AIR_ZONES;

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
  if (action !== "place" && action !== "arm") return;
  const start = performance.now();
  const ids = (target.dataset["squadrons"] ?? "").split(",");
  const placed =
    action === "place"
      ? placeSquadrons(world, state, ids, target.dataset["box"] ?? "", words)
      : armSquadrons(world, state, ids, target.dataset["weapon"] ?? "", words);
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

function weapon(id: string): string | null {
  const row = state.allocation.rows.find((r) => r.squadron === id);
  return row === undefined || row.weaponKind === "" ? null : row.weaponKind;
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
    weapon,
    setTarget,
    counters: () => body.querySelectorAll("[data-squadron]").length,
    lastDrop: () => lastDrop,
    refusals: () => lastRefusals,
  },
});
draw();
