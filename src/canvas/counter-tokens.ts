/**
 * Unit tokens drawn as counters: over each unit's token, the counter of src/symbols/counter.ts (the
 * symbol of the sheets, strength current of full, the mode's letter, the designation) as this client's
 * user may see it (src/token/counter-face.ts). Drawn on each client, never written to a document: no
 * database call, and a player sees only what the unit's ownership lets them read.
 *
 * - `drawToken`: a unit's token gets its counter (a sprite under the token's bars, effects and name); so does the
 *   marker of an identified enemy unit on a team scene (its face and the strength shown, from the marker's flag),
 *   and a contact marker that carries a count (src/symbols/contact.ts).
 * - `refreshToken`: the counter follows the token's size.
 * - `updateActor` of a unit whose name, side, arm, size, strength, mode or ownership changed: the counters
 *   of that unit's own tokens are drawn again, and no other token's.
 * - `destroyToken`: its counter's texture is let go.
 * - the GM saved the teams (src/teams, `nobc.teamsChanged`): every unit's counter on the canvas is drawn again,
 *   since a member reads their side's counters in full.
 *
 * Foundry's Token class is left as it is (no `CONFIG.Token.objectClass` of ours): the hooks are all it takes,
 * and a module with its own Token class keeps working.
 */
import { translator } from "../base/foundry";
import { counterSvg } from "../symbols/counter";
import { contactSvg } from "../symbols/contact";
import { markerContactCount, markerCounterFace, touchesCounter, unitCounterFace, type CounterActor } from "../token/counter-face";
import { MARKER_FLAG, teamSceneOf } from "../schemas/team-scene";
import { SYSTEM_ID } from "../base/constants";
import type { Side } from "../rules/nobc/land/types";
import { counterWords } from "../view/counter";
import { TEAMS_CHANGED_HOOK } from "../teams/read";

interface Flagged {
  getFlag(scope: string, key: string): unknown;
}

/** A token placeable as the counter reads it. */
export interface CounterToken {
  readonly actor?: CounterActor | null;
  readonly document?: ({ readonly id?: string | null; readonly parent?: Flagged | null } & Partial<Flagged>) | null;
}

const ENEMY: Readonly<Record<Side, Side>> = { nato: "wp", wp: "nato" };

/** The marker flag of a token of no actor on a team scene, and the side that scene's enemy is; null for any other token. */
function markerOf(token: CounterToken): { flag: unknown; enemy: Side } | null {
  const doc = token.document;
  if (token.actor !== null && token.actor !== undefined) return null;
  if (doc === null || doc === undefined || typeof doc.getFlag !== "function") return null;
  const scene = teamSceneOf(doc.parent);
  return scene === null ? null : { flag: doc.getFlag(SYSTEM_ID, MARKER_FLAG), enemy: ENEMY[scene.side] };
}

/** A team scene's marker drawn over its image: an identified enemy unit's counter, or a contact with its count; else null. */
function markerSvgFor(token: CounterToken): string | null {
  const marker = markerOf(token);
  if (marker === null) return null;
  const face = markerCounterFace(marker.flag, marker.enemy);
  if (face !== null) return counterSvg(face, counterWords(face, translator()), COUNTER_PX);
  const count = markerContactCount(marker.flag);
  return count === null
    ? null
    : contactSvg(count, translator().format("NOBC.TeamScenes.ContactCount", { count: String(count) }), COUNTER_PX);
}

/** Whether `token` carries a counter: a unit's token, an identified enemy unit's marker or a counted contact on a team scene. */
function drawsCounter(token: CounterToken): boolean {
  if (token.actor?.type === "unit") return true;
  const marker = markerOf(token);
  return marker !== null && (markerCounterFace(marker.flag, marker.enemy) !== null || markerContactCount(marker.flag) !== null);
}

/** How a counter is put on a token: a PIXI sprite in Foundry; a test may put a recorder in its place. */
export interface CounterPainter {
  /** Shows `svg` (a counter, 100 × 100 box) on `token`, in place of the counter it showed. */
  paint(token: CounterToken, svg: string): void;
  /** Fits the counter shown to the token's size. */
  fit(token: CounterToken): void;
  /** Lets the counter of a token that is going away go. */
  release(token: CounterToken): void;
}

/** Pixels of a counter's texture: crisp up to a zoom of about 1.3 on a 100 px grid, 64 KB of GPU memory each. */
export const COUNTER_PX = 128;

/** The counter `token` shows this client's user now, as SVG; null for a token that is not a unit's. */
export function counterSvgFor(token: CounterToken, user: unknown = game.user): string | null {
  const actor = token.actor;
  if (actor === null || actor === undefined) return markerSvgFor(token);
  const face = unitCounterFace(actor, user);
  return face === null ? null : counterSvg(face, counterWords(face, translator()), COUNTER_PX);
}

interface PixiToken extends PIXI.Container {
  readonly w: number;
  readonly h: number;
}

interface Shown {
  sprite: PIXI.Sprite;
  /**
   * The counter's own texture, kept apart from the sprite: Foundry destroys a token's children when it
   * draws the token anew, and a destroyed sprite no longer holds its texture, which must still be let go.
   */
  texture: PIXI.Texture | null;
  svg: string;
  /** Raised by each paint: a texture that finishes after a later paint began is dropped. */
  seq: number;
}

