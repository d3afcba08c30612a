/**
 * Issue #20, writes: how many database calls one action makes, per document class, counted on the
 * Foundry stand-in's `calls` (Actor, Item, ActiveEffect, Scene, Token). Each card is posted and applied as the GM
 * applies it (`requestCardAction`, the one write path), then undone: Undo makes as few calls and puts
 * every value back.
 *
 * A database operation of Foundry v13 has one parent (docs/decisions/status-icons.md): embedded
 * Items are written with one call per holding actor, never more, and an actor whose documents do not
 * change gets none. No action writes an ActiveEffect: the black chip and the mode are drawn on the
 * unit's counter from its data.
 */
import "../harness/install";
// Before the chat stand-in, which adds its template loader to whichever renderer is there (the retreat's world uses this one).
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type CallRecord, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import { turnSnapshot } from "../../src/combat/snapshot";
import { land, turn, unwrap } from "../../src/rules/index";
import { scriptedDice } from "../../src/rules/dice";
import type { LandUnit } from "../../src/rules/nobc/land/types";
import { cardSystem as baseCardSystem, hqSystem as baseHqSystem, unitSystem as baseUnitSystem } from "../apps/ground-combat/fixture";
import { registerRequests } from "../harness/requests";
import { boardMap, buildBoardWorld } from "../turn/board-world";
import { RETREAT } from "../../src/apps/land/dialogs";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { forgetTerrain } from "../../src/world/read";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import type { Effect } from "../../src/rules/effects";

type Raw = Record<string, unknown>;

/**
 * The shared fixture builders (tests/apps/ground-combat/fixture.ts) with this file's defaults:
 * full-strength units, HQs without supply counters, engineer cards.
 */
const unitSystem = (side: "nato" | "wp", extra: Raw = {}): Raw => baseUnitSystem(side, { strength: { value: 6, max: 6 }, ...extra });
const hqSystem = (side: "nato" | "wp"): Raw => baseHqSystem(side, { supplyCounters: 0 });
const cardSystem = (assignedTo: string | null): Raw => ({
  ...baseCardSystem("nato", "engineer", 1, assignedTo),
  modifier: 0,
  afterUse: "discard",
});

function unit(id: string, side: "nato" | "wp", extra: Raw = {}): FakeActorT {
  return new harness.Actor({ id, name: id, type: "unit", system: unitSystem(side, extra) });
}

/** The calls made since `since`, per document class and method (a class with none is left out). */
function callsSince(since: Record<string, number>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  const classes: Record<string, CallRecord[]> = {
    Actor: harness.Actor.calls,
    Item: harness.Item.calls,
    ActiveEffect: harness.ActiveEffect.calls,
    Scene: harness.Scene.calls,
    Token: harness.Token.calls,
  };
  for (const [name, calls] of Object.entries(classes)) {
    for (const call of calls.slice(since[name] ?? 0)) {
      const per = (out[name] ??= {});
      per[call.method] = (per[call.method] ?? 0) + 1;
    }
  }
  return out;
}

const mark = (): Record<string, number> => ({
  Actor: harness.Actor.calls.length,
  Item: harness.Item.calls.length,
  ActiveEffect: harness.ActiveEffect.calls.length,
  Scene: harness.Scene.calls.length,
  Token: harness.Token.calls.length,
});

/** Lets whatever the action's hooks started finish, so a write they made would be counted. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

/** Posts a card and applies it as the GM; the calls the Apply made. */
async function applyCard(post: () => Promise<unknown>): Promise<{ id: string; calls: Record<string, Record<string, number>> }> {
  const { id } = (await post()) as { id: string };
  const before = mark();
  expect(await requestCardAction("apply", id)).toEqual({ ok: true });
  await settle();
  return { id, calls: callsSince(before) };
}

async function undoCard(id: string): Promise<Record<string, Record<string, number>>> {
  const before = mark();
  expect(await requestCardAction("undo", id)).toEqual({ ok: true });
  await settle();
  return callsSince(before);
}

/** Every actor's data, its items' and its statuses (none, ever), to compare before and after (not the write stamps). */
function world(actors: readonly FakeActorT[]): unknown {
  return actors.map((a) => ({
    system: structuredClone(a.system),
    items: a.items.map((i) => ({ id: i.id, name: i.name, system: structuredClone(i.system) })),
    statuses: [...a.statuses].sort(),
  }));
}

beforeEach(async () => {
  harness.reset();
  chatFake.reset();
  registerChat();
  await settle();
});

