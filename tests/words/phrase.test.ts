/** The one formatter of the rules' phrases: numbers and plural forms by language, nested phrases, missing keys. */
import { describe, expect, it } from "vitest";
import { formatNumber, langFileWording, lookup, phraseKey, pluralCategory, speak } from "../../src/words/phrase";
import { phrase } from "../../src/rules/resolution";

const en = {
  X: {
    Hits: { one: "{count} hit on {unit}", other: "{count} hits on {unit}" },
    Grade: { veteran: "Veteran" },
    Test: "{unit} ({grade}) needs {score}+",
    Plain: "No data here",
    Ratio: "Odds of {ratio}",
  },
};
const de = {
  X: {
    Hits: { one: "{count} Treffer auf {unit}", other: "{count} Treffer auf {unit}" },
    Grade: { veteran: "Veteranen" },
    Test: "{unit} ({grade}) braucht {score}+",
    Ratio: "Verhältnis {ratio}",
  },
};

describe("speak", () => {
  const words = langFileWording(en);

  it("chooses the plural form by data.count in the reader's language", () => {
    expect(speak(phrase("X.Hits", { count: 1, unit: "3 Pz Div" }), words)).toBe("1 hit on 3 Pz Div");
    expect(speak(phrase("X.Hits", { count: 3, unit: "3 Pz Div" }), words)).toBe("3 hits on 3 Pz Div");
    expect(speak(phrase("X.Hits", { count: 0, unit: "3 Pz Div" }), words)).toBe("0 hits on 3 Pz Div");
    expect(phraseKey(phrase("X.Hits", { count: 1 }), words)).toBe("X.Hits.one");
  });

  it("writes nested phrases first and names as they are", () => {
    const p = phrase("X.Test", { unit: "2/5 Para", grade: phrase("X.Grade.veteran"), score: 4 });
    expect(speak(p, words)).toBe("2/5 Para (Veteran) needs 4+");
    expect(speak(p, langFileWording(de, "de"))).toBe("2/5 Para (Veteranen) braucht 4+");
  });

  it("writes numbers in the reader's locale", () => {
    expect(speak(phrase("X.Ratio", { ratio: 1.5 }), words)).toBe("Odds of 1.5");
    expect(speak(phrase("X.Ratio", { ratio: 1.5 }), langFileWording(de, "de"))).toBe("Verhältnis 1,5");
    expect(formatNumber(12000, "de")).toBe("12.000");
    expect(formatNumber(12000, "en")).toBe("12,000");
    // A negative number takes the minus sign, not the hyphen, as the signed values of a breakdown do.
    expect(formatNumber(-3, "en")).toBe("\u22123");
    expect(formatNumber(-1.5, "de")).toBe("\u22121,5");
  });

  it("localizes a phrase without data, and leaves a missing key as itself", () => {
    expect(speak(phrase("X.Plain"), words)).toBe("No data here");
    expect(speak(phrase("X.Nope"), words)).toBe("X.Nope");
    expect(speak(phrase("X.Nope", { count: 2 }), words)).toBe("X.Nope");
  });

  it("keeps a placeholder the data does not fill, so the gap shows", () => {
    expect(speak(phrase("X.Test", { unit: "A" }), words)).toBe("A ({grade}) needs {score}+");
  });

  it("falls back to English plural rules for a language tag Intl rejects", () => {
    expect(pluralCategory(1, "not a tag!")).toBe("one");
    expect(pluralCategory(2, "en")).toBe("other");
  });
});

describe("plural forms", () => {
  it("are found even where the lookup calls the group itself a key (as a lookup of any node may)", () => {
    const generous = { ...langFileWording(en), has: (key: string) => key === "X.Hits" || langFileWording(en).has(key) };
    expect(speak(phrase("X.Hits", { count: 2, unit: "A" }), generous)).toBe("2 hits on A");
  });

  it("leave a counted phrase whose key is a plain string as it is", () => {
    expect(speak(phrase("X.Ratio", { count: 2, ratio: 3 }), langFileWording(en))).toBe("Odds of 3");
  });
});

describe("lookup", () => {
  it("finds strings only, never a group or an inherited member", () => {
    expect(lookup(en, "X.Grade.veteran")).toBe("Veteran");
    expect(lookup(en, "X.Grade")).toBeUndefined();
    expect(lookup(en, "X.toString")).toBeUndefined();
    expect(lookup(en, "X.Test.length")).toBeUndefined();
  });
});
