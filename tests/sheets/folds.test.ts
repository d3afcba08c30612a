/**
 * A sheet's folds stay as the user left them across re-renders (src/sheets/folds.ts): each render
 * draws new `<details>`, closed, so the memory opens again what the user opened. The elements are
 * small stand-ins with the members the memory uses (no DOM in this suite).
 */
import { describe, expect, it } from "vitest";
import { FoldMemory } from "../../src/sheets/folds";

class FakeFold {
  open = false;
  readonly dataset: Record<string, string>;
  readonly #listeners: (() => void)[] = [];
  constructor(name: string) {
    this.dataset = { fold: name };
  }
  addEventListener(type: string, listener: () => void): void {
    if (type === "toggle") this.#listeners.push(listener);
  }
  /** The user clicks the summary. */
  toggle(): void {
    this.open = !this.open;
    for (const l of this.#listeners) l();
  }
}

/** One render of a sheet: new folds, all closed as the template draws them. */
function rendered(...names: string[]): { root: HTMLElement; folds: FakeFold[] } {
  const folds = names.map((n) => new FakeFold(n));
  const root = { querySelectorAll: (selector: string) => (selector === "details[data-fold]" ? folds : []) };
  return { root: root as unknown as HTMLElement, folds };
}

describe("the folds of a sheet", () => {
  it("open again after a re-render what the user opened, and stay closed what they closed", () => {
    const memory = new FoldMemory();
    const first = rendered("cards", "details", "notes");
    memory.restore(first.root);
    first.folds[0]!.toggle(); // cards opened
    first.folds[2]!.toggle(); // notes opened…
    first.folds[2]!.toggle(); // …and closed again
    const second = rendered("cards", "details", "notes");
    memory.restore(second.root);
    expect(second.folds.map((f) => f.open)).toEqual([true, false, false]);
    second.folds[1]!.toggle();
    const third = rendered("cards", "details", "notes");
    memory.restore(third.root);
    expect(third.folds.map((f) => f.open)).toEqual([true, true, false]);
  });

  it("leaves a fold the user has not touched as the template drew it", () => {
    const memory = new FoldMemory();
    const { root, folds } = rendered("effect");
    folds[0]!.open = true; // drawn open (a support card's effect)
    memory.restore(root);
    expect(folds[0]!.open).toBe(true);
  });
});
