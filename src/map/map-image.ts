/** What scripts/map-image.mjs loads: validation and drawing, nothing else. */
export { formatMapProblem, validateTerrainMap } from "./terrain-schema";
export { renderMapSvg } from "./render-svg";
