/**
 * Artillery and harassing fire (NQM seed 004, The Fireplan - Artillery Fire, Tables 7 and 8): batteries
 * fire their fire units (one die each) at one target unit. An effective shoot places hits (Table 12)
 * and disorganises for an hour when a battery heavy enough for the target (Table 7) scores; a
 * harassing shoot places no hits, spends a third of a fire unit per die and hampers the target for
 * two hours. The target's bases and pins come from its sheet. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { ArtilleryBatch, ArtilleryInput, ArtilleryOutcome, WeightClass } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { boundedList, boundedRecord, uuid, uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import {
  nqmCard,
  numberOf,
  percent,
  text,
  ticked,
  words,
  type ChanceView,
  type Translator,
  weightClassOf,
  weightClassSchema,
} from "../view";
import { nqmName, nqmUnit, targetStand, unitToOpen, unknownUnit, type NqmWorld } from "../world";

export interface BatteryRow {
  readonly dice: number;
  readonly weight: WeightClass;
  readonly calibre: number;
}

export interface ArtilleryState {
  readonly mode: "effective" | "harassing";
  readonly target: string;
  /** The class the target counts as under this fire (its sheet's by default). */
  readonly protection: WeightClass;
  readonly fire: Readonly<Record<string, BatteryRow>>;
}

const weight = weightClassSchema;
export const artilleryStateSchema = z.strictObject({
  mode: z.enum(["effective", "harassing"]),
  target: uuidOrEmpty,
  protection: weight,
  fire: boundedRecord(uuid, z.strictObject({ dice: z.number(), weight, calibre: z.number() })),
});

/** The macro's arguments: the target unit and the batteries, by UUID. */
export const artilleryArgsSchema = z.strictObject({
  target: uuidOrEmpty.optional(),
  batteries: boundedList(uuid).readonly().optional(),
});

export type ArtilleryArgs = z.infer<typeof artilleryArgsSchema>;

/** A battery's row as its sheet has it, with the calibre of a field gun until the umpire types the real one. */
export function defaultBattery(world: NqmWorld, id: string): BatteryRow {
  const unit = nqmUnit(world, id);
  return { dice: unit?.system.combatUnits ?? 1, weight: unit?.system.weight ?? "M", calibre: 105 };
}

/** Opens on the target asked for (else the last selected token) and the other selected tokens as batteries. */
export function initialArtillery(world: NqmWorld, args: ArtilleryArgs = {}): ArtilleryState {
  const target = args.target ?? world.selected.at(-1) ?? unitToOpen(world);
  const batteries = args.batteries ?? world.selected.filter((id) => id !== target);
  const unit = nqmUnit(world, target);
  return {
    mode: "effective",
    target,
    protection: unit?.system.targetClass ?? "L",
    fire: Object.fromEntries(batteries.filter((id) => nqmUnit(world, id) !== undefined).map((id) => [id, defaultBattery(world, id)])),
  };
}

export function artilleryFromForm(world: NqmWorld, prev: ArtilleryState, values: Readonly<Record<string, unknown>>): ArtilleryState {
  const target = "target" in values ? text(values["target"]) : prev.target;
  const fire: Record<string, BatteryRow> = {};
  for (const unit of world.units) {
    if (unit.id === target) continue;
    const before = prev.fire[unit.id];
    const key = `use:${unit.id}`;
    if (!(key in values ? ticked(values[key]) : before !== undefined)) continue;
    const row = before ?? defaultBattery(world, unit.id);
    fire[unit.id] = {
      dice: numberOf(values[`dice:${unit.id}`], row.dice),
      weight: weightClassOf(values[`weight:${unit.id}`], row.weight),
      calibre: numberOf(values[`calibre:${unit.id}`], row.calibre),
    };
  }
  const targetChanged = target !== prev.target;
  return {
    mode: values["mode"] === "harassing" || values["mode"] === "effective" ? values["mode"] : prev.mode,
    target,
    protection: targetChanged
      ? (nqmUnit(world, target)?.system.targetClass ?? prev.protection)
      : weightClassOf(values["protection"], prev.protection),
    fire,
  };
}

