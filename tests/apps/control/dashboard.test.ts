/** Control's theatre dashboard through the harness: who may open it, what it shows, its filters, sorts, row actions and export. */
import "../../harness/install";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../../harness/foundry";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { loadTheatre } from "../../bench/measures";
import { theatre, theatreAt } from "../../bench/theatre";
import { loadActors, type ActorSeed } from "../../harness/actors";
import { readFileSync } from "node:fs";
import { openTheatre } from "../../../src/apps/control/macros";
import { openDialogById } from "../../../src/apps/base/registry";
import { THEATRE_DASHBOARD } from "../../../src/apps/control/dialogs";
import { registerTheatreDashboard } from "../../../src/apps/control/register";
import { registerUmpiresSetting } from "../../../src/teams/umpires-read";
import { addTheatreControl } from "../../../src/ui/theatre-control";
import { registerOrbatExport } from "../../../src/orbat/register";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import type { DashboardState, DashboardView } from "../../../src/apps/control/context";
import { saveFile } from "../../../src/apps/control/download";
import { prepareFile, prepareImport } from "../../../src/orbat/index";
import { worldActorData } from "../../../src/world/read";
import { ids } from "../../orbat/helpers";

// The browser's download (a Blob behind a clicked link) is what the harness has no DOM for: the file is checked here instead.
vi.mock("../../../src/apps/control/download", () => ({ saveFile: vi.fn() }));
const saved = vi.mocked(saveFile);

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { canvas: Raw };
const T = theatre(100);
const contextOf = async (dialog: NobcDialog) =>
  (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as unknown as DashboardView;
const stateOf = (dialog: NobcDialog) => dialog.dialogState as DashboardState;
/** A button of the window, as Foundry hands it to an action: its data attributes. */
const button = (data: Record<string, string>) => ({ dataset: data }) as unknown as HTMLElement;
const pans: { x: number; y: number }[] = [];

beforeEach(() => {
  loadTheatre(T);
  // What init registers: the import's writer behind the dashboard's export.
  registerOrbatExport();
  saved.mockClear();
  pans.length = 0;
  // Foundry's `Canvas#animatePan`, which the harness's canvas does not have: the view moves to the point.
  g.canvas["animatePan"] = async (view: { x: number; y: number }) => void pans.push(view);
});
afterEach(() => {
  delete g.canvas["animatePan"];
});

describe("openTheatre", () => {
  it("refuses a player clearly and opens nothing", async () => {
    harness.game["user"] = { id: "p1", isGM: false };
    expect(await openTheatre()).toBeNull();
    expect(harness.notices).toMatchObject([{ level: "warn", message: 'NOBC.Notify.Refused {"reason":"NOBC.Theatre.GmOnly"}' }]);
    expect(sheetsFake.appRenders).toEqual([]);
  });

  it("opens for a GM on every row of the theatre, sorted by name", async () => {
    const dialog = (await openTheatre())!;
    expect(sheetsFake.appRenders).toHaveLength(1);
    const view = await contextOf(dialog);
    expect(view.total).toBe(T.seeds.length);
    expect(view.shown).toBe(T.seeds.length);
    const names = view.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort(new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }).compare));
    expect(view.columns.find((c) => c.key === "name")).toMatchObject({ sorted: "ascending", icon: "fa-sort-up" });
    const unit = view.rows.find((r) => r.kind === "unit")!;
    expect(unit.hex).toMatch(/^\d{4}$/);
    expect(unit.onMap).toBe(true);
  });
});

describe("the Token control", () => {
  it("is a tool beside the toolkit, seen by a GM only", () => {
    const controls: Parameters<typeof addTheatreControl>[0] & { tokens: { tools: Record<string, { visible?: boolean; title: string }> } } =
      {
        tokens: { tools: {} },
      };
    addTheatreControl(controls);
    expect(controls.tokens.tools["nobcTheatre"]).toMatchObject({
      title: "NOBC.Theatre.Title",
      icon: "fa-solid fa-table-list",
      visible: true,
    });
    harness.game["user"] = { id: "p1", isGM: false };
    addTheatreControl(controls);
    expect(controls.tokens.tools["nobcTheatre"]!.visible).toBe(false);
  });
});

