/**
 * What each side knows, written as entries of the scene's `nobc.knowledge` flag (issue #30 item 2,
 * docs/decisions/hidden-information.md, "The plan", step 2). The knowledge change is not an effect of
 * the card: a card's effects are what the rules decided and every client reads them, while what an
 * action teaches a side is worked out by the active GM's client from the plan's outcome (where its
 * tokens end up, what strength the hits leave, what left play), only when the world plays double-blind
 * (`BoardSnapshot.knowledge`). It goes into the scene's one row with the map state (one Scene write per
 * action), and the inverse holds each entry's `before`, so the card's Undo takes it back exactly.
 *
 * Which transition runs (src/rules/nobc/knowledge/): a ground combat's Apply, `learnFromCombat`; a
 * rear-area attack's Apply, `identifyByCards` on the target's hex (the card's `identifies`); any
 * move, retreat or overrun carried out (a `moved` effect) or a combat, `observeContacts` with the pieces
 * where the plan leaves them; a piece the plan eliminates, `forgetPieces`; a new turn, `observeContacts`
 * then `expireKnowledge` (`planTurnStartKnowledge`).
 */
import type { Effect } from "../../rules/effects";
import type { HexRef } from "../../rules/ids";
import { observeContacts, type Neighbours } from "../../rules/nobc/knowledge/contact";
import { expireKnowledge, forgetPieces, identifyByCards, learnFromCombat } from "../../rules/nobc/knowledge/learn";
import type { Knowledge, KnowledgeUpdate, Piece } from "../../rules/nobc/knowledge/types";
import { hexLabel, MAX_LABEL_INDEX, neighbours, parseHexLabel } from "../../map/hex-grid";
import { KNOWLEDGE_FLAG, KNOWLEDGE_FORMAT, knowledgePath, pieceKey } from "../../schemas/knowledge";
import { SYSTEM_ID } from "../../base/constants";
import type { KnowledgeContext } from "../../view/board";
import { sameValue, type KnowledgeRowsOf, type Planner } from "../planner";

/** The flag's root path under a scene. */
export const KNOWLEDGE_ROOT = `flags.${SYSTEM_ID}.${KNOWLEDGE_FLAG}`;

/** The grid's neighbours of every hex a piece stands in: contact is "in or next to" on the map's hex grid. */
export function gridAdjacency(pieces: readonly Piece[]): Neighbours {
  return hexAdjacency(pieces.map((p) => p.hex));
}

/** The grid's neighbours of each of `hexes` (a move's path and the pieces' hexes, for `moveEncounter`). */
export function hexAdjacency(hexes: readonly HexRef[]): Neighbours {
  const out: Record<HexRef, HexRef[]> = {};
  for (const hex of hexes) {
    if (hex === "" || Object.hasOwn(out, hex)) continue;
    const off = parseHexLabel(hex);
    out[hex] =
      off === undefined
        ? []
        : neighbours(off)
            .filter((n) => n.col >= 0 && n.row >= 0 && n.col < MAX_LABEL_INDEX && n.row < MAX_LABEL_INDEX)
            .map(hexLabel);
  }
  return out;
}

/** The pieces as the plan leaves them: at the hex their tokens move to, with the strength (or level) it writes; `staying`: not removed. */
function piecesAfter(
  p: Planner,
  pieces: readonly Piece[],
  gone: ReadonlySet<string>,
): { staying: Piece[]; fought: (id: string) => Piece | undefined } {
  const after = new Map<string, Piece>();
  for (const piece of pieces) {
    const planned = p.planned(piece.id, piece.face.kind === "unit" ? "strength.value" : "level.value");
    const strength = gone.has(piece.id) ? 0 : typeof planned === "number" ? planned : piece.strength;
    after.set(piece.id, { ...piece, hex: p.destination(piece.id) ?? piece.hex, strength });
  }
  return { staying: [...after.values()].filter((x) => !gone.has(x.id)), fought: (id) => after.get(id) };
}

function record(p: Planner, update: KnowledgeUpdate): Knowledge {
  for (const change of update.changes) p.learn(change);
  return update.knowledge;
}

/**
 * Plans what the action of `effects` teaches each side, after its effects are planned (so it reads
 * where they leave the pieces). Nothing is read or planned for an action that moves nothing, fights
 * nothing and removes nothing.
 */
