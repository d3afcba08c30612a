/**
 * Winning the Firefight (seed 004, Table 12): the attacking side's units and the defender's, each
 * with the combat units it fires, their weight and the class they fire at, each unit's protection,
 * and the shift of each side's fire (ambush, contact range: seed 001). Pre-filled from the selected
 * NQM unit tokens. The stands' bases and pins are read from the world, never from the state. Pure.
 */
import { z } from "zod";
import { nqm } from "../../../rules/index";
import type { Dice } from "../../../rules/dice";
import { phrase, type Checked, type Phrase, type Refusal, type Resolution } from "../../../rules/resolution";
import type { FireBatch, FirefightInput, FirefightOutcome, ShiftReason, WeightClass } from "../../../rules/nqm/index";
import { speak } from "../../../words/phrase";
import { boundedList, boundedRecord, uuid } from "../../base/state-bounds";
import type { Card } from "../../base/controller";
import type { CardInputLine } from "../../../chat/card-data";
import {
  nqmCard,
  numberOf,
  percent,
  ticked,
  totalsDistribution,
  words,
  type ChanceView,
  type Translator,
  weightClassOf,
  weightClassSchema,
} from "../view";
import { nqmName, nqmUnit, targetStand, type NqmUnitView, type NqmWorld } from "../world";

export type Side = "nato" | "wp";

/** One unit in the fight: the dice it rolls, their weight, the class it fires at ("" the enemy's first), its protection. */
export interface FireRow {
  readonly dice: number;
  readonly weight: WeightClass;
  readonly against: WeightClass | "";
  readonly protection: WeightClass;
}

export interface FirefightState {
  readonly attackerSide: Side;
  readonly attacker: Readonly<Record<string, FireRow>>;
  readonly defender: Readonly<Record<string, FireRow>>;
  readonly attackerShift: ShiftReason | "";
  readonly defenderShift: ShiftReason | "";
}

const weight = weightClassSchema;
const shift = z.enum(["", "ambushEffective", "ambushContact", "contactRange"]);
const row = z.strictObject({ dice: z.number(), weight, against: z.union([weight, z.literal("")]), protection: weight });

/** The state a request carries: which units fight on each side and how; the bases and pins come from the world. */
export const firefightStateSchema = z.strictObject({
  attackerSide: z.enum(["nato", "wp"]),
  attacker: boundedRecord(uuid, row),
  defender: boundedRecord(uuid, row),
  attackerShift: shift,
  defenderShift: shift,
});

export const SHIFT_CHOICES: readonly (ShiftReason | "")[] = ["", "ambushEffective", "contactRange", "ambushContact"];

/** A unit's row as its sheet has it: its combat units of its weight, at the enemy's class, protected by its own. */
export function defaultRow(unit: NqmUnitView): FireRow {
  return { dice: unit.system.combatUnits, weight: unit.system.weight, against: "", protection: unit.system.targetClass };
}

function rowsOf(world: NqmWorld, ids: readonly string[]): Record<string, FireRow> {
  const out: Record<string, FireRow> = {};
  for (const id of ids) {
    const unit = nqmUnit(world, id);
    if (unit !== undefined) out[id] = defaultRow(unit);
  }
  return out;
}

/** The macro's arguments: the units on each side, by UUID. */
export const firefightArgsSchema = z.strictObject({
  attacker: boundedList(uuid).readonly().optional(),
  defender: boundedList(uuid).readonly().optional(),
});

export type FirefightArgs = z.infer<typeof firefightArgsSchema>;

/** The fight to open on: the units named, else the selected tokens (the first one's side attacks). */
export function initialFirefight(world: NqmWorld, args: FirefightArgs = {}): FirefightState {
  const named = [...(args.attacker ?? []), ...(args.defender ?? [])].length > 0;
  const first = nqmUnit(world, args.attacker?.[0] ?? world.selected[0] ?? "");
  const attackerSide: Side = first?.system.side ?? "nato";
  const pick = (side: Side) => world.selected.filter((id) => nqmUnit(world, id)?.system.side === side);
  return {
    attackerSide,
    attacker: rowsOf(world, named ? (args.attacker ?? []) : pick(attackerSide)),
    defender: rowsOf(world, named ? (args.defender ?? []) : pick(attackerSide === "nato" ? "wp" : "nato")),
    attackerShift: "",
    defenderShift: "",
  };
}

