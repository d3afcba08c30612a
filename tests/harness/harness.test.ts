/**
 * The stand-in refuses what Foundry refuses. Each block names the behaviour of Foundry's public
 * API it mirrors (see the header of ./foundry.ts); a refusal must reject and change nothing.
 */
import { checkHookErrors } from "./install";
import { chatFake } from "./chat-fake";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeRoll } from "./chat-fake";
import { removal } from "../../src/base/compat";
import { harness } from "./foundry";
import { rollsFromFaces } from "../../src/chat/resolution-card";

type Raw = Record<string, unknown>;

const unitSystem = (over: Raw = {}): Raw => ({ side: "nato", strength: { value: 4, max: 6 }, ...over });

beforeEach(() => {
  harness.reset();
  chatFake.reset();
});
afterEach(() => vi.useRealTimers());

describe("Document#update validates against the data model (schema, then validateJoint)", () => {
  it("accepts a valid update and applies it, dotted or nested", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    await unit.update({ "system.strength.value": 6 });
    await unit.update({ system: { supply: 2 }, name: "3. PzBrig" });
    expect(unit.system).toMatchObject({ strength: { value: 6, max: 6 }, supply: 2 });
    expect(unit.name).toBe("3. PzBrig");
  });

  it("refuses a field outside its schema (a negative count, a wrong choice) and changes nothing", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    await expect(unit.update({ "system.strength.value": -1 })).rejects.toThrow(
      /strength\.value: NOBC\.Validation\.Bounds\.AtLeast \{"min":"0"\}/,
    );
    await expect(unit.update({ "system.mode": "fly" })).rejects.toThrow(/mode: fly is not a valid choice/);
    await expect(unit.update({ name: "" })).rejects.toThrow(/name: may not be blank/);
    expect(unit.system["strength"]).toEqual({ value: 4, max: 6 });
    expect(unit.updates).toEqual([]);
  });

  it("cleans a NumberField before validating, as Foundry does: rounded, clamped, cast, stepped; a field's own validate still refuses", async () => {
    const fields = (globalThis as unknown as { foundry: { data: { fields: Record<string, new (o: object) => unknown> } } }).foundry.data
      .fields;
    const Base = (globalThis as unknown as { foundry: { abstract: { TypeDataModel: new (s: Raw) => object } } }).foundry.abstract
      .TypeDataModel;
    const NumberField = fields["NumberField"]!;
    class Counter extends Base {
      static defineSchema() {
        return {
          count: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 6, initial: 0 }),
          halves: new NumberField({ required: true, nullable: false, min: 0, step: 0.5, initial: 0 }),
          own: new NumberField({
            required: true,
            nullable: false,
            initial: 0,
            validate: (v: unknown) => v !== 13,
            validationError: "may not be 13",
          }),
        };
      }
    }
    const cfg = CONFIG as unknown as Record<"Actor", { dataModels: Record<string, unknown> }>;
    cfg.Actor.dataModels["counter"] = Counter;
    const doc = new harness.Actor({ name: "C", type: "counter", system: { count: 0, halves: 0, own: 0 } });
    await doc.update({ "system.count": -1, "system.halves": 1.3 });
    expect(doc.system).toEqual({ count: 0, halves: 1.5, own: 0 });
    await doc.update({ "system.count": 2.6 });
    expect(doc.system["count"]).toBe(3);
    await doc.update({ "system.count": 9 });
    expect(doc.system["count"]).toBe(6);
    await doc.update({ "system.count": "4" });
    expect(doc.system["count"]).toBe(4);
    await expect(doc.update({ "system.count": "four" })).rejects.toThrow(/count: must be a finite number/);
    await expect(doc.update({ "system.own": 13 })).rejects.toThrow(/own: may not be 13/);
    expect(doc.system).toEqual({ count: 4, halves: 1.5, own: 0 });
  });

  it("refuses a pool whose value the update leaves above its maximum (validateJoint), whole", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    await expect(unit.update({ "system.strength.max": 3, "system.supply": 1 })).rejects.toThrow(/strength: value 4 is above its maximum 3/);
    expect(unit.system).toMatchObject({ strength: { value: 4, max: 6 } });
    expect(unit.system["supply"]).toBeUndefined();
  });

  it("refuses a whole updateDocuments batch when one row is invalid, and a row for a document that does not exist", async () => {
    const a = new harness.Actor({ name: "A", type: "unit", system: unitSystem() });
    const b = new harness.Actor({ name: "B", type: "unit", system: unitSystem() });
    await expect(
      harness.Actor.updateDocuments([
        { _id: a.id, "system.strength.value": 1 },
        { _id: b.id, "system.strength.value": 9 },
      ]),
    ).rejects.toThrow(/value 9 is above its maximum 6/);
    expect((a.system["strength"] as Raw)["value"]).toBe(4);
    await expect(harness.Actor.updateDocuments([{ _id: "nope", "system.supply": 1 }])).rejects.toThrow(/does not exist/);
  });

  it("refuses an embedded support card with an array field given as an object", async () => {
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: { side: "nato" } });
    const card = hq.addItem({ name: "+2", type: "supportCard", system: { side: "nato" } });
    await expect(card.update({ "system.category": "nonsense" })).rejects.toThrow(/category/);
    const squadron = new harness.Actor({ name: "36 TFW", type: "airSquadron", system: { side: "nato" } });
    await expect(squadron.update({ "system.weapons": { 0: { kind: "aam", name: "AIM-9" } } })).rejects.toThrow(/weapons: must be an array/);
  });
});

