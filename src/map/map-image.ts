/** What scripts/map-image.mjs loads: validation and drawing, the phrase writer, and the phrases it prints. */
import { phrase, type Phrase } from "../rules/resolution";
import { fileError, notJson, stopped } from "../words/file-errors";

export { formatMapProblem, validateTerrainMap } from "./terrain-schema";
export { renderMapSvg } from "./render-svg";
export { langFileWording, speak } from "../words/phrase";

export const MAP_CLI = {
  usage: (): Phrase => phrase("NOBC.Cli.Map.Usage"),
  /** A file that cannot be read, as one line: no such file, a folder, no permission, or the error's words. */
  cannotRead: (file: string, error: unknown): Phrase => fileError(file, error),
  notJson: (file: string, error: unknown): Phrase => notJson(file, error),
  cannotWrite: (file: string, error: unknown): Phrase => fileError(file, error, true),
  stopped: (error: unknown): Phrase => stopped("npm run map", error),
  problems: (file: string, count: number): Phrase => phrase("NOBC.Cli.Map.Problems", { file, count }),
  /** An output file not named .svg: the drawing is SVG, and an image viewer would not open it as a .png. */
  notSvg: (file: string): Phrase => phrase("NOBC.Cli.Map.NotSvg", { file }),
  written: (file: string, columns: number, rows: number, input: string): Phrase =>
    phrase("NOBC.Cli.Map.Written", { file, columns, rows, input }),
};
