/**
 * The shipped starter scenario plays from turn 0 (issues #36 item 11, #37): on the multi-client
 * harness, its world loaded as importing the adventure gives it (./game.ts `starterScenario`), each
 * side's air player allocates every squadron and lines up, the GM resolves the Air War's steps and
 * applies every card they post, then every HQ's owner gives its Orders, through the entry points a
 * user has and with the invariants checked after every step. Nothing is refused; the whole game
 * stops at turn 0's Rear Area phase. The random bots play it too (./bots.test.ts).
 */
import "../harness/install";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { STAGES } from "../../src/rules/nobc/turn";
import { Table, describeFailure, starterScenario, type TurnView } from "./game";
import { cardArgs, cardsOf, type BotContext } from "./bots";
import type { BotAction } from "./contract";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let table: Table;
beforeAll(async () => {
  table = await Table.open();
});
afterAll(() => table.close());

type Move = Omit<BotAction, "index">;
const world = starterScenario();
const seedsOf = (type: string, side: string) => world.seeds.filter((s) => s.type === type && s.system["side"] === side);

/**
 * A box for each squadron by what it does best (air-to-air to superiority, a deep striker to deep
 * strike, the rest to close support), every Warsaw Pact mission flown over 2ATAF (one zone away, as
 * the umpire's journal sets it), NATO's in its own zone.
 */
function allocation(side: "nato" | "wp"): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [i, s] of seedsOf("airSquadron", side).entries()) {
    const [air, cas, deep] = ["airToAir", "cas", "deepStrike"].map((k) => Number(s.system[k]));
    values[`box-${String(i)}`] = air! >= cas! && air! >= deep! ? "airSuperiority" : deep! > cas! ? "deepStrike" : "cas";
    if (side === "wp") values[`target-${String(i)}`] = "2ATAF";
  }
  return values;
}

/** Every unit of `hq` in Combat Mode where it has the SP to pay, else March Mode. */
function orders(hq: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const u of world.seeds.filter((s) => s.type === "unit" && s.system["hq"] === `Actor.${hq}` && s.hex !== undefined))
    values[`mode:Actor.${u.id}`] =
      Number(u.system["supply"]) > 0 && u.system["arm"] !== "artillery" && u.system["size"] !== "battalion" ? "combat" : "march";
  return values;
}

/** What each stage's players do, in order: the air player's allocation, line-up and sorties, each HQ owner's Orders. */
function playersMoves(ctx: BotContext, stage: string): Move[] {
  if (stage === "airAllocation")
    return (["nato", "wp"] as const).map((side): Move => ({
      user: side === "nato" ? "p1" : "p3",
      kind: "stage-action",
      args: { id: "air.allocation", changes: [allocation(side)] },
    }));
  // The line-up's parts in the rules' order (seed 000, Air War QRS: 2): the Warsaw Pact's line, NATO's opposite, the Pact's switches.
  if (stage === "airLineup")
    return (["p3", "p1", "p3"] as const).map((user) => ({ user, kind: "stage-action", args: { id: "air.lineUp", changes: [] } }));
  if (stage === "airSorties")
    return (["p1", "p3"] as const).map((user) => ({ user, kind: "stage-action", args: { id: "air.sorties", changes: [] } }));
  if (stage === "orders")
    return world.seeds
      .filter(
        (s) => s.type === "hq" && world.seeds.some((u) => u.type === "unit" && u.system["hq"] === `Actor.${s.id}` && u.hex !== undefined),
      )
      .map((hq) => ({
        user: ctx.owners.get(hq.id)!,
        kind: "dialog",
        args: { id: "land.orders", open: { hq: `Actor.${hq.id}` }, changes: [orders(hq.id)] },
      }));
  return [];
}

/** The GM's buttons for the Air War's steps that resolve the zone (combat, superiority, return). */
const GM_STEPS: Record<string, string> = { airCombat: "air.combat", airSuperiority: "air.superiority", airReturn: "air.return" };

it("turn 0's Air War and Orders of the starter scenario play through without a refusal", async () => {
  expect(seedsOf("airSquadron", "nato").length).toBeGreaterThan(0);
  expect(seedsOf("airSquadron", "wp").length).toBeGreaterThan(0);
  let planned: { stage: number; moves: Move[] } | null = null;
  const orderStage = STAGES.findIndex((s) => s.id === "orders");
  const script = (ctx: BotContext, at: TurnView): Move | null => {
    if (at.turn > 0 || at.stage > orderStage) return null;
    const stage = STAGES[at.stage]!.id;
    if (planned?.stage !== at.stage) {
      const gm = GM_STEPS[stage];
      // The umpire's set-up (the scenario's journal): 2ATAF and WP-North one zone apart, before the allocation.
      const distances: Move[] =
        stage === "airAllocation"
          ? [{ user: ctx.gm(), kind: "stage-action", args: { id: "air.zoneDistances", changes: [{ "cell-0-1": "1" }] } }]
          : [];
      const steps: Move[] = gm === undefined ? [] : [{ user: ctx.gm(), kind: "stage-action", args: { id: gm, changes: [] } }];
      planned = { stage: at.stage, moves: [...distances, ...playersMoves(ctx, stage), ...steps] };
    }
    const next = planned.moves.shift();
    if (next !== undefined) return next;
    // Then the GM applies what was posted, and moves the tracker on.
    const pending = cardsOf(ctx.net.client(ctx.gm())).find((c) => c.state === "pending");
    if (pending !== undefined) return { user: ctx.gm(), kind: "card:apply", args: cardArgs(pending) };
    return { user: ctx.gm(), kind: "tracker:advance", args: {} };
  };
  const record = await table.play({ seed: 1, turns: 1, units: 0, world: "starter", script });
  expect(record.failure === null ? "clean" : describeFailure(record)).toBe("clean");
  const refused = record.actions.filter((_, i) => record.outcomes[i] === "refused").map((a) => JSON.stringify(a));
  expect(refused).toEqual([]);
  expect(record.reached).toEqual({ turn: 0, stage: "rearArea" });
  for (const kind of [
    "stage-action air.allocation",
    "stage-action air.lineUp",
    "stage-action air.sorties",
    "dialog land.orders",
    "card:apply",
  ])
    expect(record.kinds[kind]?.done, kind).toBeGreaterThanOrEqual(2);
  for (const kind of [
    "stage-action air.zoneDistances",
    "stage-action air.combat",
    "stage-action air.superiority",
    "stage-action air.return",
  ])
    expect(record.kinds[kind]?.done, kind).toBe(1);
});
