import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { smallMap } from "../map/fixture";
import { theatreMap } from "../bench/theatre";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { applyEffects, applyPlan } from "../../src/effects/apply";
import { readBoard } from "../../src/world/board";
import { registerTerrainCache } from "../../src/world/read";
import {
  board,
  hqRadiusAction,
  registerBoard,
  setSurfaceFactory,
  setTerrainOverlay,
  showHqRadius,
  toggleHqRadius,
  addTerrainTool,
  setTerrainDraft,
} from "../../src/canvas/register";
import { addTerrainControl } from "../../src/ui/terrain-control";
import { paintHex, setHexsideRiver } from "../../src/map/terrain-edit";
import { mapView } from "../../src/map/rules-view";
import { emptyMapStateFlag, mapStateView } from "../../src/map/map-state";
import type { TerrainMap } from "../../src/map/terrain-schema";
import { Board, paintShapes, type GraphicsLike, type LabelsLike, type Surface } from "../../src/canvas/board";
import { OVERLAY_INK, OVERLAY_KINDS, type OverlayKind } from "../../src/map/overlay";
import { hexCentre } from "../../src/map/hex-grid";
import { attachTerrain } from "../../src/apps/map/attach";

/** A fake of the drawing calls: what each kind's object was last asked to draw, and how many objects were made. */
class FakeGraphics implements GraphicsLike {
  visible = true;
  calls: string[] = [];
  clears = 0;
  clear() {
    this.calls = [];
    this.clears++;
  }
  lineStyle(w: number, c: number, a: number) {
    this.calls.push(`line ${w} ${c} ${a}`);
  }
  beginFill(c: number, a: number) {
    this.calls.push(`fill ${c} ${a}`);
  }
  endFill() {
    this.calls.push("end");
  }
  drawPolygon(points: number[]) {
    this.calls.push(`polygon ${points.length / 2}`);
  }
  drawCircle() {
    this.calls.push("circle");
  }
  moveTo() {
    this.calls.push("moveTo");
  }
  lineTo() {
    this.calls.push("lineTo");
  }
  /** Polygons and circles drawn since the last clear. */
  get figures(): number {
    return this.calls.filter((c) => c.startsWith("polygon") || c === "circle").length;
  }
}

class FakeLabels implements LabelsLike {
  visible = true;
  texts: string[] = [];
  setTexts(texts: readonly { text: string }[]) {
    this.texts = texts.map((t) => t.text);
  }
}

class FakeSurface implements Surface {
  readonly graphicsMade = new Map<OverlayKind, FakeGraphics>();
  readonly labelsMade = new Map<OverlayKind, FakeLabels>();
  at = { x: NaN, y: NaN };
  destroyed = false;
  graphics(kind: OverlayKind) {
    const g = new FakeGraphics();
    this.graphicsMade.set(kind, g);
    return g;
  }
  labels(kind: OverlayKind) {
    const l = new FakeLabels();
    this.labelsMade.set(kind, l);
    return l;
  }
  place(x: number, y: number) {
    this.at = { x, y };
  }
  destroy() {
    this.destroyed = true;
  }
  g(kind: OverlayKind): FakeGraphics {
    return this.graphicsMade.get(kind)!;
  }
  get objects(): number {
    return this.graphicsMade.size + this.labelsMade.size;
  }
}

let surface: FakeSurface;
let made = 0;

/** Fires a hook as Foundry would (the stand-in's objects are not the typed Foundry classes). */
const fire = (name: string, ...args: unknown[]) =>
  (Hooks as unknown as { callAll(n: string, ...a: unknown[]): unknown }).callAll(name, ...args);

function canvasReady(): void {
  fire("canvasReady", canvas);
}

beforeEach(() => {
  harness.reset();
  board.detach();
  board.showHq(null);
  setTerrainOverlay(false);
  setTerrainDraft(null);
  board.draws.clear();
  made = 0;
  setSurfaceFactory(() => {
    made++;
    surface = new FakeSurface();
    return surface;
  });
  registerTerrainCache();
  registerBoard();
  harness.setSceneFlag("terrain", smallMap());
});

