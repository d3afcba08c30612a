import "../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import {
  addNewHqs,
  combatantRows,
  createTurnCombat,
  findTurnCombat,
  mayCreateTurnCombat,
  newHqCount,
  viewedScene,
  type ViewedScene,
} from "../../src/combat/create";
import fc from "fast-check";
import { combatFake, FakeCombatDoc } from "./combat-fake";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { game: Raw; canvas: unknown };
const realCanvas = g.canvas;
let corps: FakeActorT;
let army: FakeActorT;
let unit: FakeActorT;

function sceneWith(tokens: { id: string | null; actorId: string | null }[], id: string | null = "scene1"): void {
  g.canvas = { scene: { id, tokens } };
}

beforeEach(() => {
  harness.reset();
  combatFake.reset();
  corps = new harness.Actor({ name: "V (US) Corps", type: "hq", system: { side: "nato" } });
  army = new harness.Actor({ name: "8th Guards Army", type: "hq", system: { side: "wp" } });
  unit = new harness.Actor({ name: "11 ACR", type: "unit", system: {} });
  g.game["actors"] = [corps, unit, army];
  sceneWith([]);
});
afterEach(() => {
  g.canvas = realCanvas;
});

describe("combatantRows (pure)", () => {
  const actors = [
    { id: "hq1", type: "hq" },
    { id: "u1", type: "unit" },
    { id: "hq2", type: "hq" },
    { id: null, type: "hq" },
    { id: "hq1", type: "hq" },
  ];

  it("is one row per HQ actor, each once, with its token and scene when it has a token on the viewed scene", () => {
    const scene = {
      id: "s1",
      tokens: [
        { id: "t9", actorId: "u1" },
        { id: null, actorId: "hq2" },
        { id: "t2", actorId: "hq2" },
      ],
    };
    expect(combatantRows(actors, new Set(), scene)).toEqual([{ actorId: "hq1" }, { actorId: "hq2", tokenId: "t2", sceneId: "s1" }]);
    expect(combatantRows(actors, new Set(), null)).toEqual([{ actorId: "hq1" }, { actorId: "hq2" }]);
  });

  it("gives the rows the token search per HQ gave (issue #35: one pass over the tokens), on random scenes", () => {
    // The reference: the search as it stood, the scene's first token of the HQ with an id.
    const reference = (hqs: readonly { id: string | null; type: string }[], present: ReadonlySet<string>, scene: ViewedScene | null) => {
      const seen = new Set(present);
      return hqs.flatMap((actor) => {
        if (actor.type !== "hq" || actor.id === null || seen.has(actor.id)) return [];
        seen.add(actor.id);
        const token = scene?.tokens.find((t) => t.actorId === actor.id && t.id !== null);
        return [
          scene !== null && token !== undefined ? { actorId: actor.id, tokenId: token.id!, sceneId: scene.id } : { actorId: actor.id },
        ];
      });
    };
    const id = fc.option(fc.constantFrom("a", "b", "c", "d", "e"), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.record({ id, type: fc.constantFrom("hq", "unit") }), { maxLength: 12 }),
        fc.option(
          fc.array(fc.record({ id: fc.option(fc.constantFrom("t1", "t2", "t3", "t4"), { nil: null }), actorId: id }), { maxLength: 12 }),
        ),
        fc.uniqueArray(fc.constantFrom("a", "b", "c")),
        (hqs, tokens, present) => {
          const scene = tokens === null ? null : { id: "s1", tokens };
          expect(combatantRows(hqs, new Set(present), scene)).toEqual(reference(hqs, new Set(present), scene));
        },
      ),
    );
  });

  it("leaves out the HQs already in the combat", () => {
    expect(combatantRows(actors, new Set(["hq1"]), null)).toEqual([{ actorId: "hq2" }]);
    expect(combatantRows(actors, new Set(["hq1", "hq2"]), null)).toEqual([]);
  });

  it("finds the turn tracker among the combats, and decides who may make one", () => {
    expect(findTurnCombat([{ type: "base" }, { type: "nobcTurn", n: 1 }, { type: "nobcTurn", n: 2 }])).toEqual({ type: "nobcTurn", n: 1 });
    expect(findTurnCombat([{ type: "base" }])).toBeUndefined();
    expect(mayCreateTurnCombat(true, undefined)).toBeNull();
    expect(mayCreateTurnCombat(false, undefined)).toBe("NOBC.Turn.Refused.createNotGM");
    expect(mayCreateTurnCombat(true, {})).toBe("NOBC.Turn.Refused.exists");
  });
});

