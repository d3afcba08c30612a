/**
 * The teams in the Foundry shell, through the harness: the setting and the GM's Teams window, the
 * access checks of the dialogs with teams set (a player acts for their team's HQs without owning
 * them, and never for the other side's even if they own a token of it), and /team chat's recipients.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { loadActors } from "../harness/actors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { clearDialogRegistry, openDialogById } from "../../src/apps/base/registry";
import { clearStageRegistry } from "../../src/combat/registry";
import { LAND_DIALOGS } from "../../src/apps/land/register";
import { landPhaseMacros } from "../../src/apps/land/macros";
import { hqAccess, hqsFor, readLandWorld, sideAccess, sidesFor } from "../../src/apps/land/world";
import { readPlannerWorld } from "../../src/apps/ground-combat/world";
import { readAirWorld, userSides as airSides } from "../../src/apps/air/battle/world";
import { registerSettings } from "../../src/base/settings";
import { ownedActorUuids } from "../../src/base/foundry";
import { actingActorUuids, actsFor, readTeams, userSides, withTeams } from "../../src/teams/read";
import { registerTeams, TEAMS_MENU } from "../../src/apps/teams/register";
import { TEAMS } from "../../src/apps/teams/dialogs";
import { ownerNames } from "../../src/apps/land/owner-names";
import type { NobcDialog } from "../../src/apps/base/dialog";
import type { TeamsState } from "../../src/apps/teams/state";
import { smallMap } from "../map/fixture";
import { at, specs, type Spec } from "../apps/land/fixture";
import { hqSystem, unitSystem } from "../apps/ground-combat/fixture";
import { TEAM_CHAT_FLAG } from "../../src/chat/team-chat";
import { counterSvgFor, registerCounterTokens, setCounterPainter, type CounterToken } from "../../src/canvas/counter-tokens";

type Raw = Record<string, unknown>;
const A = (id: string) => `Actor.${id}`;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const refusedWith = (reason: string) => `NOBC.Notify.Refused ${JSON.stringify({ reason })}`;
const stored = () => harness.settingsStore.get("nobc.teams");

/** The Land fixture with a second NATO corps, II Corps (h2, under NORTHAG n0 with I Corps), and its brigade u4. */
function teamSpecs(): Spec[] {
  const list = specs().map((s) => (s.id === "h1" ? { ...s, system: { ...s.system, parent: A("n0") } } : s));
  return [
    ...list,
    { id: "n0", name: "NORTHAG", type: "hq", hex: "0103", system: hqSystem("nato", { supplyCounters: 0, echelon: "armyGroup" }) },
    { id: "h2", name: "II Corps", type: "hq", hex: "0203", system: hqSystem("nato", { supplyCounters: 0, parent: A("n0") }) },
    { id: "u4", name: "PzBrig 4", type: "unit", hex: "0202", system: unitSystem("nato", { hq: A("h2"), supply: 1 }) },
  ];
}

let actors: Map<string, FakeActorT>;

beforeEach(() => {
  vi.restoreAllMocks();
  harness.reset();
  registerSettings();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests(LAND_DIALOGS);
  registerTeams();
  actors = loadActors(teamSpecs(), at);
  harness.setSceneFlag("terrain", smallMap());
});
afterEach(() => {
  clearStageRegistry();
  clearDialogRegistry();
});

/** `game.settings.set` as a console calls it: any value, checked by no type. */
const setAny = (key: string, value: unknown) =>
  (game.settings as unknown as { set(n: string, k: string, v: unknown): Promise<unknown> }).set("nobc", key, value);

/** As a GM: the teams stored (a world setting only a GM writes). */
async function setTeams(members: Raw): Promise<void> {
  await setAny("teams", { members });
}

describe("with no teams set (an open table, as before teams)", () => {
  it("a player acts for what they own, exactly as ownership reads it, in every reader", () => {
    for (const id of ["h1", "u1", "w3"]) chatFake.own(actors.get(id)!, "p1");
    chatFake.setUsers("p1");
    expect(readTeams()).toEqual({ members: {} });
    const owned = ownedActorUuids();
    expect(actingActorUuids()).toEqual(owned);
    expect(readLandWorld().owned).toEqual(owned);
    expect(readPlannerWorld().owned).toEqual(owned);
    expect(readAirWorld().owned).toEqual(owned);
    expect(sidesFor(readLandWorld())).toEqual(["nato"]);
    expect(userSides()).toEqual(["nato", "wp"]);
    expect(actsFor(A("w3"))).toBe(true);
    expect(actsFor(A("w0"))).toBe(false);
    const map = new Map([
      [A("u1"), true],
      [A("w0"), false],
    ]);
    expect(withTeams(game.user, map)).toEqual(map);
  });
});

