/**
 * The invariants of the bot games (tests/fuzz/invariants.ts, issue #37): a small real world played
 * over the multi-client harness (a GM's client, a player's, and the server) gives clean steps (a
 * ground-combat card applied and undone, a support card assigned, the tracker advanced, a player's
 * refused write), which pass every invariant; then each invariant is shown to catch a fault planted
 * in a copy of one of those steps (a write that drops a hit, a unit's second token, a card left
 * applying, …), and the fault is reported by that invariant.
 */
import "../harness/install";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import { smallMap } from "../map/fixture";
import { serverOf, takeSnapshot } from "./snapshot";
import { checkStep, INVARIANTS, KNOWN_BLIND_GAPS } from "./invariants";
import type { BotAction, PlayerReach, Step, WorldSnapshot } from "./contract";
import { messageWire, secretsFor, type TruthDoc } from "../sweep/leaks";
import type * as CardActions from "../../src/queries/card-actions";
import type * as CardControls from "../../src/queries/card-controls";
import type * as ResolutionCard from "../../src/chat/resolution-card";
import type { RequestingUser } from "../../src/queries/card-actions";
import { groundCombatEffects, type GroundCombatOutcome, type GroundCombatPlan } from "../../src/rules/nobc/land/combat";
import { unwrap, type Effect } from "../../src/rules/index";
import { applyHits } from "../../src/rules/nobc/land/hits";
import { combatUnits, GALLERY_REFS, resolveCombat } from "../chat/combat-fixture";

type Raw = Record<string, unknown>;
type Collection = "actors" | "items" | "tokens" | "scenes" | "combats" | "messages";

let net: Network;

/** The steps of the game below, each as the driver gives them. */
const steps: Record<"combat" | "undo" | "assign" | "advance" | "refused" | "eliminate", Step> = {} as never;
/** Ids of the world's documents (the same on every copy). */
const ids: Record<string, string> = {};

const action = (kind: string, user = "gm", args: Raw = {}): BotAction => ({ index: 0, user, kind, args });

/** The server's world and every client's, before and after `act`, once the wire settled. */
async function step(kind: string, act: () => Promise<unknown>, more: Partial<Step> = {}): Promise<Step> {
  const server = serverOf(net);
  const before = takeSnapshot(server);
  await act();
  await net.settle();
  return {
    seed: 1,
    turn: 1,
    stage: "groundCombat",
    action: action(kind),
    outcome: "done",
    before,
    after: takeSnapshot(server),
    clients: net.clients.map((c) => takeSnapshot(c)),
    errors: [],
    ...more,
  };
}

const uuid = (name: string): string => `Actor.${ids[name]!}`;

/** The combat of tests/chat/combat-fixture.ts on this world's units, resolved by the rules with a 3: both sides share their hits. */
function combat(): { plan: GroundCombatPlan; outcome: GroundCombatOutcome; effects: Effect[] } {
  const refs = { gds: uuid("gds"), mr: uuid("mr"), bde: uuid("bde"), acr: uuid("acr"), art: uuid("art") };
  const { plan, outcome } = resolveCombat(refs, 3);
  return { plan, outcome, effects: unwrap(groundCombatEffects(plan, outcome, {})) };
}

