/**
 * Unit symbols in the NATO style (frame by side, icon by arm, echelon marks above), drawn as SVG
 * text. One pure function serves the token images (scripts/draw-assets.mjs writes them under
 * assets/symbols/) and the sheets, so both always show the same counter.
 *
 * Self-contained on purpose: the asset script transpiles this file alone, so it imports types only.
 */
import type { Side, UnitArm, UnitSize } from "../rules/nobc/land/types";

export type SymbolArm = UnitArm | "hq";
export type SymbolSize = UnitSize | "corps" | "army" | "front" | "armyGroup";

// Spelled out (not spread from UNIT_ARMS) because scripts/draw-assets.mjs loads this module on its
// own; tests/foundry/tokens-settings.test.ts checks it equals UNIT_ARMS plus "hq".
export const SYMBOL_ARMS: readonly SymbolArm[] = [
  "armour",
  "mechanised",
  "motorRifle",
  "infantry",
  "airborne",
  "airmobile",
  "artillery",
  "engineer",
  "recce",
  "other",
  "hq",
];
export const UNIT_SYMBOL_SIZES: readonly UnitSize[] = ["battalion", "regiment", "brigade", "division"];
export const HQ_SYMBOL_SIZES: readonly SymbolSize[] = ["corps", "army", "front", "armyGroup"];

/** Fill colours of the friendly (NATO, blue) and hostile (Warsaw Pact, red) frames. */
export const FRAME_FILL: Readonly<Record<Side, string>> = { nato: "#80e0ff", wp: "#ff8080" };

/** Echelon marks above the frame: "I" bars for battalion and regiment, "X" for brigade and up. */
const ECHELON_MARKS: Readonly<Record<SymbolSize, string>> = {
  battalion: "II",
  regiment: "III",
  brigade: "X",
  division: "XX",
  corps: "XXX",
  army: "XXXX",
  front: "XXXXX",
  armyGroup: "XXXXX",
};

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const STROKE = `stroke="#000" stroke-width="4" fill="none" stroke-linecap="round"`;
const CENTRE_X = 100;

/** The frame and the box inside it where the arm icon is drawn. */
function frame(side: Side): { shape: string; icon: Box; top: number; staffFoot: { x: number; y: number } } {
  const fill = FRAME_FILL[side];
  if (side === "nato") {
    const box = { x: 25, y: 62, w: 150, h: 100 };
    return {
      shape: `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="${fill}" stroke="#000" stroke-width="5"/>`,
      icon: box,
      top: box.y,
      staffFoot: { x: box.x, y: box.y + box.h },
    };
  }
  // A diamond of half-diagonal 85 (as tall as the square leaves room for the echelon marks above it),
  // so its arm icon reads at token size; the icon box is the largest 3:2 rectangle inside it
  // (half-width 0.6 of the half-diagonal), two thirds of the friendly frame's.
  const cy = 113;
  const r = 85;
  const half = 0.6 * r;
  return {
    shape: `<polygon points="${CENTRE_X},${cy - r} ${CENTRE_X + r},${cy} ${CENTRE_X},${cy + r} ${CENTRE_X - r},${cy}" fill="${fill}" stroke="#000" stroke-width="5" stroke-linejoin="round"/>`,
    icon: { x: CENTRE_X - half, y: cy - half / 1.5, w: 2 * half, h: (2 * half) / 1.5 },
    top: cy - r,
    staffFoot: { x: CENTRE_X - r, y: cy },
  };
}

