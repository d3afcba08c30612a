/**
 * A stand-in for the user's words that shows each lang key with its data instead of a sentence, so
 * tests read which sentence was chosen and what filled it, never English. It knows the keys of
 * lang/en.json (`has`), so a plural entry is written from its form: `NOBC.Effect.hits.other {…}`.
 */
import en from "../../lang/en.json";
import { lookup, type Wording } from "../../src/words/phrase";

export function keyWording(tree: Readonly<Record<string, unknown>> = en): Wording {
  return {
    lang: "en",
    has: (key) => lookup(tree, key) !== undefined,
    localize: (key) => key,
    format: (key, data) => `${key} ${JSON.stringify(data)}`,
  };
}
