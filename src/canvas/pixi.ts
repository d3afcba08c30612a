/**
 * The board's surface on Foundry's canvas: one PIXI.Container over the scene, in the interface
 * group (above the tokens, under Foundry's own controls), with one PIXI.Graphics per kind (each giving
 * child Graphics, so the terrain's fills and borders are drawn a block of the map per child) and one
 * container of bitmap texts for the labels (one shared glyph atlas, not a texture per label). It
 * takes no pointer events, so tokens stay clickable through it.
 */
import type { OverlayKind, Shape } from "../map/overlay";
import type { GraphicsLike, LabelsLike, Surface } from "./board";

const FONT = "nobc-board-labels";
/** The glyphs of hex labels and place names: printable ASCII and the Latin-1 letters (ä, ö, ü, ß, é, …). */
const GLYPHS: (string | string[])[] = [
  [" ", "~"],
  ["À", "ÿ"],
];
/** The font's size in texture pixels; texts are scaled from it. */
const FONT_SIZE = 32;

let fontInstalled = false;

function installFont(): void {
  if (fontInstalled) return;
  PIXI.BitmapFont.from(
    FONT,
    { fontFamily: "Signika, Arial, sans-serif", fontSize: FONT_SIZE, fill: 0xffffff, stroke: 0x000000, strokeThickness: 0 },
    { chars: GLYPHS, resolution: 2 },
  );
  fontInstalled = true;
}

class PixiLabels implements LabelsLike {
  constructor(private readonly container: PIXI.Container) {}

  get visible(): boolean {
    return this.container.visible;
  }

  set visible(v: boolean) {
    this.container.visible = v;
  }

  setTexts(texts: readonly Extract<Shape, { type: "text" }>[]): void {
    for (const child of this.container.removeChildren()) child.destroy();
    if (texts.length === 0) return;
    installFont();
    for (const t of texts) {
      const text = new PIXI.BitmapText(t.text, { fontName: FONT, fontSize: t.size, tint: t.colour, align: "center" });
      text.anchor.set(0.5, 0.5);
      text.position.set(t.x, t.y);
      this.container.addChild(text);
    }
  }
}

/** A PIXI.Graphics that gives children (the board draws the terrain a block of the map per child). */
function blockGraphics(parent: PIXI.Container): GraphicsLike {
  const g = parent.addChild(new PIXI.Graphics());
  return Object.assign(g, { child: (): GraphicsLike => blockGraphics(g) });
}

/** A surface on the viewed scene's canvas, or null when there is no canvas to draw on. */
export function pixiSurface(): Surface | null {
  const group = canvas?.interface;
  if (canvas?.ready !== true || group === undefined) return null;
  const root = new PIXI.Container();
  root.eventMode = "none";
  root.interactiveChildren = false;
  group.addChild(root);
  return {
    graphics(_kind: OverlayKind): GraphicsLike {
      return blockGraphics(root);
    },
    labels(_kind: OverlayKind): LabelsLike {
      return new PixiLabels(root.addChild(new PIXI.Container()));
    },
    place(x: number, y: number): void {
      root.position.set(x, y);
    },
    destroy(): void {
      // Destroying a display object also takes it out of its parent.
      root.destroy({ children: true });
    },
  };
}
