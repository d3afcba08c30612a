/**
 * The team scenes with the whole system started as Foundry starts it (src/nobc.ts `init`, then a GM's
 * `ready`): every watch of ours runs beside them (the knowledge watch, the rules guard and record, the
 * board). A GM's placement on the master scene teaches both sides their contacts (on the master scene
 * only) and each team scene draws its marker; a player's console move of their mirror is put back; at
 * an open table the same placement writes nothing more than the token.
 */
import "../harness/install";
import "../harness/sheets-fake";
import "../harness/chat-fake";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import "../../src/nobc";
import { AUTHORITY_MOVE } from "../../src/base/constants";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { teamSceneOf } from "../../src/schemas/team-scene";
import { knowledgeWatchSettled } from "../../src/documents/knowledge-watch";
import { teamScenesSettled } from "../../src/team-scenes/watch";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { actor, freshWorld, gmReady, settle, startSystem } from "../security/system-start";

type Raw = Record<string, unknown>;
type Scene = NonNullable<typeof harness.scene>;

let master: Scene;
let nato: FakeActorT;
let wp: FakeActorT;

const setting = (key: string, value: unknown) =>
  (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set("nobc", key, value);
const api = () => (game as unknown as { nobc: { teamScenes: { make(a?: unknown): Promise<{ ok: boolean }> } } }).nobc.teamScenes;
const teamScene = (side: "nato" | "wp"): Scene => harness.scenes.contents.find((s) => teamSceneOf(s)?.side === side)!;
const markerHexes = (scene: Scene) =>
  scene.tokens.flatMap((t) => {
    const flag = t.getFlag("nobc", "marker") as Raw | undefined;
    return flag === undefined ? [] : [flag["hex"]];
  });

function topLeft(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

async function settled(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await settle();
    await knowledgeWatchSettled();
    await teamScenesSettled();
  }
}

beforeAll(startSystem);
beforeEach(async () => {
  freshWorld();
  master = harness.scene!;
  const hq = actor("I GE Corps", "hq", hqSystem("nato"), "p1", "hq00000000000001");
  nato = actor("PzBrig 34", "unit", unitSystem("nato", { hq: hq.uuid }), "p1", "unit000000000001");
  wp = actor("1 MRR", "unit", unitSystem("wp", { arm: "motorRifle" }), "p2", "unit000000000002");
  harness.placeToken(nato, 1, 1);
  harness.placeToken(wp, 5, 5);
  await gmReady();
  await setting("teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
});

describe("double-blind, the whole system running", () => {
  beforeEach(async () => {
    await setting("hiddenInformation", "doubleBlind");
    expect((await api().make()).ok).toBe(true);
    await settled();
  });

  it("a GM's placement next to the enemy: both sides' contacts on the master scene, each team scene its marker, none of the truth", async () => {
    expect(markerHexes(teamScene("nato"))).toEqual([]);
    // 1 MRR stands in 0606; 0605 is the hex above it.
    await master.tokens.find((t) => t.actorId === nato.id)!.update(topLeft("0605"));
    await settled();
    expect(markerHexes(teamScene("nato"))).toEqual(["0606"]);
    expect(markerHexes(teamScene("wp"))).toEqual(["0605"]);
    // The knowledge is the master scene's; a team scene holds none, and NATO's scene nothing of 1 MRR.
    expect(master.getFlag("nobc", "knowledge")).toBeDefined();
    for (const side of ["nato", "wp"] as const) expect(teamScene(side).getFlag("nobc", "knowledge")).toBeUndefined();
    const seen = JSON.stringify(teamScene("nato").tokens.map((t) => t.toObject()));
    for (const secret of [wp.id, wp.name]) expect(seen).not.toContain(secret);
    const mirror = teamScene("nato").tokens.find((t) => t.actorId === nato.id)!;
    expect([mirror.x, mirror.y]).toEqual(Object.values(topLeft("0605")));
  });

  it("a player's console move of their mirror (the drag's check skipped by a forged option) is drawn back from the master", async () => {
    const mirror = teamScene("nato").tokens.find((t) => t.actorId === nato.id)!;
    const at = { x: mirror.x, y: mirror.y };
    chatFake.actAs("p1");
    const changes = { x: at.x + 300 };
    await mirror.update(changes, { [AUTHORITY_MOVE]: true });
    expect(mirror.x).toBe(at.x + 300);
    // What the GM's client hears of it (the stand-in is one client: the GM's handlers of the write, with the player's id).
    chatFake.actAs("gm");
    for (const h of harness.hooks.filter((x) => x.name === "updateToken"))
      await h.fn(mirror, { ...changes, _id: mirror.id }, { [AUTHORITY_MOVE]: true }, "p1");
    await settled();
    expect({ x: mirror.x, y: mirror.y }).toEqual(at);
  });
});

describe("at an open table, the whole system running", () => {
  it("a GM's placement writes the token and nothing else; no team scene is made", async () => {
    await setting("hiddenInformation", "open");
    expect((await api().make()).ok).toBe(false);
    const scenes = harness.scenes.size;
    harness.Scene.calls.length = 0;
    await master.tokens.find((t) => t.actorId === nato.id)!.update(topLeft("0505"));
    await settled();
    expect(harness.scenes.size).toBe(scenes);
    expect(harness.Scene.calls).toEqual([]);
    expect(master.getFlag("nobc", "knowledge")).toBeUndefined();
  });
});
