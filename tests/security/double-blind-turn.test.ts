/**
 * A Movement phase under double-blind (issue #30, item 3: the tracker, refusals, a move that runs
 * into an unseen enemy) over the multi-client harness with the whole system on a GM's client and two
 * players' (p1 NATO, p2 the Warsaw Pact; ./system-clients.ts): what each player's tracker shows,
 * what a player's refused move tells them, and what a player's move that meets an enemy they had not
 * found does on every copy (the token, the card, the knowledge, the Undo).
 *
 * The board (tests/turn/board-world.ts's map): NATO's 34 PzBrig 0101, 36 PzBrig 0301 and I Corps 0104;
 * the Warsaw Pact's 2 MRR 0401 (next to 36 PzBrig: each side has the other located), 3 MRR 0202 (next
 * to nothing of NATO's: unknown to it) and 1 GTA 0504.
 *
 * The harness's Combat holds no Combatants (tests/harness/foundry.ts): each copy's tracker is shown
 * the turn Combat that copy holds, with one Combatant per HQ of that copy's world, as Foundry's would hold.
 */
import "../harness/install";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  docOn,
  noticesOn,
  onConsole,
  openSystemNetwork,
  ownedActor,
  quiet,
  sceneOn,
  systemWorld,
  type SystemTable,
} from "./system-clients";
import type { Client } from "../harness/clients";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";
import { boardMap } from "../turn/board-world";
import { cardSystem, hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { turn } from "../../src/rules/index";
import { MOVEMENT_LAST_SLOT } from "../../src/world/movement-slots";
import type * as TrackerApp from "../../src/combat/tracker-app";
import type * as Request from "../../src/apps/base/request";
import type * as Queries from "../../src/queries/register";
import { TrackerBase } from "../harness/tracker-base";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

let t: SystemTable;
openSystemNetwork((table) => (t = table));

const MOVEMENT = turn.stageIndex("movement");
const id = (a: { uuid: string }) => a.uuid.slice("Actor.".length);
const located = (hex: string) => ({ level: "located", hex, turn: 1 });

beforeEach(async () => {
  await systemWorld(t, (h) => {
    const icorps = ownedActor(h, "I Corps", "hq", hqSystem("nato"), "p1");
    icorps.addItem({ id: "cardnato0000001", name: "Pioniere", type: "supportCard", system: cardSystem("nato", "engineer", 1, null) });
    const unit = (name: string, side: "nato" | "wp", owner: string, hq: string) =>
      ownedActor(h, name, "unit", unitSystem(side, { hq, ...(side === "wp" ? { arm: "motorRifle" } : {}) }), owner);
    const n34 = unit("34 PzBrig", "nato", "p1", icorps.uuid);
    const n36 = unit("36 PzBrig", "nato", "p1", icorps.uuid);
    const gta = ownedActor(h, "1 GTA", "hq", hqSystem("wp"), "p2");
    const w2 = unit("2 MRR", "wp", "p2", gta.uuid);
    const w3 = unit("3 MRR", "wp", "p2", gta.uuid);
    // Columns and rows from 0: hex 0301 is column 2, row 0.
    h.placeToken(n34, 0, 0);
    h.placeToken(n36, 2, 0);
    h.placeToken(icorps, 0, 3);
    h.placeToken(w2, 3, 0);
    h.placeToken(w3, 1, 1);
    h.placeToken(gta, 4, 3);
    h.setSceneFlag("terrain", boardMap());
    h.setSceneFlag("knowledge", { format: "nobc-knowledge/1", nato: { [id(w2)]: located("0401") }, wp: { [id(n36)]: located("0301") } });
    return [icorps, n34, n36, gta, w2, w3];
  });
  for (const copy of t.copies) copy.run(() => Object.assign(game as object, { combats: [] }));
  await t.gm.run(() =>
    (Combat as unknown as { create(d: object): Promise<unknown> }).create({
      type: "nobcTurn",
      // Movement, NATO's group moving (the last slot: no corps holds the initiative).
      system: { turn: 1, stage: MOVEMENT, planningEndsAt: null, reached: turn.STAGES.length + MOVEMENT, movementSlot: MOVEMENT_LAST_SLOT },
    }),
  );
  await setting("teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
  await setting("hiddenInformation", "doubleBlind");
});

async function setting(key: string, value: unknown): Promise<void> {
  await t.gm.run(() => (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set("nobc", key, value));
  await quiet(t.net);
}

const lang = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as Lang;
const env = createHandlebars(lang);
const template = (name: string) => env.hbs.compile(readFileSync(resolve(__dirname, `../../templates/combat/${name}`), "utf8"));

/** The tracker as `client` renders it: the HQ list, who has acted and the turn panel, in HTML with the real templates. */
async function trackerOn(client: Client): Promise<{ hqs: Raw; html: string }> {
  const app = await client.load<typeof TrackerApp>("src/combat/tracker-app");
  return client.run(async () => {
    const combat = (game as unknown as { combats: Raw[] }).combats.find((c) => c["type"] === "nobcTurn")!;
    const hqs = client.entry.harness.documents().filter((d) => d.type === "hq");
    const combatants = hqs.map((actor, i) => ({ id: `c${String(i)}`, actorId: actor.id, actor }));
    const Tracker = app.defineTurnTracker(TrackerBase as unknown as TrackerApp.TrackerBaseClass);
    const tracker = new Tracker() as unknown as { viewed: unknown } & TrackerBase;
    tracker.viewed = { type: combat["type"], system: combat["system"], combatants };
    const parts = tracker._configureRenderParts();
    const context = async (part: string) => ((await tracker._preparePartContext(part, {})) as { nobc?: unknown }).nobc;
    for (const part of Object.keys(parts)) await context(part);
    const [hqList, ready, panel] = [await context("nobcHqs"), await context("nobcReady"), await context("nobcTurn")];
    const html = [
      template("hqs.hbs")({ nobc: hqList }),
      template("readiness.hbs")({ nobc: ready }),
      template("turn.hbs")({ nobc: panel }),
    ].join("\n");
    return { hqs: hqList as Raw, html };
  });
}

const idsOf = (...names: string[]) => names.map((n) => docOn(t.gm, n).id);

describe("each player's tracker under double-blind", () => {
  it("lists their side's HQs and counts the enemy's; the GM's lists both", async () => {
    const [nato, wp, gm] = [await trackerOn(t.p1), await trackerOn(t.p2), await trackerOn(t.gm)];
    expect(nato.hqs).toMatchObject({ groups: [{ side: "nato", hqs: [{ name: "I Corps" }] }], hidden: [{ side: "wp", count: 1 }] });
    expect(wp.hqs).toMatchObject({ groups: [{ side: "wp", hqs: [{ name: "1 GTA" }] }], hidden: [{ side: "nato", count: 1 }] });
    expect(gm.hqs).toMatchObject({ groups: [{ side: "nato" }, { side: "wp" }], hidden: [] });
    for (const secret of ["1 GTA", ...idsOf("1 GTA")]) expect(nato.html).not.toContain(secret);
    for (const secret of ["I Corps", ...idsOf("I Corps")]) expect(wp.html).not.toContain(secret);
    expect(gm.html).toContain("1 GTA");
    expect(gm.html).toContain("I Corps");
  });
});

describe("a player's move under double-blind, from their own client", () => {
  const ask = async (client: Client, unit: string, path: string[]) => {
    const request = await client.load<typeof Request>("src/apps/base/request");
    const uuid = docOn(client, unit).uuid;
    const asked = await onConsole(client, () => request.requestResolution("land.move", { unit: uuid, path, ignoreMines: [] }));
    await quiet(t.net);
    return asked.ok;
  };
  const knowledgeOn = (client: Client) =>
    client.run(() => (client.entry.harness.scene!.flags["nobc"] as Raw)["knowledge"] as { nato: Raw; wp: Raw });
  const hexOn = (client: Client, unit: string) => {
    const token = sceneOn(client).tokens.find((x) => x.actorId === docOn(client, unit).id)!;
    return { x: token.x, y: token.y };
  };

  it("a refusal naming 2 MRR, which NATO has only located, reaches p1 as 'an enemy unit'; at an open table it names it", async () => {
    expect(await ask(t.p1, "36 PzBrig", ["0401"])).toBe(false);
    const said = noticesOn(t.p1, "NOBC.Movement.Refused.intoEnemy").join("\n");
    expect(said).toContain("NOBC.Hidden.EnemyUnit");
    for (const secret of ["2 MRR", ...idsOf("2 MRR")]) expect(said).not.toContain(secret);
    await setting("hiddenInformation", "open");
    expect(await ask(t.p1, "36 PzBrig", ["0401"])).toBe(false);
    expect(noticesOn(t.p1, "NOBC.Movement.Refused.intoEnemy").join("\n")).toContain("2 MRR");
  });

  it("34 PzBrig's path past 3 MRR stops next to it on every copy; NATO has it located; the card's Undo takes both back", async () => {
    const start = hexOn(t.p1, "34 PzBrig");
    expect(await ask(t.p1, "34 PzBrig", ["0102", "0103"])).toBe(true);
    const [w3, n34] = [id(docOn(t.gm, "3 MRR")), id(docOn(t.gm, "34 PzBrig"))];
    for (const copy of t.copies) {
      expect(knowledgeOn(copy).nato[w3]).toEqual(located("0202"));
      expect(knowledgeOn(copy).wp[n34]).toEqual(located("0102"));
    }
    // Stopped in 0102, one hex down from where it stood (not carried on to 0103), on every copy.
    const moved = hexOn(t.p1, "34 PzBrig");
    expect(moved.x).toBe(start.x);
    expect(moved.y).toBeGreaterThan(start.y);
    for (const copy of t.copies) expect(hexOn(copy, "34 PzBrig")).toEqual(moved);
    // The card every copy holds says what was found, and its words name nothing of it. (Its record names the
    // knowledge entries it wrote, by piece id, as the scene's knowledge flag does: what the console reads,
    // docs/decisions/hidden-information.md.)
    const cards = (copy: Client) => [...copy.entry.chatFake.messages.values()].filter((m) => m.type === "resolution");
    const card = cards(t.p1).at(-1)!;
    // The GM's client rendered the card it posted: its inputs say what was found.
    const rendered = t.gm.sheets!.rendered.filter((r) => r.path.includes("resolution-card")).at(-1)!.data as { inputs: Raw[] };
    const shown = JSON.stringify(rendered);
    expect(rendered.inputs).toContainEqual({
      label: "NOBC.Move.Card.Found",
      value: `NOBC.Move.Found.adjacentToEnemy ${JSON.stringify({ hex: "0102", hexes: "0202" })}`,
    });
    for (const secret of ["3 MRR", ...idsOf("3 MRR")]) expect(shown).not.toContain(secret);
    const queries = await t.gm.load<typeof Queries>("src/queries/register");
    expect(await onConsole(t.gm, () => queries.requestCardAction("undo", card.id))).toEqual({ ok: true });
    await quiet(t.net);
    for (const copy of t.copies) {
      expect(knowledgeOn(copy).nato[w3]).toBeUndefined();
      expect(hexOn(copy, "34 PzBrig")).toEqual(start);
    }
  });
});
