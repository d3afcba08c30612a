/**
 * Logistics (NQM seed 004, Logistics: Units of Logistical Accounting, Divisional Logistic Units,
 * Resupply): one DIV LOG unit taken from a divisional dump refills each combat stand of its side to
 * as many ammunition dice as its strength, overnight, or by day when a battalion vehicle went back to
 * the dump. The dump's DIV LOG, each stand's strength, ammunition and supply come from the world,
 * never from the state. Nothing is rolled. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import { phrase, type Checked, type Refusal, type Resolution } from "../../../rules/resolution";
import { speak } from "../../../words/phrase";
import { boundedList, uuid, uuidOrEmpty } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import type { CardInputLine } from "../../../chat/card-data";
import { nqmCard, text, ticked, words, type Translator, tickedUnits } from "../view";
import { nqmName, nqmUnit, unknownUnit, type NqmUnitView, type NqmWorld } from "../world";

export interface LogisticsState {
  /** The unit holding the divisional dump's DIV LOG units. */
  readonly dump: string;
  /** The stands to resupply, by UUID. */
  readonly stands: readonly string[];
  /** The stands of a tank or mechanised formation: they need fuel to move. */
  readonly tracked: readonly string[];
  readonly overnight: boolean;
  /** A battalion vehicle went back to the dump, which allows resupply by day. */
  readonly vehicleSentBack: boolean;
}

export const logisticsStateSchema = z.strictObject({
  dump: uuidOrEmpty,
  stands: boundedList(uuid).readonly(),
  tracked: boundedList(uuid).readonly(),
  overnight: z.boolean(),
  vehicleSentBack: z.boolean(),
});

/** The macro's arguments: the dump and the stands by UUID, and when. */
export const logisticsArgsSchema = z.strictObject({
  dump: uuid.optional(),
  stands: boundedList(uuid).readonly().optional(),
  tracked: boundedList(uuid).readonly().optional(),
  overnight: z.boolean().optional(),
  vehicleSentBack: z.boolean().optional(),
});

export type LogisticsArgs = z.infer<typeof logisticsArgsSchema>;

/** The stands a dump may resupply: the combat (fighting) stands of its side, itself left out, none that surrendered. */
export function candidateStands(world: NqmWorld, dump: string): NqmUnitView[] {
  const from = nqmUnit(world, dump);
  if (from === undefined) return [];
  return world.units.filter(
    (u) => u.id !== from.id && u.system.side === from.system.side && u.system.kind === "fighting" && !u.system.surrendered,
  );
}

/** A stand's ammunition is below what its strength carries. */
function short(unit: NqmUnitView): boolean {
  return unit.system.ammo < unit.system.strength.value;
}

/**
 * The resupply to open on: the dump named, else the first selected unit holding DIV LOG, else the
 * world's first; the stands named, else the selected stands it may resupply, else all of them that are short.
 */
export function initialLogistics(world: NqmWorld, args: LogisticsArgs = {}): LogisticsState {
  const holds = (id: string) => (nqmUnit(world, id)?.system.supplyUnits.log ?? 0) > 0;
  const dump =
    args.dump ?? world.selected.find(holds) ?? world.units.find((u) => u.system.supplyUnits.log > 0)?.id ?? world.selected[0] ?? "";
  const candidates = candidateStands(world, dump);
  const selected = world.selected.filter((id) => candidates.some((u) => u.id === id));
  const stands = args.stands ?? (selected.length > 0 ? selected : candidates.filter(short).map((u) => u.id));
  return {
    dump,
    stands: [...stands],
    tracked: [...(args.tracked ?? [])],
    overnight: args.overnight ?? true,
    vehicleSentBack: args.vehicleSentBack ?? false,
  };
}

/** Form → state: `dump`, `overnight`, `vehicleSentBack`, and per stand `stand:<uuid>` and `tracked:<uuid>`. */
export function logisticsFromForm(world: NqmWorld, prev: LogisticsState, values: Readonly<Record<string, unknown>>): LogisticsState {
  const dump = "dump" in values ? text(values["dump"]) : prev.dump;
  const overnight = "overnight" in values ? ticked(values["overnight"]) : prev.overnight;
  const vehicleSentBack = "vehicleSentBack" in values ? ticked(values["vehicleSentBack"]) : prev.vehicleSentBack;
  if (dump !== prev.dump) {
    const fresh = initialLogistics({ ...world, selected: [] }, { dump, overnight, vehicleSentBack });
    return { ...fresh, tracked: prev.tracked.filter((id) => candidateStands(world, dump).some((u) => u.id === id)) };
  }
  return {
    dump,
    stands: tickedUnits(world.units, prev.stands, values, "stand"),
    tracked: tickedUnits(world.units, prev.tracked, values, "tracked"),
    overnight,
    vehicleSentBack,
  };
}

