/**
 * Writing knowledge: a transition records each entry it changes (before and after) on a draft, so
 * its result lists exactly the entries that differ, and the Foundry layer's Undo writes `before`
 * back. `applyKnowledgeChanges` and `revertKnowledgeChanges` are the same changes replayed.
 */
import type { ActorRef } from "../../ids";
import type { Side } from "../land/types";
import type { Known, KnowledgeCause, KnowledgeChange, Knowledge, KnowledgeUpdate, SideKnowledge } from "./types";

/** Whether two entries say the same (compared field by field: entries are small, plain and closed). */
export function sameKnown(a: Known | null, b: Known | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.level !== b.level || a.hex !== b.hex || a.turn !== b.turn) return false;
  if (a.level === "located" || b.level === "located") return true;
  const [fa, fb] = [a.face, b.face];
  const sameFace =
    fa.kind === fb.kind &&
    fa.name === fb.name &&
    fa.nationality === fb.nationality &&
    (fa.kind === "unit" && fb.kind === "unit"
      ? fa.size === fb.size && fa.arm === fb.arm
      : fa.kind === "hq" && fb.kind === "hq" && fa.echelon === fb.echelon);
  return sameFace && a.strength?.value === b.strength?.value && a.strength?.turn === b.strength?.turn;
}

/** A transition's working copy: a side's record is copied (into a map) on its first change only. */
export class KnowledgeDraft {
  private readonly edited = new Map<Side, Map<ActorRef, Known>>();
  private readonly changes: KnowledgeChange[] = [];

  constructor(private readonly base: Knowledge) {}

  get(side: Side, piece: ActorRef): Known | null {
    const edited = this.edited.get(side);
    if (edited !== undefined) return edited.get(piece) ?? null;
    return Object.hasOwn(this.base[side], piece) ? this.base[side][piece]! : null;
  }

  entries(side: Side): [ActorRef, Known][] {
    const edited = this.edited.get(side);
    return edited === undefined ? Object.entries(this.base[side]) : [...edited];
  }

  /** Sets one entry (`null` removes it); nothing is recorded when it says what it said. */
  set(side: Side, piece: ActorRef, after: Known | null, cause: KnowledgeCause): void {
    const before = this.get(side, piece);
    if (sameKnown(before, after)) return;
    let record = this.edited.get(side);
    if (record === undefined) {
      record = new Map(Object.entries(this.base[side]));
      this.edited.set(side, record);
    }
    if (after === null) record.delete(piece);
    else record.set(piece, after);
    this.changes.push({ type: "knowledge", side, piece, before, after, cause });
  }

  done(): KnowledgeUpdate {
    if (this.changes.length === 0) return { knowledge: this.base, changes: [] };
    const side = (s: Side): SideKnowledge => {
      const edited = this.edited.get(s);
      return edited === undefined ? this.base[s] : Object.fromEntries(edited);
    };
    return { knowledge: { nato: side("nato"), wp: side("wp") }, changes: this.changes };
  }
}

/** The knowledge after `changes` (each sets its entry to `after`), as the Foundry layer writes them. */
export function applyKnowledgeChanges(knowledge: Knowledge, changes: readonly KnowledgeChange[]): Knowledge {
  const draft = new KnowledgeDraft(knowledge);
  for (const c of changes) draft.set(c.side, c.piece, c.after, c.cause);
  return draft.done().knowledge;
}

/** The knowledge before `changes` (last first, each entry back to `before`): what Undo writes. */
export function revertKnowledgeChanges(knowledge: Knowledge, changes: readonly KnowledgeChange[]): Knowledge {
  const draft = new KnowledgeDraft(knowledge);
  for (const c of [...changes].reverse()) draft.set(c.side, c.piece, c.before, c.cause);
  return draft.done().knowledge;
}
