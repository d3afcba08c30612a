/**
 * Issue #31 item 6, "Done when": a timetable arrival and a withdrawal happen at their turns in the
 * scripted game, with Undo. The board game's world (tests/turn/board-world.ts) with a reinforcement
 * brigade that has no token yet, a card in the world's deck, and a timetable on the viewed scene:
 * turn 1 Movement, 7 PzBrig arrives in the western entry area in March Mode and I Corps is dealt the
 * deck's card (and an event is read); turn 2 Orders, 3 MRR withdraws. The GM steps the tracker with
 * Next stage; entering each of those stages posts the timetable's card (outcome first), Control
 * applies it (one write call per document class) and undoes it (everything as it was, exactly). The
 * tracker's "what comes next" follows the turn.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { combatFake, type FakeCombatDoc } from "../combat/combat-fake";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeSceneT } from "../harness/foundry";
import { advanceTurn } from "../../src/combat/advance";
import "../../src/nobc";
import type { NobcApi } from "../../src/nobc";
import { turn } from "../../src/rules/index";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { readBattlefield } from "../../src/world/read";
import { timetablePartView } from "../../src/combat/timetable-entry";
import type { TimetableInput } from "../../src/schemas/timetable";
import { buildBoardWorld } from "./board-world";
import { unitSystem } from "../apps/ground-combat/fixture";
import { card } from "./world";
import {
  cards,
  effectsOf,
  expectCards,
  expectWrites,
  expectedStates,
  messages,
  posted,
  startGame,
  type Message,
  type Writes,
} from "./script";

vi.mock("../../src/sheets/register", () => ({ registerSheets: vi.fn() }));

type Raw = Record<string, unknown>;
let nobc: NobcApi;
let actors: Map<string, FakeActorT>;
let scene: FakeSceneT;
let combat: FakeCombatDoc;

const TIMETABLE: TimetableInput = {
  format: "nobc-timetable/1",
  areas: { "west-edge": ["0101", "0104"] },
  entries: [
    { turn: 1, stage: "movement", kind: "arrive", actor: "Actor.n07", area: "west-edge", mode: "march" },
    { turn: 1, stage: "movement", kind: "deal", hq: "Actor.icorps", cards: ["Item.deckeng"] },
    { turn: 1, stage: "movement", kind: "event", title: "The Aller bridges", text: "Reinforcements cross at Celle." },
    { turn: 2, stage: "orders", kind: "withdraw", actor: "Actor.w3" },
    { turn: 3, kind: "event", title: "Ceasefire talks" },
  ],
};

/** Everything this test asserts, read from the documents: every actor's system and cards, every token's whole source. */
interface World {
  actors: Record<string, { system: Raw; items: Record<string, Raw> }>;
  tokens: Record<string, Raw>;
}
function world(): World {
  return {
    actors: Object.fromEntries(
      [...actors].map(([key, a]) => [
        key,
        { system: structuredClone(a.system), items: Object.fromEntries(a.items.map((i) => [i.id, structuredClone(i.toObject())])) },
      ]),
    ),
    // Every field of each token but `_stats`, which the database rewrites on every save.
    tokens: Object.fromEntries(scene.tokens.map((t) => [t.id, { ...structuredClone(t.toObject()), _stats: undefined }])),
  };
}

/** Where a token centred on `hex` has its top-left corner (scene padding included), in whole pixels. */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

/** The GM's Next stage until `stageId` of `turnNumber`; returns the timetable cards posted on the way. */
async function advanceTo(stageId: turn.StageId, turnNumber: number): Promise<Message[]> {
  const before = messages().length;
  const target = turnNumber * turn.STAGES.length + turn.stageIndex(stageId);
  while ((combat.system["turn"] as number) * turn.STAGES.length + (combat.system["stage"] as number) < target) {
    expect((await advanceTurn(combat, { planningMinutes: 15, now: 1_000 })).ok).toBe(true);
  }
  const fresh = messages().slice(before);
  // Name every card posted on the way; the other stages' own cards are not this test's.
  posted(...fresh.map((_m, i) => `${turnNumber}.${stageId}.${i}`));
  return fresh.filter((m) => m.type === "resolution" && (m.system["once"] as string | null)?.startsWith("timetable:") === true);
}

