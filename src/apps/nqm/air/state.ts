/**
 * The air-to-ground fireplan (NQM seed 004, The Fireplan - Air to Ground Fire): air stands (NQM
 * units flying the sortie) with their role, engines and height, the anti-aircraft stands that fire
 * first, and the ground target the air goes on to. Stands' bases and pins come from the sheets. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import { seededDice, type Dice } from "../../../rules/dice";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import type { AirFireplanInput, AirFireplanOutcome, AircraftRole, WeightClass } from "../../../rules/nqm/index";
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
import { nqmName, nqmUnit, targetStand, unknownUnit, type NqmWorld } from "../world";

export interface AircraftRow {
  readonly role: AircraftRole;
  readonly engines: number;
  readonly altitude: "low" | "high";
  readonly heavyBomber: boolean;
}

export interface AaRow {
  readonly dice: number;
  readonly weight: WeightClass;
}

export interface AirState {
  readonly aircraft: Readonly<Record<string, AircraftRow>>;
  readonly aa: Readonly<Record<string, AaRow>>;
  readonly target: string;
}

const weight = weightClassSchema;
export const airStateSchema = z.strictObject({
  aircraft: boundedRecord(
    uuid,
    z.strictObject({
      role: z.enum(["fighter", "groundAttack", "bomber"]),
      engines: z.number(),
      altitude: z.enum(["low", "high"]),
      heavyBomber: z.boolean(),
    }),
  ),
  aa: boundedRecord(uuid, z.strictObject({ dice: z.number(), weight })),
  target: uuidOrEmpty,
});

/** The macro's arguments: the air stands and the AA stands by UUID, the ground target. */
export const airArgsSchema = z.strictObject({
  aircraft: boundedList(uuid).readonly().optional(),
  aa: boundedList(uuid).readonly().optional(),
  target: uuidOrEmpty.optional(),
});

export type AirArgs = z.infer<typeof airArgsSchema>;

export function defaultAircraft(world: NqmWorld, id: string): AircraftRow {
  const unit = nqmUnit(world, id);
  return {
    role: unit?.system.weight === "M" ? "fighter" : "groundAttack",
    engines: unit?.system.combatUnits ?? 1,
    altitude: "low",
    heavyBomber: false,
  };
}

export function defaultAa(world: NqmWorld, id: string): AaRow {
  const unit = nqmUnit(world, id);
  return { dice: unit?.system.combatUnits ?? 1, weight: unit?.system.weight ?? "L" };
}

/** Opens on the units named: the aircraft, the AA and the target; nothing is guessed from the selection but the target. */
export function initialAir(world: NqmWorld, args: AirArgs = {}): AirState {
  const rows = <R>(ids: readonly string[] | undefined, make: (id: string) => R) =>
    Object.fromEntries((ids ?? []).filter((id) => nqmUnit(world, id) !== undefined).map((id) => [id, make(id)]));
  return {
    aircraft: rows(args.aircraft, (id) => defaultAircraft(world, id)),
    aa: rows(args.aa, (id) => defaultAa(world, id)),
    target: args.target ?? world.selected[0] ?? "",
  };
}

const ROLES: readonly AircraftRole[] = nqm.AIRCRAFT_ROLES;

export function airFromForm(world: NqmWorld, prev: AirState, values: Readonly<Record<string, unknown>>): AirState {
  const aircraft: Record<string, AircraftRow> = {};
  const aa: Record<string, AaRow> = {};
  for (const unit of world.units) {
    const id = unit.id;
    const air = prev.aircraft[id];
    if (`air:${id}` in values ? ticked(values[`air:${id}`]) : air !== undefined) {
      const row = air ?? defaultAircraft(world, id);
      aircraft[id] = {
        role: ROLES.find((r) => r === values[`role:${id}`]) ?? row.role,
        engines: numberOf(values[`engines:${id}`], row.engines),
        altitude: (["low", "high"] as const).find((a) => a === values[`alt:${id}`]) ?? row.altitude,
        heavyBomber: `heavy:${id}` in values ? ticked(values[`heavy:${id}`]) : row.heavyBomber,
      };
    }
    const gun = prev.aa[id];
    if (`aa:${id}` in values ? ticked(values[`aa:${id}`]) : gun !== undefined) {
      const row = gun ?? defaultAa(world, id);
      aa[id] = {
        dice: numberOf(values[`aadice:${id}`], row.dice),
        weight: weightClassOf(values[`aaweight:${id}`], row.weight),
      };
    }
  }
  return { aircraft, aa, target: "target" in values ? text(values["target"]) : prev.target };
}

