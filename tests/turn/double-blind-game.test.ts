/**
 * Issue #30, "Done when": a scripted two-turn double-blind game over the multi-client harness, the
 * whole system on every client (tests/harness/clients.ts, `system: true`): the GM (Control) and four
 * players, two a side: p1 and p2 play NATO, p3 and p4 the Warsaw Pact. The GM makes the team scenes
 * with the Teams window's command (`game.nobc.teamScenes.make`), each player's client draws their
 * side's team scene, and every step of the game is a real entry point: the GM's tracker (`advanceTurn`
 * on the GM's client), a player's request from their own client (`requestResolution`), the GM's
 * Apply and Delete of a card.
 *
 * At every stage, for each player's client, the test asserts which enemy units appear on their team
 * scene and as what (nothing, a contact marker, a counter), which cards they can read and what those
 * show, and what their tracker lists; then a sweep (tests/sweep/leaks.ts) over everything that client
 * holds for its player (the messages it may read, with their data and their HTML rendered with the
 * real templates; its team scene's tokens and flags; every refusal and notice it was told; the
 * Land dialogs' world, the planner's field and context; the tracker's contexts and HTML; every
 * template it rendered) finds no name, id, position or strength of an enemy unit their side does not
 * know. What Foundry sends every client regardless (docs/authority.md: every actor, every scene, every
 * message whatever its whisper, the Combat, the users, the settings) is not swept: a player's
 * console reads it, their screen does not.
 *
 * The board (tests/turn/board-world.ts's map, 5 × 4, the Aller bridged between 0201 and 0301):
 *   NATO: I Corps 0104 (p1), 34 PzBrig 0101 (p1), 36 PzBrig 0301 (p2)
 *   WP:   1 GTA 0504 (p3), 2 MRR 0401 (p3, next to 36 PzBrig), 3 MRR 0202 (p4, next to nothing of NATO's),
 *         4, 5 and 6 MRR 0504 (p3: three regiments in March Mode, one more than the hex stacks)
 * At the start each side has the other's piece in contact located (2 MRR at 0401; 36 PzBrig at 0301).
 *
 * Turn 1: entering Orders posts each side its own HQs' card; in Ground Combat p2's 36 PzBrig attacks
 * the contact at 0401 and the GM applies the card (both sides identify who fought); in Movement p4's
 * 3 MRR runs into 34 PzBrig, which the Warsaw Pact had not found, and stops before its hex (its card
 * says what was found), then p1's move into 3 MRR is refused (told as "an enemy unit"); the end of
 * Movement posts the stacking card of 0504 to the Warsaw Pact only; Resupply posts each side its own card.
 * Turn 2 (its first stage renews contact and lets old knowledge lapse): in Ground Combat p4's 3 MRR
 * attacks 34 PzBrig and the GM applies it, then deletes that card from the chat, and its team cards go
 * with it; in Movement p1's I Corps stops next to the hex 0504 NATO had not found.
 * Every die is the GM's and scripted (`faces`).
 */
import "../harness/install";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import { quiet } from "../security/system-clients";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";
import { findLeaks, messageWire, secretsFor, type Secret, type TruthDoc } from "../sweep/leaks";
import { boardMap } from "./board-world";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { turn } from "../../src/rules/index";
import type { Sight } from "../../src/rules/nobc/knowledge/view";
import type { Side } from "../../src/rules/nobc/land/types";
import type * as TrackerApp from "../../src/combat/tracker-app";
import type * as Advance from "../../src/combat/advance";
import type * as Request from "../../src/apps/base/request";
import type * as Queries from "../../src/queries/register";
import type * as Read from "../../src/world/read";
import type * as KnowledgeSchema from "../../src/schemas/knowledge";
import type * as KnowledgeTypes from "../../src/rules/nobc/knowledge/types";
import type * as KnowledgeView from "../../src/rules/nobc/knowledge/view";
import type * as LandWorldModule from "../../src/apps/land/world";
import type * as PlannerWorldModule from "../../src/apps/ground-combat/world";
import type * as PlannerController from "../../src/apps/ground-combat/controller";
import type * as Foundry from "../../src/base/foundry";
import type * as RearState from "../../src/apps/land/rear-area/state";
import type * as RearContext from "../../src/apps/land/rear-area/context";
import type * as SideCardContext from "../../src/chat/side-card-context";
import type { FakeActorT } from "../harness/foundry";
import { TrackerBase } from "../harness/tracker-base";

vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

type Raw = Record<string, unknown>;
const PLAYERS = ["p1", "p2", "p3", "p4"] as const;
type Player = (typeof PLAYERS)[number];
const SIDE_OF: Record<Player, Side> = { p1: "nato", p2: "nato", p3: "wp", p4: "wp" };
const MASTER = "master0000000001";
const AIR_SUPPORT = turn.stageIndex("airSupport");

/** The faces the GM's dice show next, in order. */
const faces: number[] = [];
let net: Network;
let gm: Client;
const players = {} as Record<Player, Client>;

/* ----------------------------------- the world ----------------------------------- */

