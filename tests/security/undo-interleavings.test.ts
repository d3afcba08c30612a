/**
 * Issue #16, "Undo after A→B→A": card A sets a path, B clears it, C sets it again. Undo of A was
 * allowed (the value matched what A wrote), left the value wrong, and C could never be undone (8
 * lost writes in 4,000 random interleavings). The model: Undo is refused while a later card that
 * still stands wrote any of the same paths (`undoCheck` in src/chat/card-record.ts); the drift
 * check still refuses an Undo over a hand edit.
 *
 * The property runs the GM's own pure functions (planEffects, planPaths, undoCheck) over a small
 * world of snapshots, with a seeded PRNG: random applies, undos and hand edits over a few paths.
 * Lost writes are counted two ways: an allowed Undo must find every path holding what its card
 * wrote and restore exactly what it held before the card; and at the end, undoing the standing
 * cards latest first must succeed for every card none of whose paths (nor those of the later cards
 * in its way) saw a hand edit since, leaving every path no hand touched at its start value. The
 * drift check alone (the rule before the fix) fails the same property.
 */
import { describe, expect, it } from "vitest";
import { seededUniform } from "../../src/rules/dice";
import { planEffects, type DocumentSnapshot, type SnapshotLookup, type WritePlan } from "../../src/effects/apply";
import { planPaths, undoCheck, type GmRecord, type RecordedCard } from "../../src/chat/card-record";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

/** A seeded generator (mulberry32), so a failure names the seed that reproduces it. */
const prng = seededUniform;

const UNITS = ["Actor.u1", "Actor.u2"];
/** The paths effects and hand edits reach (under `system.`). */
const FIELDS = ["movementPoints", "noMove", "strength.value"] as const;

interface World {
  readonly docs: Map<string, Raw>;
}

function startWorld(): World {
  return { docs: new Map(UNITS.map((uuid) => [uuid, { movementPoints: 0, noMove: false, strength: { value: 4, max: 4 } }])) };
}

function read(system: Raw, path: string): unknown {
  return path.split(".").reduce<unknown>((cur, k) => (cur as Raw | undefined)?.[k], system);
}

function write(system: Raw, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur = system;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Raw;
  cur[keys.at(-1)!] = structuredClone(value);
}

function lookupOf(world: World): SnapshotLookup {
  return (uuid) => {
    const system = world.docs.get(uuid);
    if (system === undefined) return undefined;
    const snap: DocumentSnapshot = {
      uuid,
      id: uuid.slice(6),
      documentName: "Actor",
      type: "unit",
      name: uuid,
      system: structuredClone(system),
    };
    return snap;
  };
}

/** Writes a plan's actor updates into the world (the only kind these effects make). */
function perform(world: World, plan: WritePlan): void {
  for (const u of plan.actorUpdates) {
    for (const [path, value] of Object.entries(u.changes)) write(world.docs.get(u.uuid)!, path.replace(/^system\./, ""), value);
  }
}

function randomEffect(next: () => number): Effect {
  const actor = UNITS[Math.floor(next() * UNITS.length)]!;
  const roll = Math.floor(next() * 5);
  if (roll === 0) return { type: "movementPoints", actor, value: Math.floor(next() * 3) };
  if (roll === 1) return { type: "noMove", actor };
  if (roll === 2) return { type: "noMoveCleared", actor };
  if (roll === 3) return { type: "hits", actor, amount: 1 };
  return { type: "movementPoints", actor, value: 0 };
}

interface Card extends RecordedCard {
  state: "pending" | "applied" | "reverted";
  record?: GmRecord;
  appliedAt: number;
  /** Each path's value before Apply (what Undo must restore). */
  before: Map<string, unknown>;
}

type Policy = (target: Card, cards: readonly Card[], lookup: SnapshotLookup) => boolean;

/** The rule now: a later standing card over the same paths blocks Undo, and so does a hand edit. */
const byPath: Policy = (target, cards, lookup) => undoCheck(target, cards, lookup).ok;