export function airInput(world: NqmWorld, state: AirState): Checked<AirFireplanInput> {
  const refusals: Refusal[] = [];
  const known = <R>(rows: Readonly<Record<string, R>>, field: string) =>
    Object.entries(rows).flatMap(([id, row]) => {
      const unit = nqmUnit(world, id);
      if (unit === undefined) refusals.push(unknownUnit(id, `${field}.${id}`));
      return unit === undefined ? [] : [{ unit, row }];
    });
  const aircraft = known(state.aircraft, "aircraft").map(({ unit, row }) => ({
    actor: unit.id,
    name: unit.name,
    role: row.role,
    engines: row.engines,
    altitude: row.altitude,
    heavyBomber: row.heavyBomber,
  }));
  const aa = known(state.aa, "aa").map(({ unit, row }) => ({ ...targetStand(unit), name: unit.name, dice: row.dice, weight: row.weight }));
  const target = state.target === "" ? undefined : nqmUnit(world, state.target);
  if (state.target !== "" && target === undefined) refusals.push(unknownUnit(state.target, "target"));
  if (refusals.length > 0) return { ok: false, refusals };
  return {
    ok: true,
    value: {
      aircraft,
      aa,
      ...(target === undefined ? {} : { target: { actor: target.id, name: target.name, stands: [targetStand(target)] } }),
    },
  };
}

export function airResolution(world: NqmWorld, state: AirState, dice: Dice): Checked<Resolution<AirFireplanOutcome>> {
  const input = airInput(world, state);
  return input.ok ? nqm.resolveAirFireplan(input.value, dice) : input;
}

/** Runs of the fireplan the chances are counted over (fixed seeds: the same figures every time). */
export const CHANCE_RUNS = 2000;

/** About how often the air reaches the target and disorganises it: counted over fixed dry runs of the rules. */
export function airChances(input: AirFireplanInput, i18n: Translator): ChanceView[] {
  let reached = 0;
  let disorganised = 0;
  let held = 0;
  for (let seed = 1; seed <= CHANCE_RUNS; seed++) {
    const r = nqm.resolveAirFireplan(input, seededDice(seed));
    if (!r.ok) return [];
    if (r.value.outcome.reachedTarget) reached++;
    if (r.value.outcome.targetDisorganised) disorganised++;
    if (r.value.outcome.airNeutralised.length === 0) held++;
  }
  const line = (key: string, n: number, data = {}): ChanceView => ({
    label: words(i18n, key, data),
    chance: percent(n / CHANCE_RUNS, i18n),
  });
  const out = [line("NOBC.Nqm.Air.Chance.noLoss", held)];
  if (input.target !== undefined) {
    out.push(line("NOBC.Nqm.Air.Chance.reaches", reached, { target: input.target.name }));
    out.push(line("NOBC.Nqm.Air.Chance.disorganises", disorganised, { target: input.target.name }));
  }
  return out;
}

export function airCard(world: NqmWorld, state: AirState, dice: Dice, i18n: Translator): Checked<Card> {
  const input = airInput(world, state);
  if (!input.ok) return input;
  const checked = nqm.resolveAirFireplan(input.value, dice);
  if (!checked.ok) return checked;
  const o = checked.value.outcome;
  const target = input.value.target?.name ?? "";
  const outcome = speak(
    o.reachedTarget
      ? phrase(o.targetDisorganised ? "NOBC.Nqm.Air.OutcomeDisorganised" : "NOBC.Nqm.Air.OutcomeHits", { target, count: o.targetHits })
      : phrase("NOBC.Nqm.Air.OutcomeHeld", { air: o.airNeutralised.length, aa: o.aaNeutralised.length }),
    i18n,
  );
  const inputs = [
    {
      label: i18n.localize("NOBC.Nqm.Air.Aircraft"),
      value: Object.entries(state.aircraft)
        .map(([id, r]) =>
          words(i18n, "NOBC.Nqm.Air.AircraftText", {
            unit: nqmName(world, id),
            role: phrase(nqm.AIRCRAFT_ROLE_LABEL[r.role]),
            count: r.engines,
            altitude: phrase(ALTITUDE_LABEL[r.altitude]),
          }),
        )
        .join("; "),
    },
    {
      label: i18n.localize("NOBC.Nqm.Air.Aa"),
      value:
        Object.keys(state.aa)
          .map((id) => nqmName(world, id))
          .join(", ") || "—",
    },
    { label: i18n.localize("NOBC.Nqm.Air.Target"), value: target || "—" },
  ];
  return { ok: true, value: nqmCard(i18n.localize("NOBC.Nqm.Air.CardTitle"), checked.value, outcome, inputs) };
}

export const ALTITUDE_LABEL: Readonly<Record<AircraftRow["altitude"], string>> = {
  low: "NOBC.Nqm.Air.low",
  high: "NOBC.Nqm.Air.high",
};
