/**
 * What each side knows, through the chat harness in a double-blind world (issue #30 item 2): a move
 * card's Apply writes the knowledge of the contact it makes on the board scene (one Scene call) and
 * its Undo takes it back; a ground combat's Apply identifies both sides; a hand edit since refuses
 * Undo; a new turn renews what is in contact and lets the rest lapse. At an open table none of it
 * is written.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";
import { registerSettings } from "../../src/base/settings";
import { setBoardClock } from "../../src/world/board";
import { forgetTerrain } from "../../src/world/read";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { clearStageRegistry, stageEntries } from "../../src/combat/registry";
import { registerTurnTracking } from "../../src/combat/register";
import { turn } from "../../src/rules/index";
import { knowledgeWatchSettled, registerKnowledgeWatch } from "../../src/documents/knowledge-watch";
import { unwrap } from "../../src/rules/resolution";
import type { Effect } from "../../src/rules/effects";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { NAMES, resolveCombat, type CombatRefs } from "./combat-fixture";

type Raw = Record<string, unknown>;

const at = (label: string) => hexCentre(offsetOf(label), 100);
const knowledge = (): Raw | undefined => (harness.scene!.flags["nobc"] as Raw | undefined)?.["knowledge"] as Raw | undefined;
const located = (hex: string, t: number) => ({ level: "located", hex, turn: t });
const EMPTY = { format: "nobc-knowledge/1", nato: {}, wp: {} };

let n1: FakeActorT;
let w1: FakeActorT;

async function blind(mode: "open" | "doubleBlind"): Promise<void> {
  await (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set("nobc", "hiddenInformation", mode);
}

beforeEach(async () => {
  harness.reset();
  chatFake.reset();
  forgetTerrain();
  registerChat();
  registerSettings();
  await blind("doubleBlind");
  setBoardClock(() => ({ turn: 2 }));
  n1 = new harness.Actor({ name: "3 PzBrig", type: "unit", system: unitSystem("nato") });
  w1 = new harness.Actor({ name: "1 MRR", type: "unit", system: unitSystem("wp", { arm: "motorRifle" }) });
  harness.game["actors"] = [n1, w1];
  harness.game["items"] = [];
  harness.placeTokenAt(n1, at("0202"));
  harness.placeTokenAt(w1, at("0205"));
});
afterEach(() => setBoardClock(() => null));

async function post(effects: Effect[], extra: Raw = {}): Promise<string> {
  const message = (await postResolution({
    title: "Move",
    resolution: { breakdown: [], rolls: [], outcome: "ok", effects },
    ...extra,
  })) as { id: string };
  return message.id;
}

/** NATO's brigade moves two hexes south, from 0202 (out of sight of the MRR at 0205) to 0204 (next to it). */
const move = (): Effect[] => [{ type: "moved", actor: n1.uuid, path: ["0203", "0204"], from: "0202" }];

