/**
 * The end-of-Movement stacking card and the "This turn's moves" window, rendered with real
 * Handlebars and the English lang file: every key they use exists and the content is shown.
 */
import "../harness/install";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";
import type { StackingEndView } from "../../src/combat/movement-step";
import type { MovementLogView } from "../../src/apps/land/movement-log/context";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const env = createHandlebars(lang);
const render = (path: string, context: object) => env.hbs.compile(readFileSync(resolve(repo, "templates", path), "utf8"))(context);

describe("the end-of-Movement stacking card", () => {
  it("lists each hex with the rule broken, the units and the seed's table", () => {
    const view: StackingEndView = {
      turn: 3,
      headline: "Stacking broken in 1 hex: 0203",
      hexes: [
        {
          hex: "0203",
          rules: [
            {
              rule: "battalions",
              text: "0203 holds 2 battalions (1 Recce Bn and 2 Recce Bn); at most 1 may stand in a hex.",
              source: "seed 000 (NOBC), Land War QRS: Stacking",
              units: ["1 Recce Bn", "2 Recce Bn"],
            },
          ],
        },
      ],
    };
    const html = render("chat/stacking-end.hbs", view);
    // The procedure is the kicker; the headline says what is wrong; the rule's citation is the line's tooltip.
    expect(html).toContain('<p class="card-kicker">End of Movement: stacking</p>');
    expect(html).toContain('<h3 class="card-title">Stacking broken in 1 hex: 0203</h3>');
    expect(html).toContain("Turn 3: these hexes hold more than the stacking rules allow.");
    expect(html).toContain("Hex 0203");
    expect(html).toContain('data-rule="battalions"');
    expect(html).toContain("1 Recce Bn and 2 Recce Bn");
    expect(html).toContain('<span class="cited" data-tooltip="seed 000 (NOBC), Land War QRS: Stacking">0203 holds 2 battalions');
    expect(html).not.toContain("data-nobc-card"); // information: no Apply, no Undo
  });
});

describe("this turn's moves", () => {
  it("shows each unit's start, position, MP and moves with overrides; an empty turn and no turn say so", () => {
    const view: MovementLogView = {
      turn: 0,
      hasTurn: true,
      empty: false,
      unreadable: "1 move card of this turn could not be read and is left out.",
      units: [
        {
          name: "36 PzBrig",
          start: "0202",
          now: "0104",
          mpSpent: "3.5 MP",
          overrides: 1,
          moves: [
            { path: "0202 → 0102", mpSpent: "2 MP", override: null },
            { path: "0102 → 0103 → 0104", mpSpent: "1.5 MP", override: "umpire's override: bridge repaired" },
          ],
        },
      ],
    };
    const html = render("apps/land/movement-log.hbs", view);
    expect(html).toContain("Turn 0: each unit&#x27;s applied moves"); // Handlebars escapes the apostrophe
    expect(html).toContain("36 PzBrig");
    expect(html).toContain("started in 0202, now in 0104, 3.5 MP spent");
    expect(html).toContain("0102 → 0103 → 0104 (1.5 MP)");
    expect(html).toContain("umpire&#x27;s override: bridge repaired");
    expect(html).toContain("could not be read");
    expect(html).toContain('data-action="refresh"');
    const empty = render("apps/land/movement-log.hbs", { ...view, units: [], empty: true, unreadable: null });
    expect(empty).toContain("No move has been applied this turn.");
    const none = render("apps/land/movement-log.hbs", { turn: null, hasTurn: false, empty: true, units: [], unreadable: null });
    expect(none).toContain("There is no turn on the tracker");
    expect(none).not.toContain("No move has been applied");
  });
});