beforeAll(async () => {
  net = await Network.open({ users: ["gm", ...PLAYERS], delay: 30, system: true });
  gm = net.client("gm");
  for (const p of PLAYERS) players[p] = net.client(p);
  await net.world((c) => {
    const { chatFake, harness: h } = c.entry;
    chatFake.playerIds = [...PLAYERS];
    chatFake.setUsers(c.name === "server" ? "gm" : c.userId);
    h.view(new h.Scene({ id: MASTER, name: "Aller" }));
    h.setSceneFlag("terrain", boardMap());
    const actor = (id: string, name: string, type: string, system: Raw, owner: Player): FakeActorT => {
      const made = new h.Actor({ id, name, type, system });
      chatFake.own(made, owner);
      return made;
    };
    const icorps = actor("icorps0000000001", "I Corps", "hq", hqSystem("nato", { supplyCounters: 1 }), "p1");
    icorps.addItem({ id: "cardnato0000001", name: "Pioniere", type: "supportCard", system: cardSystem("nato", "engineer", 1, null) });
    const gta = actor("gta0000000000001", "1 GTA", "hq", hqSystem("wp", { supplyCounters: 1 }), "p3");
    gta.addItem({ id: "cardwp000000001", name: "Front barrage", type: "supportCard", system: cardSystem("wp", "combatModifier", 1, null) });
    const unit = (id: string, name: string, side: Side, hq: string, value: number, owner: Player) =>
      actor(
        id,
        name,
        "unit",
        unitSystem(side, { hq, strength: { value, max: 12 }, ...(side === "wp" ? { arm: "motorRifle" } : {}) }),
        owner,
      );
    const n34 = unit("n340000000000001", "34 PzBrig", "nato", icorps.uuid, 5, "p1");
    const n36 = unit("n360000000000001", "36 PzBrig", "nato", icorps.uuid, 7, "p2");
    const w2 = unit("w2mrr00000000001", "2 MRR", "wp", gta.uuid, 9, "p3");
    const w3 = unit("w3mrr00000000001", "3 MRR", "wp", gta.uuid, 11, "p4");
    // Three regiments in March Mode around 1 GTA, far from NATO: one more than a clear hex stacks in March Mode.
    const column = ["4 MRR", "5 MRR", "6 MRR"].map((name, i) =>
      actor(
        `w${String(i + 4)}mrr00000000001`,
        name,
        "unit",
        unitSystem("wp", { hq: gta.uuid, arm: "motorRifle", size: "regiment", mode: "march", strength: { value: 10, max: 12 } }),
        "p3",
      ),
    );
    const place = (a: FakeActorT, hex: string) => h.placeToken(a, Number(hex.slice(0, 2)) - 1, Number(hex.slice(2)) - 1);
    place(icorps, "0104");
    place(n34, "0101");
    place(n36, "0301");
    place(gta, "0504");
    place(w2, "0401");
    place(w3, "0202");
    for (const a of column) place(a, "0504");
    h.setSceneFlag("knowledge", {
      format: "nobc-knowledge/1",
      nato: { [w2.id]: { level: "located", hex: "0401", turn: 1 } },
      wp: { [n36.id]: { level: "located", hex: "0301", turn: 1 } },
    });
    c.sheets?.actors.push(icorps, gta, n34, n36, w2, w3, ...column);
    h.game["combats"] = [];
  });
  await quiet(net);
  await gm.run(async () => {
    const settings = game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> };
    await settings.set("nobc", "teams", {
      members: { p1: { side: "nato", hqs: [] }, p2: { side: "nato", hqs: [] }, p3: { side: "wp", hqs: [] }, p4: { side: "wp", hqs: [] } },
    });
    await settings.set("nobc", "hiddenInformation", "doubleBlind");
  });
  await quiet(net);
  const made = await gm.run(() =>
    (game as unknown as { nobc: { teamScenes: { make(): Promise<{ ok: boolean }> } } }).nobc.teamScenes.make(),
  );
  expect(made.ok).toBe(true);
  await quiet(net);
  // Each player's client draws their side's team scene (where the GM's pull sends them).
  for (const p of PLAYERS) {
    const c = players[p];
    c.run(() => c.entry.harness.view(teamSceneOn(c, SIDE_OF[p]) as never));
  }
  // The GM's client rolls every die: each one the test scripts (`faces`), none more.
  gm.run(() => {
    (CONFIG as unknown as Raw)["Dice"] = {
      randomUniform: () => {
        const face = faces.shift();
        if (face === undefined) throw new Error("a die was rolled that the test did not script");
        return (face - 0.5) / 6;
      },
    };
  });
  // The turn: turn 1's Air Support, so that Next enters Orders for the first time.
  await gm.run(() =>
    (Combat as unknown as { create(d: object): Promise<unknown> }).create({
      type: "nobcTurn",
      system: { turn: 1, stage: AIR_SUPPORT, planningEndsAt: null, reached: turn.STAGES.length + AIR_SUPPORT },
    }),
  );
  await quiet(net);
});

afterAll(() => {
  net.close();
  removeAccessors();
});

/* --------------------------------- what a client holds --------------------------------- */

interface TokenT {
  readonly id: string;
  readonly actorId: string | null;
  readonly name: string;
  toObject(): Raw;
  getFlag(scope: string, key: string): unknown;
}
interface SceneT {
  readonly id: string;
  readonly tokens: TokenT[];
  readonly flags: Raw;
  getFlag(scope: string, key: string): unknown;
}
interface MessageT {
  readonly id: string;
  readonly type: string;
  readonly whisper: string[];
  readonly content: string;
  readonly system: Raw;
  readonly flags: Raw;
  readonly speaker: unknown;
  readonly author?: { id: string; isGM: boolean };
}