describe("filters and sorts", () => {
  it("the form's filters narrow the rows; an HQ the world does not hold, or a bad choice, reads as all", async () => {
    const dialog = (await openTheatre())!;
    await dialog.change({ side: "wp", kind: "unit", hq: "", state: "", text: "" });
    const wp = await contextOf(dialog);
    expect(wp.shown).toBe(T.seeds.filter((s) => s.type === "unit" && s.system["side"] === "wp").length);
    expect(wp.rows.every((r) => r.side === "wp" && r.kind === "unit")).toBe(true);
    expect(wp.hqs.every((h) => T.seeds.find((s) => `Actor.${s.id}` === h.value)!.system["side"] === "wp")).toBe(true);

    const hq = T.seeds.find((s) => s.type === "hq")!;
    await dialog.change({ side: "", kind: "unit", hq: `Actor.${hq.id}`, state: "", text: "" });
    const under = T.seeds.filter((s) => s.type === "unit" && s.system["hq"] === `Actor.${hq.id}`).length;
    expect((await contextOf(dialog)).shown).toBe(under);

    await dialog.change({ side: "neutral", kind: "tank", hq: "Actor.nobody", state: "asleep", text: "" });
    expect(stateOf(dialog).filter).toEqual({ side: null, kind: null, hq: null, sector: null, state: null, text: "" });
  });

  it("a column's button sorts by it, again the other way; Clear drops the filters", async () => {
    const dialog = (await openTheatre())!;
    await dialog.act("sort", button({ key: "strength" }));
    expect(stateOf(dialog).sort).toEqual({ key: "strength", descending: false });
    await dialog.act("sort", button({ key: "strength" }));
    expect(stateOf(dialog).sort).toEqual({ key: "strength", descending: true });
    const strengths = (await contextOf(dialog)).rows.filter((r) => r.kind === "unit").map((r) => Number(r.strength.split("/")[0]));
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a));
    await dialog.act("sort", button({ key: "nonsense" }));
    expect(stateOf(dialog).sort.key).toBe("strength");
    await dialog.change({ side: "nato", kind: "", hq: "", state: "", text: "" });
    await dialog.act("clear", button({}));
    expect((await contextOf(dialog)).shown).toBe(T.seeds.length);
  });
});

describe("an umpire's sector", () => {
  it("is a filter once an umpire has a sector: the HQ's chain of the Land umpire, the Air War of the Air umpire", async () => {
    registerUmpiresSetting();
    chatFake.setUsers("gm");
    const hq = T.seeds.find((s) => s.type === "hq")!;
    await game.settings!.set("nobc", "umpires", {
      umpires: {
        gm2: { wars: [], hqs: [`Actor.${hq.id}`], areas: [] },
        gm: { wars: ["air"], hqs: [], areas: [] },
        p9: { wars: [], hqs: [], areas: [] },
      },
    });
    const dialog = (await openTheatre())!;
    // A whole sector (Map Control's) is no filter, nor a user the world does not hold: the two umpires with a sector are offered.
    expect((await contextOf(dialog)).sectors.map((c) => c.label).sort()).toEqual(
      ['NOBC.Theatre.Filter.sectorOf {"name":"gm"}', 'NOBC.Theatre.Filter.sectorOf {"name":"gm2"}'].sort(),
    );
    await dialog.change({ side: "", kind: "unit", hq: "", sector: "gm2", state: "", text: "" });
    const under = T.seeds.filter((s) => s.type === "unit" && s.system["hq"] === `Actor.${hq.id}`).length;
    expect(under).toBeGreaterThan(0);
    expect((await contextOf(dialog)).shown).toBe(under);
    await dialog.change({ side: "", kind: "", hq: "", sector: "gm", state: "", text: "" });
    const view = await contextOf(dialog);
    const air = T.seeds.filter((s) => s.type === "airSquadron" || s.type === "airbase").length;
    expect(air).toBeGreaterThan(0);
    expect(view.shown).toBe(air);
    expect(view.sectors.find((c) => c.selected)?.value).toBe("gm");
    // A user who is no umpire reads as every sector.
    await dialog.change({ side: "", kind: "", hq: "", sector: "p1", state: "", text: "" });
    expect(stateOf(dialog).filter.sector).toBeNull();
  });
});

