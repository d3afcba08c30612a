/**
 * One whole air turn with scripted dice, every step chained through applyAirEffects and every
 * intermediate state asserted (seed 000, Air War QRS: steps 1 to 11).
 */
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../../src/rules/dice";
import {
  applyAirEffects,
  resolveAirCombat,
  resolveAirSuperiority,
  resolveAirbaseCapacity,
  resolveAirbaseRepair,
  resolveAircraftRepair,
  resolveAllocation,
  resolveCasHandOver,
  resolveCasReturn,
  resolveDeepStrike,
  resolveLineUp,
  resolveParadrop,
  resolveReturn,
  resolveSortieSelection,
} from "../../../src/rules/nobc/air";
import type { AirBox, AirState } from "../../../src/rules/nobc/air";
import type { Resolution } from "../../../src/rules/resolution";
import { accepted, airbase, squadron, wp } from "./fixtures";

const start: AirState = {
  squadrons: [
    squadron("f15", { airToAir: 5, airbase: "ab-1" }),
    squadron("f16", { nationality: "nl", airToAir: 4, airbase: "ab-1" }),
    squadron("f4", { nationality: "frg", airToAir: 3, airbase: "ab-1" }),
    squadron("a10", { airToAir: 0, cas: 5, airbase: "ab-1" }),
    squadron("jaguar", { nationality: "fr", airToAir: 1, cas: 4, airbase: "ab-2" }),
    squadron("harrier", { nationality: "uk", harrier: true, cas: 4, airbase: null }),
    squadron("rf4", { recce: true, airToAir: 0, cas: 0, deepStrike: 0, airbase: "ab-2" }),
    squadron("c130", { airToAir: 0, cas: 0, deepStrike: 0, airbase: "ab-3" }),
    squadron("f111", { deepStrike: 4, range: 2, airbase: "ab-2" }),
    squadron("ef111", { ew: true, airToAir: 0, cas: 0, deepStrike: 0, range: 2, airbase: "ab-2" }),
    squadron("tornado", { nationality: "frg", airbase: "ab-3" }),
    wp("mig29", { airToAir: 5 }),
    wp("mig23", { nationality: "gdr", airToAir: 4 }),
    wp("mig21", { nationality: "pl", airToAir: 2 }),
    wp("su25", { cas: 4 }),
    wp("su25b", { cas: 4 }),
    wp("su24", { nationality: "cs", deepStrike: 4 }),
  ],
  airbases: [
    airbase("ab-1", { baseCapacity: 4 }),
    airbase("ab-2"),
    airbase("ab-3", { baseCapacity: 2 }),
    airbase("wp-ab", { side: "wp", baseCapacity: 6 }),
  ],
  charts: [
    { id: "ab-1", name: "AB-1", side: "nato", airZone: "north", lost: 2 },
    { id: "ab-2", name: "AB-2", side: "nato", airZone: "north", lost: 2 },
    { id: "wp-ab", name: "WP-AB", side: "wp", airZone: "north", lost: 0 },
  ],
};

function boxes(state: AirState): Record<string, AirBox> {
  return Object.fromEntries(state.squadrons.map((s) => [s.id, s.box]));
}
function weapons(state: AirState): Record<string, string[]> {
  return Object.fromEntries(state.squadrons.filter((s) => s.weapons.length > 0).map((s) => [s.id, s.weapons.map((w) => w.name)]));
}
function byId(state: AirState, id: string) {
  return state.squadrons.find((s) => s.id === id)!;
}

