import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededDice } from "../../../src/rules/dice";
import {
  AIR_BOXES,
  MISSION_BOXES,
  NATIONALITIES,
  SORTIE_BOXES,
  airbaseCapacity,
  isRecceOrEw,
  resolveAirbaseCapacity,
  resolveSortieSelection,
  sideOfNationality,
  sortieAllotment,
  sorties,
} from "../../../src/rules/nobc/air";
import type { AirLevel, AirState, Airbase, MissionBox, Squadron } from "../../../src/rules/nobc/air";
import { runAirTurn } from "./turn-driver";

const factor = fc.integer({ min: 0, max: 6 });
const squadronArb = fc.record({
  nationality: fc.constantFrom(...NATIONALITIES),
  airToAir: factor,
  cas: factor,
  deepStrike: factor,
  recce: fc.boolean(),
  ew: fc.boolean(),
  harrier: fc.boolean(),
  base: fc.integer({ min: 0, max: 2 }),
  wanted: fc.constantFrom<MissionBox>(...MISSION_BOXES),
  aam: fc.boolean(),
});
type RosterEntry = typeof squadronArb extends fc.Arbitrary<infer T> ? T : never;

const rosterArb = fc.record({
  squadrons: fc.array(squadronArb, { minLength: 1, maxLength: 24 }),
  seed: fc.integer(),
  hits: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
});

function build(roster: { squadrons: RosterEntry[]; hits: number[] }) {
  const airbases: Airbase[] = (["nato", "wp"] as const).flatMap((side, k) =>
    [0, 1, 2].map((b) => ({
      id: `${side}-ab-${b}`,
      name: `${side} ${b}`,
      side,
      airZone: "north",
      hits: roster.hits[k * 3 + b]!,
      permanentHits: 0,
      ...(b === 2 ? { baseCapacity: 5 } : {}),
    })),
  );
  const wanted = new Map<string, MissionBox>();
  const squadrons: Squadron[] = roster.squadrons.map((r: RosterEntry, i: number) => {
    const side = sideOfNationality(r.nationality);
    const id = `sq${i}`;
    wanted.set(id, r.wanted);
    // An AAM only on a squadron that will fly air superiority, so allocation accepts it.
    return {
      id,
      name: id,
      side,
      nationality: r.nationality,
      airToAir: r.airToAir,
      cas: r.cas,
      deepStrike: r.deepStrike,
      weapons: r.aam && r.wanted === "airSuperiority" && r.airToAir > 0 ? [{ kind: "aam", name: `aam${i}` }] : [],
      range: 0,
      recce: r.recce,
      ew: r.ew,
      harrier: r.harrier && r.nationality === "uk",
      box: "ready",
      airbase: `${side}-ab-${r.base}`,
      airZone: "north",
    };
  });
  const state: AirState = {
    squadrons,
    airbases,
    charts: airbases.map((a) => ({ id: a.id, name: a.name, side: a.side, airZone: a.airZone, lost: 1 })),
  };
  return { state, wanted };
}

