/**
 * The board's overlays on the canvas, without PIXI: which shape groups (src/map/overlay.ts) are on
 * the surface, and what is redrawn when something changes. A surface (./pixi.ts in Foundry, a fake
 * of the drawing calls in tests) gives one drawing object per kind, made once when the canvas is
 * drawn; a change redraws only the kinds it touches, and nothing is drawn per frame.
 *
 * - the terrain overlay (GM's check of the alignment): drawn while switched on, from the Map terrain
 *   window's unsaved map while it is open;
 * - the map state markers: drawn for everyone, always;
 * - the HQ radius: drawn for one HQ at a time, while shown.
 */
import type { HexRef } from "../rules/ids";
import type { MapStateView } from "../map/map-state";
import type { MapView } from "../map/rules-view";
import {
  HQ_KINDS,
  MAP_STATE_KINDS,
  OVERLAY_KINDS,
  TERRAIN_KINDS,
  blocksTouchedBy,
  hqOverlay,
  hqReach,
  mapStateOverlay,
  terrainBlockHexes,
  terrainBlocks,
  terrainBlockShapes,
  terrainHexGroups,
  terrainLabelGroup,
  terrainRoadGroup,
  terrainSideGroups,
  type OverlayKind,
  type Shape,
  type ShapeGroup,
} from "../map/overlay";

/** The part of a PIXI.Graphics the board calls (PIXI v7, as in Foundry v13). */
export interface GraphicsLike {
  visible: boolean;
  clear(): unknown;
  lineStyle(width: number, colour: number, alpha: number): unknown;
  beginFill(colour: number, alpha: number): unknown;
  endFill(): unknown;
  drawPolygon(points: number[]): unknown;
  drawCircle(x: number, y: number, r: number): unknown;
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  /**
   * A drawing object inside this one, drawn over it and shown while it is (a PIXI.Graphics child). Where a
   * surface gives them, the terrain's fills and borders are drawn a block of the map per child, so a
   * painter's click redraws one block and not the map (issue #35 item 5).
   */
  child?(): GraphicsLike;
}

/** Where the text shapes of one kind go: one object for the kind, its texts replaced as a whole. */
export interface LabelsLike {
  visible: boolean;
  setTexts(texts: readonly Extract<Shape, { type: "text" }>[]): void;
}

/** A drawing surface placed over the scene: one object per kind, made when asked. */
export interface Surface {
  graphics(kind: OverlayKind): GraphicsLike;
  labels(kind: OverlayKind): LabelsLike;
  /** Moves the whole surface so that the shapes' origin (hex 0101's bounding box) lies at canvas point (x, y). */
  place(x: number, y: number): void;
  destroy(): void;
}

/** What the board draws from: read from the viewed scene (./register.ts) or given by a test. */
export interface BoardInput {
  /** The scene's grid size (flat side to flat side), or null when the scene's grid cannot carry the map. */
  readonly size: number | null;
  /** Canvas point of the shapes' origin. */
  readonly origin: { readonly x: number; readonly y: number };
  readonly map: MapView | null;
  readonly state: MapStateView;
}

export interface HqShown {
  /** The HQ's actor UUID. */
  readonly id: string;
  readonly hex: HexRef;
  readonly radius: number;
}

/** Paints shapes with the calls of a PIXI.Graphics. Texts are not painted here (see `LabelsLike`). */
export function paintShapes(g: GraphicsLike, shapes: readonly Shape[]): void {
  g.clear();
  for (const s of shapes) {
    if (s.type === "text") continue;
    const stroke = s.stroke;
    if (stroke === undefined) g.lineStyle(0, 0, 0);
    else g.lineStyle(stroke.width, stroke.colour, stroke.alpha);
    if (s.type === "line") {
      for (let i = 0; i + 1 < s.points.length; i += 2) {
        if (i === 0) g.moveTo(s.points[0]!, s.points[1]!);
        else g.lineTo(s.points[i]!, s.points[i + 1]!);
      }
      continue;
    }
    const fill = s.fill;
    if (fill !== undefined) g.beginFill(fill.colour, fill.alpha);
    if (s.type === "polygon") g.drawPolygon([...s.points]);
    else g.drawCircle(s.x, s.y, s.r);
    if (fill !== undefined) g.endFill();
  }
}

