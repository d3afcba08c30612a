/**
 * A resolution card's element as the chat hook gets it, with no DOM: Apply, Undo and a split button,
 * a split input, a state line and a changes list. The fake records what the system does to it (the
 * card's classes, whether the changes list was cleared) for the tests to read.
 */
export function cardElement() {
  const control = (dataset: Record<string, string>) => ({
    dataset,
    hidden: false,
    disabled: false,
    value: "1",
    addEventListener: () => undefined,
    /** No table cell around it here: a read-only split input is replaced by its text in place. */
    closest: () => null,
    replaceWith: () => undefined,
  });
  const controls = [control({ nobcCard: "apply" }), control({ nobcCard: "undo" }), control({ nobcCard: "split", side: "attackers" })];
  const inputs = [control({ nobcSplit: "attackers", actor: "Actor.x" })];
  const node = () => ({
    append: () => undefined,
    textContent: "",
    className: "",
    type: "",
    disabled: false,
    before: () => undefined,
    addEventListener: () => undefined,
  });
  const ownerDocument = { createElement: node };
  const stateLine = { textContent: "", before: () => undefined };
  const changes = { cleared: false, replaceChildren: () => void (changes.cleared = true), ownerDocument };
  const classes = new Set<string>();
  const root = {
    classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)), add: (c: string) => classes.add(c) },
    ownerDocument,
    querySelector: (sel: string) => (sel === ".card-state" ? stateLine : sel === ".card-changes" ? changes : null),
    querySelectorAll: (sel: string) =>
      sel.includes("button[data-nobc-card]") ? [...controls, ...inputs] : sel.includes("input[data-nobc-split]") ? inputs : [],
  };
  const el = { querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : null) } as unknown as HTMLElement;
  return { el, controls: [...controls, ...inputs], stateLine, changes, classes };
}
