/** The teams' pure parts (src/teams/teams.ts, src/teams/command.ts): the setting's shape, who acts for what, who reads a team message. */
import { describe, expect, it } from "vitest";
import {
  actingFor,
  commandOf,
  NO_TEAMS,
  playersOf,
  sidesOf,
  teamRecipients,
  teamsSchema,
  type TeamActor,
  type Teams,
  type WorldUser,
} from "../../src/teams/teams";
import { isTeamCommand, MAX_TEAM_MESSAGE, parseTeamCommand } from "../../src/teams/command";

const A = (id: string) => `Actor.${id}`;
const hq = (id: string, side: "nato" | "wp", parent: string | null = null, owned = false): TeamActor => ({
  uuid: A(id),
  type: "hq",
  side,
  hq: null,
  parent: parent === null ? null : A(parent),
  owned,
});
const unit = (id: string, side: "nato" | "wp", of: string | null, owned = false): TeamActor => ({
  uuid: A(id),
  type: "unit",
  side,
  hq: of === null ? null : A(of),
  parent: null,
  owned,
});

/** NATO: NORTHAG (n0) over I Corps (n1) and II Corps (n2); WP: 1 GTA (w0). A squadron and a side-less actor. */
function actors(owned: readonly string[] = []): TeamActor[] {
  const list: TeamActor[] = [
    hq("n0", "nato"),
    hq("n1", "nato", "n0"),
    hq("n2", "nato", "n0"),
    unit("u1", "nato", "n1"),
    unit("u2", "nato", "n2"),
    unit("u3", "nato", null),
    hq("w0", "wp"),
    unit("w1", "wp", "w0"),
    { uuid: A("s1"), type: "airSquadron", side: "nato", hq: null, parent: null, owned: false },
    { uuid: A("x"), type: "character", side: null, hq: null, parent: null, owned: false },
  ];
  return list.map((a) => ({ ...a, owned: owned.includes(a.uuid) }));
}

const teams = (members: Teams["members"]): Teams => teamsSchema.parse({ members });
const sorted = (set: Set<string>) => [...set].sort();

describe("the teams setting's shape", () => {
  it("is a record from user id to one side and its HQs: a user on two sides cannot be written", () => {
    expect(teamsSchema.parse({ members: { p1: { side: "nato", hqs: [] } } })).toEqual({ members: { p1: { side: "nato", hqs: [] } } });
    expect(
      teamsSchema.safeParse({
        members: {
          p1: [
            { side: "nato", hqs: [] },
            { side: "wp", hqs: [] },
          ],
        },
      }).success,
    ).toBe(false);
    expect(teamsSchema.safeParse({ members: { p1: { side: "both", hqs: [] } } }).success).toBe(false);
    expect(teamsSchema.safeParse({ members: { p1: { side: "nato", hqs: ["Scene.x"] } } }).success).toBe(false);
    expect(teamsSchema.safeParse({ members: { "p 1": { side: "nato", hqs: [] } } }).success).toBe(false);
    expect(teamsSchema.safeParse({ members: { p1: { side: "nato", hqs: [], extra: 1 } } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`u${String(i)}`, { side: "wp", hqs: [] }]));
    expect(teamsSchema.safeParse({ members: many }).success).toBe(false);
  });
});