describe("drawn again as the world changes", () => {
  it("a moment after an actor changes, once for a burst, with its filters kept", async () => {
    await new Promise((resolve) => setTimeout(resolve, 350));
    registerTheatreDashboard();
    vi.useFakeTimers();
    try {
      const dialog = (await openTheatre())!;
      await dialog.change({ side: "nato", kind: "", hq: "", state: "", text: "" });
      const renders = () => sheetsFake.appRenders.filter((r) => r.app === dialog).length;
      const before = renders();
      const units = (sheetsFake.actors as { type: string; system: { side: string }; update(d: Raw): Promise<unknown> }[]).filter(
        (a) => a.type === "unit" && a.system.side === "nato",
      );
      await units[0]!.update({ "system.strength.value": 0 });
      await units[1]!.update({ "system.strength.value": 0 });
      expect(renders()).toBe(before);
      await vi.advanceTimersByTimeAsync(300);
      expect(renders()).toBe(before + 1);
      expect(stateOf(dialog).filter.side).toBe("nato");
      await dialog.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("opened through game.nobc.openDialog too, beside one from the control; a closed one is drawn no more", async () => {
    await new Promise((resolve) => setTimeout(resolve, 350));
    registerTheatreDashboard();
    vi.useFakeTimers();
    try {
      const byId = (await openDialogById(THEATRE_DASHBOARD.id))!;
      const byControl = (await openTheatre())!;
      const renders = (dialog: NobcDialog) => sheetsFake.appRenders.filter((r) => r.app === dialog).length;
      const unit = (sheetsFake.actors as { type: string; update(d: Raw): Promise<unknown> }[]).find((a) => a.type === "unit")!;
      const before = [renders(byId), renders(byControl)];
      await unit.update({ "system.strength.value": 0 });
      await vi.advanceTimersByTimeAsync(300);
      expect([renders(byId), renders(byControl)]).toEqual([before[0]! + 1, before[1]! + 1]);
      // What it draws is the world as it is now.
      const unitRow = (await contextOf(byId)).rows.find((r) => r.strength.startsWith("0/"));
      expect(unitRow).toBeDefined();
      await byControl.close();
      await unit.update({ "system.strength.value": 1 });
      await vi.advanceTimersByTimeAsync(300);
      expect([renders(byId), renders(byControl)]).toEqual([before[0]! + 2, before[1]! + 1]);
      await byId.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("refresh", () => {
  it("reads the world again: a unit's strength changed since shows", async () => {
    const dialog = (await openTheatre())!;
    const unit = T.seeds.find((s) => s.type === "unit")!;
    const actor = (sheetsFake.actors as { id: string; system: { strength: { value: number } } }[]).find((a) => a.id === unit.id)!;
    actor.system.strength.value = 0;
    await dialog.act("refresh", button({}));
    const row = (await contextOf(dialog)).rows.find((r) => r.id === `Actor.${unit.id}`)!;
    expect(row.strength.startsWith("0/")).toBe(true);
  });
});

describe("row actions", () => {
  it("pans the viewed scene to the row's token, and says so when the actor has none there", async () => {
    const dialog = (await openTheatre())!;
    const unit = T.seeds.find((s) => s.type === "unit" && s.hex !== undefined)!;
    await dialog.act("pan", button({ id: `Actor.${unit.id}` }));
    const placeable = (
      g.canvas["tokens"] as { placeables: { actor: { uuid: string } | null; center: { x: number; y: number } }[] }
    ).placeables.find((t) => t.actor?.uuid === `Actor.${unit.id}`)!;
    expect(pans).toEqual([{ x: placeable.center.x, y: placeable.center.y }]);
    const squadron = T.seeds.find((s) => s.type === "airSquadron")!;
    await dialog.act("pan", button({ id: `Actor.${squadron.id}` }));
    expect(pans).toHaveLength(1);
    expect(harness.notices.at(-1)).toMatchObject({ level: "warn", message: `NOBC.Theatre.NoToken {"name":"${squadron.name}"}` });
  });

  it("opens the row's sheet", async () => {
    const dialog = (await openTheatre())!;
    const hq = T.seeds.find((s) => s.type === "hq")!;
    const renders: unknown[] = [];
    const actor = (sheetsFake.actors as Raw[]).find((a) => a["id"] === hq.id)!;
    actor["sheet"] = { render: (options: unknown) => renders.push(options) };
    await dialog.act("openSheet", button({ id: `Actor.${hq.id}` }));
    expect(renders).toEqual([{ force: true }]);
  });
});

/**
 * The example order of battle as the world's actors, links set as the import sets them (the
 * generated theatre's counters are drawn for the bench, not checked by the document schemas, so
 * the import would rightly refuse some of them).
 */
function loadExample(): number {
  const result = prepareImport(readFileSync("examples/orbat-example.csv", "utf8"), "csv", { newId: ids(), rootFolder: "OOB" });
  if (!result.ok) throw new Error("the example is refused");
  const { actors, links } = result.plan;
  const seeds: ActorSeed[] = actors.map((a, i) => ({
    id: `ex${String(i).padStart(14, "0")}`,
    name: a.name,
    type: a.type,
    system: { ...a.system },
  }));
  for (const l of links) seeds[l.from as number]!.system[l.field.slice("system.".length)] = `Actor.${seeds[l.to as number]!.id}`;
  harness.reset();
  sheetsFake.reset();
  loadActors(seeds, theatreAt);
  return seeds.length;
}

describe("export", () => {
  it("saves the whole theatre as CSV that the import reads back as no change", async () => {
    const count = loadExample();
    const dialog = (await openTheatre())!;
    await dialog.change({ side: "wp", kind: "", hq: "", state: "", text: "" });
    await dialog.act("exportCsv", button({}));
    expect(saved).toHaveBeenCalledTimes(1);
    const [data, type, name] = saved.mock.calls[0]!;
    expect([type, name]).toEqual(["text/csv", expect.stringMatching(/-theatre-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const result = prepareImport(data as string, "csv", { newId: ids(), rootFolder: "OOB", world: worldActorData() });
    expect(result.ok && Object.values(result.summary).reduce((n, s) => n + s.nato + s.wp, 0)).toBe(count);
    expect(result.ok && result.plan).toEqual({ folders: [], actors: [], links: [], updates: [] });
  });

  it("saves an .xlsx workbook the import reads back as no change; a player's window cannot export", async () => {
    loadExample();
    const dialog = (await openTheatre())!;
    await dialog.act("exportXlsx", button({}));
    const [data, type, name] = saved.mock.calls[0]!;
    expect([type, name]).toEqual(["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", expect.stringMatching(/\.xlsx$/)]);
    const result = await prepareFile(data as Uint8Array, name, { newId: ids(), rootFolder: "OOB", world: worldActorData() });
    expect(result.ok && result.plan).toEqual({ folders: [], actors: [], links: [], updates: [] });

    harness.game["user"] = { id: "p1", isGM: false };
    await dialog.act("exportCsv", button({}));
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
