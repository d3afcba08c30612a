/**
 * The chart window's drag and drop (DOM only, wired after each render): a counter dragged (with the
 * other selected counters when it is one of them) onto an open box asks the chart's `place` action,
 * the same action a box's "Put the selected here" button asks from the keyboard. Nothing moves in
 * the page: the window draws itself again from its state, so a refused drop leaves the counter where it was.
 */

/** The drag's data type: the squadrons' UUIDs, comma-separated (a UUID holds no comma). */
export const SQUADRONS_MIME = "application/x-nobc-squadrons";

/** A weapon card's drag: its kind ("": the card taken off). */
export const WEAPON_MIME = "application/x-nobc-weapon";

type Act = (action: string, target: HTMLElement) => Promise<void>;

const closest = (e: Event, selector: string): HTMLElement | null =>
  e.target instanceof Element ? e.target.closest<HTMLElement>(selector) : null;
const counterOf = (e: Event): HTMLElement | null => closest(e, "[data-squadron]");
const boxOf = (e: Event): HTMLElement | null => closest(e, "[data-drop-box]");

/** The squadrons a drag of `counter` carries: every selected one when it is selected, else itself. */
export function draggedSquadrons(root: ParentNode, counter: HTMLElement): string[] {
  const id = counter.dataset["squadron"] ?? "";
  const selected = [...root.querySelectorAll<HTMLElement>('[data-squadron][aria-pressed="true"]')].map(
    (el) => el.dataset["squadron"] ?? "",
  );
  return selected.includes(id) ? selected : [id];
}

export function wireChartDrags(root: HTMLElement, act: Act): void {
  root.addEventListener("dragstart", (e) => {
    const card = closest(e, "[data-weapon]");
    if (card !== null && e.dataTransfer !== null) {
      e.dataTransfer.setData(WEAPON_MIME, card.dataset["weapon"] ?? "");
      e.dataTransfer.effectAllowed = "copy";
      return;
    }
    const counter = counterOf(e);
    if (counter === null || e.dataTransfer === null) return;
    e.dataTransfer.setData(SQUADRONS_MIME, draggedSquadrons(root, counter).join(","));
    e.dataTransfer.effectAllowed = "move";
  });
  root.addEventListener("dragover", (e) => {
    if (e.dataTransfer?.types.includes(WEAPON_MIME) === true) {
      if (counterOf(e) !== null) e.preventDefault();
      return;
    }
    const box = boxOf(e);
    if (box === null || !(e.dataTransfer?.types.includes(SQUADRONS_MIME) ?? false)) return;
    e.preventDefault();
    box.classList.add("drop-over");
  });
  root.addEventListener("dragleave", (e) => boxOf(e)?.classList.remove("drop-over"));
  root.addEventListener("drop", (e) => {
    const onCounter = counterOf(e);
    if (onCounter !== null && e.dataTransfer?.types.includes(WEAPON_MIME) === true) {
      e.preventDefault();
      e.stopPropagation();
      // A weapon card onto a counter: that squadron, or every selected one when it is selected.
      const arm = root.ownerDocument.createElement("div");
      arm.dataset["weapon"] = e.dataTransfer.getData(WEAPON_MIME);
      arm.dataset["squadrons"] = draggedSquadrons(root, onCounter).join(",");
      void act("arm", arm);
      return;
    }
    const box = boxOf(e);
    const squadrons = e.dataTransfer?.getData(SQUADRONS_MIME) ?? "";
    if (box === null || squadrons === "") return;
    e.preventDefault();
    e.stopPropagation();
    box.classList.remove("drop-over");
    // The move as the action reads it: the box and the squadrons, on an element of its own.
    const move = root.ownerDocument.createElement("div");
    move.dataset["box"] = box.dataset["dropBox"] ?? "";
    move.dataset["squadrons"] = squadrons;
    void act("place", move);
  });
}
