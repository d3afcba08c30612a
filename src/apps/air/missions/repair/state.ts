/**
 * Step 9, aircraft repair for one side at once: every damaged squadron of the side rolls at or
 * under its air force's repair score, except the (NATO only) squadrons the team repairs without a
 * roll. The dialog shows each squadron's score and chance before the roll.
 */
import { resolveAircraftRepair, type RepairInput } from "../../../../rules/nobc/air/index";
import type { Side, Squadron } from "../../../../rules/nobc/air/types";
import type { Dice } from "../../../../rules/dice";
import { phrase, refuse, type Checked } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import type { FormValues } from "../../../base/controller";
import { readSide, refusal, SIDE_KEYS, tickedIds, type Translator, type MissionCard } from "../view";
import type { MissionWorld } from "../world";
import { holdsFor } from "../../../base/holds";

export interface RepairState {
  readonly side: Side;
  /** NATO's picks repaired without a roll (at most two; the rules refuse more). */
  readonly automatic: readonly string[];
  /** Only these squadrons (a squadron sheet's Repair button); every damaged one of the side when left out. */
  readonly only?: readonly string[] | undefined;
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
  return {
    ...state,
    side,
    automatic:
      side === "nato"
        ? tickedIds(
            form,
            "auto",
            damagedSquadrons(world, side).map((s) => s.id),
          )
        : [],
  };
}

export function repairInput(state: RepairState, world: MissionWorld): Checked<RepairInput> {
  const damaged = damagedSquadrons(world, state.side);
  const only = state.only;
  if (only !== undefined) {
    const listed = new Set(damaged.map((s) => s.id));
    const missing = only.filter((id) => !listed.has(id));
    if (missing.length > 0)
      return refuse(
        ...missing.map((id) =>
          refusal(
            "notDamaged",
            phrase("NOBC.AirRequest.notDamaged", { name: world.names.get(id) ?? id, side: phrase(SIDE_KEYS[state.side]) }),
            "only",
          ),
        ),
      );
  }
  const squadrons = only === undefined ? damaged : damaged.filter((s) => only.includes(s.id));
  if (squadrons.length === 0) {
    return refuse(
      refusal("nothingDamaged", phrase("NOBC.AirMissions.Check.nothingDamaged", { side: phrase(SIDE_KEYS[state.side]) }), "squadrons"),
    );
  }
  return { ok: true, value: { side: state.side, squadrons, automatic: state.automatic } };
}

/** Step 9 comes once a turn: each squadron rolls for repair once (asking again would roll again). */
export function repairHolds(state: RepairState, world: MissionWorld): { readonly holds?: readonly string[] } {
  const input = repairInput(state, world);
  if (!input.ok) return {};
  return holdsFor(
    world.turn,
    input.value.squadrons.map((s) => `repair:${s.id}`),
  );
}

export function rollRepair(state: RepairState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionCard> {
  const input = repairInput(state, world);
  if (!input.ok) return input;
  const resolved = resolveAircraftRepair(input.value, dice);
  if (!resolved.ok) return resolved;
  const { repaired, destroyed } = resolved.value.outcome;
  const names = (ids: readonly string[]) => (ids.length === 0 ? "\u2014" : ids.map((id) => world.names.get(id) ?? id).join(", "));
  const side = i18n.localize(SIDE_KEYS[state.side]);
  return {
    ok: true,
    value: {
      ...repairHolds(state, world),
      // One squadron's repair (its sheet's button) is titled with its name.
      title:
        state.only?.length === 1
          ? i18n.format("NOBC.Dialog.RepairTitle", { name: world.names.get(state.only[0]!) ?? state.only[0]! })
          : i18n.format("NOBC.AirMissions.Repair.CardTitle", { side }),
      hook: "nobc.aircraftRepaired",
      resolution: resolved.value,
      // Each line is one squadron's repair score: they add up to nothing.
      total: false,
      outcome: speak(phrase("NOBC.AirMissions.Repair.Outcome", { repaired: repaired.length, destroyed: destroyed.length }), i18n),
      inputs: [
        { label: i18n.localize("NOBC.AirMissions.Repair.Damaged"), value: names(input.value.squadrons.map((s) => s.id)) },
        ...(state.side === "nato" ? [{ label: i18n.localize("NOBC.AirMissions.Repair.Automatic"), value: names(state.automatic) }] : []),
      ],
    },
  };
}
