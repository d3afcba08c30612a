/** The data models' bounds and the card limits say what is wrong in the reader's language, from the lang files. */
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json";
import de from "../../lang/de.json";
import { boundsProblem } from "../../src/data/fields";
import { cardBoundsProblem } from "../../src/data/card-limits";
import { langFileWording, speak } from "../../src/words/phrase";

describe("boundsProblem: the first bound a value breaks", () => {
  it("names the broken bound, and nothing for a value within them or a non-number", () => {
    const halves = { min: 0, step: 0.5 };
    expect(boundsProblem(2.5, { integer: true, min: 0 })).toEqual({ key: "NOBC.Validation.Bounds.Integer" });
    expect(boundsProblem(-1, { integer: true, min: 0 })).toEqual({ key: "NOBC.Validation.Bounds.AtLeast", data: { min: 0 } });
    expect(boundsProblem(7, { integer: true, min: 0, max: 6 })).toEqual({ key: "NOBC.Validation.Bounds.AtMost", data: { max: 6 } });
    expect(boundsProblem(1.3, halves)).toEqual({ key: "NOBC.Validation.Bounds.Step", data: { min: 0, step: 0.5 } });
    expect(boundsProblem(1.5, halves)).toBeNull();
    expect(boundsProblem("1", halves)).toBeNull();
  });

  it("is written in English and German", () => {
    const problem = boundsProblem(-1, { integer: true, min: 0 })!;
    expect(speak(problem, langFileWording(en))).toBe("must be at least 0");
    expect(speak(problem, langFileWording(de, "de"))).toBe("muss mindestens 0 sein");
    const step = boundsProblem(1.3, { min: 0, step: 0.5 })!;
    expect(speak(step, langFileWording(de, "de"))).toBe("muss 0 plus ein Vielfaches von 0,5 sein");
  });
});

describe("cardBoundsProblem: a card's data out of its limits", () => {
  it("names the field and its limit in words", () => {
    const words = langFileWording(en);
    expect(speak(cardBoundsProblem({ holds: ["a", ""] })!, words)).toBe("holds.1: not a subject of 1 to 512 characters");
    expect(speak(cardBoundsProblem({ effects: [{ type: "x" }, {}] })!, words)).toBe("effects.1: has no type");
    expect(speak(cardBoundsProblem({ once: "k".repeat(513) })!, langFileWording(de, "de"))).toBe("once: länger als 512 Zeichen");
    expect(cardBoundsProblem({ once: "k", holds: ["a"] })).toBeNull();
  });
});
