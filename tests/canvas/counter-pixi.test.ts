/**
 * The PIXI painter of the unit counters (src/canvas/counter-tokens.ts) against a stand-in of the PIXI 7
 * behaviour it relies on: a destroyed sprite drops its texture (null), a destroyed texture drops its base.
 * Foundry destroys a token's children when it draws the token anew, so the painter must make a new sprite
 * and let the old counter's texture go, once, without reading the destroyed sprite.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pixiCounterPainter, type CounterToken } from "../../src/canvas/counter-tokens";

class Texture {
  static readonly EMPTY = new Texture();
  static from(): Texture {
    const texture = new Texture();
    made.push(texture);
    return texture;
  }
  baseTexture: { destroyed: boolean } | null = { destroyed: false };
  destroyCalls = 0;
  destroy(base: boolean): void {
    this.destroyCalls++;
    if (base && this.baseTexture !== null) this.baseTexture.destroyed = true;
    this.baseTexture = null;
  }
}
let made: Texture[] = [];

class Sprite {
  texture: Texture | null;
  destroyed = false;
  parent: Container | null = null;
  eventMode = "auto";
  width = 0;
  height = 0;
  readonly position = { set: (x: number, y: number) => void Object.assign(this, { x, y }) };
  constructor(texture: Texture) {
    this.texture = texture;
  }
  destroy(): void {
    this.destroyed = true;
    this.texture = null;
    this.parent = null;
  }
}

class Container {
  children: Sprite[] = [];
  readonly w = 100;
  readonly h = 100;
  addChildAt(child: Sprite, index: number): void {
    child.parent = this;
    this.children.splice(index, 0, child);
  }
  /** What Foundry's redraw does to a token's children. */
  clear(): void {
    for (const child of this.children.splice(0)) child.destroy();
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  made = [];
  vi.stubGlobal("PIXI", { Texture, Sprite });
  vi.stubGlobal(
    "Image",
    class {
      src = "";
      decode = () => Promise.resolve();
    },
  );
  vi.stubGlobal("document", { createElement: () => ({ width: 0, height: 0, getContext: () => ({ drawImage: () => undefined }) }) });
});
afterEach(() => vi.unstubAllGlobals());

describe("the PIXI counter painter", () => {
  it("draws a counter, and after Foundry redraws the token draws it again on a new sprite, letting the old texture go once", async () => {
    const painter = pixiCounterPainter();
    const token = new Container();
    const asToken = token as unknown as CounterToken;
    painter.paint(asToken, "<svg>a</svg>");
    await settle();
    const first = token.children[0]!;
    expect(first.texture).toBe(made[0]);
    expect(first.width).toBe(100);

    token.clear();
    expect(() => painter.paint(asToken, "<svg>a</svg>")).not.toThrow();
    await settle();
    expect(made[0]!.destroyCalls).toBe(1);
    expect(token.children).toHaveLength(1);
    expect(token.children[0]).not.toBe(first);
    expect(token.children[0]!.texture).toBe(made[1]);

    token.clear();
    expect(() => painter.release(asToken)).not.toThrow();
    expect(made[1]!.destroyCalls).toBe(1);
  });

  it("drops a texture that finishes after a newer paint began", async () => {
    const painter = pixiCounterPainter();
    const token = new Container();
    const asToken = token as unknown as CounterToken;
    painter.paint(asToken, "<svg>a</svg>");
    painter.paint(asToken, "<svg>b</svg>");
    await settle();
    expect(made).toHaveLength(2);
    expect(made[0]!.destroyCalls).toBe(1);
    expect(token.children[0]!.texture).toBe(made[1]);
  });
});
