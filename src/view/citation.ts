/**
 * A rule citation as the reader sees it. The rules cite the seeds by our numbers ("seed 000 (NOBC),
 * Land War QRS: …") and our own readings by the file that records them (docs/rules-decisions.md); a
 * player reads the documents by their names ("NOBC Land War QRS: …", "nobc rulings"), never the
 * repository's words for them. The section after the seed is the document's own (English) title.
 */
import type { Wording } from "../words/phrase";

const RULINGS_FILE = "docs/rules-decisions.md";

/** Our seed numbers, as src/rules/resolution.ts `SEEDS` writes them, to the lang keys naming each document alone and citing it. */
const SEED_KEYS: Readonly<Record<string, { readonly name: string; readonly cited: string }>> = {
  "000": { name: "NOBC.Source.Seed.nobc", cited: "NOBC.Source.Cited.nobc" },
  "001": { name: "NOBC.Source.Seed.nqmOld", cited: "NOBC.Source.Cited.nqmOld" },
  "002": { name: "NOBC.Source.Seed.missions", cited: "NOBC.Source.Cited.missions" },
  "003": { name: "NOBC.Source.Seed.playsheet", cited: "NOBC.Source.Cited.playsheet" },
  "004": { name: "NOBC.Source.Seed.nqm", cited: "NOBC.Source.Cited.nqm" },
};

/** "seed 000 (NOBC)", and the section cited after it (up to the next citation, after a "; "). */
const SEED_CITATION = /seed (\d{3}) \([^)]*\)(?:, ([^;]*))?/g;

export function shownCitation(source: string, words: Wording): string {
  const named = source.replace(SEED_CITATION, (whole, seed: string, section: string | undefined) => {
    const keys = SEED_KEYS[seed];
    if (keys === undefined) return whole;
    return section === undefined ? words.localize(keys.name) : words.format(keys.cited, { section });
  });
  return named.includes(RULINGS_FILE) ? named.split(RULINGS_FILE).join(words.localize("NOBC.Source.Rulings")) : named;
}
