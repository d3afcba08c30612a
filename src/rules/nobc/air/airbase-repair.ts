/**
 * Step 11: airbase and air-defence repair (seed 000, Air War QRS: 11) Airbase and air defence repair),
 * and the permanent hits of an airfield overrun on the main map.
 */
import type { ActorRef } from "../../ids";
import type { Dice } from "../../dice";
import type { Effect } from "../../effects";
import { RefusalList, ok, phrase, refuse } from "../../resolution";
import type { BreakdownLine, Checked, Resolution } from "../../resolution";
import { AIR_SOURCES } from "./sources";
import { sideLabel } from "./labels";
import { isCount, tableEntry } from "./validate";
import type { AirZoneRef, Airbase, Side } from "./types";

/** Seed 000, Air War QRS: 11): one die per airbase hit, repaired on NATO 4 or less, WP 3 or less. */
export const AIRBASE_REPAIR_TARGETS: Readonly<Record<Side, number>> = { nato: 4, wp: 3 };

/** Seed 000, Air War QRS: 11): each air zone repairs three air-defence boxes in total. */
export const AIR_DEFENCE_REPAIRS_PER_ZONE = 3;

export function airbaseRepairTarget(side: Side): number {
  return tableEntry(AIRBASE_REPAIR_TARGETS, side, "side");
}

/** A chart with air-defence boxes (an airbase's or a mission chart): how many boxes are knocked out. */
export interface AirDefenceChart {
  readonly id: ActorRef;
  readonly name: string;
  readonly side: Side;
  readonly airZone: AirZoneRef;
  readonly lost: number;
}

export interface AirbaseRepairInput {
  side: Side;
  airbases: readonly Airbase[];
  charts: readonly AirDefenceChart[];
  /** Boxes to restore per chart, the owner's choice; without it, charts are served in the order given. */
  airDefenceRepairs?: Readonly<Record<ActorRef, number>>;
}

export interface AirbaseRepairOutcome {
  airbases: { airbase: ActorRef; repaired: number; madePermanent: number }[];
  airDefence: { chart: ActorRef; repaired: number }[];
}

/** Rolls for every repairable airbase hit (a failure is permanent) and restores air-defence boxes. */
export function resolveAirbaseRepair(input: AirbaseRepairInput, dice: Dice): Checked<Resolution<AirbaseRepairOutcome>> {
  const refusals = new RefusalList();
  const whose = sideLabel(input.side);
  input.airbases.forEach((a, i) => {
    if (a.side !== input.side) {
      refusals.add(
        "wrongSide",
        phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.wrongSideAirbase", { airbase: a.name, side: whose }),
        `airbases.${i}`,
      );
    }
    if (!isCount(a.hits)) {
      refusals.add(
        "badHits",
        phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.badHits", { airbase: a.name, value: String(a.hits) }),
        `airbases.${i}.hits`,
      );
    }
  });
  input.charts.forEach((c, i) => {
    if (c.side !== input.side) {
      refusals.add(
        "wrongSide",
        phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.wrongSideChart", { chart: c.name, side: whose }),
        `charts.${i}`,
      );
    }
    if (!isCount(c.lost)) {
      refusals.add(
        "badLost",
        phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.badLost", { chart: c.name, value: String(c.lost) }),
        `charts.${i}.lost`,
      );
    }
  });
  // The air-defence plan is checked only on sound charts; either stage's refusals stop the roll.
  const plan = refusals.empty ? planAirDefence(input, refusals) : [];
  if (!refusals.empty) return refuse(...refusals.items);

  const target = airbaseRepairTarget(input.side);
  const breakdown: BreakdownLine[] = [
    { text: phrase("NOBC.Rules.Air.AirbaseRepair.Target", { side: whose }), value: target, source: AIR_SOURCES.airbaseRepair },
  ];
  const rolls: number[] = [];
  const effects: Effect[] = [];
  const airbases: AirbaseRepairOutcome["airbases"] = [];
  for (const a of input.airbases) {
    if (a.hits === 0) continue;
    const faces = dice.roll(a.hits);
    rolls.push(...faces);
    const repaired = faces.filter((f) => f <= target).length;
    const madePermanent = a.hits - repaired;
    breakdown.push({
      text: phrase("NOBC.Rules.Air.AirbaseRepair.Repaired", { airbase: a.name }),
      value: repaired,
      source: AIR_SOURCES.airbaseRepair,
    });
    breakdown.push({
      text: phrase("NOBC.Rules.Air.AirbaseRepair.MadePermanent", { airbase: a.name }),
      value: madePermanent,
      source: AIR_SOURCES.airbaseRepair,
    });
    airbases.push({ airbase: a.id, repaired, madePermanent });
    effects.push({ type: "airbaseHits", airbase: a.id, repairable: -a.hits, permanent: madePermanent });
  }
  const airDefence = plan.filter((p) => p.repaired > 0);
  for (const p of airDefence) {
    breakdown.push({
      text: phrase("NOBC.Rules.Air.AirbaseRepair.Restored", { chart: p.name }),
      value: p.repaired,
      source: AIR_SOURCES.airbaseRepair,
    });
    effects.push({ type: "airDefence", chart: p.chart, delta: p.repaired });
  }
  return refusals.result(() => ({
    breakdown,
    rolls,
    outcome: { airbases, airDefence: airDefence.map(({ chart, repaired }) => ({ chart, repaired })) },
    effects,
  }));
}

