/**
 * The ruler's Foundry glue (src/canvas/ruler/token-ruler.ts) on `init`: `CONFIG.Token.rulerClass`
 * becomes our subclass of `TokenRuler` (the harness's stand-in) and each measured movement action's
 * `getCostFunction` gives a unit's grid step the rules' MP in the Movement phase. Each test starts from
 * a fresh `CONFIG.Token` with three actions of the documented shape (walk measured, climb with its own
 * cost, blink a teleport; `getCostFunction(token, options)` → `(baseCost, from, to, distance, segment) => cost`).
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { boardMap, buildBoardWorld } from "../turn/board-world";
import { forgetTerrain } from "../../src/world/read";
import type { MovementTurn } from "../../src/world/movement";
import { loadRulerEngine, registerTokenRuler } from "../../src/canvas/ruler/token-ruler";
import { offsetOf } from "../../src/map/hex-grid";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";

type CostFunction = (baseCost: number, from: Offset3, to: Offset3, distance: number, segment: object) => number;
interface Offset3 {
  i: number;
  j: number;
  k: number;
}
interface ActionConfig {
  teleport: boolean;
  getCostFunction?: (token: unknown, options: object) => CostFunction;
  costMultiplier?: number;
}

/** The documented shape of a waypoint, as much of it as the ruler reads. */
interface Waypoint {
  center: { x: number; y: number };
  stage: "passed" | "pending" | "planned";
  previous: Waypoint | null;
  next: Waypoint | null;
}

/** The harness's stand-in of Foundry's `TokenRuler` (tests/harness/foundry.ts), the base of ours. */
const BaseRuler = (
  globalThis as unknown as { foundry: { canvas: { placeables: { tokens: { TokenRuler: { WAYPOINT_LABEL_TEMPLATE: string } } } } } }
).foundry.canvas.placeables.tokens.TokenRuler;

interface RulerInstance {
  _getWaypointLabelContext(waypoint: Waypoint, state: object): Record<string, unknown> | undefined;
}

let turn: MovementTurn = { phase: "movement", group: null };
const doubled: CostFunction = (cost) => cost * 2;

function installTokenApi(): Record<string, ActionConfig> {
  const g = globalThis as unknown as { CONFIG: Record<string, unknown> };
  const actions: Record<string, ActionConfig> = {
    walk: { teleport: false, getCostFunction: () => (cost) => cost },
    climb: { teleport: false, getCostFunction: () => doubled },
    blink: { teleport: true, getCostFunction: () => () => 0 },
    // v14 describes an action's cost by a multiplier alone (v13 has no such field: the factor is then 1).
    swim: { teleport: false, costMultiplier: 2 },
  };
  // A fresh table each test, so each test's registration wraps its cost functions once.
  g.CONFIG["Token"] = { rulerClass: BaseRuler, movement: { actions } };
  return actions;
}

/** A waypoint chain through the centres of `hexes`, the token's own hex first. */
function chain(hexes: readonly string[], stage: Waypoint["stage"] = "planned"): Waypoint[] {
  const out: Waypoint[] = [];
  for (const hex of hexes) {
    const { col, row } = offsetOf(hex);
    const w: Waypoint = {
      center: canvas!.grid!.getCenterPoint(harness.offsetOfHex(col, row)),
      stage,
      previous: out.at(-1) ?? null,
      next: null,
    };
    if (w.previous !== null) w.previous.next = w;
    out.push(w);
  }
  return out;
}

function rulerFor(actor: string | null): RulerInstance {
  const Ruler = (CONFIG.Token as unknown as { rulerClass: new (token: unknown) => RulerInstance }).rulerClass;
  return new Ruler({ actor: actor === null ? null : { uuid: actor } });
}

/** A grid step's offset from map hex `hex`. */
function at(hex: string): Offset3 {
  const { col, row } = offsetOf(hex);
  return { ...harness.offsetOfHex(col, row), k: 0 };
}

let actions: Record<string, ActionConfig>;

/** Fires a hook with no arguments, as the world's change (the glue reads none of them). */
const fire = (name: string): void => {
  (globalThis as unknown as { Hooks: { callAll(hook: string): boolean } }).Hooks.callAll(name);
};

