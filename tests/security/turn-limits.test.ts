/**
 * The turn limits on ground combat cannot be got round (issue #17 item 5):
 * - a player who skips the planner's preview and sends the request straight to the GM is refused
 *   by the GM's own check, and nothing is posted;
 * - two requests the GM checks side by side (both checked before either card is posted) are still
 *   told apart when the second card is posted: the first card holds each attacking hex's target
 *   (`from:<hex>:<turn>`) and its Front HQ's combat (`front:<hq>:<turn>`), so the second is refused
 *   as held. Before these holds, the second card of a hex attacking two hexes, or of a Front HQ
 *   supporting two combats, was posted.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { frontWorld } from "./fixtures";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { decide } from "../../src/apps/base/submit";
import { recordingDice } from "../../src/apps/base/dice";
import { translator } from "../../src/base/foundry";
import { PLANNER } from "../../src/apps/ground-combat/dialogs";
import { plannerController } from "../../src/apps/ground-combat/controller";
import { readPlannerWorld } from "../../src/apps/ground-combat/world";
import { stateFromArgs } from "../../src/apps/ground-combat/args";
import { frontWithFrontHq } from "../apps/ground-combat/fixture";
import { turnCombatsOf, type TurnMessage } from "../../src/apps/ground-combat/turn-limits";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { game: Raw };

let actors: Map<string, FakeActorT>;
const A = (id: string) => actors.get(id)!.uuid;
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

beforeEach(() => {
  actors = frontWorld([PLANNER], frontWithFrontHq());
  chatFake.own(actors.get("wfront")!, "p2");
  g.game["combat"] = { type: "nobcTurn", system: { turn: 1, stage: 14 } }; // Ground Combat
});
afterEach(() => {
  clearDialogRegistry();
  delete g.game["combat"];
});

/** The GM's state for a combat (as the macro makes it), with only `ticked` cards. */
function stateOf(attackers: readonly string[], target: string, ticked: readonly string[] = []) {
  const world = readPlannerWorld();
  return { ...stateFromArgs(world.field, { attackers: attackers.map(A), target }, world.options), cards: [...ticked] };
}

describe("the GM checks the turn limits whatever the player's client did", () => {
  it("a request sent without the preview, for a unit that has attacked, is refused by the GM; nothing is posted", async () => {
    chatFake.setUsers("gm");
    const first = stateOf(["w2"], "0202");
    const again = stateOf(["w2"], "0201");
    chatFake.setUsers("p2");
    expect((await requestResolution(PLANNER.id, first)).ok).toBe(true);
    harness.notices.length = 0;
    expect((await requestResolution(PLANNER.id, again)).ok).toBe(false);
    expect(cards()).toHaveLength(1);
    expect(warnings().join("\n")).toContain("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked");
  });
});

describe("two combats checked side by side", () => {
  async function bothChecked(a: ReturnType<typeof stateOf>, b: ReturnType<typeof stateOf>) {
    const world = readPlannerWorld();
    const first = await plannerController.submit(a, world, translator(), recordingDice());
    const second = await plannerController.submit(b, world, translator(), recordingDice());
    expect(first.ok && second.ok).toBe(true);
    return [first, second] as const;
  }

  it("units of one hex against two hexes: the second card is refused by the first's hold on the hex", async () => {
    chatFake.setUsers("gm");
    const [first, second] = await bothChecked(stateOf(["w2"], "0201"), stateOf(["w3"], "0202"));
    expect((await decide(first)).ok).toBe(true);
    const refused = await decide(second);
    expect(refused).toEqual({ ok: false, refusals: [expect.stringContaining("NOBC.Request.Refused.held") as unknown] });
    expect(!refused.ok && refused.refusals[0]).toContain("0302");
    expect(cards()).toHaveLength(1);
  });

  it("a Front HQ's cards in two combats: the second card is refused by the first's hold on the Front HQ", async () => {
    chatFake.setUsers("gm");
    const cfa = `${A("wfront")}.Item.cfa`;
    const cfb = `${A("wfront")}.Item.cfb`;
    const [first, second] = await bothChecked(stateOf(["w1"], "0201", [cfa]), stateOf(["w2"], "0202", [cfb]));
    expect((await decide(first)).ok).toBe(true);
    const refused = await decide(second);
    expect(!refused.ok && refused.refusals[0]).toContain("NOBC.Request.Refused.held");
    expect(!refused.ok && refused.refusals[0]).toContain("Western Front");
    expect(cards()).toHaveLength(1);
  });
});

describe("what counts as a combat of the turn", () => {
  const plan = {
    attackerSide: "wp",
    target: "0201",
    attackers: [{ id: "Actor.w1", hex: "0301", name: "1 MRR", strength: 6, immune: false }],
    defenders: [{ id: "Actor.n34", name: "34 PzBrig", strength: 4, immune: false }],
    support: [],
    supplySpent: [],
    chemicalCards: [],
    cas: [],
  };
  const hits = { each: false, amount: 0, candidates: [], total: 0, dropped: [], proposal: [] };
  const system = (holds: string[], over: Record<string, unknown> = {}) => ({
    effects: [],
    state: "pending",
    holds,
    groundCombat: {
      plan: { ...plan, ...over },
      outcome: { attackerHits: hits, defenderHits: hits, retreat: { hexes: 0, minefieldCleared: false } },
      splits: {},
    },
  });
  const message = (sys: unknown, isGM = true): TurnMessage => ({
    id: "m",
    type: "resolution",
    system: sys,
    author: { id: isGM ? "gm" : "p1", isGM, name: isGM ? "Umpire" : "Anna" },
  });
  const count = (messages: TurnMessage[]) => turnCombatsOf(messages, 1, () => undefined).byTarget.size;

  it("counts a GM's card holding its target for the turn", () => {
    expect(count([message(system(["target:0201:1"]))])).toBe(1);
  });

  it("never a card a player wrote (a forged card must not bar the other side), one of another turn, one released, or one of another shape", () => {
    expect(count([message(system(["target:0201:1"]), false)])).toBe(0);
    expect(count([message(system(["target:0201:2"]))])).toBe(0);
    expect(count([message(system([]))])).toBe(0);
    expect(count([message(system(["target:0201:1"], { attackerSide: "soviet" }))])).toBe(0);
    expect(count([message(system(["target:0201:1"], { attackers: "1 MRR" }))])).toBe(0);
  });
});