describe("embedded documents: one parent per database operation (DatabaseCreate/Update/DeleteOperation parent)", () => {
  it("refuses, whole, an Item batch naming a card of another HQ, or without its parent", async () => {
    const hq1 = new harness.Actor({ name: "I Corps", type: "hq", system: { side: "nato" } });
    const hq2 = new harness.Actor({ name: "V Corps", type: "hq", system: { side: "nato" } });
    const a = hq1.addItem({ name: "A", type: "supportCard", system: { side: "nato" } });
    const b = hq2.addItem({ name: "B", type: "supportCard", system: { side: "nato" } });
    await expect(
      harness.Item.updateDocuments(
        [
          { _id: a.id, "system.value": 2 },
          { _id: b.id, "system.value": 2 },
        ],
        { parent: hq1 },
      ),
    ).rejects.toThrow(/does not exist/);
    expect(a.system["value"]).toBeUndefined();
    await expect(harness.Item.updateDocuments([{ _id: a.id, "system.value": 2 }])).rejects.toThrow(/does not exist/);
    await expect(harness.Item.deleteDocuments([a.id, b.id], { parent: hq1 })).rejects.toThrow(/does not exist/);
    expect(hq1.items).toHaveLength(1);
  });

  it("refuses, whole, an ActiveEffect call without its parent or naming another actor's effect; fires a hook per document", async () => {
    const u1 = new harness.Actor({ name: "U1", type: "unit", system: unitSystem() });
    const u2 = new harness.Actor({ name: "U2", type: "unit", system: unitSystem() });
    const heard: string[] = [];
    for (const name of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"])
      harness.hooks.push({
        name,
        fn: (e: unknown) => void heard.push(`${name} ${[...(e as { statuses: Set<string> }).statuses].join()}`),
        once: false,
        id: 0,
      });
    const effects = harness.ActiveEffect;
    await expect(effects.createDocuments([{ name: "x", statuses: ["noMove"] }], {})).rejects.toThrow(/parent/);
    await effects.createDocuments([{ name: "x", statuses: ["noMove"] }], { parent: u1 });
    await effects.createDocuments([{ name: "y", statuses: ["minefield"] }], { parent: u2 });
    expect([...u1.statuses]).toEqual(["noMove"]);
    const [e1, e2] = [u1.effects[0]!.id, u2.effects[0]!.id];
    await expect(effects.deleteDocuments([e1, e2], { parent: u1 })).rejects.toThrow(/does not exist/);
    await expect(effects.updateDocuments([{ _id: e2, statuses: ["contaminated"] }], { parent: u1 })).rejects.toThrow(/does not exist/);
    expect([u1.effects.length, u2.effects.length, [...u2.statuses]]).toEqual([1, 1, ["minefield"]]);
    await effects.updateDocuments([{ _id: e1, statuses: ["marchMode"] }], { parent: u1 });
    await effects.deleteDocuments([e2], { parent: u2 });
    expect([[...u1.statuses], [...u2.statuses]]).toEqual([["marchMode"], []]);
    expect(heard).toEqual([
      "createActiveEffect noMove",
      "createActiveEffect minefield",
      "updateActiveEffect marchMode",
      "deleteActiveEffect minefield",
    ]);
    harness.playAsPlayer();
    await expect(effects.deleteDocuments([e1], { parent: u1 })).rejects.toThrow(/lacks permission/);
  });

  it("fires update<Name> for each document an update wrote, after all are written", async () => {
    const a = new harness.Actor({ name: "A", type: "unit", system: unitSystem() });
    const b = new harness.Actor({ name: "B", type: "unit", system: unitSystem() });
    const heard: unknown[] = [];
    harness.hooks.push({
      name: "updateActor",
      fn: (doc: unknown, changes: unknown, _o: unknown, userId: unknown) =>
        void heard.push([(doc as { name: string }).name, changes, userId, (b.system["strength"] as Raw)["value"]]),
      once: false,
      id: 0,
    });
    await harness.Actor.updateDocuments([
      { _id: a.id, "system.strength.value": 1 },
      { _id: b.id, "system.strength.value": 2 },
    ]);
    expect(heard).toEqual([
      ["A", { _id: a.id, system: { strength: { value: 1 } } }, (harness.game["user"] as { id: string }).id, 2],
      ["B", { _id: b.id, system: { strength: { value: 2 } } }, (harness.game["user"] as { id: string }).id, 2],
    ]);
  });
});

describe("permissions by role (Document#canUserModify, testUserPermission; SETTINGS_MODIFY; ChatMessage author)", () => {
  it("a player writes only what they own; an embedded item follows its actor; a GM writes anything", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const hq = new harness.Actor({ name: "V Corps", type: "hq", system: { side: "nato" } });
    const card = hq.addItem({ name: "+2", type: "supportCard", system: { side: "nato" } });
    harness.playAsPlayer("p1");
    await expect(unit.update({ "system.supply": 1 })).rejects.toThrow(/p1 lacks permission to update Actor/);
    await expect(card.update({ "system.assignedTo": unit.uuid })).rejects.toThrow(/lacks permission/);
    await expect(harness.Item.deleteDocuments([card.id], { parent: hq })).rejects.toThrow(/lacks permission to delete/);
    harness.own(hq, "p1");
    await card.update({ "system.assignedTo": unit.uuid });
    expect(card.system["assignedTo"]).toBe(unit.uuid);
    expect(unit.system["supply"]).toBeUndefined();
  });

  it("a world setting needs a GM; a client setting does not", async () => {
    game.settings!.register("nobc" as never, "w" as never, { scope: "world", default: 1 } as never);
    game.settings!.register("nobc" as never, "c" as never, { scope: "client", default: 1 } as never);
    harness.playAsPlayer("p1");
    await expect(game.settings!.set("nobc" as never, "w" as never, 2 as never)).rejects.toThrow(
      /lacks permission to modify the world setting nobc.w/,
    );
    await game.settings!.set("nobc" as never, "c" as never, 2 as never);
    expect(harness.settingsStore.get("nobc.w")).toBe(1);
    expect(harness.settingsStore.get("nobc.c")).toBe(2);
  });

  it("a player writes only their own User's flags", async () => {
    chatFake.setUsers("p1");
    await chatFake.users.get("p1")!.setFlag("nobc", "x", 1);
    await expect(chatFake.users.get("p2")!.setFlag("nobc", "x", 1)).rejects.toThrow(/lacks permission to update User \[p2\]/);
    expect(chatFake.users.get("p2")!.flags).toEqual({});
  });

  it("another user's chat message is read-only to a player; the GM may change any", async () => {
    const Message = (
      globalThis as unknown as {
        ChatMessage: { create(d: Raw): Promise<{ id: string; update(d: Raw): Promise<unknown>; delete(): Promise<unknown> }> };
      }
    ).ChatMessage;
    chatFake.setUsers("p2");
    const theirs = await Message.create({ content: "p2's", flags: { nobc: { state: "pending" } } });
    chatFake.setUsers("p1");
    const mine = await Message.create({ content: "p1's" });
    await mine.update({ content: "edited" });
    await expect(theirs.update({ "flags.nobc.state": "applied" })).rejects.toThrow(/lacks permission to update ChatMessage/);
    await expect(theirs.delete()).rejects.toThrow(/lacks permission to delete ChatMessage/);
    expect(chatFake.messages.get(theirs.id)!.flags).toEqual({ nobc: { state: "pending" } });
    chatFake.setUsers("gm");
    await theirs.update({ "flags.nobc.state": "applied" });
  });

  it("ChatMessage.deleteDocuments is checked whole: a player's batch with another's message, or an unknown id, deletes none", async () => {
    const Message = (
      globalThis as unknown as {
        ChatMessage: { create(d: Raw): Promise<{ id: string }>; deleteDocuments(ids: string[]): Promise<unknown> };
      }
    ).ChatMessage;
    chatFake.setUsers("p2");
    const theirs = await Message.create({ content: "p2's" });
    chatFake.setUsers("p1");
    const mine = await Message.create({ content: "p1's" });
    await expect(Message.deleteDocuments([mine.id, theirs.id])).rejects.toThrow(/lacks permission to delete ChatMessage/);
    await expect(Message.deleteDocuments([mine.id, "nope"])).rejects.toThrow(/does not exist/);
    expect([...chatFake.messages.keys()]).toEqual([theirs.id, mine.id]);
    const deleted: string[] = [];
    Hooks.on("deleteChatMessage", ((m: { id: string }) => deleted.push(m.id)) as never);
    chatFake.setUsers("gm");
    await Message.deleteDocuments([mine.id, theirs.id]);
    expect(chatFake.messages.size).toBe(0);
    expect(deleted).toEqual([mine.id, theirs.id]);
  });
});