beforeEach(async () => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  forgetTerrain();
  harness.viewScene();
  buildBoardWorld();
  harness.setSceneFlag("terrain", boardMap());
  turn = { phase: "movement", group: null };
  actions = installTokenApi();
  registerTokenRuler(() => turn);
  await loadRulerEngine();
  fire("canvasReady");
});

describe("the token ruler", () => {
  it("is registered as CONFIG.Token.rulerClass with our waypoint label template", () => {
    const Ruler = (CONFIG.Token as unknown as { rulerClass: typeof BaseRuler }).rulerClass;
    expect(Object.getPrototypeOf(Ruler)).toBe(BaseRuler);
    expect(Ruler.WAYPOINT_LABEL_TEMPLATE).toBe("systems/nobc/templates/canvas/waypoint-label.hbs");
  });

  it("labels each waypoint of a unit's planned path with the rules' MP, planning the path once for all its waypoints", () => {
    const ruler = rulerFor("Actor.n36");
    // 36 PzBrig (0202, Combat Mode, 4 MP) → 0102 (leaving 2 MRR: +1 MP, 1 hit) → 0103.
    const [start, mid, end] = chain(["0202", "0102", "0103"]);
    const state = {};
    expect(ruler._getWaypointLabelContext(start!, state)).toBeUndefined();
    expect(ruler._getWaypointLabelContext(mid!, state)).toEqual({
      distance: { total: "10" },
      units: "km",
      nobc: {
        warn: false,
        lines: [
          'NOBC.Ruler.Spent {"spent":"2","leg":"2"}',
          'NOBC.Ruler.Left {"left":"2","allowance":"4"}',
          'NOBC.Ruler.Hits.one {"count":"1"}',
        ],
        warnings: [],
      },
    });
    expect((state as { nobc: unknown[] }).nobc).toHaveLength(1);
    const last = ruler._getWaypointLabelContext(end!, state);
    // 0103 (clear): 1 MP more, 3 spent, 1 left.
    expect(last?.["nobc"]).toMatchObject({
      warn: false,
      lines: [
        'NOBC.Ruler.Spent {"spent":"3","leg":"1"}',
        'NOBC.Ruler.Left {"left":"1","allowance":"4"}',
        'NOBC.Ruler.Hits.one {"count":"1"}',
      ],
    });
    expect((state as { nobc: unknown[] }).nobc).toHaveLength(1);
  });

  it("keeps Foundry's label for a token that is not a unit, a path under way, or a path not starting at the unit", () => {
    const [, hqStep] = chain(["0102", "0103"]);
    expect(rulerFor("Actor.icorps")._getWaypointLabelContext(hqStep!, {})).toEqual({ distance: { total: "10" }, units: "km" });
    const [, moving] = chain(["0202", "0102"], "pending");
    expect(rulerFor("Actor.n36")._getWaypointLabelContext(moving!, {})).not.toHaveProperty("nobc");
    const [, elsewhere] = chain(["0101", "0102"]);
    expect(rulerFor("Actor.n36")._getWaypointLabelContext(elsewhere!, {})).not.toHaveProperty("nobc");
    const [, nobody] = chain(["0202", "0102"]);
    expect(rulerFor(null)._getWaypointLabelContext(nobody!, {})).not.toHaveProperty("nobc");
  });

  it("warns at the last waypoint of a move out of turn", () => {
    turn = { phase: "other" };
    fire("updateCombat");
    const [, end] = chain(["0202", "0102"]);
    expect(rulerFor("Actor.n36")._getWaypointLabelContext(end!, {})?.["nobc"]).toMatchObject({
      warn: true,
      warnings: ['NOBC.Movement.Refused.outOfPhase {"unit":"36 PzBrig"}'],
    });
  });
});

