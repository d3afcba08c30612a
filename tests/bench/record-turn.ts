/**
 * A game turn's record on the bench theatre (./theatre.ts), for "writing a turn's log" (issue #33,
 * ./record.bench.ts): what the active GM's client would log in one turn of a megagame at `units`
 * counters. Every stage change (18), an Orders card per HQ changing the mode of half its units
 * (paying the charge of each put in Combat Mode), a ground combat per contact (its outcome, the attackers'
 * and the target's holds, the losses, one in three a support card spent and deleted with its whole
 * source kept for Undo), a move of every unit not in combat (one to four hexes, its token's place and
 * MP as rows), a resupply card per HQ (each unit's supply), and one undo in fifty moves. Ids are
 * Foundry's 16 characters, so the sizes are those of a real world, not of the theatre's short ids.
 */
import { neighbours, offsetOf, hexLabel } from "../../src/map/hex-grid";
import { STAGES } from "../../src/rules/nobc/turn";
import type { NewEntry } from "../../src/rules/record/entry";
import { GameTexts, RECORD_FORMAT, TurnLogWriter, type StoredTurnLog } from "../../src/rules/record/codec";
import { seeded, theatre, type Theatre } from "./theatre";

const TURN = 4;
const ID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export interface RecordTurn {
  readonly theatre: Theatre;
  readonly turn: number;
  readonly entries: readonly NewEntry[];
  readonly counts: {
    readonly stages: number;
    readonly orders: number;
    readonly combats: number;
    readonly moves: number;
    readonly resupplies: number;
    readonly undos: number;
  };
}

