/**
 * templates/apps/control/queue.hbs and umpires.hbs, and the tracker footer's queue count, rendered with
 * real Handlebars and the contexts the windows give them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createHandlebars, type Lang } from "../../harness/handlebars-helpers";
import { queueContext, type QueueWorld } from "../../../src/apps/control/queue-context";
import { queueItems } from "../../../src/apps/control/queue";
import { umpiresContext } from "../../../src/apps/control/umpires-window";
import { umpiresState, type UmpiresWorld } from "../../../src/apps/control/umpires-state";

const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as Lang;
const env = createHandlebars(lang);
const compile = (path: string) => env.hbs.compile(readFileSync(path, "utf8"));
const renderQueue = compile("templates/apps/control/queue.hbs");

const items = queueItems({
  now: { turn: 1, stage: "airRepair" },
  messages: [
    {
      id: "m1",
      author: { id: "gm", isGM: true },
      timestamp: 60_000,
      flags: {
        nobc: {
          wmdRequest: {
            state: { card: "Actor.h1.Item.n", target: "nuclear", hex: "0202", otherHex: "", identification: ["", ""] },
            requestedBy: "p1",
            status: "pending",
          },
        },
      },
    },
  ],
  units: [],
  hqs: [{ id: "Actor.h1", hex: "0102" }],
  squadrons: [{ id: "Actor.s1", side: "nato", box: "damaged" }],
  names: new Map([
    ["Actor.h1.Item.n", "Davy Crockett"],
    ["Actor.s1", "JaBoG 31"],
  ]),
  breaches: new Set(),
  gms: new Set(["gm"]),
  cards: new Map(),
});

const world = (over: Partial<QueueWorld> = {}): QueueWorld => ({
  isGM: true,
  userId: "gm",
  items,
  taken: {},
  umpires: { umpires: { air: { wars: ["air"], hqs: [], areas: [] } } },
  users: [
    { id: "gm", name: "Map Control", isGM: true, active: true },
    { id: "air", name: "Air Control", isGM: true, active: false },
  ],
  activeGm: "gm",
  at: 11 * 60_000,
  ...over,
});

describe("templates/apps/control/queue.hbs", () => {
  it("groups the items by sector, oldest first, each with its settling action, who rules and Take, every word from en.json", () => {
    const html = renderQueue(queueContext({ all: false }, world(), env));
    // The squadron has waited since the documents do not say when (0): before the release request.
    expect([...html.matchAll(/data-group="([^"]+)"/g)].map((m) => m[1])).toEqual(["umpire:air", "war:land"]);
    expect(html).toContain("<h3>Sector of Air Control</h3>");
    expect(html).toContain('<th scope="row">JaBoG 31</th>');
    expect(html).toContain('<th scope="row">Davy Crockett</th>');
    expect(html).toContain("10 min");
    // Air Control is offline: the active GM rules on the squadron.
    expect(html).toContain("Map Control (active GM)");
    expect(html.match(/data-action="take"/g)).toHaveLength(2);
    expect(html).toContain('data-action="settle" data-id="wmd:m1"><i class="fa-solid fa-comment" inert></i> Open the message');
    expect(html).toContain("Open aircraft repair");
    expect(html).toContain("Showing 2 of 2 waiting.");
    expect(env.missing).toEqual(new Set());
  });

  it("shows who has an item taken and offers Let go to them only; an umpire sees their sector with the box for all", () => {
    const taken = { "wmd:m1": { by: "air", at: 1 } };
    const mine = renderQueue(queueContext({ all: false }, world({ taken, userId: "air" }), env));
    expect(mine).not.toContain("Davy Crockett");
    expect(mine).toContain('name="all"');
    expect(mine).toContain("Showing 1 of 2 waiting.");
    const all = renderQueue(queueContext({ all: true }, world({ taken, userId: "air" }), env));
    expect(all).toContain("<td>Air Control</td>");
    expect(all.match(/data-action="release"/g)).toHaveLength(1);
    expect(all.match(/data-action="take"/g)).toHaveLength(1);
    const gm = renderQueue(queueContext({ all: false }, world({ taken }), env));
    expect(gm).not.toContain('data-action="release"');
    expect(gm).not.toContain('name="all"');
  });

  it("says so when nothing waits", () => {
    expect(renderQueue(queueContext({ all: false }, world({ items: [] }), env))).toContain("Nothing waits for a ruling.");
  });
});

describe("templates/apps/control/umpires.hbs", () => {
  it("lists the GMs with their sector's wars, HQs and areas, each control named", () => {
    const w: UmpiresWorld = {
      isGM: true,
      gms: [
        { id: "gm", name: "Map Control" },
        { id: "air", name: "Air Control" },
      ],
      hqs: [{ uuid: "Actor.h1", name: "I Corps" }],
      umpires: { umpires: { air: { wars: ["air"], hqs: ["Actor.h1"], areas: [{ from: "0101", to: "0302" }] } } },
    };
    const html = compile("templates/apps/control/umpires.hbs")(umpiresContext(umpiresState(w), w, env));
    expect(html).toContain('<input type="checkbox" name="umpire:air" value="true" aria-label="Air Control is an umpire" checked>');
    expect(html).toContain('<input type="checkbox" name="war:air" value="air" checked> Air War');
    expect(html).toContain('<input type="checkbox" name="hq:air" value="Actor.h1" checked> I Corps');
    expect(html).toContain('value="0101-0302"');
    expect(html).toContain('aria-label="Areas of Map Control"');
    expect(env.missing).toEqual(new Set());
  });
});

describe("the tracker footer's queue count", () => {
  const footer = compile("templates/combat/footer.hbs");
  it("shows the count as a button for a GM, and nothing without it", () => {
    expect(
      footer({ nobc: { isGM: true, controlQueue: { count: 3 }, nextKey: "NOBC.Turn.Next", nextStageKey: "NOBC.Turn.Stage.orders" } }),
    ).toContain('data-action="nobcOpenControlQueue"><i class="fa-solid fa-gavel" inert></i> Control queue: 3</button>');
    expect(footer({ nobc: { isGM: false } })).not.toContain("nobcOpenControlQueue");
  });
});