/** The hexes whose terrain, country or name differ between two maps of the same size (the hexes added or taken away too). */
function changedHexes(a: MapView["map"], b: MapView["map"]): HexRef[] {
  if (a.hexes === b.hexes) return [];
  const out: HexRef[] = [];
  type Hex = MapView["map"]["hexes"][string];
  const alike = (x: Hex, y: Hex): boolean => x.country === y.country && x.name === y.name && x.terrain.join() === y.terrain.join();
  for (const label of Object.keys(b.hexes)) {
    const x = a.hexes[label];
    const y = b.hexes[label]!;
    if (x !== y && (x === undefined || !alike(x, y))) out.push(label);
  }
  for (const label of Object.keys(a.hexes)) if (b.hexes[label] === undefined) out.push(label);
  return out;
}

/** Whether a change of these hexes changes the texts: a name changed, or a hex came or went (its label is drawn only on the map). */
function textsChange(a: MapView["map"], b: MapView["map"], changed: readonly HexRef[]): boolean {
  return changed.some((l) => {
    const x = a.hexes[l];
    const y = b.hexes[l];
    return x === undefined || y === undefined || x.name !== y.name;
  });
}

/** Whether two lists of text shapes are the same texts at the same places. */
function sameTexts(a: readonly Shape[], b: readonly Shape[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i]!;
    return (
      x.type === "text" &&
      y.type === "text" &&
      x.text === y.text &&
      x.x === y.x &&
      x.y === y.y &&
      x.size === y.size &&
      x.colour === y.colour &&
      x.bold === y.bold
    );
  });
}

const TEXT_KINDS: ReadonlySet<OverlayKind> = new Set<OverlayKind>(["terrainLabels"]);

/** How opaque the terrain overlay's fills are on the canvas: the map image shows through. */
const FILL_ALPHA = 0.35;

/** The overlays of one canvas. */
export class Board {
  private surface: Surface | null = null;
  private readonly graphics = new Map<OverlayKind, GraphicsLike>();
  private readonly labels = new Map<OverlayKind, LabelsLike>();
  private input: BoardInput | null = null;
  private terrainOn = false;
  /** The Map terrain window's unsaved map, drawn by the terrain overlay in place of the scene's while set. */
  private draft: MapView | null = null;
  /** The terrain was changed while its overlay was off: draw it when switched on. */
  private terrainStale = true;
  private hq: HqShown | null = null;
  /** How many times each kind was drawn (tests and diagnostics). */
  readonly draws = new Map<OverlayKind, number>();
  /** Whether each kind's last drawing on this surface had shapes (what it shows when not drawn again). */
  private readonly drawnShapes = new Map<OverlayKind, boolean>();
  /** The terrain last painted on this surface, and its text shapes: a change paints only what differs. */
  private drawnTerrain: { readonly view: MapView; readonly size: number; readonly labels: readonly Shape[] } | null = null;
  /** The fills and borders of each block of the map (by `terrainBlockOf` key), where the surface gives children. */
  private readonly blocks = new Map<string, { readonly hexes: GraphicsLike; readonly borders: GraphicsLike; shapes: boolean }>();

  /** Takes a new surface (the canvas was drawn) and draws everything on it from `input`. */
  attach(surface: Surface, input: BoardInput): void {
    this.detach();
    this.surface = surface;
    this.drawnTerrain = null;
    this.drawnShapes.clear();
    this.blocks.clear();
    for (const kind of OVERLAY_KINDS) {
      if (TEXT_KINDS.has(kind)) this.labels.set(kind, surface.labels(kind));
      else this.graphics.set(kind, surface.graphics(kind));
    }
    this.input = input;
    surface.place(input.origin.x, input.origin.y);
    this.terrainStale = true;
    this.drawTerrain();
    this.drawMapState();
    this.drawHq();
  }

  /** Lets the surface go (the canvas is torn down). */
  detach(): void {
    this.surface?.destroy();
    this.surface = null;
    this.drawnTerrain = null;
    this.drawnShapes.clear();
    this.blocks.clear();
    this.graphics.clear();
    this.labels.clear();
    this.input = null;
  }

