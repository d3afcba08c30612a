/**
 * Cards under double-blind through the chat harness (issue #30 item 3, option D): one
 * `ChatMessage.createDocuments` call posts the GMs' card, whispered to the GMs, and a card for each
 * side it concerns, whispered to that side's players; Apply and Undo show on the side cards in the same
 * `updateDocuments` call; the side cards hold nothing of the enemy their side does not know (the sweep
 * of tests/sweep/leaks.ts over everything of the message that reaches the browser, and the context
 * its HTML was rendered from). At an open table a card is posted as before: one message, for everyone.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { registerChat } from "../../src/queries/card-controls";
import { requestCardAction, requestSetSplit } from "../../src/queries/register";
import { registerSettings } from "../../src/base/settings";
import { registerTeamsSetting } from "../../src/teams/read";
import { setBoardClock } from "../../src/world/board";
import { forgetTerrain } from "../../src/world/read";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { SIDE_CARD_TEMPLATE } from "../../src/chat/side-posting";
import type { Effect } from "../../src/rules/effects";
import type { Side } from "../../src/rules/nobc/land/types";
import type { Sight } from "../../src/rules/nobc/knowledge/view";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { NAMES, resolveCombat, type CombatRefs } from "./combat-fixture";
import { findLeaks, messageWire, secretsFor, type TruthDoc } from "../sweep/leaks";

type Raw = Record<string, unknown>;

const at = (label: string) => hexCentre(offsetOf(label), 100);
const setAny = (key: string, value: unknown) =>
  (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set("nobc", key, value);

const messages = () => [...chatFake.messages.values()];
const sideCards = () => messages().filter((m) => m.type === "sideCard");
const gmCard = (id: string) => chatFake.messages.get(id)!;

let truth: TruthDoc[] = [];

beforeEach(async () => {
  harness.reset();
  chatFake.reset();
  forgetTerrain();
  registerChat();
  registerSettings();
  registerTeamsSetting();
  await setAny("hiddenInformation", "doubleBlind");
  await setAny("teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
  setBoardClock(() => ({ turn: 2 }));
});
afterEach(() => setBoardClock(() => null));

function unit(name: string, side: Side, hex: string, strength = 4, arm = "armour"): FakeActorT {
  const actor = new harness.Actor({
    name,
    type: "unit",
    system: unitSystem(side, { arm, size: side === "wp" ? "division" : "brigade", strength: { value: strength, max: strength } }),
  });
  harness.placeTokenAt(actor, at(hex));
  truth.push({ ref: actor.uuid, side, name, hex, strength });
  return actor;
}

/** Everything of `side`'s card that reached a browser, and the context its HTML was rendered from. */
function wireOf(side: Side): unknown[] {
  const card = sideCards().find((m) => m.system["side"] === side);
  expect(card).toBeDefined();
  const rendered = chatFake.rendered.filter((r) => r.path === SIDE_CARD_TEMPLATE && (r.data as Raw)["side"] === side).map((r) => r.data);
  expect(rendered.length).toBeGreaterThan(0);
  return [messageWire(card!), ...rendered];
}

function leaksFor(side: Side, sights: ReadonlyMap<string, Sight> = new Map(), allowedHexes: string[] = []): string[] {
  const secrets = secretsFor(truth, side, sights, { allowedHexes });
  return wireOf(side).flatMap((w) => findLeaks(w, secrets));
}