describe("a whole air turn, scripted", () => {
  it("runs allocation → line-up → combat → superiority → sorties → return → hand-over and paradrop → deep strike → repair → capacity → airbase repair", () => {
    let state = start;
    const apply = (r: Resolution<unknown>) => {
      state = applyAirEffects(state, r.effects);
    };

    // 1) Allocation: weapons attached, a transfer to the south zone, CAS over the south zone.
    apply(
      accepted(
        resolveAllocation({
          squadrons: state.squadrons,
          zoneDistances: { north: { south: 1 } },
          orders: [
            { squadron: "f15", box: "airSuperiority", weapons: [{ kind: "aam", name: "AIM-7M" }] },
            { squadron: "f16", box: "airSuperiority" },
            { squadron: "f4", box: "airSuperiority" },
            { squadron: "a10", box: "cas", targetZone: "south", weapons: [{ kind: "cas", name: "Maverick" }] },
            { squadron: "jaguar", box: "cas" },
            { squadron: "harrier", box: "cas" },
            { squadron: "rf4", box: "recce" },
            { squadron: "c130", box: "paradrop" },
            { squadron: "f111", box: "deepStrike", weapons: [{ kind: "deepStrike", name: "Durandal" }] },
            { squadron: "ef111", box: "deepStrike" },
            { squadron: "tornado", box: "holding", targetZone: "south" },
            { squadron: "mig29", box: "airSuperiority", weapons: [{ kind: "aam", name: "AA-10" }] },
            { squadron: "mig23", box: "airSuperiority" },
            { squadron: "mig21", box: "airSuperiority" },
            { squadron: "su25", box: "cas" },
            { squadron: "su25b", box: "cas" },
            { squadron: "su24", box: "deepStrike" },
          ],
        }),
      ),
    );
    expect(boxes(state)).toEqual({
      f15: "airSuperiority",
      f16: "airSuperiority",
      f4: "airSuperiority",
      a10: "cas",
      jaguar: "cas",
      harrier: "cas",
      rf4: "recce",
      c130: "paradrop",
      f111: "deepStrike",
      ef111: "deepStrike",
      tornado: "holding",
      mig29: "airSuperiority",
      mig23: "airSuperiority",
      mig21: "airSuperiority",
      su25: "cas",
      su25b: "cas",
      su24: "deepStrike",
    });
    expect(weapons(state)).toEqual({ f15: ["AIM-7M"], a10: ["Maverick"], f111: ["Durandal"], mig29: ["AA-10"] });
    expect(byId(state, "tornado")).toMatchObject({ airZone: "south", airbase: null });

    // 2) Line-up: NATO places, then WP switches mig29 and mig21.
    const lineUp = accepted(
      resolveLineUp({
        squadrons: state.squadrons,
        wpLine: ["mig29", "mig23", "mig21"],
        natoOpposite: [
          { nato: "f16", wp: "mig29" },
          { nato: "f15", wp: "mig23" },
          { nato: "f4", wp: "mig21" },
        ],
        wpSwitches: [["mig29", "mig21"]],
      }),
    );
    expect(lineUp.outcome.bouts).toEqual([
      { wp: "mig21", nato: "f16" },
      { wp: "mig23", nato: "f15" },
      { wp: "mig29", nato: "f4" },
    ]);

    // 3) Combat. mig21 rolls 5 (misses 2), f16 rolls 2 (hits 4); f15 with AAM rolls 3 (hits 5), mig23 cannot
    // fire back; mig29 with AAM rolls 6 (misses 5), f4 rolls 4 (misses 3).
    const combatDice = scriptedDice([5, 2, 3, 6, 4]);
    const combat = accepted(resolveAirCombat({ squadrons: state.squadrons, bouts: lineUp.outcome.bouts }, combatDice));
    expect(combatDice.remaining).toBe(0);
    expect(combat.outcome.damaged).toEqual(["mig21", "mig23"]);
    apply(combat);
    expect(boxes(state)).toMatchObject({ mig21: "damaged", mig23: "damaged", mig29: "airSuperiority", f4: "airSuperiority" });

    // 4) Superiority: 3 NATO against 1 WP is supremacy.
    const status = resolveAirSuperiority({ squadrons: state.squadrons }).outcome;
    expect(status).toEqual({ level: "supremacy", winner: "nato", nato: 3, wp: 1 });

    // 5) Sorties: NATO 12 CAS / 6 Recce-EW flies everything; WP 2 CAS / 1 Recce-EW leaves su25b behind.
    const natoSorties = accepted(
      resolveSortieSelection({
        side: "nato",
        status,
        squadrons: state.squadrons,
        selected: ["a10", "jaguar", "harrier", "rf4", "c130", "f111", "ef111"],
      }),
    );
    const wpSorties = accepted(resolveSortieSelection({ side: "wp", status, squadrons: state.squadrons, selected: ["su25", "su24"] }));
    expect(natoSorties.outcome.allotment).toEqual({ cas: 12, recceEw: 6 });
    expect(wpSorties.outcome).toEqual({ allotment: { cas: 2, recceEw: 1 }, flying: ["su25", "su24"], intercepted: ["su25b"] });

    // 6) Return.
    const flying = [...natoSorties.outcome.flying, ...wpSorties.outcome.flying];
    apply(accepted(resolveReturn({ squadrons: state.squadrons, flying })));
    expect(boxes(state)).toEqual({
      f15: "holding",
      f16: "holding",
      f4: "holding",
      a10: "cas",
      jaguar: "cas",
      harrier: "cas",
      rf4: "recce",
      c130: "paradrop",
      f111: "deepStrike",
      ef111: "deepStrike",
      tornado: "holding",
      mig29: "holding",
      mig23: "damaged",
      mig21: "damaged",
      su25: "cas",
      su25b: "damaged",
      su24: "deepStrike",
    });
    expect(weapons(state)).toEqual({ a10: ["Maverick"], f111: ["Durandal"] });

    // 7) Hand-over, paradrop (roll 4, next to the enemy −1: 3, success), CAS back to damaged.
    const handOver = accepted(resolveCasHandOver({ squadrons: state.squadrons, flying }));
    expect(handOver.outcome.support.map((s) => s.squadron)).toEqual(["a10", "jaguar", "harrier", "rf4", "su25"]);
    const drop = accepted(
      resolveParadrop(
        {
          side: "nato",
          brigade: "para-bde",
          brigadeName: "Para Bde",
          status,
          adjacentToEnemy: true,
          onAirfield: false,
          transports: [byId(state, "c130")],
        },
        scriptedDice([4]),
      ),
    );
    expect(drop.outcome).toEqual({ modifiedRoll: 3, result: "success", warnings: [] });
    apply(drop);
    apply(accepted(resolveCasReturn({ squadrons: state.squadrons, returning: ["a10", "jaguar", "harrier", "rf4", "su25"] })));
    expect(boxes(state)).toMatchObject({
      a10: "damaged",
      jaguar: "damaged",
      harrier: "damaged",
      rf4: "damaged",
      c130: "damaged",
      su25: "damaged",
    });
    expect(weapons(state)).toEqual({ f111: ["Durandal"] });

    // 8) Deep strikes. NATO on wp-ab: ef111 suppresses the 3 box, the 2 box misses f111 (roll 3), f111 hits (roll 2).
    const natoStrike = accepted(
      resolveDeepStrike(
        {
          squadrons: state.squadrons,
          attackers: ["ef111", "f111"],
          target: { kind: "airbase", id: "wp-ab", name: "WP-AB", airDefence: [2, 3] },
        },
        scriptedDice([3, 2]),
      ),
    );
    expect(natoStrike.outcome.hits).toBe(1);
    apply(natoStrike);
    // WP on ab-1: the 4 box damages su24 (roll 1); an SSM with chemical weapons hits (roll 2): 2 hits.
    const wpStrike = accepted(
      resolveDeepStrike(
        {
          squadrons: state.squadrons,
          attackers: ["su24"],
          target: { kind: "airbase", id: "ab-1", name: "AB-1", airDefence: [4] },
          strikes: [{ kind: "ssm", card: "scud-1" }],
          chemical: "cw-1",
        },
        scriptedDice([1, 2]),
      ),
    );
    expect(wpStrike.outcome.hits).toBe(2);
    expect(wpStrike.effects).toContainEqual({ type: "cardDiscarded", card: "scud-1" });
    apply(wpStrike);
    expect(boxes(state)).toMatchObject({ f111: "holding", ef111: "holding", su24: "damaged" });
    expect(weapons(state)).toEqual({});
    expect(state.airbases.map((a) => [a.id, a.hits])).toEqual([
      ["ab-1", 2],
      ["ab-2", 0],
      ["ab-3", 0],
      ["wp-ab", 1],
    ]);

    // 9) Repair. NATO repairs a10 and rf4 outright; jaguar rolls 6 (destroyed), harrier 5 and c130 2 (repaired).
    const damaged = (side: string) => state.squadrons.filter((s) => s.side === side && s.box === "damaged");
    const natoRepair = accepted(
      resolveAircraftRepair({ side: "nato", squadrons: damaged("nato"), automatic: ["a10", "rf4"] }, scriptedDice([6, 5, 2])),
    );
    expect(natoRepair.outcome).toEqual({ repaired: ["a10", "harrier", "rf4", "c130"], destroyed: ["jaguar"] });
    apply(natoRepair);
    // WP: mig23 (gdr 4) rolls 4, mig21 (pl 3) rolls 4, su25 (su 4) rolls 1, su25b (su 4) rolls 5, su24 (cs 3) rolls 3.
    const wpRepair = accepted(resolveAircraftRepair({ side: "wp", squadrons: damaged("wp") }, scriptedDice([4, 4, 1, 5, 3])));
    expect(wpRepair.outcome).toEqual({ repaired: ["mig23", "su25", "su24"], destroyed: ["mig21", "su25b"] });
    apply(wpRepair);
    expect(boxes(state)).toEqual({
      f15: "holding",
      f16: "holding",
      f4: "holding",
      a10: "ready",
      jaguar: "destroyed",
      harrier: "ready",
      rf4: "ready",
      c130: "ready",
      f111: "holding",
      ef111: "holding",
      tornado: "holding",
      mig29: "holding",
      mig23: "ready",
      mig21: "destroyed",
      su25: "ready",
      su25b: "destroyed",
      su24: "ready",
    });

    // 10) Capacity. ab-1 holds 4 − 2 = 2 (f15, f16); f4 is placed at ab-3 beside c130; a10 has no space.
    const capacity = accepted(resolveAirbaseCapacity({ squadrons: state.squadrons, airbases: state.airbases, placements: { f4: "ab-3" } }));
    expect(capacity.outcome.airbases).toEqual([
      { airbase: "ab-1", capacity: 2, used: 2 },
      { airbase: "ab-2", capacity: 2, used: 1 },
      { airbase: "ab-3", capacity: 2, used: 2 },
      { airbase: "wp-ab", capacity: 5, used: 4 },
    ]);
    apply(capacity);
    expect(boxes(state)).toEqual({
      f15: "ready",
      f16: "ready",
      f4: "ready",
      a10: "holding",
      jaguar: "destroyed",
      harrier: "ready",
      rf4: "ready",
      c130: "ready",
      f111: "ready",
      ef111: "ready",
      tornado: "holding",
      mig29: "ready",
      mig23: "ready",
      mig21: "destroyed",
      su25: "ready",
      su25b: "destroyed",
      su24: "ready",
    });
    expect(byId(state, "f4").airbase).toBe("ab-3");

    // 11) Airbase and air-defence repair. ab-1 rolls 4 (repaired) and 5 (permanent); wp-ab rolls 3 (repaired).
    const natoSide = (side: string) => ({
      side: side as "nato" | "wp",
      airbases: state.airbases.filter((a) => a.side === side),
      charts: state.charts.filter((c) => c.side === side),
    });
    apply(accepted(resolveAirbaseRepair(natoSide("nato"), scriptedDice([4, 5]))));
    apply(accepted(resolveAirbaseRepair(natoSide("wp"), scriptedDice([3]))));
    expect(state.airbases.map((a) => [a.id, a.hits, a.permanentHits])).toEqual([
      ["ab-1", 0, 1],
      ["ab-2", 0, 0],
      ["ab-3", 0, 0],
      ["wp-ab", 0, 0],
    ]);
    expect(state.charts.map((c) => [c.id, c.lost])).toEqual([
      ["ab-1", 0],
      ["ab-2", 1],
      ["wp-ab", 0],
    ]);
    expect(state.squadrons).toHaveLength(start.squadrons.length);
  });
});
