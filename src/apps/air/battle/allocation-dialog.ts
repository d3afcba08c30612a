/**
 * Step 1's dialog: a side's ready squadrons of a zone, each given a box, a target zone and perhaps
 * a weapon card. Every change re-asks the rules, so the breakdown (or every refusal) shows before
 * Post; Post puts the allocation on a card, applied from there. Loaded on first use.
 */
import type { AllocationArgs } from "./args";
import { allocationCard, allocationContext, allocationFromForm, allocationProblems, allocationState, checkAllocation, type AllocationState } from "./allocation";
import { AIR_BATTLE_TEMPLATES, postAirCard, readWorld, translator, warnProblems } from "./foundry";
import { defaultScope } from "./world";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type FormObject = Record<string, unknown>;

export class AirAllocationDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["nobc", "nobc-air-battle"],
    window: { title: "NOBC.AirBattle.Allocation.Title", icon: "fa-solid fa-plane-departure", resizable: true },
    position: { width: 720, height: "auto" as const },
    form: { handler: AirAllocationDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { post: AirAllocationDialog.#onPost },
  };

  static override PARTS = {
    body: { template: AIR_BATTLE_TEMPLATES.allocation, scrollable: [""] },
  };

  choices: AllocationState;

  constructor(state: AllocationState) {
    super({});
    this.choices = state;
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    return Object.assign(await super._prepareContext(options), allocationContext(readWorld(), this.choices, translator()));
  }

  /** Takes the form's values (exported for tests through `change`). */
  async change(form: FormObject): Promise<void> {
    this.choices = allocationFromForm(readWorld(), this.choices, form);
    await this.render();
  }

  /** Re-checks against the world as it is now, then posts the card. False when refused. */
  async post(): Promise<boolean> {
    const world = readWorld();
    const i18n = translator();
    const checked = checkAllocation(world, this.choices, i18n);
    const problems = [...allocationProblems(world, this.choices, i18n), ...(checked.ok ? [] : checked.refusals.map((r) => r.message))];
    if (problems.length > 0 || !checked.ok) {
      warnProblems(problems);
      await this.render();
      return false;
    }
    const card = allocationCard(world, this.choices, checked.value.outcome.missions, i18n);
    await postAirCard({ title: card.title, resolution: checked.value, inputs: card.inputs, outcome: i18n.localize("NOBC.AirBattle.Allocation.Outcome") }, card.record);
    await this.close();
    return true;
  }

  static async #onChange(this: AirAllocationDialog, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: { object: FormObject }): Promise<void> {
    await this.change(formData.object);
  }

  static async #onPost(this: AirAllocationDialog): Promise<void> {
    await this.post();
  }
}

export function openAllocationDialog(args: AllocationArgs): AirAllocationDialog {
  const world = readWorld();
  const dialog = new AirAllocationDialog(allocationState(world, defaultScope(world, args), args.zoneDistances ?? {}));
  void dialog.render({ force: true });
  return dialog;
}
