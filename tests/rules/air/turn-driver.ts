/**
 * A test driver that plays a whole air turn with automatic, always-legal choices, so property tests
 * can check invariants over random rosters and dice. The choices are the test's, not rules.
 */
import type { Dice } from "../../../src/rules/dice";
import {
  SORTIE_BOXES,
  applyAirEffects,
  isRecceOrEw,
  resolveAirCombat,
  resolveAirSuperiority,
  resolveAirbaseCapacity,
  resolveAirbaseRepair,
  resolveAircraftRepair,
  resolveAllocation,
  resolveCasReturn,
  resolveDeepStrike,
  resolveLineUp,
  resolveParadrop,
  resolveReturn,
  resolveSortieSelection,
  sortieAllotment,
} from "../../../src/rules/nobc/air";
import type { AirState, Allotment, MissionBox, Side } from "../../../src/rules/nobc/air";
import type { Resolution } from "../../../src/rules/resolution";
import { accepted } from "./fixtures";

export interface TurnObserver {
  step(name: string, state: AirState, resolution: Resolution<unknown> | undefined): void;
  sorties(side: Side, allotment: Allotment, flying: { cas: number; recceEw: number }, available: number): void;
}

const SIDES: readonly Side[] = ["nato", "wp"];

export function runAirTurn(start: AirState, wanted: ReadonlyMap<string, MissionBox>, dice: Dice, observe: TurnObserver): AirState {
  let state = start;
  const apply = (name: string, r: Resolution<unknown>) => {
    state = applyAirEffects(state, r.effects);
    observe.step(name, state, r);
  };

  // 1) Allocation: the wanted box when the squadron can fly it, else holding in its own zone.
  const orders = state.squadrons.filter((s) => s.box === "ready").map((s) => ({ squadron: s.id, box: wanted.get(s.id) ?? "holding" }));
  const tried = resolveAllocation({ squadrons: state.squadrons, orders, zoneDistances: {} });
  const allocation = tried.ok
    ? tried.value
    : accepted(
        resolveAllocation({
          squadrons: state.squadrons,
          zoneDistances: {},
          orders: orders.map((o) => {
            const unfit = tried.refusals.some((r) => r.field?.startsWith(`orders.${orders.indexOf(o)}.`));
            return unfit ? { squadron: o.squadron, box: "holding" as const } : o;
          }),
        }),
      );
  apply("allocation", allocation);

  // 2) Line-up: WP best first; NATO faces them in turn.
  const fighters = (side: Side) => state.squadrons.filter((s) => s.side === side && s.box === "airSuperiority");
  const wpLine = [...fighters("wp")].sort((a, b) => b.airToAir - a.airToAir).map((s) => s.id);
  const natoOpposite = fighters("nato")
    .slice(0, wpLine.length)
    .map((s, i) => ({ nato: s.id, wp: wpLine[i]! }));
  const wpSwitches = wpLine.length >= 2 ? [[wpLine[0]!, wpLine[wpLine.length - 1]!] as const] : [];
  const lineUp = accepted(resolveLineUp({ squadrons: state.squadrons, wpLine, natoOpposite, wpSwitches }));
  observe.step("lineUp", state, lineUp);

  // 3) and 4)
  apply("combat", accepted(resolveAirCombat({ squadrons: state.squadrons, bouts: lineUp.outcome.bouts }, dice)));
  const status = resolveAirSuperiority({ squadrons: state.squadrons }).outcome;

  // 5) Sorties: each side sends its mission squadrons in order while the allotment lasts.
  const flying: string[] = [];
  for (const side of SIDES) {
    const allotment = sortieAllotment(status, side);
    const used = { cas: 0, recceEw: 0 };
    const available = state.squadrons.filter((s) => s.side === side && SORTIE_BOXES.includes(s.box));
    const selected = available.filter((s) => {
      const key = isRecceOrEw(s) ? "recceEw" : "cas";
      if (used[key] >= allotment[key]) return false;
      used[key] += 1;
      return true;
    });
    const selection = accepted(resolveSortieSelection({ side, status, squadrons: state.squadrons, selected: selected.map((s) => s.id) }));
    observe.sorties(side, allotment, used, available.length);
    flying.push(...selection.outcome.flying);
  }

  // 6) Return.
  apply("return", accepted(resolveReturn({ squadrons: state.squadrons, flying })));

  // 7) Each side's transports drop one brigade; CAS and Recce come back from the land battle.
  for (const side of SIDES) {
    const transports = state.squadrons.filter((s) => s.side === side && s.box === "paradrop");
    if (transports.length === 0) continue;
    const drop = { side, brigade: `${side}-para`, brigadeName: "Para", status, adjacentToEnemy: false, onAirfield: true, transports };
    apply("paradrop", accepted(resolveParadrop(drop, dice)));
  }
  const back = state.squadrons.filter((s) => s.box === "cas" || s.box === "recce").map((s) => s.id);
  apply("casReturn", accepted(resolveCasReturn({ squadrons: state.squadrons, returning: back })));

  // 8) Each side's deep strike on the enemy's first airbase (or a depot when it has none).
  for (const side of SIDES) {
    const attackers = state.squadrons.filter((s) => s.side === side && s.box === "deepStrike").map((s) => s.id);
    if (attackers.length === 0) continue;
    const enemyBase = state.airbases.find((a) => a.side !== side);
    const target =
      enemyBase === undefined
        ? ({ kind: "installation", id: "depot", name: "Depot", airDefence: [3] } as const)
        : ({ kind: "airbase", id: enemyBase.id, name: enemyBase.name, airDefence: [3, 2] } as const);
    apply("deepStrike", accepted(resolveDeepStrike({ squadrons: state.squadrons, attackers, target }, dice)));
  }

  // 9) Repair: NATO picks its first two damaged squadrons.
  for (const side of SIDES) {
    const damaged = state.squadrons.filter((s) => s.side === side && s.box === "damaged");
    const automatic = side === "nato" ? damaged.slice(0, 2).map((s) => s.id) : [];
    apply("repair", accepted(resolveAircraftRepair({ side, squadrons: damaged, automatic }, dice)));
  }

  // 10) and 11)
  apply("capacity", accepted(resolveAirbaseCapacity({ squadrons: state.squadrons, airbases: state.airbases })));
  for (const side of SIDES) {
    const input = { side, airbases: state.airbases.filter((a) => a.side === side), charts: state.charts.filter((c) => c.side === side) };
    apply("airbaseRepair", accepted(resolveAirbaseRepair(input, dice)));
  }
  return state;
}
