/**
 * What a player's dialogs read under double-blind (issue #30, item 3, "Dialogs and refusals"), over
 * the multi-client harness with the whole system on a GM's client and two players' (p1 NATO, p2 the
 * Warsaw Pact; ./system-clients.ts). The world reaches every client whole (the worst case of
 * docs/decisions/hidden-information.md): on p1's own client the Land dialogs' world, the planner's
 * field and the rear-area dialog's context hold their side's units and what NATO knows of the enemy
 * (a counter's face where it was last seen, a contact with no id or name), never the truth; p2's the
 * same for the Warsaw Pact; the GM's the truth. At an open table each player reads every unit again.
 *
 * The board (tests/turn/board-world.ts's map): 34 PzBrig 0201 and I Corps 0102 (NATO, with a card);
 * 1 MRR 0301, 2 MRR 0303, 3 MRR 0304 and 1 GTA 0502 (the Warsaw Pact, with a card). NATO has
 * identified 1 MRR (when it stood at 0302) and located 2 MRR; the Warsaw Pact has located 34 PzBrig.
 */
import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  docOn,
  noticesOn,
  onConsole,
  openSystemNetwork,
  sceneOn,
  ownedActor,
  quiet,
  systemWorld,
  type SystemTable,
} from "./system-clients";
import type { Client } from "../harness/clients";
import { boardMap } from "../turn/board-world";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import type * as LandWorldModule from "../../src/apps/land/world";
import type * as PlannerWorldModule from "../../src/apps/ground-combat/world";
import type * as RearState from "../../src/apps/land/rear-area/state";
import type * as RearContext from "../../src/apps/land/rear-area/context";
import type * as Foundry from "../../src/base/foundry";
import type * as Request from "../../src/apps/base/request";
import type * as PlannerController from "../../src/apps/ground-combat/controller";
import type { GroundCombatView } from "../../src/apps/ground-combat/context";

vi.setConfig({ testTimeout: 60_000 });

let t: SystemTable;
openSystemNetwork((table) => (t = table));

/** Everything NATO has not found: names, hexes, and the actors' ids (every copy has the same). */
const natoSecrets = () => ["2 MRR", "3 MRR", "1 GTA", "Front barrage", "0301", "0304", "0502", ...idsOf("2 MRR", "3 MRR", "1 GTA")];
/** What the Warsaw Pact has not found. */
const wpSecrets = () => ["I Corps", "Pioniere", "34 PzBrig", "0102", ...idsOf("I Corps", "34 PzBrig")];
const idsOf = (...names: string[]) => names.map((n) => docOn(t.gm, n).id);