async function apply(name: string, made: Partial<Writes>): Promise<void> {
  await expectWrites(made, async () => expect(await nobc.applyCard(cards.get(name)!)).toEqual({ ok: true }));
  expectedStates.set(name, "applied");
}
async function undo(name: string, made: Partial<Writes>): Promise<void> {
  await expectWrites(made, async () => expect(await nobc.undoCard(cards.get(name)!)).toEqual({ ok: true }));
  expectedStates.set(name, "reverted");
}
/** The headline and kicker of the last card drawn (the harness records each template rendered with its data). */
function lastCard(): { title: string; kicker: string | null } {
  const views = sheetsFake.rendered.filter((r) => r.path.endsWith("chat/resolution-card.hbs"));
  return views.at(-1)!.data as { title: string; kicker: string | null };
}
const nameOfCard = (m: Message): string => [...cards].find(([, id]) => id === m.id)![0];

beforeAll(() => {
  nobc = startGame();
  scene = harness.scene!;
  actors = buildBoardWorld();
  // The reinforcement: in the world, owned by NATO's player, not yet on the map.
  const n07 = new harness.Actor({ id: "n07", name: "7 PzBrig", type: "unit", system: unitSystem("nato", { hq: "Actor.icorps" }) });
  sheetsFake.actors.push(n07);
  chatFake.own(n07, "p1");
  actors.set("n07", n07);
  // The deck's card, a world item the timetable deals a copy of.
  new harness.Item({ id: "deckeng", name: "Pionierbataillon", type: "supportCard", system: card("nato", "engineer", 1, "keep") });
  harness.setSceneFlag("timetable", TIMETABLE);
});

