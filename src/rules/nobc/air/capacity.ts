/**
 * Step 10: airbase capacity for the next turn (seed 000, Air War QRS: 10) Determine airbase capacity).
 */
import type { ActorRef } from "../../ids";
import type { Effect } from "../../effects";
import { RefusalList, phrase, refuse } from "../../resolution";
import type { BreakdownLine, Checked, Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import { boxLabel, sideLabel } from "./labels";
import { checkSquadron, isCount, squadronName } from "./validate";
import type { Airbase, Squadron } from "./types";

/** Squadrons per airbase before hits (seed 000, Air War QRS: 10) "2 Hits/Units per Airbase"). */
export const STANDARD_AIRBASE_CAPACITY = 2;

/**
 * Squadrons an airbase can hold: its capacity (2 unless its chart says otherwise) less one per
 * unrepaired hit, repairable or permanent, never below 0.
 */
export function airbaseCapacity(airbase: { baseCapacity?: number; hits: number; permanentHits?: number }): number {
  const base = airbase.baseCapacity ?? STANDARD_AIRBASE_CAPACITY;
  const permanent = airbase.permanentHits ?? 0;
  for (const [name, value] of [
    ["baseCapacity", base],
    ["hits", airbase.hits],
    ["permanentHits", permanent],
  ] as const) {
    if (!isCount(value)) throw new RangeError(`airbase ${name} ${value} is not a whole number, 0 or more`);
  }
  return Math.max(0, base - airbase.hits - permanent);
}

/** EW and Recce squadrons and RAF Harriers take no airbase space (seed 000, Air War QRS: 10). */
export function needsAirbaseSpace(squadron: Pick<Squadron, "recce" | "ew" | "harrier">): boolean {
  return !(squadron.recce || squadron.ew || squadron.harrier);
}

/** The lang keys of the refusals of an airbase's hit counts. */
const HIT_REFUSALS = {
  hits: "NOBC.Rules.Air.Capacity.Refusal.badHits",
  permanentHits: "NOBC.Rules.Air.Capacity.Refusal.badPermanentHits",
} as const;

export interface CapacityInput {
  squadrons: readonly Squadron[];
  airbases: readonly Airbase[];
  /** The owners' choice of base for some squadrons (null: leave it in holding). Others keep their own base. */
  placements?: Readonly<Record<ActorRef, ActorRef | null>>;
}

export interface AirbaseSpace {
  airbase: ActorRef;
  capacity: number;
  used: number;
}

export interface CapacityOutcome {
  airbases: AirbaseSpace[];
  /** Squadrons on an airbase (or exempt), ready for the next turn. */
  ready: ActorRef[];
  /** Squadrons left without a space. */
  holding: ActorRef[];
}

/**
 * Places every squadron in the ready or holding box: exempt ones are ready; the others take a
 * space at the chosen (or their own) airbase while it lasts, in the order given, else go to holding.
 */
export function resolveAirbaseCapacity(input: CapacityInput): Checked<Resolution<CapacityOutcome>> {
  const refusals = new RefusalList();
  const placements = input.placements ?? {};
  const bases = new Map(input.airbases.map((a) => [a.id, a]));
  input.airbases.forEach((a, i) => {
    for (const key of ["hits", "permanentHits"] as const) {
      if (!isCount(a[key])) {
        refusals.add("badHits", phrase(HIT_REFUSALS[key], { airbase: a.name, value: String(a[key]) }), `airbases.${i}.${key}`);
      }
    }
    if (a.baseCapacity !== undefined && !isCount(a.baseCapacity)) {
      refusals.add(
        "badCapacity",
        phrase("NOBC.Rules.Air.Capacity.Refusal.badCapacity", { airbase: a.name, value: String(a.baseCapacity) }),
        `airbases.${i}.baseCapacity`,
      );
    }
  });
  input.squadrons.forEach((s, i) => checkSquadron(s, refusals, `squadrons.${i}`));
  const byId = new Map(input.squadrons.map((s) => [s.id, s]));
  for (const [id, base] of Object.entries(placements)) {
    const s = byId.get(id);
    if (s === undefined) {
      refusals.add("unknownSquadron", phrase("NOBC.Rules.Air.Capacity.Refusal.unknownSquadron", { squadron: id }), `placements.${id}`);
    } else if (s.box !== "ready" && s.box !== "holding") {
      refusals.add(
        "notPlaceable",
        phrase("NOBC.Rules.Air.Capacity.Refusal.notPlaceable", { squadron: squadronName(s), box: boxLabel(s.box) }),
        `placements.${id}`,
      );
    }
    if (base !== null) {
      const airbase = bases.get(base);
      if (airbase === undefined) {
        refusals.add(
          "unknownAirbase",
          phrase("NOBC.Rules.Air.Capacity.Refusal.unknownAirbase", { squadron: id, airbase: base }),
          `placements.${id}`,
        );
      }
    }
  }
  if (!refusals.empty) return refuse(...refusals.items);

  const capacity = new Map(input.airbases.map((a) => [a.id, airbaseCapacity(a)]));
  const used = new Map(input.airbases.map((a) => [a.id, 0]));
  const ready: ActorRef[] = [];
  const holding: ActorRef[] = [];
  const effects: Effect[] = [];
  const breakdown: BreakdownLine[] = input.airbases.map((a) => ({
    text: phrase("NOBC.Rules.Air.Capacity.CanHold", { airbase: a.name }),
    value: capacity.get(a.id)!,
    source: a.baseCapacity === undefined ? AIR_SOURCES.capacity : decision("Airbase capacity"),
  }));

  for (const s of input.squadrons) {
    if (s.box !== "ready" && s.box !== "holding") continue;
    const chosen = Object.hasOwn(placements, s.id);
    const target = chosen ? placements[s.id]! : s.airbase;
    if (target !== s.airbase) effects.push({ type: "squadronAirbase", squadron: s.id, airbase: target });
    let box: "ready" | "holding";
    if (!needsAirbaseSpace(s)) {
      box = "ready";
    } else {
      const base = target === null ? undefined : bases.get(target);
      const fits = base?.side === s.side && base.airZone === s.airZone;
      if (chosen && base !== undefined && !fits) {
        refusals.add(
          "wrongAirbase",
          phrase("NOBC.Rules.Air.Capacity.Refusal.wrongAirbase", {
            squadron: squadronName(s),
            airbase: base.name,
            side: sideLabel(s.side),
            zone: s.airZone,
          }),
          `placements.${s.id}`,
        );
      }
      const free = fits && used.get(base.id)! < capacity.get(base.id)!;
      if (chosen && fits && !free) {
        refusals.add(
          "airbaseFull",
          phrase("NOBC.Rules.Air.Capacity.Refusal.airbaseFull", { squadron: squadronName(s), airbase: base.name }),
          `placements.${s.id}`,
        );
      }
      if (free) used.set(base.id, used.get(base.id)! + 1);
      box = free ? "ready" : "holding";
    }
    (box === "ready" ? ready : holding).push(s.id);
    if (box !== s.box) effects.push({ type: "squadronBox", squadron: s.id, box });
  }

  return refusals.result(() => ({
    breakdown,
    rolls: [],
    outcome: {
      airbases: input.airbases.map((a) => ({ airbase: a.id, capacity: capacity.get(a.id)!, used: used.get(a.id)! })),
      ready,
      holding,
    },
    effects,
  }));
}
