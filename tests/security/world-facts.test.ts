/**
 * Values the attacker chose that the world knows (#16): a player's ground-combat request carried its
 * own `minefield` (untick it to lose the defender's +mines; tick it never mattered), and distances
 * typed for the other side's HQs (to put the defender's HQ out of range). Now the GM takes the
 * minefield from the scene's map state for a player's request, and refuses a typed
 * distance of an HQ the asker does not own, naming the field; a GM's plan is taken as given. Before
 * the fix the card's plan had the player's minefield and the typed distance was used.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { frontWorld } from "./fixtures";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { PLANNER } from "../../src/apps/ground-combat/dialogs";
import { openGroundCombat } from "../../src/apps/ground-combat/macros";
import type { GroundCombatState } from "../../src/apps/ground-combat/state";
import { front, type ActorSpec } from "../apps/ground-combat/fixture";
import { emptyMapStateFlag } from "../../src/map/map-state";

let actors: Map<string, FakeActorT>;

/** The front, with a minefield on the scene in 0302 (where 2 MRR and 3 MRR defend) when `mined`. */
function world(mined: boolean): void {
  const specs: ActorSpec[] = front();
  actors = frontWorld([PLANNER], specs);
  if (mined) harness.setSceneFlag("mapState", { ...emptyMapStateFlag(), mines: { "0302": { side: "wp" } } });
}

beforeEach(() => world(false));
afterEach(() => clearDialogRegistry());

const A = (id: string) => actors.get(id)!.uuid;
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const planOf = (i: number) => (cards()[i]!.system["groundCombat"] as { plan: { minefield: boolean } }).plan;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

/** NATO's plan as p1 (or the GM) opens it: 36 PzBrig attacks 0302. */
async function natoPlan(user: "p1" | "gm"): Promise<GroundCombatState> {
  chatFake.setUsers(user);
  const state = (await openGroundCombat({ attackers: [A("n36")], target: "0302" }))!;
  harness.notices.length = 0;
  return state.dialogState as GroundCombatState;
}

describe("the minefield comes from the world for a player's request", () => {
  it("a mined hex: the player's request saying no minefield is resolved with the minefield", async () => {
    world(true);
    const state = await natoPlan("p1");
    expect(state.minefield).toBe(true);
    expect((await requestResolution(PLANNER.id, { ...state, minefield: false })).ok).toBe(true);
    expect(planOf(0).minefield).toBe(true);
  });

  it("a hex with no mines: the player's request claiming one is resolved without", async () => {
    const state = await natoPlan("p1");
    expect((await requestResolution(PLANNER.id, { ...state, minefield: true })).ok).toBe(true);
    expect(planOf(0).minefield).toBe(false);
  });

  it("the GM's own plan is taken as given (the umpire may say what the markers do not)", async () => {
    const state = await natoPlan("gm");
    expect((await requestResolution(PLANNER.id, { ...state, minefield: true })).ok).toBe(true);
    expect(planOf(0).minefield).toBe(true);
  });
});

describe("typed distances of HQs the asker does not own", () => {
  it("are refused for a player, naming distances.<hq>; nothing is posted", async () => {
    const state = await natoPlan("p1");
    const forged = { ...state, distances: { ...state.distances, [A("gta")]: 9 } };
    expect((await requestResolution(PLANNER.id, forged)).ok).toBe(false);
    expect(cards()).toHaveLength(0);
    expect(warnings().at(-1)).toContain("NOBC.Request.Refused.typedDistance");
    expect(warnings().at(-1)).toContain(`\\"hq\\":\\"${A("gta")}\\"`);
  });

  it("a distance of the player's own HQ, or one left untyped (null), passes; a GM may type any", async () => {
    const state = await natoPlan("p1");
    const own = { ...state, distances: { [A("icorps")]: 2, [A("gta")]: null } };
    expect((await requestResolution(PLANNER.id, own)).ok).toBe(true);
    const gm = await natoPlan("gm");
    expect((await requestResolution(PLANNER.id, { ...gm, distances: { [A("gta")]: 9 } })).ok).toBe(true);
    expect(cards()).toHaveLength(2);
  });
});
