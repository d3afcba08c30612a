/**
 * Icons of the status effects units carried before, drawn by us as SVG text (white on a dark disc, so
 * they read on any token). scripts/draw-assets.mjs writes them to assets/icons/: an effect still stored
 * in a world that has not migrated yet points at them. Self-contained: no imports.
 */
/**
 * Statuses units carried as ActiveEffects before: the minefield and contamination markers now kept on
 * the scene's map state, the mode now printed on the token's counter, and the black chip (no move) now
 * drawn on the counter too (src/symbols/counter.ts). No token status is ours any more.
 */
export const STATUS_IDS = ["combatMode", "marchMode", "minefield", "noMove", "contaminated"] as const;
export type StatusId = (typeof STATUS_IDS)[number];

/** Every one of them is retired: the world migration removes these effects from units (src/migration.ts, schema 3). */
export const RETIRED_STATUS_IDS: readonly StatusId[] = STATUS_IDS;

/** White strokes of a given width (one attribute list, so no attribute is ever written twice). */
const white = (width: number) => `stroke="#fff" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
const W = white(7);

const BODIES: Readonly<Record<StatusId, string>> = {
  // Two crossed arrows pointing up: ready to fight.
  combatMode: `<path d="M34 80 L76 30 M76 30 L60 32 M76 30 L74 46" ${W}/>` + `<path d="M66 80 L24 30 M24 30 L40 32 M24 30 L26 46" ${W}/>`,
  // Two chevrons pointing right: on the road.
  marchMode: `<path d="M26 30 L48 50 L26 70 M52 30 L74 50 L52 70" ${W}/>`,
  // One big mine: a white disc with four spikes, on the dark disc.
  minefield: `<circle cx="50" cy="54" r="20" fill="#fff"/>` + `<path d="M50 34 V18 M30 54 H18 M70 54 H82 M50 74 V84" ${white(7)}/>`,
  // The black chip with a white bar: this unit may not move this turn (the counter draws it now, src/symbols/counter.ts).
  noMove: `<circle cx="50" cy="50" r="30" fill="#000" stroke="#fff" stroke-width="5"/><path d="M32 50 H68" ${W}/>`,
  // Three black lobes round a centre on a hazard-yellow disc: chemical or radiological contamination. Its
  // colour alone tells it from the minefield's dark disc at 20 px.
  contaminated:
    `<circle cx="50" cy="50" r="44" fill="#f2c500"/>` +
    `<circle cx="50" cy="50" r="7" fill="#000"/>` +
    `<circle cx="50" cy="27" r="12" fill="#000"/><circle cx="30" cy="62" r="12" fill="#000"/><circle cx="70" cy="62" r="12" fill="#000"/>`,
};

/** The SVG (100 × 100) of a status icon. */
export function statusIconSvg(id: StatusId): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<circle cx="50" cy="50" r="47" fill="#2b2b2b" stroke="#fff" stroke-width="3"/>` +
    BODIES[id] +
    `</svg>`
  );
}
