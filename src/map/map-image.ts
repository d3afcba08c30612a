/** What scripts/map-image.mjs loads: validation and drawing, the phrase writer, and the phrases it prints. */
import { phrase, type Phrase } from "../rules/resolution";

export { formatMapProblem, validateTerrainMap } from "./terrain-schema";
export { renderMapSvg } from "./render-svg";
export { langFileWording, speak } from "../words/phrase";

export const MAP_CLI = {
  usage: (): Phrase => phrase("NOBC.Cli.Map.Usage"),
  cannotRead: (file: string, error: string): Phrase => phrase("NOBC.Cli.CannotRead", { file, error }),
  problems: (file: string, count: number): Phrase => phrase("NOBC.Cli.Map.Problems", { file, count }),
  written: (file: string, columns: number, rows: number, input: string): Phrase =>
    phrase("NOBC.Cli.Map.Written", { file, columns, rows, input }),
};