describe("compendium documents (CompendiumCollection#locked)", () => {
  it("updating a document of a locked pack throws and changes nothing; an unlocked pack's document is edited", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    harness.putInPack(unit, "nobc.units");
    expect(unit.uuid).toBe(`Compendium.nobc.units.Actor.${unit.id}`);
    await expect(unit.update({ "system.supply": 1 })).rejects.toThrow(/locked compendium nobc.units/);
    expect(unit.system["supply"]).toBeUndefined();
    harness.putInPack(unit, "nobc.units", false);
    await unit.update({ "system.supply": 1 });
    expect(unit.system["supply"]).toBe(1);
  });
});

describe("queries (CONFIG.queries, User#query)", () => {
  beforeEach(() => chatFake.setUsers("p1"));
  const queries = () => (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown) => unknown> } }).CONFIG.queries;

  it("the data and the answer cross as JSON: class instances, undefined and Maps do not survive", async () => {
    let received: unknown;
    queries()["nobc.echo"] = (data) => {
      received = data;
      return { when: new Date(0), set: new Map([["a", 1]]), gone: undefined };
    };
    const answer = await chatFake.users.get("gm")!.query("nobc.echo", { at: new Date(0), n: 1, skip: undefined });
    expect(received).toEqual({ at: "1970-01-01T00:00:00.000Z", n: 1 });
    expect(answer).toEqual({ when: "1970-01-01T00:00:00.000Z", set: {} });
  });

  it("runs the handler as the user asked, then gives the asker back", async () => {
    queries()["nobc.who"] = () => (game.user as unknown as { id: string }).id;
    expect(await chatFake.users.get("gm")!.query("nobc.who", {})).toBe("gm");
    expect((game.user as unknown as { id: string }).id).toBe("p1");
  });

  it("a query to a user who is not logged in, or with no handler, rejects", async () => {
    chatFake.setUsers("p1", false);
    queries()["nobc.x"] = () => 1;
    await expect(chatFake.users.get("gm")!.query("nobc.x", {})).rejects.toThrow(/gm is not active/);
    chatFake.setUsers("p1");
    await expect(chatFake.users.get("gm")!.query("nobc.unknown", {})).rejects.toThrow(/Unknown query/);
  });

  it("a handler that never answers rejects once the timeout passes", async () => {
    vi.useFakeTimers();
    queries()["nobc.silent"] = () => new Promise(() => undefined);
    const asked = chatFake.users.get("gm")!.query("nobc.silent", {}, { timeout: 30_000 });
    const settled = expect(asked).rejects.toThrow(/timed out after 30000ms/);
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
  });
});