/** The rules' input and the dialog's own refusals (an unknown unit, a stand of the other side or no combat stand, no stand at all). */
export function logisticsInput(world: NqmWorld, state: LogisticsState): { input?: nqm.ResupplyInput; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const dump = nqmUnit(world, state.dump);
  if (dump === undefined) return { refusals: [unknownUnit(state.dump, "dump")] };
  if (state.stands.length === 0) refusals.push({ code: "noStands", text: phrase("NOBC.Nqm.Logistics.Check.noStands"), field: "stands" });
  const stands: nqm.ResupplyStand[] = [];
  state.stands.forEach((id, i) => {
    const field = `stands[${i}]`;
    const unit = nqmUnit(world, id);
    if (unit === undefined) return void refusals.push(unknownUnit(id, field));
    if (unit.system.side !== dump.system.side)
      return void refusals.push({
        code: "otherSide",
        text: phrase("NOBC.Nqm.Logistics.Check.otherSide", { stand: unit.name, dump: dump.name }),
        field,
      });
    if (unit.system.kind !== "fighting")
      return void refusals.push({ code: "notCombat", text: phrase("NOBC.Nqm.Logistics.Check.notCombat", { stand: unit.name }), field });
    stands.push({ actor: unit.id, name: unit.name, strength: unit.system.strength.value, ammo: unit.system.ammo });
  });
  return {
    input: {
      dump: { actor: dump.id, name: dump.name, divLog: dump.system.supplyUnits.log },
      stands,
      overnight: state.overnight,
      vehicleSentBack: state.vehicleSentBack,
    },
    refusals,
  };
}

/** The resupply as the rules resolve it, or every refusal (the dialog's and the rules'), each naming its field. */
export function logisticsResolution(world: NqmWorld, state: LogisticsState): Checked<Resolution<{ diceIssued: number }>> {
  const { input, refusals } = logisticsInput(world, state);
  if (input === undefined) return { ok: false, refusals };
  const checked = nqm.resolveResupply(input);
  if (!checked.ok) return { ok: false, refusals: [...refusals, ...checked.refusals] };
  return refusals.length > 0 ? { ok: false, refusals } : checked;
}

/**
 * A stand after the resupply (or as it is, when not resupplied): its dice and what its supply lets
 * it do (seed 004, Divisional Fuel Units).
 */
export interface StandAfter {
  readonly ammo: number;
  readonly capacity: number;
  readonly canMove: boolean;
  readonly canAttack: boolean;
}

export function standAfter(unit: NqmUnitView, state: LogisticsState, resupplied: boolean): StandAfter {
  const capacity = unit.system.strength.value;
  const ammo = resupplied ? Math.max(unit.system.ammo, nqm.ammoCapacity(capacity)) : unit.system.ammo;
  // Out of supply a stand has neither its fuel nor its LOG: it cannot move if it needs fuel, nor attack.
  const limits = nqm.supplyLimits({
    needsFuel: state.tracked.includes(unit.id),
    hasFuel: unit.system.inSupply,
    hasAmmunition: unit.system.inSupply && ammo > 0,
  });
  return { ammo, capacity, ...limits };
}

/** What a stand may do, in words ("can move and attack"). */
export function limitsWords(after: StandAfter, i18n: Translator): string {
  const key =
    after.canMove && after.canAttack
      ? "NOBC.Nqm.Logistics.Limits.both"
      : after.canMove
        ? "NOBC.Nqm.Logistics.Limits.moveOnly"
        : after.canAttack
          ? "NOBC.Nqm.Logistics.Limits.attackOnly"
          : "NOBC.Nqm.Logistics.Limits.neither";
  return i18n.localize(key);
}

/** When the resupply happens, in words. */
export function whenWords(state: LogisticsState, i18n: Translator): string {
  return i18n.localize(
    state.overnight
      ? "NOBC.Nqm.Logistics.WhenOvernight"
      : state.vehicleSentBack
        ? "NOBC.Nqm.Logistics.WhenVehicle"
        : "NOBC.Nqm.Logistics.WhenDay",
  );
}

export function logisticsCard(world: NqmWorld, state: LogisticsState, i18n: Translator): Checked<Card> {
  const checked = logisticsResolution(world, state);
  if (!checked.ok) return checked;
  const dump = nqmUnit(world, state.dump)!;
  const { diceIssued } = checked.value.outcome;
  const outcome = speak(phrase("NOBC.Nqm.Logistics.Outcome", { dump: dump.name, count: diceIssued }), i18n);
  const inputs: CardInputLine[] = [
    { label: i18n.localize("NOBC.Nqm.Logistics.Dump"), value: dump.name },
    {
      label: i18n.localize("NOBC.Nqm.Field.DivLog"),
      value: words(i18n, "NOBC.Nqm.Logistics.DivLogValue", { before: dump.system.supplyUnits.log, after: dump.system.supplyUnits.log - 1 }),
    },
    { label: i18n.localize("NOBC.Nqm.Logistics.When"), value: whenWords(state, i18n) },
    { label: i18n.localize("NOBC.Nqm.Logistics.Dice"), value: i18n.localize("NOBC.Nqm.Logistics.NoDice") },
    ...state.stands.map((id) => {
      const unit = nqmUnit(world, id)!;
      const after = standAfter(unit, state, true);
      return {
        label: nqmName(world, id),
        value: words(i18n, "NOBC.Nqm.Logistics.StandValue", {
          before: unit.system.ammo,
          after: after.ammo,
          limits: limitsWords(after, i18n),
        }),
      };
    }),
  ];
  return { ok: true, value: nqmCard(words(i18n, "NOBC.Nqm.Logistics.CardTitle", { dump: dump.name }), checked.value, outcome, inputs) };
}
