/**
 * Seeded random games on the line of hexes: every transition in turn, then the properties that must hold
 * whatever happened: the changes replayed give the knowledge, reverted give the start (Undo is exact);
 * after contacts are observed, every enemy piece next to a side's piece is known where it stands; and no
 * marker of a side's view names a piece the side has not identified.
 */
import { describe, expect, it } from "vitest";
import { seededUniform } from "../../../src/rules/dice";
import { moveEncounter, observeContacts } from "../../../src/rules/nobc/knowledge/contact";
import { applyKnowledgeChanges, revertKnowledgeChanges } from "../../../src/rules/nobc/knowledge/changes";
import { expireKnowledge, forgetPieces, learnFromCombat } from "../../../src/rules/nobc/knowledge/learn";
import { emptyKnowledge, type Knowledge, type KnowledgeChange, type Piece } from "../../../src/rules/nobc/knowledge/types";
import { sideView } from "../../../src/rules/nobc/knowledge/view";
import { HEXES, LINE, unit } from "./fixture";

function game(seed: number) {
  const random = seededUniform(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  let pieces: Piece[] = Array.from({ length: 8 }, (_, i) => unit(`p${i}`, i % 2 === 0 ? "nato" : "wp", pick(HEXES)));
  const start: Knowledge = emptyKnowledge();
  let knowledge = start;
  const changes: KnowledgeChange[] = [];
  const take = (update: { knowledge: Knowledge; changes: readonly KnowledgeChange[] }) => {
    knowledge = update.knowledge;
    changes.push(...update.changes);
  };
  for (let turn = 1; turn <= 6; turn++) {
    take(observeContacts({ knowledge, pieces, adjacency: LINE, turn }));
    take(expireKnowledge(knowledge, turn));
    for (let step = 0; step < 5; step++) {
      const action = pick(["move", "move", "combat", "forget", "observe"] as const);
      if (action === "move" && pieces.length > 0) {
        const mover = pick(pieces);
        const at = HEXES.indexOf(mover.hex);
        const dir = random() < 0.5 ? -1 : 1;
        const path = [1, 2, 3].map((n) => HEXES[at + dir * n]).filter((h): h is string => h !== undefined);
        const r = moveEncounter({ knowledge, pieces, adjacency: LINE, turn, mover: mover.id, path });
        take(r);
        const end = r.steps === 0 ? mover.hex : path[r.steps - 1]!;
        pieces = pieces.map((p) => (p.id === mover.id ? { ...p, hex: end } : p));
      } else if (action === "combat" && pieces.length > 1) {
        const a = pick(pieces);
        const fought = pieces
          .filter((p) => p.hex === a.hex || LINE[a.hex]!.includes(p.hex))
          .map((p) => ({ ...p, strength: p.strength - 1 }));
        take(learnFromCombat({ knowledge, fought, turn }));
        const after = new Map(fought.map((p) => [p.id, p]));
        pieces = pieces.map((p) => after.get(p.id) ?? p).filter((p) => p.strength > 0);
      } else if (action === "forget" && random() < 0.3 && pieces.length > 0) {
        const gone = pick(pieces);
        pieces = pieces.filter((p) => p !== gone);
        take(forgetPieces(knowledge, [gone.id]));
      }
      take(observeContacts({ knowledge, pieces, adjacency: LINE, turn }));
    }
  }
  return { start, knowledge, changes, pieces };
}

describe("random games of six turns", () => {
  for (const seed of [1, 2, 3, 5, 8, 13, 21, 34]) {
    it(`seed ${seed}: Undo is exact, contacts are known where they stand, views name only identified pieces`, () => {
      const { start, knowledge, changes, pieces } = game(seed);
      expect(changes.length).toBeGreaterThan(0);
      expect(applyKnowledgeChanges(start, changes)).toEqual(knowledge);
      expect(revertKnowledgeChanges(knowledge, changes)).toEqual(start);
      for (const side of ["nato", "wp"] as const) {
        const own = pieces.filter((p) => p.side === side);
        const watched = new Set(own.flatMap((p) => [p.hex, ...LINE[p.hex]!]));
        for (const enemy of pieces.filter((p) => p.side !== side && watched.has(p.hex)))
          expect(knowledge[side][enemy.id]?.hex).toBe(enemy.hex);
        const view = sideView(pieces, knowledge, side);
        const named = view.markers.flatMap((m) => (m.kind === "counter" ? [m.piece] : []));
        for (const id of named) expect(knowledge[side][id]?.level).toBe("identified");
        for (const m of view.markers.filter((x) => x.kind === "contact")) expect(JSON.stringify(m)).not.toMatch(/"p\d"/);
      }
    });
  }
});
