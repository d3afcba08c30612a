/**
 * Chosen dice (#16): a player whose client's dice source is rigged (here every die it rolls shows
 * 1) still gets the GM's dice on the card, because the GM's client rolls; and a state carrying
 * dice or results is refused, the field named. Before the fix a player's ground combat or
 * rear-area attack could not be asked of the GM at all (no state schema), and the macro
 * resolveGroundCombatFor rolled and posted on the player's own client with the player's dice.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { loadActors } from "../harness/actors";
import { landRequestWorld } from "./fixtures";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { PLANNER } from "../../src/apps/ground-combat/dialogs";
import { openGroundCombat, resolveGroundCombatFor } from "../../src/apps/ground-combat/macros";
import { LAND_DIALOGS } from "../../src/apps/land/register";
import { landPhaseMacros } from "../../src/apps/land/macros";
import type { GroundCombatState } from "../../src/apps/ground-combat/state";
import { at, front } from "../apps/ground-combat/fixture";
import { at as landAt, specs } from "../apps/land/fixture";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;
const config = (globalThis as unknown as { CONFIG: Raw }).CONFIG;

beforeEach(() => {
  landRequestWorld([PLANNER, ...LAND_DIALOGS]);
  actors = new Map();
  // The GM's dice show 6; the player's client is rigged to show 1, and must never be read.
  config["Dice"] = { randomUniform: () => ((harness.game["user"] as { isGM: boolean }).isGM ? 0.99 : 0) };
});
afterEach(() => {
  clearDialogRegistry();
  delete config["Dice"];
});

const A = (id: string) => actors.get(id)!.uuid;
const only = () => [...chatFake.messages.values()] as unknown as { author?: { id: string }; rolls: { total: number }[]; system: Raw }[];

describe("a rigged client's dice never reach the card", () => {
  beforeEach(() => {
    actors = loadActors(front(), at);
    for (const id of ["gta", "w1", "w2", "w3", "wart", "su25"]) chatFake.own(actors.get(id)!, "p2");
  });

  it("the planner's Roll: the GM rolls a 6 on its own client", async () => {
    chatFake.setUsers("p2");
    const planner = (await openGroundCombat({ attackers: [A("w1"), A("w2")], target: "0201" }))!;
    await planner.resolve();
    const [card] = only();
    expect(card!.author?.id).toBe("gm");
    expect(card!.rolls.map((r) => r.total)).toEqual([6]);
    expect((card!.system as { groundCombat: { outcome: { die: number } } }).groundCombat.outcome.die).toBe(6);
  });

  it("resolveGroundCombatFor from a player's macro: the GM rolls, the card is the GM's", async () => {
    chatFake.setUsers("p2");
    const result = await resolveGroundCombatFor({ attackers: [A("w1"), A("w2")], target: "0201" });
    expect(result.ok).toBe(true);
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    expect(only().map((c) => [c.author?.id, c.rolls.map((r) => r.total)])).toEqual([["gm", [6]]]);
  });

  it("a state carrying a die, a result or a copied strength is refused naming the field; nothing is posted", async () => {
    chatFake.setUsers("p2");
    const state = (await openGroundCombat({ attackers: [A("w1"), A("w2")], target: "0201" }))!.dialogState as GroundCombatState;
    harness.notices.length = 0;
    for (const extra of [{ die: 1 }, { outcome: { die: 6, result: "breakthrough" } }, { attackStrength: 99 }]) {
      expect((await requestResolution(PLANNER.id, { ...state, ...extra })).ok).toBe(false);
      const said = harness.notices.at(-1)!.message;
      expect(said).toContain("NOBC.Chat.Refused.badRequest");
      expect(said).toContain("NOBC.Validation.UnrecognizedKeys");
      expect(said).toContain(Object.keys(extra)[0]);
    }
    expect(chatFake.messages.size).toBe(0);
  });
});

describe("the rear-area attack", () => {
  beforeEach(() => {
    actors = loadActors(specs(), landAt);
    for (const id of ["h1", "u1", "u2", "u3", "s1"]) chatFake.own(actors.get(id)!, "p1");
  });

  it("a NATO player's strike is rolled by the GM: CAS 3 + 6 halved (city) and doubled (March Mode) is 4 hits", async () => {
    chatFake.setUsers("p1");
    const dialog = (await landPhaseMacros.openRearAreaAttack({ target: A("w2") }))!;
    await dialog.change({ target: A("w2"), ident0: "Actor.h1.Item.int1", ident1: "Actor.h1.Item.rec1", [`strike:${A("s1")}`]: true });
    await dialog.resolve();
    const [card] = only();
    expect(card!.author?.id).toBe("gm");
    expect(card!.rolls.map((r) => r.total)).toEqual([6]);
    expect((card!.system as { effects: unknown[] }).effects).toContainEqual({ type: "hits", actor: A("w2"), amount: 4 });
  });

  it("a rear-area state with a score in it is refused, the field named", async () => {
    chatFake.setUsers("p1");
    const state = { side: "nato", target: A("w2"), identification: ["", ""], strikes: {}, release: false, score: 12 };
    expect((await requestResolution("land.rearArea", state)).ok).toBe(false);
    const said = harness.notices.at(-1)!.message;
    expect(said).toContain("NOBC.Validation.UnrecognizedKeys");
    expect(said).toContain("score");
    expect(chatFake.messages.size).toBe(0);
  });
});
