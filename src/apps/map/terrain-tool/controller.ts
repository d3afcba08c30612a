/**
 * The "Map terrain" window (GM only; docs/map-format.md, "Terrain on any scene"): load a terrain file,
 * pasted text or a shipped map, see every problem with its path and how the scene's grid fits, paint
 * fixes by clicking the map, and Save: the whole map written once to the viewed scene by `attachTerrain`.
 */
import { callHook, localize, notify, say, translator } from "../../../base/foundry";
import { formatMapProblem } from "../../../map/terrain-schema";
import { gmOnly, opened, refused, type DialogController, type FormValues } from "../../base/controller";
import { phrase } from "../../../rules/resolution";
import { setTerrainDraft, setTerrainOverlay, terrainOverlayOn, TERRAIN_DRAFT_HOOK } from "../../../canvas/register";
import { attachTerrain } from "../attach";
import { readTerrainToolWorld, type TerrainToolWorld } from "../world";
import { terrainToolContext } from "./context";
import { dropRoad, endRoad, fromForm, initialTerrainTool, loadData, loadText, paintAt, PICK, type TerrainToolState } from "./state";

/** The file input's choice, as much of a `File` as the window reads. */
export interface ChosenFile {
  readonly name: string;
  text(): Promise<string>;
}

/**
 * Every load or edit that changes the window's map is announced with the hook `nobc.terrainDraftChanged(map)`:
 * the board's terrain overlay (src/canvas/register.ts) draws that unsaved map while the window is open, and
 * the scene's terrain again once it closes.
 */
export { TERRAIN_DRAFT_HOOK };

function announced(before: TerrainToolState, after: TerrainToolState): TerrainToolState {
  if (after.draft !== before.draft) callHook(TERRAIN_DRAFT_HOOK, after.draft);
  return after;
}

function isPoint(value: unknown): value is { x: number; y: number } {
  const p = value as { x?: unknown; y?: unknown } | null;
  return typeof p === "object" && p !== null && Number.isFinite(p.x) && Number.isFinite(p.y);
}

function isFile(value: unknown): value is ChosenFile {
  const f = value as { name?: unknown; text?: unknown } | null;
  return typeof f === "object" && f !== null && typeof f.name === "string" && typeof f.text === "function";
}

export const terrainToolController: DialogController<TerrainToolState, TerrainToolWorld> = {
  template: "apps/map/terrain-tool.hbs",
  title: "NOBC.TerrainTool.Title",
  icon: "fa-solid fa-map-location-dot",
  classes: ["nobc", "nobc-terrain-tool"],
  width: 560,
  submitAction: "save",
  failed: "NOBC.TerrainTool.Failed",
  read: (user) => readTerrainToolWorld(user),
  open: (world) => opened(initialTerrainTool(world.scene?.terrain, world.scene?.name ?? null)),
  access: (_state, world) => gmOnly(world.isGM, "NOBC.TerrainTool.GmOnly"),
  context: (state, world) => terrainToolContext(state, world, translator()),
  readForm(form) {
    const values: Record<string, unknown> = {};
    for (const el of Array.from(form.elements)) {
      const input = el as HTMLInputElement;
      if (input.name === "" || input.name === "file") continue;
      values[input.name] = input.type === "checkbox" ? input.checked : input.value;
    }
    const file = form.querySelector<HTMLInputElement>('input[name="file"]')?.files?.[0];
    if (file !== undefined) values["file"] = file;
    return values;
  },
  async change(state: TerrainToolState, values: FormValues) {
    // A click on the map (./canvas.ts): one edit with the brush, in scene pixels past the padding.
    const pick = values[PICK];
    if (isPoint(pick)) return announced(state, paintAt(state, pick));
    const next = fromForm(state, values);
    const file = values["file"];
    if (isFile(file)) return announced(state, loadText(next, await file.text(), file.name));
    return next;
  },
  actions: {
    /** Checks the pasted text. */
    check: (state) => announced(state, loadText(state, state.text, localize("NOBC.TerrainTool.Pasted"))),
    /** Loads the shipped map chosen in the list. */
    async loadShipped(state, world) {
      const map = world.shipped.find((m) => m.id === state.shipped);
      if (map === undefined) return { ...state, problems: [{ path: "", text: phrase("NOBC.TerrainTool.Problem.ChooseShipped") }] };
      const data = await map.load();
      if (data === undefined) return { ...state, problems: [{ path: "", text: phrase("NOBC.TerrainTool.Problem.ShippedMissing") }] };
      return announced(state, loadData(state, data, localize(map.label)));
    },
    /** Takes the scene's own terrain again, dropping unsaved edits. */
    revert: (state, world) =>
      announced(state, { ...initialTerrainTool(world.scene?.terrain, world.scene?.name ?? null), brush: state.brush }),
    /** Switches the board's terrain overlay (the same as the toggle in the token controls); the window's state stays. */
    terrainOverlay(state) {
      setTerrainOverlay(!terrainOverlayOn());
      return state;
    },
    endRoad: (state) => endRoad(state),
    removeRoad: (state, _world, target) => announced(state, dropRoad(state, Number(target.dataset["index"]))),
  },
  /** The overlay goes back to the scene's terrain (shown or not, as the GM left the toggle). */
  closed: () => setTerrainDraft(null),
  submit(state, world) {
    const scene = world.scene;
    const draft = state.draft;
    if (scene === null) return refused([localize("NOBC.TerrainTool.NoScene")]);
    if (draft === null) return refused([localize("NOBC.TerrainTool.NothingToSave")]);
    return {
      ok: true,
      value: {
        run: async () => {
          const done = await attachTerrain(scene.document, draft);
          if (!done.ok)
            throw new Error("refused" in done ? say(done.refused) : done.problems.map((p) => say(formatMapProblem(p))).join(" "));
          notify("info", "NOBC.TerrainTool.Saved", { map: draft.name, scene: scene.name });
          return { ok: true, value: done };
        },
      },
    };
  },
};
