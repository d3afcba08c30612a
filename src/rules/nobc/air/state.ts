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

/**
 * One list of the state, copied on its first change and indexed by id once, so applying `n` effects to
 * `m` items costs O(n + m) rather than a copy of the list per effect. Ids resolve to their first item.
 */
class Changes<T extends { id: string }> {
  readonly #items: readonly T[];
  readonly #what: string;
  #copy: T[] | null = null;
  #index: Map<string, number> | null = null;

  constructor(items: readonly T[], what: string) {
    this.#items = items;
    this.#what = what;
  }

  replace(id: string, change: (item: T) => T): void {
    if (this.#index === null) {
      this.#index = new Map();
      // From the back, so a repeated id keeps its first item (as a search from the front finds).
      for (let i = this.#items.length - 1; i >= 0; i--) this.#index.set(this.#items[i]!.id, i);
    }
    const index = this.#index.get(id);
    if (index === undefined) throw new RangeError(`no ${this.#what} with id ${id} in the air state`);
    this.#copy ??= [...this.#items];
    this.#copy[index] = change(this.#copy[index]!);
  }

  /** The list after the changes: the input itself when nothing changed. */
  result(): readonly T[] {
    return this.#copy ?? this.#items;
  }
}

/** Returns the state after the effects, in order. Effects of other domains pass through untouched. */
export function applyAirEffects(state: AirState, effects: readonly Effect[]): AirState {
  const squadrons = new Changes(state.squadrons, "squadron");
  const airbases = new Changes(state.airbases, "airbase");
  const charts = new Changes(state.charts, "chart");
  for (const e of effects) {
    switch (e.type) {
      case "squadronBox":
        squadrons.replace(e.squadron, (s) => ({ ...s, box: e.box }));
        break;
      case "squadronZone":
        squadrons.replace(e.squadron, (s) => ({ ...s, airZone: e.airZone }));
        break;
      case "squadronAirbase":
        squadrons.replace(e.squadron, (s) => ({ ...s, airbase: e.airbase }));
        break;
      case "weaponAttached":
        squadrons.replace(e.squadron, (s) => ({
          ...s,
          weapons: [...s.weapons, { kind: e.kind, name: e.weapon }],
        }));
        break;
      case "weaponDiscarded":
        squadrons.replace(e.squadron, (s) => {
          const at = s.weapons.findIndex((w) => w.name === e.weapon);
          if (at < 0) throw new RangeError(`squadron ${s.id} carries no weapon ${e.weapon}`);
          return { ...s, weapons: s.weapons.filter((_, i) => i !== at) };
        });
        break;
      case "airbaseHits":
        airbases.replace(e.airbase, (a) => ({
          ...a,
          hits: a.hits + e.repairable,
          permanentHits: a.permanentHits + e.permanent,
        }));
        break;
      case "airDefence":
        charts.replace(e.chart, (c) => ({ ...c, lost: c.lost - e.delta }));
        break;
      default:
        break;
    }
  }
  return { squadrons: squadrons.result(), airbases: airbases.result(), charts: charts.result() };
}