describe("air turn invariants (property tests)", () => {
  it("squadrons are never lost or duplicated; sorties never exceed the allotment or the squadrons available; capacity never negative", () => {
    fc.assert(
      fc.property(rosterArb, (roster) => {
        const { state, wanted } = build(roster);
        const ids = state.squadrons.map((s) => s.id).sort();
        const destroyedBefore = new Set<string>();
        const end = runAirTurn(state, wanted, seededDice(roster.seed), {
          step(name, now, resolution) {
            // Plain checks inside the loop keep the run fast; one expect reports the first broken one.
            const broken: string[] = [];
            const nowIds = now.squadrons.map((s) => s.id).sort();
            if (nowIds.join() !== ids.join()) broken.push("squadron ids changed");
            for (const s of now.squadrons) {
              if (!AIR_BOXES.includes(s.box)) broken.push(`${s.id} in unknown box ${s.box}`);
              if (destroyedBefore.has(s.id) && s.box !== "destroyed") broken.push(`${s.id} came back from destroyed`);
              if (s.box === "destroyed") destroyedBefore.add(s.id);
            }
            const moved = (resolution?.effects ?? []).flatMap((e) => (e.type === "squadronBox" ? [e.squadron] : []));
            if (new Set(moved).size !== moved.length) broken.push("a squadron moved twice in one resolution");
            for (const a of now.airbases) if (a.hits < 0 || airbaseCapacity(a) < 0) broken.push(`${a.id} below zero`);
            for (const c of now.charts) if (c.lost < 0) broken.push(`${c.id} lost below zero`);
            expect(broken, `after ${name}`).toEqual([]);
          },
          sorties(_side, allotment, flying, available) {
            expect(flying.cas).toBeLessThanOrEqual(allotment.cas);
            expect(flying.recceEw).toBeLessThanOrEqual(allotment.recceEw);
            expect(flying.cas + flying.recceEw).toBeLessThanOrEqual(available);
          },
        });
        // At the end of the turn nothing is left on a mission or in the damaged box.
        for (const s of end.squadrons) expect(["ready", "holding", "destroyed"]).toContain(s.box);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it("capacity is never negative and an airbase never holds more than it can", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 12 }),
        (base, hits, permanentHits, count) => {
          const airbase: Airbase = { id: "ab", name: "AB", side: "nato", airZone: "north", baseCapacity: base, hits, permanentHits };
          const capacity = airbaseCapacity(airbase);
          expect(capacity).toBeGreaterThanOrEqual(0);
          expect(capacity).toBeLessThanOrEqual(base);
          const squadrons: Squadron[] = Array.from({ length: count }, (_, i) => ({
            id: `s${i}`,
            name: `s${i}`,
            side: "nato",
            nationality: "us",
            airToAir: 1,
            cas: 1,
            deepStrike: 1,
            weapons: [],
            range: 0,
            recce: false,
            ew: false,
            harrier: false,
            box: i % 2 === 0 ? "ready" : "holding",
            airbase: "ab",
            airZone: "north",
          }));
          const r = resolveAirbaseCapacity({ squadrons, airbases: [airbase] });
          expect(r.ok).toBe(true);
          if (r.ok) {
            expect(r.value.outcome.airbases[0]!.used).toBe(Math.min(capacity, count));
            expect(r.value.outcome.ready.length + r.value.outcome.holding.length).toBe(count);
          }
        },
      ),
    );
  });

  it("an accepted sortie selection never exceeds the allotment nor the squadrons on missions", () => {
    fc.assert(
      fc.property(
        rosterArb,
        fc.constantFrom<AirLevel>("contested", "superiority", "supremacy"),
        fc.constantFrom("nato", "wp", null),
        fc.array(fc.nat({ max: 30 }), { maxLength: 20 }),
        (roster, level, winner, picks) => {
          const { state, wanted } = build(roster);
          const squadrons = state.squadrons.map((s) => ({
            ...s,
            box: wanted.get(s.id) === "holding" ? ("holding" as const) : wanted.get(s.id)!,
          }));
          for (const side of ["nato", "wp"] as const) {
            const r = resolveSortieSelection({ side, status: { level, winner }, squadrons, selected: picks.map((p) => `sq${p}`) });
            if (!r.ok) continue;
            const chosen = squadrons.filter((s) => r.value.outcome.flying.includes(s.id));
            const available = squadrons.filter((s) => s.side === side && SORTIE_BOXES.includes(s.box));
            const allotment = sortieAllotment({ level, winner }, side);
            expect(chosen.filter(isRecceOrEw).length).toBeLessThanOrEqual(allotment.recceEw);
            expect(chosen.filter((s) => !isRecceOrEw(s)).length).toBeLessThanOrEqual(allotment.cas);
            expect(chosen.length).toBeLessThanOrEqual(available.length);
            expect(chosen.length + r.value.outcome.intercepted.length).toBe(available.length);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("the winner's allotment is never below the loser's", () => {
    fc.assert(
      fc.property(fc.constantFrom<AirLevel>("contested", "superiority", "supremacy"), (level) => {
        const row = sorties(level);
        expect(row.winner.cas).toBeGreaterThan(row.loser.cas);
        expect(row.winner.recceEw).toBeGreaterThan(row.loser.recceEw);
        expect(sortieAllotment({ level, winner: null }, "nato")).toEqual(row.loser);
      }),
    );
  });
});