describe("a write the server never answers (the client waits on it without a limit)", () => {
  /** Whether `promise` has settled after the pending callbacks ran. */
  async function settled(promise: Promise<unknown>): Promise<boolean> {
    let done = false;
    void promise.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((r) => setTimeout(r, 0));
    return done;
  }

  it("stays pending and writes nothing, unless told it was written; the writes after it are answered", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    harness.stallWrites(1);
    expect(await settled(harness.Actor.updateDocuments([{ _id: unit.id, "system.supply": 2 }]))).toBe(false);
    expect(unit.system["supply"]).not.toBe(2);
    harness.stallWrites(1, { written: true });
    expect(await settled(unit.update({ "system.supply": 3 }))).toBe(false);
    expect(unit.system["supply"]).toBe(3);
    expect(await settled(unit.update({ "system.supply": 1 }))).toBe(true);
    expect(unit.system["supply"]).toBe(1);
  });

  it("holds for settings and chat messages too", async () => {
    (harness.game["settings"] as { register(n: string, k: string, c: Raw): void }).register("nobc", "x", { scope: "world", default: 0 });
    harness.stallWrites(2);
    const set = (harness.game["settings"] as { set(n: string, k: string, v: unknown): Promise<unknown> }).set("nobc", "x", 1);
    expect(await settled(set)).toBe(false);
    const message = await (ChatMessage as unknown as { create(d: Raw): Promise<{ update(d: Raw): Promise<unknown> }> }).create({});
    expect(await settled(message.update({ content: "x" }))).toBe(false);
    expect(harness.settingsStore.get("nobc.x")).toBe(0);
  });
});