export function planKnowledge(p: Planner, effects: readonly Effect[], context: KnowledgeContext): void {
  const fought = context.fought ?? [];
  const moved = effects.some((e) => e.type === "moved");
  const gone = new Set<string>(effects.flatMap((e) => (e.type === "eliminated" ? [e.actor] : [])));
  for (const piece of context.pieces) if (p.removes(piece.id)) gone.add(piece.id);
  const identification = context.identification;
  if (!moved && fought.length === 0 && gone.size === 0 && identification === undefined) return;
  let knowledge = p.knowledge();
  if (knowledge === undefined) return;
  const after = piecesAfter(p, context.pieces, gone);
  const { turn, options } = context;
  if (fought.length > 0) {
    const pieces = fought.flatMap((id) => after.fought(id) ?? []);
    knowledge = record(p, learnFromCombat({ knowledge, fought: pieces, turn, options }));
  }
  if (identification !== undefined) {
    // The attack was refused for cards the rules refuse, so a pair refused here (a card gone since) teaches nothing.
    const found = identifyByCards({ knowledge, ...identification, pieces: after.staying, turn });
    if (found.ok) knowledge = record(p, found.value);
  }
  if (moved || fought.length > 0)
    knowledge = record(p, observeContacts({ knowledge, pieces: after.staying, adjacency: gridAdjacency(after.staying), turn, options }));
  if (gone.size > 0) record(p, forgetPieces(knowledge, gone));
}

/** The board looked at as it stands (a counter placed or moved by hand): every side's contacts. */
export function planContactKnowledge(p: Planner, context: KnowledgeContext): void {
  const knowledge = p.knowledge();
  if (knowledge === undefined) return;
  const { pieces, turn, options } = context;
  record(p, observeContacts({ knowledge, pieces, adjacency: gridAdjacency(pieces), turn, options }));
}

/** A new turn: the contacts are observed first, with the new turn, then what is too old lapses. */
export function planTurnStartKnowledge(p: Planner, context: KnowledgeContext): void {
  const knowledge = p.knowledge();
  if (knowledge === undefined) return;
  const { pieces, turn, options } = context;
  const seen = record(p, observeContacts({ knowledge, pieces, adjacency: gridAdjacency(pieces), turn, options }));
  record(p, expireKnowledge(seen, turn, options));
}

/**
 * The knowledge changes as paths of the scene's row: each entry set to its `after` (or removed), and
 * the inverse setting each `before` back (or removing it). A scene with no flag yet gets the format
 * and both sides with its first write, and they stay after Undo (an empty knowledge, read as none):
 * removing the whole flag would also take what a later card wrote there. A piece whose UUID is no
 * world actor's is left out (it could not be a flag key).
 */
export const knowledgeRows: KnowledgeRowsOf = (flag, changes) => {
  const out = {
    changes: {} as Record<string, unknown>,
    removals: [] as string[],
    undo: {} as Record<string, unknown>,
    undoRemovals: [] as string[],
  };
  const touched = new Set<string>();
  for (const c of changes) {
    const key = pieceKey(c.piece);
    if (key === undefined || sameValue(c.before, c.after)) continue;
    const path = knowledgePath(c.side, key);
    touched.add(c.side);
    if (c.after === null) out.removals.push(path);
    else out.changes[path] = structuredClone(c.after);
    if (c.before === null) out.undoRemovals.push(path);
    else out.undo[path] = structuredClone(c.before);
  }
  if (flag === null && (Object.keys(out.changes).length > 0 || out.removals.length > 0)) {
    out.changes[`${KNOWLEDGE_ROOT}.format`] = KNOWLEDGE_FORMAT;
    for (const side of ["nato", "wp"] as const) if (!touched.has(side)) out.changes[`${KNOWLEDGE_ROOT}.${side}`] = {};
  }
  return out;
};

/** One knowledge entry a scene row writes: its side and key, set to `value` or removed. */
export type KnowledgeKey =
  | { readonly side: "nato" | "wp"; readonly key: string; readonly removed: false; readonly value: unknown }
  | { readonly side: "nato" | "wp"; readonly key: string; readonly removed: true };

/** The entry a path names, as `{ side, key }`; undefined for any other path (the format, a whole side). */
export function knowledgeKeyOf(path: string): { side: "nato" | "wp"; key: string } | undefined {
  if (!path.startsWith(`${KNOWLEDGE_ROOT}.`)) return undefined;
  const rest = path.slice(KNOWLEDGE_ROOT.length + 1).split(".");
  if (rest.length !== 2 || (rest[0] !== "nato" && rest[0] !== "wp")) return undefined;
  return { side: rest[0], key: rest[1]! };
}

/** Every knowledge entry a scene row sets or removes (the format and a side's empty record, written with a first entry, left out). */
export function* knowledgeKeys(row: {
  readonly changes: Readonly<Record<string, unknown>>;
  readonly removals?: readonly string[];
}): Generator<KnowledgeKey> {
  for (const [path, value] of Object.entries(row.changes)) {
    const at = knowledgeKeyOf(path);
    if (at !== undefined) yield { ...at, removed: false, value };
  }
  for (const path of row.removals ?? []) {
    const at = knowledgeKeyOf(path);
    if (at !== undefined) yield { ...at, removed: true };
  }
}
