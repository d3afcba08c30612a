/**
 * The ground-combat planner's controller. The world is the battlefield (`readBattlefield`); every
 * decision is made by the pure modules of this folder (state, input, context); Roll checks the plan
 * with the rules and makes the card (./card.ts), which the dialog base posts.
 */
import type { Battlefield } from "../../world/battlefield";
import { readBattlefield } from "../../world/read";
import { rulesOptions } from "../../base/settings";
import { allFormValues, allowed, formText, opened, refused, type DialogController, type FormValues } from "../base/controller";
import { groundCombatCard } from "./card";
import { groundCombatContext, phraseWithNames } from "./context";
import { speak } from "../../words/phrase";
import { planFromState } from "./input";
import { addMission, applyForm, defaultState, removeMission, type FormValues as PlannerValues, type GroundCombatState } from "./state";
import { canvasSelection } from "./world";

/** What the planner opens on: `attackers` and `target` replace the canvas selection. */
export interface PlannerArgs {
  readonly attackers?: readonly string[] | undefined;
  readonly target?: string | undefined;
}

/** Every value of each name, as the pure reader takes them (a tick or a single value becomes a list). */
function lists(values: FormValues): PlannerValues {
  const out: Record<string, readonly string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) out[name] = value.map(formText);
    else if (value === true) out[name] = ["on"];
    else if (value !== false && value !== null && value !== undefined) out[name] = [formText(value)];
  }
  return out;
}

export const plannerController: DialogController<GroundCombatState, Battlefield, PlannerArgs> = {
  template: "apps/ground-combat.hbs",
  title: "NOBC.GroundCombat.Title",
  icon: "fa-solid fa-crosshairs",
  classes: ["nobc", "nobc-ground-combat"],
  width: 760,
  submitAction: "roll",
  read: readBattlefield,
  open(field, { attackers, target }) {
    const canvas = canvasSelection();
    const selection = {
      selected: attackers ?? canvas.selected,
      targeted: canvas.targeted,
      ...(target === undefined ? {} : { hex: target }),
    };
    return opened(defaultState(field, selection, rulesOptions()));
  },
  // Anyone may plan; the GM checks who may apply the card.
  access: () => allowed,
  context(state, field, i18n) {
    return groundCombatContext(field, state, planFromState(field, state).plan, i18n);
  },
  change: (state, values, field) => applyForm(field, state, lists(values)),
  readForm: allFormValues,
  actions: {
    addMission: (state, field) => addMission(field, state),
    removeMission: (state, _field, target) => removeMission(state, Number(target.dataset["index"])),
    // The base reads the world again for the redraw.
    refresh: (state) => state,
  },
  submit(state, field, i18n, dice) {
    const { input, plan } = planFromState(field, state);
    if (!plan.ok) return refused(plan.refusals.map((r) => speak(phraseWithNames(r.text, field.names), i18n)));
    return { ok: true, value: { card: groundCombatCard(field, plan.value, input.terrain, dice, i18n) } };
  },
};