beforeAll(async () => {
  net = await Network.open({ users: ["gm", "p1"], delay: () => 5 });
  await net.world((c) => {
    const { harness, chatFake } = c.entry;
    harness.setSceneFlag("terrain", smallMap());
    // The units of the combat fixture, each at full strength, on the test map's hexes.
    const units = combatUnits(GALLERY_REFS);
    const place = (key: keyof typeof units, col: number, row: number) => {
      const u = units[key];
      const system = { side: u.side, size: u.size, arm: u.arm, mode: u.mode, strength: { value: u.strength, max: u.strength } };
      const a = new harness.Actor({ name: key, type: "unit", system: { ...system, supply: u.arm === "artillery" ? 0 : 1 } });
      harness.placeToken(a, col, row);
      if (u.side === "nato") chatFake.own(a, "p1");
      ids[key] = a.id;
    };
    place("gds", 1, 0);
    place("mr", 1, 1);
    place("bde", 0, 0);
    place("acr", 0, 1);
    place("art", 0, 1);
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: { side: "nato", level: { value: 2, max: 4 }, radius: 2 } });
    harness.placeToken(hq, 0, 2);
    chatFake.own(hq, "p1");
    ids["hq"] = hq.id;
    ids["card"] = hq.addItem({ name: "Engineers", type: "supportCard", system: { side: "nato", category: "engineer" } }).id;
    ids["scene"] = harness.scene!.id;
    ids["turn"] = new harness.Combat({ type: "nobcTurn", system: { turn: 1, stage: 14, reached: 32 } }).id;
  });
  const code = new Map<Client, { actions: typeof CardActions; post: typeof ResolutionCard.postResolution }>();
  for (const c of net.clients) {
    const controls = await c.load<typeof CardControls>("src/queries/card-controls");
    c.run(() => controls.registerChat());
    code.set(c, {
      actions: await c.load<typeof CardActions>("src/queries/card-actions"),
      post: (await c.load<typeof ResolutionCard>("src/chat/resolution-card")).postResolution,
    });
  }
  const gm = net.client("gm");
  const p1 = net.client("p1");
  const gmCode = code.get(gm)!;
  const me = (c: Client): RequestingUser => c.run(() => game.user as unknown as RequestingUser);
  const doc = (c: Client, id: string) => c.run(() => c.entry.harness.documents().find((d) => d.id === id))!;

  // The card is posted first (its own step is not checked here): Apply is the step.
  const { plan, outcome, effects } = combat();
  const message = (await gm.run(() =>
    gmCode.post({ title: "Combat", resolution: { breakdown: [], rolls: [], outcome: "1/2", effects }, groundCombat: { plan, outcome } }),
  )) as { id: string };
  await net.settle();
  ids["message"] = message.id;
  steps.combat = await step("card:apply", () => gm.run(() => gmCode.actions.performCardAction("apply", message.id, me(gm))));
  steps.undo = await step("card:undo", () => gm.run(() => gmCode.actions.performCardAction("undo", message.id, me(gm))), {
    undoes: steps.combat.before,
  });
  steps.assign = await step("assign-card", () => gm.run(() => doc(gm, ids["card"]!).update({ "system.assignedTo": uuid("bde") })));
  steps.advance = await step(
    "tracker:advance",
    () => gm.run(() => doc(gm, ids["turn"]!).update({ "system.stage": 15, "system.reached": 33 })),
    {
      advancedBy: "tracker",
    },
  );
  // A player's write of a rules value of a unit they do not own: the server refuses it.
  steps.refused = await step(
    "console-edit",
    async () => {
      await expect(p1.run(() => doc(p1, ids["gds"]!).update({ "system.strength.value": 1 }))).rejects.toThrow(/permission/);
    },
    { outcome: "refused" },
  );
  // A card whose hits eliminate a unit (the rules' hits on it: its strength and more): its strength goes to 0, its token off the board.
  const gone = (await gm.run(() =>
    gmCode.post({
      title: "Strike",
      resolution: { breakdown: [], rolls: [], outcome: "x", effects: applyHits({ id: uuid("mr"), strength: 4 }, 5).effects },
    }),
  )) as { id: string };
  await net.settle();
  ids["gone"] = gone.id;
  steps.eliminate = await step("card:apply", () => gm.run(() => gmCode.actions.performCardAction("apply", gone.id, me(gm))));
});

afterAll(() => {
  net.close();
  removeAccessors();
});

/** A copy of `world` with one entry of `collection` changed by `edit` (on a deep copy), or removed when `edit` returns undefined. */
function edited(world: WorldSnapshot, collection: Collection, key: string, edit: (raw: Raw) => Raw | undefined): WorldSnapshot {
  const entries = new Map(world[collection]);
  const raw = entries.get(key);
  if (raw === undefined) throw new Error(`${collection} holds no ${key}`);
  const next = edit(structuredClone(raw));
  if (next === undefined) entries.delete(key);
  else entries.set(key, next);
  return { ...world, [collection]: entries };
}

