/**
 * The team scenes of a double-blind world (issue #30 item 3, docs/decisions/hidden-information.md,
 * option B), through the harness on the board game's world (tests/turn/board-world.ts: p1 NATO, p2 WP):
 * the GM's command makes one scene per side from the master scene (map flag copied, ownership set,
 * players pulled), idempotent; each side's own tokens are mirrored there, linked to their actors; the
 * enemy markers come from the side's knowledge alone and are written as what differs; a mirror's drag
 * is a move request decided and written on the master scene, the mirror following; an eliminated
 * unit's mirror goes; a GM switches views. At an open table nothing is made and nothing is written.
 */
import "../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { stageBoardWorld } from "../turn/board-world";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { requestResolution } from "../../src/apps/base/request";
import { MOVE } from "../../src/apps/land/dialogs";
import { registerSettings } from "../../src/base/settings";
import { registerTeamsSetting } from "../../src/teams/read";
import { TURN_COMBAT_TYPE } from "../../src/combat/turn-type";
import { turn } from "../../src/rules/index";
import { MOVEMENT_LAST_SLOT } from "../../src/world/movement-slots";
import { makeTeamScenes } from "../../src/team-scenes/command";
import { readTeamsWorld, teamsController } from "../../src/apps/teams/controller";
import { teamsState } from "../../src/apps/teams/state";
import { registerTeamSceneWatch, teamScenesSettled, landingFor } from "../../src/team-scenes/watch";
import { viewTeamScene } from "../../src/team-scenes/view";
import { rulesSceneId, teamSceneOf } from "../../src/schemas/team-scene";
import { viewedSceneDoc } from "../../src/world/read";
import { CONTACT_IMG } from "../../src/team-scenes/want";
import { hexCentre, offsetOf } from "../../src/map/hex-grid";
import { removal, replacement } from "../../src/base/compat";
import { keyWording } from "../harness/wording";

type Raw = Record<string, unknown>;
type Scene = NonNullable<typeof harness.scene>;

let master: Scene;

const setting = (key: string, value: unknown) =>
  (game.settings as unknown as { set(ns: string, k: string, v: unknown): Promise<unknown> }).set("nobc", key, value);

/** Where a one-hex token centred on `hex` has its top-left corner (whole pixels). */
function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}

const teamScene = (side: "nato" | "wp"): Scene =>
  harness.scenes.contents.find((s) => teamSceneOf(s)?.side === side && teamSceneOf(s)?.master === master.id)!;
const mirrors = (scene: Scene) => scene.tokens.filter((t) => t.getFlag("nobc", "mirror") !== undefined);
const markers = (scene: Scene) => scene.tokens.filter((t) => t.getFlag("nobc", "marker") !== undefined);
const tokenCalls = (scene: Scene) =>
  harness.Token.calls.filter((c) => (c.operation as { parent?: unknown } | undefined)?.parent === scene).map((c) => c.method);

async function knowledge(value: Raw): Promise<void> {
  await master.update({ "flags.nobc.knowledge": { format: "nobc-knowledge/1", ...value } });
  await teamScenesSettled();
}