const scenesOn = (c: Client): SceneT[] => c.run(() => (c.entry.harness.scenes as unknown as { contents: SceneT[] }).contents);
const teamSceneOn = (c: Client, side: Side): SceneT =>
  scenesOn(c).find((s) => (s.getFlag("nobc", "teamScene") as { side?: string } | undefined)?.side === side)!;
const messagesOn = (c: Client): MessageT[] => [...c.entry.chatFake.messages.values()] as unknown[] as MessageT[];
/** The messages `c`'s player is shown: public ones and those whispered to them. */
const readableOn = (c: Client): MessageT[] => messagesOn(c).filter((m) => m.whisper.length === 0 || m.whisper.includes(c.userId));

/** The enemy as `c`'s team scene draws it: each marker's kind, hex and name, sorted. */
function enemyOn(c: Client, side: Side): string[] {
  const scene = teamSceneOn(c, side);
  const own = new Set(
    c.entry.harness
      .documents()
      .filter((d) => (d.system as Raw | undefined)?.["side"] === side)
      .map((d) => d.id),
  );
  // No token of an enemy actor is on the team scene.
  for (const t of scene.tokens) if (t.actorId !== null) expect(own.has(t.actorId), `${c.name}: token of ${t.actorId}`).toBe(true);
  return scene.tokens
    .flatMap((t) => {
      const flag = t.getFlag("nobc", "marker") as { key: string; hex: string; strength?: { value: number } } | undefined;
      if (flag === undefined) return [];
      const kind = flag.key.startsWith("contact:") ? "contact" : "counter";
      return [
        `${kind} ${flag.hex}${kind === "counter" ? ` ${t.name}` : ""}${flag.strength === undefined ? "" : ` (${String(flag.strength.value)})`}`,
      ];
    })
    .sort();
}

/* ---------------------------------- rendering ---------------------------------- */

const ROOT = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8")) as Lang;
const env = createHandlebars(lang);
env.hbs.registerPartial(
  "systems/nobc/templates/chat/parts/breakdown.hbs",
  readFileSync(resolve(ROOT, "templates/chat/parts/breakdown.hbs"), "utf8"),
);
const compiled = new Map<string, HandlebarsTemplateDelegate>();
const template = (path: string) => {
  let t = compiled.get(path);
  if (t === undefined) {
    t = env.hbs.compile(readFileSync(resolve(ROOT, path), "utf8"));
    compiled.set(path, t);
  }
  return t;
};

/** A side card's HTML as `c` renders it: the real template over its context, in `c`'s words. */
async function sideCardHtml(c: Client, m: MessageT): Promise<string> {
  const ctx = await c.load<typeof SideCardContext>("src/chat/side-card-context");
  const foundry = await c.load<typeof Foundry>("src/base/foundry");
  const context = c.run(() => ctx.sideCardContext(ctx.readSideCard(m.system)!, foundry.translator()));
  return template("templates/chat/side-card.hbs")(context);
}

/**
 * The HTML of each information card (Orders, Resupply) the GM posted, by message id: the GM's client
 * rendered each row's context in the order of the rows, and the rows are created in that order.
 */
function informationHtml(): Map<string, string> {
  const out = new Map<string, string>();
  for (const path of Object.values(INFORMATION)) {
    const rendered = `systems/nobc/${path}`;
    const contexts = gm.sheets!.rendered.filter((r) => r.path === rendered);
    // The harness's renderer leaves a marker of the template as the message's content.
    const posted = messagesOn(gm).filter((m) => m.content === `<rendered ${rendered}>`);
    expect(posted.length).toBe(contexts.length);
    posted.forEach((m, i) => out.set(m.id, template(path)(contexts[i]!.data)));
  }
  return out;
}

/** The information cards' templates, by what the test calls them. */
const INFORMATION = {
  orders: "templates/apps/land/orders-entry.hbs",
  resupply: "templates/apps/land/resupply-entry.hbs",
  stacking: "templates/chat/stacking-end.hbs",
} as const;

/* ---------------------------------- the tracker ---------------------------------- */

/**
 * The tracker as `c` renders it (one Combatant per HQ, as Foundry's Combat would hold): its HQ list,
 * and its HTML with the real templates.
 */
async function trackerOn(c: Client): Promise<{ hqs: Raw; html: string; contexts: unknown[] }> {
  const app = await c.load<typeof TrackerApp>("src/combat/tracker-app");
  return c.run(async () => {
    const combat = (game as unknown as { combats: Raw[] }).combats.find((x) => x["type"] === "nobcTurn")!;
    const hqs = c.entry.harness.documents().filter((d) => d.type === "hq");
    const combatants = hqs.map((actor, i) => ({ id: `c${String(i)}`, actorId: actor.id, actor }));
    const Tracker = app.defineTurnTracker(TrackerBase as unknown as TrackerApp.TrackerBaseClass);
    const tracker = new Tracker() as unknown as { viewed: unknown } & TrackerBase;
    tracker.viewed = { type: combat["type"], system: combat["system"], combatants };
    const parts = tracker._configureRenderParts();
    const context = async (part: string) => ((await tracker._preparePartContext(part, {})) as { nobc?: unknown }).nobc;
    const contexts: unknown[] = [];
    for (const part of Object.keys(parts)) contexts.push(await context(part));
    const [hqList, ready, panel] = [await context("nobcHqs"), await context("nobcReady"), await context("nobcTurn")];
    const html = [
      template("templates/combat/hqs.hbs")({ nobc: hqList }),
      template("templates/combat/readiness.hbs")({ nobc: ready }),
      template("templates/combat/turn.hbs")({ nobc: panel }),
    ].join("\n");
    return { hqs: hqList as Raw, html, contexts };
  });
}