describe("scenes: default padding and the hex grid (SceneDimensions, HexagonalGrid)", () => {
  it("pads the scene by a quarter on each side, in whole pairs of columns and rows", () => {
    const d = harness.dimensions();
    expect(d.sceneX).toBeGreaterThan(0);
    expect(d.sceneY).toBeGreaterThan(0);
    const { sizeX, sizeY } = harness.grid;
    expect(Math.round(d.sceneX / (0.75 * sizeX)) % 2).toBe(0);
    expect((d.sceneY / sizeY) % 2).toBe(0);
    expect(d.sceneX).toBeGreaterThanOrEqual(0.25 * d.sceneWidth);
    expect(canvas!.dimensions!.sceneX).toBe(d.sceneX);
  });

  it("is a flat-topped grid in columns, the odd ones shifted down: centres and offsets agree", () => {
    const grid = harness.grid;
    expect(grid.columns).toBe(true);
    expect(grid.sizeY).toBe(100);
    const a = grid.getCenterPoint({ i: 3, j: 4 });
    const b = grid.getCenterPoint({ i: 3, j: 5 });
    expect(b.y - a.y).toBeCloseTo(50);
    expect(b.x - a.x).toBeCloseTo(0.75 * grid.sizeX);
    for (const off of [
      { i: 0, j: 0 },
      { i: 3, j: 5 },
      { i: 7, j: 12 },
    ]) {
      expect(grid.getOffset(grid.getCenterPoint(off))).toEqual(off);
      const c = grid.getCenterPoint(off);
      expect(grid.getOffset({ x: c.x + 40, y: c.y + 20 })).toEqual(off);
    }
  });

  it("measures paths in hexes: along a row, and to a neighbour in a shifted column", () => {
    const grid = harness.grid;
    const at = (i: number, j: number) => grid.getCenterPoint({ i, j });
    expect(grid.measurePath([at(2, 2), at(2, 6)]).spaces).toBe(4);
    // From an unshifted column, the neighbours to the right are the same row and the one above.
    expect(grid.measurePath([at(2, 2), at(2, 3)]).spaces).toBe(1);
    expect(grid.measurePath([at(2, 2), at(1, 3)]).spaces).toBe(1);
    expect(grid.measurePath([at(2, 2), at(3, 3)]).spaces).toBe(2);
    expect(grid.measurePath([at(2, 2), at(2, 6)]).distance).toBe(40);
  });

  it("places tokens in the map's hexes, past the padding", () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    harness.placeToken(unit, 0);
    const centre = unit.tokens[0]!.center;
    expect(centre.x).toBeGreaterThan(harness.dimensions().sceneX);
    expect(harness.grid.getOffset(centre)).toEqual(harness.offsetOfHex(0, 0));
  });
});

