/**
 * `game.nobc.rules` (src/rules/api.ts): the turn, dice and results at once, the Land and Air War
 * namespaces and the toolkits once `load()` has resolved, under the same names as src/rules/index.ts
 * (the public API, see README).
 */
import { describe, expect, it } from "vitest";
import * as index from "../../src/rules/index";
import { loadToolkits, rulesApi, TOOLKIT_NAMES } from "../../src/rules/api";

describe("the rules namespace of game.nobc", () => {
  it("holds the turn and dice at once and says to await load() before the rest is read", () => {
    const rules = rulesApi();
    expect(() => rules.land).toThrow("rules.land is not loaded yet: await rules.load() first");
    expect(() => rules.air).toThrow(/air is not loaded yet/);
    expect(rules.turn).toBe(index.turn);
    expect(rules.seededDice).toBe(index.seededDice);
    expect(rules.loaded).toBe(false);
    expect(() => rules.nqm).toThrow("rules.nqm is not loaded yet: await rules.load() first");
    expect(() => rules.missions.randomMission(1)).toThrow(/missions is not loaded yet/);
  });

  it("gives the toolkits once loaded, the same modules as the rules index, loaded once", async () => {
    const rules = rulesApi();
    const first = rules.load();
    expect(loadToolkits()).toBe(first);
    const toolkits = await first;
    expect(rules.loaded).toBe(true);
    for (const name of TOOLKIT_NAMES) {
      expect(toolkits[name]).toBe(index[name]);
      expect(rules[name]).toBe(index[name]);
    }
    expect(rules.missions.randomMission(1)).toBe(index.missions.randomMission(1));
  });

  it("has every name of the rules index", () => {
    expect(Object.keys(rulesApi()).sort()).toEqual([...Object.keys(index), "load", "loaded"].sort());
  });
});