function line(x1: number, y1: number, x2: number, y2: number): string {
  return `<line x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}" ${STROKE}/>`;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

const cross = (b: Box) => line(b.x, b.y, b.x + b.w, b.y + b.h) + line(b.x, b.y + b.h, b.x + b.w, b.y);

/** The tracked-vehicle oval of armour, sized to the middle of the box. */
const oval = (b: Box) =>
  `<rect x="${fmt(b.x + b.w * 0.2)}" y="${fmt(b.y + b.h * 0.3)}" width="${fmt(b.w * 0.6)}" height="${fmt(b.h * 0.4)}" rx="${fmt(b.h * 0.2)}" ${STROKE}/>`;

/** Airborne: a parachute canopy, two arcs along the bottom of the box. */
function canopy(b: Box): string {
  const y = b.y + b.h * 0.85;
  const left = b.x + b.w * 0.3;
  const mid = b.x + b.w * 0.5;
  const right = b.x + b.w * 0.7;
  const rise = b.h * 0.15;
  return `<path d="M${fmt(left)},${fmt(y)} Q${fmt((left + mid) / 2)},${fmt(y - rise)} ${fmt(mid)},${fmt(y)} Q${fmt((mid + right) / 2)},${fmt(y - rise)} ${fmt(right)},${fmt(y)}" ${STROKE}/>`;
}

/** Airmobile: the rotor of a helicopter, a bow tie across the bottom of the box. */
function rotor(b: Box): string {
  const y = b.y + b.h * 0.82;
  const dy = b.h * 0.1;
  const x1 = b.x + b.w * 0.35;
  const x2 = b.x + b.w * 0.65;
  return `<path d="M${fmt(x1)},${fmt(y - dy)} L${fmt(x2)},${fmt(y + dy)} L${fmt(x2)},${fmt(y - dy)} L${fmt(x1)},${fmt(y + dy)} Z" ${STROKE}/>`;
}

/** Engineer: the bridge-like sign, a bar with three legs. */
function engineer(b: Box): string {
  const x1 = b.x + b.w * 0.3;
  const x2 = b.x + b.w * 0.7;
  const top = b.y + b.h * 0.35;
  const foot = b.y + b.h * 0.65;
  return line(x1, top, x2, top) + line(x1, top, x1, foot) + line(CENTRE_X, top, CENTRE_X, foot) + line(x2, top, x2, foot);
}

const dot = (b: Box) => `<circle cx="${fmt(b.x + b.w / 2)}" cy="${fmt(b.y + b.h / 2)}" r="${fmt(b.h * 0.14)}" fill="#000"/>`;

/** Motorised (wheeled) infantry, as Warsaw Pact motor rifle units are drawn: the cross with an upright line through it. */
const motorised = (b: Box) => cross(b) + line(b.x + b.w / 2, b.y, b.x + b.w / 2, b.y + b.h);

/** Reconnaissance: one slash from the lower left corner to the upper right. */
const slash = (b: Box) => line(b.x, b.y + b.h, b.x + b.w, b.y);

const ICONS: Readonly<Record<SymbolArm, (b: Box) => string>> = {
  armour: oval,
  mechanised: (b) => cross(b) + oval(b),
  motorRifle: motorised,
  infantry: cross,
  airborne: (b) => cross(b) + canopy(b),
  airmobile: (b) => cross(b) + rotor(b),
  artillery: dot,
  engineer,
  recce: slash,
  other: () => "",
  // An HQ's frame is empty; its staff (drawn below the frame) marks it.
  hq: () => "",
};

/** Echelon marks centred above the frame: each "I" a bar, each "X" two crossed strokes. */
function echelon(size: SymbolSize, top: number): string {
  const marks = ECHELON_MARKS[size];
  const glyph = 14;
  const gap = 6;
  const width = marks.length * glyph + (marks.length - 1) * gap;
  const y2 = top - 8;
  const y1 = y2 - 18;
  let x = CENTRE_X - width / 2;
  let out = "";
  for (const mark of marks) {
    out += mark === "I" ? line(x + glyph / 2, y1, x + glyph / 2, y2) : line(x, y1, x + glyph, y2) + line(x, y2, x + glyph, y1);
    x += glyph + gap;
  }
  return out;
}

/** The SVG (200 × 200, square for tokens) of a unit or HQ of a side, arm and size. */
export function unitSymbolSvg(side: Side, arm: SymbolArm, size: SymbolSize): string {
  const f = frame(side);
  const staff = arm === "hq" ? line(f.staffFoot.x, f.staffFoot.y, f.staffFoot.x, 196) : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
    f.shape +
    ICONS[arm](f.icon) +
    staff +
    echelon(size, f.top) +
    `</svg>`
  );
}

/** File name of a generated symbol, e.g. "nato-armour-brigade.svg". */
export function symbolFileName(side: Side, arm: SymbolArm, size: SymbolSize): string {
  return `${side}-${arm}-${size}.svg`;
}

/** Path Foundry serves a generated symbol from. */
export function symbolPath(side: Side, arm: SymbolArm, size: SymbolSize): string {
  return `systems/nobc/assets/symbols/${symbolFileName(side, arm, size)}`;
}

/** Every symbol the asset script writes: each side with each unit arm and size, and each HQ echelon. */
export function allSymbols(): { side: Side; arm: SymbolArm; size: SymbolSize }[] {
  const out: { side: Side; arm: SymbolArm; size: SymbolSize }[] = [];
  for (const side of ["nato", "wp"] as const) {
    for (const arm of SYMBOL_ARMS) {
      const sizes = arm === "hq" ? HQ_SYMBOL_SIZES : UNIT_SYMBOL_SIZES;
      for (const size of sizes) out.push({ side, arm, size });
    }
  }
  return out;
}