describe("scenes and tokens (Scene#update, TokenDocument, embedded create/delete)", () => {
  const settled = (p: Promise<unknown>) =>
    p.then(
      () => true,
      () => false,
    );

  it("a GM updates a scene's flags (dotted, and a removal as the generation spells it); updateScene fires; a player is refused and nothing changes", async () => {
    const scene = harness.scene!;
    const seen: unknown[] = [];
    harness.hooks.push({ name: "updateScene", fn: (_doc, changes) => void seen.push(changes), once: false });
    await scene.update({ "flags.nobc.mapState.mines.0712": { side: "wp" }, "flags.nobc.mapState.mines.0713": { side: "nato" } });
    await scene.update(removal("flags.nobc.mapState.mines.0713"));
    expect(scene.getFlag("nobc", "mapState")).toEqual({ mines: { "0712": { side: "wp" } } });
    expect(seen).toHaveLength(2);
    harness.playAsPlayer("p1");
    expect(await settled(scene.update({ "flags.nobc.mapState.mines.0714": { side: "wp" } }))).toBe(false);
    expect(await settled(harness.Scene.updateDocuments([{ _id: scene.id, "flags.nobc.x": 1 }]))).toBe(false);
    expect(scene.getFlag("nobc", "mapState")).toEqual({ mines: { "0712": { side: "wp" } } });
  });

  it("==key replaces an object whole (v13 forced replacement), on a new flag scope too; a scene has its size and grid type", async () => {
    const scene = harness.scene!;
    await scene.update({ "flags.nobc.==terrain": { hexes: { "0101": 1, "0102": 2 } } });
    expect(scene.flags["nobc"]).toEqual({ terrain: { hexes: { "0101": 1, "0102": 2 } } });
    await scene.update({ "flags.nobc.terrain": { hexes: { "0103": 3 } } });
    expect(scene.getFlag("nobc", "terrain")).toEqual({ hexes: { "0101": 1, "0102": 2, "0103": 3 } });
    await scene.update({ "flags.nobc.==terrain": { hexes: { "0201": 4 } } });
    expect(scene.getFlag("nobc", "terrain")).toEqual({ hexes: { "0201": 4 } });
    expect([scene.width, scene.height, scene.grid.type]).toEqual([4000, 3000, CONST.GRID_TYPES.HEXODDQ]);
    harness.canvasState.gridType = CONST.GRID_TYPES.SQUARE;
    expect(scene.grid.type).toBe(CONST.GRID_TYPES.SQUARE);
  });

  it("refuses a scene field it does not have", async () => {
    expect(await settled(harness.scene!.update({ system: { x: 1 }, nonsense: 1 }))).toBe(false);
  });

  it("a token follows its actor's ownership for updates; only a GM creates and deletes tokens; keepId keeps the id", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const scene = harness.scene!;
    const source = token.toObject();
    harness.playAsPlayer("p1");
    expect(await settled(token.update({ x: token.x + 10 }))).toBe(false);
    harness.own(unit, "p1");
    await token.update({ x: token.x + 10 });
    expect(await settled(harness.Token.deleteDocuments([token.id], { parent: scene }))).toBe(false);
    expect(scene.tokens).toHaveLength(1);
    harness.reset();
    const scene2 = harness.scene!;
    const again = await harness.Token.createDocuments([source], { parent: scene2, keepId: true });
    expect((again[0] as { id: string }).id).toBe(source["_id"]);
    expect(await settled(harness.Token.createDocuments([source], { parent: scene2, keepId: true }))).toBe(false);
    await harness.Token.deleteDocuments([source["_id"] as string], { parent: scene2 });
    expect(scene2.tokens).toHaveLength(0);
  });

  it("refuses a token moved to a position that is not a whole number of pixels", async () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    const token = harness.placeToken(unit, 2, 1);
    const x = token.x;
    expect(await settled(token.update({ x: "far" }))).toBe(false);
    expect(await settled(token.update({ x: x + 0.5 }))).toBe(false);
    expect(token.x).toBe(x);
  });

  it("a client with the canvas off: canvas.ready false, no scene, grid or placeables; the scenes' documents stay", () => {
    const unit = new harness.Actor({ name: "PzBrig 1", type: "unit", system: {} });
    const token = harness.placeToken(unit, 1, 1);
    const canvas = (
      globalThis as unknown as {
        canvas: { ready: boolean; scene: unknown; grid: unknown; dimensions: unknown; tokens: { placeables: unknown[] } };
      }
    ).canvas;
    expect([canvas.ready, canvas.scene === harness.scene]).toEqual([true, true]);
    harness.canvasOff();
    expect([canvas.ready, canvas.scene, canvas.grid, canvas.dimensions, canvas.tokens.placeables]).toEqual([false, null, null, null, []]);
    expect(harness.scenes.viewed).toBeUndefined();
    expect(harness.scenes.get(token.parent!.id)!.tokens).toEqual([token]);
    harness.canvasOn();
    expect(canvas.ready).toBe(true);
  });

  it("getActiveTokens: an actor's tokens on the viewed scene as the placeables give them, after creations and deletions; none with the canvas off", async () => {
    const actors = [0, 1, 2].map((n) => new harness.Actor({ name: `Unit ${String(n)}`, type: "unit", system: unitSystem() }));
    const scene = harness.scene!;
    const placeables = () => (canvas!.tokens!.placeables as unknown as { document: unknown; actor: unknown }[]).map((p) => p);
    const same = () => {
      for (const actor of actors) {
        const scanned = placeables()
          .filter((p) => p.actor === actor)
          .map((p) => p.document);
        expect(actor.getActiveTokens().map((p) => p.document)).toEqual(scanned);
      }
    };
    // A seeded run of token creations and deletions.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let step = 0; step < 40; step++) {
      const live = scene.tokens;
      if (live.length > 0 && next(3) === 0) await harness.Token.deleteDocuments([live[next(live.length)]!.id], { parent: scene });
      else harness.placeToken(actors[next(3)]!, 1 + next(5), 1 + next(5));
      same();
    }
    expect(actors.some((a) => a.getActiveTokens().length > 1)).toBe(true);
    harness.canvasOff();
    for (const actor of actors) expect(actor.getActiveTokens()).toEqual([]);
    harness.canvasOn();
    same();
  });

  it("the canvas's placeables are the viewed scene's tokens, each with its actor and centre", () => {
    const unit = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: unitSystem() });
    harness.placeToken(unit, 3, 2);
    const [placeable] = canvas!.tokens!.placeables as unknown as { actor: unknown; center: { x: number; y: number } }[];
    expect(placeable!.actor).toBe(unit);
    expect(harness.grid.getOffset(placeable!.center)).toEqual(harness.offsetOfHex(3, 2));
    harness.viewNoScene();
    expect(canvas!.scene).toBeNull();
  });
});

