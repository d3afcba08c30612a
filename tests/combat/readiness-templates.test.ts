/**
 * The readiness block (templates/combat/readiness.hbs) and Control's confirm
 * (templates/combat/ready-confirm.hbs) rendered with real Handlebars and the real lang file, from
 * the pure views (src/combat/readiness.ts, readiness-panel.ts): who is done and still to act, the
 * buttons a player may use and no other, what the rules still want, who Control went on without,
 * Control's clock controls; names escaped; every key in the lang file.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";
import { notReady, readinessView, readinessOnMove, withMark, type ReadinessInput } from "../../src/combat/readiness";
import { readinessPanelContext } from "../../src/combat/readiness-panel";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const env = createHandlebars(lang);
const compile = (name: string) => env.hbs.compile(readFileSync(resolve(repo, `templates/combat/${name}`), "utf8"));
const block = compile("readiness.hbs");
const confirm = compile("ready-confirm.hbs");

const hqs = [
  { uuid: "Actor.c1", name: "I (GE) Corps", side: "nato" as const },
  { uuid: "Actor.c2", name: "V <US> Corps", side: "nato" as const },
  { uuid: "Actor.w1", name: "8th Guards Army", side: "wp" as const },
];
const players = new Map([
  ["Actor.c1", ["Anna"]],
  ["Actor.c2", ["Ben"]],
  ["Actor.w1", ["Carl"]],
]);

function input(over: Partial<ReadinessInput>): ReadinessInput {
  return { stage: "orders", hqs, marks: [], posted: new Set(), players, mayMark: () => false, ...over };
}

describe("who has acted, decided", () => {
  it("an HQ is done when it or its team is marked and the rules want nothing more; a team when every HQ is", () => {
    const view = readinessView(input({ marks: ["nato", "Actor.w1"], posted: new Set(["Actor.c1", "Actor.w1"]) }));
    expect(view.sides.map((s) => [s.side, s.done, s.hqs.map((h) => [h.uuid, h.done, h.needKey])])).toEqual([
      [
        "nato",
        false,
        [
          ["Actor.c1", true, null],
          ["Actor.c2", false, "NOBC.Turn.Ready.Need.orders"],
        ],
      ],
      ["wp", true, [["Actor.w1", true, null]]],
    ]);
    expect(notReady(view)).toEqual([
      { labelKey: "NOBC.Turn.Side.nato", hqs: [{ name: "V <US> Corps", players: "Ben", needKey: "NOBC.Turn.Ready.Need.orders" }] },
    ]);
    // Outside Orders and Resupply the rules want no card: the marks alone decide.
    expect(readinessView(input({ stage: "groundCombat", marks: ["nato", "wp"] })).allDone).toBe(true);
  });

  it("marks are kept once each; a move clears only what is set, and records who Control went on without", () => {
    expect(withMark(["wp"], "nato", true)).toEqual(["nato", "wp"]);
    expect(withMark(["nato", "wp"], "nato", true)).toEqual(["nato", "wp"]);
    expect(withMark(["nato", "wp"], "nato", false)).toEqual(["wp"]);
    expect(readinessOnMove({})).toEqual({});
    expect(readinessOnMove({ ready: ["nato"], clockEndsAt: 5, overridden: ["wp"] })).toEqual({
      ready: [],
      clockEndsAt: null,
      overridden: [],
    });
    expect(readinessOnMove({ ready: [] }, ["nato", "Actor.c2"])).toEqual({ overridden: ["nato", "Actor.c2"] });
  });
});

describe("templates/combat/readiness.hbs (real Handlebars)", () => {
  it("a player sees every team's state and buttons only for their own team and HQs; names are escaped", () => {
    const mine = new Set(["nato", "Actor.c1", "Actor.c2"]);
    const view = readinessView(input({ marks: ["Actor.c1"], posted: new Set(["Actor.c1"]), mayMark: (m) => mine.has(m) }));
    const html = block({ nobc: readinessPanelContext(view, [], hqs, false, false) });
    // Folded by default, the count in its summary, so the tracker stays short.
    expect(html).toContain('<details class="nobc-ready" data-nobc-ready>');
    expect(html).toContain('<summary class="nobc-ready-heading">Who has acted: 1 of 3 HQs done</summary>');
    expect(block({ nobc: readinessPanelContext(view, [], hqs, false, false, true) })).toContain("data-nobc-ready open>");
    expect(html).toMatch(/<strong>NATO<\/strong>: <span class="nobc-ready-state">still to act<\/span>/);
    expect(html).toContain('data-action="nobcMarkReady" data-mark="nato" data-ready="true">Ready</button>');
    // Marked: the button takes the mark off.
    expect(html).toContain('data-mark="Actor.c1" data-ready="false" aria-label="Not ready: I (GE) Corps">Not ready</button>');
    expect(html).toContain("V &lt;US&gt; Corps");
    expect(html).toContain('(<span class="nobc-ready-players">Ben</span>)');
    expect(html).toContain("Orders not posted");
    // Not theirs: no button for the Warsaw Pact or its HQ; no clock controls for a player.
    expect(html).not.toContain('data-mark="wp"');
    expect(html).not.toContain('data-mark="Actor.w1"');
    expect(html).not.toContain("nobcStartClock");
    expect(env.missing).toEqual(new Set());
  });

  it("Control sees the clock controls and who it went on without on entering the stage", () => {
    const view = readinessView(input({ stage: "rearArea", mayMark: () => true }));
    const html = block({ nobc: readinessPanelContext(view, ["nato", "Actor.c2"], hqs, true, true) });
    expect(html).toContain("Control went on without: NATO, V &lt;US&gt; Corps");
    expect(html).toMatch(
      /<label>Clock \(minutes\) <input type="number" name="nobcClockMinutes" min="1" max="600" step="1" value="10"><\/label>/,
    );
    expect(html).toContain('data-action="nobcStartClock"');
    expect(html).toContain('data-action="nobcStopClock"');
    expect(html).toContain('data-mark="wp"');
    // A stage that asks nobody shows no list, only the clock.
    const none = block({ nobc: readinessPanelContext(readinessView(input({ stage: "airCombat" })), [], hqs, true, false) });
    expect(none).not.toContain("Who has acted");
    expect(none).not.toContain("nobcStopClock");
    expect(none).toContain("nobcStartClock");
    expect(env.missing).toEqual(new Set());
  });
});

describe("templates/combat/ready-confirm.hbs (real Handlebars)", () => {
  it("names the stage, and every team and HQ not ready with its players and what the rules want", () => {
    const view = readinessView(input({ marks: ["wp"], posted: new Set(["Actor.w1", "Actor.c1"]) }));
    const html = confirm({ stage: "Set mode markers", who: notReady(view) });
    expect(html).toContain("nobc-dialog-body");
    expect(html).toContain("Still to act in Set mode markers:");
    expect(html).toMatch(/<strong>NATO<\/strong>:/);
    expect(html).toContain("<li>I (GE) Corps (Anna)</li>");
    expect(html).toContain("<li>V &lt;US&gt; Corps (Ben): Orders not posted</li>");
    expect(html).not.toContain("Warsaw Pact");
    expect(html).toContain("Go on to the next stage anyway?");
    expect(env.missing).toEqual(new Set());
  });
});