describe("write counts per action", () => {
  it("an Orders card with 10 mode switches: one Actor call and no ActiveEffect call (the mode is on the counter, not an icon)", async () => {
    // Five units in Combat Mode go to March, five in March go to Combat (1 SP each).
    const units = [
      ...[0, 1, 2, 3, 4].map((i) => unit(`combat${i}`, "nato", { mode: "combat" })),
      ...[0, 1, 2, 3, 4].map((i) => unit(`march${i}`, "nato", { mode: "march" })),
    ];
    // A unit whose order keeps its mode: its supply is paid.
    const keeper = unit("keeper", "nato", { mode: "combat" });
    const all = [...units, keeper];
    const before = world(all);
    const landUnit = (a: FakeActorT): LandUnit => ({
      id: a.uuid,
      side: "nato",
      name: a.name,
      size: "brigade",
      arm: "armour",
      strength: 6,
      mode: a.system["mode"] as LandUnit["mode"],
      supply: 2,
      hex: "0101",
      nationality: "frg",
    });
    const orders = [
      ...units.map((a) => ({ unit: landUnit(a), mode: a.system["mode"] === "combat" ? ("march" as const) : ("combat" as const) })),
      { unit: landUnit(keeper), mode: "combat" as const },
    ];
    const resolution = unwrap(land.resolveOrders({ orders }));
    expect(resolution.effects.filter((e) => e.type === "mode")).toHaveLength(10);

    const { id, calls } = await applyCard(() => postResolution({ title: "Orders", resolution }));
    // Before the counters: 10 ActiveEffect updates, one mode icon swapped per unit (20 calls before that). Now the Actor call alone.
    expect(calls).toEqual({ Actor: { updateDocuments: 1 } });
    expect(units.map((a) => a.system["mode"])).toEqual([...Array(5).fill("march"), ...Array(5).fill("combat")]);
    expect(units.every((a) => a.statuses.size === 0)).toBe(true);
    expect(keeper.system["supply"]).toBe(1);

    expect(await undoCard(id)).toEqual({ Actor: { updateDocuments: 1 } });
    expect(world(all)).toEqual(before);
  });

  it("a ground combat with a retreat and hits: one Actor call and no ActiveEffect call (the black chip is on the counter)", async () => {
    const attackers = [unit("a1", "wp"), unit("a2", "wp")];
    const defenders = [unit("d1", "nato", { strength: { value: 2, max: 6 } }), unit("d2", "nato", { strength: { value: 2, max: 6 } })];
    const all = [...attackers, ...defenders];
    const before = world(all);
    const landUnit = (a: FakeActorT, side: "nato" | "wp", hex: string): LandUnit => ({
      id: a.uuid,
      side,
      name: a.name,
      size: "brigade",
      arm: "armour",
      strength: (a.system["strength"] as { value: number }).value,
      mode: "combat",
      supply: 2,
      hex,
      nationality: side === "nato" ? "frg" : "su",
    });
    const input = {
      attackerSide: "wp",
      target: "T",
      terrain: [],
      minefield: false,
      units: [landUnit(attackers[0]!, "wp", "A1"), landUnit(attackers[1]!, "wp", "A2"), ...defenders.map((d) => landUnit(d, "nato", "T"))],
      adjacency: { T: ["A1", "A2"], A1: ["A2"] },
      attackers: attackers.map((a) => a.uuid),
    } as const;
    const plan = unwrap(land.planGroundCombat(input));
    const resolution = unwrap(land.groundCombat(input, scriptedDice([6])));
    expect(resolution.effects.filter((e) => e.type === "retreat")).toHaveLength(2);
    expect(resolution.effects.filter((e) => e.type === "hits").length).toBeGreaterThan(0);

    const { id, calls } = await applyCard(() =>
      postResolution({ title: "Ground combat", resolution, groundCombat: { plan, outcome: resolution.outcome } }),
    );
    // The hits and the no-move chips in one Actor call. Before: one ActiveEffect create per retreating unit besides.
    expect(calls).toEqual({ Actor: { updateDocuments: 1 } });
    expect(defenders.map((d) => d.system["noMove"])).toEqual([true, true]);
    expect(all.every((a) => a.effects.length === 0)).toBe(true);

    expect(await undoCard(id)).toEqual({ Actor: { updateDocuments: 1 } });
    expect(world(all)).toEqual(before);
  });

  it("the new-turn card with four HQs holding assigned cards and two chips: one Actor call, one Item call per HQ, no ActiveEffect call", async () => {
    const hqs = [0, 1, 2, 3].map((i) => new harness.Actor({ id: `hq${i}`, name: `HQ ${i}`, type: "hq", system: hqSystem("nato") }));
    const chipped = [unit("c1", "nato", { noMove: true }), unit("c2", "nato", { noMove: true })];
    const free = unit("f1", "nato");
    for (const [i, hq] of hqs.entries()) {
      hq.addItem({ name: `Card ${i}a`, type: "supportCard", system: cardSystem(free.uuid) });
      hq.addItem({ name: `Card ${i}b`, type: "supportCard", system: cardSystem(chipped[0]!.uuid) });
      // A card held but not assigned: nothing to write for it.
      hq.addItem({ name: `Card ${i}c`, type: "supportCard", system: cardSystem(null) });
    }
    // An HQ whose cards are all free: no call for it.
    const idle = new harness.Actor({ id: "hqIdle", name: "HQ idle", type: "hq", system: hqSystem("nato") });
    idle.addItem({ name: "Spare", type: "supportCard", system: cardSystem(null) });
    const all = [...hqs, idle, ...chipped, free];
    const before = world(all);
    const airAllocation = turn.STAGES[turn.stageIndex("airAllocation")]!;
    const resolution = turn.stageEntryEffects(airAllocation, turnSnapshot(all as never, []));
    expect(resolution.effects).toHaveLength(8 + 2);

    const { id, calls } = await applyCard(() => postResolution({ title: "New turn", resolution }));
    // Before: one ActiveEffect delete per chipped unit besides.
    expect(calls).toEqual({ Actor: { updateDocuments: 1 }, Item: { updateDocuments: 4 } });
    // One Item call per holding HQ (one parent per database operation), each carrying both its cards.
    const itemCalls = harness.Item.calls.slice(-4);
    expect(itemCalls.map((c) => (c.operation as { parent: unknown }).parent)).toEqual(hqs);
    expect(itemCalls.map((c) => (c.data as unknown[]).length)).toEqual([2, 2, 2, 2]);
    expect(chipped.map((u) => u.system["noMove"])).toEqual([false, false]);

    expect(await undoCard(id)).toEqual({ Actor: { updateDocuments: 1 }, Item: { updateDocuments: 4 } });
    expect(chipped.map((u) => u.system["noMove"])).toEqual([true, true]);
    expect(world(all)).toEqual(before);
  });

  it("writes nothing for a card whose values are already in place", async () => {
    const u = unit("u", "nato", { mode: "march", noMove: true });
    const { calls } = await applyCard(() =>
      postResolution({
        title: "Nothing",
        resolution: {
          breakdown: [],
          rolls: [],
          outcome: "",
          effects: [
            { type: "mode", actor: u.uuid, mode: "march" },
            { type: "noMove", actor: u.uuid },
          ],
        },
      }),
    );
    expect(calls).toEqual({});
  });

  it("a retreat carried out (the retreat card): one Actor call and one Token call on Apply and on Undo", async () => {
    // The board game's world (tests/turn/board-world.ts) on a viewed scene with its terrain.
    forgetTerrain();
    harness.viewScene();
    registerRequests([RETREAT]);
    const board = buildBoardWorld();
    harness.setSceneFlag("terrain", boardMap());
    const n34 = board.get("n34")!;
    const n36 = board.get("n36")!;
    // A combat's card: both brigades retreat, with the black chip (so the retreat card sets none).
    const combatEffects: Effect[] = [
      { type: "retreat", actor: n34.uuid, hexes: 2 },
      { type: "noMove", actor: n34.uuid },
      { type: "retreat", actor: n36.uuid, hexes: 3 },
      { type: "noMove", actor: n36.uuid },
    ];
    const { id: source } = await applyCard(() =>
      postResolution({ title: "Ground combat", resolution: { breakdown: [], rolls: [], outcome: {}, effects: combatEffects } }),
    );
    const tokenOf = (a: FakeActorT) => harness.scene!.tokens.find((t) => t.actorId === a.id)!;
    const where = () => [n34, n36].map((a) => ({ x: tokenOf(a).x, y: tokenOf(a).y }));
    const before = { world: world([n34, n36]), tokens: where() };
    // The GM answers for the owner, and the answer is posted and applied at once (docs/authority.md):
    // 34 PzBrig two hexes back; 36 PzBrig can go only two of its three
    // (the map's edge behind it, 2 MRR beside it): 2 hits for the hex short (seed 000, Land War QRS: Combat Results Table, retreat note).
    const applied = mark();
    const asked = await requestResolution(RETREAT.id, {
      source,
      units: [
        { actor: n34.uuid, path: ["0102", "0103"] },
        { actor: n36.uuid, path: ["0103", "0104"] },
      ],
    });
    expect(asked.ok).toBe(true);
    const card = [...chatFake.messages.values()].at(-1) as unknown as { id: string; system: { effects: Effect[] } };
    expect(card.system.effects).toEqual([
      { type: "moved", actor: n34.uuid, from: "0201", path: ["0102", "0103"] },
      { type: "moved", actor: n36.uuid, from: "0202", path: ["0103", "0104"] },
      { type: "hits", actor: n36.uuid, amount: 2 },
    ]);

    await settle();
    // The hits in one Actor call; both tokens moved in one Token call (one scene).
    expect(callsSince(applied)).toEqual({ Actor: { updateDocuments: 1 }, Token: { updateDocuments: 1 } });
    expect((card.system as unknown as { state: string }).state).toBe("applied");
    const centre = (hex: string) => harness.canvasPoint(hexCentre(offsetOf(hex), 100));
    expect(where()).toEqual(
      ["0103", "0104"].map((hex) => ({ x: Math.round(centre(hex).x - 100 / Math.sqrt(3)), y: Math.round(centre(hex).y - 50) })),
    );
    expect((n36.system["strength"] as { value: number }).value).toBe(2);

    expect(await undoCard(card.id)).toEqual({ Actor: { updateDocuments: 1 }, Token: { updateDocuments: 1 } });
    expect({ world: world([n34, n36]), tokens: where() }).toEqual(before);
    clearDialogRegistry();
  });
});