/** The rule before the fix: the drift check alone. */
const driftOnly: Policy = (target, _cards, lookup) => undoCheck(target, [], lookup).ok;

function valueAt(world: World, path: string): unknown {
  const [uuid, field] = path.split("#") as [string, string];
  return read(world.docs.get(uuid)!, field.replace(/^system\./, ""));
}

/** One random run; returns the number of lost writes found. */
function run(seed: number, policy: Policy, steps = 14): number {
  const next = prng(seed);
  const world = startWorld();
  const start = startWorld();
  const cards: Card[] = [];
  const lastEdit = new Map<string, number>();
  let lost = 0;
  let seq = 0;
  const undo = (card: Card): boolean => {
    if (!policy(card, cards, lookupOf(world))) return false;
    const record = card.record!;
    // Every path holds what this card wrote: restoring it wipes no one's write.
    for (const p of record.paths) {
      const written = record.forward.actorUpdates.find((u) => `${u.uuid}#` === p.slice(0, p.indexOf("#") + 1));
      const wrote = written?.changes[p.slice(p.indexOf("#") + 1)];
      if (JSON.stringify(valueAt(world, p)) !== JSON.stringify(wrote)) lost += 1;
    }
    perform(world, record.inverse);
    for (const p of record.paths) if (JSON.stringify(valueAt(world, p)) !== JSON.stringify(card.before.get(p))) lost += 1;
    card.state = "reverted";
    return true;
  };
  for (let clock = 1; clock <= steps; clock += 1) {
    const roll = next();
    const standing = cards.filter((c) => c.state === "applied");
    if (roll < 0.5 || standing.length === 0) {
      const effects = Array.from({ length: 1 + Math.floor(next() * 2) }, () => randomEffect(next));
      const plan = planEffects(effects, lookupOf(world));
      const forward: WritePlan = { actorUpdates: plan.actorUpdates, itemUpdates: [], itemDeletions: [], itemCreations: [] };
      const paths = planPaths(forward);
      const before = new Map(paths.map((p) => [p, structuredClone(valueAt(world, p))]));
      perform(world, forward);
      seq += 1;
      cards.push({
        id: `c${String(cards.length)}`,
        state: "applied",
        record: { seq, forward, inverse: plan.inverse, touched: UNITS, paths },
        appliedAt: clock,
        before,
      });
    } else if (roll < 0.85) {
      undo(standing[Math.floor(next() * standing.length)]!);
    } else {
      const uuid = UNITS[Math.floor(next() * UNITS.length)]!;
      const field = FIELDS[Math.floor(next() * FIELDS.length)]!;
      const value = field === "noMove" ? next() < 0.5 : Math.floor(next() * 4);
      write(world.docs.get(uuid)!, field, value);
      lastEdit.set(`${uuid}#system.${field}`, clock);
    }
  }
  // The end: undo the standing cards latest first.
  const edited = (card: Card): boolean => card.record!.paths.some((p) => (lastEdit.get(p) ?? 0) > card.appliedAt);
  const stuck: Card[] = [];
  for (const card of cards.filter((c) => c.state === "applied").sort((a, b) => b.record!.seq - a.record!.seq)) {
    // Expected to succeed: no hand edit on its paths since, and no later card in its way stayed standing.
    const inTheWay = stuck.some((s) => s.record!.paths.some((p) => card.record!.paths.includes(p)));
    const expected = !edited(card) && !inTheWay;
    const done = undo(card);
    if (expected && !done) lost += 1;
    if (!done) stuck.push(card);
  }
  // Every path no hand ever touched, and no card still stands on, is back at its start value.
  for (const uuid of UNITS) {
    for (const field of FIELDS) {
      const p = `${uuid}#system.${field}`;
      if (lastEdit.has(p) || stuck.some((s) => s.record!.paths.includes(p))) continue;
      if (JSON.stringify(valueAt(world, p)) !== JSON.stringify(read(start.docs.get(uuid)!, field))) lost += 1;
    }
  }
  return lost;
}