describe("a move card in a double-blind world", () => {
  it("Apply writes both sides' contact in one Scene call; Undo takes it back: an empty knowledge, read as none", async () => {
    const id = await post(move());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(knowledge()).toEqual({
      format: "nobc-knowledge/1",
      nato: { [w1.id]: located("0205", 2) },
      wp: { [n1.id]: located("0204", 2) },
    });
    const record = chatFake.messages.get(id)!.system["record"] as { paths: string[] };
    expect(record.paths).toContain(`${harness.scene!.uuid}#flags.nobc.knowledge.nato.${w1.id}`);

    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    // The format and the sides written with the first entry stay (as the map state's do): a later card's entries are never taken with them.
    expect(knowledge()).toEqual(EMPTY);
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments", "updateDocuments"]);
    expect(chatFake.messages.get(id)!.system["state"]).toBe("reverted");
  });

  it("Undo of the card that made the flag takes only its own entries: one written since stays", async () => {
    const id = await post(move());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    await harness.scene!.update({ "flags.nobc.knowledge.nato.later": located("0909", 2) });
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(knowledge()).toEqual({ ...EMPTY, nato: { later: located("0909", 2) } });
  });

  it("on knowledge held, Undo puts every entry back as it was", async () => {
    const held = { format: "nobc-knowledge/1", nato: { [w1.id]: located("0207", 1), far: located("0909", 1) }, wp: {} };
    await harness.scene!.update({ "flags.nobc.knowledge": held });
    const id = await post(move());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect((knowledge()!["nato"] as Raw)[w1.id]).toEqual(located("0205", 2));
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(knowledge()).toEqual(held);
  });

  it("an entry changed by hand since refuses Undo, naming it, and nothing is written", async () => {
    const id = await post(move());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    await harness.scene!.update({ [`flags.nobc.knowledge.nato.${w1.id}`]: located("0206", 2) });
    expect(await requestCardAction("undo", id)).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.changedSince",
      details: [`${harness.scene!.name} nato.${w1.id}`],
    });
    expect((knowledge()!["nato"] as Raw)[w1.id]).toEqual(located("0206", 2));
    expect(chatFake.messages.get(id)!.system["state"]).toBe("applied");
  });

  it("a knowledge flag that cannot be read refuses Apply naming the field; nothing is written, the flag is kept", async () => {
    const broken = { format: "nobc-knowledge/1", nato: { x: { level: "seen" } }, wp: {} };
    await harness.scene!.update({ "flags.nobc.knowledge": broken });
    harness.Scene.calls.length = 0;
    const id = await post(move());
    const result = (await requestCardAction("apply", id)) as { ok: boolean; reason: string; refusals: { key: string; data: Raw }[] };
    expect(result).toMatchObject({ ok: false, reason: "NOBC.MapWrite.Refused.Title" });
    expect(result.refusals[0]!.key).toBe("NOBC.Knowledge.Refused.unreadable");
    expect(JSON.stringify(result.refusals[0]!.data["problem"])).toContain("knowledge.nato.x.level");
    expect(harness.Scene.calls).toEqual([]);
    expect(harness.Token.calls.filter((c) => c.method === "updateDocuments")).toEqual([]);
    expect(knowledge()).toEqual(broken);
  });

  it("at an open table the same card writes no knowledge: no Scene call at all", async () => {
    await blind("open");
    const id = await post(move());
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(harness.Scene.calls).toEqual([]);
    expect(knowledge()).toBeUndefined();
  });
});

describe("a ground combat's Apply in a double-blind world", () => {
  it("identifies every piece that fought for the other side, with its strength after the result", async () => {
    const unit = (key: keyof CombatRefs, side: "nato" | "wp", strength: number, arm = "armour") =>
      new harness.Actor({
        name: NAMES[key],
        type: "unit",
        system: unitSystem(side, { arm, size: side === "wp" ? "division" : "brigade", strength: { value: strength, max: strength } }),
      });
    const a = { gds: unit("gds", "wp", 8), mr: unit("mr", "wp", 4, "motorRifle"), bde: unit("bde", "nato", 4) };
    const b = { acr: unit("acr", "nato", 3, "recce"), art: unit("art", "nato", 2, "artillery") };
    const actors = { ...a, ...b };
    harness.game["actors"] = Object.values(actors);
    for (const key of ["gds", "mr"] as const) harness.placeTokenAt(actors[key], at(key === "gds" ? "0403" : "0404"));
    for (const key of ["bde", "acr", "art"] as const) harness.placeTokenAt(actors[key], at("0303"));
    const refs = Object.fromEntries(Object.entries(actors).map(([k, v]) => [k, v.uuid])) as unknown as CombatRefs;
    const combat = resolveCombat(refs, 6);
    const id = await post(combat.resolution.effects, {
      title: "Ground combat",
      resolution: combat.resolution,
      groundCombat: { plan: combat.plan, outcome: combat.outcome },
    });
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    const flag = knowledge()!;
    const strength = (actor: FakeActorT) => (actor.system["strength"] as Raw)["value"] as number;
    for (const [side, keys] of [
      ["nato", ["gds", "mr"]],
      ["wp", ["bde", "acr", "art"]],
    ] as const) {
      for (const key of keys) {
        const entry = (flag[side] as Raw)[actors[key].id] as Raw | undefined;
        if (strength(actors[key]) === 0) expect(entry).toBeUndefined();
        else
          expect(entry).toMatchObject({
            level: "identified",
            turn: 2,
            face: { kind: "unit", name: NAMES[key] },
            strength: { value: strength(actors[key]), turn: 2 },
          });
      }
    }
    // Heavy fighting: the attackers took hits (and both stand), so NATO was shown less than what they came with.
    expect(strength(actors.gds)).toBeLessThan(8);
    expect(Object.keys(flag["nato"] as Raw).sort()).toEqual([actors.gds.id, actors.mr.id].sort());
    expect(Object.keys(flag["wp"] as Raw).length).toBeGreaterThan(0);
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(knowledge()).toEqual(EMPTY);
  });
});