/** The names the tracker lists for `c`, by side, and the enemy counted. */
async function trackerLists(c: Client): Promise<{ listed: string[]; counted: unknown[] }> {
  const { hqs } = await trackerOn(c);
  const groups = (hqs["groups"] ?? []) as { side: string; hqs: { name: string }[] }[];
  return { listed: groups.flatMap((g) => g.hqs.map((h) => `${g.side} ${h.name}`)), counted: (hqs["hidden"] ?? []) as unknown[] };
}

/* ---------------------------------- the sweep ---------------------------------- */

/** The truth (from the GM's master scene) and what `side` knows of it now, as the sweep's secrets. */
async function secretsNow(side: Side): Promise<Secret[]> {
  const read = await gm.load<typeof Read>("src/world/read");
  const schema = await gm.load<typeof KnowledgeSchema>("src/schemas/knowledge");
  const types = await gm.load<typeof KnowledgeTypes>("src/rules/nobc/knowledge/types");
  const view = await gm.load<typeof KnowledgeView>("src/rules/nobc/knowledge/view");
  return gm.run(() => {
    const master = read.worldScene(MASTER);
    const field = read.readBattlefield(master);
    const knowledge = schema.readKnowledgeFlag(master?.getFlag("nobc", schema.KNOWLEDGE_FLAG)).knowledge;
    const enemies = view.sideView(types.piecesOf(field.units, field.hqs), knowledge, side).enemies;
    const sights = new Map<string, Sight>([...enemies].map(([id, sight]) => [id.startsWith("Actor.") ? id : `Actor.${id}`, sight]));
    const truth: TruthDoc[] = [
      ...field.units.map((u) => ({ ref: u.id, side: u.side, name: u.name, hex: u.hex, strength: u.strength })),
      ...field.hqs.map((h) => ({ ref: h.id, side: h.side, name: h.name, hex: h.hex })),
      ...field.cards.map((card) => ({ ref: card.id, side: card.side, name: card.name })),
    ];
    return secretsFor(truth, side, sights);
  });
}

/** `data` without the map's terrain (every hex of the map, public: it names no piece). */
function withoutMap(data: unknown): unknown {
  return JSON.parse(
    JSON.stringify(data, (_key, value: unknown) => ((value as Raw | null)?.["format"] === "nobc-terrain/1" ? undefined : value)),
  );
}

/** Everything `c` holds for its player, each with where it came from. */
async function heldBy(c: Client, side: Side): Promise<[string, unknown][]> {
  const held: [string, unknown][] = [];
  const info = informationHtml();
  for (const m of readableOn(c)) {
    held.push([`message ${m.id} (${m.type})`, messageWire(m)]);
    if (m.type === "sideCard") held.push([`side card ${m.id} HTML`, await sideCardHtml(c, m)]);
    const html = info.get(m.id);
    if (html !== undefined) held.push([`information card ${m.id} HTML`, html]);
  }
  const scene = teamSceneOn(c, side);
  held.push(["team scene tokens", scene.tokens.map((t) => t.toObject())]);
  // The scene's flags but its terrain (the map, every hex of it: public).
  held.push(["team scene flags", { ...(scene.flags["nobc"] as Raw), terrain: undefined }]);
  held.push(["notices", c.entry.harness.notices.map((n) => n.message)]);
  const land = await c.load<typeof LandWorldModule>("src/apps/land/world");
  const planner = await c.load<typeof PlannerWorldModule>("src/apps/ground-combat/world");
  held.push(["land world", withoutMap(c.run(() => land.readLandWorld()))]);
  held.push(["planner field", withoutMap(c.run(() => planner.readPlannerWorld().field))]);
  // The rear-area attack's dialog as it opens: its targets and its context.
  const rear = await c.load<typeof RearState>("src/apps/land/rear-area/state");
  const rearContext = await c.load<typeof RearContext>("src/apps/land/rear-area/context");
  const foundry = await c.load<typeof Foundry>("src/base/foundry");
  held.push([
    "rear-area dialog",
    c.run(() => {
      const world = land.readLandWorld();
      return {
        targets: rear.targets(world, side),
        context: rearContext.rearAreaContext(world, rear.initialRearArea(side), foundry.translator()),
      };
    }),
  ]);
  const tracker = await trackerOn(c);
  held.push(["tracker", tracker.contexts], ["tracker HTML", tracker.html]);
  held.push(["rendered on the client", c.sheets!.rendered.map((r) => r.data)]);
  held.push(["dialog contexts", dialogContexts.get(c.name) ?? []]);
  return held;
}

/** The dialog contexts each player's client built during the game (the planner's, before a request). */
const dialogContexts = new Map<string, unknown[]>();

const DIALOG_WORLDS = new Set(["land world", "planner field"]);

/** The enemy pieces `side` has identified (by UUID), from the master scene's knowledge. */
async function identifiedBy(side: Side): Promise<Set<string>> {
  const read = await gm.load<typeof Read>("src/world/read");
  const schema = await gm.load<typeof KnowledgeSchema>("src/schemas/knowledge");
  return gm.run(() => {
    const knowledge = schema.readKnowledgeFlag(read.worldScene(MASTER)?.getFlag("nobc", schema.KNOWLEDGE_FLAG)).knowledge;
    return new Set(
      Object.entries(knowledge[side])
        .filter(([, k]) => k.level === "identified")
        .map(([id]) => (id.startsWith("Actor.") ? id : `Actor.${id}`)),
    );
  });
}

