/**
 * The one dialog shell (loaded on first use, by ./registry.ts). It owns what every dialog repeats:
 * a unique window id, the window and its template from the controller, the world read afresh for
 * each change and Submit and for each render (but the one right after a change, which draws from the
 * change's reading unless the world changed in between), the form's change handling, the buttons,
 * the access check at open and at Submit, the busy flag while Submit runs, refusing with the one
 * warning, posting through ./submit.ts, and closing once done. What a dialog decides lives in its
 * controller (./controller.ts).
 */
import { withNames } from "../../words/phrase";
import { worldName } from "../../chat/render";
import { errorText } from "../../base/errors";
import { notify, translator } from "../../base/foundry";
import { templatePath } from "../../view/paths";
import type { AnyController, FormValues } from "./controller";
import { requestResolution } from "./request";
import { refuse } from "./submit";
import { watchWorld } from "../../world/world-watch";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

let serial = 0;

/** A window id of its own for each dialog opened, so two open at once never share one. */
export function dialogId(name: string): string {
  serial += 1;
  return `nobc-${name.replace(/[^A-Za-z0-9-]/g, "-")}-${serial}`;
}

export class NobcDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["nobc"],
    window: { resizable: true },
    position: { height: "auto" as const },
    form: { handler: NobcDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
  };

  readonly #controller: AnyController;
  #state: unknown;
  #busy = false;
  /** The registry's id of the dialog: what a request names. */
  readonly #name: string;
  /** The world as the last change read it, dropped when the world changes: the render that follows draws from it. */
  #reading: { readonly world: unknown } | null = null;
  /** Stops watching the world for changes (watched from the first change until the dialog closes). */
  #unwatch: (() => void) | null = null;

  /** `name` gives the window id its stem (the registry's id of the dialog). */
  constructor(controller: AnyController, state: unknown, name: string) {
    const actions: Record<string, (this: NobcDialog, event: PointerEvent, target: HTMLElement) => Promise<void>> = {
      [controller.submitAction]: NobcDialog.#onSubmit,
    };
    for (const action of Object.keys(controller.actions ?? {})) actions[action] = NobcDialog.#onAction;
    super({
      id: dialogId(name),
      classes: [...controller.classes],
      window: { title: controller.title, icon: controller.icon },
      position: { width: controller.width },
      actions,
    });
    this.#controller = controller;
    this.#state = state;
    this.#name = name;
  }

  /** The dialog's state as its controller last made it. */
  get dialogState(): unknown {
    return this.#state;
  }

  /** True while Submit runs (its button is disabled, a second click does nothing). */
  get busy(): boolean {
    return this.#busy;
  }

  protected override _configureRenderParts() {
    return { body: { template: templatePath(this.#controller.template), scrollable: [""] } };
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    // Drawn on this user's own client: the rules' UUIDs are named by the documents here.
    const context = this.#controller.context(this.#state, this.#world(), withNames(translator(), worldName));
    return Object.assign(await super._prepareContext(options), context, { busy: this.#busy });
  }

  /**
   * The world for a render: the last change's reading while nothing has changed since (one world read per
   * change, not two), else read afresh. A reading serves one render only.
   */
  #world(): unknown {
    const kept = this.#reading;
    this.#reading = null;
    return kept !== null ? kept.world : this.#controller.read();
  }

  /** After each render: the controller's own wiring of the page (`rendered`), when it has any. */
  protected override async _onRender(
    context: Parameters<foundry.applications.api.ApplicationV2["_onRender"]>[0],
    options: Parameters<foundry.applications.api.ApplicationV2["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    this.#controller.rendered?.(this.element, (action, target) => this.act(action, target));
  }

  /** Form input → state, then the new preview. */
  async change(values: FormValues): Promise<void> {
    await this.#update((state, world) => this.#controller.change(state, values, world));
  }

  /** One of the controller's buttons (`data-action`), then the new preview. */
  async act(action: string, target: HTMLElement): Promise<void> {
    const run = this.#controller.actions?.[action];
    if (run !== undefined) await this.#update((state, world) => run(state, world, target));
  }

  /**
   * A new state from the controller, then the new preview. Ignored while Submit runs (Submit works on the
   * state it read); a failure is told (Foundry does not await these handlers) and leaves the state as it was.
   */
  async #update(next: (state: unknown, world: unknown) => unknown): Promise<void> {
    if (this.#busy) return;
    try {
      const world = this.#controller.read();
      this.#reading = { world };
      this.#unwatch ??= watchWorld(() => (this.#reading = null));
      this.#state = await next(this.#state, world);
    } catch (error) {
      notify("error", this.#controller.failed ?? "NOBC.Dialog.Failed", { error: errorText(error) });
    }
    await this.render();
  }

  /**
   * Submit (the roll, post or import button): who may is checked here first (to say no at once),
   * then the state goes to the active GM as a request (./request.ts), whose client reads the world,
   * checks again, rolls and posts. Refused: every reason warned, nothing posted, the dialog stays
   * open with the fresh preview. Done: the dialog closed, and the card posted (or the work's
   * result) returned.
   */
  async resolve(): Promise<unknown> {
    if (this.#busy) return null;
    const controller = this.#controller;
    const access = controller.access(this.#state, controller.read());
    if (!access.ok) {
      refuse(access);
      return null;
    }
    this.#busy = true;
    let done: { readonly ok: boolean; readonly result?: unknown };
    try {
      await this.render();
      done = await requestResolution(this.#name, this.#state, controller);
    } catch (error) {
      notify("error", controller.failed ?? "NOBC.Dialog.Failed", { error: errorText(error) });
      done = { ok: false };
    } finally {
      this.#busy = false;
    }
    if (!done.ok) {
      await this.render();
      return null;
    }
    await this.close();
    return done.result ?? null;
  }

  protected override _onClose(options: foundry.applications.api.ApplicationV2.RenderOptions): void {
    super._onClose(options);
    this.#unwatch?.();
    this.#unwatch = null;
    this.#reading = null;
    this.#controller.closed?.(this.#state, this.#controller.read());
  }

  static async #onChange(
    this: NobcDialog,
    _event: Event | SubmitEvent,
    form: HTMLFormElement,
    formData: { object: FormValues },
  ): Promise<void> {
    await this.change(this.#controller.readForm?.(form) ?? formData.object);
  }

  static async #onSubmit(this: NobcDialog): Promise<void> {
    await this.resolve();
  }

  static async #onAction(this: NobcDialog, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.act(target.dataset["action"] ?? "", target);
  }
}

/**
 * Opens a dialog for this user: the state the controller opens on, checked for access, then
 * rendered. Refused: the reason warned, nothing opened, null.
 */
export async function showDialog(controller: AnyController, args: object, name: string): Promise<NobcDialog | null> {
  const world = controller.read();
  const start = controller.open(world, args);
  if (!start.ok) {
    refuse(start);
    return null;
  }
  const access = controller.access(start.state, world);
  if (!access.ok) {
    refuse(access);
    return null;
  }
  const dialog = new NobcDialog(controller, start.state, name);
  await dialog.render({ force: true });
  return dialog;
}
