/**
 * The turn limits on ground combat (issue #17 item 5; src/apps/ground-combat/turn-limits.ts): the
 * GM's client refuses, from the GM's cards of this turn, a unit's second attack, a hex's second
 * target, a hex attacked twice, a Front HQ's second combat, a NATO unit the Warsaw Pact attacked,
 * and (strict reading, the default) a Warsaw Pact combat after NATO's first. Each refusal names the
 * earlier combat; a deleted card, or one whose holds the GM released, frees what it used up. The
 * planner and the macro show the refusal before the roll.
 */
import "../../harness/install";
import "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { frontWorld } from "../../security/fixtures";
import { requestResolution } from "../../../src/apps/base/request";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { PLANNER } from "../../../src/apps/ground-combat/dialogs";
import { openGroundCombat, resolveGroundCombatFor } from "../../../src/apps/ground-combat/macros";
import { plannerController } from "../../../src/apps/ground-combat/controller";
import { readPlannerWorld } from "../../../src/apps/ground-combat/world";
import { releaseCardKey } from "../../../src/queries/macros";
import type { GroundCombatState } from "../../../src/apps/ground-combat/state";
import { frontWithFrontHq, keys } from "./fixture";
import type { GroundCombatView } from "../../../src/apps/ground-combat/context";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { game: Raw };

let actors: Map<string, FakeActorT>;
const A = (id: string) => actors.get(id)!.uuid;
const card = (hq: string, id: string) => `${A(hq)}.Item.${id}`;
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const lastWarning = () => warnings().at(-1) ?? "";

function setTurn(turn: number | null): void {
  if (turn === null) delete g.game["combat"];
  else g.game["combat"] = { type: "nobcTurn", system: { turn, stage: 14 } }; // Ground Combat
}

beforeEach(() => {
  actors = frontWorld([PLANNER], frontWithFrontHq());
  chatFake.own(actors.get("wfront")!, "p2");
  setTurn(1);
});
afterEach(() => {
  clearDialogRegistry();
  setTurn(null);
});

/** The state of `user`'s planner opened on `attackers` against `target`, with only `ticked` cards. */
async function plan(
  user: string,
  attackers: readonly string[],
  target: string,
  ticked: readonly string[] = [],
): Promise<GroundCombatState> {
  chatFake.setUsers(user);
  const dialog = await openGroundCombat({ attackers: attackers.map(A), target });
  const state = { ...(dialog!.dialogState as GroundCombatState), cards: [...ticked] };
  await dialog!.close();
  harness.notices.length = 0;
  return state;
}

/** Asks the GM for the combat as `user`; true when its card was posted. */
async function ask(user: string, attackers: readonly string[], target: string, ticked: readonly string[] = []): Promise<boolean> {
  const state = await plan(user, attackers, target, ticked);
  chatFake.setUsers(user);
  return (await requestResolution(PLANNER.id, state)).ok;
}

/** The earlier combat as a refusal names it (key-showing words: its target, attackers and who asked, quoted within the warning). */
const earlier = (target: string, attackers: string, user: string) =>
  new RegExp(`NOBC\\.GroundCombat\\.TurnLimits\\.combatAsked .*"${target}\\\\*".*"${attackers}\\\\*".*"${user}\\\\*"`);