describe("viewedScene", () => {
  it("reads the canvas scene's id and tokens; none without a scene", () => {
    sceneWith([{ id: "t1", actorId: "a" }]);
    expect(viewedScene()).toEqual({ id: "scene1", tokens: [{ id: "t1", actorId: "a" }] });
    g.canvas = { scene: null };
    expect(viewedScene()).toBeNull();
    sceneWith([], null);
    expect(viewedScene()).toBeNull();
    g.canvas = { scene: { id: "s2" } };
    expect(viewedScene()).toEqual({ id: "s2", tokens: [] });
  });
});

describe("createTurnCombat", () => {
  it("makes one nobcTurn Combat, active and tied to no scene, and adds every HQ in one batch", async () => {
    sceneWith([{ id: "tok1", actorId: army.id }]);
    const result = await createTurnCombat();
    expect(result).toMatchObject({ ok: true, added: 2 });
    expect(FakeCombatDoc.created).toEqual([{ type: "nobcTurn", active: true }]);
    const [combat] = combatFake.combats;
    expect(combat!.embedCalls).toEqual([
      { name: "Combatant", rows: [{ actorId: corps.id }, { actorId: army.id, tokenId: "tok1", sceneId: "scene1" }] },
    ]);
    expect(harness.notices).toEqual([]);
  });

  it("makes the tracker with no combatant call when the world has no HQ yet", async () => {
    g.game["actors"] = [unit];
    expect(await createTurnCombat()).toMatchObject({ ok: true, added: 0 });
    expect(combatFake.combats[0]!.embedCalls).toEqual([]);
  });

  it("refuses clearly when a turn tracker exists, and makes nothing", async () => {
    await createTurnCombat();
    const again = await createTurnCombat();
    expect(again).toEqual({ ok: false, reason: "NOBC.Turn.Refused.exists" });
    expect(FakeCombatDoc.created).toHaveLength(1);
    expect(harness.notices).toEqual([expect.objectContaining({ level: "warn", message: "NOBC.Turn.Refused.exists" })]);
  });

  it("refuses a player, and says so when Foundry makes no Combat", async () => {
    harness.game["user"] = { id: "p1", isGM: false };
    expect(await createTurnCombat()).toEqual({ ok: false, reason: "NOBC.Turn.Refused.createNotGM" });
    expect(FakeCombatDoc.created).toEqual([]);
    harness.game["user"] = { id: "gm", isGM: true };
    FakeCombatDoc.cancel = true;
    expect(await createTurnCombat()).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notCreated" });
  });
});

describe("addNewHqs", () => {
  it("adds only the HQs created since, in one batch, and never twice", async () => {
    await createTurnCombat();
    const combat = combatFake.combats[0]!;
    const late = new harness.Actor({ name: "III (GE) Corps", type: "hq", system: { side: "nato" } });
    const later = new harness.Actor({ name: "1st Guards Tank Army", type: "hq", system: { side: "wp" } });
    g.game["actors"] = [corps, unit, army, late, later];
    expect(newHqCount(combat)).toBe(2);
    expect(await addNewHqs(combat)).toMatchObject({ ok: true, added: 2 });
    expect(combat.embedCalls.at(-1)).toEqual({ name: "Combatant", rows: [{ actorId: late.id }, { actorId: later.id }] });
    expect(newHqCount(combat)).toBe(0);
    const calls = combat.embedCalls.length;
    expect(await addNewHqs(combat)).toMatchObject({ ok: true, added: 0 });
    expect(combat.embedCalls).toHaveLength(calls);
    expect(harness.notices).toEqual([expect.objectContaining({ level: "info", message: "NOBC.Turn.NoNewHqs" })]);
  });

  it("refuses a player and a combat that is not the turn tracker", async () => {
    const other = new FakeCombatDoc({ type: "base" });
    expect(await addNewHqs(other)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.notTurn" });
    harness.game["user"] = { id: "p1", isGM: false };
    const turnCombat = new FakeCombatDoc({ type: "nobcTurn" });
    expect(await addNewHqs(turnCombat)).toEqual({ ok: false, reason: "NOBC.Turn.Refused.createNotGM" });
    expect(other.embedCalls.length + turnCombat.embedCalls.length).toBe(0);
  });
});