describe("the world's scenes (game.scenes: WorldCollection, viewed, active)", () => {
  it("holds the viewed scene and every scene made since the reset; get, iteration, contents; viewed and active", async () => {
    const viewed = harness.scene!;
    const other = new harness.Scene({ name: "Other" });
    const scenes = game.scenes!;
    expect(scenes.contents).toEqual([viewed, other]);
    expect([...scenes]).toEqual([viewed, other]);
    expect(scenes.get(other.id)).toBe(other);
    expect(scenes.get("missing")).toBeUndefined();
    expect(scenes.viewed).toBe(viewed);
    expect(scenes.active).toBe(viewed);
    harness.activateScene(other);
    expect(scenes.active).toBe(other);
    expect(viewed.active).toBe(false);
    harness.activateScene(null);
    expect(scenes.active).toBeUndefined();
    harness.viewNoScene();
    expect(scenes.viewed).toBeUndefined();
    expect(scenes.size).toBe(2);
    // A scene that is not viewed is still a world document: Scene.updateDocuments finds it by id.
    await harness.Scene.updateDocuments([{ _id: other.id, "flags.nobc.mapState": { format: "nobc-map-state/1" } }], {});
    expect(other.getFlag("nobc", "mapState")).toEqual({ format: "nobc-map-state/1" });
    harness.reset();
    expect(game.scenes!.contents).toEqual([harness.scene]);
  });
});

describe("rolls (Roll#toJSON, Roll.fromData)", () => {
  it("a roll built for a card survives toJSON and Roll.fromData, and a message keeps it as JSON", async () => {
    const [roll] = rollsFromFaces([3, 5]) as unknown as FakeRoll[];
    const again = FakeRoll.fromData(JSON.parse(JSON.stringify(roll!.toJSON())) as Raw);
    expect(again.toJSON()).toEqual(roll!.toJSON());
    expect(again.total).toBe(8);
    const Message = (globalThis as unknown as { ChatMessage: { create(d: Raw): Promise<{ rolls: FakeRoll[] }> } }).ChatMessage;
    const message = await Message.create({ rolls: [roll] });
    expect(message.rolls[0]!.toJSON()).toEqual(roll!.toJSON());
  });

  it("refuses data a Roll cannot be rebuilt from", () => {
    expect(() => FakeRoll.fromData({ formula: "1d6", terms: [] })).toThrow(/unknown roll class/);
    expect(() => FakeRoll.fromData({ class: "Roll", formula: "1d6", terms: [{ number: 1, faces: 6 }] })).toThrow(/has no class/);
    expect(() =>
      FakeRoll.fromData({
        class: "Roll",
        formula: "1d6",
        terms: [{ class: "Die", number: 1, faces: 6, results: [{ result: 7, active: true }] }],
      }),
    ).toThrow(/not a face/);
    expect(() => FakeRoll.fromData({ class: "Roll", formula: "1d6", terms: [], evaluated: true })).toThrow(/needs its total/);
  });
});

