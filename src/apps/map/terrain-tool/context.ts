/** The "Map terrain" window's template context, from its state and world; pure. */
import type { Translator } from "../../../base/foundry";
import { LAND_TERRAINS } from "../../../rules/nobc/land/types";
import { COUNTRIES, ROAD_KINDS, formatMapProblem } from "../../../map/terrain-schema";
import { sceneFitWarnings } from "../../../map/scene-fit";
import { speak } from "../../../words/phrase";
import type { TerrainToolWorld } from "../world";
import { PAINT_TOOLS, RIVER_CHOICES, type TerrainToolState } from "./state";
import { TERRAIN_NAME } from "../../../map/render-svg";
import { terrainOverlayLegend } from "../../../view/board-preview";

const TOOL_LABELS = {
  hex: "NOBC.TerrainTool.Tool.hex",
  hexside: "NOBC.TerrainTool.Tool.hexside",
  road: "NOBC.TerrainTool.Tool.road",
} as const;
const RIVER_LABELS = {
  none: "NOBC.TerrainTool.River.none",
  minor: "NOBC.TerrainTool.River.minor",
  major: "NOBC.TerrainTool.River.major",
} as const;
const ROAD_LABELS = { road: "NOBC.Map.Legend.Road", autobahn: "NOBC.Map.Legend.Autobahn" } as const;
export function terrainToolContext(state: TerrainToolState, world: TerrainToolWorld, i18n: Translator) {
  const { draft, brush } = state;
  const scene = world.scene;
  const warnings = draft !== null && scene !== null ? sceneFitWarnings(draft, scene.grid).map((w) => speak(w, i18n)) : [];
  return {
    sceneName: scene?.name ?? null,
    noScene: scene === null,
    source: state.source,
    text: state.text,
    shipped: world.shipped.map((m) => ({ value: m.id, label: i18n.localize(m.label), selected: m.id === state.shipped })),
    problems: state.problems.map((p) => speak(formatMapProblem(p), i18n)),
    warnings,
    draft:
      draft === null
        ? null
        : {
            name: draft.name,
            size: i18n.format("NOBC.TerrainTool.Size", {
              columns: String(draft.columns),
              rows: String(draft.rows),
              hexSize: String(draft.hexSize),
            }),
            counts: i18n.format("NOBC.TerrainTool.Counts", {
              hexes: String(Object.keys(draft.hexes).length),
              rivers: String(draft.hexsides.length),
              roads: String(draft.roads.length),
            }),
          },
    dirty: state.dirty,
    overlayOn: world.overlayOn,
    // The overlay's key, beside its button while it is shown on the canvas (issue #36).
    overlayLegend: world.overlayOn ? terrainOverlayLegend(i18n) : [],
    painting: state.painting,
    picked: state.picked,
    tools: PAINT_TOOLS.map((t) => ({ value: t, label: i18n.localize(TOOL_LABELS[t]), selected: t === brush.tool })),
    isHex: brush.tool === "hex",
    isHexside: brush.tool === "hexside",
    isRoad: brush.tool === "road",
    terrains: LAND_TERRAINS.map((t) => ({ value: t, label: i18n.localize(TERRAIN_NAME[t]), checked: brush.terrain.includes(t) })),
    countries: (Object.keys(COUNTRIES) as (keyof typeof COUNTRIES)[]).map((c) => ({
      value: c,
      label: i18n.localize(COUNTRIES[c]),
      selected: c === brush.country,
    })),
    name: brush.name,
    rivers: RIVER_CHOICES.map((r) => ({ value: r, label: i18n.localize(RIVER_LABELS[r]), selected: r === brush.river })),
    bridge: brush.bridge,
    roadKinds: ROAD_KINDS.map((k) => ({ value: k, label: i18n.localize(ROAD_LABELS[k]), selected: k === brush.roadKind })),
    roadHint:
      state.road !== null
        ? i18n.format("NOBC.TerrainTool.Road.Extending", { road: String(state.road + 1) })
        : state.roadStart !== null
          ? i18n.format("NOBC.TerrainTool.Road.Started", { hex: state.roadStart })
          : i18n.localize("NOBC.TerrainTool.Road.Start"),
    roads: (draft?.roads ?? []).map((r, index) => ({
      index,
      label: i18n.format("NOBC.TerrainTool.Road.Item", {
        number: String(index + 1),
        kind: i18n.localize(ROAD_LABELS[r.kind]),
        name: r.name ?? "",
        from: r.path[0] ?? "",
        to: r.path[r.path.length - 1] ?? "",
      }),
      drawing: index === state.road,
    })),
    // The draft is always a checked map; the problems listed are those of the last load or edit, which changed nothing.
    canSave: draft !== null && scene !== null,
  };
}