describe("the board on the canvas", () => {
  it("makes one drawing object per kind when the canvas is drawn, placed at the scene's top-left hex", () => {
    canvasReady();
    expect(made).toBe(1);
    expect(surface.objects).toBe(OVERLAY_KINDS.length);
    // The shapes' hex 0101 lands on the grid space of the map's hex 0101, past the padding.
    const first = harness.grid.getCenterPoint(harness.offsetOfHex(0, 0));
    const own = hexCentre({ col: 0, row: 0 }, 100);
    expect(surface.at).toEqual({ x: first.x - own.x, y: first.y - own.y });
  });

  it("keeps one object per kind with 2,000 minefields on the scene (nothing per hex)", () => {
    const mines: Record<string, { side: "wp" }> = {};
    for (let c = 1; c <= 50; c++)
      for (let r = 1; r <= 40; r++) mines[`${String(c).padStart(2, "0")}${String(r).padStart(2, "0")}`] = { side: "wp" };
    harness.setSceneFlag("terrain", undefined);
    harness.setSceneFlag("mapState", { format: "nobc-map-state/1", mines, contaminated: {}, destroyedBridges: {}, cutAutobahn: {} });
    canvasReady();
    expect(surface.objects).toBe(OVERLAY_KINDS.length);
    // Without terrain every minefield is drawn, all into the one object of its kind: a rim and three mines each.
    expect(surface.g("mines").figures).toBe(2000 * 4);
  });

  it("draws the map state for everyone, and the terrain overlay only once it is switched on", () => {
    harness.setSceneFlag("mapState", {
      format: "nobc-map-state/1",
      mines: { "0202": { side: "wp" } },
      contaminated: {},
      destroyedBridges: {},
      cutAutobahn: {},
    });
    harness.playAsPlayer("p1");
    canvasReady();
    expect(surface.g("mines").visible).toBe(true);
    expect(surface.g("mines").figures).toBe(4);
    expect(surface.g("terrainHexes").visible).toBe(false);
    expect(board.draws.get("terrainHexes")).toBeUndefined();
    setTerrainOverlay(true);
    expect(surface.g("terrainHexes").visible).toBe(true);
    expect(surface.g("terrainHexes").figures).toBe(12);
    expect(surface.labelsMade.get("terrainLabels")!.texts).toContain("0101");
    // Off and on again: shown again without drawing again.
    setTerrainOverlay(false);
    setTerrainOverlay(true);
    expect(board.draws.get("terrainHexes")).toBe(1);
  });

  it("redraws only the markers when the map state changes, and nothing on other scene changes", async () => {
    canvasReady();
    setTerrainOverlay(true);
    const before = new Map(board.draws);
    await harness.scene!.update({
      "flags.nobc.mapState": {
        format: "nobc-map-state/1",
        mines: {},
        contaminated: { "0303": true },
        destroyedBridges: {},
        cutAutobahn: {},
      },
    });
    expect(board.draws.get("contamination")).toBe(before.get("contamination")! + 1);
    expect(board.draws.get("terrainHexes")).toBe(before.get("terrainHexes"));
    expect(surface.g("contamination").figures).toBe(4);
    await harness.scene!.update({ "flags.nobc.other": 1 });
    await harness.scene!.update({ name: "Renamed" });
    expect(board.draws.get("contamination")).toBe(before.get("contamination")! + 1);
    // A key written alone (what a card's write does) counts too.
    await harness.scene!.update({ "flags.nobc.mapState.mines.0202": { side: "nato" } });
    expect(board.draws.get("mines")).toBe(before.get("mines")! + 2);
    expect(surface.g("mines").calls.some((c) => c.startsWith("line ") && c.split(" ")[2] === String(OVERLAY_INK.nato))).toBe(true);
  });

  it("redraws the terrain overlay when the terrain changes", async () => {
    canvasReady();
    setTerrainOverlay(true);
    const map = smallMap();
    map.hexes["0101"] = { terrain: ["woods"], country: "frg" };
    await harness.scene!.update({ "flags.nobc.terrain": map });
    expect(board.draws.get("terrainHexes")).toBe(2);
    // Saved by the Map terrain window (attachTerrain replaces the flag whole with "==terrain"): drawn again too.
    map.hexes["0101"] = { terrain: ["rough"], country: "frg" };
    expect(await attachTerrain(harness.scene! as never, map)).toMatchObject({ ok: true });
    expect(board.draws.get("terrainHexes")).toBe(3);
  });

  it("lets the surface go when the canvas is torn down", () => {
    canvasReady();
    const first = surface;
    fire("canvasTearDown", canvas);
    expect(first.destroyed).toBe(true);
    expect(board.attached).toBe(false);
    canvasReady();
    expect(made).toBe(2);
  });
});