describe("a ground combat posted double-blind", () => {
  let actors: Record<keyof CombatRefs, FakeActorT>;
  let id: string;

  beforeEach(async () => {
    truth = [];
    actors = {
      gds: unit(NAMES.gds, "wp", "0403", 8),
      mr: unit(NAMES.mr, "wp", "0404", 4, "motorRifle"),
      bde: unit(NAMES.bde, "nato", "0303", 4),
      acr: unit(NAMES.acr, "nato", "0303", 3, "recce"),
      art: unit(NAMES.art, "nato", "0303", 2, "artillery"),
    };
    harness.game["actors"] = Object.values(actors);
    harness.game["items"] = [];
    const refs = Object.fromEntries(Object.entries(actors).map(([k, v]) => [k, v.uuid])) as unknown as CombatRefs;
    const combat = resolveCombat(refs, 6);
    const message = (await postResolution({
      title: "Ground combat on hex 0303",
      resolution: combat.resolution,
      groundCombat: { plan: combat.plan, outcome: combat.outcome },
    })) as { id: string };
    id = message.id;
  });

  it("is one createDocuments call: the GMs' card to the GMs, a card per side to its players, linked by a key", () => {
    expect(chatFake.batches).toEqual([3]);
    const gm = gmCard(id);
    expect(gm.type).toBe("resolution");
    expect(gm.whisper).toEqual(["gm", "gm2"].filter((u) => chatFake.users.get(u)?.isGM === true));
    const link = (gm.flags["nobc"] as Raw)["sideLink"];
    expect(typeof link).toBe("string");
    const bySide = new Map(sideCards().map((m) => [m.system["side"], m]));
    expect(bySide.get("nato")!.whisper).toEqual(["p1"]);
    expect(bySide.get("wp")!.whisper).toEqual(["p2"]);
    for (const m of sideCards()) {
      expect(m.system["link"]).toBe(link);
      expect(m.system["state"]).toBe("pending");
    }
  });

  it("neither side's card holds a name, id, hex or strength of an enemy piece it does not know", () => {
    expect(leaksFor("nato")).toEqual([]);
    expect(leaksFor("wp", new Map(), ["0303"])).toEqual([]);
    // The GMs' card holds them all (the sweep finds them there): what is sent regardless, docs/authority.md.
    expect(findLeaks(messageWire(gmCard(id)), secretsFor(truth, "nato", new Map())).length).toBeGreaterThan(0);
  });

  it("Apply and Undo show on the side cards, each in the GMs' card's one updateDocuments call", async () => {
    // A player's message of the subtype carrying the same key (read from the console) is not a side card of it.
    const forged = sideCards()[0]!;
    chatFake.actAs("p1");
    const fake = (await ChatMessage.create({
      type: "sideCard",
      content: "forged",
      system: structuredClone(forged.system),
    } as never)) as unknown as {
      id: string;
    };
    chatFake.actAs("gm");
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(chatFake.messages.get(fake.id)!.content).toBe("forged");
    expect(chatFake.messages.get(fake.id)!.system["state"]).toBe("pending");
    chatFake.messages.delete(fake.id);
    expect(gmCard(id).system["state"]).toBe("applied");
    expect(sideCards().map((m) => m.system["state"])).toEqual(["applied", "applied"]);
    // The last write of Apply: the GMs' card and both side cards together.
    expect(chatFake.updateBatches).toEqual([3]);
    // Combat showed each side who fought (the knowledge Apply wrote): NATO's card now names the attackers by their faces.
    const nato = () => JSON.stringify(messageWire(sideCards().find((m) => m.system["side"] === "nato")!));
    expect(nato()).toContain(NAMES.gds);
    const known = (harness.scene!.flags["nobc"] as Raw)["knowledge"] as Raw;
    const sights = new Map(
      Object.entries(known["nato"] as Raw).map(([pieceId, k]) => {
        const entry = k as {
          hex: string;
          turn: number;
          face: { kind: "unit"; name: string; size: "division"; arm: "armour"; nationality: string };
        };
        return [`Actor.${pieceId}`, { kind: "counter" as const, hex: entry.hex, turn: entry.turn, face: entry.face }];
      }),
    );
    expect(sights.size).toBeGreaterThan(0);
    expect(leaksFor("nato", sights)).toEqual([]);
    chatFake.rendered.length = 0;
    expect(await requestCardAction("undo", id)).toEqual({ ok: true });
    expect(sideCards().map((m) => m.system["state"])).toEqual(["reverted", "reverted"]);
    expect(chatFake.updateBatches).toEqual([3, 3]);
    // Undo took the knowledge back, and the card's names with it.
    expect(nato()).not.toContain(NAMES.gds);
    expect(leaksFor("nato")).toEqual([]);
  });
});

describe("a ground combat's hits split anew, double-blind", () => {
  it("the defender's card shows the new split, in the GMs' card's one updateDocuments call", async () => {
    truth = [];
    const actors = {
      gds: unit(NAMES.gds, "wp", "0403", 8),
      mr: unit(NAMES.mr, "wp", "0404", 4, "motorRifle"),
      bde: unit(NAMES.bde, "nato", "0303", 4),
      acr: unit(NAMES.acr, "nato", "0303", 3, "recce"),
      art: unit(NAMES.art, "nato", "0303", 2, "artillery"),
    };
    harness.game["actors"] = Object.values(actors);
    harness.game["items"] = [];
    const refs = Object.fromEntries(Object.entries(actors).map(([k, v]) => [k, v.uuid])) as unknown as CombatRefs;
    const combat = resolveCombat(refs, 6);
    const { id } = (await postResolution({
      title: "Ground combat on hex 0303",
      resolution: combat.resolution,
      groundCombat: { plan: combat.plan, outcome: combat.outcome },
    })) as { id: string };
    const natoCard = () => sideCards().find((m) => m.system["side"] === "nato")!;
    const hitsOn = (name: string) =>
      ((natoCard().system["view"] as { changes: { key: string; data: Raw }[] }).changes.find((c) => c.data["name"] === name)?.data[
        "count"
      ] ?? 0) as number;
    // Heavy fighting: the defenders share 3 hits, the artillery's 1 dropped; the other 2 all on the brigade now.
    expect(hitsOn(NAMES.acr)).toBe(1);
    expect(
      await requestSetSplit(id, "defenders", [
        { actor: actors.bde.uuid, hits: 2 },
        { actor: actors.acr.uuid, hits: 0 },
      ]),
    ).toEqual({ ok: true });
    expect(chatFake.updateBatches).toEqual([3]);
    expect(hitsOn(NAMES.bde)).toBe(2);
    expect(hitsOn(NAMES.acr)).toBe(0);
    expect(leaksFor("nato")).toEqual([]);
  });
});

