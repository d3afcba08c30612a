/**
 * A player's move under double-blind meets the truth (issue #30, item 3: "a move that runs into an
 * unseen enemy stops where the rules say, the enemy becomes located, and the card says what was
 * found"). The player dragged a path over the board their side knows; the active GM's client walks it
 * against where every piece truly stands (`moveEncounter`, src/rules/nobc/knowledge/contact.ts: it
 * stops before a hex holding an enemy the side did not know was there, and a NATO piece in the first
 * hex next to an unseen WP piece). The move is then planned and carried out as far as that, and the
 * card says what was found, as the side knows it now: a contact in a hex, or (when contact
 * identifies) the counters. What the side learns is written when the card is applied, by the move's
 * own knowledge change (src/effects/families/knowledge.ts: contact where the plan leaves the
 * pieces), so its Undo takes it back with the move. Pure.
 */
import type { HexRef } from "../../../rules/ids";
import { moveEncounter, type MoveStop, type Neighbours } from "../../../rules/nobc/knowledge/contact";
import { piecesOf, type Knowledge, type KnowledgeOptions, type Piece } from "../../../rules/nobc/knowledge/types";
import { phrase, type Phrase } from "../../../rules/resolution";
import type { Battlefield } from "../../../world/battlefield";

/** What the walk against the truth made of a path: the hexes carried out, and what stopped it (null: nothing). */
export interface Encounter {
  readonly path: readonly HexRef[];
  readonly stop: MoveStop | null;
  /** What the card says was found, as the mover's side knows it after the move; null when nothing stopped it. */
  readonly found: Phrase | null;
}

export interface EncounterInput {
  readonly field: Battlefield;
  readonly knowledge: Knowledge;
  readonly mover: string;
  readonly path: readonly HexRef[];
  readonly turn: number;
  readonly options: KnowledgeOptions;
  /** The grid's neighbours of the hexes the walk reads (the path's and the pieces'). */
  readonly adjacency: (hexes: readonly HexRef[]) => Neighbours;
}

/** The words of what a stop found, by why it stopped: the hexes, how many (`contactShowsCount`), or the counters (`contactIdentifies`). */
const FOUND_KEYS: Readonly<Record<MoveStop["reason"], { readonly plain: string; readonly count: string; readonly named: string }>> = {
  enemyInHex: { plain: "NOBC.Move.Found.enemyInHex", count: "NOBC.Move.Found.enemyInHexCount", named: "NOBC.Move.Found.enemyInHexNamed" },
  adjacentToEnemy: {
    plain: "NOBC.Move.Found.adjacentToEnemy",
    count: "NOBC.Move.Found.adjacentToEnemyCount",
    named: "NOBC.Move.Found.adjacentToEnemyNamed",
  },
};

/** The words of what a stop found, as the mover's side knows it after the move. */
function foundPhrase(stop: MoveStop, pieces: ReadonlyMap<string, Piece>, options: KnowledgeOptions): Phrase {
  const found = stop.found.flatMap((id) => pieces.get(id) ?? []);
  const hexes = [...new Set(found.map((p) => p.hex))].sort().join(", ");
  const where = { hex: stop.hex, hexes };
  const keys = FOUND_KEYS[stop.reason];
  if (options.contactIdentifies) return phrase(keys.named, { ...where, names: found.map((p) => p.face.name).join(", ") });
  return options.contactShowsCount ? phrase(keys.count, { ...where, count: found.length }) : phrase(keys.plain, where);
}

/** The path as far as the truth lets it go, and what was found. Throws RangeError when the mover is no piece of the field. */
export function encounterOf(input: EncounterInput): Encounter {
  const pieces = piecesOf(input.field.units, input.field.hqs);
  const hexes = [...new Set([...input.path, ...pieces.map((p) => p.hex)])].filter((h) => h !== "");
  const walk = moveEncounter({
    knowledge: input.knowledge,
    pieces,
    adjacency: input.adjacency(hexes),
    turn: input.turn,
    options: input.options,
    mover: input.mover,
    path: input.path,
  });
  if (walk.stop === null) return { path: input.path, stop: null, found: null };
  const byId = new Map(pieces.map((p) => [p.id, p]));
  return { path: input.path.slice(0, walk.steps), stop: walk.stop, found: foundPhrase(walk.stop, byId, input.options) };
}
