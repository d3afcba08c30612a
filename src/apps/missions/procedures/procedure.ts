/**
 * One shape for the mission tracker's procedures (the dawn and dusk check, reserves, withdrawal,
 * minefields, ambush, night sight, victory points, the reserves list, the next player-turn): each
 * says its inputs, the chance of each outcome before the roll, its refusals and its card, and
 * `procedureController` makes the dialog of it on the one base. The card is posted and applied at
 * once through the one write path (./../card.ts), so Undo on it puts the tracker back. Pure but for
 * the controller's reads.
 */
import type { z } from "zod";
import { missions } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import type { Checked, Refusal } from "../../../rules/resolution";
import type { Translator } from "../../../base/foundry";
import { speak } from "../../../words/phrase";
import { denied, gmOnly, opened, refused, type Card, type DialogController, type FormValues } from "../../base/controller";
import { applied } from "../card";
import { readMissionWorld, type MissionWorld } from "../world";

export interface Option {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** One input of the form, as the template draws it. */
export interface FieldView {
  readonly name: string;
  readonly label: string;
  readonly value: string | number | boolean;
  readonly select?: boolean;
  readonly checkbox?: boolean;
  readonly number?: boolean;
  readonly options?: readonly Option[];
}

export interface Chance {
  readonly label: string;
  readonly chance: string;
}

export interface ProcedureView {
  readonly hint?: string;
  readonly fields: readonly FieldView[];
  readonly rows?: {
    readonly columns: readonly string[];
    readonly rows: readonly { readonly index: number; readonly cells: readonly FieldView[] }[];
  };
  readonly chances: readonly Chance[];
}

/** The tracker a procedure works on: its UUID, state, and the mission (set up). */
export interface Tracked {
  readonly uuid: string;
  readonly track: missions.MissionTrack & { readonly mission: missions.MissionId };
}

export interface Procedure<S> {
  readonly id: string;
  /** Lang keys of the window title and the Submit button, and its icon. */
  readonly title: string;
  readonly submit: string;
  readonly icon: string;
  readonly submitIcon: string;
  readonly schema: z.ZodType<S>;
  /** The tracker's panel offers it now. */
  when(track: missions.MissionTrack): boolean;
  initial(t: Tracked, world: MissionWorld): S;
  fromForm(state: S, values: FormValues): S;
  view(state: S, t: Tracked, world: MissionWorld, i18n: Translator): ProcedureView;
  /** Every refusal before the roll, each naming its field. */
  refusals(state: S, t: Tracked, world: MissionWorld): Refusal[];
  card(state: S, t: Tracked, world: MissionWorld, dice: Dice, i18n: Translator): Checked<Card>;
  addRow?(state: S): S;
  removeRow?(state: S, index: number): S;
}

/**
 * The card with the tracker's revision bumped by each write it makes (see `MissionTrack.revision`):
 * so a card is undone only while no later card wrote the tracker.
 */
export function bumped(card: Card, revision: number): Card {
  const effects = card.resolution.effects.map((e) => (e.type === "missionTrack" ? { ...e, set: { ...e.set, revision: revision + 1 } } : e));
  return { ...card, resolution: { ...card.resolution, effects } };
}

/** A set-up mission's tracker, or null. */
export function tracked(world: MissionWorld): Tracked | null {
  const c = world.combat;
  if (c === null || c.track.mission === "") return null;
  return { uuid: c.uuid, track: c.track as Tracked["track"] };
}

export function options<T extends string>(list: readonly T[], current: T, label: (v: T) => string): Option[] {
  return list.map((value) => ({ value, label: label(value), selected: value === current }));
}

/** A typed number; what is not one reads as NaN, so the rules refuse it naming the field. */
export function numberIn(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === "number") return value;
  return typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
}

export function textIn(value: unknown, fallback: string): string {
  return typeof value === "string" ? value.slice(0, 100) : fallback;
}

export function boolIn(value: unknown, fallback: boolean): boolean {
  return value === undefined ? fallback : value === true || value === "on" || value === "true";
}

export function pickIn<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return list.find((x) => x === value) ?? fallback;
}

export function procedureController<S>(p: Procedure<S>): DialogController<S, MissionWorld> {
  const withTracker = <T>(world: MissionWorld, then: (t: Tracked) => T, otherwise: T): T => {
    const t = tracked(world);
    return t === null ? otherwise : then(t);
  };
  return {
    template: "apps/missions/procedure.hbs",
    title: p.title,
    icon: p.icon,
    classes: ["nobc", "nobc-missions"],
    width: 560,
    submitAction: "roll",
    read: readMissionWorld,
    stateSchema: p.schema,
    open(world) {
      const t = tracked(world);
      return t === null ? denied("NOBC.Mission.Refused.noMission") : opened(p.initial(t, world));
    },
    access: (_state, world) => gmOnly(world.isGM),
    context: (state, world, i18n) =>
      withTracker(
        world,
        (t) => ({
          ...p.view(state, t, world, i18n),
          refusals: p.refusals(state, t, world).map((r) => speak(r.text, i18n)),
          submitLabel: i18n.localize(p.submit),
          submitIcon: p.submitIcon,
        }),
        {
          fields: [],
          chances: [],
          refusals: [i18n.localize("NOBC.Mission.Refused.noMission")],
          submitLabel: i18n.localize(p.submit),
          submitIcon: p.submitIcon,
        },
      ),
    change: (state, values) => p.fromForm(state, values),
    actions: {
      addRow: (state) => p.addRow?.(state) ?? state,
      removeRow: (state, _world, target) => p.removeRow?.(state, Number(target.dataset["index"])) ?? state,
    },
    submit(state, world, i18n, dice) {
      const t = tracked(world);
      if (t === null) return refused([i18n.localize("NOBC.Mission.Refused.noMission")]);
      const before = p.refusals(state, t, world);
      if (before.length > 0) return refused(before.map((r) => speak(r.text, i18n)));
      const card = p.card(state, t, world, dice, i18n);
      return card.ok ? applied(bumped(card.value, t.track.revision)) : refused(card.refusals.map((r) => speak(r.text, i18n)));
    },
  };
}