describe("a move, a retreat and a rear-area attack posted double-blind", () => {
  let n1: FakeActorT;
  let w1: FakeActorT;

  beforeEach(() => {
    truth = [];
    n1 = unit("3 PzBrig", "nato", "0202");
    w1 = unit("1 MRR", "wp", "0205", 4, "motorRifle");
    harness.game["actors"] = [n1, w1];
    harness.game["items"] = [];
  });

  const post = async (effects: Effect[], extra: Raw = {}): Promise<string> =>
    (
      (await postResolution({
        title: "Move",
        resolution: { breakdown: [], rolls: [], outcome: "ok", effects },
        ...extra,
      })) as { id: string }
    ).id;

  it("a player's move concerns their side only: the GMs' card and NATO's", async () => {
    const id = await post([{ type: "moved", actor: n1.uuid, path: ["0203", "0204"], from: "0202" }], { requestedBy: "p1" });
    expect(chatFake.batches).toEqual([2]);
    expect(sideCards().map((m) => m.whisper)).toEqual([["p1"]]);
    expect(leaksFor("nato")).toEqual([]);
    expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(sideCards()[0]!.system["state"]).toBe("applied");
  });

  it("a retreat of the Warsaw Pact's unit goes to the Warsaw Pact's players only", async () => {
    await post(
      [
        { type: "retreat", actor: w1.uuid, hexes: 1 },
        { type: "moved", actor: w1.uuid, path: ["0206"], from: "0205" },
      ],
      { title: "Retreat", requestedBy: "p2" },
    );
    expect(sideCards().map((m) => m.whisper)).toEqual([["p2"]]);
    expect(leaksFor("wp")).toEqual([]);
  });

  it("a rear-area attack goes to both sides; its identification stays on the GMs' card", async () => {
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: hqSystem("nato") });
    const intel = hq.addItem({ name: "Intelligence", type: "supportCard", system: { category: "intelligence", side: "nato" } });
    const recce = hq.addItem({ name: "Air Recce", type: "supportCard", system: { category: "airRecce", side: "nato" } });
    harness.game["actors"] = [n1, w1, hq];
    truth.push({ ref: hq.uuid, side: "nato", name: "I Corps" }, { ref: intel.uuid, side: "nato", name: "Intelligence" });
    const identifies = { side: "nato", hex: "0205", cards: [intel.uuid, recce.uuid] };
    const id = await post([{ type: "hits", actor: w1.uuid, amount: 1 }], {
      title: "Rear-area attack on 0205",
      identifies,
      requestedBy: "p1",
    });
    expect(gmCard(id).system["identifies"]).toEqual(identifies);
    expect(
      sideCards()
        .map((m) => m.system["side"])
        .sort(),
    ).toEqual(["nato", "wp"]);
    for (const m of sideCards()) expect(JSON.stringify(messageWire(m))).not.toContain("identifies");
    expect(leaksFor("nato", new Map(), ["0205"])).toEqual([]);
    expect(leaksFor("wp")).toEqual([]);
    expect(JSON.stringify(wireOf("wp"))).not.toContain("Intelligence");
  });
});

describe("at an open table", () => {
  it("a card is posted as before: one message, whispered to no one, no side card", async () => {
    await setAny("hiddenInformation", "open");
    truth = [];
    const n1 = unit("3 PzBrig", "nato", "0202");
    harness.game["actors"] = [n1];
    const message = (await postResolution({
      title: "Move",
      resolution: { breakdown: [], rolls: [], outcome: "ok", effects: [{ type: "moved", actor: n1.uuid, path: ["0203"], from: "0202" }] },
      requestedBy: "p1",
    })) as { id: string; whisper: string[]; flags: Raw };
    expect(chatFake.batches).toEqual([]);
    expect(messages()).toHaveLength(1);
    expect(message.whisper).toEqual([]);
    expect(message.flags["nobc"]).toBeUndefined();
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: true });
    expect(chatFake.updateBatches).toEqual([]);
  });
});

describe("a player's message of the side-card subtype", () => {
  it("is marked as not the umpire's card when shown", async () => {
    const { decorateCard } = await import("../../src/queries/card-controls");
    chatFake.actAs("p1");
    const fake = (await ChatMessage.create({
      type: "sideCard",
      content: "<p>forged</p>",
      system: { side: "nato", link: "k", state: "applied", view: {} },
    } as never)) as unknown as Parameters<typeof decorateCard>[0];
    chatFake.actAs("gm");
    // The message element as the hook gets it, reduced to what the decoration touches (no DOM here).
    const classes = new Set<string>();
    const prepended: { textContent?: string }[] = [];
    const html = {
      classList: { add: (c: string) => classes.add(c) },
      querySelector: () => null,
      prepend: (node: { textContent?: string }) => prepended.push(node),
      ownerDocument: { createElement: () => ({}) },
    } as unknown as HTMLElement;
    decorateCard(fake, html);
    expect(classes.has("nobc-not-umpire")).toBe(true);
    expect(prepended.map((n) => n.textContent)).toEqual(["NOBC.CardLife.Lookalike"]);
  });
});