describe("the movement actions' cost", () => {
  const unitToken = { actor: { uuid: "Actor.n36" } };

  it("gives a unit's grid step the rules' MP in the Movement phase, for every measured action, not a teleport", () => {
    const walk = actions["walk"]!.getCostFunction!(unitToken, {});
    // 0202 → 0102 (clear) leaves 2 MRR: 1 MP + 1 for disengaging; 0102 → 0101 (clear) 1 MP.
    expect(walk(1, at("0202"), at("0102"), 10, {})).toBe(2);
    expect(walk(1, at("0102"), at("0101"), 10, {})).toBe(1);
    const climb = actions["climb"]!.getCostFunction!(unitToken, {});
    expect(climb(1, at("0102"), at("0101"), 10, {})).toBe(1);
    expect(actions["blink"]!.getCostFunction!(unitToken, {})(1, at("0102"), at("0101"), 10, {})).toBe(0);
  });

  it("keeps Foundry's cost for other tokens, other phases, a step off the map, and a scene without a terrain map", () => {
    const hq = actions["climb"]!.getCostFunction!({ actor: { uuid: "Actor.icorps" } }, {});
    expect(hq(1, at("0102"), at("0101"), 10, {})).toBe(2);
    const walk = actions["walk"]!.getCostFunction!(unitToken, {});
    expect(walk(1, at("0101"), { i: at("0101").i - 1, j: at("0101").j, k: 0 }, 10, {})).toBe(1);
    turn = { phase: "other" };
    fire("updateCombat");
    expect(actions["climb"]!.getCostFunction!(unitToken, {})(1, at("0102"), at("0101"), 10, {})).toBe(2);
    turn = { phase: "movement", group: null };
    harness.setSceneFlag("terrain", undefined);
    forgetTerrain();
    fire("updateScene");
    expect(actions["climb"]!.getCostFunction!(unitToken, {})(1, at("0102"), at("0101"), 10, {})).toBe(2);
  });

  it("keeps a v14 action's cost multiplier for other tokens, where the action has no cost function of its own", () => {
    const hq = { actor: { uuid: "Actor.icorps" } };
    expect(actions["swim"]!.getCostFunction!(hq, {})(1, at("0102"), at("0101"), 10, {})).toBe(2);
    // A unit's step is the rules' MP, whatever the action's multiplier.
    expect(actions["swim"]!.getCostFunction!(unitToken, {})(1, at("0102"), at("0101"), 10, {})).toBe(1);
  });

  it("reads the battlefield once until the world changes", () => {
    const walk = () => actions["walk"]!.getCostFunction!(unitToken, {})(1, at("0202"), at("0102"), 10, {});
    expect(walk()).toBe(2);
    // A map state written without a hook is not seen; the scene's update hook makes it read again.
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: {},
      contaminated: { "0102": true },
      destroyedBridges: {},
      cutAutobahn: {},
    });
    expect(walk()).toBe(2);
    fire("updateScene");
    expect(walk()).toBe(3);
  });
});

describe("the waypoint label template (real Handlebars)", () => {
  const repo = resolve(__dirname, "../..");
  const env = createHandlebars(JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang);
  const render = env.hbs.compile(readFileSync(resolve(repo, "templates/canvas/waypoint-label.hbs"), "utf8"));

  it("shows a unit's lines and warnings, marked, in place of the distance", () => {
    const html = render({
      cssClass: "last",
      distance: { total: "20" },
      units: "km",
      nobc: {
        warn: true,
        lines: ["5 MP spent (+2)", "1 MP more than the unit has left (allowance 4 MP)"],
        warnings: ["Stacking in 0102: …"],
      },
    });
    expect(html).toContain('class="waypoint-label nobc-waypoint last nobc-warn"');
    expect(html).toContain('<span class="nobc-line">5 MP spent (+2)</span>');
    expect(html).toContain("Stacking in 0102: …</span>");
    expect(html).not.toContain("20 km");
  });

  it("shows Foundry's cost, else its distance, for any other token", () => {
    expect(render({ cssClass: "", cost: { total: "3", units: "km" }, distance: { total: "30" }, units: "km" })).toContain("3 km");
    const plain = render({ cssClass: "", distance: { total: "30", delta: "+10" }, units: "km" });
    expect(plain).toContain("30 km");
    expect(plain).not.toContain("nobc-warn");
  });
});