describe("a rear-area attack's Apply in a double-blind world", () => {
  it("the two identification cards identify what stands in the target's hex, for the attacker; Undo takes it back", async () => {
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: hqSystem("nato") });
    const intel = hq.addItem({ name: "Intelligence", type: "supportCard", system: { category: "intelligence", side: "nato" } });
    const recce = hq.addItem({ name: "Air Recce", type: "supportCard", system: { category: "airRecce", side: "nato" } });
    harness.game["actors"] = [n1, w1, hq];
    const id = await post([{ type: "hits", actor: w1.uuid, amount: 1 }], {
      title: "Rear-area attack",
      identifies: { side: "nato", hex: "0205", cards: [intel.uuid, recce.uuid] },
    });
    expect(chatFake.messages.get(id)!.system["identifies"]).toEqual({ side: "nato", hex: "0205", cards: [intel.uuid, recce.uuid] });
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(knowledge()).toEqual({
      format: "nobc-knowledge/1",
      nato: {
        [w1.id]: {
          level: "identified",
          hex: "0205",
          turn: 2,
          face: { kind: "unit", name: "1 MRR", size: "brigade", arm: "motorRifle", nationality: "su" },
        },
      },
      wp: {},
    });
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(knowledge()).toEqual(EMPTY);
  });
});

describe("a GM placing or moving counters by hand in a double-blind world", () => {
  it("a counter placed next to an enemy is looked at once: both sides' contact in one Scene call", async () => {
    registerKnowledgeWatch();
    const w2 = new harness.Actor({ name: "2 MRR", type: "unit", system: unitSystem("wp", { arm: "motorRifle" }) });
    harness.game["actors"] = [n1, w1, w2];
    // The GM places it as Foundry does (a createToken the hooks hear): its place taken from a stand-in token.
    const placed = harness.placeTokenAt(w2, at("0203"));
    const source = placed.toObject();
    await placed.delete();
    harness.Scene.calls.length = 0;
    await harness.Token.createDocuments([source], { parent: harness.scene, keepId: true });
    await knowledgeWatchSettled();
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(knowledge()).toEqual({
      format: "nobc-knowledge/1",
      nato: { [w2.id]: located("0203", 2) },
      wp: { [n1.id]: located("0202", 2) },
    });
  });

  it("at an open table a placement writes nothing", async () => {
    await blind("open");
    registerKnowledgeWatch();
    const placed = harness.placeTokenAt(new harness.Actor({ name: "2 MRR", type: "unit", system: unitSystem("wp") }), at("0203"));
    const source = placed.toObject();
    await placed.delete();
    harness.Scene.calls.length = 0;
    await harness.Token.createDocuments([source], { parent: harness.scene, keepId: true });
    await knowledgeWatchSettled();
    expect(harness.Scene.calls).toEqual([]);
  });
});

describe("a new turn in a double-blind world", () => {
  it("the turn's first stage renews what is in contact and lets the rest lapse, in one Scene call", async () => {
    clearStageRegistry();
    registerTurnTracking();
    const entries = stageEntries(turn.STAGES[0].id);
    expect(entries).toHaveLength(1);
    // The brigade stands next to the MRR now (its token moved to 0204 by an earlier card).
    for (const t of harness.scene!.tokens.filter((t) => t.actorId === n1.id)) await t.delete();
    harness.placeTokenAt(n1, at("0204"));
    const held = {
      format: "nobc-knowledge/1",
      nato: { [w1.id]: located("0205", 1), gone: located("0909", 1) },
      wp: { [n1.id]: located("0204", 1) },
    };
    await harness.scene!.update({ "flags.nobc.knowledge": held });
    harness.Scene.calls.length = 0;
    const position = unwrap(turn.describeState({ turn: 2, stage: 0 }));
    await entries[0]!(position);
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(knowledge()).toEqual({
      format: "nobc-knowledge/1",
      nato: { [w1.id]: located("0205", 2) },
      wp: { [n1.id]: located("0204", 2) },
    });
  });

  it("at an open table it reads nothing and writes nothing", async () => {
    await blind("open");
    clearStageRegistry();
    registerTurnTracking();
    harness.Scene.calls.length = 0;
    await stageEntries(turn.STAGES[0].id)[0]!(unwrap(turn.describeState({ turn: 2, stage: 0 })));
    expect(harness.Scene.calls).toEqual([]);
    expect(knowledge()).toBeUndefined();
  });
});
