/**
 * Folding a turn's record into what the turn stands at: the cards and moves applied and not undone,
 * the once-only keys, holds and charges they keep (a released card keeps neither key nor holds), each
 * unit's movement (where it started, where it stands, the MP spent, its moves in order) and the stages
 * the turn went through. One pass over the entries to find what was undone or released, one to build:
 * linear in the entries. An Undo in a later turn names its turn (`ofTurn`): `foldGame` hands each turn
 * the undos and releases the later turns made of it. Pure.
 */
import type { CardEntry, LogEntry, MoveEntry, StageEntry } from "./entry";

export interface UnitMovement {
  readonly unit: string;
  readonly start: string;
  readonly now: string;
  readonly cost: number;
  /** The seqs of its standing moves, in order. */
  readonly moves: readonly number[];
  /** How many of them the umpire carried out over the rules. */
  readonly overrides: number;
}

export interface TurnFold {
  readonly turn: number;
  /** The highest seq read (0: none). */
  readonly lastSeq: number;
  /** The applied cards and moves that still stand, by seq. */
  readonly standing: ReadonlyMap<number, CardEntry | MoveEntry>;
  /** The seqs undone (in this turn or a later one). */
  readonly undone: ReadonlySet<number>;
  /** Each once-only key a standing, unreleased card keeps, and the seq of that card. */
  readonly keys: ReadonlyMap<string, number>;
  /** Each subject a standing, unreleased card holds, and its seq. */
  readonly holds: ReadonlyMap<string, number>;
  /** Each once-a-turn charge a standing card paid, and its seq. */
  readonly charges: ReadonlyMap<string, number>;
  readonly movement: ReadonlyMap<string, UnitMovement>;
  readonly stages: readonly StageEntry[];
}

/** A later turn's undo or release of an entry of this turn. */
export interface LaterMark {
  readonly kind: "undo" | "release";
  readonly seq: number;
}

/** Folds one turn's entries (in seq order, as `readTurnLog` gives them), with what later turns undid or released of it. */
export function foldTurn(turn: number, entries: readonly LogEntry[], later: readonly LaterMark[] = []): TurnFold {
  const undone = new Set<number>();
  const released = new Set<number>();
  for (const m of later) (m.kind === "undo" ? undone : released).add(m.seq);
  let lastSeq = 0;
  for (const e of entries) {
    if (e.seq > lastSeq) lastSeq = e.seq;
    if (e.kind === "undo" && e.ofTurn === turn) undone.add(e.undoes);
    if (e.kind === "release" && e.ofTurn === turn) released.add(e.releases);
  }
  const standing = new Map<number, CardEntry | MoveEntry>();
  const keys = new Map<string, number>();
  const holds = new Map<string, number>();
  const charges = new Map<string, number>();
  const movement = new Map<string, { unit: string; start: string; now: string; cost: number; moves: number[]; overrides: number }>();
  const stages: StageEntry[] = [];
  for (const e of entries) {
    if (e.kind === "stage") stages.push(e);
    if ((e.kind !== "card" && e.kind !== "move") || undone.has(e.seq)) continue;
    standing.set(e.seq, e);
    if (e.kind === "card") {
      for (const c of e.charges) charges.set(c, e.seq);
      if (released.has(e.seq)) continue;
      if (e.once !== null) keys.set(e.once, e.seq);
      for (const h of e.holds) holds.set(h, e.seq);
      continue;
    }
    const now = e.path.length > 0 ? e.path[e.path.length - 1]! : e.from;
    const unit = movement.get(e.unit);
    const over = e.override === false ? 0 : 1;
    if (unit === undefined) movement.set(e.unit, { unit: e.unit, start: e.from, now, cost: e.cost, moves: [e.seq], overrides: over });
    else {
      unit.now = now;
      unit.cost += e.cost;
      unit.moves.push(e.seq);
      unit.overrides += over;
    }
  }
  return { turn, lastSeq, standing, undone, keys, holds, charges, movement, stages };
}

/** Folds every turn of a game: each turn's record, with the undos and releases the other turns made of it. Linear in all entries. */
export function foldGame(turns: ReadonlyMap<number, readonly LogEntry[]>): Map<number, TurnFold> {
  const later = new Map<number, LaterMark[]>();
  for (const [turn, entries] of turns) {
    for (const e of entries) {
      if ((e.kind === "undo" || e.kind === "release") && e.ofTurn !== turn) {
        const list = later.get(e.ofTurn) ?? [];
        list.push({ kind: e.kind, seq: e.kind === "undo" ? e.undoes : e.releases });
        later.set(e.ofTurn, list);
      }
    }
  }
  const out = new Map<number, TurnFold>();
  for (const [turn, entries] of turns) out.set(turn, foldTurn(turn, entries, later.get(turn) ?? []));
  return out;
}
