/**
 * A board under double-blind as a picture with its legend (templates/apps/board-preview.hbs), for the gallery and
 * the guide (issue #30): a team scene as its side sees it, or Control's master scene. The caller gives the overlay
 * shapes (src/map/overlay.ts) and the tokens already drawn as the canvas draws them (each at its top-left corner,
 * as SVG); tokens sharing a grid space are fanned by the board's own layout (src/canvas/stack-layout.ts). Pure.
 */
import type { Translator } from "../base/foundry";
import type { ShapeGroup } from "../map/overlay";
import { groupsSvg } from "../map/overlay-svg";
import { mapPixelSize } from "../map/hex-grid";
import { fanOffset } from "./stack-layout";
import type { Side } from "../rules/nobc/land/types";
import type { BoardPreviewContext } from "../view/board-preview";

/** Whose board: a side's team scene, or Control's master scene. */
export type BoardViewer = Side | "control";

/** A token as the picture draws it: its top-left corner on the map and what the canvas shows on it. */
export interface DrawnToken {
  readonly x: number;
  readonly y: number;
  readonly svg: string;
}

const TITLE: Readonly<Record<BoardViewer, string>> = {
  nato: "NOBC.Board.TeamView.nato",
  wp: "NOBC.Board.TeamView.wp",
  control: "NOBC.Board.TeamView.control",
};

/** What the tokens mean, by viewer: a team's own counters and its markers of the enemy; Control's truth. */
const TOKEN_LEGEND: Readonly<Record<BoardViewer, readonly string[]>> = {
  nato: ["NOBC.Board.Legend.Own", "NOBC.Board.Legend.Contact", "NOBC.Board.Legend.Identified"],
  wp: ["NOBC.Board.Legend.Own", "NOBC.Board.Legend.Contact", "NOBC.Board.Legend.Identified"],
  control: ["NOBC.Board.Legend.Master"],
};

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Tokens sharing a corner fanned as the board fans a stack, the first drawn at the bottom. */
function fanned(tokens: readonly DrawnToken[], size: number): DrawnToken[] {
  const byPlace = new Map<string, DrawnToken[]>();
  for (const t of tokens) {
    const key = `${t.x},${t.y}`;
    const stack = byPlace.get(key);
    if (stack === undefined) byPlace.set(key, [t]);
    else stack.push(t);
  }
  return [...byPlace.values()].flatMap((stack) =>
    stack.map((t, i) => {
      const { dx, dy } = fanOffset(i, stack.length, size);
      return { ...t, x: t.x + dx, y: t.y + dy };
    }),
  );
}

/**
 * The picture of `viewer`'s board: `groups` over a map of `map.columns` × `map.rows` hexes of `size`, then
 * `tokens`, 700 px wide; the legend says what the tokens mean (and what a contact's number is, when the world
 * shows counts: `counted`), then `stateLegend` (the map state's lines).
 */
export function teamBoardPreviewContext(
  viewer: BoardViewer,
  groups: readonly ShapeGroup[],
  tokens: readonly DrawnToken[],
  map: { readonly columns: number; readonly rows: number },
  size: number,
  stateLegend: readonly string[],
  i18n: Translator,
  counted = false,
): BoardPreviewContext {
  const margin = size * 0.2;
  const area = mapPixelSize(map.columns, map.rows, size);
  const w = area.width + 2 * margin;
  const h = area.height + 2 * margin;
  const width = 700;
  const drawn = fanned(tokens, size).map((t) => `<g transform="translate(${t.x.toFixed(1)} ${t.y.toFixed(1)})">${t.svg}</g>`);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w.toFixed(1)} ${h.toFixed(1)}" width="${width}" height="${((width * h) / w).toFixed(1)}" role="img" font-family="DejaVu Sans, Arial, sans-serif">`,
    `<title>${esc(i18n.localize(TITLE[viewer]))}</title>`,
    `<g transform="translate(${margin.toFixed(1)} ${margin.toFixed(1)})">`,
    groupsSvg(groups),
    ...drawn,
    "</g>",
    "</svg>",
  ].join("\n");
  const keys = counted && viewer !== "control" ? [...TOKEN_LEGEND[viewer], "NOBC.Board.Legend.ContactCount"] : TOKEN_LEGEND[viewer];
  return { svg, legend: [...keys.map((k) => i18n.localize(k)), ...stateLegend] };
}