describe("one attack per unit a turn", () => {
  it("refuses a unit's second attack, naming the earlier combat (target, attackers, who asked); another unit may attack", async () => {
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
    expect(await ask("p2", ["w2"], "0201")).toBe(false);
    expect(cards()).toHaveLength(1);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked");
    expect(lastWarning()).toMatch(earlier("0202", "2 MRR", "p2"));
    expect(await ask("p2", ["w1"], "0201")).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("a deleted card frees its attackers; so does a card whose holds the GM released", async () => {
    expect(await ask("p2", ["w2"], "0201")).toBe(true);
    chatFake.setUsers("gm");
    await cards()[0]!.delete();
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
    expect(await ask("p2", ["w2"], "0201")).toBe(false);
    chatFake.setUsers("gm");
    expect(await releaseCardKey(cards()[0]!.id, "the umpire lets 2 MRR attack again")).toEqual({ ok: true });
    expect(await ask("p2", ["w2"], "0201")).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("next turn the unit attacks again", async () => {
    expect(await ask("p2", ["w2"], "0201")).toBe(true);
    setTurn(2);
    expect(await ask("p2", ["w2"], "0201")).toBe(true);
  });
});

describe("one target per attacking hex, one combat per target", () => {
  it("refuses units of a hex that attacked one hex attacking another; a second combat on the same hex names the first", async () => {
    expect(await ask("p2", ["w2"], "0201")).toBe(true);
    expect(cards()[0]!.system["holds"]).toContain("from:0302:1");
    // 3 MRR stands with 2 MRR in 0302, which has attacked 0201.
    expect(await ask("p2", ["w3"], "0202")).toBe(false);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.hexAttacked");
    expect(lastWarning()).not.toContain("Earlier.targetAttacked");
    // Against 0201 again: the hex is the target of one combat (join the units by redoing that card).
    expect(await ask("p2", ["w1", "w3"], "0201")).toBe(false);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.targetAttacked");
    expect(lastWarning()).not.toContain("Earlier.hexAttacked");
    expect(cards()).toHaveLength(1);
    // Once that card is deleted, both hexes attack 0201 together.
    chatFake.setUsers("gm");
    await cards()[0]!.delete();
    expect(await ask("p2", ["w1", "w2", "w3"], "0201")).toBe(true);
  });
});

describe("the Warsaw Pact announces first", () => {
  it("a NATO unit the Warsaw Pact attacked this turn may not attack; one it did not attack may", async () => {
    expect(await ask("p2", ["w1"], "0201")).toBe(true);
    expect(await ask("p1", ["n34"], "0301")).toBe(false);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.natoUnitAttacked");
    expect(lastWarning()).toContain("34 PzBrig");
    chatFake.setUsers("gm");
    await cards()[0]!.delete();
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
    expect(await ask("p1", ["n34"], "0301")).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("strict (the default): no Warsaw Pact combat after NATO's first of the turn; the umpire's delete reopens it", async () => {
    expect(await ask("p1", ["n34"], "0301")).toBe(true);
    expect(await ask("p2", ["w2"], "0202")).toBe(false);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.wpAfterNato");
    expect(lastWarning()).toMatch(earlier("0301", "34 PzBrig", "p1"));
    chatFake.setUsers("gm");
    await cards()[0]!.delete();
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
  });

  it("relaxed (world setting): combats in any order, NATO units under Warsaw Pact attack still may not attack", async () => {
    chatFake.setUsers("gm");
    await game.settings!.set("nobc", "combatAnnouncementOrder", "underAttack");
    expect(await ask("p1", ["n34"], "0301")).toBe(true);
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
    expect(await ask("p1", ["n36"], "0302")).toBe(false);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.natoUnitAttacked");
  });
});

describe("a Front HQ gives cards to one combat a turn", () => {
  it("refuses its cards in a second combat, naming the first; the same attack without them is allowed", async () => {
    expect(await ask("p2", ["w1"], "0201", [card("wfront", "cfa")])).toBe(true);
    expect(cards()[0]!.system["holds"]).toContain(`front:${A("wfront")}:1`);
    expect(await ask("p2", ["w2"], "0202", [card("wfront", "cfb")])).toBe(false);
    expect(lastWarning()).toContain("NOBC.Rules.Land.CombatTurn.Earlier.frontHqUsed");
    expect(lastWarning()).toContain("Western Front");
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
  });

  it("an Army HQ's cards serve in several combats (within its level each time)", async () => {
    expect(await ask("p2", ["w1"], "0201", [card("gta", "cbar")])).toBe(true);
    expect(cards()[0]!.system["holds"]).not.toContain(`front:${A("gta")}:1`);
  });
});

describe("shown before the roll", () => {
  it("the planner's preview lists the refusal naming the earlier combat; the macro refuses without asking the GM", async () => {
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
    const state = await plan("p2", ["w2"], "0201");
    const view = plannerController.context(state, readPlannerWorld(), keys) as GroundCombatView;
    const messages = view.refusals.flatMap((r) => r.messages);
    expect(messages.some((m) => m.includes("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked") && m.includes("2 MRR"))).toBe(true);

    chatFake.setUsers("p2");
    const result = await resolveGroundCombatFor({ attackers: [A("w2")], target: "0201" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.refusals.map((r) => r.code)).toContain("unitAttacked");
    expect(cards()).toHaveLength(1);
  });

  it("a plan the rules refuse for another reason shows the turn limits' reasons with theirs", async () => {
    expect(await ask("p2", ["w2"], "0202")).toBe(true);
    // 1 Art cannot attack (artillery, and not next to 0201): the rules refuse it; 2 MRR has attacked.
    const state = { ...(await plan("p2", ["w2"], "0201")), attackers: [A("w2"), A("wart")] };
    const view = plannerController.context(state, readPlannerWorld(), keys) as GroundCombatView;
    const messages = view.refusals.flatMap((r) => r.messages);
    expect(messages.some((m) => m.includes("NOBC.Rules.Land.CombatEligibility"))).toBe(true);
    expect(messages.some((m) => m.includes("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked") && m.includes("2 MRR"))).toBe(true);
  });

  it("the GM's own combat is checked too, and named as posted by the GM", async () => {
    expect(await ask("gm", ["w2"], "0202")).toBe(true);
    expect(await ask("gm", ["w2"], "0201")).toBe(false);
    expect(lastWarning()).toContain("NOBC.GroundCombat.TurnLimits.combatPosted");
  });
});