describe("with teams set", () => {
  beforeEach(async () => {
    // p1 plays II Corps (a sub-team) and owns no HQ; p2 is on the Warsaw Pact and owns a NATO token (u1).
    await setTeams({ p1: { side: "nato", hqs: [A("h2")] }, p2: { side: "wp", hqs: [] } });
    chatFake.own(actors.get("u1")!, "p2");
    chatFake.own(actors.get("u3")!, "p1");
  });

  it("a NATO player with no ownership acts for their sub-team's HQ and its units, and what they own of NATO", () => {
    chatFake.setUsers("p1");
    const world = readLandWorld();
    expect([...world.owned].sort()).toEqual([A("h2"), A("u3"), A("u4")]);
    expect(hqsFor(world).map((h) => h.id)).toEqual([A("h2")]);
    expect(hqAccess(world, A("h2"))).toEqual({ ok: true });
    expect(hqAccess(world, A("h1"))).toMatchObject({ ok: false, reason: "NOBC.Land.Refused.notYourHq" });
    expect(sideAccess(world, "nato")).toEqual({ ok: true });
    expect(sideAccess(world, "wp")).toMatchObject({ ok: false, reason: "NOBC.Land.Refused.notYourSide" });
    expect(readPlannerWorld().owned).toEqual(world.owned);
    expect(userSides()).toEqual(["nato"]);
  });

  it("the NATO sub-team player's orders for II Corps go through the GM and post a card", async () => {
    chatFake.setUsers("p1");
    const dialog = (await landPhaseMacros.openOrders({ hq: A("h2") }))!;
    expect(dialog).not.toBeNull();
    const message = (await dialog.resolve()) as { system: Raw; author: { id: string } };
    expect(message.author.id).toBe("gm");
    expect(message.system["requestedBy"]).toBe("p1");
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    // I Corps is not theirs: refused, nothing posted.
    expect(await landPhaseMacros.openOrders({ hq: A("h1") })).toBeNull();
    expect(warnings()).toEqual([refusedWith('NOBC.Land.Refused.notYourHq {"hq":"I Corps"}')]);
    expect(chatFake.messages.size).toBe(1);
  });

  it("the GM's check of a forged request reads the asker's team too: I Corps refused, whatever the asker's client says", async () => {
    chatFake.setUsers("p1");
    const asker = chatFake.users.get("p1")!;
    chatFake.setUsers("gm");
    const world = readLandWorld(asker);
    expect(hqAccess(world, A("h1"))).toMatchObject({ ok: false });
    expect(hqAccess(world, A("h2"))).toEqual({ ok: true });
  });

  it("a player listed on the Warsaw Pact may not act for NATO even though they own a NATO token", async () => {
    chatFake.setUsers("p2");
    const world = readLandWorld();
    expect(world.owned.has(A("u1"))).toBe(false);
    expect([...world.owned].sort()).toEqual([A("w0"), A("w1"), A("w2"), A("w3")]);
    expect(sidesFor(world)).toEqual(["wp"]);
    expect(sideAccess(world, "nato")).toMatchObject({ ok: false, reason: "NOBC.Land.Refused.notYourSide" });
    expect(actsFor(A("u1"))).toBe(false);
    expect(actsFor(A("w2"))).toBe(true);
    expect(readPlannerWorld().field.cards).toEqual([]);
    expect(await landPhaseMacros.openDemolition({ hq: A("h1") })).toBeNull();
    expect(warnings()).toEqual([refusedWith('NOBC.Land.Refused.notYourSide {"side":"NOBC.Side.nato"}')]);
    // A card's controls: owning u1 gives p2 nothing of NATO's; the team gives them 1 GTA's card.
    expect(
      withTeams(
        chatFake.users.get("p2"),
        new Map([
          [A("u1"), true],
          [A("w0"), false],
          [`${A("w0")}.Item.c9`, false],
        ]),
      ),
    ).toEqual(
      new Map([
        [A("u1"), false],
        [A("w0"), true],
        [`${A("w0")}.Item.c9`, true],
      ]),
    );
  });

  it("a whole side's member plays its squadrons and every HQ's cards; the air and ground readers agree", async () => {
    await setTeams({ p1: { side: "nato", hqs: [] } });
    chatFake.setUsers("p1");
    expect(airSides(readAirWorld())).toEqual(["nato"]);
    expect(readAirWorld().owned.has(A("s1"))).toBe(true);
    expect(new Set(readPlannerWorld().field.cards.map((c) => c.hq))).toEqual(new Set([A("h1")]));
  });

  it("a card's awaiting line names the players acting for the unit: its team's, not the other side's owner", () => {
    chatFake.setUsers("p1");
    expect(ownerNames(actors.get("u4") as never, "NOBC.Retreat.TheGm")).toBe("p1");
    expect(ownerNames(actors.get("u1") as never, "NOBC.Retreat.TheGm")).toBe("NOBC.Retreat.TheGm");
  });
});

