/**
 * Step 5's dialog: the zone's air status and the side's allotment, and a tick per squadron on a
 * ground mission. Post records the choice on a card (the return, step 6, reads it). Loaded on first use.
 */
import type { SortieArgs } from "./args";
import { checkSorties, sortieCard, sortieContext, sortieFromForm, sortieProblems, sortieState, type SortieState } from "./sorties";
import { AIR_BATTLE_TEMPLATES, postAirCard, readWorld, translator, warnProblems } from "./foundry";
import { defaultScope } from "./world";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type FormObject = Record<string, unknown>;

export class AirSortiesDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["nobc", "nobc-air-battle"],
    window: { title: "NOBC.AirBattle.Sorties.Title", icon: "fa-solid fa-list-check", resizable: true },
    position: { width: 620, height: "auto" as const },
    form: { handler: AirSortiesDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { post: AirSortiesDialog.#onPost },
  };

  static override PARTS = {
    body: { template: AIR_BATTLE_TEMPLATES.sorties, scrollable: [""] },
  };

  choices: SortieState;

  constructor(state: SortieState) {
    super({});
    this.choices = state;
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    return Object.assign(await super._prepareContext(options), sortieContext(readWorld(), this.choices, translator()));
  }

  async change(form: FormObject): Promise<void> {
    this.choices = sortieFromForm(readWorld(), this.choices, form);
    await this.render();
  }

  /** Re-checks against the world as it is now, then posts the selection. False when refused. */
  async post(): Promise<boolean> {
    const world = readWorld();
    const i18n = translator();
    const checked = checkSorties(world, this.choices);
    const problems = [...sortieProblems(world, this.choices, i18n), ...(checked.ok ? [] : checked.refusals.map((r) => r.message))];
    if (problems.length > 0 || !checked.ok) {
      warnProblems(problems);
      await this.render();
      return false;
    }
    const card = sortieCard(world, this.choices, checked.value.outcome, i18n);
    await postAirCard({ title: card.title, resolution: checked.value, inputs: card.inputs, outcome: card.outcome }, card.record);
    await this.close();
    return true;
  }

  static async #onChange(this: AirSortiesDialog, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: { object: FormObject }): Promise<void> {
    await this.change(formData.object);
  }

  static async #onPost(this: AirSortiesDialog): Promise<void> {
    await this.post();
  }
}

export function openSortiesDialog(args: SortieArgs): AirSortiesDialog {
  const world = readWorld();
  const dialog = new AirSortiesDialog(sortieState(world, defaultScope(world, args)));
  void dialog.render({ force: true });
  return dialog;
}
