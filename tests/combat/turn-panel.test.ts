import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, lookupKey, type Lang } from "../harness/handlebars-helpers";
import { harness } from "../harness/foundry";
import { injectTurnPanel, turnPanelContext } from "../../src/combat/tracker";
import { turn } from "../../src/rules/index";

const repo = resolve(__dirname, "../..");
const lang = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const source = readFileSync(resolve(repo, "templates/combat/turn.hbs"), "utf8");
const hqs = [
  { uuid: "Actor.n1", type: "hq", system: { side: "nato", initiative: true } },
  { uuid: "Actor.w1", type: "hq", system: { side: "wp", initiative: false } },
  { uuid: "Actor.u1", type: "unit", system: {} },
];
const clock = (ms: number): string => `t${ms}`;

describe("turn panel context", () => {
  it("marks the current stage, flags turn 0 and names who moves first", () => {
    const view = turnPanelContext({ turn: 0, stage: 15, planningEndsAt: null }, hqs, true, clock)!;
    expect(view.turnZero).toBe(true);
    expect(view.stages.filter((s) => s.current).map((s) => s.key)).toEqual(["NOBC.Turn.Stage.movement"]);
    expect(view.firstMoverKey).toBe("NOBC.Turn.FirstMover.nato");
    expect(view.planningEndsAt).toBeNull();
    const wp = turnPanelContext({ turn: 2, stage: 17, planningEndsAt: 60_000 }, hqs.slice(1), false, clock)!;
    expect(wp).toMatchObject({ turn: 2, turnZero: false, firstMoverKey: "NOBC.Turn.FirstMover.wp", isGM: false, planningEndsAt: "t60000" });
  });

  it("is null for a stored state out of range", () => {
    expect(turnPanelContext({ turn: 0, stage: 18, planningEndsAt: null }, [], true, clock)).toBeNull();
  });
});

describe("turn panel template (real Handlebars)", () => {
  const env = createHandlebars(lang);
  const gm = env.hbs.compile(source)(turnPanelContext({ turn: 0, stage: 3, planningEndsAt: 0 }, hqs, true, clock)!);
  const player = env.hbs.compile(source)(turnPanelContext({ turn: 1, stage: 3, planningEndsAt: null }, [], false, clock)!);

  it("lists all eighteen stages with only the current one marked", () => {
    expect(gm.match(/<li /g)).toHaveLength(18);
    expect(gm.match(/aria-current="step"/g)).toHaveLength(1);
    expect(gm).toContain("nobc-turn-stage air current");
    expect(gm).toContain("Work out the air superiority level");
  });

  it("shows the turn, the turn-0 flag, who moves first and the Planning end", () => {
    expect(gm).toContain("Turn 0");
    expect(gm).toContain(lookupKey(lang, "NOBC.Turn.TurnZero")!);
    expect(gm).toContain(lookupKey(lang, "NOBC.Turn.FirstMover.nato")!);
    expect(gm).toContain("Planning ends at t0");
    expect(player).toContain(lookupKey(lang, "NOBC.Turn.FirstMover.wp")!);
    expect(player).not.toContain("nobc-turn-zero");
    expect(player).not.toContain("nobc-turn-planning");
  });

  it("shows the Next stage button to the GM only", () => {
    expect(gm).toContain('data-nobc-turn="next"');
    expect(player).not.toContain("data-nobc-turn");
  });

  it("uses only lang keys that exist, including every stage", () => {
    for (const s of turn.STAGES) expect(lookupKey(lang, `NOBC.Turn.Stage.${s.id}`), s.id).toBeDefined();
    for (const key of ["Refused.notGM", "Refused.notTurn", "Refused.badState", "EntryTitle", "EntryOutcome", "Field.Turn", "Field.Stage", "Field.PlanningEndsAt"]) {
      expect(lookupKey(lang, `NOBC.Turn.${key}`), key).toBeDefined();
    }
    expect([...env.missing]).toEqual([]);
  });
});

describe("injectTurnPanel", () => {
  // No DOM in these tests: the few element members the hook touches.
  function fakeDom() {
    const listeners: (() => void)[] = [];
    const button = { disabled: false, addEventListener: (_t: string, f: () => void) => void listeners.push(f) };
    const holder = { className: "", innerHTML: "", querySelector: () => button };
    const prepended: unknown[] = [];
    const html = { querySelector: () => null, prepend: (el: unknown) => void prepended.push(el) };
    (globalThis as unknown as { document: unknown }).document = { createElement: () => holder };
    return { html: html as unknown as HTMLElement, holder, prepended, button, click: () => listeners.forEach((f) => f()) };
  }

  it("adds the rendered panel to a nobcTurn tracker and wires Next stage; ignores other combats", async () => {
    harness.reset();
    chatFake.reset();
    const dom = fakeDom();
    const updates: unknown[] = [];
    const combat = { type: "nobcTurn", system: { turn: 0, stage: 0, planningEndsAt: null }, update: async (d: unknown) => void updates.push(d) };
    await injectTurnPanel({ viewed: combat }, dom.html);
    expect(dom.prepended).toEqual([dom.holder]);
    expect(chatFake.rendered.map((r) => r.path)).toEqual(["systems/nobc/templates/combat/turn.hbs"]);
    dom.click();
    expect(dom.button.disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(updates).toEqual([{ system: { turn: 0, stage: 1, planningEndsAt: null } }]);
    await injectTurnPanel({ viewed: { ...combat, type: "base" } }, dom.html);
    await injectTurnPanel({ viewed: null }, dom.html);
    await injectTurnPanel({ viewed: { ...combat, system: { turn: 0, stage: 40, planningEndsAt: null } } }, dom.html);
    expect(dom.prepended).toHaveLength(1);
  });
});