describe("the Teams window", () => {
  const stateOf = (dialog: NobcDialog) => dialog.dialogState as TeamsState;

  it("is a GM's menu in Configure Settings, opens on the players with the stored teams, and saves with one settings write", async () => {
    expect(harness.settingsMenus.get(`nobc.${TEAMS_MENU}`)).toMatchObject({ name: "NOBC.Teams.Menu.name", restricted: true });
    await setTeams({ p2: { side: "wp", hqs: [] } });
    await harness.openMenu(`nobc.${TEAMS_MENU}`);
    const dialog = sheetsFake.appRenders.at(-1)!.app as NobcDialog;
    expect(stateOf(dialog).rows).toEqual([
      { user: "p1", side: "", hqs: [] },
      { user: "p2", side: "wp", hqs: [] },
    ]);
    const set = vi.spyOn(game.settings!, "set");
    // p1 to NATO with I Corps ticked and a WP HQ forged into the form: the WP HQ is dropped.
    await dialog.change({ "side:p1": "nato", "hq:p1": [A("h1"), A("w0")], "side:p2": "wp" });
    expect(stateOf(dialog).rows[0]).toEqual({ user: "p1", side: "nato", hqs: [A("h1")] });
    expect(await dialog.resolve()).toEqual({ members: { p1: { side: "nato", hqs: [A("h1")] }, p2: { side: "wp", hqs: [] } } });
    expect(set).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ members: { p1: { side: "nato", hqs: [A("h1")] }, p2: { side: "wp", hqs: [] } } });
    expect(harness.notices.map((n) => [n.level, n.message])).toEqual([["info", "NOBC.Teams.Saved"]]);
    // A side's HQs are offered once the row is on that side.
    const again = (await openDialogById(TEAMS.id))!;
    const context = (await (again as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as {
      rows: { hqs: { uuid: string; checked: boolean }[] }[];
    };
    expect(context.rows[0]!.hqs).toEqual([
      { uuid: A("h1"), name: "I Corps", checked: true },
      { uuid: A("n0"), name: "NORTHAG", checked: false },
      { uuid: A("h2"), name: "II Corps", checked: false },
    ]);
    expect(context.rows[1]!.hqs.map((h) => h.uuid)).toEqual([A("w0")]);
    // Taking a player off their team.
    await again.change({ "side:p1": "", "hq:p1": [A("h1")] });
    await again.resolve();
    expect(stored()).toEqual({ members: { p2: { side: "wp", hqs: [] } } });
  });

  it("refuses a player: the menu is not theirs, the window does not open, nothing is written", async () => {
    chatFake.setUsers("p1");
    await expect(harness.openMenu(`nobc.${TEAMS_MENU}`)).rejects.toThrow(/restricted/);
    expect(await openDialogById(TEAMS.id)).toBeNull();
    expect(warnings()).toEqual([refusedWith("NOBC.Teams.GmOnly")]);
    expect(stored()).toEqual({ members: {} });
    // Nor can a player write the setting around the window: Foundry refuses a world setting to a player.
    await expect(game.settings!.set("nobc", "teams", { members: { p1: { side: "nato", hqs: [] } } })).rejects.toThrow(/permission/);
  });

  it("a window left open by a user who lost GM rights is refused at Save", async () => {
    const dialog = (await openDialogById(TEAMS.id))!;
    await dialog.change({ "side:p1": "wp" });
    chatFake.setUsers("p1");
    expect(await dialog.resolve()).toBeNull();
    expect(stored()).toEqual({ members: {} });
  });

  it("a stored value that is not teams reads as none (every side from ownership)", async () => {
    await setAny("teams", { members: { p1: { side: "both", hqs: [] } } });
    expect(readTeams()).toEqual({ members: {} });
  });
});