  get attached(): boolean {
    return this.surface !== null;
  }

  get terrainOverlayOn(): boolean {
    return this.terrainOn;
  }

  get shownHq(): HqShown | null {
    return this.hq;
  }

  /** The scene's terrain changed: the terrain overlay (if on) and the HQ radius are redrawn, and the markers (hexes may be gone). */
  terrainChanged(input: BoardInput): void {
    this.reinput(input);
    this.terrainStale = true;
    this.drawTerrain();
    this.drawMapState();
    this.drawHq();
  }

  /** The scene's map state changed: the markers, and the HQ radius shown (a cut autobahn shortens its resupply reach). */
  mapStateChanged(input: BoardInput): void {
    this.reinput(input);
    this.drawMapState();
    this.drawHq();
  }

  setTerrainOverlay(on: boolean): void {
    this.terrainOn = on;
    this.drawTerrain();
  }

  get terrainDraft(): MapView | null {
    return this.draft;
  }

  /**
   * The terrain overlay draws `draft` (the Map terrain window's unsaved map) instead of the scene's
   * terrain; null goes back to the scene's. Only the terrain overlay: the markers and the HQ radius
   * keep to the saved terrain the rules read.
   */
  setTerrainDraft(draft: MapView | null): void {
    if (draft === this.draft) return;
    this.draft = draft;
    this.terrainStale = true;
    this.drawTerrain();
  }

  /** Shows the radius of one HQ (or none); redraws only when it differs from what is shown. */
  showHq(hq: HqShown | null): void {
    const same =
      hq === null ? this.hq === null : this.hq !== null && hq.id === this.hq.id && hq.hex === this.hq.hex && hq.radius === this.hq.radius;
    this.hq = hq;
    if (!same) this.drawHq();
  }

  private reinput(input: BoardInput): void {
    this.input = input;
    this.surface?.place(input.origin.x, input.origin.y);
  }

  private count(kind: OverlayKind): void {
    this.draws.set(kind, (this.draws.get(kind) ?? 0) + 1);
  }

  private paint(groups: readonly ShapeGroup[]): void {
    for (const group of groups) {
      this.count(group.kind);
      this.drawnShapes.set(group.kind, group.shapes.length > 0);
      const labels = this.labels.get(group.kind);
      if (labels !== undefined) {
        labels.setTexts(group.shapes.filter((s): s is Extract<Shape, { type: "text" }> => s.type === "text"));
        labels.visible = group.shapes.length > 0;
        continue;
      }
      const g = this.graphics.get(group.kind);
      if (g === undefined) continue;
      paintShapes(g, group.shapes);
      g.visible = group.shapes.length > 0;
    }
  }

  private hide(kinds: readonly OverlayKind[]): void {
    for (const kind of kinds) {
      const g = this.graphics.get(kind) ?? this.labels.get(kind);
      if (g !== undefined) g.visible = false;
    }
  }

  private drawTerrain(): void {
    const input = this.input;
    if (this.surface === null || input === null) return;
    const map = this.draft ?? input.map;
    if (!this.terrainOn || map === null || input.size === null) {
      this.hide(TERRAIN_KINDS);
      return;
    }
    if (this.terrainStale) {
      this.paintTerrain(map, input.size);
      this.terrainStale = false;
    } else {
      for (const kind of TERRAIN_KINDS) {
        const g = this.graphics.get(kind) ?? this.labels.get(kind);
        if (g !== undefined) g.visible = true;
      }
    }
  }