describe("the HQ radius on the board", () => {
  const corps = () => {
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: hqSystem("nato", { radius: 1 }) });
    harness.game["actors"] = [hq];
    harness.game["items"] = [];
    return hq;
  };

  it("shows when an HQ's token is selected and hides when it is released", () => {
    const hq = corps();
    const token = harness.placeToken(hq, 0, 1);
    canvasReady();
    fire("controlToken", token.object, true);
    expect(board.shownHq).toMatchObject({ id: hq.uuid, hex: "0102", radius: 1 });
    expect(surface.g("hqSupport").visible).toBe(true);
    // Support: 0102 and its four neighbours on the map, and the ring round the HQ's hex.
    expect(surface.g("hqSupport").figures).toBe(5 + 1);
    // The autobahn brings 0302 within resupply reach.
    expect(surface.g("hqResupply").figures).toBe(1);
    fire("controlToken", token.object, false);
    expect(board.shownHq).toBeNull();
    expect(surface.g("hqSupport").visible).toBe(false);
  });

  it("ignores a unit's token, and redraws when the HQ moves but not when another token moves", async () => {
    const hq = corps();
    const token = harness.placeToken(hq, 0, 1);
    canvasReady();
    fire("controlToken", { actor: { uuid: "Actor.x", type: "unit" } }, true);
    expect(board.shownHq).toBeNull();
    fire("controlToken", token.object, true);
    const draws = board.draws.get("hqSupport")!;
    fire("updateToken", { actor: { uuid: "Actor.other" } }, { x: 1 });
    expect(board.draws.get("hqSupport")).toBe(draws);
    const to = harness.grid.getCenterPoint(harness.offsetOfHex(1, 1));
    await token.update({ x: Math.round(to.x - harness.grid.sizeX / 2), y: Math.round(to.y - harness.grid.sizeY / 2) });
    expect(board.shownHq?.hex).toBe("0202");
    expect(board.draws.get("hqSupport")).toBe(draws + 1);
  });

  it("hides when the shown HQ's token is deleted; a unit eliminated by a card (its token deleted by the write path) redraws no radius", async () => {
    const hq = corps();
    const unit = new harness.Actor({ name: "3 PzBrig", type: "unit", system: unitSystem("nato", { supply: 3 }) });
    harness.game["actors"] = [hq, unit];
    const hqToken = harness.placeToken(hq, 0, 1);
    harness.placeToken(unit, 1, 1);
    canvasReady();
    expect(showHqRadius(hq.uuid)).toBe(true);
    const draws = { support: board.draws.get("hqSupport"), resupply: board.draws.get("hqResupply"), mines: board.draws.get("mines") };
    const plan = await applyEffects([{ type: "eliminated", actor: unit.uuid }], readBoard());
    expect(harness.scene!.tokens.map((t) => t.id)).toEqual([hqToken.id]);
    expect(board.shownHq?.id).toBe(hq.uuid);
    expect([board.draws.get("hqSupport"), board.draws.get("hqResupply"), board.draws.get("mines")]).toEqual([
      draws.support,
      draws.resupply,
      draws.mines,
    ]);
    // Undo brings the token back: still nothing to redraw.
    await applyPlan(plan.inverse, plan);
    expect(board.draws.get("hqSupport")).toBe(draws.support);
    // The HQ's own token deleted: the radius is hidden (the HQ has no hex left on the scene).
    await harness.Token.deleteDocuments([hqToken.id], { parent: harness.scene });
    expect(board.shownHq).toBeNull();
    expect(surface.g("hqSupport").visible).toBe(false);
    expect(surface.g("hqResupply").visible).toBe(false);
  });

  it("shows and hides from a button, whoever selects what", () => {
    const hq = corps();
    harness.placeToken(hq, 0, 1);
    canvasReady();
    expect(toggleHqRadius(hq.uuid)).toBe(true);
    expect(board.shownHq?.id).toBe(hq.uuid);
    expect(toggleHqRadius(hq.uuid)).toBe(false);
    expect(board.shownHq).toBeNull();
    // An HQ with no token on the scene shows nothing.
    const other = new harness.Actor({ name: "II Corps", type: "hq", system: hqSystem("nato", { radius: 1 }) });
    expect(showHqRadius(other.uuid)).toBe(false);
  });
});