/** A copy of `world` with a new entry. */
function added(world: WorldSnapshot, collection: Collection, key: string, raw: Raw): WorldSnapshot {
  return { ...world, [collection]: new Map([...world[collection], [key, raw]]) };
}

const system = (raw: Raw): Raw => raw["system"] as Raw;
const strengthOf = (world: WorldSnapshot, name: string): number =>
  (system(world.actors.get(ids[name]!)!)["strength"] as Raw)["value"] as number;
const withStrength = (world: WorldSnapshot, name: string, value: number): WorldSnapshot =>
  edited(world, "actors", ids[name]!, (raw) => {
    (system(raw)["strength"] as Raw)["value"] = value;
    return raw;
  });
const tokenKeyOf = (world: WorldSnapshot, name: string): string => [...world.tokens].find(([, t]) => t["actorId"] === ids[name])![0];
/** Full strength of each unit (tests/chat/combat-fixture.ts). */
const full: Record<string, number> = { gds: 8, mr: 4, bde: 4, acr: 3, art: 2 };
/** The hits the rules' proposal gives unit `name` in the combat. */
function hitsOn(name: string): number {
  const { outcome } = combat();
  return [...outcome.attackerHits.proposal, ...outcome.defenderHits.proposal].find((p) => p.actor === uuid(name))?.hits ?? 0;
}
/** A defender the combat hits. */
const hit = (): string => (hitsOn("bde") > 0 ? "bde" : "acr");
const cardKey = (): string => `${ids["hq"]!}.${ids["card"]!}`;

/** `s` with a fault planted in the server's world after it, which every client's copy shares (so only the fault is reported). */
function fault(s: Step, after: WorldSnapshot): Step {
  return { ...s, after, clients: s.clients.map((c) => ({ ...after, of: c.of })) };
}

/** The invariants that report something about `step`. */
function caught(step: Step): string[] {
  return [...new Set(checkStep(step).map((v) => v.invariant))];
}

describe("the clean steps of a small game", () => {
  it("played as the rules say: the card's hits landed, the Undo put them back, the card is assigned, the turn moved on", () => {
    // Odds 1:1 in woods, a 3: "Attack beaten off", each side's hits shared (tests/chat/combat-fixture.ts).
    for (const name of ["gds", "mr", "bde", "acr"]) expect(strengthOf(steps.combat.after, name)).toBe(full[name]! - hitsOn(name));
    expect(hitsOn("gds") + hitsOn("mr")).toBeGreaterThan(0);
    expect(hitsOn("bde") + hitsOn("acr")).toBeGreaterThan(0);
    expect(strengthOf(steps.combat.after, "art")).toBe(2);
    for (const name of ["gds", "mr", "bde", "acr"]) expect(strengthOf(steps.undo.after, name)).toBe(full[name]);
    expect(system(steps.combat.after.messages.get(ids["message"]!)!)["state"]).toBe("applied");
    expect(system(steps.undo.after.messages.get(ids["message"]!)!)["state"]).toBe("reverted");
    expect(system(steps.assign.after.items.get(cardKey())!)["assignedTo"]).toBe(uuid("bde"));
    expect(system(steps.advance.after.combats.get(ids["turn"]!)!)["stage"]).toBe(15);
    expect(steps.combat.clients.map((c) => c.of)).toEqual(["gm", "p1"]);
  });

  it("a unit eliminated by a card's hits: its strength at 0, its token gone", () => {
    expect(strengthOf(steps.eliminate.before, "mr")).toBe(4);
    expect(strengthOf(steps.eliminate.after, "mr")).toBe(0);
    expect([...steps.eliminate.before.tokens.values()].some((t) => t["actorId"] === ids["mr"])).toBe(true);
    expect([...steps.eliminate.after.tokens.values()].some((t) => t["actorId"] === ids["mr"])).toBe(false);
  });

  it.each(["combat", "undo", "assign", "advance", "refused", "eliminate"] as const)("the %s step passes every invariant", (name) => {
    expect(checkStep(steps[name])).toEqual([]);
  });

  it("a check that throws on a step is reported as that invariant's violation, and the others still run", () => {
    const broken = { ...steps.assign, clients: [null as unknown as WorldSnapshot], errors: ["boom"] };
    expect(checkStep(broken)).toEqual([
      { invariant: "no-errors", detail: "boom" },
      { invariant: "clients-agree", detail: expect.stringContaining("the check threw") as string },
    ]);
  });

  it("every invariant names its rule", () => {
    expect(new Set(INVARIANTS.map((i) => i.name)).size).toBe(INVARIANTS.length);
    for (const i of INVARIANTS) expect(i.rule.length).toBeGreaterThan(40);
  });
});

