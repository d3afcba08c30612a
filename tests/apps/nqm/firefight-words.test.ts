/**
 * A firefight's result in the lang files' own words (issue #36, finding 7): the verb agrees with the
 * attacking units named ("A Coy wins", "A Coy, B Coy win"), and a hit is a hit, not "1 hits".
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { outcomePhrase } from "../../../src/apps/nqm/firefight/state";
import { langFileWording, speak, type LangTree } from "../../../src/words/phrase";

const en = langFileWording(JSON.parse(readFileSync("lang/en.json", "utf8")) as LangTree);
const de = langFileWording(JSON.parse(readFileSync("lang/de.json", "utf8")) as LangTree, "de");

type Input = Parameters<typeof outcomePhrase>[0];
type Outcome = Parameters<typeof outcomePhrase>[1];

/** A side of `units` units: one stand each is all the phrase reads. */
const side = (name: string, units: number) => ({ name, stands: Array.from({ length: units }, () => ({})), fire: [] });
const input = (attackers: number): Input =>
  ({ attacker: side(attackers === 1 ? "A Coy" : "A Coy, B Coy", attackers), defender: side("1 MR Coy", 1) }) as unknown as Input;
const outcome = (scored: number, taken: number): Outcome =>
  ({ attackerScored: scored, defenderScored: taken, won: scored > taken, mustReinforce: scored < taken }) as Outcome;

describe("a firefight's result in words", () => {
  it("agrees the verb with the attackers and the noun with the hits, in English", () => {
    expect(speak(outcomePhrase(input(1), outcome(1, 0)), en)).toBe("A Coy wins the firefight, 1 hit to 0.");
    expect(speak(outcomePhrase(input(2), outcome(3, 1)), en)).toBe("A Coy, B Coy win the firefight, 3 hits to 1.");
    expect(speak(outcomePhrase(input(2), outcome(1, 2)), en)).toBe(
      "A Coy, B Coy lose the firefight, 1 hit to 2: fresh reserves are needed before they press on.",
    );
    expect(speak(outcomePhrase(input(1), outcome(2, 2)), en)).toBe("Neither side wins the firefight, 2 hits to 2.");
  });

  it("and in German", () => {
    expect(speak(outcomePhrase(input(1), outcome(1, 0)), de)).toBe("A Coy gewinnt das Feuergefecht, 1 zu 0 Treffern.");
    expect(speak(outcomePhrase(input(2), outcome(1, 2)), de)).toBe(
      "A Coy, B Coy verlieren das Feuergefecht, 1 zu 2 Treffern: Vor dem weiteren Vorgehen braucht es frische Reserven.",
    );
  });
});