describe("the dialogs' Show radius button (hqRadiusAction)", () => {
  it("toggles the HQ named by data-hq and keeps the dialog's state; an HQ with no token is told", () => {
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: hqSystem("nato", { radius: 1 }) });
    const away = new harness.Actor({ name: "II Corps", type: "hq", system: hqSystem("nato", { radius: 1 }) });
    harness.game["actors"] = [hq, away];
    harness.game["items"] = [];
    harness.placeToken(hq, 0, 1);
    canvasReady();
    const button = (id: string, name: string) => ({ dataset: { hq: id, name } }) as unknown as HTMLElement;
    const state = { kept: true };
    expect(hqRadiusAction(state, null, button(hq.uuid, "I Corps"))).toBe(state);
    expect(board.shownHq?.id).toBe(hq.uuid);
    hqRadiusAction(state, null, button(hq.uuid, "I Corps"));
    expect(board.shownHq).toBeNull();
    expect(harness.notices).toHaveLength(0);
    hqRadiusAction(state, null, button(away.uuid, "II Corps"));
    expect(board.shownHq).toBeNull();
    expect(harness.notices.map((n) => n.message)).toEqual([`NOBC.Board.NoToken {"hq":"II Corps"}`]);
  });
});

describe("the GM's terrain toggle in the token controls", () => {
  it("is a toggle shown to the GM only, and switches the overlay", () => {
    const controls = { tokens: { tools: {} as Record<string, unknown> } };
    addTerrainTool(controls);
    const tool = controls.tokens.tools["nobcTerrainOverlay"] as {
      toggle: boolean;
      visible: boolean;
      title: string;
      onChange(e: unknown, on: boolean): void;
    };
    expect(tool).toMatchObject({ toggle: true, visible: true, title: "NOBC.Board.TerrainOverlay" });
    tool.onChange(null, true);
    expect(board.terrainOverlayOn).toBe(true);
    harness.playAsPlayer("p1");
    addTerrainTool(controls);
    expect((controls.tokens.tools["nobcTerrainOverlay"] as { visible: boolean }).visible).toBe(false);
  });

  it("sits beside the Map terrain window's button, neither replacing the other", () => {
    const controls = { tokens: { tools: {} as Record<string, never> } };
    addTerrainControl(controls);
    addTerrainTool(controls);
    expect(controls.tokens.tools["nobcTerrain"]).toMatchObject({ title: "NOBC.TerrainTool.Title", button: true });
    expect(controls.tokens.tools["nobcTerrainOverlay"]).toMatchObject({ title: "NOBC.Board.TerrainOverlay", toggle: true });
  });
});