describe("each invariant catches a planted fault", () => {
  it("no-errors: an error logged during the step", () => {
    expect(caught({ ...steps.assign, errors: ["console.error: nobc | card drop on a token failed"] })).toEqual(["no-errors"]);
  });

  it("documents-valid: a strength above its maximum, supply above capacity, a blank name, a card out of its model", () => {
    const s = steps.assign;
    const lowMax = edited(s.after, "actors", ids["acr"]!, (raw) => ({
      ...raw,
      system: { ...system(raw), strength: { value: 3, max: 2 } },
    }));
    expect(caught(fault(s, lowMax))).toEqual(["documents-valid"]);
    // A strength below 0 (hits-conserved sees a strength lost with no card too).
    expect(caught(fault(s, withStrength(s.after, "acr", -1)))).toContain("documents-valid");
    const tooMuch = edited(s.after, "actors", ids["acr"]!, (raw) => ({ ...raw, system: { ...system(raw), supply: 40 } }));
    expect(checkStep(fault(s, tooMuch)).map((v) => v.detail)).toEqual([expect.stringContaining("above its capacity")]);
    const blank = edited(s.after, "actors", ids["acr"]!, (raw) => ({ ...raw, name: " " }));
    expect(caught(fault(s, blank))).toEqual(["documents-valid"]);
    const badCard = edited(s.after, "messages", ids["message"]!, (raw) => ({ ...raw, system: { ...system(raw), state: "lost" } }));
    expect(caught(fault(s, badCard))).toContain("documents-valid");
    const halfHex = edited(s.after, "tokens", tokenKeyOf(s.after, "acr"), (raw) => ({ ...raw, x: (raw["x"] as number) + 0.5 }));
    expect(caught(fault(s, halfHex))).toEqual(["documents-valid"]);
  });

  it("documents-valid: a scene's map state or terrain map out of its schema", () => {
    const s = steps.assign;
    const scene = (edit: (nobc: Raw) => void) =>
      edited(s.after, "scenes", ids["scene"]!, (raw) => {
        edit((raw["flags"] as Raw)["nobc"] as Raw);
        return raw;
      });
    const mines = scene((nobc) => void (nobc["mapState"] = { format: "nobc-map-state/1", mines: { "0101": { side: "red" } } }));
    expect(checkStep(fault(s, mines)).map((v) => v.detail)).toEqual([expect.stringContaining("its map state is out of shape")]);
    const terrain = scene((nobc) => void ((nobc["terrain"] as Raw)["rows"] = 0));
    expect(checkStep(fault(s, terrain)).map((v) => v.detail)).toEqual([expect.stringContaining("its terrain map is out of shape")]);
  });

  it("documents-valid: more MP than the March Mode allowance, or MP between halves", () => {
    const s = steps.advance;
    const mp = (value: number) =>
      edited(s.after, "actors", ids["acr"]!, (raw) => ({ ...raw, system: { ...system(raw), movementPoints: value } }));
    expect(caught(fault(s, mp(6)))).toEqual([]);
    expect(checkStep(fault(s, mp(6.5))).map((v) => v.detail)).toEqual([expect.stringContaining("above the largest allowance 6")]);
    expect(caught(fault(s, mp(0.25)))).toEqual(["documents-valid"]);
  });

  it("unit-in-one-place: a unit's second token on the board", () => {
    const s = steps.assign;
    const key = tokenKeyOf(s.after, "bde");
    const twice = added(s.after, "tokens", `${ids["scene"]!}.SecondToken00001`, { ...s.after.tokens.get(key)!, _id: "SecondToken00001" });
    const detail = checkStep(fault(s, twice));
    expect(detail.map((v) => v.invariant)).toEqual(["unit-in-one-place"]);
    expect(detail[0]!.detail).toContain(`actor ${ids["bde"]!}`);
    const orphan = edited(s.after, "tokens", key, (raw) => ({ ...raw, actorId: "NoSuchActor00001" }));
    expect(caught(fault(s, orphan))).toContain("unit-in-one-place");
  });

  it("unit-on-the-map: a unit's token outside the scene, or on the scene but off the terrain map's hexes", () => {
    const s = steps.assign;
    const key = tokenKeyOf(s.after, "acr");
    const outside = edited(s.after, "tokens", key, (raw) => ({ ...raw, x: 5, y: 5 }));
    expect(caught(fault(s, outside))).toEqual(["unit-on-the-map"]);
    // Ten hexes east: inside the scene's 4000 pixels, past the 4 × 3 map.
    const offMap = edited(s.after, "tokens", key, (raw) => ({ ...raw, x: (raw["x"] as number) + 10 * 87 }));
    expect(checkStep(fault(s, offMap)).map((v) => v.detail)).toEqual([expect.stringContaining("not a hex of the map")]);
  });

  it("support-cards-held: a card assigned to the other side's unit, a card in two hands, a card held by a unit", () => {
    const s = steps.assign;
    const enemy = edited(s.after, "items", cardKey(), (raw) => ({ ...raw, system: { ...system(raw), assignedTo: uuid("gds") } }));
    expect(caught(fault(s, enemy))).toContain("support-cards-held");
    const copy = s.after.items.get(cardKey())!;
    const twoHands = added(s.after, "items", `${ids["acr"]!}.${ids["card"]!}`, structuredClone(copy));
    const report = checkStep(fault(s, twoHands))
      .filter((v) => v.invariant === "support-cards-held")
      .map((v) => v.detail);
    expect(report).toEqual([expect.stringContaining("held by"), expect.stringContaining("not an HQ")]);
  });

  it("support-card-assigned-within-rules: a card given to a unit beyond the HQ's radius, or past its level", () => {
    const s = steps.assign;
    // The HQ stands at 0103 with radius 2: u0 moved two columns east, to 0301, is three hexes from it.
    const far = edited(s.after, "tokens", tokenKeyOf(s.after, "bde"), (raw) => ({ ...raw, x: (raw["x"] as number) + 2 * 87 }));
    expect(caught(fault(s, far))).toEqual(["support-card-assigned-within-rules"]);
    const spent = edited(s.after, "actors", ids["hq"]!, (raw) => ({ ...raw, system: { ...system(raw), level: { value: 0, max: 4 } } }));
    expect(caught(fault(s, spent))).toEqual(["support-card-assigned-within-rules"]);
    // The same card already assigned before the step: nothing new to judge.
    expect(caught({ ...fault(s, spent), before: s.after })).toEqual([]);
  });

  it("card-states-consistent: a card left applying, a key held twice, a card applied whose plan is not in the documents", () => {
    const s = steps.combat;
    const id = ids["message"]!;
    const applying = edited(s.after, "messages", id, (raw) => ({ ...raw, system: { ...system(raw), state: "applying" } }));
    // Its hits landed, yet no card stands applied for them: hits-conserved sees that too.
    expect(caught(fault(s, applying))).toEqual(["card-states-consistent", "hits-conserved"]);
    const keyed = (world: WorldSnapshot) =>
      edited(world, "messages", id, (raw) => ({ ...raw, system: { ...system(raw), once: "orders:hq:1" } }));
    const withKey = keyed(s.after);
    // An earlier card, applied before this step, standing with the same key.
    const earlier = withKey.messages.get(id)!;
    const twice = {
      ...fault(s, added(withKey, "messages", "EarlierCard00001", earlier)),
      before: added(s.before, "messages", "EarlierCard00001", earlier),
    };
    expect(checkStep(twice).map((v) => v.detail)).toEqual([expect.stringContaining("orders:hq:1 is held by cards")]);
    // A write that drops a hit: the card says applied, a defender kept its strength.
    const dropped = withStrength(s.after, hit(), full[hit()]!);
    expect(caught(fault(s, dropped))).toContain("card-states-consistent");
    const unread = edited(s.after, "messages", id, (raw) => ({ ...raw, system: { ...system(raw), effects: [{ type: "nonsense" }] } }));
    // Unread, its hits are no card's: hits-conserved sees the strength lost with no card too.
    expect(caught(fault(s, unread))).toEqual(["card-states-consistent", "hits-conserved"]);
  });

  it("refusal-changes-nothing: a refused action that wrote a value", () => {
    const s = steps.refused;
    const supplied = edited(s.after, "actors", ids["gds"]!, (raw) => ({ ...raw, system: { ...system(raw), supply: 0 } }));
    expect(caught(fault(s, supplied))).toEqual(["refusal-changes-nothing"]);
    const posted = added(s.after, "messages", "RefusalNotice001", { _id: "RefusalNotice001", type: "base", system: {}, flags: {} });
    expect(caught(fault(s, posted))).toEqual(["refusal-changes-nothing"]);
    // The same change in a step that was done is no refusal's.
    expect(caught({ ...fault(s, supplied), outcome: "done" })).toEqual([]);
  });

  it("undo-restores: an Undo that leaves a hit, or a token", () => {
    const s = steps.undo;
    expect(caught(fault(s, withStrength(s.after, "mr", 3)))).toContain("undo-restores");
    const moved = edited(s.after, "tokens", tokenKeyOf(s.after, "mr"), (raw) => ({ ...raw, y: (raw["y"] as number) + 100 }));
    expect(caught(fault(s, moved))).toContain("undo-restores");
  });

  it("turn-moves-forward: a stage back, a stage moved outside the tracker, a furthest stage forgotten", () => {
    const s = steps.advance;
    expect(caught({ ...s, advancedBy: "other" })).toEqual(["turn-moves-forward"]);
    const { advancedBy: _tracker, ...unsaid } = s;
    expect(caught(unsaid)).toEqual(["turn-moves-forward"]);
    expect(caught({ ...fault(s, s.before), before: s.after })).toEqual(["turn-moves-forward"]);
    const forgot = edited(s.after, "combats", ids["turn"]!, (raw) => ({ ...raw, system: { ...system(raw), reached: 0 } }));
    expect(caught(fault(s, forgot))).toEqual(["turn-moves-forward"]);
    expect(
      caught(
        fault(
          s,
          edited(s.after, "combats", ids["turn"]!, () => undefined),
        ),
      ),
    ).toEqual(["turn-moves-forward"]);
  });

  it("clients-agree: a client that missed a write", () => {
    const s = steps.combat;
    const p1 = s.clients.find((c) => c.of === "p1")!;
    const stale = withStrength(p1, "gds", full["gds"]!);
    const report = checkStep({ ...s, clients: [s.clients[0]!, stale] });
    expect(report.map((v) => v.invariant)).toEqual(["clients-agree"]);
    expect(report[0]!.detail).toContain(`p1's copy differs from the server's: actors ${ids["gds"]!}`);
    const noCard = edited(p1, "messages", ids["message"]!, () => undefined);
    expect(caught({ ...s, clients: [noCard] })).toEqual(["clients-agree"]);
  });

  it("hits-conserved: a unit's strength lost with no card's hits, or a hit written twice", () => {
    const s = steps.assign;
    const report = checkStep(fault(s, withStrength(s.after, "acr", 2)));
    expect(report.map((v) => v.invariant)).toEqual(["hits-conserved"]);
    expect(report[0]!.detail).toBe(`unit ${ids["acr"]!} (acr) went from 3 to 2 strength; the cards applied in the step gave it no hits`);
    const c = steps.combat;
    const name = hit();
    const twice = checkStep(fault(c, withStrength(c.after, name, full[name]! - hitsOn(name) - 1))).filter(
      (v) => v.invariant === "hits-conserved",
    );
    expect(twice.map((v) => v.detail)).toEqual([
      expect.stringContaining(`the cards applied in the step gave it ${String(hitsOn(name))} hits`),
      expect.stringMatching(/lost \d+ strength, its hits were/),
    ]);
  });

  it("hits-conserved and card-states-consistent: an elimination that leaves strength, or the unit's token, on the board", () => {
    const s = steps.eliminate;
    const left = checkStep(fault(s, withStrength(s.after, "mr", 1)));
    expect(left.map((v) => v.invariant)).toEqual(["card-states-consistent", "hits-conserved"]);
    expect(left[1]!.detail).toContain("went from 4 to 1 strength; the cards applied in the step gave it 4 hits and eliminated it");
    const key = tokenKeyOf(s.before, "mr");
    const token = added(s.after, "tokens", key, s.before.tokens.get(key)!);
    expect(checkStep(fault(s, token)).map((v) => v.detail)).toEqual([expect.stringContaining(`Token.${key.split(".")[1]!} still exists`)]);
  });

  it("hits-conserved: a write that drops a hit, a split that loses one", () => {
    const s = steps.combat;
    const name = hit();
    const dropped = checkStep(fault(s, withStrength(s.after, name, full[name]!))).filter((v) => v.invariant === "hits-conserved");
    expect(dropped.map((v) => v.detail)).toEqual([
      expect.stringContaining(`unit ${ids[name]!} (${name}) went from ${String(full[name])} to ${String(full[name])} strength`),
      expect.stringMatching(new RegExp(`defender ${ids[name]!} \\(.*\\) lost 0 strength, its hits were ${String(hitsOn(name))}$`)),
    ]);
    // The owners' saved split gives the defenders one hit fewer than the combat did (taken from that unit), the card's
    // effects follow it (as a new split's do) and the unit lost one fewer: the split lost a hit of the combat's total.
    const split = edited(s.after, "messages", ids["message"]!, (raw) => {
      const gc = system(raw)["groundCombat"] as Raw;
      const proposal = (gc["outcome"] as { defenderHits: { proposal: { actor: string; hits: number }[] } }).defenderHits.proposal;
      gc["splits"] = { defenders: proposal.map((p) => ({ ...p, hits: p.actor === uuid(name) ? p.hits - 1 : p.hits })) };
      const effects = system(raw)["effects"] as { type: string; actor?: string; amount?: number }[];
      const onIt = effects.find((e) => e.type === "hits" && e.actor === uuid(name))!;
      onIt.amount = onIt.amount! - 1;
      return raw;
    });
    const report = checkStep(fault(s, withStrength(split, name, full[name]! - hitsOn(name) + 1))).filter(
      (v) => v.invariant === "hits-conserved",
    );
    const total = hitsOn("bde") + hitsOn("acr");
    expect(report.map((v) => v.detail)).toEqual([
      expect.stringContaining(`split adds up to ${String(total - 1)} hits, not the total ${String(total)}`),
    ]);
  });
});