const RUNS = 10_000;
/** 10,000 runs take seconds on a loaded 2-core machine: room enough that load never fails them (a limit, not a timing). */
const LIMIT_MS = 120_000;

describe("Undo conflicts by path", () => {
  it(
    `loses no write over ${String(RUNS)} random interleavings of applies, undos and hand edits`,
    () => {
      let lost = 0;
      const failing: number[] = [];
      for (let seed = 1; seed <= RUNS; seed += 1) {
        const n = run(seed, byPath);
        lost += n;
        if (n > 0 && failing.length < 5) failing.push(seed);
      }
      expect({ lost, failing }).toEqual({ lost: 0, failing: [] });
    },
    LIMIT_MS,
  );

  it(
    "the drift check alone (the rule before the fix) loses writes on the same runs",
    () => {
      let lost = 0;
      for (let seed = 1; seed <= RUNS; seed += 1) lost += run(seed, driftOnly);
      expect(lost).toBeGreaterThan(0);
    },
    LIMIT_MS,
  );

  it("A→B→A: A sets a path, B clears it, C sets it again: Undo of A is refused, C can be undone, then B, then A", () => {
    const world = startWorld();
    const cards: Card[] = [];
    const apply = (effects: Effect[]): Card => {
      const plan = planEffects(effects, lookupOf(world));
      const forward: WritePlan = { actorUpdates: plan.actorUpdates, itemUpdates: [], itemDeletions: [], itemCreations: [] };
      perform(world, forward);
      const card: Card = {
        id: `c${String(cards.length)}`,
        state: "applied",
        record: { seq: cards.length + 1, forward, inverse: plan.inverse, touched: UNITS, paths: planPaths(forward) },
        appliedAt: cards.length,
        before: new Map(),
      };
      cards.push(card);
      return card;
    };
    const undo = (card: Card): boolean => {
      const check = undoCheck(card, cards, lookupOf(world));
      if (!check.ok) return false;
      perform(world, card.record!.inverse);
      card.state = "reverted";
      return true;
    };
    const unit = UNITS[0]!;
    const a = apply([{ type: "noMove", actor: unit }]);
    const b = apply([{ type: "noMoveCleared", actor: unit }]);
    const c = apply([{ type: "noMove", actor: unit }]);
    expect(undoCheck(a, cards, lookupOf(world))).toEqual({ ok: false, reason: "later", blockers: [b.id, c.id] });
    expect(undo(a)).toBe(false);
    expect(world.docs.get(unit)!["noMove"]).toBe(true);
    expect(undo(c)).toBe(true);
    expect(world.docs.get(unit)!["noMove"]).toBe(false);
    expect(undo(a)).toBe(false);
    expect(undo(b)).toBe(true);
    expect(world.docs.get(unit)!["noMove"]).toBe(true);
    expect(undo(a)).toBe(true);
    expect(world.docs.get(unit)!["noMove"]).toBe(false);
    // The rule before: the drift check alone let A be undone first (the value matched), and then C never could.
    const before = startWorld();
    const old: Card[] = [];
    for (const effects of [
      [{ type: "noMove", actor: unit }],
      [{ type: "noMoveCleared", actor: unit }],
      [{ type: "noMove", actor: unit }],
    ] as Effect[][]) {
      const plan = planEffects(effects, lookupOf(before));
      const forward: WritePlan = { actorUpdates: plan.actorUpdates, itemUpdates: [], itemDeletions: [], itemCreations: [] };
      perform(before, forward);
      old.push({
        id: `o${String(old.length)}`,
        state: "applied",
        record: { seq: old.length + 1, forward, inverse: plan.inverse, touched: UNITS, paths: planPaths(forward) },
        appliedAt: 0,
        before: new Map(),
      });
    }
    expect(driftOnly(old[0]!, old, lookupOf(before))).toBe(true);
    perform(before, old[0]!.record!.inverse);
    expect(driftOnly(old[2]!, old, lookupOf(before))).toBe(false);
  });
});
