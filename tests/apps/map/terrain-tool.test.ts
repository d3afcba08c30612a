/**
 * Attaching terrain to a scene (src/apps/map/attach.ts) and the "Map terrain" window through the
 * harness: who may, what is written (once, the whole flag), what is refused (nothing written), the
 * grid warnings, clicks on the map painting the draft, and the battlefield reading the new terrain.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../../harness/foundry";
import { attachTerrain } from "../../../src/apps/map/attach";
import { openTerrainTool } from "../../../src/apps/map/macros";
import { terrainToolController } from "../../../src/apps/map/terrain-tool/controller";
import type { TerrainToolState } from "../../../src/apps/map/terrain-tool/state";
import { readTerrainToolWorld } from "../../../src/apps/map/world";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import { readBattlefield, registerTerrainCache } from "../../../src/world/read";
import { hexCentre, sideEnds } from "../../../src/map/hex-grid";
import { phrase } from "../../../src/rules/resolution";
import { translator } from "../../../src/base/foundry";
import { smallMap } from "../../map/fixture";
import { addTerrainControl } from "../../../src/ui/terrain-control";
import {
  board,
  registerBoard,
  setSurfaceFactory,
  setTerrainDraft,
  setTerrainOverlay,
  terrainOverlayOn,
} from "../../../src/canvas/register";
import type { GraphicsLike } from "../../../src/canvas/board";

type Raw = Record<string, unknown>;
const stateOf = (dialog: NobcDialog) => dialog.dialogState as TerrainToolState;
const terrainFlag = () => harness.scene!.getFlag("nobc", "terrain");
const sceneUpdates = () => harness.Scene.calls.filter((c) => c.method === "update");
const file = (name: string, data: unknown) => ({ name, text: async () => (typeof data === "string" ? data : JSON.stringify(data)) });
const centre = (col: number, row: number) => hexCentre({ col, row }, 100);

/** The brush form as the template sends it, with `overrides`. */
function form(overrides: Raw = {}): Raw {
  return {
    shipped: "",
    text: "",
    painting: true,
    tool: "hex",
    "terrain.clear": true,
    country: "frg",
    name: "",
    river: "minor",
    bridge: false,
    roadKind: "road",
    ...overrides,
  };
}

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  harness.canvasState.sceneWidth = 400;
  harness.canvasState.sceneHeight = 350;
  registerTerrainCache();
});

describe("attachTerrain", () => {
  it("writes a checked map as the scene's terrain in one update, and the battlefield reads it at once", async () => {
    expect(readBattlefield().map).toBeNull();
    const done = await attachTerrain(harness.scene!, smallMap());
    expect(done).toEqual({ ok: true, map: smallMap(), warnings: [] });
    expect(terrainFlag()).toEqual(smallMap());
    expect(sceneUpdates()).toHaveLength(1);
    expect(readBattlefield().map?.map.name).toBe("Test map");
    expect(harness.notices).toEqual([]);
  });

  it("replaces the whole flag: a smaller map leaves none of the old hexes, and the kept read is dropped", async () => {
    await attachTerrain(harness.scene!, smallMap());
    expect(readBattlefield().map?.map.columns).toBe(4);
    const small = smallMap();
    const twoColumns = {
      ...small,
      name: "Two columns",
      columns: 2,
      hexes: Object.fromEntries(Object.entries(small.hexes).filter(([label]) => label < "0300")),
      hexsides: [small.hexsides[0]!],
      roads: [small.roads[0]!],
    };
    expect((await attachTerrain(harness.scene!, twoColumns)).ok).toBe(true);
    expect(Object.keys((terrainFlag() as { hexes: Raw }).hexes).sort()).toEqual(["0101", "0102", "0103", "0201", "0202", "0203"]);
    expect(readBattlefield().map?.map.name).toBe("Two columns");
  });

  it("refuses a map with problems, naming each with its path, and writes nothing", async () => {
    const bad = smallMap() as unknown as { hexes: Record<string, Raw>; roads: { path: string[] }[] };
    bad.hexes["0101"]!["terrain"] = ["forest"];
    bad.roads[0]!.path = ["0101"];
    const done = await attachTerrain(harness.scene!, bad);
    expect(done.ok).toBe(false);
    expect("problems" in done && done.problems.map((p) => p.path)).toEqual(['hexes["0101"].terrain[0]', "roads[0].path"]);
    expect(sceneUpdates()).toEqual([]);
    expect(terrainFlag()).toBeUndefined();
  });

  it("refuses a player, writing nothing", async () => {
    harness.playAsPlayer();
    expect(await attachTerrain(harness.scene!, smallMap())).toEqual({ ok: false, refused: phrase("NOBC.TerrainTool.GmOnly") });
    expect(sceneUpdates()).toEqual([]);
  });

  it("attaches on a scene that does not fit, and warns of the grid type, the grid size and the size", async () => {
    harness.canvasState.gridType = CONST.GRID_TYPES.HEXODDR;
    harness.canvasState.hexSize = 50;
    harness.canvasState.sceneWidth = 300;
    const done = await attachTerrain(harness.scene!, smallMap());
    expect(done.ok && done.warnings).toEqual([
      phrase("NOBC.TerrainTool.Warning.GridType"),
      phrase("NOBC.TerrainTool.Warning.GridSize", { size: 50, hexSize: 100 }),
      phrase("NOBC.TerrainTool.Warning.TooLarge", { width: 376, height: 350, sceneWidth: 300, sceneHeight: 350 }),
    ]);
    expect(terrainFlag()).toEqual(smallMap());
    expect(harness.notices.map((n) => [n.level, n.message.split(" ")[0]])).toEqual([
      ["warn", "NOBC.TerrainTool.Warning.Attached"],
      ["warn", "NOBC.TerrainTool.Warning.Attached"],
      ["warn", "NOBC.TerrainTool.Warning.Attached"],
    ]);
  });
});

