import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { describeEffect } from "../../src/view/breakdown";
import { langFileWording, speak } from "../../src/words/phrase";
import type { Effect } from "../../src/rules/effects";

type Lang = Record<string, unknown>;
const lang = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as Lang;
const text = (key: string): unknown => key.split(".").reduce<unknown>((o, k) => (o as Lang | undefined)?.[k], lang);
const names: Record<string, string> = { "Actor.sq": "36 TFW F-16", "Actor.ab": "Bitburg" };
const nameOf = (ref: string) => names[ref] ?? ref;

describe("describeEffect: the allocation's air effects", () => {
  const cases: [Effect, string, string][] = [
    [
      { type: "weaponAttached", squadron: "Actor.sq", kind: "cas", weapon: "Maverick" },
      "NOBC.Effect.weaponAttached",
      "36 TFW F-16 carries Maverick on this mission.",
    ],
    [
      { type: "squadronZone", squadron: "Actor.sq", airZone: "south" },
      "NOBC.Effect.squadronZone",
      "36 TFW F-16 transfers to air zone south.",
    ],
    [
      { type: "squadronAirbase", squadron: "Actor.sq", airbase: "Actor.ab" },
      "NOBC.Effect.squadronAirbase",
      "36 TFW F-16 is based at Bitburg.",
    ],
    [{ type: "squadronAirbase", squadron: "Actor.sq", airbase: null }, "NOBC.Effect.squadronUnbased", "36 TFW F-16 leaves its airbase."],
  ];
  it.each(cases)("%o reads as a sentence of its own", (effect, key, sentence) => {
    const line = describeEffect(effect, nameOf);
    expect(line.key).toBe(key);
    expect(typeof text(key)).toBe("string");
    expect(speak(line, langFileWording(lang))).toBe(sentence);
  });
});
