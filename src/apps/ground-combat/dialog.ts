/**
 * The ground-combat planner dialog (loaded on first use by ./open.ts). A thin shell: the world is
 * read with `readBattlefield`, every decision is made by the pure modules of this folder, and Roll
 * posts a pending card (./roll.ts). Also the macro entry points, which share the same path.
 */
import type { Refusal } from "../../rules/resolution";
import type { GroundCombatPlan } from "../../rules/nobc/land/combat";
import type { Battlefield } from "../../world/battlefield";
import { readBattlefield } from "../../world/read";
import { rulesOptions } from "../../base/settings";
import { templatePath } from "../../view/paths";
import { groundCombatContext, withNames } from "./context";
import { planFromState } from "./input";
import { openArgsSchema, parseArgs, resolveArgsSchema, stateFromArgs } from "./macro";
import { foundryTranslator, rollAndPost } from "./roll";
import { addMission, applyForm, defaultState, removeMission, type FormValues, type GroundCombatState, type Selection } from "./state";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** Warns with every reason, references written as names. */
export function warnRefusals(refusals: readonly Refusal[], names: ReadonlyMap<string, string> = new Map()): void {
  const reason = refusals.map((r) => withNames(r.message, names)).join(" ");
  ui.notifications?.warn(game.i18n?.format("NOBC.Notify.Refused", { reason }) ?? reason);
}

interface TokenLike {
  readonly actor?: { readonly uuid: string } | null;
}

/** The actors of the controlled and the targeted tokens. */
export function canvasSelection(): Selection {
  const board = (globalThis as { canvas?: { tokens?: { controlled?: readonly TokenLike[] } | null } }).canvas;
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | null)?.targets ?? [];
  const uuids = (tokens: Iterable<TokenLike>) => [...tokens].map((t) => t.actor?.uuid).filter((u) => u !== undefined);
  return { selected: uuids(board?.tokens?.controlled ?? []), targeted: uuids(targets) };
}

/** Reads a submitted form as every value of each name (unticked boxes send nothing). */
function formValues(form: HTMLFormElement): FormValues {
  const out: Record<string, string[]> = {};
  for (const [name, value] of new FormData(form)) (out[name] ??= []).push(String(value));
  return out;
}

export class GroundCombatPlanner extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "nobc-ground-combat-{id}",
    tag: "form",
    classes: ["nobc", "nobc-ground-combat"],
    window: { title: "NOBC.GroundCombat.Title", icon: "fa-solid fa-crosshairs", resizable: true },
    position: { width: 760, height: "auto" as const },
    form: { handler: GroundCombatPlanner.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      roll: GroundCombatPlanner.#onRoll,
      addMission: GroundCombatPlanner.#onAddMission,
      removeMission: GroundCombatPlanner.#onRemoveMission,
      refresh: GroundCombatPlanner.#onRefresh,
    },
  };

  static override PARTS = {
    body: { template: templatePath("apps/ground-combat.hbs"), scrollable: [""] },
  };

  #field: Battlefield;
  #state: GroundCombatState;
  #busy = false;

  constructor(field: Battlefield, state: GroundCombatState) {
    super({});
    this.#field = field;
    this.#state = state;
  }

  get plannerState(): GroundCombatState {
    return this.#state;
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    const i18n = foundryTranslator();
    const { plan } = planFromState(this.#field, this.#state, i18n);
    return Object.assign(await super._prepareContext(options), groundCombatContext(this.#field, this.#state, plan, i18n), { busy: this.#busy });
  }

  /** Takes the form's values (as `applyForm` reads them) and redraws. */
  async applyValues(values: FormValues): Promise<void> {
    this.#state = applyForm(this.#field, this.#state, values);
    await this.render();
  }

  /**
   * Re-reads the world, checks the combat again and, if the rules accept it, rolls and posts the
   * pending card, then closes. Refused: every reason is shown and nothing is posted.
   */
  async roll(): Promise<unknown> {
    if (this.#busy) return null;
    this.#field = readBattlefield();
    const { input, plan } = planFromState(this.#field, this.#state, foundryTranslator());
    if (!plan.ok) {
      warnRefusals(plan.refusals, this.#field.names);
      await this.render();
      return null;
    }
    this.#busy = true;
    try {
      const message = await rollAndPost(this.#field, plan.value, input.terrain);
      await this.close();
      return message;
    } finally {
      this.#busy = false;
    }
  }

  static async #onSubmit(this: GroundCombatPlanner, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    await this.applyValues(formValues(form));
  }

  static async #onRoll(this: GroundCombatPlanner): Promise<void> {
    await this.roll();
  }

  static async #onAddMission(this: GroundCombatPlanner): Promise<void> {
    this.#state = addMission(this.#field, this.#state);
    await this.render();
  }

  static async #onRemoveMission(this: GroundCombatPlanner, _event: PointerEvent, target: HTMLElement): Promise<void> {
    this.#state = removeMission(this.#state, Number(target.dataset["index"]));
    await this.render();
  }

  static async #onRefresh(this: GroundCombatPlanner): Promise<void> {
    this.#field = readBattlefield();
    await this.render();
  }
}

/** Opens the planner on the world as it is, for a selection (the canvas's by default). */
export function openPlanner(selection: Selection = canvasSelection()): GroundCombatPlanner {
  const field = readBattlefield();
  const planner = new GroundCombatPlanner(field, defaultState(field, selection, rulesOptions()));
  void planner.render({ force: true });
  return planner;
}

/** Macro: opens the planner; `attackers` and `target` replace the canvas selection. Bad arguments: warned, null. */
export function openGroundCombat(args: unknown = {}): GroundCombatPlanner | null {
  const parsed = parseArgs(openArgsSchema, args);
  if (!parsed.ok) {
    warnRefusals(parsed.refusals);
    return null;
  }
  const canvas = canvasSelection();
  const { attackers, target } = parsed.value;
  return openPlanner({ selected: attackers ?? canvas.selected, targeted: canvas.targeted, ...(target === undefined ? {} : { hex: target }) });
}

export type ResolveResult =
  | { readonly ok: true; readonly plan: GroundCombatPlan; readonly message: unknown }
  | { readonly ok: false; readonly refusals: readonly Refusal[] };

/** Macro: plans, rolls and posts one combat without the dialog; refused with every reason (warned). */
export async function resolveGroundCombatFor(args: unknown): Promise<ResolveResult> {
  const parsed = parseArgs(resolveArgsSchema, args);
  if (!parsed.ok) {
    warnRefusals(parsed.refusals);
    return parsed;
  }
  const field = readBattlefield();
  const { input, plan } = planFromState(field, stateFromArgs(field, parsed.value, rulesOptions()), foundryTranslator());
  if (!plan.ok) {
    warnRefusals(plan.refusals, field.names);
    return plan;
  }
  return { ok: true, plan: plan.value, message: await rollAndPost(field, plan.value, input.terrain) };
}