/** The turn's entries at `units` counters (built once, outside what is timed). */
export function recordTurn(count: number): RecordTurn {
  const t = theatre(count);
  const random = seeded(count * 31 + 7);
  const id16 = () => Array.from({ length: 16 }, () => ID_CHARS[Math.floor(random() * ID_CHARS.length)]).join("");
  const idOf = new Map<string, string>();
  const real = (seedId: string) => {
    let id = idOf.get(seedId);
    if (id === undefined) idOf.set(seedId, (id = id16()));
    return id;
  };
  const scene = `Scene.${id16()}`;
  const users = Array.from({ length: 12 }, id16);
  const actor = (seedId: string) => `Actor.${real(seedId)}`;
  const token = (seedId: string) => `${scene}.Token.${real(`t:${seedId}`)}`;
  const user = () => users[Math.floor(random() * users.length)]!;
  const entries: NewEntry[] = [];
  const counts = { stages: 0, orders: 0, combats: 0, moves: 0, resupplies: 0, undos: 0 };

  const hqs = t.seeds.filter((s) => s.type === "hq");
  const units = t.seeds.filter((s) => s.type === "unit");
  const hqOf = (u: (typeof units)[number]) => (typeof u.system["hq"] === "string" ? u.system["hq"] : "");
  const unitsOf = new Map<string, (typeof units)[number][]>();
  for (const u of units) {
    const list = unitsOf.get(hqOf(u));
    if (list === undefined) unitsOf.set(hqOf(u), [u]);
    else list.push(u);
  }
  const stage = (id: string) => {
    const at = STAGES.findIndex((s) => s.id === id);
    entries.push({
      kind: "stage",
      stage: id,
      by: null,
      from: at === 0 ? { turn: TURN - 1, stage: STAGES[STAGES.length - 1]!.id } : { turn: TURN, stage: STAGES[at - 1]!.id },
    });
    counts.stages++;
  };

  for (const s of STAGES) {
    if (s.id !== "orders" && s.id !== "groundCombat" && s.id !== "movement" && s.id !== "resupply") {
      stage(s.id);
      continue;
    }
    stage(s.id);
    if (s.id === "orders") {
      for (const hq of hqs) {
        const mine = unitsOf.get(`Actor.${hq.id}`) ?? [];
        // Half its units change mode (a unit staying in its mode is not written).
        const changed = mine
          .filter((_, i) => i % 2 === 0)
          .map((u) => ({ u, from: String(u.system["mode"]), to: u.system["mode"] === "combat" ? "march" : "combat" }));
        entries.push({
          kind: "card",
          stage: "orders",
          by: user(),
          action: "land.orders",
          sector: { war: "land", hqs: [actor(hq.id)], hex: hq.hex ?? null },
          outcome: { key: "NOBC.Orders.Outcome", data: { count: changed.length } },
          once: `orders:${actor(hq.id)}:${TURN}`,
          holds: [],
          charges: changed.filter((c) => c.to === "combat").map((c) => `combatMode:${actor(c.u.id)}:${TURN}`),
          rows: changed.map((c) => ({ doc: actor(c.u.id), field: "system.mode", before: c.from, after: c.to })),
        });
        counts.orders++;
      }
    }
    if (s.id === "groundCombat") {
      for (const [i, c] of t.combats.entries()) {
        const defender = c.defender.slice("Actor.".length);
        const attackers = c.attackers.map((a) => a.slice("Actor.".length));
        const first = units.find((u) => u.id === attackers[0]);
        const front = (first === undefined ? "Actor.hq1" : hqOf(first)).slice("Actor.".length);
        const spent = i % 3 === 0 ? hqs.find((h) => h.id === front)?.items?.[0] : undefined;
        entries.push({
          kind: "card",
          stage: "groundCombat",
          by: user(),
          action: "land.groundCombat",
          sector: { war: "land", hqs: [actor(front)], hex: c.target },
          outcome: {
            key: "NOBC.GroundCombat.Outcome",
            data: { odds: "3:1", roll: 1 + (i % 6), result: { key: "NOBC.GroundCombat.Result.DR" } },
          },
          once: null,
          holds: [
            ...attackers.map((a) => `attack:${actor(a)}:${TURN}`),
            `target:${c.target}:${TURN}`,
            `from:${c.from}:${TURN}`,
            `front:${actor(front)}:${TURN}`,
          ],
          charges: [],
          rows: [
            { doc: actor(defender), field: "system.strength.value", before: 3, after: 2 },
            { doc: actor(attackers[0]!), field: "system.strength.value", before: 4, after: 3 },
            ...(spent === undefined
              ? []
              : [
                  {
                    doc: `${actor(front)}.Item.${real(spent.id)}`,
                    field: "*",
                    before: { _id: real(spent.id), name: spent.name, type: "support", system: spent.system } as never,
                  },
                ]),
          ],
        });
        counts.combats++;
      }
    }
    if (s.id === "movement") {
      const fighting = new Set(t.combats.flatMap((c) => [c.defender, ...c.attackers]));
      let moved = 0;
      for (const u of units) {
        if (fighting.has(`Actor.${u.id}`) || u.hex === undefined) continue;
        const steps = 1 + Math.floor(random() * 4);
        const path: string[] = [];
        let at = offsetOf(u.hex);
        for (let k = 0; k < steps; k++) {
          const next = neighbours(at).filter((o) => o.col >= 0 && o.row >= 0 && o.col < 99 && o.row < 99);
          at = next[Math.floor(random() * next.length)]!;
          path.push(hexLabel(at));
        }
        const x = Math.round(random() * 5000);
        const y = Math.round(random() * 5000);
        entries.push({
          kind: "move",
          stage: "movement",
          by: user(),
          unit: actor(u.id),
          from: u.hex,
          path,
          cost: steps,
          override: false,
          rows: [
            { doc: token(u.id), field: "x", before: x, after: x + 87 * steps },
            { doc: token(u.id), field: "y", before: y, after: y + 50 * steps },
            { doc: actor(u.id), field: "system.movementPoints", before: 6, after: 6 - steps },
          ],
        });
        counts.moves++;
        if (++moved % 50 === 0) {
          entries.push({ kind: "undo", stage: "movement", by: user(), ofTurn: TURN, undoes: entries.length });
          counts.undos++;
        }
      }
    }
    if (s.id === "resupply") {
      for (const hq of hqs) {
        const mine = unitsOf.get(`Actor.${hq.id}`) ?? [];
        entries.push({
          kind: "card",
          stage: "resupply",
          by: user(),
          action: "land.resupply",
          sector: { war: "land", hqs: [actor(hq.id)], hex: hq.hex ?? null },
          outcome: { key: "NOBC.Resupply.Outcome", data: { count: mine.length } },
          once: `resupply:${actor(hq.id)}:${TURN}`,
          holds: [],
          charges: [],
          rows: mine.map((u) => ({ doc: actor(u.id), field: "system.supply", before: 1, after: 2 })),
        });
        counts.resupplies++;
      }
    }
  }
  return { theatre: t, turn: TURN, entries, counts };
}

/**
 * Writes the turn's entries into a new record, one append (one key) each, with the game's texts so far
 * (`texts`: none, for a first turn); returns the record as stored.
 */
export function writeTurnLog(turn: RecordTurn, texts: GameTexts = new GameTexts()): StoredTurnLog {
  const writer = new TurnLogWriter(turn.turn, texts);
  const entries: Record<string, readonly unknown[]> = {};
  for (const e of turn.entries) {
    const r = writer.append(e);
    if (!r.ok) throw new Error(`${r.problem.code} at ${r.problem.path}`);
    entries[r.key] = r.tuple;
  }
  return { format: RECORD_FORMAT, turn: turn.turn, entries };
}