/** Splits each zone's three box repairs over its charts, checking the owner's choice if given. */
function planAirDefence(input: AirbaseRepairInput, refusals: RefusalList): { chart: ActorRef; name: string; repaired: number }[] {
  const chosen = input.airDefenceRepairs;
  const known = new Set(input.charts.map((c) => c.id));
  for (const id of Object.keys(chosen ?? {})) {
    if (!known.has(id)) {
      refusals.add("unknownChart", phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.unknownChart", { chart: id }), `airDefenceRepairs.${id}`);
    }
  }
  const left = new Map<AirZoneRef, number>();
  const plan = input.charts.map((c) => {
    const budget = left.get(c.airZone) ?? AIR_DEFENCE_REPAIRS_PER_ZONE;
    let repaired: number;
    if (chosen === undefined) {
      repaired = Math.min(c.lost, budget);
    } else {
      repaired = chosen[c.id] ?? 0;
      if (!isCount(repaired) || repaired > c.lost) {
        refusals.add(
          "badRepair",
          phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.badRepair", { chart: c.name, count: repaired, lost: c.lost }),
          `airDefenceRepairs.${c.id}`,
        );
      } else if (repaired > budget) {
        refusals.add(
          "zoneLimit",
          phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.zoneLimit", { zone: c.airZone, count: AIR_DEFENCE_REPAIRS_PER_ZONE, chart: c.name }),
          `airDefenceRepairs.${c.id}`,
        );
      }
    }
    left.set(c.airZone, budget - repaired);
    return { chart: c.id, name: c.name, repaired };
  });
  return plan;
}

export interface OverrunInput {
  airbase: Airbase;
  hits: number;
}

/** Hits an airfield takes when overrun on the main map: always permanent (seed 000, Air War QRS: 11)). */
export function resolveAirfieldOverrun(input: OverrunInput): Checked<Resolution<{ permanent: number }>> {
  if (!Number.isInteger(input.hits) || input.hits < 1) {
    return refuse({
      code: "badHits",
      text: phrase("NOBC.Rules.Air.AirbaseRepair.Refusal.badOverrunHits", { airbase: input.airbase.name, value: String(input.hits) }),
      field: "hits",
    });
  }
  return ok({
    breakdown: [
      {
        text: phrase("NOBC.Rules.Air.AirbaseRepair.OverrunHits", { airbase: input.airbase.name }),
        value: input.hits,
        source: AIR_SOURCES.airbaseRepair,
      },
    ],
    rolls: [],
    outcome: { permanent: input.hits },
    effects: [{ type: "airbaseHits", airbase: input.airbase.id, repairable: 0, permanent: input.hits }],
  });
}