  /**
   * Paints the terrain overlay of `view`, only the parts that differ from what was last painted on this
   * surface (issue #35: a painter's click changes one hex). On a surface with children the fills and borders
   * are painted per block of the map, and only the blocks a changed hex touches are painted again; the label
   * layer only when a name changed or a hex came or went; the rivers and roads only when they changed. The
   * parts not painted again show as they were drawn.
   */
  private paintTerrain(view: MapView, size: number): void {
    const prev = this.drawnTerrain;
    const sameGrid = prev?.size === size && prev.view.map.columns === view.map.columns && prev.view.map.rows === view.map.rows;
    const whole = !sameGrid;
    const groups: ShapeGroup[] = [];
    let labels = prev?.labels ?? [];
    const changed = whole ? null : changedHexes(prev.view.map, view.map);
    if (changed === null || changed.length > 0) {
      if (this.blocked()) this.paintBlocks(view, size, changed);
      else groups.push(...terrainHexGroups(view, size, { fillAlpha: FILL_ALPHA }).slice(0, 2));
      if (changed === null || textsChange(prev!.view.map, view.map, changed)) {
        const texts = terrainLabelGroup(view, size);
        if (whole || !sameTexts(labels, texts.shapes)) groups.push(texts);
        labels = texts.shapes;
      }
    }
    // An edit of a hex keeps the lists of hexsides and roads as they were: compared by what they hold only when new.
    const differ = (a: unknown, b: unknown) => a !== b && JSON.stringify(a) !== JSON.stringify(b);
    if (whole || differ(prev.view.map.hexsides, view.map.hexsides)) groups.push(...terrainSideGroups(view, size));
    if (whole || differ(prev.view.map.roads, view.map.roads)) groups.push(terrainRoadGroup(view, size));
    this.paint(groups);
    const painted = new Set(groups.map((g) => g.kind));
    for (const kind of TERRAIN_KINDS) {
      if (painted.has(kind)) continue;
      const g = this.graphics.get(kind) ?? this.labels.get(kind);
      if (g !== undefined) g.visible = this.drawnShapes.get(kind) ?? false;
    }
    this.drawnTerrain = { view, size, labels };
  }

  /** Whether the surface draws the fills and borders per block (its drawing objects give children). */
  private blocked(): boolean {
    return this.graphics.get("terrainHexes")?.child !== undefined && this.graphics.get("terrainBorders")?.child !== undefined;
  }

  /** Paints the fills and borders of the blocks `changed` hexes touch (every block when null; a block off the map is emptied). */
  private paintBlocks(view: MapView, size: number, changed: readonly HexRef[] | null): void {
    const hexesG = this.graphics.get("terrainHexes")!;
    const bordersG = this.graphics.get("terrainBorders")!;
    const dirty =
      changed === null
        ? terrainBlocks(view)
        : new Map([...new Set(changed.flatMap(blocksTouchedBy))].map((key) => [key, terrainBlockHexes(view, key)] as const));
    if (changed === null) for (const key of this.blocks.keys()) if (!dirty.has(key)) dirty.set(key, []);
    for (const [key, hexes] of dirty) {
      let block = this.blocks.get(key);
      if (block === undefined) {
        if (hexes.length === 0) continue;
        block = { hexes: hexesG.child!(), borders: bordersG.child!(), shapes: false };
        this.blocks.set(key, block);
      }
      const shapes = terrainBlockShapes(view, hexes, size, { fillAlpha: FILL_ALPHA });
      paintShapes(block.hexes, shapes.hexes);
      paintShapes(block.borders, shapes.borders);
      block.hexes.visible = shapes.hexes.length > 0;
      block.borders.visible = shapes.borders.length > 0;
      block.shapes = shapes.hexes.length > 0;
    }
    const any = [...this.blocks.values()].some((b) => b.shapes);
    for (const [kind, g] of [
      ["terrainHexes", hexesG],
      ["terrainBorders", bordersG],
    ] as const) {
      this.count(kind);
      this.drawnShapes.set(kind, any);
      g.visible = any;
    }
  }

  private drawMapState(): void {
    const input = this.input;
    if (this.surface === null || input === null) return;
    if (input.size === null) {
      this.hide(MAP_STATE_KINDS);
      return;
    }
    this.paint(mapStateOverlay(input.state, input.size, input.map));
  }

  private drawHq(): void {
    const input = this.input;
    if (this.surface === null || input === null) return;
    const hq = this.hq;
    if (hq === null || input.map === null || input.size === null) {
      this.hide(HQ_KINDS);
      return;
    }
    this.paint(hqOverlay(hqReach(input.map, hq.hex, hq.radius, input.state), hq.hex, input.size));
  }
}
