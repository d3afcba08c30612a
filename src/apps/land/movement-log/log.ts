/**
 * This turn's moves (issue #18, item 7): each unit's movement in the current game turn, read from
 * the applied cards of this turn. A move card (written by the move request's GM side) keeps
 * `records.move = { unit, from, path, mpSpent, override }`; a retreat card moves its units by `moved`
 * effects (each naming the hex it left), read as retreats; its message keeps the card's `turn`.
 * Only cards a GM authored and that stand applied count, so an undone move drops out, and a new
 * turn starts with an empty log without anything being cleared. One pass over the chat log. A GM's
 * placement (a move without a card) is not movement and is not listed; where a unit stands now is
 * read from the board when it is on it.
 */
import { z } from "zod";
import { CARD_MESSAGE_TYPE } from "../../../chat/card-data";

/** A chat message as the log reads it. */
export interface MoveMessage {
  readonly id: string | null;
  readonly type?: string;
  readonly system?: unknown;
  readonly author?: { readonly isGM?: boolean } | null;
}

const hex = z.string().regex(/^\d{4}$/);

/**
 * A card's `records.move`, checked: a card is data from the chat log, so its shape is checked
 * before it is shown. `override`: false / absent for a move within the rules; true, or the
 * umpire's reason as text, for a GM's move carried out over the rules' refusals.
 */
export const moveRecordSchema = z
  .object({
    unit: z.string().min(1).max(200),
    from: hex,
    path: z.array(hex).max(200),
    mpSpent: z.number().min(0).max(100),
    override: z.union([z.boolean(), z.string().max(500), z.null()]).optional(),
  })
  .strict();
export type MoveRecord = z.infer<typeof moveRecordSchema>;

/** A `moved` effect of a card without a move record (a retreat carried out), checked the same way. */
const movedEffectSchema = z.object({
  type: z.literal("moved"),
  actor: z.string().min(1).max(200),
  from: hex,
  path: z.array(hex).min(1).max(200),
});

/** One applied move of a unit: a move of its own (with MP), or a retreat a card imposed (none). */
export interface LoggedMove {
  readonly kind: "move" | "retreat";
  readonly message: string;
  readonly from: string;
  readonly path: readonly string[];
  readonly mpSpent: number;
  /** The umpire moved it over the rules (true, or with the reason given). */
  readonly override: boolean | string;
}

/** A unit's movement this turn: where it started, each move in order, and the MP spent in all. */
export interface UnitMoves {
  readonly unit: string;
  readonly start: string;
  readonly now: string;
  readonly moves: readonly LoggedMove[];
  readonly mpSpent: number;
  readonly overrides: number;
}

export interface MovementLog {
  readonly turn: number;
  readonly units: readonly UnitMoves[];
  /** Applied cards of this turn whose move record could not be read (left out, counted). */
  readonly unreadable: number;
}

interface CardLike {
  readonly state?: unknown;
  readonly turn?: unknown;
  readonly records?: { readonly move?: unknown } | null;
  readonly effects?: unknown;
}

/**
 * The moves of turn `turnNumber`, by unit in the order each first moved. `hexNow` gives where a unit
 * stands on the board now (undefined off it: then the end of its last move is shown).
 */
export function movementLog(
  messages: Iterable<MoveMessage>,
  turnNumber: number,
  hexNow: (unit: string) => string | undefined = () => undefined,
): MovementLog {
  const byUnit = new Map<string, LoggedMove[]>();
  let unreadable = 0;
  const add = (unit: string, move: LoggedMove) => {
    const list = byUnit.get(unit);
    if (list === undefined) byUnit.set(unit, [move]);
    else list.push(move);
  };
  for (const m of messages) {
    if (m.type !== CARD_MESSAGE_TYPE || m.author?.isGM !== true || m.id === null) continue;
    const card = (m.system ?? {}) as CardLike;
    if (card.state !== "applied" || card.turn !== turnNumber) continue;
    const raw = card.records?.move;
    if (raw === undefined) {
      for (const effect of Array.isArray(card.effects) ? (card.effects as unknown[]) : []) {
        if ((effect as { type?: unknown } | null)?.type !== "moved") continue;
        const moved = movedEffectSchema.safeParse(effect);
        if (!moved.success) {
          unreadable += 1;
          continue;
        }
        const e = moved.data;
        add(e.actor, { kind: "retreat", message: m.id, from: e.from, path: e.path, mpSpent: 0, override: false });
      }
      continue;
    }
    const read = moveRecordSchema.safeParse(raw);
    if (!read.success) {
      unreadable += 1;
      continue;
    }
    const r = read.data;
    add(r.unit, { kind: "move", message: m.id, from: r.from, path: r.path, mpSpent: r.mpSpent, override: r.override ?? false });
  }
  const units = [...byUnit].map(([unit, moves]): UnitMoves => {
    const last = moves[moves.length - 1]!;
    return {
      unit,
      start: moves[0]!.from,
      now: hexNow(unit) ?? last.path[last.path.length - 1] ?? last.from,
      moves,
      mpSpent: moves.reduce((sum, mv) => sum + mv.mpSpent, 0),
      overrides: moves.filter((mv) => mv.override !== false).length,
    };
  });
  return { turn: turnNumber, units, unreadable };
}