function rowFrom(values: Readonly<Record<string, unknown>>, id: string, prev: FireRow): FireRow {
  const against = values[`against:${id}`];
  return {
    dice: numberOf(values[`dice:${id}`], prev.dice),
    weight: weightClassOf(values[`weight:${id}`], prev.weight),
    against: against === undefined ? prev.against : against === "" ? "" : weightClassOf(against, prev.against === "" ? "L" : prev.against),
    protection: weightClassOf(values[`prot:${id}`], prev.protection),
  };
}

function shiftOf(value: unknown, fallback: ShiftReason | ""): ShiftReason | "" {
  return SHIFT_CHOICES.find((s) => s === value) ?? fallback;
}

export function firefightFromForm(world: NqmWorld, prev: FirefightState, values: Readonly<Record<string, unknown>>): FirefightState {
  const side = values["attackerSide"] === "wp" || values["attackerSide"] === "nato" ? values["attackerSide"] : prev.attackerSide;
  if (side !== prev.attackerSide) return { ...initialFirefight({ ...world, selected: [] }), attackerSide: side };
  const attacker: Record<string, FireRow> = {};
  const defender: Record<string, FireRow> = {};
  for (const unit of world.units) {
    const role = unit.system.side === side ? "attacker" : "defender";
    const key = `use:${unit.id}`;
    const before = prev[role][unit.id];
    const chosen = key in values ? ticked(values[key]) : before !== undefined;
    if (chosen) (role === "attacker" ? attacker : defender)[unit.id] = rowFrom(values, unit.id, before ?? defaultRow(unit));
  }
  return {
    attackerSide: side,
    attacker,
    defender,
    attackerShift: shiftOf(values["attackerShift"], prev.attackerShift),
    defenderShift: shiftOf(values["defenderShift"], prev.defenderShift),
  };
}

/** The side's units in words, e.g. "2 Coy, 3 Coy". */
export function sideName(world: NqmWorld, rows: Readonly<Record<string, FireRow>>): string {
  return Object.keys(rows)
    .map((id) => nqmName(world, id))
    .join(", ");
}

const EMPTY_SIDE = { attacker: "NOBC.Nqm.Firefight.Check.attacker", defender: "NOBC.Nqm.Firefight.Check.defender" } as const;

/** The rules' input, or the dialog's own refusals (an unknown unit, an empty side), each naming its field. */
export function firefightInput(world: NqmWorld, state: FirefightState): Checked<FirefightInput> {
  const refusals: Refusal[] = [];
  const side = (role: "attacker" | "defender", rows: Readonly<Record<string, FireRow>>, enemy: Readonly<Record<string, FireRow>>) => {
    const known = Object.keys(rows).flatMap((id) => {
      const unit = nqmUnit(world, id);
      if (unit === undefined) {
        refusals.push({ code: "unknownUnit", text: phrase("NOBC.Nqm.Check.unknownUnit", { unit: id }), field: `${role}.${id}` });
        return [];
      }
      return [unit];
    });
    if (known.length === 0 && refusals.length === 0) refusals.push({ code: "noUnits", text: phrase(EMPTY_SIDE[role]), field: role });
    const firstEnemy = Object.values(enemy)[0]?.protection ?? "L";
    const fire: FireBatch[] = known
      .filter((u) => rows[u.id]!.dice !== 0)
      .map((u) => {
        const r = rows[u.id]!;
        return { firer: u.id, weight: r.weight, dice: r.dice, against: r.against === "" ? firstEnemy : r.against };
      });
    return { name: sideName(world, rows), stands: known.map((u) => targetStand(u, rows[u.id]!.protection)), fire };
  };
  const attacker = side("attacker", state.attacker, state.defender);
  const defender = side("defender", state.defender, state.attacker);
  if (refusals.length > 0) return { ok: false, refusals };
  return {
    ok: true,
    value: {
      attacker: { ...attacker, ...(state.attackerShift === "" ? {} : { shift: state.attackerShift }) },
      defender: { ...defender, ...(state.defenderShift === "" ? {} : { shift: state.defenderShift }) },
    },
  };
}

export function firefightResolution(world: NqmWorld, state: FirefightState, dice: Dice): Checked<Resolution<FirefightOutcome>> {
  const input = firefightInput(world, state);
  return input.ok ? nqm.resolveFirefight(input.value, dice) : input;
}

