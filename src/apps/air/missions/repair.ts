/**
 * Step 9, aircraft repair for one side at once: every damaged squadron of the side rolls at or
 * under its air force's repair score, except the (NATO only) squadrons the team repairs without a
 * roll. The dialog shows each squadron's score and chance before the roll.
 */
import { NATO_AUTOMATIC_REPAIRS, repairScore, resolveAircraftRepair, type RepairInput } from "../../../rules/nobc/air/index";
import type { Side, Squadron } from "../../../rules/nobc/air/types";
import type { Dice } from "../../../rules/dice";
import { refuse, type Checked } from "../../../rules/resolution";
import { choosableSides } from "./access";
import {
  constantDice,
  percent,
  readSide,
  refusal,
  refusalMessages,
  sideOptions,
  SIDE_KEYS,
  tickedIds,
  type FormValues,
  type MissionPost,
  type MissionSpec,
  type Translator,
} from "./spec";
import type { MissionWorld } from "./world";

export interface RepairState {
  readonly side: Side;
  /** NATO's picks repaired without a roll (at most two; the rules refuse more). */
  readonly automatic: readonly string[];
}

export function damagedSquadrons(world: MissionWorld, side: Side): Squadron[] {
  return world.squadrons.filter((s) => s.side === side && s.box === "damaged");
}

export function initialRepair(_world: MissionWorld, side: Side): RepairState {
  return { side, automatic: [] };
}

export function readRepair(state: RepairState, form: FormValues, world: MissionWorld): RepairState {
  const side = readSide(form["side"], state.side);
  if (side !== state.side) return { side, automatic: [] };
  return { side, automatic: side === "nato" ? tickedIds(form, "auto", damagedSquadrons(world, side).map((s) => s.id)) : [] };
}

export function repairInput(state: RepairState, world: MissionWorld, i18n: Translator): Checked<RepairInput> {
  const squadrons = damagedSquadrons(world, state.side);
  if (squadrons.length === 0) {
    const side = i18n.localize(SIDE_KEYS[state.side]);
    return refuse(refusal("nothingDamaged", i18n.format("NOBC.AirMissions.Check.nothingDamaged", { side }), "squadrons"));
  }
  return { ok: true, value: { side: state.side, squadrons, automatic: state.automatic } };
}

export function repairContext(state: RepairState, world: MissionWorld, i18n: Translator) {
  const input = repairInput(state, world, i18n);
  // A dry run finds every refusal (e.g. too many automatic repairs) before the roll.
  const dry = input.ok ? resolveAircraftRepair(input.value, constantDice(1)) : input;
  const auto = new Set(state.automatic);
  return {
    sides: sideOptions(choosableSides(world, "squadrons"), state.side, i18n),
    nato: state.side === "nato",
    automaticLimit: NATO_AUTOMATIC_REPAIRS,
    squadrons: damagedSquadrons(world, state.side).map((s) => {
      const score = repairScore(s.nationality);
      return {
        id: s.id,
        name: s.name,
        nationality: `NOBC.Nationality.${s.nationality}`,
        automatic: auto.has(s.id),
        score,
        faces: auto.has(s.id) ? "\u2014" : Array.from({ length: score }, (_, i) => i + 1).join(", "),
        chance: percent(auto.has(s.id) ? 1 : score / 6),
      };
    }),
    refusals: dry.ok ? [] : refusalMessages(dry.refusals),
    canRoll: dry.ok,
  };
}

export function rollRepair(state: RepairState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionPost> {
  const input = repairInput(state, world, i18n);
  if (!input.ok) return input;
  const resolved = resolveAircraftRepair(input.value, dice);
  if (!resolved.ok) return resolved;
  const { repaired, destroyed } = resolved.value.outcome;
  const names = (ids: readonly string[]) => (ids.length === 0 ? "\u2014" : ids.map((id) => world.names.get(id) ?? id).join(", "));
  const side = i18n.localize(SIDE_KEYS[state.side]);
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.AirMissions.Repair.CardTitle", { side }),
      hook: "nobc.aircraftRepaired",
      resolution: resolved.value,
      outcome: i18n.format("NOBC.AirMissions.Repair.Outcome", { repaired: String(repaired.length), destroyed: String(destroyed.length) }),
      inputs: [
        { label: i18n.localize("NOBC.AirMissions.Repair.Damaged"), value: names(input.value.squadrons.map((s) => s.id)) },
        ...(state.side === "nato" ? [{ label: i18n.localize("NOBC.AirMissions.Repair.Automatic"), value: names(state.automatic) }] : []),
      ],
    },
  };
}

export const repairSpec: MissionSpec<RepairState> = {
  id: "repair",
  template: "apps/air-missions/repair.hbs",
  title: "NOBC.AirMissions.Repair.Title",
  who: "squadrons",
  initial: initialRepair,
  read: readRepair,
  context: repairContext,
  roll: rollRepair,
};
