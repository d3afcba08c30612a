/** The toolkit window's groups and search (src/apps/toolkit/state.ts). */
import { describe, expect, it } from "vitest";
import { toolkitContext } from "../../src/apps/toolkit/state";
import { toolkitController } from "../../src/apps/toolkit/controller";
import type { DialogEntry } from "../../src/apps/base/registry";
import type { Translator } from "../../src/base/foundry";

const words: Record<string, string> = {
  "L.mine": "Minefield attack",
  "H.mine": "A unit enters a minefield",
  "L.clear": "Mine clearing",
  "H.clear": "Engineers clear a lane",
  "L.fire": "Firefight",
  "H.fire": "Two units exchange fire (Überschlag)",
};
const i18n = { localize: (k: string) => words[k] ?? k, format: (k: string) => k } as unknown as Translator;
const entry = (id: string, toolkit: "nqm" | "missions", key: string): DialogEntry => ({
  id,
  load: () => Promise.reject(new Error("not loaded")),
  toolkit: { toolkit, label: `L.${key}`, hint: `H.${key}`, icon: "x" },
});
const ENTRIES = [entry("nqm.fire", "nqm", "fire"), entry("ty.mine", "missions", "mine"), entry("ty.clear", "missions", "clear")];
const all = { usable: ENTRIES.map((e) => e.id), query: "" };

describe("the toolkit window", () => {
  it("folds each toolkit under its heading with its count", () => {
    const view = toolkitContext(ENTRIES, all, i18n);
    expect(view.groups.map((g) => [g.toolkit, g.count, g.open])).toEqual([
      ["nqm", 1, false],
      ["missions", 2, false],
    ]);
    expect(view.noMatch).toBe(false);
  });

  it("a search keeps the procedures whose name or line holds every word, and opens their groups", () => {
    const view = toolkitContext(ENTRIES, { ...all, query: "  mine " }, i18n);
    expect(view.query).toBe("mine");
    expect(view.groups.map((g) => [g.toolkit, g.open, g.procedures.map((p) => p.id)])).toEqual([
      ["missions", true, ["ty.mine", "ty.clear"]],
    ]);
    expect(toolkitContext(ENTRIES, { ...all, query: "MINE lane" }, i18n).groups[0]!.procedures.map((p) => p.id)).toEqual(["ty.clear"]);
  });

  it("ignores case and accents, and says when nothing matches", () => {
    expect(toolkitContext(ENTRIES, { ...all, query: "uberschlag" }, i18n).groups.map((g) => g.toolkit)).toEqual(["nqm"]);
    const none = toolkitContext(ENTRIES, { ...all, query: "bridge" }, i18n);
    expect([none.groups, none.noMatch]).toEqual([[], true]);
  });

  it("one toolkit alone is open; a procedure the user may not open is not listed or counted", () => {
    const view = toolkitContext(ENTRIES, { usable: ["ty.mine"], query: "" }, i18n);
    expect(view.groups.map((g) => [g.toolkit, g.count, g.open])).toEqual([["missions", 1, true]]);
  });

  it("the form's search is kept, bounded, as text", async () => {
    const world = { isGM: true, entries: ENTRIES };
    expect(await toolkitController.change(all, { query: "mine" }, world)).toEqual({ ...all, query: "mine" });
    expect((await toolkitController.change(all, { query: "x".repeat(500) }, world)).query).toHaveLength(100);
    expect((await toolkitController.change(all, { query: { a: 1 } }, world)).query).toBe("");
  });
});
