/** What the retreat dialog shows: each unit's path, hex by hex, with the legal choices, and the refusals or the preview. Pure. */
import { previewView, type PreviewView, type Translator } from "../view";
import { phrase } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { retreatChoices, retreaterOf } from "../../../world/retreat";
import { retreatResolution, type RetreatState, type RetreatWorld } from "./state";

export interface RetreatStepView {
  /** The form field (`step:<actor>:<i>`). */
  readonly field: string;
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
}

export interface RetreatUnitView {
  readonly name: string;
  /** "Retreats n hexes from 0301, towards 1 GTA (0502)", worded with the plural of n. */
  readonly hint: string;
  readonly steps: readonly RetreatStepView[];
  /** Said when the path is shorter than the retreat owed. */
  readonly short: string | null;
}

export interface RetreatView extends PreviewView {
  readonly units: readonly RetreatUnitView[];
}

export function retreatContext(world: RetreatWorld, state: RetreatState, i18n: Translator): RetreatView {
  const units = state.units.map((u): RetreatUnitView => {
    const name = world.field.names.get(u.actor) ?? u.actor;
    const owed = world.owed.find((o) => o.source === state.source && o.actor === u.actor);
    const who = retreaterOf(world.field, u.actor);
    if (owed === undefined || "refused" in who) return { name, hint: "", steps: [], short: null };
    const goal = who.goal === null ? phrase("NOBC.Retreat.NoGoal") : phrase("NOBC.Retreat.Goal", { hex: who.goal });
    const steps = u.path.map((hex, i): RetreatStepView => {
      const choices = retreatChoices(world.field, who, owed.hexes, u.path, i);
      const values = choices.includes(hex) ? choices : [hex, ...choices];
      return {
        field: `step:${u.actor}:${String(i)}`,
        label: i18n.format("NOBC.Retreat.Step", { n: String(i + 1) }),
        options: values.map((v) => ({ value: v, label: v, selected: v === hex })),
      };
    });
    const shortBy = owed.hexes - u.path.length;
    return {
      name,
      hint: speak(phrase("NOBC.Retreat.Hint", { unit: name, from: who.hex, count: owed.hexes, goal }), i18n),
      steps,
      short: shortBy > 0 ? speak(phrase("NOBC.Retreat.Short", { count: shortBy }), i18n) : null,
    };
  });
  return { units, ...previewView(retreatResolution(world, state), world.field, i18n, "NOBC.Retreat.Intro", false) };
}