describe("the Map terrain window", () => {
  it("refuses a player clearly and opens nothing", async () => {
    harness.playAsPlayer();
    expect(await openTerrainTool()).toBeNull();
    expect(harness.notices).toMatchObject([{ level: "warn", message: 'NOBC.Notify.Refused {"reason":"NOBC.TerrainTool.GmOnly"}' }]);
    expect(sheetsFake.appRenders).toEqual([]);
  });

  it("opens on the scene's own terrain when it has one", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const dialog = (await openTerrainTool())!;
    expect(stateOf(dialog)).toMatchObject({ draft: smallMap(), dirty: false, problems: [] });
  });

  it("loads a chosen file, lists every problem of a bad one with its path and keeps the map it had", async () => {
    const dialog = (await openTerrainTool())!;
    await dialog.change({ ...form(), file: file("map.json", smallMap()) });
    expect(stateOf(dialog)).toMatchObject({ draft: smallMap(), source: "map.json", dirty: true, problems: [] });
    const bad = { ...smallMap(), hexSize: -1, hexsides: [{ hex: "0101", side: "east", river: "minor" }] };
    await dialog.change({ ...form(), file: file("bad.json", bad) });
    expect(stateOf(dialog).draft).toEqual(smallMap());
    expect(stateOf(dialog).problems.map((p) => p.path)).toEqual(["hexSize", "hexsides[0].side"]);
    const context = terrainToolController.context(stateOf(dialog), readTerrainToolWorld(), translator()) as { problems: string[] };
    expect(context.problems).toHaveLength(2);
    expect(context.problems[0]).toMatch(/^NOBC\.Validation\.Problem .*hexSize/);
  });

  it("checks pasted text: not JSON is one problem, and nothing changes", async () => {
    const dialog = (await openTerrainTool())!;
    await dialog.change(form({ text: "{ not json" }));
    await dialog.act("check", {} as HTMLElement);
    expect(stateOf(dialog).draft).toBeNull();
    expect(stateOf(dialog).problems.map((p) => p.text.key)).toEqual(["NOBC.TerrainTool.Problem.NotJson"]);
    await dialog.change(form({ text: JSON.stringify(smallMap()) }));
    await dialog.act("check", {} as HTMLElement);
    expect(stateOf(dialog)).toMatchObject({ draft: smallMap(), source: "NOBC.TerrainTool.Pasted", problems: [] });
  });

  it("loads a shipped map from the starter scenario's Adventure", async () => {
    harness.packs.set("nobc.starter-scenario", {
      collection: "nobc.starter-scenario",
      documentName: "Adventure",
      locked: true,
      getDocuments: async () => [{ toObject: () => ({ scenes: [{ flags: { nobc: { terrain: smallMap() } } }] }) }],
    } as never);
    const dialog = (await openTerrainTool())!;
    await dialog.act("loadShipped", {} as HTMLElement);
    expect(stateOf(dialog).problems.map((p) => p.text.key)).toEqual(["NOBC.TerrainTool.Problem.ChooseShipped"]);
    await dialog.change(form({ shipped: "sector-hanover" }));
    await dialog.act("loadShipped", {} as HTMLElement);
    expect(stateOf(dialog)).toMatchObject({ draft: smallMap(), source: "NOBC.TerrainTool.Shipped.hanover", problems: [] });
  });

  it("shows the grid warnings before Save", async () => {
    harness.canvasState.hexSize = 80;
    harness.setSceneFlag("terrain", smallMap());
    const dialog = (await openTerrainTool())!;
    const context = terrainToolController.context(stateOf(dialog), readTerrainToolWorld(), translator()) as { warnings: string[] };
    expect(context.warnings).toEqual(['NOBC.TerrainTool.Warning.GridSize {"size":"80","hexSize":"100"}']);
  });

  it("paints a hex by a click on the map, only while painting is ticked, then Save writes the whole map once", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const dialog = (await openTerrainTool())!;
    // Not ticked: the click is Foundry's alone.
    await dialog.change(form({ painting: false, "terrain.clear": false, "terrain.woods": true }));
    await dialog.change({ pick: centre(2, 2) });
    expect(stateOf(dialog).draft).toEqual(smallMap());
    await dialog.change(form({ "terrain.clear": false, "terrain.woods": true, "terrain.rough": true, country: "frg" }));
    await dialog.change({ pick: centre(2, 2) });
    await dialog.change({ pick: centre(3, 2) });
    expect(stateOf(dialog).draft?.hexes["0303"]).toEqual({ terrain: ["woods", "rough"], country: "frg" });
    expect(stateOf(dialog).draft?.hexes["0403"]).toEqual({ terrain: ["woods", "rough"], country: "frg", coastal: true });
    expect(stateOf(dialog)).toMatchObject({ picked: "0403", dirty: true });
    expect(sceneUpdates()).toEqual([]);

    await dialog.resolve();
    expect(sceneUpdates()).toHaveLength(1);
    expect((terrainFlag() as { hexes: Raw }).hexes["0303"]).toEqual({ terrain: ["woods", "rough"], country: "frg" });
    expect(readBattlefield().map?.map.hexes["0303"]?.terrain).toEqual(["woods", "rough"]);
    expect(harness.notices).toMatchObject([{ level: "info", message: expect.stringMatching(/^NOBC\.TerrainTool\.Saved/) }]);
  });

  it("a refused click lists the problem and keeps the draft", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const dialog = (await openTerrainTool())!;
    await dialog.change(form({ name: "Nowhere" }));
    await dialog.change({ pick: centre(0, 0) });
    expect(stateOf(dialog).draft).toEqual(smallMap());
    expect(stateOf(dialog).problems).toEqual([
      { path: 'hexes["0101"].name', text: phrase("NOBC.Map.Problem.NamedNoTown", { hex: "0101", name: "Nowhere" }) },
    ]);
    await dialog.change({ pick: { x: -300, y: -300 } });
    expect(stateOf(dialog).problems.map((p) => p.text.key)).toEqual(["NOBC.TerrainTool.Problem.NoHexThere"]);
  });

  it("sets a river and a bridge by clicking near a hexside, and clears it", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const dialog = (await openTerrainTool())!;
    const [p, q] = sideEnds({ col: 0, row: 1 }, "s", 100);
    const c = centre(0, 1);
    const nearSouth = { x: c.x + 0.8 * ((p.x + q.x) / 2 - c.x), y: c.y + 0.8 * ((p.y + q.y) / 2 - c.y) };
    await dialog.change(form({ tool: "hexside", river: "major", bridge: true }));
    await dialog.change({ pick: nearSouth });
    expect(stateOf(dialog).draft?.hexsides[2]).toEqual({ hex: "0102", side: "s", river: "major", bridge: true });
    await dialog.change(form({ tool: "hexside", river: "none" }));
    await dialog.change({ pick: nearSouth });
    expect(stateOf(dialog).draft?.hexsides).toEqual(smallMap().hexsides);
  });

  it("draws a road: two clicks start it, each next click extends it, End lets go; a road is removed from the list", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const dialog = (await openTerrainTool())!;
    await dialog.change(form({ tool: "road", roadKind: "autobahn" }));
    await dialog.change({ pick: centre(0, 2) });
    expect(stateOf(dialog)).toMatchObject({ roadStart: "0103", road: null });
    await dialog.change({ pick: centre(1, 2) });
    await dialog.change({ pick: centre(2, 2) });
    expect(stateOf(dialog).draft?.roads[2]).toEqual({ kind: "autobahn", path: ["0103", "0203", "0303"] });
    expect(stateOf(dialog).road).toBe(2);
    await dialog.act("endRoad", {} as HTMLElement);
    expect(stateOf(dialog)).toMatchObject({ road: null, roadStart: null });
    await dialog.act("removeRoad", { dataset: { index: "0" } } as unknown as HTMLElement);
    expect(stateOf(dialog).draft?.roads.map((r) => r.path[0])).toEqual(["0102", "0103"]);
  });

  it("Save is refused with nothing to save, and with no scene viewed", async () => {
    const dialog = (await openTerrainTool())!;
    expect(await dialog.resolve()).toBeNull();
    expect(harness.notices).toMatchObject([{ level: "warn", message: 'NOBC.Notify.Refused {"reason":"NOBC.TerrainTool.NothingToSave"}' }]);
    harness.viewNoScene();
    expect(await dialog.resolve()).toBeNull();
    expect(harness.notices[1]).toMatchObject({ level: "warn", message: 'NOBC.Notify.Refused {"reason":"NOBC.TerrainTool.NoScene"}' });
  });
});

