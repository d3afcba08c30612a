/**
 * The stack viewer (issue #36): a small window listing the tokens of one hex, top first, with what this
 * client's user may know of each (src/view/stack.ts). Opened from the token HUD, the key (default `\`)
 * or a click on a stack's count; drawn again whenever the stacks are laid out again while it is open.
 * A row's button selects that token on the canvas. It reads the canvas only: nothing is written.
 */
import { translator } from "../base/foundry";
import { templatePath } from "../view/paths";
import { stackViewerContext, type StackEntry } from "../view/stack";
import { unitCounterFace, type CounterActor } from "../token/counter-face";
import { hiddenInformation } from "../base/settings";
import { boardStacks, mayCount, onStacksDrawn, viewerOf, type StackToken } from "./stacks";

interface ViewerToken extends StackToken {
  readonly controlled?: boolean;
  readonly name?: string;
  readonly actor?: (CounterActor & StackToken["actor"] & { readonly name: string | null }) | null;
}

const placeables = () =>
  (globalThis as { canvas?: { tokens?: { placeables?: readonly ViewerToken[] } | null } }).canvas?.tokens?.placeables ?? [];

/** What the viewer lists for the stack `ids` (bottom first), from the tokens on this client's canvas. */
export function stackEntries(ids: readonly string[], tokens: readonly ViewerToken[], user: unknown): StackEntry[] {
  const byId = new Map(tokens.map((t) => [t.document.id ?? "", t]));
  const entries: StackEntry[] = [];
  for (const id of ids) {
    const t = byId.get(id);
    if (t === undefined) continue;
    const actor = t.actor;
    const face = actor === null || actor === undefined ? null : unitCounterFace(actor, user);
    const controlled = t.controlled === true;
    if (face === null || actor === null || actor === undefined) {
      entries.push({ kind: "piece", token: id, name: actor?.name ?? t.name ?? "", controlled });
      continue;
    }
    const s = actor.system as { supply?: number; movementPoints?: number };
    const known = face.strength !== null;
    entries.push({
      kind: "unit",
      token: id,
      face,
      supply: known ? (s.supply ?? null) : null,
      movementPoints: known ? (s.movementPoints ?? null) : null,
      controlled,
    });
  }
  return entries;
}

type ViewerClass = new (token: string) => { render(options: { force: boolean }): unknown; focusOn(token: string): void };
let Viewer: ViewerClass | null = null;
let open: InstanceType<ViewerClass> | null = null;

function viewerClass(): ViewerClass {
  if (Viewer !== null) return Viewer;
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  class StackViewer extends HandlebarsApplicationMixin(ApplicationV2) {
    static override DEFAULT_OPTIONS = {
      id: "nobc-stack-viewer",
      classes: ["nobc", "nobc-stack-viewer"],
      window: { title: "NOBC.Stack.Title", icon: "fa-solid fa-layer-group", resizable: true },
      position: { width: 340, height: "auto" as const },
      actions: { selectToken: StackViewer.#select },
    };

    /** A token of the stack shown: the stack is found again from it after each layout. */
    #token: string;
    #stop: (() => void) | null = null;

    constructor(token: string) {
      super({});
      this.#token = token;
      // Open, it follows the stacks: a move into or out of the hex lists it afresh.
      this.#stop = onStacksDrawn(() => void this.render({ force: false }));
    }

    focusOn(token: string): void {
      this.#token = token;
    }

    protected override _configureRenderParts() {
      return { body: { template: templatePath("apps/stack-viewer.hbs"), scrollable: [""] } };
    }

    protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
      const stack = boardStacks().stackOf(this.#token);
      // A token alone in its hex is listed alone, and only if this client may count it (never another side's real token).
      const alone = placeables().find((t) => t.document.id === this.#token);
      const blind = hiddenInformation() === "doubleBlind";
      const ids = stack.length > 0 ? stack : alone !== undefined && mayCount(alone, viewerOf(game.user, blind)) ? [this.#token] : [];
      const entries = stackEntries(ids, placeables(), game.user);
      return Object.assign(await super._prepareContext(options), stackViewerContext(entries, translator()));
    }

    protected override _onClose(options: never) {
      super._onClose(options);
      this.#stop?.();
      this.#stop = null;
      if (open === (this as unknown)) open = null;
    }

    static #select(this: StackViewer, _event: PointerEvent, target: HTMLElement): void {
      const id = target.dataset["token"] ?? "";
      const token = placeables().find((t) => t.document.id === id);
      token?.control?.({ releaseOthers: true });
      void this.render({ force: false });
    }
  }
  return (Viewer = StackViewer as unknown as ViewerClass);
}

/** Opens (or brings up) the viewer on the stack of `token`. */
export function openStackViewer(token: StackToken): void {
  const id = token.document.id;
  if (id === null || id === undefined) return;
  if (open === null) open = new (viewerClass())(id);
  else open.focusOn(id);
  void open.render({ force: true });
}