describe("the terrain draft (the Map terrain window's unsaved map)", () => {
  it("is drawn by the terrain overlay from the hook, the markers untouched, until set back to the scene's", () => {
    canvasReady();
    setTerrainOverlay(true);
    const draft = smallMap();
    draft.hexes["0401"] = { terrain: ["city"], country: "gdr", name: "Draft City" };
    const markers = board.draws.get("mines");
    fire("nobc.terrainDraftChanged", draft);
    expect(board.terrainDraft?.map).toEqual(draft);
    expect(surface.labelsMade.get("terrainLabels")!.texts).toContain("Draft City");
    expect(board.draws.get("terrainHexes")).toBe(2);
    expect(board.draws.get("mines")).toBe(markers);
    // Back to the scene's terrain; a second null draws nothing.
    setTerrainDraft(null);
    expect(surface.labelsMade.get("terrainLabels")!.texts).toContain("Big City");
    expect(board.draws.get("terrainHexes")).toBe(3);
    setTerrainDraft(null);
    expect(board.draws.get("terrainHexes")).toBe(3);
  });

  it("is drawn only once the overlay is switched on", () => {
    canvasReady();
    fire("nobc.terrainDraftChanged", smallMap());
    expect(board.draws.get("terrainHexes")).toBeUndefined();
    expect(surface.g("terrainHexes").visible).toBe(false);
    setTerrainOverlay(true);
    expect(surface.g("terrainHexes").visible).toBe(true);
    setTerrainDraft(null);
  });
});

describe("paintShapes", () => {
  it("fills and strokes as told, and draws a line as one path", () => {
    const g = new FakeGraphics();
    paintShapes(g, [
      { type: "polygon", points: [0, 0, 1, 0, 1, 1], fill: { colour: 1, alpha: 0.5 } },
      { type: "line", points: [0, 0, 5, 5, 9, 9], stroke: { colour: 2, width: 3, alpha: 1 } },
      { type: "circle", x: 1, y: 1, r: 2, stroke: { colour: 3, width: 1, alpha: 1 } },
    ]);
    expect(g.calls).toEqual([
      "line 0 0 0",
      "fill 1 0.5",
      "polygon 3",
      "end",
      "line 3 2 1",
      "moveTo",
      "lineTo",
      "lineTo",
      "line 1 3 1",
      "circle",
    ]);
    expect(g.clears).toBe(1);
  });
});

describe("the painter's clicks redraw only what they changed (issue #35)", () => {
  /** What a surface shows: each kind's drawing calls or texts, and whether it is visible. */
  const shown = (s: FakeSurface) =>
    Object.fromEntries(
      OVERLAY_KINDS.map((kind) => {
        const g = s.graphicsMade.get(kind);
        const l = s.labelsMade.get(kind);
        return [kind, g !== undefined ? { visible: g.visible, calls: g.calls } : { visible: l!.visible, texts: l!.texts }];
      }),
    );

  it("after random edits of the draft, with the overlay switched off and on, shows what a board drawn afresh shows", () => {
    const kept = new Board();
    const keptSurface = new FakeSurface();
    const state = mapStateView(emptyMapStateFlag());
    const input = (map: TerrainMap) => ({ size: 100, origin: { x: 0, y: 0 }, map: mapView(map), state });
    let map = smallMap();
    kept.attach(keptSurface, input(map));
    kept.setTerrainOverlay(true);
    const labels = Object.keys(map.hexes);
    let seed = 5;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let labelDraws = 0;
    for (let step = 0; step < 60; step++) {
      const hex = labels[next(labels.length)]!;
      const kind = next(5);
      const before = kept.draws.get("terrainLabels") ?? 0;
      const result =
        kind === 0
          ? paintHex(map, hex, { terrain: [next(2) === 0 ? "woods" : "town"] })
          : kind === 1
            ? paintHex(map, hex, { country: next(2) === 0 ? "frg" : "gdr" })
            : kind === 2
              ? paintHex(map, hex, { terrain: ["town"], name: next(2) === 0 ? "Neudorf" : "" })
              : kind === 3
                ? setHexsideRiver(map, hex, labels[(labels.indexOf(hex) + 1) % labels.length]!, next(2) === 0 ? "minor" : null)
                : { ok: true as const, map };
      if (result.ok) map = result.map;
      if (next(6) === 0) kept.setTerrainOverlay(false);
      kept.setTerrainDraft(mapView(map));
      kept.setTerrainOverlay(true);
      // A terrain or country change keeps the label layer as it was.
      if (kind <= 1) expect(kept.draws.get("terrainLabels") ?? 0).toBe(before);
      labelDraws += (kept.draws.get("terrainLabels") ?? 0) - before;
      const fresh = new Board();
      const freshSurface = new FakeSurface();
      fresh.attach(freshSurface, input(map));
      fresh.setTerrainOverlay(true);
      expect(shown(keptSurface)).toEqual(shown(freshSurface));
    }
    expect(labelDraws).toBeGreaterThan(0);
    expect(labelDraws).toBeLessThan(30);
  });
});

