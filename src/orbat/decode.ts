/**
 * A text file's bytes as text. UTF-8, with or without a byte-order mark, is what "CSV UTF-8" and
 * JSON files hold; UTF-16 with its byte-order mark is Excel's "Unicode text". Bytes that are not
 * valid UTF-8 are most likely Excel's plain "CSV" on Windows, which writes Windows-1252: read so,
 * with a warning naming the words the guess touched, since names with accents and umlauts must be
 * checked by the GM.
 */
import { phrase, type Phrase } from "../rules/resolution";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface DecodedText {
  readonly text: string;
  readonly encoding: TextEncodingName;
  /** What the GM should know about how the file was read. */
  readonly warnings: readonly Phrase[];
}

function decode(bytes: Uint8Array, encoding: TextEncodingName, fatal = false): string {
  // The decoder drops a byte-order mark of its own encoding.
  return new TextDecoder(encoding, { fatal }).decode(bytes);
}

/** How many guessed words the warning names; the rest are counted. */
export const GUESSED_SHOWN = 8;

/** The distinct cells holding a character outside printable ASCII, in file order: what the Windows-1252 guess decided. */
export function guessedWords(text: string): string[] {
  const words = new Set<string>();
  for (const part of text.split(/[\r\n\t;,]+/)) {
    const word = part.trim().replace(/^"|"$/g, "");
    if (/[^ -~]/.test(word)) words.add(word);
  }
  return [...words];
}

function guessWarning(text: string): Phrase {
  const words = guessedWords(text);
  // Bytes that only decode to spacing (a lone no-break space) leave no word to show.
  const shown = words.length === 0 ? "—" : words.slice(0, GUESSED_SHOWN).join(", ");
  const more = words.length - GUESSED_SHOWN;
  return phrase("NOBC.Orbat.Warning.Windows1252", { names: more > 0 ? phrase("NOBC.Orbat.Warning.GuessedMore", { shown, more }) : shown });
}

export function decodeBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode(bytes, "utf-16le"), encoding: "utf-16le", warnings: [] };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode(bytes, "utf-16be"), encoding: "utf-16be", warnings: [] };
  try {
    return { text: decode(bytes, "utf-8", true), encoding: "utf-8", warnings: [] };
  } catch {
    const text = decode(bytes, "windows-1252");
    return { text, encoding: "windows-1252", warnings: [guessWarning(text)] };
  }
}
