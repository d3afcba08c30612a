/**
 * Step 11 for one side: one die per repairable hit on each of its airbases (a failure is
 * permanent), and up to three air-defence boxes restored per air zone over its airbase charts,
 * split as the owner chooses. Also the umpire's airfield overrun: permanent hits at once.
 */
import {
  airbaseRepairTarget,
  resolveAirbaseRepair,
  resolveAirfieldOverrun,
  AIR_DEFENCE_REPAIRS_PER_ZONE,
  type AirDefenceChart,
  type AirbaseRepairInput,
} from "../../../rules/nobc/air/index";
import type { Side } from "../../../rules/nobc/air/types";
import type { Dice } from "../../../rules/dice";
import { refuse, type Checked } from "../../../rules/resolution";
import { choosableSides } from "./access";
import {
  breakdownRows,
  constantDice,
  effectSentences,
  percent,
  readSide,
  refusal,
  refusalMessages,
  sideOptions,
  SIDE_KEYS,
  type FormValues,
  type MissionPost,
  type MissionSpec,
  type Translator,
} from "./spec";
import type { AirbaseView, MissionWorld } from "./world";

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
  return airbases.map((a) => ({ id: a.id, name: a.name, side: a.side, airZone: a.airZone, lost: Math.max(0, a.airDefence.max - a.airDefence.value) }));
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

export function airbaseRepairInput(state: AirbaseRepairState, world: MissionWorld, i18n: Translator): Checked<AirbaseRepairInput> {
  const airbases = sideAirbases(world, state.side);
  const charts = chartsOf(airbases);
  if (!airbases.some((a) => a.hits > 0) && !charts.some((c) => c.lost > 0)) {
    const side = i18n.localize(SIDE_KEYS[state.side]);
    return refuse(refusal("nothingToRepair", i18n.format("NOBC.AirMissions.Check.nothingToRepair", { side }), "airbases"));
  }
  const airDefenceRepairs = Object.fromEntries(charts.map((c) => [c.id, state.boxes[c.id] ?? 0]));
  return { ok: true, value: { side: state.side, airbases, charts, airDefenceRepairs } };
}

/** The chance of repairing exactly k of n hits, each at or under `target` on a die (exact). */
export function repairSpread(n: number, target: number): number[] {
  const p = target / 6;
  const choose = (k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return c;
  };
  return Array.from({ length: n + 1 }, (_, k) => choose(k) * p ** k * (1 - p) ** (n - k));
}

export function airbaseRepairContext(state: AirbaseRepairState, world: MissionWorld, i18n: Translator) {
  const target = airbaseRepairTarget(state.side);
  const airbases = sideAirbases(world, state.side);
  const input = airbaseRepairInput(state, world, i18n);
  const dry = input.ok ? resolveAirbaseRepair(input.value, constantDice(1)) : input;
  return {
    sides: sideOptions(choosableSides(world, "airbases"), state.side, i18n),
    target,
    chance: percent(target / 6),
    airbases: airbases.map((a) => ({
      name: a.name,
      zone: a.airZone,
      hits: a.hits,
      permanent: a.permanentHits,
      spread: a.hits === 0 ? [] : repairSpread(a.hits, target).map((p, k) => ({ repaired: k, chance: percent(p) })),
    })),
    charts: chartsOf(airbases).map((c) => ({ id: c.id, name: c.name, zone: c.airZone, lost: c.lost, boxes: state.boxes[c.id] ?? 0 })),
    perZone: AIR_DEFENCE_REPAIRS_PER_ZONE,
    refusals: dry.ok ? [] : refusalMessages(dry.refusals),
    canRoll: dry.ok,
  };
}

