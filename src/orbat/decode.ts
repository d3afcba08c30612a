/**
 * A text file's bytes as text. UTF-8, with or without a byte-order mark, is what "CSV UTF-8" and
 * JSON files hold; UTF-16 with its byte-order mark is Excel's "Unicode text". Bytes that are not
 * valid UTF-8 are most likely Excel's plain "CSV" on Windows, which writes Windows-1252: read so,
 * with a warning, since a guess about names with accents and umlauts must be checked by the GM.
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

export function decodeBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode(bytes, "utf-16le"), encoding: "utf-16le", warnings: [] };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode(bytes, "utf-16be"), encoding: "utf-16be", warnings: [] };
  try {
    return { text: decode(bytes, "utf-8", true), encoding: "utf-8", warnings: [] };
  } catch {
    return { text: decode(bytes, "windows-1252"), encoding: "windows-1252", warnings: [phrase("NOBC.Orbat.Warning.Windows1252")] };
  }
}
