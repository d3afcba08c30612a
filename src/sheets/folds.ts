/**
 * The folds of a sheet (`<details data-fold>`) kept as the user left them: every change on a sheet
 * re-renders it, and a re-rendered fold would close again under the user's hand.
 */
export class FoldMemory {
  readonly #open = new Map<string, boolean>();

  /** After a render: each fold opened or closed as last left, and its next toggle remembered. */
  restore(root: HTMLElement): void {
    for (const fold of root.querySelectorAll<HTMLDetailsElement>("details[data-fold]")) {
      const name = fold.dataset["fold"] ?? "";
      const open = this.#open.get(name);
      if (open !== undefined) fold.open = open;
      fold.addEventListener("toggle", () => this.#open.set(name, fold.open));
    }
  }
}