/** The sweep of every player's client: what leaks, per player (none, the test expects). */
async function sweep(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const p of PLAYERS) {
    const side = SIDE_OF[p];
    const secrets = await secretsNow(side);
    const held = await heldBy(players[p], side);
    // The dialogs' world names an identified enemy piece by its id (how a request names its target, as the
    // actor every browser holds is named); nothing shown, drawn or written for the player does.
    const identified = await identifiedBy(side);
    const forWorld = secrets.filter((x) => !((x.what === "uuid" || x.what === "id") && identified.has(x.of)));
    out[p] = held.flatMap(([where, data]) =>
      findLeaks(data, DIALOG_WORLDS.has(where) ? forWorld : secrets).map((leak) => `${where}: ${leak}`),
    );
  }
  return out;
}

const NO_LEAKS = Object.fromEntries(PLAYERS.map((p) => [p, []]));

const SIDES = ["nato", "wp"] as const;
/** What each side's players read in the chat, in order, as the game has gone so far. */
const chatSeen: Record<Side, string[]> = { nato: [], wp: [] };
const reads = (sides: readonly Side[], card: string): void => {
  for (const side of sides) chatSeen[side].push(card);
};

/**
 * What every stage checks for each player's client: the chat they read (`chatSeen`), their tracker lists
 * their side's HQ and counts the enemy's one, Control's lists both; and the sweep finds nothing of the enemy
 * their side does not know.
 */
async function expectTrackersAndNoLeaks(): Promise<void> {
  for (const p of PLAYERS) {
    expect(chatOf(players[p]), p).toEqual(chatSeen[SIDE_OF[p]]);
    const [own, enemy] = SIDE_OF[p] === "nato" ? (["nato I Corps", "wp"] as const) : (["wp 1 GTA", "nato"] as const);
    expect(await trackerLists(players[p]), p).toEqual({ listed: [own], counted: [expect.objectContaining({ side: enemy, count: 1 })] });
  }
  expect((await trackerLists(gm)).listed).toEqual(["nato I Corps", "wp 1 GTA"]);
  expect(await sweep()).toEqual(NO_LEAKS);
}

/* ---------------------------------- the steps ---------------------------------- */

async function next(): Promise<void> {
  const advance = await gm.load<typeof Advance>("src/combat/advance");
  const moved = await gm.run(() => {
    const combat = (game as unknown as { combats: unknown[] }).combats.find((x) => (x as Raw)["type"] === "nobcTurn");
    return advance.advanceTurn(combat as never);
  });
  expect(moved).toMatchObject({ ok: true });
  await quiet(net);
}

const stageNow = (): { turn: number; stage: string } =>
  gm.run(() => {
    const combat = (game as unknown as { combats: { type: string; system: { turn: number; stage: number } }[] }).combats.find(
      (x) => x.type === "nobcTurn",
    )!;
    return { turn: combat.system.turn, stage: turn.STAGES[combat.system.stage]!.id };
  });

async function nextTo(stage: turn.StageId, turnNumber: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const now = stageNow();
    if (now.turn === turnNumber && now.stage === stage) return;
    await next();
  }
  throw new Error(`never reached ${stage} of turn ${String(turnNumber)}`);
}

const slotNow = (): number =>
  gm.run(() => {
    const combat = (game as unknown as { combats: { type: string; system: { movementSlot?: number } }[] }).combats.find(
      (x) => x.type === "nobcTurn",
    )!;
    return combat.system.movementSlot ?? 0;
  });

/** Next within Movement until the marker stands at `slot` (the group of that slot moves). */
async function nextSlot(slot: number): Promise<void> {
  for (let i = 0; i < 8 && slotNow() < slot; i++) await next();
  expect(slotNow()).toBe(slot);
}

async function ask(p: Player, dialog: string, state: unknown): Promise<{ ok: boolean; result?: unknown }> {
  const c = players[p];
  const request = await c.load<typeof Request>("src/apps/base/request");
  const asked = await c.run(() => request.requestResolution(dialog, state));
  await quiet(net);
  return asked;
}

const uuidOf = (c: Client, name: string): string => c.entry.harness.documents().find((d) => d.name === name)!.uuid;

/** A ground combat planned on `p`'s own client: its planner's context kept for the sweep, then the request. */
async function attack(p: Player, attackers: string[], target: string): Promise<{ ok: boolean; result?: unknown; view: Raw }> {
  const c = players[p];
  const controller = (await c.load<typeof PlannerController>("src/apps/ground-combat/controller")).plannerController;
  const foundry = await c.load<typeof Foundry>("src/base/foundry");
  const opened = c.run(() => controller.open(controller.read(), { attackers: attackers.map((a) => uuidOf(c, a)), target }));
  if (!opened.ok) throw new Error(opened.reason);
  const view = c.run(() => controller.context(opened.state, controller.read(), foundry.translator())) as unknown as Raw;
  dialogContexts.set(c.name, [...(dialogContexts.get(c.name) ?? []), view]);
  return { ...(await ask(p, "groundCombat.plan", opened.state)), view };
}

/** The GM's Apply of the GMs' card `id`, from the GM's client. */
async function applyAsGm(id: string): Promise<void> {
  const queries = await gm.load<typeof Queries>("src/queries/register");
  expect(await gm.run(() => queries.requestCardAction("apply", id))).toEqual({ ok: true });
  await quiet(net);
}

