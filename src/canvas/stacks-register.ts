/**
 * Stacks on init (issue #36): the hooks that keep them drawn (./stacks.ts) with the PIXI painter, the
 * keys (`]` and `[` cycle through the stack of the selected or hovered token, `\` opens its viewer; each
 * can be changed under Configure Controls), and a stack button on the token HUD of a token in a stack.
 */
import { SYSTEM_ID } from "../base/constants";
import { tokenHudColumn } from "../base/compat";
import { localize } from "../base/foundry";
import { boardStacks, cycleFocusedStack, registerStacks, tokenInFocus, type StackPainter, type StackToken } from "./stacks";
import { pixiStackPainter } from "./stacks-pixi";
import { openStackViewer } from "./stack-viewer";

interface ElementLike {
  readonly ownerDocument: { createElement(tag: string): HTMLElement };
  append(node: unknown): void;
}

/** `renderTokenHUD`: a button that opens the stack viewer, on the HUD of a token that shares its hex. */
export function addStackHudButton(
  hud: { readonly object?: StackToken | null },
  html: { querySelector(selector: string): ElementLike | null },
): void {
  const token = hud.object;
  const id = token?.document.id;
  const column = tokenHudColumn(html, "left");
  if (token === null || token === undefined || id === null || id === undefined || column === null) return;
  if (boardStacks().stackOf(id).length < 2) return;
  const label = localize("NOBC.Stack.Open");
  const button = column.ownerDocument.createElement("button");
  button.setAttribute("type", "button");
  button.classList.add("control-icon", "nobc-stack-hud");
  button.dataset["tooltip"] = label;
  button.setAttribute("aria-label", label);
  button.innerHTML = '<i class="fa-solid fa-layer-group"></i>';
  button.addEventListener("click", () => openStackViewer(token));
  column.append(button);
}

/** The keys, registered on init as Foundry asks (`game.keybindings.register`). */
function registerStackKeys(): void {
  const keys = game.keybindings;
  if (keys === undefined) return;
  keys.register(SYSTEM_ID, "stackNext", {
    name: "NOBC.Stack.Key.Next",
    hint: "NOBC.Stack.Key.NextHint",
    editable: [{ key: "BracketRight" }],
    onDown: () => cycleFocusedStack(1),
  });
  keys.register(SYSTEM_ID, "stackPrevious", {
    name: "NOBC.Stack.Key.Previous",
    hint: "NOBC.Stack.Key.PreviousHint",
    editable: [{ key: "BracketLeft" }],
    onDown: () => cycleFocusedStack(-1),
  });
  keys.register(SYSTEM_ID, "stackViewer", {
    name: "NOBC.Stack.Key.Viewer",
    hint: "NOBC.Stack.Key.ViewerHint",
    editable: [{ key: "Backslash" }],
    onDown: () => {
      const token = tokenInFocus();
      if (token === null) return false;
      openStackViewer(token);
      return true;
    },
  });
}

/** A painter that draws nothing: for a canvas with no PIXI (the test harness plays the whole system without one). */
const NO_PIXI_PAINTER: StackPainter = { offset: () => undefined, badge: () => undefined, refresh: () => undefined };

export function registerBoardStacks(): void {
  registerStacks(() => ((globalThis as { PIXI?: unknown }).PIXI === undefined ? NO_PIXI_PAINTER : pixiStackPainter(openStackViewer)));
  registerStackKeys();
  Hooks.on("renderTokenHUD", ((hud: Parameters<typeof addStackHudButton>[0], html: Parameters<typeof addStackHudButton>[1]) =>
    addStackHudButton(hud, html)) as never);
}
