/**
 * A unit's counter as a VASSAL counter shows it: a square plate in its side's dark colour, the NATO-style
 * symbol of {@link unitSymbolSvg} in the middle (the same drawing as the sheets and the token images),
 * strength (current of full) at top left, the mode's letter at top right, the designation along the
 * bottom and, when the unit may not move this turn, the black chip at bottom right. Drawn as SVG text on
 * a 100 × 100 box, laid out to be read at 50 px: the token overlay (src/canvas/counter-tokens.ts)
 * rasterises it, the gallery shows it as is. Pure.
 */
import type { Mode, Side, UnitArm, UnitSize } from "../rules/nobc/land/types";
import { unitSymbolSvg } from "./unit-symbol";

export interface CounterFace {
  readonly side: Side;
  readonly arm: UnitArm;
  readonly size: UnitSize;
  /** The unit's name as printed on its counter ("34 PzBrig"). */
  readonly designation: string;
  /**
   * Current and full strength; null when the reader may not see it (docs/board.md, "Counters"). Full is null on an
   * enemy counter of a team scene: the side knows the strength the rules showed it, never the full one.
   */
  readonly strength: { readonly value: number; readonly max: number | null } | null;
  /** The mode shown (March for a unit always in March Mode); null when the reader may not see it. */
  readonly mode: Mode | null;
  /**
   * The black chip: the unit may not move this turn. Public table information, shown to everyone who
   * sees the token (docs/board.md, "Counters").
   */
  readonly noMove: boolean;
}

/** The words a counter carries, already in the reader's language. */
export interface CounterWords {
  /** One letter (or two) for each mode. */
  readonly modeLetter: Readonly<Record<Mode, string>>;
  /** The counter's accessible name ("34 PzBrig: strength 3 of 5, March Mode; may not move this turn"). */
  readonly label: string;
}

/** The plate's colour of each side: dark, so the white type and the light symbol frame stand out. */
export const COUNTER_PLATE: Readonly<Record<Side, string>> = { nato: "#1b3a6b", wp: "#7a1a1a" };

const FONT = "Arial, Helvetica, sans-serif";
/** Average advance of a bold sans-serif glyph, in ems: enough to keep a line inside its box. */
const GLYPH_EM = 0.62;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * A line of `text` fitted to `width` box units: the largest font size up to `max` that holds it, not
 * below `min`; past that it is cut and ends in "…". Pure.
 */
export function fitLine(text: string, width: number, max: number, min: number): { text: string; size: number } {
  // Letters as a reader counts them (an accented letter or a flag is one).
  const chars = Array.from(new Intl.Segmenter().segment(text), (g) => g.segment);
  const fits = (n: number, size: number) => n * GLYPH_EM * size <= width;
  if (fits(chars.length, max)) return { text, size: max };
  const size = width / (GLYPH_EM * Math.max(chars.length, 1));
  if (size >= min) return { text, size: Math.floor(size * 10) / 10 };
  const keep = Math.max(1, Math.floor(width / (GLYPH_EM * min)) - 1);
  return { text: `${chars.slice(0, keep).join("").trimEnd()}…`, size: min };
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function text(x: number, y: number, line: { text: string; size: number }, anchor: "start" | "middle" | "end"): string {
  return (
    `<text x="${fmt(x)}" y="${fmt(y)}" font-family="${FONT}" font-weight="700" font-size="${fmt(line.size)}" ` +
    `text-anchor="${anchor}" fill="#fff">${escapeXml(line.text)}</text>`
  );
}

/** The symbol's place on the plate: its 200-unit square scaled into the middle, clear of the corners' figures. */
const SYMBOL_BOX = { x: 15, y: 8, size: 70 } as const;

/**
 * The black chip's place: the plate's bottom right corner, right of the symbol's frame (a NATO frame's
 * outline ends at x 77.1 above y 65.6; a Warsaw Pact diamond is narrow there) and above the designation
 * (whose capitals rise to y 80.4 at most), clear of the strength and the mode's letter at the top. 21 units
 * across with its ring: over 10 px on a 50 px counter.
 */
export const CHIP = { cx: 87, cy: 69.5, r: 9.5 } as const;

/** The black chip with its white bar, as the old token status icon drew it (a black disc, a white ring and bar). */
function chip(): string {
  const { cx, cy, r } = CHIP;
  return (
    `<g class="no-move">` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#000" stroke="#fff" stroke-width="2"/>` +
    `<path d="M${cx - 5.5} ${cy} H${cx + 5.5}" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `</g>`
  );
}

/**
 * The counter of `face` as an SVG document (viewBox 100 × 100), drawn at `px` pixels square. The symbol
 * is {@link unitSymbolSvg}'s own SVG, scaled into place, not drawn again.
 */
export function counterSvg(face: CounterFace, words: CounterWords, px = 100): string {
  // The symbol's own drawing (a 200-unit square), its outer <svg> traded for a group that scales it into place.
  const body = unitSymbolSvg(face.side, face.arm, face.size)
    .replace(/^<svg [^>]*>/, "")
    .replace(/<\/svg>$/, "");
  const symbol = `<g transform="translate(${SYMBOL_BOX.x} ${SYMBOL_BOX.y}) scale(${SYMBOL_BOX.size / 200})">${body}</g>`;
  const parts = [
    `<rect x="1.5" y="1.5" width="97" height="97" rx="6" fill="${COUNTER_PLATE[face.side]}" stroke="#000" stroke-width="3"/>`,
    symbol,
  ];
  if (face.strength !== null) {
    const shown = face.strength.max === null ? String(face.strength.value) : `${face.strength.value}/${face.strength.max}`;
    parts.push(text(5, 21, fitLine(shown, 40, 22, 12), "start"));
  }
  if (face.mode !== null) parts.push(text(95, 21, fitLine(words.modeLetter[face.mode], 26, 22, 12), "end"));
  parts.push(text(50, 94, fitLine(face.designation, 92, 19, 13), "middle"));
  if (face.noMove) parts.push(chip());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${px}" height="${px}" role="img" aria-label="${escapeXml(words.label)}">` +
    `<title>${escapeXml(words.label)}</title>` +
    parts.join("") +
    `</svg>`
  );
}
