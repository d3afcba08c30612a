/**
 * The chart window's state (src/apps/air/chart/state.ts) and its template
 * (templates/apps/air-battle/chart.hbs) rendered with real Handlebars and the lang files: the boxes,
 * counters, the step's line, the keyboard's buttons, a drop checked by the allocation's own rules.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createHandlebars, type Lang } from "../../../harness/handlebars-helpers";
import { chartContext } from "../../../../src/apps/air/chart/context";
import { chartFromForm, chartState, placeSquadrons, toggleSelected } from "../../../../src/apps/air/chart/state";
import { airbaseBoxId } from "../../../../src/apps/air/chart/model";
import type { ChartWorld } from "../../../../src/apps/air/chart/world";
import { chartActors } from "../../../../src/apps/air/chart/world";
import type { StageId } from "../../../../src/rules/nobc/turn";
import { squadron, world as airWorld } from "../battle/fixtures";

const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Lang;
const de = JSON.parse(readFileSync("lang/de.json", "utf8")) as Lang;

const squadrons = [
  squadron("F-15C 36 TFW", { airToAir: 5, cas: 0, airbase: "Actor.bit", weapons: [{ kind: "aam", name: "AIM-120" }] }),
  squadron("A-10", { airToAir: 1, cas: 5, airbase: "Actor.bit" }),
  squadron("F-111", { deepStrike: 5, range: 2 }),
  squadron("Tornado", { box: "damaged" }),
  squadron("MiG-29", { side: "wp" }),
];

function chartWorld(stage: StageId | null = "airAllocation", over: Partial<ChartWorld["air"]> = {}): ChartWorld {
  const { airbases, faces } = chartActors([
    {
      uuid: "Actor.bit",
      name: "Bitburg",
      type: "airbase",
      system: { side: "nato", airZone: "North", hits: { repairable: 1, permanent: 0 } },
    },
    {
      uuid: "Actor.F-15C 36 TFW",
      name: "F-15C",
      type: "airSquadron",
      system: {},
      img: "icons/f15.webp",
      prototypeToken: { texture: { src: "tokens/f15.webp" } },
    },
    { uuid: "Actor.A-10", name: "A-10", type: "airSquadron", system: {}, img: "icons/a10.webp" },
  ]);
  return {
    air: airWorld(squadrons, { zoneDistances: { North: { South: 1, Baltic: 3 } }, ...over }),
    airbases,
    stage,
    faces,
    missions: null,
  };
}

const wording = (lang: Lang) => createHandlebars(lang);
const render = (env: ReturnType<typeof wording>, view: object) =>
  env.hbs.compile(readFileSync("templates/apps/air-battle/chart.hbs", "utf8"))(view);

describe("the chart's state: a drop is the allocation's own change, checked by its rules", () => {
  const env = wording(en);

  it("puts the dropped squadrons into the draft with the zone they fly to", () => {
    const w = chartWorld();
    const start = chartFromForm(w, chartState(w, { side: "nato", zone: "North" }), { targetZone: "South" });
    const placed = placeSquadrons(w, start, ["Actor.A-10"], "cas", env);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.state.allocation.rows.find((r) => r.squadron === "Actor.A-10")).toMatchObject({ box: "cas", targetZone: "South" });
    // Back onto its airbase: it stays ready again.
    const back = placeSquadrons(w, placed.state, ["Actor.A-10"], airbaseBoxId("Actor.bit"), env);
    expect(back.ok && back.state.allocation.rows.find((r) => r.squadron === "Actor.A-10")).toMatchObject({ box: "", targetZone: "North" });
  });

  it("refuses with the rules' words and keeps the draft: out of range, unfit, not ready, a closed box, the wrong step", () => {
    const w = chartWorld();
    const start = chartFromForm(w, chartState(w, { side: "nato", zone: "North" }), { targetZone: "Baltic" });
    const far = placeSquadrons(w, start, ["Actor.A-10"], "cas", env);
    expect(far).toEqual({ ok: false, refusals: ["Squadron A-10 has range 1, but air zone Baltic is 3 away."] });
    const fit = placeSquadrons(w, chartState(w, { side: "nato", zone: "North" }), ["Actor.F-15C 36 TFW"], "cas", env);
    expect(fit.ok).toBe(false);
    expect(!fit.ok && fit.refusals.join(" ")).toContain("AIM-120");
    const damaged = placeSquadrons(w, start, ["Actor.Tornado"], "deepStrike", env);
    expect(!damaged.ok && damaged.refusals).toContain("Squadron Tornado is in the damaged box; only ready squadrons can be allocated.");
    expect(placeSquadrons(w, start, ["Actor.A-10"], "damaged", env)).toEqual({ ok: false, refusals: ["That box takes no squadron."] });
    expect(placeSquadrons(chartWorld("airSorties"), start, ["Actor.A-10"], "cas", env).ok).toBe(false);
    expect(placeSquadrons(w, start, ["Actor.MiG-29"], "cas", env)).toEqual({ ok: false, refusals: ["MiG-29 is not on this chart."] });
  });

  it("moves several selected squadrons at once, or none when one is refused", () => {
    const w = chartWorld();
    let state = chartState(w, { side: "nato", zone: "North" });
    // The F-15 carries an AAM card and has no CAS factor: the rules refuse it, so the A-10 does not move either.
    const refused = placeSquadrons(w, state, ["Actor.A-10", "Actor.F-15C 36 TFW"], "cas", env);
    expect(refused.ok).toBe(false);
    expect(state.allocation.rows.every((r) => r.box === "")).toBe(true);
    state = toggleSelected(toggleSelected(state, "Actor.A-10"), "Actor.F-111");
    const ok = placeSquadrons(w, state, state.selected, "cas", env);
    expect(ok.ok && ok.state.allocation.rows.filter((r) => r.box === "cas").map((r) => r.squadron)).toEqual(["Actor.A-10", "Actor.F-111"]);
    expect(ok.ok && ok.state.selected).toEqual([]);
  });
});

describe("templates/apps/air-battle/chart.hbs", () => {
  it("draws both charts with counters, the lit boxes, the step's line and the keyboard's buttons, every word from en.json", () => {
    const env = wording(en);
    const w = chartWorld();
    let state = chartState(w, { side: "nato", zone: "North" });
    const placed = placeSquadrons(w, state, ["Actor.A-10"], "cas", env);
    state = placed.ok ? toggleSelected(placed.state, "Actor.F-111") : state;
    const html = render(env, { ...chartContext(w, state, env), busy: false });
    expect(html).toContain("Operations Allocation chart");
    expect(html).toContain("Airbase chart");
    expect(html).toContain("Step 1: drag each squadron");
    // Recce and Paradrop inside the CAS box.
    expect(html).toMatch(/data-box="cas"[\s\S]*data-box="recce"[\s\S]*data-box="paradrop"[\s\S]*data-box="deepStrike"/);
    expect([...html.matchAll(/class="air-chart-box highlighted open"/g)]).toHaveLength(6);
    expect(html).toContain('data-drop-box="cas"');
    expect(html).not.toContain('data-drop-box="damaged"');
    // The token's face, and initials where there is none.
    expect(html).toContain('src="tokens/f15.webp"');
    expect(html).toContain(">F-1</span>");
    expect(html).toMatch(/class="air-counter drafted"[^>]*data-squadron="Actor.A-10"/);
    expect(html).toMatch(/class="air-counter selected"[^>]*data-squadron="Actor.F-111" aria-pressed="true"/);
    expect(html).toContain("Bitburg");
    expect(html).toContain("1 of 1 spaces");
    expect(html).toContain("hits 1, permanent 0");
    // Something is selected: every open box offers the keyboard's way (five mission boxes, the airbase, unbased, Holding).
    expect([...html.matchAll(/data-action="place" data-box="[^"]+" >/g)]).toHaveLength(8);
    expect(html).toMatch(/data-action="postAllocation" >/);
    expect(html).toContain("Distances to the other air zones");
    // The weapon cards, each draggable onto a counter or pressed for the selected squadrons.
    expect(html).toContain("Weapon cards");
    expect([...html.matchAll(/draggable="true" data-action="arm" data-weapon="(\w*)"/g)].map((m) => m[1])).toEqual([
      "aam",
      "cas",
      "deepStrike",
      "",
    ]);
    expect(env.missing).toEqual(new Set());
  });

  it("in German, and outside step 1 with nothing to drop on", () => {
    const env = wording(de);
    const w = chartWorld("airRepair");
    const html = render(env, { ...chartContext(w, chartState(w, { side: "nato", zone: "North" }), env), busy: false });
    expect(html).toContain("Einsatzzuteilungstafel");
    expect(html).toContain("Schritt 9");
    expect(html).not.toContain("data-drop-box");
    expect(html).not.toContain('data-action="arm"');
    expect(html).toMatch(/data-action="postAllocation" disabled/);
    expect(env.missing).toEqual(new Set());
  });
});
