/** The planner inside (the stand-in of) Foundry: opening, refusing, rolling, macros, HUD and sheet buttons. */
import "../../harness/install";
import "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { runInThisContext } from "node:vm";
import { resolve } from "node:path";
import { harness, type FakeActorT } from "../../harness/foundry";
import { sheetsFake } from "../../harness/sheets-fake";
import { loadActors } from "../../harness/actors";
import { registerSettings } from "../../../src/base/settings";
import { clearStageRegistry, stageActionById } from "../../../src/combat/registry";
import { openGroundCombat, planCombatFromSheet, resolveGroundCombatFor } from "../../../src/apps/ground-combat/macros";
import { addHudButton, registerGroundCombat } from "../../../src/apps/ground-combat/register";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import type { GroundCombatState } from "../../../src/apps/ground-combat/state";
import type { GroundCombatView } from "../../../src/apps/ground-combat/context";
import { smallMap } from "../../map/fixture";
import { at, front } from "./fixture";
import { planFromState } from "../../../src/apps/ground-combat/input";
import { readBattlefield } from "../../../src/world/read";
import { clearCombatModifiers, combatModifierRules, registerCombatModifier } from "../../../src/apps/ground-combat/house-rules";
import { phrase, type Phrase } from "../../../src/rules/resolution";
import { say } from "../../../src/base/foundry";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;
let resolved: unknown[];
const config = (globalThis as unknown as { CONFIG: Raw }).CONFIG;
const board = (globalThis as unknown as { canvas: { tokens: Raw } }).canvas;

function world(): void {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerSettings();
  harness.setSceneFlag("terrain", smallMap());
  actors = loadActors(front(), at);
  board.tokens["controlled"] = [];
  resolved = [];
  harness.hooks.push({ name: "nobc.combatResolved", fn: (message) => void resolved.push(message), once: false });
  // Foundry's random source, pinned: every die shows 6.
  config["Dice"] = { randomUniform: () => 0.99 };
}

const uuidOf = (id: string) => actors.get(id)!.uuid;
const tokenOf = (id: string) => ({ actor: actors.get(id) });
const stateOf = (planner: NobcDialog) => planner.dialogState as GroundCombatState;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

async function contextOf(planner: NobcDialog): Promise<GroundCombatView> {
  return (planner as unknown as { _prepareContext(o: object): Promise<GroundCombatView> })._prepareContext({});
}

beforeEach(world);
afterEach(() => {
  clearStageRegistry();
  delete config["Dice"];
});

