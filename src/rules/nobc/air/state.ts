/**
 * The air charts as plain data, and the pure application of air effects to them: used to preview a
 * resolution and to chain the steps of an air turn. The Foundry layer applies the same effects to documents.
 */
import type { Effect } from "../../effects";
import type { AirDefenceChart } from "./airbase-repair";
import type { Airbase, Squadron } from "./types";

export interface AirState {
  squadrons: readonly Squadron[];
  airbases: readonly Airbase[];
  charts: readonly AirDefenceChart[];
}

function replace<T extends { id: string }>(items: readonly T[], id: string, what: string, change: (item: T) => T): T[] {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) throw new RangeError(`no ${what} with id ${id} in the air state`);
  return items.map((item, i) => (i === index ? change(item) : item));
}

/** Returns the state after the effects, in order. Effects of other domains pass through untouched. */
export function applyAirEffects(state: AirState, effects: readonly Effect[]): AirState {
  let { squadrons, airbases, charts } = state;
  for (const e of effects) {
    switch (e.type) {
      case "squadronBox":
        squadrons = replace(squadrons, e.squadron, "squadron", (s) => ({ ...s, box: e.box }));
        break;
      case "squadronZone":
        squadrons = replace(squadrons, e.squadron, "squadron", (s) => ({ ...s, airZone: e.airZone }));
        break;
      case "squadronAirbase":
        squadrons = replace(squadrons, e.squadron, "squadron", (s) => ({ ...s, airbase: e.airbase }));
        break;
      case "weaponAttached":
        squadrons = replace(squadrons, e.squadron, "squadron", (s) => ({
          ...s,
          weapons: [...s.weapons, { kind: e.kind, name: e.weapon }],
        }));
        break;
      case "weaponDiscarded":
        squadrons = replace(squadrons, e.squadron, "squadron", (s) => {
          const at = s.weapons.findIndex((w) => w.name === e.weapon);
          if (at < 0) throw new RangeError(`squadron ${s.id} carries no weapon ${e.weapon}`);
          return { ...s, weapons: s.weapons.filter((_, i) => i !== at) };
        });
        break;
      case "airbaseHits":
        airbases = replace(airbases, e.airbase, "airbase", (a) => ({
          ...a,
          hits: a.hits + e.repairable,
          permanentHits: a.permanentHits + e.permanent,
        }));
        break;
      case "airDefence":
        charts = replace(charts, e.chart, "chart", (c) => ({ ...c, lost: c.lost - e.delta }));
        break;
      default:
        break;
    }
  }
  return { squadrons, airbases, charts };
}