/** The SVG drawn onto a canvas of `px` square, as a texture of its own. */
async function rasterise(svg: string, px: number): Promise<PIXI.Texture> {
  const image = new Image(px, px);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = px;
  canvas.height = px;
  canvas.getContext("2d")?.drawImage(image, 0, 0, px, px);
  return PIXI.Texture.from(canvas);
}

/** A counter's texture as it is let go: each is the counter's own, so its base goes with it. */
interface TextureLike {
  /** Null once the texture itself is destroyed. */
  readonly baseTexture: { readonly destroyed: boolean } | null;
  destroy(destroyBase: boolean): void;
}

const dropTexture = (texture: TextureLike | null | undefined) => {
  if (texture === null || texture === undefined || texture === (PIXI.Texture.EMPTY as TextureLike)) return;
  if (texture.baseTexture !== null && !texture.baseTexture.destroyed) texture.destroy(true);
};

/** The painter of Foundry's canvas: one sprite per unit token, under its other children, taking no pointer events. */
export function pixiCounterPainter(): CounterPainter {
  const shown = new WeakMap<object, Shown>();
  const fit = (token: CounterToken) => {
    const entry = shown.get(token);
    const t = token as unknown as PixiToken;
    if (entry === undefined || entry.sprite.destroyed) return;
    const side = Math.min(t.w, t.h);
    entry.sprite.width = side;
    entry.sprite.height = side;
    entry.sprite.position.set((t.w - side) / 2, (t.h - side) / 2);
  };
  return {
    paint(token, svg) {
      const t = token as unknown as PixiToken;
      let entry = shown.get(token);
      // A token drawn again has lost its children: its counter is made anew.
      if (entry === undefined || entry.sprite.destroyed || entry.sprite.parent !== t) {
        if (entry !== undefined) {
          entry.seq++;
          dropTexture(entry.texture);
          if (!entry.sprite.destroyed) entry.sprite.destroy();
        }
        const sprite = new PIXI.Sprite(PIXI.Texture.EMPTY);
        sprite.eventMode = "none";
        t.addChildAt(sprite, 0);
        entry = { sprite, texture: null, svg: "", seq: 0 };
        shown.set(token, entry);
      }
      if (entry.svg === svg) return;
      const current = entry;
      current.svg = svg;
      const seq = ++current.seq;
      rasterise(svg, COUNTER_PX).then(
        (texture) => {
          if (current.seq !== seq || current.sprite.destroyed) return dropTexture(texture);
          const old = current.texture;
          current.sprite.texture = texture;
          current.texture = texture;
          dropTexture(old);
          fit(token);
        },
        (error: unknown) => console.warn("nobc | a counter could not be drawn", error),
      );
    },
    fit,
    release(token) {
      const entry = shown.get(token);
      if (entry === undefined) return;
      shown.delete(token);
      entry.seq++;
      dropTexture(entry.texture);
      entry.texture = null;
      if (!entry.sprite.destroyed) entry.sprite.destroy();
    },
  };
}

let painter: CounterPainter | null = null;
let makePainter: () => CounterPainter = pixiCounterPainter;

/** A test puts a recorder in place of the PIXI painter (before `registerCounterTokens`'s hooks fire). */
export function setCounterPainter(factory: () => CounterPainter): void {
  makePainter = factory;
  painter = null;
}

const thePainter = () => (painter ??= makePainter());

function paint(token: CounterToken): void {
  const svg = counterSvgFor(token);
  if (svg !== null) thePainter().paint(token, svg);
}

interface UnitWithTokens extends CounterActor {
  getActiveTokens(): readonly CounterToken[];
}

/** A unit's counter changed: only its own tokens are drawn again. */
export function redrawUnitCounters(actor: UnitWithTokens, changes: unknown): void {
  if (actor.type !== "unit" || !touchesCounter(changes)) return;
  for (const token of actor.getActiveTokens()) paint(token);
}

export function registerCounterTokens(): void {
  Hooks.on("drawToken", ((token: CounterToken) => paint(token)) as never);
  Hooks.on("refreshToken", ((token: CounterToken) => {
    if (drawsCounter(token)) thePainter().fit(token);
  }) as never);
  // A marker whose knowledge changed (a strength shown) keeps its image: its counter is drawn again from the flag.
  Hooks.on("updateToken", ((doc: { object?: CounterToken | null }, changes: { flags?: Record<string, unknown> }) => {
    const token = doc.object;
    if (token === null || token === undefined || changes.flags?.[SYSTEM_ID] === undefined || markerOf(token) === null) return;
    // A marker that no longer carries a counter (a count the world stopped showing) lets its old one go.
    if (counterSvgFor(token) === null) thePainter().release(token);
    else paint(token);
  }) as never);
  Hooks.on("destroyToken", ((token: CounterToken) => thePainter().release(token)) as never);
  Hooks.on("updateActor", ((actor: UnitWithTokens, changes: unknown) => redrawUnitCounters(actor, changes)) as never);
  Hooks.on(
    TEAMS_CHANGED_HOOK as never,
    (() => {
      for (const token of (canvas?.tokens?.placeables ?? []) as readonly CounterToken[]) if (token.actor?.type === "unit") paint(token);
    }) as never,
  );
}
