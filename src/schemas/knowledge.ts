/**
 * The knowledge flag (`scene.flags.nobc.knowledge`, issue #30 item 2): what each side knows of the
 * other's pieces (src/rules/nobc/knowledge/), kept on the scene the rules read (the card's scene, else
 * the viewed one, as the map state is). Each side's record is keyed by the piece's actor id (the part of
 * its UUID after `Actor.`: a flag path cannot hold a dot), so one action's write touches only its own
 * entries and Undo puts back exactly those. Checked with zod at the edge: a flag that fails reads as
 * problems naming the field, never as a throw, and nothing is written over it.
 */
import { z } from "zod";
import type { ActorRef } from "../rules/ids";
import { ECHELONS, UNIT_ARMS, UNIT_SIZES, type Side } from "../rules/nobc/land/types";
import { emptyKnowledge, type Known, type Knowledge, type SideKnowledge } from "../rules/nobc/knowledge/types";
import { phrase, type Phrase } from "../rules/resolution";
import { issuePhrase, listedProblems, WITH_INPUT } from "../words/issues";
import { formatPath } from "../words/path";
import { MAX_EFFECT_TEXT } from "./effects";

export const KNOWLEDGE_FORMAT = "nobc-knowledge/1";

/** The flag's key under the system's scope. */
export const KNOWLEDGE_FLAG = "knowledge";

/** The most entries a side's record holds: far more pieces than a game puts on the map. */
const MAX_ENTRIES = 20000;

/** An actor id as a flag key: no dot (a dotted path would split it), no empty key. */
const PIECE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

const text = z.string().min(1).max(MAX_EFFECT_TEXT);
const turn = z.int().min(0);
const hex = z.string().min(1).max(MAX_EFFECT_TEXT);

const face = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("unit"), name: text, size: z.enum(UNIT_SIZES), arm: z.enum(UNIT_ARMS), nationality: text }),
  z.strictObject({ kind: z.literal("hq"), name: text, echelon: z.enum(ECHELONS), nationality: text }),
]);

const known = z.discriminatedUnion("level", [
  z.strictObject({ level: z.literal("located"), hex, turn }),
  z.strictObject({
    level: z.literal("identified"),
    hex,
    turn,
    face,
    strength: z.strictObject({ value: z.int().min(0), turn }).optional(),
  }),
]);

const sideRecord = z
  .record(z.string().regex(PIECE_KEY, { error: "NOBC.Knowledge.Problem.Piece" }), known)
  .refine((r) => Object.keys(r).length <= MAX_ENTRIES, { error: "NOBC.Knowledge.Problem.TooMany" });

export const knowledgeFlagSchema = z.strictObject({
  format: z.literal(KNOWLEDGE_FORMAT, { error: "NOBC.Knowledge.Problem.Format" }),
  nato: sideRecord,
  wp: sideRecord,
});

/**
 * What a card's two identification cards were played on (a rear-area attack: seed 000, Land War QRS,
 * 3. "Target Identification and Location First"): the side that identified, the hex, and the cards.
 * A card keeps it so that its Apply, in a double-blind world, teaches that side what stands there.
 */
export const cardIdentificationSchema = z.strictObject({
  side: z.enum(["nato", "wp"]),
  hex: hex,
  cards: z.array(z.string().min(1).max(MAX_EFFECT_TEXT)).max(4),
});
export type CardIdentification = z.infer<typeof cardIdentificationSchema>;

/** A piece's key in the flag (its actor id), or undefined for a ref that is no world actor's UUID. */
export function pieceKey(piece: ActorRef): string | undefined {
  const id = piece.startsWith("Actor.") ? piece.slice("Actor.".length) : undefined;
  return id !== undefined && PIECE_KEY.test(id) ? id : undefined;
}

/** The path of one side's entry for `key` under the scene's flags. */
export function knowledgePath(side: Side, key: string): string {
  return `flags.nobc.${KNOWLEDGE_FLAG}.${side}.${key}`;
}

export interface KnowledgeRead {
  /** The knowledge, pieces by actor UUID; empty when the scene has none or the flag fails its check. */
  readonly knowledge: Knowledge;
  /** Why the flag could not be read, each naming the field; empty when it was read (or is absent). */
  readonly problems: readonly Phrase[];
}

function sideOf(record: Readonly<Record<string, Known>>): SideKnowledge {
  return Object.fromEntries(Object.entries(record).map(([id, entry]) => [`Actor.${id}`, entry]));
}

/** Checks a scene's `nobc.knowledge` flag; no flag reads as nothing known. */
export function readKnowledgeFlag(flag: unknown): KnowledgeRead {
  if (flag === undefined || flag === null) return { knowledge: emptyKnowledge(), problems: [] };
  const parsed = knowledgeFlagSchema.safeParse(flag, WITH_INPUT);
  if (parsed.success) return { knowledge: { nato: sideOf(parsed.data.nato), wp: sideOf(parsed.data.wp) }, problems: [] };
  return {
    knowledge: emptyKnowledge(),
    problems: listedProblems(parsed.error.issues, (issue) =>
      phrase("NOBC.Validation.Problem", {
        field: issue.path.length === 0 ? phrase("NOBC.Knowledge.Whole") : `${KNOWLEDGE_FLAG}.${formatPath(issue.path)}`,
        problem: issuePhrase(issue),
      }),
    ),
  };
}