/** The chance of each total of hits one side scores (Table 12, every die read on every face). */
export function hitsDistribution(side: FirefightInput["attacker"]): Map<number, number> {
  const shifts = side.shift === undefined ? 0 : nqm.SHIFTS[side.shift];
  const faces = side.fire.flatMap((b) =>
    Array.from({ length: Math.max(0, b.dice) }, () => [1, 2, 3, 4, 5, 6].map((f) => nqm.hitsFor(b.weight, b.against, f, shifts))),
  );
  return totalsDistribution(faces);
}

/** The chance the attacker wins (scores more), draws and must reinforce (scores fewer). */
export function firefightChances(input: FirefightInput): { win: number; draw: number; lose: number } {
  const a = hitsDistribution(input.attacker);
  const d = hitsDistribution(input.defender);
  let win = 0;
  let draw = 0;
  for (const [x, px] of a)
    for (const [y, py] of d) {
      if (x > y) win += px * py;
      else if (x === y) draw += px * py;
    }
  return { win, draw, lose: Math.max(0, 1 - win - draw) };
}

export function chanceViews(input: FirefightInput, i18n: Translator): ChanceView[] {
  const c = firefightChances(input);
  const side = { attacker: input.attacker.name, count: input.attacker.stands.length };
  return [
    { label: words(i18n, "NOBC.Nqm.Firefight.Chance.win", side), chance: percent(c.win, i18n) },
    { label: words(i18n, "NOBC.Nqm.Firefight.Chance.draw", side), chance: percent(c.draw, i18n) },
    { label: words(i18n, "NOBC.Nqm.Firefight.Chance.lose", side), chance: percent(c.lose, i18n) },
  ];
}

/** The firefight's result in words. */
export function outcomePhrase(input: FirefightInput, o: FirefightOutcome): Phrase {
  // `count`: the attacking units named, for the verb ("2 Coy wins", "2 Coy, 3 Coy win").
  const data = {
    attacker: input.attacker.name,
    defender: input.defender.name,
    count: input.attacker.stands.length,
    score: phrase("NOBC.Nqm.Firefight.Score", { count: o.attackerScored, taken: o.defenderScored }),
  };
  if (o.won) return phrase("NOBC.Nqm.Firefight.Won", data);
  return phrase(o.mustReinforce ? "NOBC.Nqm.Firefight.Lost" : "NOBC.Nqm.Firefight.Even", data);
}

function rowsText(world: NqmWorld, rows: Readonly<Record<string, FireRow>>, i18n: Translator): string {
  return Object.entries(rows)
    .map(([id, r]) =>
      words(i18n, "NOBC.Nqm.Firefight.RowText", {
        unit: nqmName(world, id),
        dice: r.dice,
        weight: i18n.localize(nqm.WEIGHT_CLASS_LABEL[r.weight]),
        protection: i18n.localize(nqm.WEIGHT_CLASS_LABEL[r.protection]),
      }),
    )
    .join("; ");
}

export function firefightInputs(world: NqmWorld, state: FirefightState, i18n: Translator): CardInputLine[] {
  const shiftText = (s: ShiftReason | "") => (s === "" ? i18n.localize("NOBC.Nqm.Shift.none") : i18n.localize(nqm.SHIFT_LABEL[s]));
  return [
    { label: i18n.localize("NOBC.Nqm.Firefight.Attacker"), value: rowsText(world, state.attacker, i18n) },
    { label: i18n.localize("NOBC.Nqm.Firefight.Defender"), value: rowsText(world, state.defender, i18n) },
    { label: i18n.localize("NOBC.Nqm.Firefight.AttackerShift"), value: shiftText(state.attackerShift) },
    { label: i18n.localize("NOBC.Nqm.Firefight.DefenderShift"), value: shiftText(state.defenderShift) },
  ];
}

/** The card Roll posts, or every refusal. */
export function firefightCard(world: NqmWorld, state: FirefightState, dice: Dice, i18n: Translator): Checked<Card> {
  const input = firefightInput(world, state);
  if (!input.ok) return input;
  const checked = nqm.resolveFirefight(input.value, dice);
  if (!checked.ok) return checked;
  const title = words(i18n, "NOBC.Nqm.Firefight.CardTitle", { attacker: input.value.attacker.name, defender: input.value.defender.name });
  return {
    ok: true,
    value: nqmCard(
      title,
      checked.value,
      speak(outcomePhrase(input.value, checked.value.outcome), i18n),
      firefightInputs(world, state, i18n),
    ),
  };
}