describe("on a surface with children, the fills and borders are drawn a block of the map at a time (issue #35 item 5)", () => {
  /** A drawing object that gives children, as a PIXI.Graphics does. */
  class BlockGraphics extends FakeGraphics {
    readonly children: BlockGraphics[] = [];
    child(): BlockGraphics {
      const c = new BlockGraphics();
      this.children.push(c);
      return c;
    }
  }
  class BlockSurface extends FakeSurface {
    readonly blocksMade = new Map<OverlayKind, BlockGraphics>();
    override graphics(kind: OverlayKind) {
      const g = new BlockGraphics();
      this.graphicsMade.set(kind, g);
      this.blocksMade.set(kind, g);
      return g;
    }
    b(kind: OverlayKind): BlockGraphics {
      return this.blocksMade.get(kind)!;
    }
  }
  /** What the surface shows: each kind's calls (its blocks' calls in order), texts and visibility. */
  const shown = (s: BlockSurface): Record<string, unknown> =>
    Object.fromEntries(
      OVERLAY_KINDS.map((kind): [string, unknown] => {
        const g = s.blocksMade.get(kind);
        const l = s.labelsMade.get(kind);
        if (g === undefined) return [kind, { visible: l!.visible, texts: l!.texts }];
        const blocks = g.children.filter((c) => c.visible).map((c) => c.calls);
        return [kind, { visible: g.visible, calls: g.calls, blocks }];
      }),
    );
  const state = mapStateView(emptyMapStateFlag());
  const input = (map: TerrainMap) => ({ size: 100, origin: { x: 0, y: 0 }, map: mapView(map), state });

  it("a board kept through random edits shows what one drawn afresh shows, and a click redraws at most four blocks", () => {
    let map = theatreMap(3, { columns: 40, rows: 36 });
    const kept = new Board();
    const keptSurface = new BlockSurface();
    kept.attach(keptSurface, input(map));
    kept.setTerrainOverlay(true);
    const fills = keptSurface.b("terrainHexes");
    // 40 × 36 hexes in blocks of 16: 3 × 3 blocks, each a child; the parent draws nothing itself.
    expect(fills.children).toHaveLength(9);
    expect(fills.calls).toEqual([]);
    const labels = Object.keys(map.hexes);
    let seed = 11;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 25; step++) {
      const hex = labels[next(labels.length)]!;
      const result =
        next(2) === 0
          ? paintHex(map, hex, { terrain: [next(2) === 0 ? "woods" : "town"] })
          : paintHex(map, hex, { country: next(2) === 0 ? "frg" : "gdr" });
      if (result.ok) map = result.map;
      const clears = fills.children.map((c) => c.clears);
      kept.setTerrainDraft(mapView(map));
      const redrawn = fills.children.filter((c, i) => c.clears !== clears[i]).length;
      expect(redrawn).toBeLessThanOrEqual(4);
      const fresh = new Board();
      const freshSurface = new BlockSurface();
      fresh.attach(freshSurface, input(map));
      fresh.setTerrainOverlay(true);
      expect(shown(keptSurface)).toEqual(shown(freshSurface));
    }
  });

  it("draws the same fills and borders as one object per kind does", () => {
    const map = theatreMap(4, { columns: 20, rows: 18 });
    const blocked = new BlockSurface();
    const plain = new FakeSurface();
    for (const s of [blocked, plain]) {
      const b = new Board();
      b.attach(s, input(map));
      b.setTerrainOverlay(true);
    }
    for (const kind of ["terrainHexes", "terrainBorders"] as const) {
      const parts = blocked.b(kind).children.flatMap((c) => c.calls.filter((x) => x.startsWith("polygon") || x === "moveTo"));
      const whole = plain.g(kind).calls.filter((x) => x.startsWith("polygon") || x === "moveTo");
      expect(parts.length).toBe(whole.length);
    }
  });
});
