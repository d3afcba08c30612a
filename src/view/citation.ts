/**
 * A rule citation as the reader sees it. The rules cite the seeds ("seed 000 (NOBC), Land War QRS: …")
 * and our own readings by the file that records them (docs/rules-decisions.md); a player reads the
 * readings named for what they are, not by their path in the repository.
 */
import type { Wording } from "../words/phrase";

const RULINGS_FILE = "docs/rules-decisions.md";

export function shownCitation(source: string, words: Wording): string {
  return source.includes(RULINGS_FILE) ? source.split(RULINGS_FILE).join(words.localize("NOBC.Source.Rulings")) : source;
}
