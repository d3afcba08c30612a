/**
 * What `npm run orbat` (scripts/orbat.mjs) loads: the reader, the phrase writer, and the phrases
 * the command prints. Pure: the script reads the files and prints.
 */
import { phrase, type Phrase } from "../rules/resolution";

export * from "./index";
export { langFileWording, speak } from "../words/phrase";

export const ORBAT_CLI = {
  usage: (): Phrase => phrase("NOBC.Cli.Orbat.Usage"),
  cannotRead: (file: string, error: string): Phrase => phrase("NOBC.Cli.CannotRead", { file, error }),
  refused: (file: string, count: number): Phrase => phrase("NOBC.Cli.Orbat.Refused", { file, count }),
  sound: (file: string, format: string, counts: { actors: number; folders: number; links: number }): Phrase =>
    phrase("NOBC.Cli.Orbat.Sound", {
      file,
      format: format.toUpperCase(),
      actors: phrase("NOBC.Cli.Orbat.Actors", { count: counts.actors }),
      folders: phrase("NOBC.Cli.Orbat.Folders", { count: counts.folders }),
      links: phrase("NOBC.Cli.Orbat.Links", { count: counts.links }),
    }),
  /** The root folder a check plans with (nothing is created). */
  rootFolder: (): Phrase => phrase("NOBC.Orbat.DefaultRoot"),
};