describe("opening the planner", () => {
  it("takes the controlled unit tokens as attackers and shows the accepted plan with its odds", async () => {
    board.tokens["controlled"] = [tokenOf("w1"), tokenOf("w2")];
    const planner = (await openGroundCombat())!;
    expect(sheetsFake.appRenders).toHaveLength(1);
    expect(stateOf(planner)).toMatchObject({ attackerSide: "wp", attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" });
    const view = await contextOf(planner);
    expect(view.accepted).toBe(true);
    expect(view.plan!.odds.map((r) => r.sixths)).toEqual(["0/6", "0/6", "0/6", "2/6", "4/6"]);
  });

  it("takes the target from the user's targeted token", async () => {
    board.tokens["controlled"] = [tokenOf("w2")];
    (harness.game["user"] as Raw)["targets"] = new Set([tokenOf("n36")]);
    const planner = (await openGroundCombat())!;
    expect(stateOf(planner).target).toBe("0202");
  });

  it("is offered on the Ground Combat stage and opens from there", async () => {
    registerGroundCombat();
    const action = stageActionById("groundCombat.plan")!;
    expect(action).toMatchObject({ stage: "groundCombat", gmOnly: false, label: "NOBC.GroundCombat.StageAction" });
    await action.run();
    expect(sheetsFake.appRenders).toHaveLength(1);
    expect(harness.hooks.some((h) => h.name === "renderTokenHUD")).toBe(true);
  });

  it("opens from the unit sheet with that unit as the attacker", async () => {
    await planCombatFromSheet.call({ document: { uuid: uuidOf("w1") } });
    const planner = sheetsFake.appRenders[0]!.app as NobcDialog;
    expect(stateOf(planner).attackers).toEqual([uuidOf("w1")]);
  });
});

describe("the Token HUD button", () => {
  function fakeHtml() {
    const appended: { listeners: Map<string, () => void>; dataset: Raw; classes: string[] }[] = [];
    const column = {
      ownerDocument: {
        createElement: () => {
          const listeners = new Map<string, () => void>();
          const el = {
            listeners,
            dataset: {} as Raw,
            classes: [] as string[],
            innerHTML: "",
            setAttribute() {
              // The attributes set are not checked here.
            },
            classList: { add: (...c: string[]) => void el.classes.push(...c) },
            addEventListener: (t: string, fn: () => void) => void listeners.set(t, fn),
          };
          return el as unknown as HTMLElement;
        },
      },
      append: (node: unknown) => void appended.push(node as (typeof appended)[number]),
    };
    return { html: { querySelector: (s: string) => (s === ".col.right" ? column : null) }, appended };
  }

  it("on a unit's token, opens the planner with that unit first among the controlled ones", async () => {
    board.tokens["controlled"] = [tokenOf("w2"), tokenOf("w1")];
    const { html, appended } = fakeHtml();
    addHudButton({ object: { actor: actors.get("w1")! } }, html);
    expect(appended).toHaveLength(1);
    expect(appended[0]!.classes).toContain("control-icon");
    appended[0]!.listeners.get("click")!();
    await new Promise((r) => setTimeout(r, 0));
    const planner = sheetsFake.appRenders[0]!.app as NobcDialog;
    expect(stateOf(planner).attackers).toEqual([uuidOf("w1"), uuidOf("w2")]);
  });

  it("adds nothing on an eliminated unit's token", async () => {
    const { html, appended } = fakeHtml();
    await actors.get("w1")!.update({ "system.strength.value": 0 });
    addHudButton({ object: { actor: actors.get("w1")! } }, html);
    expect(appended).toHaveLength(0);
  });

  it("adds nothing on an HQ's token or without a right column", () => {
    const { html, appended } = fakeHtml();
    addHudButton({ object: { actor: actors.get("gta")! } }, html);
    addHudButton({ object: null }, html);
    addHudButton({ object: { actor: actors.get("w1")! } }, { querySelector: () => null });
    expect(appended).toHaveLength(0);
  });
});

describe("rolling", () => {
  it("posts exactly one pending card with the plan, fires nobc.combatResolved, writes nothing and closes", async () => {
    const planner = (await openGroundCombat({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" }))!;
    await planner.resolve();
    expect(chatFake.messages.size).toBe(1);
    const message = [...chatFake.messages.values()][0]!;
    const flags = message.system;
    expect(flags["state"]).toBe("pending");
    expect((flags["groundCombat"] as { plan: { target: string } }).plan.target).toBe("0201");
    expect(message.rolls).toHaveLength(1);
    expect(resolved).toEqual([message]);
    expect(harness.Actor.calls.filter((c) => c.method === "updateDocuments")).toEqual([]);
    expect((planner as unknown as { closes: number }).closes).toBe(1);
  });

  it("refuses an ineligible attacker with the rules' message and posts nothing", async () => {
    const planner = (await openGroundCombat({ attackers: [uuidOf("w3")], target: "0201" }))!;
    const view = await contextOf(planner);
    expect(view.accepted).toBe(false);
    const notCombat = say(phrase("NOBC.Rules.Land.CombatEligibility.Refusal.attackerNotCombatMode", { unit: "3 MRR" }));
    expect(view.refusals[0]!.messages).toEqual([notCombat]);
    expect(await planner.resolve()).toBeNull();
    expect(warnings()).toEqual([say(phrase("NOBC.Notify.Refused", { reason: notCombat }))]);
    expect(chatFake.messages.size).toBe(0);
    expect(resolved).toEqual([]);
  });

  it("reads form changes through the pure reader and redraws", async () => {
    const planner = (await openGroundCombat({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" }))!;
    await planner.change({ attackerSide: ["wp"], target: ["0202"], attackers: [uuidOf("w2")] });
    expect(stateOf(planner)).toMatchObject({ target: "0202", attackers: [uuidOf("w2")] });
    expect((planner as unknown as { renders: number }).renders).toBe(2);
  });
});

describe("macros", () => {
  it("resolveGroundCombatFor plans, rolls and posts one card", async () => {
    const result = await resolveGroundCombatFor({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201", cards: [] });
    expect(result.ok).toBe(true);
    expect(chatFake.messages.size).toBe(1);
    expect(resolved).toHaveLength(1);
  });

  it("resolveGroundCombatFor refuses with every reason of the rules, naming units", async () => {
    const result = await resolveGroundCombatFor({ attackers: [uuidOf("w3"), uuidOf("n34")], target: "0201" });
    expect(result.ok).toBe(false);
    const codes = result.ok ? [] : result.refusals.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(["attackerNotCombatMode", "attackerWrongSide", "attackerInTarget"]));
    expect(chatFake.messages.size).toBe(0);
  });

  it("refuses bad arguments with zod, naming each field, and changes nothing", async () => {
    expect(await openGroundCombat({ attackers: "1 MRR", target: "12" })).toBeNull();
    const opened = warnings().pop()!;
    const problem = (field: string, what: Phrase) => say(phrase("NOBC.Validation.Problem", { field, problem: what }));
    const notArray = phrase("NOBC.Validation.InvalidType", {
      expected: phrase("NOBC.Validation.Type.array"),
      received: phrase("NOBC.Validation.Type.string"),
    });
    expect(opened).toBe(
      say(
        phrase("NOBC.Notify.Refused", {
          reason: [problem("attackers", notArray), problem("target", phrase("NOBC.Validation.Args.HexLabel", { input: '"12"' }))].join(" "),
        }),
      ),
    );
    const result = await resolveGroundCombatFor({ target: "0201", fireMissions: [{ supported: uuidOf("w1") }], colour: "red" });
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.refusals.map((r) => r.field);
    expect(fields).toEqual(expect.arrayContaining(["attackers", "fireMissions[0].artillery", "arguments"]));
    expect(sheetsFake.appRenders).toHaveLength(0);
    expect(chatFake.messages.size).toBe(0);
  });
});

describe("the world's rules options reach the rules whole", () => {
  const weakAttack = () => {
    // 1 MRR down to 1 strength attacks 34 PzBrig (4): below 1:1.
    (actors.get("w1")!.system["strength"] as Raw)["value"] = 1;
    return { attackers: [uuidOf("w1")], target: "0201", cards: [] };
  };
  const stepOne = (message: { system: Raw }) =>
    (message.system as { groundCombat: { plan: { breakdown: { value: number; source: string }[] } } }).groundCombat.plan.breakdown[0]!;

  it("odds below 1:1 count +0 by default", async () => {
    await resolveGroundCombatFor(weakAttack());
    expect(stepOne([...chatFake.messages.values()][0]!).value).toBe(0);
  });

  it("the odds setting mirrors the table on the card; the planner holds every setting, overrun's too, and plans with them", async () => {
    harness.settingsStore.set("nobc.oddsBelowOne", "mirror");
    harness.settingsStore.set("nobc.overrunExtrasCumulative", true);
    harness.settingsStore.set("nobc.overrunMinorRoadIsRiver", true);
    const result = await resolveGroundCombatFor(weakAttack());
    expect(result.ok).toBe(true);
    const line = stepOne([...chatFake.messages.values()][0]!);
    expect(line.value).toBe(-6);
    expect(line.source).toContain("mirrored (world setting)");
    const planner = (await openGroundCombat({ attackers: [uuidOf("w1")], target: "0201" }))!;
    const whole = { combat: { oddsBelowOne: "mirror" }, overrun: { lightExtrasCumulative: true, minorRoadMeansMinorRiver: true } };
    expect(stateOf(planner).options).toEqual(whole);
    expect(planFromState(readBattlefield(), stateOf(planner)).input.options).toEqual(whole);
    expect((await contextOf(planner)).plan!.rows[0]!.valueText).toBe("\u22126");
  });
});

describe("house rules reach the planner and the card", () => {
  afterEach(clearCombatModifiers);

  const cardView = () =>
    sheetsFake.rendered.filter((r) => r.path.endsWith("chat/resolution-card.hbs")).at(-1)!.data as {
      rows: { label: string; valueText: string; source: string }[];
      total: string;
    };

  it("a registered modifier is its own line in the planner's preview and odds, and on the card with its label and source", async () => {
    const plain = (await contextOf((await openGroundCombat({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" }))!)).plan!;
    expect(registerCombatModifier({ id: "elite", label: "HOUSE.Elite", applies: () => ({ value: 2, data: { units: 2 } }) }).ok).toBe(true);
    const planner = (await openGroundCombat({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" }))!;
    const preview = (await contextOf(planner)).plan!;
    expect(preview.rows.at(-1)).toEqual({ label: 'HOUSE.Elite {"units":"2"}', valueText: "+2", source: "house rule: elite" });
    expect(preview.odds.map((r) => r.sixths)).not.toEqual(plain.odds.map((r) => r.sixths));
    expect(preview.total).toBe(`+${Number(plain.total.replace("+", "")) + 2}`);
    await planner.resolve();
    const flags = [...chatFake.messages.values()][0]!.system as {
      display: { breakdown: { text: Phrase; value: number }[] };
      groundCombat: { outcome: { score: number; die: number } };
    };
    expect(flags.display.breakdown.find((l) => l.text.key === "HOUSE.Elite")).toEqual({
      text: phrase("HOUSE.Elite", { units: 2 }),
      value: 2,
      source: "house rule: elite",
    });
    const { score, die } = flags.groundCombat.outcome;
    expect(score).toBe(Number(plain.total.replace("+", "")) + 2 + die);
    const view = cardView();
    expect(view.rows).toContainEqual({
      label: 'HOUSE.Elite {"units":"2"}',
      valueText: "+2",
      source: "house rule: elite",
    });
    expect(view.total).toBe(`+${score}`);
  });

  it("the example house rule (examples/house-rules/out-of-supply.js) registers on setup and reaches resolveGroundCombatFor's card", async () => {
    harness.game["nobc"] = { registerCombatModifier };
    // Run the file as Foundry would load it (a script using the globals), then fire `setup`.
    const path = resolve(__dirname, "../../../examples/house-rules/out-of-supply.js");
    runInThisContext(readFileSync(path, "utf8"), { filename: path });
    for (const hook of harness.hooks.filter((h) => h.name === "setup")) hook.fn();
    expect(combatModifierRules().map((r) => r.id)).toEqual(["out-of-supply"]);
    // With supply left, the rule does not apply.
    await resolveGroundCombatFor({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201", cards: [] });
    expect(cardView().rows.some((r) => r.source.includes("out-of-supply"))).toBe(false);
    actors.get("w2")!.system["supply"] = 0;
    const result = await resolveGroundCombatFor({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201", cards: [] });
    expect(result.ok).toBe(true);
    // Its line comes after Step Four, before the die (Step Five).
    expect(cardView().rows.at(-2)).toMatchObject({
      label: 'House rule: attacking units out of supply: {count} {"count":"1"}',
      valueText: "\u22121",
      source: "house rule (examples/house-rules/out-of-supply.js), not seed 000",
    });
  });

  it("a bad answer is the rules' refusal naming the field, and a failing rule the planner's; nothing is posted", async () => {
    registerCombatModifier({ id: "half", label: "HOUSE.Half", applies: () => 0.5 });
    const half = await resolveGroundCombatFor({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" });
    expect(half.ok ? [] : half.refusals.map((r) => [r.code, r.field])).toEqual([["invalidExtraModifier", "extraModifiers[0].value"]]);
    clearCombatModifiers();
    registerCombatModifier({
      id: "broken",
      label: "HOUSE.Broken",
      applies: () => {
        throw new Error("no scene");
      },
    });
    const planner = (await openGroundCombat({ attackers: [uuidOf("w1"), uuidOf("w2")], target: "0201" }))!;
    const view = await contextOf(planner);
    expect(view.refusals).toEqual([
      {
        id: "extraModifiers",
        label: "NOBC.GroundCombat.Group.houseRules",
        messages: ['NOBC.HouseRule.Failed {"id":"broken","reason":"no scene"}'],
      },
    ]);
    expect(await planner.resolve()).toBeNull();
    expect(chatFake.messages.size).toBe(0);
  });
});