beforeEach(async () => {
  await systemWorld(t, (h) => {
    const icorps = ownedActor(h, "I Corps", "hq", hqSystem("nato"), "p1");
    icorps.addItem({ id: "cardnato0000001", name: "Pioniere", type: "supportCard", system: cardSystem("nato", "engineer", 1, null) });
    icorps.addItem({ id: "cardnato0000002", name: "BND report", type: "supportCard", system: cardSystem("nato", "intelligence", 0, null) });
    icorps.addItem({ id: "cardnato0000003", name: "Recce flight", type: "supportCard", system: cardSystem("nato", "airRecce", 0, null) });
    icorps.addItem({ id: "cardnato0000004", name: "Lance", type: "supportCard", system: cardSystem("nato", "ssm", 2, null) });
    const n34 = ownedActor(h, "34 PzBrig", "unit", unitSystem("nato", { hq: icorps.uuid }), "p1");
    const gta = ownedActor(h, "1 GTA", "hq", hqSystem("wp"), "p2");
    gta.addItem({ id: "cardwp000000001", name: "Front barrage", type: "supportCard", system: cardSystem("wp", "combatModifier", 1, null) });
    const mrr = (name: string) => ownedActor(h, name, "unit", unitSystem("wp", { hq: gta.uuid, arm: "motorRifle" }), "p2");
    const [w1, w2, w3] = [mrr("1 MRR"), mrr("2 MRR"), mrr("3 MRR")];
    // Columns and rows from 0: hex 0201 is column 1, row 0.
    h.placeToken(icorps, 0, 1);
    h.placeToken(n34, 1, 0);
    h.placeToken(w1, 2, 0);
    h.placeToken(w2, 2, 2);
    h.placeToken(w3, 2, 3);
    h.placeToken(gta, 4, 1);
    h.setSceneFlag("terrain", boardMap());
    const id = (a: { uuid: string }) => a.uuid.slice("Actor.".length);
    h.setSceneFlag("knowledge", {
      format: "nobc-knowledge/1",
      nato: {
        [id(w1)]: {
          level: "identified",
          hex: "0302",
          turn: 1,
          face: { kind: "unit", name: "1 MRR", size: "brigade", arm: "motorRifle", nationality: "su" },
        },
        [id(w2)]: { level: "located", hex: "0303", turn: 1 },
      },
      wp: { [id(n34)]: { level: "located", hex: "0201", turn: 1 } },
    });
    return [icorps, n34, gta, w1, w2, w3];
  });
  await setting("teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
  await setting("hiddenInformation", "doubleBlind");
});

/** A world setting, written by the GM's client: every copy receives it. */
async function setting(key: string, value: unknown): Promise<void> {
  await t.gm.run(() => (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set("nobc", key, value));
  await quiet(t.net);
}

/** The Land dialogs' world, the planner's field and the rear-area dialog's context, as `client`'s own dialogs read them. */
async function dialogsOn(client: Client, side: "nato" | "wp") {
  const land = await client.load<typeof LandWorldModule>("src/apps/land/world");
  const planner = await client.load<typeof PlannerWorldModule>("src/apps/ground-combat/world");
  const rear = await client.load<typeof RearState>("src/apps/land/rear-area/state");
  const context = await client.load<typeof RearContext>("src/apps/land/rear-area/context");
  const foundry = await client.load<typeof Foundry>("src/base/foundry");
  return onConsole(client, () => {
    const world = land.readLandWorld();
    const plan = planner.readPlannerWorld();
    return {
      world,
      planner: plan.field,
      targets: rear.targets(world, side),
      context: context.rearAreaContext(world, rear.initialRearArea(side), foundry.translator()),
    };
  });
}

/** The text of what a dialog read: its field (names and markers as lists) and the rest as JSON. */
function sweep(read: Awaited<ReturnType<typeof dialogsOn>>): string {
  const field = (f: typeof read.planner) => ({ ...f, names: [...f.names], markers: [...f.markers], map: null });
  const { sights } = read.world;
  return JSON.stringify({
    world: field(read.world.field),
    sights: sights === undefined ? null : { ...sights, identified: [...sights.identified] },
    planner: field(read.planner),
    targets: read.targets,
    context: read.context,
  });
}

describe("under double-blind each player's dialogs read their side's sights, never the truth", () => {
  it("NATO's client: its own units, 1 MRR as the face NATO saw where it saw it, 2 MRR as a contact; no trace of the rest", async () => {
    const read = await dialogsOn(t.p1, "nato");
    const units = read.world.field.units.map((u) => [u.name, u.side, u.hex]);
    expect(units).toEqual([
      ["34 PzBrig", "nato", "0201"],
      ["1 MRR", "wp", "0302"],
    ]);
    expect(read.world.field.hqs.map((h) => h.name)).toEqual(["I Corps"]);
    expect(read.world.sights?.contacts).toEqual([{ key: "contact:0303", hex: "0303", turn: 1 }]);
    expect(read.planner.units.map((u) => u.name)).toEqual(["34 PzBrig", "1 MRR"]);
    // The rear-area dialog offers what NATO knows out of contact: 2 MRR's contact, by its key and with no name
    // (1 MRR, where NATO saw it, is next to 34 PzBrig).
    expect(read.targets).toEqual([{ id: "contact:0303", name: "", hex: "0303" }]);
    const text = sweep(read);
    for (const secret of natoSecrets()) expect(text).not.toContain(secret);
  });

  it("the Warsaw Pact's client: its own units, 34 PzBrig only as a contact", async () => {
    const read = await dialogsOn(t.p2, "wp");
    expect(read.world.field.units.every((u) => u.side === "wp")).toBe(true);
    expect(read.world.sights?.contacts).toEqual([{ key: "contact:0201", hex: "0201", turn: 1 }]);
    expect(read.targets).toEqual([]);
    const text = sweep(read);
    for (const secret of wpSecrets()) expect(text).not.toContain(secret);
  });

  it("the GM's client reads the truth; at an open table the players do again", async () => {
    const gm = await dialogsOn(t.gm, "nato");
    expect(gm.world.field.units.map((u) => [u.name, u.hex])).toEqual([
      ["34 PzBrig", "0201"],
      ["1 MRR", "0301"],
      ["2 MRR", "0303"],
      ["3 MRR", "0304"],
    ]);
    expect(gm.world.sights).toBeUndefined();
    await setting("hiddenInformation", "open");
    const open = await dialogsOn(t.p1, "nato");
    expect(open.world.field.units.map((u) => u.name)).toEqual(["34 PzBrig", "1 MRR", "2 MRR", "3 MRR"]);
    expect(open.world.sights).toBeUndefined();
    expect(open.targets.map((x) => x.name)).toEqual(["1 GTA", "2 MRR", "3 MRR"]);
  });
});

describe("a rear-area attack on a contact under double-blind", () => {
  const card = (client: Client, name: string) => docOn(client, "I Corps").items.find((i) => i.name === name)!.uuid;

  it("NATO's player aims at 2 MRR's contact: the dialog cannot price it and says so; the GM resolves it against 2 MRR", async () => {
    const rear = await t.p1.load<typeof RearState>("src/apps/land/rear-area/state");
    const context = await t.p1.load<typeof RearContext>("src/apps/land/rear-area/context");
    const land = await t.p1.load<typeof LandWorldModule>("src/apps/land/world");
    const foundry = await t.p1.load<typeof Foundry>("src/base/foundry");
    const state = {
      ...rear.initialRearArea("nato", "contact:0303"),
      identification: [card(t.p1, "BND report"), card(t.p1, "Recce flight")] as const,
      strikes: { [card(t.p1, "Lance")]: "" },
    };
    const view = onConsole(t.p1, () => context.rearAreaContext(land.readLandWorld(), state, foundry.translator()));
    expect(view).toMatchObject({ canPost: true, refusals: [], lines: [], faces: [] });
    expect(view.contactNote).toContain("NOBC.Land.Check.contactTarget");
    expect(view.targets.find((o) => o.value === "contact:0303")?.label).toBe('NOBC.Land.Rear.ContactTarget {"hex":"0303"}');
    for (const secret of natoSecrets().filter((x) => x !== "0303")) expect(JSON.stringify(view)).not.toContain(secret);

    const request = await t.p1.load<typeof Request>("src/apps/base/request");
    const asked = await onConsole(t.p1, () => request.requestResolution("land.rearArea", state));
    await quiet(t.net);
    expect(asked.ok).toBe(true);
    // The GM's card: the attack on what stood there (2 MRR), whose cards identify the hex.
    const posted = [...t.p1.entry.chatFake.messages.values()].filter((m) => m.type === "resolution").at(-1)!;
    expect((posted.system as Record<string, unknown>)["identifies"]).toEqual({
      side: "nato",
      hex: "0303",
      cards: [card(t.gm, "BND report"), card(t.gm, "Recce flight")],
    });
    expect(JSON.stringify(posted.system)).toContain(docOn(t.gm, "2 MRR").uuid);
  });

  it("a contact whose hex is empty now is refused by the GM, naming the hex only", async () => {
    const rear = await t.p1.load<typeof RearState>("src/apps/land/rear-area/state");
    const request = await t.p1.load<typeof Request>("src/apps/base/request");
    // NATO's knowledge keeps 2 MRR at 0303; it has gone to 0203 since (the GM's hand).
    const w2 = docOn(t.gm, "2 MRR");
    await t.gm.run(async () => {
      const token = (
        sceneOn(t.gm).tokens as unknown as { actorId: string; update(d: object): Promise<unknown>; x: number; y: number }[]
      ).find((x) => x.actorId === w2.id)!;
      const left = (sceneOn(t.gm).tokens as unknown as { actorId: string; x: number; y: number }[]).find(
        (x) => x.actorId === docOn(t.gm, "34 PzBrig").id,
      )!;
      await token.update({ x: left.x, y: left.y + 200 });
    });
    await quiet(t.net);
    const gmLand = await t.gm.load<typeof LandWorldModule>("src/apps/land/world");
    expect(onConsole(t.gm, () => gmLand.readLandWorld().field.units.find((u) => u.name === "2 MRR")?.hex)).toBe("0203");
    const state = {
      ...rear.initialRearArea("nato", "contact:0303"),
      identification: [card(t.p1, "BND report"), card(t.p1, "Recce flight")] as const,
      strikes: { [card(t.p1, "Lance")]: "" },
    };
    const asked = await onConsole(t.p1, () => request.requestResolution("land.rearArea", state));
    await quiet(t.net);
    expect(asked.ok).toBe(false);
    const said = noticesOn(t.p1, "NOBC.Land.Check.contactEmpty").join("\n");
    expect(said).toContain('\\"hex\\":\\"0303\\"');
    for (const secret of ["2 MRR", ...idsOf("2 MRR")]) expect(said).not.toContain(secret);
  });
});

describe("a ground combat against a contact under double-blind", () => {
  it("NATO's planner offers 1 MRR's hex as a contact, plans against it unpriced, and the GM resolves it against 1 MRR", async () => {
    // NATO has 1 MRR located where it stands (0301, across the Aller from 34 PzBrig), no longer identified.
    const w1 = docOn(t.gm, "1 MRR");
    await t.gm.run(async () => {
      const scene = t.gm.entry.harness.scene as unknown as { update(d: object): Promise<unknown> };
      // Foundry merges an update into the entry: the face goes first (`-=`), then the contact is written.
      await scene.update({ [`flags.nobc.knowledge.nato.-=${w1.id}`]: null });
      await scene.update({ [`flags.nobc.knowledge.nato.${w1.id}`]: { level: "located", hex: "0301", turn: 1 } });
    });
    await quiet(t.net);
    const controller = (await t.p1.load<typeof PlannerController>("src/apps/ground-combat/controller")).plannerController;
    const foundry = await t.p1.load<typeof Foundry>("src/base/foundry");
    const opened = onConsole(t.p1, () =>
      controller.open(controller.read(), { attackers: [docOn(t.p1, "34 PzBrig").uuid], target: "0301" }),
    );
    if (!opened.ok) throw new Error(opened.reason);
    const view = onConsole(t.p1, () => controller.context(opened.state, controller.read(), foundry.translator())) as GroundCombatView;
    expect(view.targetChoices.find((c) => c.value === "0301")?.label).toBe("0301: NOBC.GroundCombat.ContactTarget");
    expect(view).toMatchObject({ accepted: true, defenders: [], refusals: [], plan: null });
    expect(view.contactNote).toContain("NOBC.GroundCombat.ContactNote");
    // 0301 is NATO's now (the contact); nothing else of the enemy is.
    for (const secret of ["1 MRR", w1.id, ...natoSecrets().filter((x) => x !== "0301")]) expect(JSON.stringify(view)).not.toContain(secret);

    const request = await t.p1.load<typeof Request>("src/apps/base/request");
    const asked = await onConsole(t.p1, () => request.requestResolution("groundCombat.plan", opened.state));
    await quiet(t.net);
    expect(asked.ok).toBe(true);
    // The GM's card: the combat fought against 1 MRR (both sides learn who fought when it is applied).
    const posted = [...t.p1.entry.chatFake.messages.values()].filter((m) => m.type === "resolution").at(-1)!;
    const fought = (posted.system as { groundCombat: { plan: { defenders: { id: string }[] } } }).groundCombat;
    expect(fought.plan.defenders.map((d) => d.id)).toEqual([w1.uuid]);
  });

  it("a plan the GM refuses for a defender's strength is told with neither the defender's name nor the number", async () => {
    const w1 = docOn(t.gm, "1 MRR");
    await t.gm.run(async () => {
      const scene = t.gm.entry.harness.scene as unknown as { update(d: object): Promise<unknown> };
      await scene.update({ [`flags.nobc.knowledge.nato.-=${w1.id}`]: null });
      await scene.update({ [`flags.nobc.knowledge.nato.${w1.id}`]: { level: "located", hex: "0301", turn: 1 } });
      // A defender left at strength 0 (the rules refuse to fight it: the strength must be above 0).
      await (w1 as unknown as { update(d: object): Promise<unknown> }).update({ "system.strength.value": 0 });
    });
    await quiet(t.net);
    const controller = (await t.p1.load<typeof PlannerController>("src/apps/ground-combat/controller")).plannerController;
    const opened = onConsole(t.p1, () =>
      controller.open(controller.read(), { attackers: [docOn(t.p1, "34 PzBrig").uuid], target: "0301" }),
    );
    if (!opened.ok) throw new Error(opened.reason);
    const request = await t.p1.load<typeof Request>("src/apps/base/request");
    const asked = await onConsole(t.p1, () => request.requestResolution("groundCombat.plan", opened.state));
    await quiet(t.net);
    expect(asked.ok).toBe(false);
    const said = noticesOn(t.p1, "invalidStrengthDefender").join("\n");
    expect(said).toContain("NOBC.Hidden.Number");
    for (const secret of ["1 MRR", w1.id]) expect(said).not.toContain(secret);
  });
});