describe("the scene controls' button", () => {
  it("adds a GM-only button to the Token controls that opens the window", async () => {
    const tools: Record<string, { visible?: boolean; button?: boolean; onChange?: (e: Event, a: boolean) => void }> = { select: {} };
    addTerrainControl({ tokens: { tools: tools as never } });
    expect(tools["nobcTerrain"]).toMatchObject({ title: "NOBC.TerrainTool.Title", button: true, visible: true, order: 1 });
    tools["nobcTerrain"]!.onChange!(new Event("click"), true);
    await vi.waitFor(() => expect(sheetsFake.appRenders).toHaveLength(1));
    harness.playAsPlayer();
    const hidden: Record<string, { visible?: boolean }> = {};
    addTerrainControl({ tokens: { tools: hidden as never } });
    expect(hidden["nobcTerrain"]?.visible).toBe(false);
    // No Token controls (another system's layout): nothing added, nothing thrown.
    expect(() => addTerrainControl({})).not.toThrow();
  });
});

describe("clicks on the board", () => {
  it("hands a left click to the window as a point past the scene's padding, until the window closes", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const board = (globalThis as unknown as { canvas: Raw }).canvas;
    const view = new EventTarget();
    board["app"] = { view };
    // The stand-in board: client pixels are canvas pixels.
    board["canvasCoordinatesFromClient"] = (p: { x: number; y: number }) => p;
    const click = (at: { x: number; y: number }, button = 0) =>
      view.dispatchEvent(Object.assign(new Event("pointerdown"), { button, clientX: at.x, clientY: at.y }));
    try {
      const dialog = (await openTerrainTool())!;
      await dialog.change(form({ "terrain.clear": false, "terrain.marsh": true }));
      const d = harness.dimensions();
      const at = centre(1, 2);
      click({ x: at.x + d.sceneX, y: at.y + d.sceneY }, 2);
      click({ x: at.x + d.sceneX, y: at.y + d.sceneY });
      await vi.waitFor(() => expect(stateOf(dialog).draft?.hexes["0203"]?.terrain).toEqual(["marsh"]));
      expect(stateOf(dialog).picked).toBe("0203");
      await dialog.close();
      const before = stateOf(dialog);
      click({ x: centre(0, 0).x + d.sceneX, y: centre(0, 0).y + d.sceneY });
      expect(stateOf(dialog)).toBe(before);
    } finally {
      delete board["app"];
      delete board["canvasCoordinatesFromClient"];
    }
  });
});

