/**
 * The board's overlay shapes (./overlay.ts) as SVG, for the gallery and the docs: the same shapes
 * the canvas layer draws, so what the gallery shows is what the board shows. One `<g>` per kind.
 * Pure and deterministic (numbers rounded to two decimals).
 */
import { mapPixelSize } from "./hex-grid";
import type { Colour, Fill, Shape, ShapeGroup, Stroke } from "./overlay";

/** A number for SVG: at most two decimals, no trailing zeros, never "-0". */
function n(v: number): string {
  const s = (Math.round(v * 100) / 100).toFixed(2).replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
}

export function svgColour(c: Colour): string {
  return `#${c.toString(16).padStart(6, "0")}`;
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function paint(fill: Fill | undefined, stroke: Stroke | undefined): string {
  const f =
    fill === undefined ? ' fill="none"' : ` fill="${svgColour(fill.colour)}"${fill.alpha === 1 ? "" : ` fill-opacity="${n(fill.alpha)}"`}`;
  const s =
    stroke === undefined
      ? ""
      : ` stroke="${svgColour(stroke.colour)}" stroke-width="${n(stroke.width)}"${stroke.alpha === 1 ? "" : ` stroke-opacity="${n(stroke.alpha)}"`}`;
  return f + s;
}

function pairs(points: readonly number[]): string {
  const out: string[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) out.push(`${n(points[i]!)},${n(points[i + 1]!)}`);
  return out.join(" ");
}

export function shapeSvg(shape: Shape): string {
  switch (shape.type) {
    case "polygon":
      return `<polygon points="${pairs(shape.points)}"${paint(shape.fill, shape.stroke)}/>`;
    case "line":
      return `<polyline points="${pairs(shape.points)}"${paint(undefined, shape.stroke)} stroke-linecap="round" stroke-linejoin="round"/>`;
    case "circle":
      return `<circle cx="${n(shape.x)}" cy="${n(shape.y)}" r="${n(shape.r)}"${paint(shape.fill, shape.stroke)}/>`;
    case "text":
      return `<text x="${n(shape.x)}" y="${n(shape.y)}" font-size="${n(shape.size)}" fill="${svgColour(shape.colour)}" text-anchor="middle" dominant-baseline="middle" stroke="#ffffff" stroke-width="${n(shape.size * 0.2)}" paint-order="stroke"${shape.bold === true ? ' font-weight="bold"' : ""}>${esc(shape.text)}</text>`;
  }
}

/** The groups as one `<g>` each, `data-kind` naming the kind. */
export function groupsSvg(groups: readonly ShapeGroup[]): string {
  return groups.map((g) => [`<g data-kind="${g.kind}">`, ...g.shapes.map(shapeSvg), "</g>"].join("\n")).join("\n");
}

/**
 * A whole SVG picture of a map of `columns` × `rows` hexes of `size` with the groups drawn on it,
 * `title` as its accessible name; sized to fit `width` pixels wide when given.
 */
export function overlaySvg(
  groups: readonly ShapeGroup[],
  map: { columns: number; rows: number },
  size: number,
  title: string,
  width?: number,
): string {
  const margin = size * 0.2;
  const area = mapPixelSize(map.columns, map.rows, size);
  const w = area.width + 2 * margin;
  const h = area.height + 2 * margin;
  const shown = width === undefined ? "" : ` width="${n(width)}" height="${n((width * h) / w)}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(w)} ${n(h)}"${shown} role="img" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<title>${esc(title)}</title>`,
    `<g transform="translate(${n(margin)} ${n(margin)})">`,
    groupsSvg(groups),
    "</g>",
    "</svg>",
  ].join("\n");
}