/** The side card of `side` linked to the GMs' card `gmId`, as `c` holds it. */
function sideCardOf(c: Client, gmId: string, side: Side): MessageT | undefined {
  const link = (messagesOn(c).find((m) => m.id === gmId)?.flags["nobc"] as Raw | undefined)?.["sideLink"];
  return messagesOn(c).find((m) => m.type === "sideCard" && m.system["link"] === link && m.system["side"] === side);
}

/** What each player reads of the chat: each readable message's type (a side card: its side and title; information: its kind). */
function chatOf(c: Client): string[] {
  return readableOn(c).map((m) =>
    m.type === "sideCard"
      ? `side ${String(m.system["side"])}: ${String((m.system["view"] as Raw)["title"])}`
      : m.type === "resolution"
        ? "resolution"
        : `info ${Object.entries(INFORMATION).find(([, path]) => m.content === `<rendered systems/nobc/${path}>`)?.[0] ?? m.type}`,
  );
}

const gmCards = (): MessageT[] => messagesOn(gm).filter((m) => m.type === "resolution");

/* ----------------------------------- the game ----------------------------------- */

describe("a two-turn double-blind game, four players and Control", () => {
  it("at the start: each team scene shows its side and the enemy contact; each tracker lists its side's HQ", async () => {
    expect(enemyOn(players.p1, "nato")).toEqual(["contact 0401"]);
    expect(enemyOn(players.p2, "nato")).toEqual(["contact 0401"]);
    expect(enemyOn(players.p3, "wp")).toEqual(["contact 0301"]);
    expect(enemyOn(players.p4, "wp")).toEqual(["contact 0301"]);
    for (const p of ["p1", "p2"] as const)
      expect(await trackerLists(players[p])).toEqual({
        listed: ["nato I Corps"],
        counted: [expect.objectContaining({ side: "wp", count: 1 })],
      });
    for (const p of ["p3", "p4"] as const)
      expect(await trackerLists(players[p])).toEqual({
        listed: ["wp 1 GTA"],
        counted: [expect.objectContaining({ side: "nato", count: 1 })],
      });
    // Control sees both.
    expect((await trackerLists(gm)).listed).toEqual(["nato I Corps", "wp 1 GTA"]);
    await expectTrackersAndNoLeaks();
  });

  it("turn 1, Orders: each side reads a card of its own HQ only; Control reads both", async () => {
    await nextTo("orders", 1);
    reads(["nato", "wp"], "info orders");
    const orders = messagesOn(gm).filter((m) => (m.flags["nobc"] as Raw | undefined)?.["landInfo"] === "orders");
    expect(orders.map((m) => m.whisper)).toEqual([
      ["gm", "gm2"],
      ["p1", "p2"],
      ["p3", "p4"],
    ]);
    for (const p of PLAYERS) expect(chatOf(players[p])).toEqual(["info orders"]);
    const html = informationHtml();
    expect(html.get(orders[1]!.id)).toContain("I Corps");
    expect(html.get(orders[2]!.id)).toContain("1 GTA");
    expect(html.get(orders[0]!.id)).toMatch(/I Corps[\s\S]*1 GTA/);
    await expectTrackersAndNoLeaks();
  });

  it("turn 1, Ground Combat: p2's 36 PzBrig attacks the contact at 0401; Apply teaches both sides who fought", async () => {
    await nextTo("groundCombat", 1);
    faces.push(4);
    const asked = await attack("p2", ["36 PzBrig"], "0401");
    reads(["nato"], 'side nato: NOBC.GroundCombat.CardTitle {"hex":"0401"}');
    reads(["wp"], 'side wp: NOBC.GroundCombat.CardTitle {"hex":"0401"}');
    // The planner on p2's client (which draws NATO's team scene) reads NATO's knowledge from the master scene: the contact.
    expect((asked.view["targetChoices"] as { value: string; label: string }[]).find((c) => c.value === "0401")?.label).toBe(
      "0401: NOBC.GroundCombat.ContactTarget",
    );
    expect(asked.ok).toBe(true);
    const card = gmCards().at(-1)!;
    // p2's client is answered with NATO's card, never Control's.
    expect((asked.result as { id?: string } | null)?.id).toBe(sideCardOf(players.p2, card.id, "nato")!.id);
    // The sweep finds what it looks for: Control's full card (whispered to the GMs) names 2 MRR, which NATO has only located.
    expect(findLeaks(messageWire(card), await secretsNow("nato"))).toContainEqual(expect.stringMatching(/^name of Actor\.w2mrr/));
    for (const p of ["p1", "p2"] as const) expect(chatOf(players[p]).at(-1)).toMatch(/^side nato: /);
    for (const p of ["p3", "p4"] as const) expect(chatOf(players[p]).at(-1)).toMatch(/^side wp: /);
    await expectTrackersAndNoLeaks();

    await applyAsGm(card.id);
    // Both sides now know who fought, and the strength the hits left: NATO has 2 MRR's counter (9 less 2 hits), the
    // Warsaw Pact 36 PzBrig's (7 less 3).
    for (const p of ["p1", "p2"] as const) expect(enemyOn(players[p], "nato")).toEqual(["counter 0401 2 MRR (7)"]);
    for (const p of ["p3", "p4"] as const) expect(enemyOn(players[p], "wp")).toEqual(["counter 0301 36 PzBrig (4)"]);
    for (const p of PLAYERS) expect(readableOn(players[p]).at(-1)!.system["state"]).toBe("applied");
    await expectTrackersAndNoLeaks();
  });

  it("turn 1, Movement: p4's 3 MRR runs into 34 PzBrig, which the Warsaw Pact had not found, and stops; p1's move into it is refused as 'an enemy unit'", async () => {
    await nextTo("movement", 1);
    // Entering Movement resets the movement points: only the Warsaw Pact's regiments in March Mode change (4 to 6),
    // so only the Warsaw Pact reads the entry card.
    reads(["wp"], 'side wp: NOBC.Turn.EntryTitle {"stage":"NOBC.Turn.Stage.movement"}');
    expect(chatOf(players.p3).at(-1)).toBe(chatSeen.wp.at(-1));
    // The Warsaw Pact's ground group moves first (no corps has the initiative, no one is airborne: src/world/movement-slots.ts).
    const moved = await ask("p4", "land.move", { unit: uuidOf(players.p4, "3 MRR"), path: ["0102", "0101"], ignoreMines: [] });
    reads(["wp"], 'side wp: NOBC.Move.Card.Title {"unit":"3 MRR"}');
    expect(moved.ok).toBe(true);
    const card = gmCards().at(-1)!;
    // p4 is answered with the Warsaw Pact's card of the move; only the Warsaw Pact's players read it.
    expect((moved.result as { id?: string } | null)?.id).toBe(sideCardOf(players.p4, card.id, "wp")!.id);
    expect(sideCardOf(gm, card.id, "nato")).toBeUndefined();
    // Stopped in 0102, before 34 PzBrig's hex: the Warsaw Pact has it located there; NATO has 3 MRR located where it stopped.
    const found = (gm.sheets!.rendered.filter((r) => r.path.includes("resolution-card")).at(-1)!.data as { inputs: Raw[] }).inputs;
    expect(found).toContainEqual({ label: "NOBC.Move.Card.Found", value: expect.stringContaining("NOBC.Move.Found.enemyInHex") });
    // The Warsaw Pact's card says what was found, as the Warsaw Pact knows it now (a contact in 0101).
    const wpCard = sideCardOf(players.p4, card.id, "wp")!;
    expect((wpCard.system["view"] as Raw)["found"]).toEqual({ key: "NOBC.Move.Found.enemyInHex", data: { hex: "0102", hexes: "0101" } });
    expect(await sideCardHtml(players.p3, wpCard)).toContain("NOBC.Move.Found.enemyInHex");
    for (const p of ["p3", "p4"] as const) expect(enemyOn(players[p], "wp")).toEqual(["contact 0101", "counter 0301 36 PzBrig (4)"]);
    for (const p of ["p1", "p2"] as const) expect(enemyOn(players[p], "nato")).toEqual(["contact 0102", "counter 0401 2 MRR (7)"]);
    await expectTrackersAndNoLeaks();

    await nextSlot(5);
    const refused = await ask("p1", "land.move", { unit: uuidOf(players.p1, "34 PzBrig"), path: ["0102"], ignoreMines: [] });
    expect(refused.ok).toBe(false);
    // The refusal names the mover and the hex; 3 MRR, which NATO has only located, is "an enemy unit" of no known size.
    expect(players.p1.entry.harness.notices.at(-1)!.message).toContain(
      'NOBC.Rules.Land.Movement.Refusal.notOverrunnable {\\"unit\\":\\"NOBC.Hidden.EnemyUnit\\",\\"size\\":\\"NOBC.Hidden.Face\\"}',
    );
    await expectTrackersAndNoLeaks();
  });

  it("turn 1, Movement's end: the Warsaw Pact reads the stacking card of its hex 0504; NATO reads none", async () => {
    await nextSlot(6);
    reads(["wp"], "info stacking");
    const stacking = messagesOn(gm).filter((m) => m.content === `<rendered systems/nobc/${INFORMATION.stacking}>`);
    expect(stacking.map((m) => m.whisper)).toEqual([
      ["gm", "gm2"],
      ["p3", "p4"],
    ]);
    // Control's queue reads the whole card only.
    expect(stacking.map((m) => (m.flags["nobc"] as Raw | undefined)?.["stackingEnd"] !== undefined)).toEqual([true, false]);
    for (const p of ["p3", "p4"] as const) expect(chatOf(players[p]).at(-1)).toBe("info stacking");
    for (const p of ["p1", "p2"] as const) expect(chatOf(players[p])).not.toContain("info stacking");
    expect(informationHtml().get(stacking[1]!.id)).toMatch(/0504[\s\S]*4 MRR/);
    await expectTrackersAndNoLeaks();
  });

  it("turn 1, Resupply: each side reads a card of its own HQ only", async () => {
    await nextTo("resupply", 1);
    reads(["nato", "wp"], "info resupply");
    const resupply = messagesOn(gm).filter((m) => (m.flags["nobc"] as Raw | undefined)?.["landInfo"] === "resupply");
    expect(resupply.map((m) => m.whisper)).toEqual([
      ["gm", "gm2"],
      ["p1", "p2"],
      ["p3", "p4"],
    ]);
    for (const p of PLAYERS) expect(chatOf(players[p]).at(-1)).toBe("info resupply");
    const html = informationHtml();
    expect(html.get(resupply[1]!.id)).toContain("I Corps");
    expect(html.get(resupply[2]!.id)).toContain("1 GTA");
    await expectTrackersAndNoLeaks();
  });

  it("turn 2, Orders: contact renewed, each side still sees what it found; each reads its own HQ's card", async () => {
    await nextTo("orders", 2);
    reads(["nato", "wp"], "info orders");
    for (const p of ["p1", "p2"] as const) expect(enemyOn(players[p], "nato")).toEqual(["contact 0102", "counter 0401 2 MRR (7)"]);
    for (const p of ["p3", "p4"] as const) expect(enemyOn(players[p], "wp")).toEqual(["contact 0101", "counter 0301 36 PzBrig (4)"]);
    for (const p of PLAYERS) expect(chatOf(players[p]).at(-1)).toBe("info orders");
    await expectTrackersAndNoLeaks();
  });

  it("turn 2, Ground Combat: p4's 3 MRR attacks the contact at 0101; Apply; then Control deletes its card and the team cards go with it", async () => {
    await nextTo("groundCombat", 2);
    faces.push(4);
    const asked = await attack("p4", ["3 MRR"], "0101");
    reads(["nato"], 'side nato: NOBC.GroundCombat.CardTitle {"hex":"0101"}');
    reads(["wp"], 'side wp: NOBC.GroundCombat.CardTitle {"hex":"0101"}');
    expect(asked.ok).toBe(true);
    const card = gmCards().at(-1)!;
    const wpCard = sideCardOf(players.p4, card.id, "wp")!;
    expect((asked.result as { id?: string } | null)?.id).toBe(wpCard.id);
    // NATO's card names the attacker as it knows it: a contact (3 MRR is only located).
    const natoCard = sideCardOf(players.p1, card.id, "nato")!;
    expect(JSON.stringify(natoCard.system)).not.toContain("3 MRR");
    await expectTrackersAndNoLeaks();

    await applyAsGm(card.id);
    // 3 MRR (11 less 3 hits) and 34 PzBrig (5 less 3) are known by their faces now.
    for (const p of ["p1", "p2"] as const)
      expect(enemyOn(players[p], "nato")).toEqual(["counter 0102 3 MRR (8)", "counter 0401 2 MRR (7)"]);
    for (const p of ["p3", "p4"] as const)
      expect(enemyOn(players[p], "wp")).toEqual(["counter 0101 34 PzBrig (2)", "counter 0301 36 PzBrig (4)"]);
    await expectTrackersAndNoLeaks();

    // Control deletes its card from the chat log: its team cards leave every copy's chat with it.
    const team = [wpCard.id, natoCard.id];
    await gm.run(() => (messagesOn(gm).find((m) => m.id === card.id) as unknown as { delete(): Promise<unknown> }).delete());
    for (const side of SIDES) chatSeen[side].pop();
    await quiet(net);
    for (const c of [net.serverCopy, gm, ...PLAYERS.map((p) => players[p])])
      for (const id of [card.id, ...team]) expect(messagesOn(c).map((m) => m.id)).not.toContain(id);
    await expectTrackersAndNoLeaks();
  });

  it("turn 2, Movement: p1's I Corps runs into what stands in 0504 and stops next to it; NATO's card says what was found", async () => {
    await nextTo("movement", 2);
    // Movement points reset again: only Warsaw Pact units change (they moved or march), so only it reads the entry card.
    reads(["wp"], 'side wp: NOBC.Turn.EntryTitle {"stage":"NOBC.Turn.Stage.movement"}');
    await nextSlot(5);
    const moved = await ask("p1", "land.move", {
      unit: uuidOf(players.p1, "I Corps"),
      path: ["0204", "0304", "0404", "0403"],
      ignoreMines: [],
    });
    reads(["nato"], 'side nato: NOBC.Move.Card.Title {"unit":"I Corps"}');
    expect(moved.ok).toBe(true);
    const card = gmCards().at(-1)!;
    const natoCard = sideCardOf(players.p1, card.id, "nato")!;
    expect((moved.result as { id?: string } | null)?.id).toBe(natoCard.id);
    expect((natoCard.system["view"] as Raw)["found"]).toEqual({
      key: "NOBC.Move.Found.adjacentToEnemy",
      data: { hex: "0404", hexes: "0504" },
    });
    // NATO has one contact in 0504 (four pieces stand there: the count is not shown); the Warsaw Pact has I Corps located.
    for (const p of ["p1", "p2"] as const)
      expect(enemyOn(players[p], "nato")).toEqual(["contact 0504", "counter 0102 3 MRR (8)", "counter 0401 2 MRR (7)"]);
    for (const p of ["p3", "p4"] as const)
      expect(enemyOn(players[p], "wp")).toEqual(["contact 0404", "counter 0101 34 PzBrig (2)", "counter 0301 36 PzBrig (4)"]);
    // The tracker still lists each side's own HQ, the enemy's as a count.
    expect(await trackerLists(players.p2)).toEqual({
      listed: ["nato I Corps"],
      counted: [expect.objectContaining({ side: "wp", count: 1 })],
    });
    await expectTrackersAndNoLeaks();
  });

  it("turn 2 ends: the stacking card again for the Warsaw Pact only; Resupply per side; nothing leaked to any player", async () => {
    await nextTo("resupply", 2);
    reads(["wp"], "info stacking");
    reads(["nato", "wp"], "info resupply");
    for (const p of ["p3", "p4"] as const) expect(chatOf(players[p]).slice(-2)).toEqual(["info stacking", "info resupply"]);
    for (const p of ["p1", "p2"] as const) expect(chatOf(players[p]).filter((x) => x === "info stacking")).toEqual([]);
    await expectTrackersAndNoLeaks();
  });
});
