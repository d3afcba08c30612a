/**
 * A card that changes the map, through the chat harness: Apply writes the viewed scene's map state
 * and its tokens on the GM's client (one Scene call), the changes list says so in words, and Undo
 * puts back exactly what was there, or is refused naming what changed since.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT, type FakeTokenT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { forgetTerrain } from "../../src/world/read";
import type { Effect } from "../../src/rules/effects";
import { unitSystem } from "../apps/ground-combat/fixture";
import { smallMap } from "../map/fixture";

type Raw = Record<string, unknown>;

const at = (label: string) => hexCentre(offsetOf(label), 100);

let unit: FakeActorT;
let hq: FakeActorT;
let token: FakeTokenT;

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  forgetTerrain();
  registerChat();
  unit = new harness.Actor({ name: "3 PzBrig", type: "unit", system: unitSystem("nato") });
  hq = new harness.Actor({ name: "I Corps", type: "hq", system: { level: { value: 2, max: 3 } } });
  hq.addItem({ name: "Pioniere", type: "supportCard", system: { category: "engineer" } });
  harness.game["actors"] = [unit, hq];
  harness.game["items"] = [];
  chatFake.own(unit, "p1");
  chatFake.own(hq, "p1");
  token = harness.placeTokenAt(unit, at("0202"));
});
afterEach(() => vi.restoreAllMocks());

async function post(effects: Effect[]): Promise<string> {
  const message = (await postResolution({ title: "Orders", resolution: { breakdown: [], rolls: [], outcome: "ok", effects } })) as {
    id: string;
  };
  return message.id;
}

const card = (id: string): Raw => chatFake.messages.get(id)!.system;
const mines = (): unknown => ((harness.scene!.flags["nobc"] as Raw | undefined)?.["mapState"] as Raw | undefined)?.["mines"];

const layMinefield = (): Effect[] => [
  { type: "minefield", hex: "0712", present: true, side: "wp" },
  { type: "cardDiscarded", card: hq.items[0]!.uuid },
];

describe("a minefield card: Apply writes the scene, Undo takes it back", () => {
  it("a player's Apply is written by the GM in one Scene call; the card lists it in words; Undo restores exactly", async () => {
    const id = await post(layMinefield());
    const view = chatFake.rendered[0]!.data as { other: string[]; notes: string[] };
    expect(view.other).toEqual([expect.stringContaining("NOBC.MapWrite.Effect.minefieldLaid")]);
    expect(view.notes).toEqual([]);

    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(mines()).toEqual({ "0712": { side: "wp" } });
    expect(hq.items).toHaveLength(0);
    const record = card(id)["record"] as { paths: string[]; forward: Raw };
    expect(record.paths).toContain(`${harness.scene!.uuid}#flags.nobc.mapState.mines.0712`);

    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    // The scene had no map state: the key is gone again, the flag's empty parts stay.
    expect(mines()).toEqual({});
    expect(hq.items.map((i) => i.name)).toEqual(["Pioniere"]);
    expect(card(id)["state"]).toBe("reverted");
  });

  it("a card applied before removals were kept apart (its record spells v13's `-=` paths) is still undone exactly, in either generation", async () => {
    const id = await post(layMinefield());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    // The record as an older build stored it: each removal a `….-=key: null` change of the scene row.
    const record = structuredClone(card(id)["record"]) as { inverse: { sceneUpdates: { changes: Raw; removals?: string[] }[] } };
    const row = record.inverse.sceneUpdates[0]!;
    expect(row.removals).toEqual(["flags.nobc.mapState.mines.0712"]);
    row.changes = { ...row.changes, "flags.nobc.mapState.mines.-=0712": null };
    delete row.removals;
    await chatFake.messages.get(id)!.update({ "system.record": record });
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(mines()).toEqual({});
    expect(card(id)["state"]).toBe("reverted");
    expect(harness.deprecations).toEqual([]);
  });

  it("Undo is refused while a later card that stands cleared the same minefield, and after a hand edit of it", async () => {
    const lay = await post(layMinefield());
    expect(await requestCardAction("apply", lay)).toEqual({ ok: true });
    const clear = await post([{ type: "minefield", hex: "0712", present: false }]);
    expect(await requestCardAction("apply", clear)).toEqual({ ok: true });
    expect(mines()).toEqual({});
    expect(await requestCardAction("undo", lay)).toMatchObject({ ok: false, reason: "NOBC.CardAuth.Refused.laterCard" });
    expect(await requestCardAction("undo", clear)).toEqual({ ok: true });
    expect(mines()).toEqual({ "0712": { side: "wp" } });

    // The umpire moves the minefield's side by hand: Undo would wipe that, so it is refused, naming the hex.
    await harness.scene!.update({ "flags.nobc.mapState.mines.0712": { side: "nato" } });
    expect(await requestCardAction("undo", lay)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.changedSince", details: ["Scene 0712"] });
    expect(mines()).toEqual({ "0712": { side: "nato" } });
  });

  it("with no scene viewed on the GM's client, Apply is refused with the reason and nothing is written", async () => {
    const id = await post(layMinefield());
    harness.viewNoScene();
    expect(await requestCardAction("apply", id)).toEqual({
      ok: false,
      reason: "NOBC.MapWrite.Refused.Title",
      refusals: [{ key: "NOBC.MapWrite.Refused.noScene" }],
    });
    expect(hq.items).toHaveLength(1);
    expect(harness.Item.calls).toEqual([]);
    expect(card(id)["state"]).toBe("pending");
  });
});

describe("an elimination card: the unit's token leaves the scene and comes back with Undo", () => {
  it("deletes the token on Apply and re-creates it with the same id and place on Undo", async () => {
    await token.update({ hidden: true });
    const before = token.toObject();
    const id = await post([{ type: "eliminated", actor: unit.uuid }]);
    const view = chatFake.rendered[0]!.data as { documents: { name: string; changes: string[] }[] };
    expect(view.documents).toEqual([{ name: "3 PzBrig", changes: [expect.stringContaining("NOBC.Effect.eliminated")] }]);

    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(harness.scene!.tokens).toHaveLength(0);
    expect((unit.system["strength"] as Raw)["value"]).toBe(0);

    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(harness.scene!.tokens).toHaveLength(1);
    const { _stats: _a, ...was } = before;
    const { _stats: _b, ...now } = harness.scene!.tokens[0]!.toObject();
    expect(now).toEqual(was);
    expect((unit.system["strength"] as Raw)["value"]).toBe(4);
  });

  it("Undo is refused when the token was put back by hand meanwhile, naming it", async () => {
    const id = await post([{ type: "eliminated", actor: unit.uuid }]);
    const source = token.toObject();
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    await harness.Token.createDocuments([source], { parent: harness.scene, keepId: true });
    expect(await requestCardAction("undo", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.changedSince", details: ["3 PzBrig"] });
    expect(harness.scene!.tokens).toHaveLength(1);
  });
});

describe("supply eliminated in hexes: the units standing there are what the card changes", () => {
  it("a player may apply it only when owning the units standing there, and Undo gives the supply back", async () => {
    const enemy = new harness.Actor({ name: "MRR 1", type: "unit", system: unitSystem("wp", { supply: 2 }) });
    harness.game["actors"] = [unit, hq, enemy];
    harness.setSceneFlag("terrain", smallMap());
    harness.placeTokenAt(enemy, at("0202"));
    const id = await post([{ type: "supplyCountersEliminated", hexes: ["0202"] }]);
    chatFake.setUsers("p1");
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(enemy.system["supply"]).toBe(2);

    // Owning the unit standing there is what lets a player apply it (the card names no document itself).
    chatFake.own(enemy, "p1");
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(enemy.system["supply"]).toBe(0);
    chatFake.actAs("gm");
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(enemy.system["supply"]).toBe(2);
  });
});
