/** The Land rules' words: enum labels as phrases, lists as nested phrases, and the plural forms of their lang block. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORT_CARD_CATEGORIES, SUPPORT_CARD_RECORDS, categoryName } from "../../../src/rules/nobc/land/card-categories";
import { listOf, modeName, riverName, roadName, sideName, sizeName, terrainName } from "../../../src/rules/nobc/land/words";
import type { LandTerrain, UnitSize } from "../../../src/rules/nobc/land/types";
import { phrase } from "../../../src/rules/resolution";

const lang = JSON.parse(readFileSync(join(resolve(__dirname, "../../.."), "lang/en.json"), "utf8")) as {
  NOBC: { Rules: { Land: Record<string, unknown> } };
};

describe("enum labels", () => {
  it("name each value by its full lang key", () => {
    expect(sideName("wp")).toEqual(phrase("NOBC.Side.wp"));
    expect(modeName("march")).toEqual(phrase("NOBC.Mode.march"));
    expect(terrainName("woods")).toEqual(phrase("NOBC.Rules.Land.Terrain.woods"));
    expect(riverName("major")).toEqual(phrase("NOBC.Rules.Land.River.major"));
    expect(roadName("autobahn")).toEqual(phrase("NOBC.Rules.Land.Road.autobahn"));
    expect(sizeName("regiment")).toEqual(phrase("NOBC.Rules.Land.Size.regiment"));
  });

  it("a value the type does not know (data from outside) is named as it was given", () => {
    expect(terrainName("swamp" as LandTerrain)).toBe("swamp");
    expect(sizeName("toString" as UnitSize)).toBe("toString");
    expect(categoryName("mystery")).toBe("mystery");
  });

  it("each card category is named by the label the sheets show", () => {
    for (const c of SUPPORT_CARD_CATEGORIES) {
      expect(SUPPORT_CARD_RECORDS[c].label).toBe(`NOBC.CardCategory.${c}`);
      expect(categoryName(c)).toEqual(phrase(`NOBC.CardCategory.${c}`));
    }
  });
});

describe("listOf", () => {
  it("nests the items pairwise, joined by the chosen words", () => {
    expect(listOf([])).toBe("");
    expect(listOf(["a"])).toBe("a");
    expect(listOf(["a", "b", "c"])).toEqual(
      phrase("NOBC.Rules.Land.List.Comma", { first: "a", rest: phrase("NOBC.Rules.Land.List.Comma", { first: "b", rest: "c" }) }),
    );
    expect(listOf([terrainName("rough"), terrainName("woods")], "plus")).toEqual(
      phrase("NOBC.Rules.Land.List.Plus", { first: terrainName("rough"), rest: terrainName("woods") }),
    );
  });
});

describe("the Land rules' lang block", () => {
  const FORMS = ["zero", "one", "two", "few", "many", "other"];
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  function pluralGroups(node: Record<string, unknown>, at: string): [string, Record<string, string>][] {
    return Object.entries(node).flatMap(([k, v]) => {
      if (typeof v !== "object" || v === null) return [];
      const entry = v as Record<string, unknown>;
      if (Object.keys(entry).every((f) => FORMS.includes(f))) return [[`${at}.${k}`, entry as Record<string, string>]];
      return pluralGroups(entry, `${at}.${k}`);
    });
  }

  it("splits by count with `one` and `other`, both forms taking the same data", () => {
    const groups = pluralGroups(lang.NOBC.Rules.Land, "NOBC.Rules.Land");
    expect(groups.length).toBeGreaterThan(10);
    for (const [key, forms] of groups) {
      expect(Object.keys(forms), key).toEqual(["one", "other"]);
      expect(placeholders(forms.one!), key).toEqual(placeholders(forms.other!));
    }
  });
});