beforeEach(async () => {
  stageBoardWorld();
  master = harness.scene!;
  registerSettings();
  registerTeamsSetting();
  registerRequests([MOVE]);
  registerTeamSceneWatch();
  chatFake.setUsers("gm");
  await setting("teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
  await setting("hiddenInformation", "doubleBlind");
  harness.game["combat"] = {
    type: TURN_COMBAT_TYPE,
    system: { turn: 1, stage: turn.stageIndex("movement"), movementSlot: MOVEMENT_LAST_SLOT },
  };
});
afterEach(() => clearDialogRegistry());

describe("at an open table", () => {
  it("the command is refused and nothing is made; a move writes no team scene", async () => {
    await setting("hiddenInformation", "open");
    const scenes = harness.scenes.size;
    expect(await makeTeamScenes()).toEqual({ ok: false, reason: "NOBC.TeamScenes.Refused.open" });
    expect(harness.scenes.size).toBe(scenes);
    expect(harness.Scene.calls).toEqual([]);
    await master.tokens.find((t) => t.actorId === "n36")!.update(tokenAt("0102"));
    await teamScenesSettled();
    expect(harness.Token.calls.map((c) => c.method)).toEqual(["update"]);
  });
});

describe("the GM's command", () => {
  it("makes one scene per side from the master (map flag, ownership), mirrors each side's own tokens and pulls the players", async () => {
    const made = await makeTeamScenes();
    expect(made.ok).toBe(true);
    const nato = teamScene("nato");
    const wp = teamScene("wp");
    expect(made).toEqual({ ok: true, master: master.id, scenes: { nato: nato.id, wp: wp.id } });
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["createDocuments", "updateDocuments"]);
    // The map's hexes go with the scene; the knowledge and the map state do not.
    expect(nato.getFlag("nobc", "terrain")).toEqual(master.getFlag("nobc", "terrain"));
    expect(nato.getFlag("nobc", "teamScene")).toEqual({ side: "nato", master: master.id });
    expect(nato.ownership).toEqual({ default: 0, p1: 2, p2: 0 });
    expect(wp.ownership).toEqual({ default: 0, p1: 0, p2: 2 });
    expect(master.ownership).toMatchObject({ default: 0, p1: 0, p2: 0 });
    // NATO's scene holds NATO's four tokens, each linked to its actor, where the master has it; nothing of the Pact's.
    const natoIds = ["icorps", "n34", "n36"];
    expect(nato.tokens.map((t) => t.actorId).sort()).toEqual(natoIds);
    for (const t of nato.tokens) {
      const original = master.tokens.find((m) => m.actorId === t.actorId)!;
      expect([t.x, t.y, t.actorLink, t.getFlag("nobc", "mirror")]).toEqual([original.x, original.y, true, { of: original.id }]);
    }
    expect(wp.tokens.map((t) => t.actorId).sort()).toEqual(["gta", "w1", "w2", "w3"]);
    // One token call per scene: the creation of its mirrors.
    expect(tokenCalls(nato)).toEqual(["createDocuments"]);
    expect(tokenCalls(wp)).toEqual(["createDocuments"]);
    expect(harness.pulls).toEqual([
      { scene: nato.id, users: ["p1"] },
      { scene: wp.id, users: ["p2"] },
    ]);
  });

  it("run twice makes nothing twice: the same two scenes, the same tokens, no token written", async () => {
    await makeTeamScenes();
    const before = harness.scenes.contents.map((s) => [s.id, s.tokens.map((t) => t.id)]);
    harness.Token.calls = [];
    harness.Scene.calls = [];
    expect((await makeTeamScenes()).ok).toBe(true);
    expect(harness.scenes.contents.map((s) => [s.id, s.tokens.map((t) => t.id)])).toEqual(before);
    expect(harness.Scene.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(harness.Token.calls).toEqual([]);
  });

  it("is refused to a player, and from a team scene's own id", async () => {
    await makeTeamScenes();
    expect(await makeTeamScenes({ master: teamScene("nato").id })).toEqual({ ok: false, reason: "NOBC.TeamScenes.Refused.teamScene" });
    expect(await makeTeamScenes({ master: "not a scene id!" })).toEqual({ ok: false, reason: "NOBC.TeamScenes.Refused.args" });
    expect(await makeTeamScenes({ other: 1 })).toEqual({ ok: false, reason: "NOBC.TeamScenes.Refused.args" });
    chatFake.actAs("p1");
    expect(await makeTeamScenes()).toEqual({ ok: false, reason: "NOBC.TeamScenes.Refused.gmOnly" });
  });
});

describe("the enemy markers", () => {
  beforeEach(async () => {
    await makeTeamScenes();
    harness.Token.calls = [];
  });

  it("come from the side's knowledge alone: a contact carries its hex, an identified piece its face and shown strength", async () => {
    await knowledge({
      nato: { w1: { level: "located", hex: "0302", turn: 1 } },
      wp: {
        n36: {
          level: "identified",
          hex: "0202",
          turn: 1,
          face: { kind: "unit", name: "36 PzBrig", size: "brigade", arm: "armour", nationality: "FRG" },
          strength: { value: 5, turn: 1 },
        },
      },
    });
    const nato = teamScene("nato");
    const wp = teamScene("wp");
    expect(markers(nato).map((t) => [t.actorId, t.name, t.texture.src, t.getFlag("nobc", "marker"), t.x, t.y])).toEqual([
      [
        null,
        "NOBC.TeamScenes.Contact",
        CONTACT_IMG,
        { key: "contact:0302", kind: "contact", hex: "0302", turn: 1 },
        ...Object.values(tokenAt("0302")),
      ],
    ]);
    // Where the knowledge has it (0302), not where 1 MRR stands (0301); nothing names or links it.
    const natoSeen = JSON.stringify(nato.tokens.map((t) => t.toObject()));
    for (const secret of ["w1", "1 MRR", "Actor.w1", "0301"]) expect(natoSeen).not.toContain(secret);
    const counter = markers(wp)[0]!;
    expect([counter.actorId, counter.name, counter.texture.src]).toEqual([
      null,
      "36 PzBrig",
      "systems/nobc/assets/symbols/nato-armour-brigade.svg",
    ]);
    expect(counter.getFlag("nobc", "marker")).toEqual({
      key: "counter:0202:0",
      kind: "counter",
      hex: "0202",
      turn: 1,
      face: { kind: "unit", name: "36 PzBrig", size: "brigade", arm: "armour", nationality: "FRG" },
      strength: { value: 5, turn: 1 },
    });
    expect(JSON.stringify(counter.toObject())).not.toContain("n36");
    // One creation per scene.
    expect(tokenCalls(nato)).toEqual(["createDocuments"]);
    expect(tokenCalls(wp)).toEqual(["createDocuments"]);
  });

  it("are written as what differs: a contact that moves is one update, one that lapses one delete, the other side untouched", async () => {
    await knowledge({ nato: { w1: { level: "located", hex: "0302", turn: 1 } }, wp: {} });
    const nato = teamScene("nato");
    const id = markers(nato)[0]!.id;
    harness.Token.calls = [];
    await knowledge({ nato: { w1: { level: "located", hex: "0303", turn: 2 } }, wp: {} });
    // The contact of 0302 is gone and one of 0303 is there: a new key, so a delete and a create.
    expect(tokenCalls(nato)).toEqual(["deleteDocuments", "createDocuments"]);
    expect(markers(nato).map((t) => t.getFlag("nobc", "marker"))).toEqual([{ key: "contact:0303", kind: "contact", hex: "0303", turn: 2 }]);
    expect(markers(nato)[0]!.id).not.toBe(id);
    harness.Token.calls = [];
    // Seen again in the same hex a turn later: the same marker, its turn updated.
    await knowledge({ nato: { w1: { level: "located", hex: "0303", turn: 3 } }, wp: {} });
    expect(tokenCalls(nato)).toEqual(["updateDocuments"]);
    const update = harness.Token.calls.find((c) => c.method === "updateDocuments")!.data as Raw[];
    expect(update).toHaveLength(1);
    // The flag replaced whole (v13's "==" key, v14's operator), nothing else.
    expect(Object.keys(update[0]!).sort()).toEqual(["_id", Object.keys(replacement("flags.nobc.marker", {}))[0]!].sort());
    harness.Token.calls = [];
    await master.update(removal("flags.nobc.knowledge.nato.w1"));
    await teamScenesSettled();
    expect(tokenCalls(nato)).toEqual(["deleteDocuments"]);
    expect(markers(nato)).toEqual([]);
    expect(tokenCalls(teamScene("wp"))).toEqual([]);
  });
});

describe("the mirrors", () => {
  beforeEach(async () => {
    await makeTeamScenes();
    harness.Token.calls = [];
  });

  it("a player's drag of their mirror is a move request decided and written on the master scene; the mirror follows in one write", async () => {
    const nato = teamScene("nato");
    expect(rulesSceneId(nato.id)).toBe(master.id);
    chatFake.setUsers("p1");
    // What the drag sends (src/apps/land/move/drag.ts): the scene it was dragged on, the team scene.
    const asked = await requestResolution("land.move", { unit: "Actor.n36", path: ["0102", "0103"], ignoreMines: [], scene: nato.id });
    expect(asked.ok).toBe(true);
    await teamScenesSettled();
    const onMaster = master.tokens.find((t) => t.actorId === "n36")!;
    expect([onMaster.x, onMaster.y]).toEqual(Object.values(tokenAt("0103")));
    const mirror = mirrors(nato).find((t) => t.actorId === "n36")!;
    expect([mirror.x, mirror.y]).toEqual([onMaster.x, onMaster.y]);
    // One write of the mirror, then (the move's card wrote what each side now sees) one of the markers.
    expect(tokenCalls(nato)).toEqual(["updateDocuments", "createDocuments"]);
    const mirrorWrite = harness.Token.calls.find(
      (c) => c.method === "updateDocuments" && (c.operation as { parent?: unknown }).parent === nato,
    );
    expect(mirrorWrite!.data).toEqual([{ _id: mirror.id, x: mirror.x, y: mirror.y }]);
    // The card is the master scene's, and so is the knowledge it wrote: 34 PzBrig (0201) and 1 MRR (0301) are in contact.
    // Control's card (under double-blind each team also gets a card of its own, src/chat/side-posting.ts).
    const card = [...chatFake.messages.values()]
      .filter((m) => (m as unknown as { type: string }).type === "resolution")
      .at(-1) as unknown as {
      system: Raw;
    };
    expect(card.system["scene"]).toBe(master.id);
    expect(nato.getFlag("nobc", "knowledge")).toBeUndefined();
    expect(markers(nato).map((t) => (t.getFlag("nobc", "marker") as Raw)["hex"])).toEqual(["0301"]);
    // The other team's scene holds no NATO token to move: only its new contact marker is written.
    expect(tokenCalls(teamScene("wp"))).toEqual(["createDocuments"]);
    expect(markers(teamScene("wp")).map((t) => (t.getFlag("nobc", "marker") as Raw)["hex"])).toEqual(["0201"]);
  });

  it("an eliminated unit's mirror is deleted; a GM's hand move of a mirror is drawn back from the master", async () => {
    const nato = teamScene("nato");
    const onMaster = master.tokens.find((t) => t.actorId === "n34")!;
    await harness.Token.deleteDocuments([onMaster.id], { parent: master });
    await teamScenesSettled();
    expect(
      mirrors(nato)
        .map((t) => t.actorId)
        .sort(),
    ).toEqual(["icorps", "n36"]);
    const mirror = mirrors(nato).find((t) => t.actorId === "n36")!;
    const at = { x: mirror.x, y: mirror.y };
    await mirror.update(tokenAt("0204"));
    await teamScenesSettled();
    expect({ x: mirror.x, y: mirror.y }).toEqual(at);
  });
});

describe("views", () => {
  beforeEach(async () => {
    await makeTeamScenes();
  });

  it("a GM switches to a team's scene and back; the rules still read the master scene", async () => {
    expect(await viewTeamScene("wp")).toBe(true);
    expect(harness.scene).toBe(teamScene("wp"));
    expect(viewedSceneDoc()).toBe(master);
    expect(await viewTeamScene("master")).toBe(true);
    expect(harness.scene).toBe(master);
    expect(await viewTeamScene("elsewhere")).toBe(false);
    chatFake.actAs("p1");
    expect(await viewTeamScene("wp")).toBe(false);
  });

  it("a player drawing the master or the other side's scene is put on their own side's", () => {
    chatFake.actAs("p1");
    expect(landingFor(master)).toBe(teamScene("nato"));
    expect(landingFor(teamScene("wp"))).toBe(teamScene("nato"));
    expect(landingFor(teamScene("nato"))).toBeNull();
    // A player viewing a team scene reads that scene (their own tokens and markers), never the master.
    harness.view(teamScene("nato"));
    expect(viewedSceneDoc()).toBe(teamScene("nato"));
    chatFake.actAs("gm");
    expect(landingFor(master)).toBeNull();
  });
});

describe("the Teams window", () => {
  const target = (choice?: string) => ({ dataset: choice === undefined ? {} : { choice } }) as unknown as HTMLElement;

  it("shows the team scenes' buttons only double-blind; Make team scenes runs the command, a view button switches the GM's view", async () => {
    const world = readTeamsWorld();
    const state = teamsState(world);
    const i18n = keyWording();
    expect(teamsController.context(state, world, i18n)).toMatchObject({ doubleBlind: true });
    await teamsController.actions!["makeTeamScenes"]!(state, world, target());
    expect(harness.notices.map((n) => n.message)).toContain("NOBC.TeamScenes.Made");
    expect(teamScene("nato")).toBeDefined();
    await teamsController.actions!["viewScene"]!(state, world, target("nato"));
    expect(harness.scene).toBe(teamScene("nato"));
    await setting("hiddenInformation", "open");
    expect(teamsController.context(state, world, i18n)).toMatchObject({ doubleBlind: false });
  });
});

describe("minefields and contamination", () => {
  const mapState = (mines: Raw, contaminated: Raw = {}) => ({
    format: "nobc-map-state/1",
    mines,
    contaminated,
    destroyedBridges: { "0201|0301": true },
    cutAutobahn: {},
    engineersLeft: {},
  });
  const shown = (scene: Scene) => scene.getFlag("nobc", "mapState") as { mines: Raw; contaminated: Raw; destroyedBridges: Raw } | undefined;

  it("a side's scene shows its own minefields, the enemy's once found (a piece in or next to them) and while they stay", async () => {
    // The Pact's minefields at 0203 (next to 36 PzBrig in 0202) and 0504 (far from NATO); NATO's at 0104; gas at 0204 and 0404.
    harness.setSceneFlag(
      "mapState",
      mapState({ "0203": { side: "wp" }, "0504": { side: "wp" }, "0104": { side: "nato" } }, { "0204": true, "0404": true }),
    );
    await makeTeamScenes();
    expect(shown(teamScene("nato"))).toMatchObject({
      mines: { "0203": { side: "wp" }, "0104": { side: "nato" } },
      contaminated: {},
      destroyedBridges: { "0201|0301": true },
    });
    // 0404 is next to 3 MRR (0304); 0104 is far from every Pact piece.
    expect(shown(teamScene("wp"))).toMatchObject({
      mines: { "0203": { side: "wp" }, "0504": { side: "wp" } },
      contaminated: { "0404": true },
    });
    // 36 PzBrig goes back to 0102 (by the GM's hand): what NATO found stays found.
    await master.tokens.find((t) => t.actorId === "n36")!.update(tokenAt("0102"));
    await teamScenesSettled();
    expect(Object.keys(shown(teamScene("nato"))!.mines).sort()).toEqual(["0104", "0203"]);
    // Cleared on the master scene, it goes from every team scene.
    await master.update(removal("flags.nobc.mapState.mines.0203"));
    await teamScenesSettled();
    expect(Object.keys(shown(teamScene("nato"))!.mines)).toEqual(["0104"]);
    expect(Object.keys(shown(teamScene("wp"))!.mines)).toEqual(["0504"]);
  });
});