export function rollAirbaseRepair(state: AirbaseRepairState, world: MissionWorld, dice: Dice, i18n: Translator): Checked<MissionPost> {
  const input = airbaseRepairInput(state, world, i18n);
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
      title: i18n.format("NOBC.AirMissions.AirbaseRepair.CardTitle", { side }),
      hook: "nobc.airbasesRepaired",
      resolution: resolved.value,
      outcome: i18n.format("NOBC.AirMissions.AirbaseRepair.Outcome", { repaired: String(repaired), permanent: String(permanent), boxes: String(boxes) }),
      inputs: input.value.airbases
        .filter((a) => a.hits > 0)
        .map((a) => ({ label: a.name, value: i18n.format("NOBC.AirMissions.AirbaseRepair.HitsLine", { hits: String(a.hits) }) })),
    },
  };
}

export const airbaseRepairSpec: MissionSpec<AirbaseRepairState> = {
  id: "airbase-repair",
  template: "apps/air-missions/airbase-repair.hbs",
  title: "NOBC.AirMissions.AirbaseRepair.Title",
  who: "airbases",
  initial: initialAirbaseRepair,
  read: readAirbaseRepair,
  context: airbaseRepairContext,
  roll: rollAirbaseRepair,
};

/* ------------------------------------------------------------------------------------------ */
/* Airfield overrun (the umpire's)                                                              */

export interface OverrunState {
  readonly airbase: string | null;
  /** Hits as typed. */
  readonly hits: string;
}

export function initialOverrun(world: MissionWorld): OverrunState {
  return { airbase: world.airbases[0]?.id ?? null, hits: "1" };
}

export function readOverrun(state: OverrunState, form: FormValues): OverrunState {
  const airbase = typeof form["airbase"] === "string" && form["airbase"] !== "" ? form["airbase"] : state.airbase;
  const hits = form["hits"] === undefined ? state.hits : String(form["hits"]).trim();
  return { airbase, hits };
}

function overrunResolution(state: OverrunState, world: MissionWorld, i18n: Translator) {
  const airbase = world.airbases.find((a) => a.id === state.airbase);
  if (airbase === undefined) return refuse(refusal("noAirbase", i18n.localize("NOBC.AirMissions.Check.noOverrunAirbase"), "airbase"));
  return resolveAirfieldOverrun({ airbase, hits: state.hits === "" ? Number.NaN : Number(state.hits) });
}

export function overrunContext(state: OverrunState, world: MissionWorld, i18n: Translator) {
  const resolved = overrunResolution(state, world, i18n);
  return {
    airbases: world.airbases.map((a) => ({
      value: a.id,
      label: `${a.name} (${i18n.localize(SIDE_KEYS[a.side])})`,
      selected: a.id === state.airbase,
    })),
    hits: state.hits,
    refusals: resolved.ok ? [] : refusalMessages(resolved.refusals),
    rows: resolved.ok ? breakdownRows(resolved.value.breakdown, i18n) : [],
    changes: resolved.ok ? effectSentences(resolved.value.effects, world, i18n) : [],
    canRoll: resolved.ok,
  };
}

export function postOverrun(state: OverrunState, world: MissionWorld, i18n: Translator): Checked<MissionPost> {
  const resolved = overrunResolution(state, world, i18n);
  if (!resolved.ok) return resolved;
  const name = world.names.get(state.airbase ?? "") ?? state.airbase ?? "";
  return {
    ok: true,
    value: {
      title: i18n.format("NOBC.AirMissions.Overrun.CardTitle", { name }),
      hook: "nobc.airfieldOverrun",
      resolution: resolved.value,
      outcome: i18n.format("NOBC.AirMissions.Overrun.Outcome", { hits: String(resolved.value.outcome.permanent) }),
      inputs: [{ label: i18n.localize("NOBC.AirMissions.Overrun.Airbase"), value: name }],
    },
  };
}

export const overrunSpec: MissionSpec<OverrunState> = {
  id: "overrun",
  template: "apps/air-missions/overrun.hbs",
  title: "NOBC.AirMissions.Overrun.Title",
  who: "gm",
  initial: (world) => initialOverrun(world),
  read: (state, form) => readOverrun(state, form),
  context: overrunContext,
  roll: (state, world, _dice, i18n) => postOverrun(state, world, i18n),
};
