/**
 * Hidden information (#16): a player's planner never offers the other side's support cards or CAS,
 * and a request naming them is refused by the GM with the field named. Before the fix the planner
 * listed every HQ's cards and the CAS box of both sides, ticked the defender's assigned cards by
 * default, and answered no player's request at all (a player could not roll a combat).
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
import { openGroundCombat, resolveGroundCombatFor } from "../../src/apps/ground-combat/macros";
import type { NobcDialog } from "../../src/apps/base/dialog";
import type { GroundCombatState } from "../../src/apps/ground-combat/state";
import type { GroundCombatView } from "../../src/apps/ground-combat/context";
import { cardUuid } from "../apps/ground-combat/fixture";

let actors: Map<string, FakeActorT>;

beforeEach(() => {
  // p1 plays NATO (I Corps and its brigades), p2 the Warsaw Pact (1 GTA, its regiments, the Su-25s).
  actors = frontWorld([PLANNER]);
});
afterEach(() => clearDialogRegistry());

const A = (id: string) => actors.get(id)!.uuid;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const stateOf = (planner: NobcDialog) => planner.dialogState as GroundCombatState;
const contextOf = (planner: NobcDialog) =>
  (planner as unknown as { _prepareContext(o: object): Promise<GroundCombatView> })._prepareContext({});
const offeredCards = (view: GroundCombatView) => view.hqs.flatMap((h) => h.cards.map((c) => c.uuid));

describe("the planner offers a player only their own side's cards and CAS", () => {
  it("WP attacks 34 PzBrig: the GM is offered NATO's Corps artillery (assigned to the defender), the WP player is not", async () => {
    const gmView = await contextOf((await openGroundCombat({ attackers: [A("w1"), A("w2")], target: "0201" }))!);
    expect(offeredCards(gmView)).toContain(cardUuid("icorps", "cart"));

    chatFake.setUsers("p2");
    const planner = (await openGroundCombat({ attackers: [A("w1"), A("w2")], target: "0201" }))!;
    const view = await contextOf(planner);
    expect(offeredCards(view)).not.toContain(cardUuid("icorps", "cart"));
    expect(offeredCards(view)).not.toContain(cardUuid("icorps", "csig"));
    expect(offeredCards(view)).toContain(cardUuid("gta", "cbar"));
    // Not ticked by default either: only 1 GTA's barrage (assigned to 1 MRR) is.
    expect(stateOf(planner).cards).toEqual([cardUuid("gta", "cbar")]);
    expect(view.cas.map((s) => s.uuid)).toEqual([A("su25")]);
  });

  it("NATO's player is not shown the Warsaw Pact's Su-25s in the CAS box", async () => {
    chatFake.setUsers("p1");
    const view = await contextOf((await openGroundCombat({ attackers: [A("n36")], target: "0302" }))!);
    expect(view.cas).toEqual([]);
    expect(offeredCards(view).every((id) => id.startsWith(A("icorps")))).toBe(true);
  });
});

describe("a request naming the other side's cards or CAS is refused, the field named", () => {
  const base = async (): Promise<GroundCombatState> => {
    chatFake.setUsers("p2");
    const state = stateOf((await openGroundCombat({ attackers: [A("w1"), A("w2")], target: "0201" }))!);
    harness.notices.length = 0;
    return state;
  };

  it("the player's own plan is resolved by the GM; with NATO's card in it, refused naming cards[1], nothing posted", async () => {
    const state = await base();
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(chatFake.messages.size).toBe(1);
    const forged = { ...state, cards: [...state.cards, cardUuid("icorps", "cart")] };
    expect((await requestResolution(PLANNER.id, forged)).ok).toBe(false);
    expect(chatFake.messages.size).toBe(1);
    expect(warnings()).toEqual([
      `NOBC.Notify.Refused ${JSON.stringify({
        reason: `NOBC.GroundCombat.Denied.notYourCard ${JSON.stringify({ field: "cards[1]", card: cardUuid("icorps", "cart") })}`,
      })}`,
    ]);
  });

  it("NATO's player naming the Su-25s as CAS is refused naming cas.<squadron>", async () => {
    chatFake.setUsers("p1");
    const state = stateOf((await openGroundCombat({ attackers: [A("n36")], target: "0302" }))!);
    const forged = { ...state, cas: { [A("su25")]: A("icorps") } };
    expect((await requestResolution(PLANNER.id, forged)).ok).toBe(false);
    expect(warnings().at(-1)).toContain("NOBC.GroundCombat.Denied.notYourCas");
    expect(warnings().at(-1)).toContain(`\\"field\\":\\"cas.${A("su25")}\\"`);
    expect(chatFake.messages.size).toBe(0);
  });

  it("attackers the player does not own are refused naming attackers[0]", async () => {
    chatFake.setUsers("p1");
    const result = await resolveGroundCombatFor({ attackers: [A("w1")], target: "0201" });
    expect(result.ok ? [] : result.refusals.map((r) => r.field)).toEqual(["attackers[0]"]);
    expect(chatFake.messages.size).toBe(0);
    expect(chatFake.users.get("gm")!.queries).toEqual([]);
  });

  it("the macro naming the other side's card is refused before asking, the field named", async () => {
    chatFake.setUsers("p2");
    const result = await resolveGroundCombatFor({ attackers: [A("w1"), A("w2")], target: "0201", cards: [cardUuid("icorps", "csig")] });
    expect(result.ok ? [] : result.refusals.map((r) => r.field)).toEqual(["cards[0]"]);
    expect(chatFake.messages.size).toBe(0);
  });
});