export function artilleryInput(world: NqmWorld, state: ArtilleryState): Checked<ArtilleryInput> {
  const target = nqmUnit(world, state.target);
  const refusals: Refusal[] = [];
  if (target === undefined) refusals.push(unknownUnit(state.target, "target"));
  const fire: ArtilleryBatch[] = [];
  for (const [id, row] of Object.entries(state.fire)) {
    if (nqmUnit(world, id) === undefined) refusals.push(unknownUnit(id, `fire.${id}`));
    else fire.push({ firer: id, weight: row.weight, dice: row.dice, against: state.protection, calibreMm: row.calibre });
  }
  if (refusals.length > 0 || target === undefined) return { ok: false, refusals };
  return {
    ok: true,
    value: { mode: state.mode, fire, target: { actor: target.id, name: target.name, stands: [targetStand(target, state.protection)] } },
  };
}

export function artilleryResolution(world: NqmWorld, state: ArtilleryState, dice: Dice): Checked<Resolution<ArtilleryOutcome>> {
  const input = artilleryInput(world, state);
  return input.ok ? nqm.resolveArtilleryFire(input.value, dice) : input;
}

/** The chance no die scores, and the chance the target is disorganised (a heavy-enough battery scores: Table 7). */
export function artilleryChances(input: ArtilleryInput, i18n: Translator): ChanceView[] {
  const miss = (b: ArtilleryBatch) => [1, 2, 3, 4, 5, 6].filter((f) => nqm.hitsFor(b.weight, b.against, f) === 0).length / 6;
  const none = input.fire.reduce((p, b) => p * miss(b) ** b.dice, 1);
  const heavyNone = input.fire
    .filter((b) => b.calibreMm > 0 && nqm.canDisorganise(b.calibreMm, b.against))
    .reduce((p, b) => p * miss(b) ** b.dice, 1);
  return [
    { label: words(i18n, "NOBC.Nqm.Artillery.Chance.noHit"), chance: percent(none, i18n) },
    { label: words(i18n, "NOBC.Nqm.Artillery.Chance.disorganised", { target: input.target.name }), chance: percent(1 - heavyNone, i18n) },
  ];
}

export function artilleryCard(world: NqmWorld, state: ArtilleryState, dice: Dice, i18n: Translator): Checked<Card> {
  const input = artilleryInput(world, state);
  if (!input.ok) return input;
  const checked = nqm.resolveArtilleryFire(input.value, dice);
  if (!checked.ok) return checked;
  const o = checked.value.outcome;
  const name = input.value.target.name;
  const outcome = speak(
    phrase(state.mode === "harassing" ? "NOBC.Nqm.Artillery.OutcomeHarassing" : "NOBC.Nqm.Artillery.OutcomeEffective", {
      target: name,
      count: o.applied,
      disorganised: phrase(o.disorganised ? "NOBC.Nqm.Artillery.AndDisorganised" : "NOBC.Nqm.Artillery.NotDisorganised"),
    }),
    i18n,
  );
  const inputs = [
    { label: i18n.localize("NOBC.Nqm.Artillery.Target"), value: `${name} (${i18n.localize(nqm.WEIGHT_CLASS_LABEL[state.protection])})` },
    { label: i18n.localize("NOBC.Nqm.Artillery.Mode"), value: i18n.localize(MODE_LABEL[state.mode]) },
    {
      label: i18n.localize("NOBC.Nqm.Artillery.Batteries"),
      value: Object.entries(state.fire)
        .map(([id, r]) =>
          words(i18n, "NOBC.Nqm.Artillery.RowText", {
            unit: nqmName(world, id),
            dice: r.dice,
            weight: phrase(nqm.WEIGHT_CLASS_LABEL[r.weight]),
            calibre: r.calibre,
          }),
        )
        .join("; "),
    },
  ];
  return { ok: true, value: nqmCard(words(i18n, "NOBC.Nqm.Artillery.CardTitle", { target: name }), checked.value, outcome, inputs) };
}

export const MODE_LABEL: Readonly<Record<ArtilleryState["mode"], string>> = {
  effective: "NOBC.Nqm.Artillery.effective",
  harassing: "NOBC.Nqm.Artillery.harassing",
};
