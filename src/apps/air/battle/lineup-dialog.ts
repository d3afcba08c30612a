/**
 * Step 2's dialog for one air zone. It opens on the parts of the line-up still to decide (read from
 * the zone's latest line-up card) and lets the user decide those that are theirs; Post puts them on
 * a card for the next side, or the whole line-up once complete. Loaded on first use.
 */
import type { LineUpArgs } from "./args";
import { checkLineUp, editableParts, lineUpCard, lineUpContext, lineUpFromForm, lineUpState, moveInLine, type LineUpState } from "./lineup";
import { AIR_BATTLE_TEMPLATES, postAirCard, readWorld, translator, warnProblems } from "./foundry";
import { defaultScope } from "./world";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type FormObject = Record<string, unknown>;

export class AirLineUpDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["nobc", "nobc-air-battle"],
    window: { title: "NOBC.AirBattle.LineUp.Title", icon: "fa-solid fa-jet-fighter", resizable: true },
    position: { width: 680, height: "auto" as const },
    form: { handler: AirLineUpDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { post: AirLineUpDialog.#onPost, up: AirLineUpDialog.#onUp, down: AirLineUpDialog.#onDown, restart: AirLineUpDialog.#onRestart },
  };

  static override PARTS = {
    body: { template: AIR_BATTLE_TEMPLATES.lineUp, scrollable: [""] },
  };

  choices: LineUpState;

  constructor(state: LineUpState) {
    super({});
    this.choices = state;
  }

  protected override async _prepareContext(options: foundry.applications.api.ApplicationV2.RenderOptions) {
    return Object.assign(await super._prepareContext(options), lineUpContext(readWorld(), this.choices, translator()));
  }

  /** A new zone opens on that zone's line-up; otherwise the choices are taken as they are. */
  async change(form: FormObject): Promise<void> {
    const zone = typeof form["zone"] === "string" ? form["zone"] : this.choices.zone;
    this.choices = zone === this.choices.zone ? lineUpFromForm(this.choices, form) : lineUpState(readWorld(), zone);
    await this.render();
  }

  /** Moves a WP squadron in the line, if the line is the user's to decide. */
  async move(index: number, delta: -1 | 1): Promise<void> {
    if (!editableParts(readWorld(), this.choices).includes("wpLine")) return;
    this.choices = moveInLine(this.choices, index, delta);
    await this.render();
  }

  /** The GM starts the zone's line-up over, ignoring the parts already posted. */
  async restart(): Promise<void> {
    const world = readWorld();
    if (!world.isGM) return;
    this.choices = lineUpState(world, this.choices.zone, true);
    await this.render();
  }

  /** Re-checks against the world as it is now, then posts the parts decided. False when refused. */
  async post(): Promise<boolean> {
    const world = readWorld();
    const i18n = translator();
    const parts = editableParts(world, this.choices);
    if (parts.length === 0) {
      warnProblems([i18n.localize("NOBC.AirBattle.Refused.notYourPart")]);
      return false;
    }
    const checked = checkLineUp(world, this.choices, parts, i18n);
    if (!checked.ok) {
      warnProblems(checked.refusals.map((r) => r.message));
      await this.render();
      return false;
    }
    const card = lineUpCard(world, this.choices, checked.value.outcome, i18n);
    const outcome = i18n.localize(checked.value.outcome.bouts === null ? "NOBC.AirBattle.LineUp.OutcomePart" : "NOBC.AirBattle.LineUp.OutcomeComplete");
    await postAirCard({ title: card.title, resolution: checked.value, inputs: card.inputs, outcome }, card.record);
    await this.close();
    return true;
  }

  static async #onChange(this: AirLineUpDialog, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: { object: FormObject }): Promise<void> {
    await this.change(formData.object);
  }

  static async #onPost(this: AirLineUpDialog): Promise<void> {
    await this.post();
  }

  static async #onUp(this: AirLineUpDialog, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.move(Number(target.dataset["index"]), -1);
  }

  static async #onDown(this: AirLineUpDialog, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.move(Number(target.dataset["index"]), 1);
  }

  static async #onRestart(this: AirLineUpDialog): Promise<void> {
    await this.restart();
  }
}

export function openLineUpDialog(args: LineUpArgs): AirLineUpDialog {
  const world = readWorld();
  const { zone } = defaultScope(world, { zone: args.zone });
  const dialog = new AirLineUpDialog(lineUpState(world, zone));
  void dialog.render({ force: true });
  return dialog;
}
