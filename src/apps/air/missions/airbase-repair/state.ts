/**
 * Step 11 for one side: one die per repairable hit on each of its airbases (a failure is
 * permanent), and up to three air-defence boxes restored per air zone over its airbase charts,
 * split as the owner chooses. Pure.
 */
import {
  resolveAirbaseRepair,
  AIR_DEFENCE_REPAIRS_PER_ZONE,
  type AirDefenceChart,
  type AirbaseRepairInput,
} from "../../../../rules/nobc/air/index";
import type { Side } from "../../../../rules/nobc/air/types";
import type { Dice } from "../../../../rules/dice";
import { phrase, refuse, type Checked } from "../../../../rules/resolution";
import { speak } from "../../../../words/phrase";
import type { FormValues } from "../../../base/controller";
import { readSide, refusal, SIDE_KEYS, type Translator, type MissionCard } from "../view";
import type { AirbaseView, MissionWorld } from "../world";
import { holdsFor } from "../../../base/holds";

export interface AirbaseRepairState {
  readonly side: Side;
  /** Boxes to restore per chart, as typed (the rules check the zone's limit). */
  readonly boxes: Readonly<Record<string, number>>;
}

export function sideAirbases(world: MissionWorld, side: Side): AirbaseView[] {
  return world.airbases.filter((a) => a.side === side);
}

/** Each airbase as an air-defence chart: boxes lost = the track's maximum less its value. */
export function chartsOf(airbases: readonly AirbaseView[]): AirDefenceChart[] {
  return airbases.map((a) => ({
    id: a.id,
    name: a.name,
    side: a.side,
    airZone: a.airZone,
    lost: Math.max(0, a.airDefence.max - a.airDefence.value),
  }));
}

/** The rules' own split (charts served in order, three per zone) as the starting choice. */
export function defaultBoxes(world: MissionWorld, side: Side): Record<string, number> {
  const charts = chartsOf(sideAirbases(world, side));
  const left = new Map<string, number>();
  return Object.fromEntries(
    charts.map((c) => {
      const budget = left.get(c.airZone) ?? AIR_DEFENCE_REPAIRS_PER_ZONE;
      const n = Math.min(c.lost, budget);
      left.set(c.airZone, budget - n);
      return [c.id, n];
    }),
  );
}

export function initialAirbaseRepair(world: MissionWorld, side: Side): AirbaseRepairState {
  return { side, boxes: defaultBoxes(world, side) };
}

export function readAirbaseRepair(state: AirbaseRepairState, form: FormValues, world: MissionWorld): AirbaseRepairState {
  const side = readSide(form["side"], state.side);
  if (side !== state.side) return initialAirbaseRepair(world, side);
  const boxes: Record<string, number> = { ...state.boxes };
  for (const a of sideAirbases(world, side)) {
    const raw = form[`boxes:${a.id}`];
    // A blank field is 0; anything else goes to the rules as typed, so they can refuse it.
    if (raw !== undefined) boxes[a.id] = raw === "" || raw === null ? 0 : Number(raw);
  }
  return { side, boxes };
}

export function airbaseRepairInput(state: AirbaseRepairState, world: MissionWorld): Checked<AirbaseRepairInput> {
  const airbases = sideAirbases(world, state.side);
  const charts = chartsOf(airbases);
  if (!airbases.some((a) => a.hits > 0) && !charts.some((c) => c.lost > 0)) {
    return refuse(
      refusal("nothingToRepair", phrase("NOBC.AirMissions.Check.nothingToRepair", { side: phrase(SIDE_KEYS[state.side]) }), "airbases"),
    );
  }
  const airDefenceRepairs = Object.fromEntries(charts.map((c) => [c.id, state.boxes[c.id] ?? 0]));
  return { ok: true, value: { side: state.side, airbases, charts, airDefenceRepairs } };
}

/** Each airbase (and its air-defence chart) is repaired once a turn: asking again would roll again. */
export function airbaseRepairHolds(state: AirbaseRepairState, world: MissionWorld): { readonly holds?: readonly string[] } {
  const input = airbaseRepairInput(state, world);
  if (!input.ok) return {};
  return holdsFor(
    world.turn,
    input.value.airbases.map((a) => `airbaseRepair:${a.id}`),
  );
}

export function rollAirbaseRepair(state: AirbaseRepairState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionCard> {
  const input = airbaseRepairInput(state, world);
  if (!input.ok) return input;
  const resolved = resolveAirbaseRepair(input.value, dice);
  if (!resolved.ok) return resolved;
  const { outcome } = resolved.value;
  const repaired = outcome.airbases.reduce((s, a) => s + a.repaired, 0);
  const permanent = outcome.airbases.reduce((s, a) => s + a.madePermanent, 0);
  const boxes = outcome.airDefence.reduce((s, c) => s + c.repaired, 0);
  const side = i18n.localize(SIDE_KEYS[state.side]);
  return {
    ok: true,
    value: {
      ...airbaseRepairHolds(state, world),
      title: i18n.format("NOBC.AirMissions.AirbaseRepair.CardTitle", { side }),
      hook: "nobc.airbasesRepaired",
      resolution: resolved.value,
      outcome: speak(
        phrase("NOBC.AirMissions.AirbaseRepair.Outcome", {
          repaired: phrase("NOBC.AirMissions.AirbaseRepair.Repaired", { count: repaired }),
          permanent,
          boxes: phrase("NOBC.AirMissions.AirbaseRepair.Boxes", { count: boxes }),
        }),
        i18n,
      ),
      inputs: input.value.airbases
        .filter((a) => a.hits > 0)
        .map((a) => ({ label: a.name, value: speak(phrase("NOBC.AirMissions.AirbaseRepair.HitsLine", { count: a.hits }), i18n) })),
    },
  };
}
