/**
 * src/base/compat.ts, the one module that knows the generation: it runs under both harness modes
 * (NOBC_FOUNDRY=13 and 14, vitest.config.ts), and each test asserts what that generation writes and
 * that the harness, which acts on updates as that generation's Foundry does, carries it out.
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import {
  actionCostMultiplier,
  directoryHeaderActions,
  generation,
  isLegacyRemovalKey,
  plainKey,
  removal,
  removals,
  replacement,
  tokenHudColumn,
  usesOperators,
} from "../../src/base/compat";

beforeEach(() => harness.reset());

describe("the generation", () => {
  it("is game.release.generation, 13 where there is no release to read", () => {
    expect(generation()).toBe(harness.generation);
    expect(usesOperators()).toBe(harness.generation >= 14);
    const g = globalThis as unknown as { game: { release?: unknown } };
    const release = g.game.release;
    try {
      delete g.game.release;
      expect(generation()).toBe(13);
    } finally {
      g.game.release = release;
    }
  });
});

describe("removal and replacement", () => {
  it("spell v13's keys in v13 and v14's operators under the plain path in v14", () => {
    const del = removal("flags.nobc.mapState.mines.0712");
    const rep = replacement("flags.nobc.terrain", { hexes: {} });
    if (harness.generation >= 14) {
      const ops = globalThis as unknown as { _del: unknown };
      expect(del).toEqual({ "flags.nobc.mapState.mines.0712": ops._del });
      expect(Object.keys(rep)).toEqual(["flags.nobc.terrain"]);
      expect(rep["flags.nobc.terrain"]).not.toEqual({ hexes: {} });
    } else {
      expect(del).toEqual({ "flags.nobc.mapState.mines.-=0712": null });
      expect(rep).toEqual({ "flags.nobc.==terrain": { hexes: {} } });
    }
    expect(removal("name")).toEqual(harness.generation >= 14 ? { name: (globalThis as { _del?: unknown })._del } : { "-=name": null });
    expect(Object.keys(removals(["system.a", "system.b"])).map(plainKey)).toEqual(["system.a", "system.b"]);
  });

  it("are carried out by the harness as Foundry does: the key is gone, the object replaced whole, nothing deprecated", async () => {
    const scene = harness.scene!;
    await scene.update({
      "flags.nobc.mapState": { mines: { "0712": { side: "nato" }, "0713": { side: "wp" } } },
      "flags.nobc.terrain": { a: 1, b: 2 },
    });
    await scene.update({ ...removal("flags.nobc.mapState.mines.0712"), ...replacement("flags.nobc.terrain", { c: 3 }) });
    expect(scene.getFlag("nobc", "mapState")).toEqual({ mines: { "0713": { side: "wp" } } });
    expect(scene.getFlag("nobc", "terrain")).toEqual({ c: 3 });
    // Sent as JSON, as an update crosses the socket (v14 rebuilds its operators on the other side).
    const overTheWire = JSON.parse(
      JSON.stringify({ ...removal("flags.nobc.mapState.mines.0713"), ...replacement("flags.nobc.terrain", { d: 4 }) }),
    ) as Record<string, unknown>;
    await scene.update(overTheWire);
    expect(scene.getFlag("nobc", "mapState")).toEqual({ mines: {} });
    expect(scene.getFlag("nobc", "terrain")).toEqual({ d: 4 });
    expect(harness.deprecations).toEqual([]);
  });

  it("names a changed key the same whichever way it was spelled", () => {
    expect(plainKey("flags.nobc.mapState.mines.-=0712")).toBe("flags.nobc.mapState.mines.0712");
    expect(plainKey("==terrain")).toBe("terrain");
    expect(plainKey("system.strength.value")).toBe("system.strength.value");
    expect(isLegacyRemovalKey("flags.nobc.mapState.mines.-=0712")).toBe(true);
    expect(isLegacyRemovalKey("flags.nobc.mapState.mines.0712")).toBe(false);
  });
});

describe("movement actions and markup", () => {
  it("reads v14's cost multiplier, 1 when there is none or it is not a number", () => {
    expect(actionCostMultiplier({ costMultiplier: 2 })).toBe(2);
    expect(actionCostMultiplier({})).toBe(1);
    expect(actionCostMultiplier({ costMultiplier: "2" })).toBe(1);
    expect(actionCostMultiplier({ costMultiplier: -1 })).toBe(1);
  });

  it("finds the HUD column by v13's classes or by its side, and the directory's header actions", () => {
    const at = (hits: Record<string, string>) => ({ querySelector: (s: string) => hits[s] ?? null });
    expect(tokenHudColumn(at({ ".col.right": "v13" }), "right")).toBe("v13");
    expect(tokenHudColumn(at({ '[data-side="right"]': "v14" }), "right")).toBe("v14");
    expect(tokenHudColumn(at({}), "left")).toBeNull();
    expect(directoryHeaderActions(at({ ".header-actions": "header" }))).toBe("header");
  });
});