describe("the scenario's timetable in the scripted game", () => {
  let start: World;

  it("the tracker shows the GM what comes next; a player sees nothing of it", async () => {
    expect(await nobc.createTurnCombat()).toMatchObject({ ok: true });
    combat = combatFake.combats[0]!;
    const view = timetablePartView({ turn: 0, stage: 0 }, true)!;
    expect(view.stages.map((s) => [s.turn, s.stageKey, s.now])).toEqual([
      [1, "NOBC.Turn.Stage.movement", false],
      [2, "NOBC.Turn.Stage.orders", false],
      [3, "NOBC.Turn.Stage.airAllocation", false],
    ]);
    expect(view.stages[0]!.lines).toHaveLength(3);
    expect(view.stages[0]!.lines[0]).toContain("7 PzBrig");
    expect(view.stages[0]!.lines[0]).toContain("west-edge");
    expect(view.stages[1]!.lines[0]).toContain("3 MRR");
    expect(view.more).toBe("");
    expect(timetablePartView({ turn: 0, stage: 0 }, false)).toBeNull();
    start = world();
    expect(Object.values(start.tokens).some((t) => t["actorId"] === "n07")).toBe(false);
  });

  it("turn 1, Movement: the card says who arrives where; Apply places 7 PzBrig in March Mode and deals the card", async () => {
    expect(await advanceTo("orders", 1)).toEqual([]); // no entry before turn 1's Movement
    const [card1, ...others] = await advanceTo("movement", 1);
    expect(others).toEqual([]);
    const name = nameOfCard(card1!);
    const effects = effectsOf(name);
    const token = (effects[0] as { token: string }).token;
    const dealt = (effects[2] as { id: string }).id;
    expect(effects).toEqual([
      { type: "arrived", actor: "Actor.n07", hex: "0101", token },
      { type: "mode", actor: "Actor.n07", mode: "march" },
      { type: "cardDealt", card: "Item.deckeng", actor: "Actor.icorps", id: dealt },
    ]);
    // Outcome first: who arrives where, what is dealt, the event.
    // (The harness writes a phrase as its key and data.)
    expect(lastCard().title).toBe(
      [
        'NOBC.Timetable.Line.arrive {"name":"7 PzBrig","hex":"0101"}',
        'NOBC.Timetable.Line.deal.one {"name":"I Corps","count":"1","cards":"Pionierbataillon"}',
        'NOBC.Timetable.Line.event {"title":"The Aller bridges"}',
      ].join(" "),
    );
    expect(lastCard().kicker).toBe('NOBC.Timetable.CardTitle {"turn":"1","stage":"NOBC.Turn.Stage.movement"}');
    expect(world()).toEqual(start); // posting changes nothing
    await apply(name, { actors: 1, itemCreations: 1, tokenCreations: 1 });
    const arrived = world();
    const t = arrived.tokens[token]!;
    expect({ actorId: t["actorId"], actorLink: t["actorLink"], x: t["x"], y: t["y"] }).toEqual({
      actorId: "n07",
      actorLink: true,
      ...tokenAt("0101"),
    });
    expect(arrived.actors["n07"]!.system["mode"]).toBe("march");
    expect(arrived.actors["icorps"]!.items[dealt]).toMatchObject({ name: "Pionierbataillon", type: "supportCard" });
    expect(readBattlefield().units.find((u) => u.name === "7 PzBrig")!.hex).toBe("0101");
    // Everything else as it was.
    expect({ ...arrived, tokens: { ...arrived.tokens, [token]: undefined } }).toEqual({
      actors: { ...start.actors, n07: arrived.actors["n07"], icorps: arrived.actors["icorps"] },
      tokens: { ...start.tokens, [token]: undefined },
    });
    expectCards();

    // Undo: the token and the card go, the mode comes back, exactly.
    await undo(name, { actors: 1, itemDeletions: 1, tokenDeletions: 1 });
    expect(world()).toEqual(start);
    expectCards();
    // A reverted card stays reverted (Foundry's cards are applied once); the timetable itself is kept.
    expect(await nobc.applyCard(cards.get(name)!)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    expect(world()).toEqual(start);
    expect(timetablePartView({ turn: 1, stage: turn.stageIndex("movement") }, true)!.stages[0]).toMatchObject({ now: true, turn: 1 });
  });

  it("turn 2, Orders: 3 MRR withdraws; Apply takes its token off the map and keeps the unit; Undo puts the token back exactly", async () => {
    const before = world();
    const w3 = Object.entries(before.tokens).find(([, t]) => t["actorId"] === "w3")!;
    const [card2, ...others] = await advanceTo("orders", 2);
    expect(others).toEqual([]);
    const name = nameOfCard(card2!);
    expect(effectsOf(name)).toEqual([{ type: "leftMap", actor: "Actor.w3" }]);
    expect(lastCard()).toMatchObject({
      title: 'NOBC.Timetable.Line.withdraw {"name":"3 MRR"}',
      kicker: 'NOBC.Timetable.CardTitle {"turn":"2","stage":"NOBC.Turn.Stage.orders"}',
    });
    // 3 MRR's own player may not carry out the timetable: it is Control's card.
    chatFake.setUsers("p2");
    await expectWrites({}, async () =>
      expect(await nobc.applyCard(cards.get(name)!)).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.notOwner" }),
    );
    chatFake.setUsers("gm");
    expect(world()).toEqual(before);
    await apply(name, { tokenDeletions: 1 });
    const after = world();
    expect(after.tokens[w3[0]]).toBeUndefined();
    // The actor stays, strength and all: off the map, not eliminated.
    expect(after.actors).toEqual(before.actors);
    expect(readBattlefield().units.find((u) => u.name === "3 MRR")?.hex ?? "").toBe("");
    await undo(name, { tokenCreations: 1 });
    expect(world()).toEqual(before);
    expect(world().tokens[w3[0]]).toEqual(w3[1]);
    expectCards();
  });
});
