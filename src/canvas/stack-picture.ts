/**
 * A stack as the canvas fans it (./stack-layout.ts, ./stacks-pixi.ts), drawn as SVG for the gallery
 * (entry board-stacks): the counters at the layout's own offsets over one hex, the count on the top one.
 */
import type { Translator } from "../base/foundry";
import { counterSvg, type CounterFace } from "../symbols/counter";
import { counterWords } from "../view/counter";
import { STACK_BADGE, fanOffset } from "./stack-layout";

/** The count's badge as the canvas draws it, at the top right of the top counter (./stacks-pixi.ts). */
function badgeSvg(x: number, y: number, r: number, count: number): string {
  return (
    `<g class="stack-count"><circle cx="${x}" cy="${y}" r="${r}" fill="#1b1b1b" stroke="#fff" stroke-width="${(r / 6).toFixed(1)}"/>` +
    `<text x="${x}" y="${y}" fill="#fff" font-size="${(r * 1.3).toFixed(1)}" font-weight="bold" text-anchor="middle" dominant-baseline="central">${count}</text></g>`
  );
}

/**
 * A stack of `faces` (bottom first) as the canvas fans it over one hex of `size` pixels: each counter
 * offset by the board's own layout (`fanOffset`), the count on the top one. The gallery's picture of it.
 */
export function stackPictureSvg(faces: readonly CounterFace[], size: number, i18n: Translator): string {
  const n = faces.length;
  const pad = size * 0.4;
  const box = size + 2 * pad;
  const c = box / 2;
  const r = (size * STACK_BADGE) / 2;
  const hex = [0, 60, 120, 180, 240, 300]
    .map(
      (a) =>
        `${(c + (size / Math.sqrt(3)) * Math.cos((a * Math.PI) / 180)).toFixed(1)},${(c + (size / Math.sqrt(3)) * Math.sin((a * Math.PI) / 180)).toFixed(1)}`,
    )
    .join(" ");
  const counters = faces.map((f, i) => {
    const { dx, dy } = fanOffset(i, n, size);
    const x = c + dx - size / 2;
    const y = c + dy - size / 2;
    return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">${counterSvg(f, counterWords(f, i18n), size)}</g>`;
  });
  const top = fanOffset(n - 1, n, size);
  const badge = n < 2 ? "" : badgeSvg(c + top.dx + size / 2 - r * 0.8, c + top.dy - size / 2 + r * 0.8, r, n);
  const label = i18n.format("NOBC.Stack.Count", { count: String(n) });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" width="${box}" height="${box}" role="img" aria-label="${label}"><polygon points="${hex}" fill="#d9e6c3" stroke="#555"/>${counters.join("")}${badge}</svg>`;
}