describe("side-secrets-kept catches what a side does not know reaching its players", () => {
  // The truth: NATO's 34 PzBrig at 0101; the Pact's 3 MRR at 0304 (strength 4, unknown to NATO) and 2 MRR at 0401, which
  // NATO has located there (a contact: its hex is known, not its name).
  const truth: TruthDoc[] = [
    { ref: "Actor.nato34", side: "nato", name: "34 PzBrig", hex: "0101", strength: 3 },
    { ref: "Actor.wp3mrr", side: "wp", name: "3 MRR", hex: "0304", strength: 4 },
    { ref: "Actor.wp2mrr", side: "wp", name: "2 MRR", hex: "0401", strength: 5 },
  ];
  const sights = new Map([["Actor.wp2mrr", { kind: "contact" as const, hex: "0401", turn: 1 }]]);
  const secrets = secretsFor(truth, "nato", sights, { allowedHexes: ["0401"] });
  const sideCard = (lines: string[]) =>
    messageWire({ type: "sideCard", content: "", system: { side: "nato", lines }, flags: {}, whisper: ["p1"] });
  const reach = (reached: PlayerReach["reached"]): PlayerReach[] => [{ user: "p1", side: "nato", reached, secrets }];
  const report = (blind: PlayerReach[], blindGaps = KNOWN_BLIND_GAPS) => checkStep({ ...steps.assign, blind, blindGaps });

  it("clean: NATO's card names its own unit and the contact's hex, as NATO knows them", () => {
    const clean = reach([{ surface: "message", where: "#3 sideCard", data: sideCard(["34 PzBrig hit an enemy unit at 0401"]) }]);
    expect(report(clean)).toEqual([]);
  });

  it("a side card made from the truth (the enemy's name, UUID, hex and strength), a refusal naming it, a dialog's context", () => {
    const leaky = reach([
      { surface: "message", where: "#3 sideCard", data: sideCard(["34 PzBrig met 3 MRR in 0304"]) },
      { surface: "notice", where: "NOBC.Notify.Refused", data: { message: 'NOBC.Notify.Refused {"unit":"Actor.wp3mrr"}' } },
      { surface: "dialog-html", where: "templates/apps/land/orders.hbs", data: { enemy: { name: "an enemy unit", strength: 4 } } },
    ]);
    const found = report(leaky);
    expect([...new Set(found.map((v) => v.invariant))]).toEqual(["side-secrets-kept"]);
    expect(found.map((v) => v.detail)).toEqual([
      expect.stringMatching(/^p1 \(nato\), message #3 sideCard: name of Actor\.wp3mrr/),
      expect.stringMatching(/^p1 \(nato\), message #3 sideCard: hex of Actor\.wp3mrr/),
      expect.stringMatching(/^p1 \(nato\), notice NOBC\.Notify\.Refused: uuid of Actor\.wp3mrr/),
      expect.stringMatching(/^p1 \(nato\), notice NOBC\.Notify\.Refused: id of Actor\.wp3mrr/),
      expect.stringMatching(/^p1 \(nato\), dialog-html templates\/apps\/land\/orders\.hbs: strength of Actor\.wp3mrr/),
    ]);
  });

  it("a hex the player asked about is told back to them; another unknown hex is not", () => {
    const refusal = (hex: string) => ({
      surface: "notice" as const,
      where: "NOBC.Notify.Refused",
      data: { message: `over the allowance at ${hex}` },
    });
    const asked: PlayerReach[] = [{ user: "p1", side: "nato", reached: [refusal("0304")], secrets, asked: ["0303", "0304"] }];
    expect(report(asked)).toEqual([]);
    const other: PlayerReach[] = [{ user: "p1", side: "nato", reached: [refusal("0304")], secrets, asked: ["0303"] }];
    expect(report(other).map((v) => v.detail)).toEqual([expect.stringMatching(/hex of Actor\.wp3mrr/)]);
  });

  it("a known gap leaves out only its own surface, and each gap says why and names its issue", () => {
    const entry = reach([
      { surface: "notice", where: "NOBC.Notify.Refused NOBC.AirBattle.Refused.notOwned", data: { message: "3 MRR" } },
      { surface: "message", where: "#8 sideCard", data: { content: "3 MRR" } },
    ]);
    expect(report(entry).map((v) => v.detail)).toEqual([expect.stringMatching(/^p1 \(nato\), message #8 sideCard: name of/)]);
    expect(report(entry, []).length).toBe(2);
    for (const gap of KNOWN_BLIND_GAPS) {
      expect(gap.why.length).toBeGreaterThan(20);
      expect(gap.issue).toMatch(/^#\d+/);
    }
  });
});
