/**
 * Refusals told through the asker's eyes (issue #30, item 3): under double-blind the active GM's
 * client checks a player's request against the truth, so a refusal it words may name an enemy piece
 * the player's side has not identified (a defender, an overrun's victim, a target). Before it goes
 * back to the player, each such piece's name and UUID is replaced by "an enemy unit" (or "an enemy
 * HQ"), so the refusal still says why, and names nothing the side does not know. Pure.
 *
 * Worked on the words as spoken (every refusal reaches the asker as text): a phrase's data may be
 * nested in other phrases, and the spoken text is the one thing every path shares.
 */
import { phrase, type Phrase, type PhraseArg } from "../rules/resolution";
import { UNIT_ARMS, UNIT_SIZES } from "../rules/nobc/land/types";
import { ARM_LABELS, SIZE_LABELS } from "../rules/nobc/land/words";
import type { Battlefield } from "./battlefield";
import type { SideSights } from "./side-field";

/** The words a hidden piece is told as, in the asker's language. */
export interface HiddenWords {
  readonly unit: string;
  readonly hq: string;
  /** Whether the lang files have this key: a hidden count keeps its phrase's plural form (`<key>.other`) where there is one. */
  readonly has?: (key: string) => boolean;
}

/** Each secret a refusal could hold (an enemy piece's name or UUID), with what it is told as; longest first. */
export type Secrets = readonly (readonly [secret: string, kind: "unit" | "hq"])[];

/**
 * The names and UUIDs of the pieces `sights`' side does not know by face: every enemy unit and HQ
 * not identified (both sides' for a player of none). A name the side also reads on a piece it knows
 * (its own, or an identified enemy's of the same name) is no secret and stays.
 */
export function secretsOf(whole: Battlefield, sights: SideSights): Secrets {
  const hidden = new Map<string, "unit" | "hq">();
  const known = new Set<string>();
  const pieces = [...whole.units.map((u) => ({ ...u, kind: "unit" as const })), ...whole.hqs.map((h) => ({ ...h, kind: "hq" as const }))];
  for (const p of pieces) {
    if (p.side === sights.side || sights.identified.has(p.id)) {
      known.add(p.name);
      continue;
    }
    hidden.set(p.id, p.kind);
    hidden.set(p.name, p.kind);
  }
  return [...hidden].filter(([s]) => s !== "" && !known.has(s)).sort(([a], [b]) => b.length - a.length);
}

/**
 * `text` with every secret told as the hidden words (the longest first, so a name inside another is not
 * cut). A list of them ("an enemy unit, an enemy unit") is told once, so it does not count them either.
 */
export function throughSights(text: string, secrets: Secrets, words: HiddenWords): string {
  let out = text;
  let hid = false;
  for (const [secret, kind] of secrets)
    if (out.includes(secret)) {
      out = out.split(secret).join(words[kind]);
      hid = true;
    }
  if (!hid) return out;
  for (const word of new Set([words.unit, words.hq])) {
    const twice = `${word}, ${word}`;
    while (out.includes(twice)) out = out.split(twice).join(word);
  }
  return out;
}

/** The phrase each hidden kind is told as, so a refusal sent as a phrase is worded on the asker's client in their language. */
const HIDDEN_KEYS = { unit: "NOBC.Hidden.EnemyUnit", hq: "NOBC.Hidden.EnemyHq" } as const;

/** The words of a counter's face (its size, its arm): what a phrase naming a hidden piece must not tell of it either. */
const FACE_KEYS = new Set([...UNIT_SIZES.map((z) => SIZE_LABELS[z]), ...UNIT_ARMS.map((a) => ARM_LABELS[a])]);

/** What a number beside a hidden piece is told as: its strength, a count of its stack, a hit total. */
const HIDDEN_NUMBER = "NOBC.Hidden.Number";

/** A number as a phrase's data carries it: a number, or a whole number written out ("0", "12"). */
const NUMBER_TEXT = /^-?\d+$/u;
/** The arguments that name a place, not a quantity (a hex label is digits too): the hex the asker asked for stays. */
const PLACE_ARG = /hex|target|stop|from|to$|path/iu;

/**
 * A phrase with every secret in its data (at any depth) told as the hidden words: a value that is
 * one secret becomes its phrase, and in a phrase that named one, the face words beside it (a size,
 * an arm: "{unit} is a {size}") become "of unknown size or type", and its numbers ("{unit} has
 * strength {strength}", "holds {count} units ({units})", a number or one written out, but a place's
 * label: a hex is digits too) "an unknown number": a refusal neither names nor counts what the side
 * does not know. A hidden `count` keeps the phrase's plural form "other".
 */
export function phraseThroughSights(said: Phrase, secrets: Secrets, words: HiddenWords): Phrase {
  if (said.data === undefined) return said;
  const whole = new Map(secrets);
  const data: Record<string, PhraseArg> = {};
  let named = false;
  for (const [name, value] of Object.entries(said.data)) {
    if (typeof value === "string") {
      const kind = whole.get(value);
      const told = kind === undefined ? throughSights(value, secrets, words) : undefined;
      if (kind !== undefined || told !== value) named = true;
      data[name] = told ?? phrase(HIDDEN_KEYS[kind!]);
    } else data[name] = typeof value === "number" ? value : phraseThroughSights(value, secrets, words);
  }
  if (!named) return phrase(said.key, data);
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === "object" && FACE_KEYS.has(value.key)) data[name] = phrase("NOBC.Hidden.Face");
    if (typeof value === "number" || (typeof value === "string" && NUMBER_TEXT.test(value) && !PLACE_ARG.test(name)))
      data[name] = phrase(HIDDEN_NUMBER);
  }
  const plural = typeof said.data["count"] === "number" && words.has?.(`${said.key}.other`) === true;
  return phrase(plural ? `${said.key}.other` : said.key, data);
}

/**
 * How a dialog's own refusals (phrases, before they are worded) are told to the asker: through their
 * sights when the world read for them carries them (double-blind, a player), else as they are.
 * `words`: the hidden words in the GM's language, for secrets inside plain strings of the data.
 */
export function refusalLens(
  read: { readonly sights?: SideSights; readonly field: Battlefield; readonly whole?: Battlefield },
  words: HiddenWords,
): (said: Phrase) => Phrase {
  if (read.sights === undefined) return (said) => said;
  const secrets = secretsOf(read.whole ?? read.field, read.sights);
  return (said) => phraseThroughSights(said, secrets, words);
}
