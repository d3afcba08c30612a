/** templates/apps/teams/teams.hbs rendered with Handlebars from the window's context: every control named, a side's HQs only. */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { teamsContext } from "../../src/apps/teams/context";
import { teamsState, type TeamsWorld } from "../../src/apps/teams/state";
import { keyWording } from "../harness/wording";

const hbs = Handlebars.create();
hbs.registerHelper("localize", (key: string) => key);
const render = hbs.compile(readFileSync("templates/apps/teams/teams.hbs", "utf8"));
const i18n = keyWording();

const world: TeamsWorld = {
  isGM: true,
  players: [
    { id: "p1", name: "NATO – I Corps" },
    { id: "p2", name: "WP – 1 GTA" },
  ],
  hqs: [
    { uuid: "Actor.h1", name: "I Corps", side: "nato" },
    { uuid: "Actor.h2", name: "II Corps", side: "nato" },
    { uuid: "Actor.w0", name: "1 GTA", side: "wp" },
  ],
  teams: { members: { p1: { side: "nato", hqs: ["Actor.h2"] } } },
};

describe("templates/apps/teams/teams.hbs", () => {
  it("a row per player: the team chosen, the HQs of that side only, the sub-team's ticked; every control labelled", () => {
    const html = render(teamsContext(teamsState(world), world, i18n));
    expect(html).toContain('<select name="side:p1" aria-label="NOBC.Teams.SideOf {&quot;user&quot;:&quot;NATO – I Corps&quot;}">');
    expect(html).toMatch(/<option value="nato" selected>NOBC.Side.nato<\/option>/);
    expect(html).toMatch(/<label class="nobc-teams-hq"><input type="checkbox" name="hq:p1" value="Actor.h2" checked> II Corps<\/label>/);
    expect(html).toMatch(/<input type="checkbox" name="hq:p1" value="Actor.h1"> I Corps/);
    expect(html).not.toContain('name="hq:p1" value="Actor.w0"');
    // p2 is on no team: no HQ to tick.
    expect(html).not.toContain('name="hq:p2"');
    expect(html).toMatch(/<option value="" selected>NOBC.Teams.NoTeam<\/option>/);
    expect(html).toContain('data-action="save"');
  });

  it("says so when the world has no players", () => {
    const html = render(teamsContext(teamsState({ ...world, players: [] }), { ...world, players: [] }, i18n));
    expect(html).toContain("NOBC.Teams.NoPlayers");
    expect(html).not.toContain("<select");
  });
});