describe("who acts for what (actingFor)", () => {
  it("with no teams set, a player acts for what they own, of either side, as before teams; a GM for everything", () => {
    const owned = [A("u1"), A("w1"), A("x")];
    expect(sorted(actingFor(NO_TEAMS, { id: "p1", isGM: false }, actors(owned)))).toEqual(owned.sort());
    expect(actingFor(NO_TEAMS, { id: "gm", isGM: true }, actors()).size).toBe(actors().length);
    expect(sidesOf(NO_TEAMS, { id: "p1", isGM: false }, actors(owned))).toEqual(["nato", "wp"]);
    expect(sidesOf(NO_TEAMS, { id: "p1", isGM: false }, actors())).toEqual([]);
    expect(sidesOf(NO_TEAMS, { id: "gm", isGM: true }, actors())).toEqual(["nato", "wp"]);
  });

  it("a member of a whole side acts for every actor of that side, and never for the other side's, even owned", () => {
    const t = teams({ p1: { side: "nato", hqs: [] } });
    expect(sorted(actingFor(t, { id: "p1", isGM: false }, actors([A("w1")])))).toEqual(
      [A("n0"), A("n1"), A("n2"), A("u1"), A("u2"), A("u3"), A("s1")].sort(),
    );
    expect(sidesOf(t, { id: "p1", isGM: false }, actors([A("w1")]))).toEqual(["nato"]);
  });

  it("a sub-team acts for its HQs, the HQs under them and their units, plus what it owns of its side", () => {
    const t = teams({ p1: { side: "nato", hqs: [A("n1")] }, p2: { side: "nato", hqs: [A("n0")] } });
    expect(sorted(actingFor(t, { id: "p1", isGM: false }, actors()))).toEqual([A("n1"), A("u1")]);
    expect(sorted(actingFor(t, { id: "p1", isGM: false }, actors([A("u2"), A("w0")])))).toEqual([A("n1"), A("u1"), A("u2")]);
    // An army group's player commands its corps too.
    expect(sorted(actingFor(t, { id: "p2", isGM: false }, actors()))).toEqual([A("n0"), A("n1"), A("n2"), A("u1"), A("u2")]);
  });

  it("a user the GM did not list keeps the ownership reading while others are listed", () => {
    const t = teams({ p1: { side: "nato", hqs: [] } });
    expect(sorted(actingFor(t, { id: "p3", isGM: false }, actors([A("w1")])))).toEqual([A("w1")]);
    expect(sidesOf(t, { id: "p3", isGM: false }, actors([A("w1")]))).toEqual(["wp"]);
  });

  it("a loop in the HQs' parents stops", () => {
    const loop = [hq("a", "nato", "b"), hq("b", "nato", "a"), hq("c", "nato", "a")];
    expect(sorted(commandOf([A("c")], loop))).toEqual([A("c")]);
    expect(sorted(commandOf([A("a")], loop))).toEqual([A("a"), A("b"), A("c")]);
  });
});

describe("who reads a team message", () => {
  const users: WorldUser[] = [
    { id: "gm", isGM: true, ownedSides: [] },
    { id: "p1", isGM: false, ownedSides: [] },
    { id: "p2", isGM: false, ownedSides: [] },
    { id: "p3", isGM: false, ownedSides: ["nato"] },
    { id: "p4", isGM: false, ownedSides: ["nato", "wp"] },
  ];
  it("its team's members, the unlisted players owning something of it, and every GM", () => {
    const t = teams({ p1: { side: "nato", hqs: [A("n1")] }, p2: { side: "wp", hqs: [] } });
    expect(playersOf(t, "nato", users)).toEqual(["p1", "p3", "p4"]);
    expect(playersOf(t, "wp", users)).toEqual(["p2", "p4"]);
    expect(teamRecipients(t, ["wp"], users)).toEqual(["gm", "p2", "p4"]);
    expect(teamRecipients(t, ["nato", "wp"], users)).toEqual(["gm", "p1", "p2", "p3", "p4"]);
    expect(teamRecipients(NO_TEAMS, ["wp"], users)).toEqual(["gm", "p4"]);
  });
});

describe("the /team command", () => {
  it("a player writes to their one side without naming it, or names it; never the other team", () => {
    expect(isTeamCommand("/team hello")).toBe(true);
    expect(isTeamCommand("/TEAM hello")).toBe(true);
    expect(isTeamCommand("/teams hello")).toBe(false);
    expect(isTeamCommand("hello /team")).toBe(false);
    expect(parseTeamCommand("/team  hold the bridge\nat 0402 ", ["nato"], false)).toEqual({
      ok: true,
      sides: ["nato"],
      text: "hold the bridge\nat 0402",
    });
    expect(parseTeamCommand("/team nato go", ["nato"], false)).toEqual({ ok: true, sides: ["nato"], text: "go" });
    expect(parseTeamCommand("/team wp go", ["nato"], false)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.notYourTeam" });
    expect(parseTeamCommand("/team all go", ["nato"], false)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.notYourTeam" });
    expect(parseTeamCommand("/team go", [], false)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.noTeam" });
    expect(parseTeamCommand("/team go", ["nato", "wp"], false)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.nameTeam" });
    expect(parseTeamCommand("/team", ["nato"], false)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.empty" });
    expect(parseTeamCommand("/team nato  ", ["nato"], false)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.empty" });
    expect(parseTeamCommand(`/team ${"x".repeat(MAX_TEAM_MESSAGE + 1)}`, ["nato"], false)).toEqual({
      ok: false,
      reason: "NOBC.Teams.Chat.tooLong",
    });
  });

  it("Control names one team or all", () => {
    expect(parseTeamCommand("/team wp attack at dawn", ["nato", "wp"], true)).toEqual({ ok: true, sides: ["wp"], text: "attack at dawn" });
    expect(parseTeamCommand("/team all ceasefire", ["nato", "wp"], true)).toEqual({ ok: true, sides: ["nato", "wp"], text: "ceasefire" });
    expect(parseTeamCommand("/team ceasefire", ["nato", "wp"], true)).toEqual({ ok: false, reason: "NOBC.Teams.Chat.nameTeam" });
  });
});
