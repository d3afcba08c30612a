/**
 * What the pack and build scripts print (scripts/packs-id.mjs, packs-extract.mjs, package.mjs,
 * scenario-build.mjs): their phrases, and the phrase writer they print them with. The scripts load
 * this through scripts/import-ts.mjs, so they write English from lang/en.json by the same code as
 * Foundry and the other CLI tools. Pure.
 */
import { phrase, type Phrase } from "../rules/resolution";

export { langFileWording, speak } from "../words/phrase";

export const PACKS_CLI = {
  idUsage: (): Phrase => phrase("NOBC.Cli.PacksId.Usage"),
  extractUsage: (): Phrase => phrase("NOBC.Cli.PacksExtract.Usage"),
  notAPack: (pack: string, packs: readonly string[]): Phrase => phrase("NOBC.Cli.PacksExtract.NotAPack", { pack, packs: packs.join(", ") }),
  notLevelDb: (folder: string): Phrase => phrase("NOBC.Cli.PacksExtract.NotLevelDb", { folder }),
  /** A pack holding documents of other types than system.json declares for it. */
  wrongType: (folder: string, found: readonly string[], pack: string, type: string): Phrase =>
    phrase("NOBC.Cli.PackCheck.WrongType", { folder, found: found.join(", "), pack, type }),
  emptyPack: (folder: string): Phrase => phrase("NOBC.Cli.PackCheck.Empty", { folder }),
  extracted: (count: number, pack: string): Phrase => phrase("NOBC.Cli.PacksExtract.Written", { count, pack }),
  /** A failed extraction; `locked` when the world still holds the pack open. */
  extractFailed: (error: string, locked: boolean): Phrase =>
    locked ? phrase("NOBC.Cli.PacksExtract.FailedLocked", { error }) : phrase("NOBC.Cli.PacksExtract.Failed", { error }),
  built: (files: number, kib: number): Phrase =>
    phrase("NOBC.Cli.Build.Ready", { files: phrase("NOBC.Cli.Build.Files", { count: files }), kib }),
  buildFailed: (error: string): Phrase => phrase("NOBC.Cli.Build.Failed", { error }),
  scenarioBuilt: (pack: string, counts: { actors: number; tokens: number; journals: number }): Phrase =>
    phrase("NOBC.Cli.Scenario.Built", {
      pack,
      actors: phrase("NOBC.Cli.Scenario.Actors", { count: counts.actors }),
      tokens: phrase("NOBC.Cli.Scenario.Tokens", { count: counts.tokens }),
      journals: phrase("NOBC.Cli.Scenario.Journals", { count: counts.journals }),
    }),
  scenarioFailed: (error: string): Phrase => phrase("NOBC.Cli.Scenario.Failed", { error }),
};