/** `Hooks`, typed loosely for hook names of our own making. */
const hooks = () =>
  Hooks as unknown as {
    on(name: string, fn: (...a: unknown[]) => unknown): number;
    once(name: string, fn: (...a: unknown[]) => unknown): number;
    call(name: string, ...a: unknown[]): boolean;
    callAll(name: string, ...a: unknown[]): boolean;
  };

describe("hooks (Hooks.call / callAll catch and log a throwing handler)", () => {
  it("logs the error, goes on to the next handler, and records it for the test to fail on", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    harness.hookSwitch.failTest = false;
    const seen: string[] = [];
    hooks().on("nobcTest", () => {
      throw new Error("boom");
    });
    hooks().on("nobcTest", () => void seen.push("second"));
    expect(hooks().callAll("nobcTest")).toBe(true);
    expect(hooks().call("nobcTest")).toBe(true);
    expect(seen).toEqual(["second", "second"]);
    expect(harness.hookErrors.map((e) => (e.error as Error).message)).toEqual(["boom", "boom"]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it("with the switch on (the default), a caught throw fails the test when it ends", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    hooks().on("nobcTest", () => {
      throw new Error("unseen");
    });
    hooks().callAll("nobcTest");
    error.mockRestore();
    expect(() => checkHookErrors()).toThrow(/nobcTest: unseen/);
    expect(harness.hookErrors).toEqual([]);
  });

  it("a once handler runs once", () => {
    let n = 0;
    hooks().once("nobcOnce", () => {
      n++;
    });
    hooks().callAll("nobcOnce");
    hooks().callAll("nobcOnce");
    expect(n).toBe(1);
  });
});

describe("loading the world: DocumentCollection#invalidDocumentIds and #getInvalid", () => {
  const id = (s: string): string => s.padEnd(16, "0");

  it("keeps a source Foundry refuses out of the collection, gives a temporary copy, and loads it once a write repairs it", async () => {
    const sound = { _id: id("a"), name: "3 Pz Bde", type: "unit", system: unitSystem() };
    const refused = [
      { _id: id("b"), name: "Bad mode", type: "unit", system: unitSystem({ mode: "sideways" }) },
      { _id: id("c"), name: "Proto", type: "constructor", system: {} },
      { _id: id("d"), name: " ", type: "unit", system: {} },
      { _id: id("e"), name: "Items", type: "hq", system: {}, items: "none" },
      { _id: id("f"), name: "Null item", type: "hq", system: {}, items: [null] },
    ];
    const heldBad = { _id: id("g"), name: "Card", type: "supportCard", system: { assignedTo: 7 } };
    const holder = { _id: id("h"), name: "Holder", type: "hq", system: {}, items: [heldBad] };
    harness.loadWorld({ actors: [sound, ...refused, holder, { _id: "short", name: "Short id", type: "unit" }], items: [] });
    const actors = harness.game["actors"] as {
      invalidDocumentIds: Set<string>;
      getInvalid(id: string, o?: { strict?: boolean }): { update(d: object): Promise<unknown>; uuid: string } | undefined;
      get(id: string): { items: { length: number; invalidDocumentIds: Set<string> } } | undefined;
      size: number;
    };
    expect(actors.size).toBe(2);
    expect([...actors.invalidDocumentIds]).toEqual(refused.map((r) => r._id));
    expect(actors.get(id("h"))?.items.length).toBe(0);
    expect([...actors.get(id("h"))!.items.invalidDocumentIds]).toEqual([id("g")]);
    expect(() => actors.getInvalid(id("a"))).toThrow();
    expect(actors.getInvalid(id("a"), { strict: false })).toBeUndefined();

    const temp = actors.getInvalid(id("b"))!;
    expect(foundry.utils.fromUuidSync(temp.uuid as `Actor.${string}`)).toBeNull();
    await expect(temp.update({ system: { mode: "upside-down" } })).rejects.toThrow(/mode/);
    expect(actors.invalidDocumentIds.has(id("b"))).toBe(true);
    await temp.update({ system: { mode: "combat" } });
    expect(actors.invalidDocumentIds.has(id("b"))).toBe(false);
    expect(actors.get(id("b"))).toBeDefined();
  });
});