describe("the terrain overlay while the window is open", () => {
  /** A surface that keeps only the texts of the terrain labels (hex labels and place names); the drawing calls do nothing. */
  function attachBoard(): { texts: () => string[] } {
    let texts: string[] = [];
    const count = (): undefined => undefined;
    const graphics = (): GraphicsLike => ({
      visible: false,
      clear: count,
      lineStyle: count,
      beginFill: count,
      endFill: count,
      drawPolygon: count,
      drawCircle: count,
      moveTo: count,
      lineTo: count,
    });
    setSurfaceFactory(() => ({
      graphics,
      labels: (kind) => ({
        visible: false,
        setTexts: (t) => {
          if (kind === "terrainLabels") texts = t.map((s) => s.text);
        },
      }),
      place: count,
      destroy: count,
    }));
    registerBoard();
    (Hooks as unknown as { callAll(n: string, ...a: unknown[]): unknown }).callAll("canvasReady", canvas);
    return { texts: () => texts };
  }

  beforeEach(() => {
    board.detach();
    setTerrainDraft(null);
    setTerrainOverlay(false);
    board.draws.clear();
  });

  it("draws the unsaved map, has its own toggle, and goes back to the scene's terrain on close", async () => {
    harness.setSceneFlag("terrain", smallMap());
    const drawn = attachBoard();
    const dialog = (await openTerrainTool())!;
    // The window's button switches the board's overlay (the same switch as the token controls' toggle).
    expect((terrainToolController.context(stateOf(dialog), readTerrainToolWorld(), translator()) as { overlayOn: boolean }).overlayOn).toBe(
      false,
    );
    await dialog.act("terrainOverlay", {} as HTMLElement);
    expect(terrainOverlayOn()).toBe(true);
    expect((terrainToolController.context(stateOf(dialog), readTerrainToolWorld(), translator()) as { overlayOn: boolean }).overlayOn).toBe(
      true,
    );
    expect(drawn.texts()).toContain("Townsville");
    // The overlay's key shows beside its button while it is on (issue #36): each terrain's colour, then the lines.
    const legendOf = () =>
      (
        terrainToolController.context(stateOf(dialog), readTerrainToolWorld(), translator()) as {
          overlayLegend: { shape: string; label: string }[];
        }
      ).overlayLegend;
    expect(legendOf().map((s) => s.label)).toEqual([
      ...["clear", "woods", "rough", "marsh", "town", "city"].map((t) => `NOBC.Map.Legend.Terrain.${t}`),
      "NOBC.Map.Legend.MinorRiver",
      "NOBC.Map.Legend.MajorRiver",
      "NOBC.Map.Legend.Road",
      "NOBC.Map.Legend.Autobahn",
      "NOBC.Map.Legend.Border",
    ]);
    expect(legendOf().filter((s) => s.shape === "fill")).toHaveLength(6);
    // A loaded map, not saved: the overlay draws it, the rules still read the scene's.
    const renamed = smallMap();
    renamed.hexes["0201"] = { terrain: ["town"], country: "frg", name: "Draftburg" };
    await dialog.change({ ...form(), file: file("draft.json", renamed) });
    expect(board.terrainDraft?.map).toEqual(renamed);
    expect(drawn.texts()).toContain("Draftburg");
    expect(drawn.texts()).not.toContain("Townsville");
    expect(readBattlefield().map?.map.hexes["0201"]?.name).toBe("Townsville");
    await dialog.close();
    expect(board.terrainDraft).toBeNull();
    expect(drawn.texts()).toContain("Townsville");
    expect(terrainOverlayOn()).toBe(true);
  });

  it("closed with the overlay off, it stays off and the draft is dropped", async () => {
    harness.setSceneFlag("terrain", smallMap());
    attachBoard();
    const dialog = (await openTerrainTool())!;
    await dialog.change({ ...form(), file: file("draft.json", { ...smallMap(), name: "Draft" }) });
    expect(board.terrainDraft?.map.name).toBe("Draft");
    await dialog.close();
    expect(board.terrainDraft).toBeNull();
    expect(terrainOverlayOn()).toBe(false);
    expect(board.draws.get("terrainLabels")).toBeUndefined();
  });
});