describe("team chat (/team)", () => {
  /** A line typed in the chat box, as Foundry's chat log hands it to the `chatMessage` hook: false stops Foundry's own handling. */
  const type = (line: string) =>
    (Hooks as unknown as { call(n: string, ...a: unknown[]): boolean }).call("chatMessage", {}, line, {
      user: game.user!.id,
      speaker: {},
    });
  const last = () => [...chatFake.messages.values()].at(-1) as unknown as { whisper: string[]; content: string; flags: Raw } | undefined;
  const settle = () => new Promise((r) => setTimeout(r, 0));

  beforeEach(async () => {
    await setTeams({ p1: { side: "nato", hqs: [A("h2")] }, p2: { side: "wp", hqs: [] } });
  });

  it("a player's line goes to their team and every GM, without naming anyone; other lines are left to Foundry", async () => {
    chatFake.setUsers("p1");
    expect(type("hello all")).toBe(true);
    expect(chatFake.messages.size).toBe(0);
    expect(type("/team II Corps holds at <b>0203</b>")).toBe(false);
    await settle();
    const message = last()!;
    expect(message.whisper).toEqual(["gm", "gm2", "p1"]);
    expect(message.content).toContain("II Corps holds at &#60;b&#62;0203&#60;/b&#62;");
    expect(message.content).toContain("NOBC.Teams.Chat.to {&#34;team&#34;:&#34;NOBC.Side.nato&#34;}");
    expect(message.flags).toEqual({ nobc: { [TEAM_CHAT_FLAG]: { sides: ["nato"] } } });
  });

  it("a player may not write to the other team: refused, nothing posted", async () => {
    chatFake.setUsers("p1");
    expect(type("/team wp surrender")).toBe(false);
    await settle();
    expect(chatFake.messages.size).toBe(0);
    expect(warnings()).toEqual([refusedWith("NOBC.Teams.Chat.notYourTeam")]);
  });

  it("Control writes to one team or both", async () => {
    chatFake.setUsers("gm");
    type("/team wp attack at dawn");
    await settle();
    expect(last()!.whisper).toEqual(["gm", "gm2", "p2"]);
    type("/team all ceasefire at noon");
    await settle();
    expect(last()!.whisper).toEqual(["gm", "gm2", "p1", "p2"]);
    expect(last()!.content).toContain("NOBC.Teams.Chat.toAll");
    type("/team nobody named");
    await settle();
    expect(warnings()).toEqual([refusedWith("NOBC.Teams.Chat.nameTeam")]);
    expect(chatFake.messages.size).toBe(2);
  });

  it("with no teams set, a player's team is the players owning something of their side", async () => {
    await setTeams({});
    chatFake.own(actors.get("u1")!, "p1");
    chatFake.own(actors.get("w1")!, "p2");
    chatFake.setUsers("p2");
    type("/team hold");
    await settle();
    expect(last()!.whisper).toEqual(["gm", "gm2", "p2"]);
  });
});

describe("counters by team", () => {
  it("a member reads their side's counters in full without owning them, never the other side's; saving the teams draws them again", async () => {
    const painted: string[] = [];
    setCounterPainter(() => ({
      paint: (token) => painted.push(token.actor?.name ?? ""),
      fit: () => undefined,
      release: () => undefined,
    }));
    registerCounterTokens();
    const placeables = (canvas as unknown as { tokens: { placeables: CounterToken[] } }).tokens.placeables;
    const tokenOf = (name: string) => placeables.find((t) => t.actor?.name === name)!;
    const strengthShown = (svg: string | null) => /\d+\/\d+/.test(svg ?? "");
    chatFake.setUsers("p1");
    expect(strengthShown(counterSvgFor(tokenOf("PzBrig 4")))).toBe(false);
    chatFake.setUsers("gm");
    await setTeams({ p1: { side: "nato", hqs: [A("h1")] } });
    // Every unit's counter on the canvas drawn again, no HQ's.
    expect(painted.sort()).toEqual(["ArtBde 2", "MRD 1", "MRD 3", "PzBrig 1", "PzBrig 4", "PzGrenBrig 3", "TD 2"]);
    chatFake.setUsers("p1");
    // II Corps' brigade is not p1's to command, but it is NATO's: its counter reads in full; the enemy's does not.
    expect(strengthShown(counterSvgFor(tokenOf("PzBrig 4")))).toBe(true);
    expect(strengthShown(counterSvgFor(tokenOf("MRD 1")))).toBe(false);
  });
});
