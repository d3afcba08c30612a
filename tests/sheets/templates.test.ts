import { describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { renderFixtures, templateRenderer } from "./render";
import { fixtureSheets } from "./fixtures";

const repo = resolve(__dirname, "../..");

describe("sheet templates render with real Handlebars", () => {
  const { env, sources, sheets, dialogs } = renderFixtures(repo);

  it("every template compiles", () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(10);
    for (const [rel, src] of Object.entries(sources)) {
      expect(() => env.hbs.precompile(src), rel).not.toThrow();
    }
  });

  it("every sheet template has a fixture, and each fixture renders inside one root div", () => {
    const covered = new Set([
      "actor/unit.hbs",
      "actor/hq.hbs",
      "actor/air-squadron.hbs",
      "actor/airbase.hbs",
      "actor/nqm-unit.hbs",
      "item/support-card.hbs",
    ]);
    for (const rel of Object.keys(sources).filter((r) => r.startsWith("actor/") || r.startsWith("item/"))) {
      expect(covered.has(rel), rel).toBe(true);
    }
    for (const s of [...sheets, ...dialogs]) {
      // Foundry needs one root element per part; the browser test checks the DOM itself.
      expect(s.html.trim(), s.id).toMatch(/^<div class="nobc[^"]*">[\s\S]*<\/div>$/);
    }
  });

  it("no template asks for a lang key en.json lacks", () => {
    expect([...env.missing]).toEqual([]);
  });

  it("the unit sheet shows the counter, the strength track, the mode toggle and the assigned cards", () => {
    const html = sheets.find((s) => s.id === "unit-nato")!.html;
    expect(html).toContain("<svg");
    expect(html.match(/class="track-box filled"/g)?.length).toBe(4 + 1); // 4 strength + 1 SP
    expect(html).toContain('data-action="toggleMode" data-mode="march"');
    expect(html).toContain("Engineer Battalion");
    expect(html).toContain("Switch to March Mode");
  });

  it("the unit sheet offers the counter's overrun cost, empty (not entered) until typed", () => {
    const html = sheets.find((s) => s.id === "unit-nato")!.html;
    expect(html).toMatch(/name="system\.overrunCost\.mp" value="" min="0" step="0\.5" placeholder="not entered"/);
    expect(html).toMatch(/name="system\.overrunCost\.hits" value="" min="0" step="1" placeholder="not entered"/);
  });

  it("the orders preview totals the supply points spent as a count, not a signed score beside the change's −1", () => {
    const html = sheets.find((s) => s.id === "land-orders")!.html;
    const previewFoot = /<tfoot>[\s\S]*?<\/tfoot>/.exec(html.slice(html.indexOf("land-preview")))?.[0] ?? "";
    expect(previewFoot).toContain("SP spent by these orders");
    expect(previewFoot).toMatch(/<th class="num">1<\/th>/);
    expect(previewFoot).not.toContain("Total");
  });

  it("an eliminated unit offers no combat to plan", () => {
    const unit = fixtureSheets().find((f) => f.id === "unit-nato")!;
    const { render } = templateRenderer(repo, env);
    const context = unit.context as { strength: Record<string, unknown> };
    expect(render(unit.template, unit.context)).toContain('data-action="planCombat"');
    const gone = render(unit.template, { ...context, strength: { ...context.strength, value: 0, destroyed: true } });
    expect(gone).not.toContain('data-action="planCombat"');
  });

  it("artillery shows no mode toggle (forced March Mode)", () => {
    const html = sheets.find((s) => s.id === "unit-wp")!.html;
    expect(html).not.toContain('data-action="toggleMode"');
    expect(html).toContain("always in March Mode");
    expect(html).toContain("side-wp");
  });

  it("the HQ hand is draggable embedded items and lists its subordinates", () => {
    const html = sheets.find((s) => s.id === "hq-nato")!.html;
    expect(html.match(/draggable" data-item-id="c\d"/g)?.length).toBe(4);
    // Only the nuclear card's row asks for release, through the same dialog as its own sheet.
    expect(html.match(/data-action="askRelease" data-uuid="([^"]+)"/g)).toEqual(['data-action="askRelease" data-uuid="Actor.hq1.Item.c4"']);
    expect(html).toContain("11th Armd Cav Regt");
    expect(html).toContain('data-action="recoverHq"');
    const wp = sheets.find((s) => s.id === "hq-wp")!.html;
    expect(wp).not.toContain('data-action="recoverHq"');
    expect(wp).toContain("recovers nothing");
  });

  it("the nuclear release request: Control sees the status and the Release / Refuse controls wireWmdRequest builds; the player the reason", () => {
    const gm = sheets.find((s) => s.id === "land-wmd-request")!.html;
    expect(gm).toContain('<p class="wmd-status">Waiting for Control&#x27;s release.</p>');
    expect(gm.match(/<input type="text" name="reason"|data-nobc-wmd="(release|refuse)"/g)).toEqual([
      '<input type="text" name="reason"',
      'data-nobc-wmd="release"',
      'data-nobc-wmd="refuse"',
    ]);
    const player = sheets.find((s) => s.id === "land-wmd-request-refused")!.html;
    expect(player).toContain("Not before turn 3");
    expect(player).not.toContain("data-nobc-wmd");
    const loss = sheets.find((s) => s.id === "land-card-loss")!.html;
    expect(loss).toContain("costs I Corps 2 support cards");
    const retreat = sheets.find((s) => s.id === "land-retreat")!.html;
    expect(retreat).toContain("PzGrenBrig 3 retreats 2 hexes from 0203");
    expect(retreat).toContain('name="step:Actor.u3:0"');
    expect(retreat).toContain('data-action="post"');
  });

  it("a damaged squadron offers the repair roll; the airbase shows capacity used", () => {
    expect(sheets.find((s) => s.id === "squadron")!.html).toContain('data-action="repairSquadron"');
    const base = sheets.find((s) => s.id === "airbase")!.html;
    expect(base).toContain("1/1");
    expect(base).toContain("No space needed");
  });

  it("the confirm dialog shows labels, values, dice and the changes in words", () => {
    const repair = dialogs.find((d) => d.id === "dialog-repair")!.html;
    expect(repair).toContain("repair score");
    expect(repair).toContain('<span class="die">4</span>');
    expect(repair).toContain("36 TFW goes to the Ready box.");
  });
});
