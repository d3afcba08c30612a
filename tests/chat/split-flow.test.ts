/**
 * A ground-combat card through the harness: posting (hooks, flags), owners splitting "between all"
 * hits through the GM's `nobc.setSplit` query, Apply writing exactly the recomputed effects, Undo.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { sha256Hex } from "../../src/base/sha256";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { postResolution } from "../../src/chat/resolution-card";
import { decorateCard, registerChat } from "../../src/queries/card-controls";
import { CARD_PARTIALS } from "../../src/chat/render";
import { applyCard, setCardSplit, undoCard } from "../../src/queries/macros";
import { requestCardAction, requestSetSplit } from "../../src/queries/register";
import { planEffects, snapshotOf } from "../../src/effects/apply";
import { groundCombatEffects } from "../../src/rules/nobc/land/combat";
import { unwrap } from "../../src/rules/resolution";
import type { CardView } from "../../src/chat/context";
import { NAMES, resolveCombat, type Combat, type CombatRefs } from "./combat-fixture";
import { phrase, type Phrase } from "../../src/rules/resolution";
import { say } from "../../src/base/foundry";

type Raw = Record<string, unknown>;
type Query = (data: unknown, options?: unknown) => Promise<unknown>;

let actors: Record<keyof CombatRefs, FakeActorT>;
let refs: CombatRefs;
let fired: { name: string; args: unknown[] }[];

function world(): void {
  harness.reset();
  chatFake.reset();
  registerChat();
  fired = [];
  for (const name of ["nobc.combatResolved", "nobc.resolutionPosted", "nobc.resolutionSplit", "nobc.resolutionApplied"]) {
    harness.hooks.push({ name, fn: (...args: unknown[]) => void fired.push({ name, args }), once: false });
  }
  const unit = (key: keyof CombatRefs, strength: number) =>
    new harness.Actor({
      name: NAMES[key],
      type: "unit",
      system: { strength: { value: strength, max: strength }, supply: 1, mode: "combat" },
    });
  actors = { gds: unit("gds", 8), mr: unit("mr", 4), bde: unit("bde", 4), acr: unit("acr", 3), art: unit("art", 2) };
  refs = { gds: actors.gds.uuid, mr: actors.mr.uuid, bde: actors.bde.uuid, acr: actors.acr.uuid, art: actors.art.uuid };
  for (const key of ["gds", "mr"] as const) chatFake.own(actors[key], "p1");
  for (const key of ["bde", "acr", "art"] as const) chatFake.own(actors[key], "p2");
}

beforeEach(world);

/** Posts the combat resolved with `face` (3: both sides share hits) as a ground-combat card. */
async function post(face = 3): Promise<{ id: string; combat: Combat }> {
  const combat = resolveCombat(refs, face);
  const message = (await postResolution({
    title: "Ground combat at T",
    resolution: combat.resolution,
    groundCombat: { plan: combat.plan, outcome: combat.outcome },
    inputs: [{ label: "Terrain", value: "Woods" }],
    hook: "nobc.combatResolved",
  })) as { id: string };
  return { id: message.id, combat };
}

const message = (id: string) => chatFake.messages.get(id)!;
const flags = (id: string) => message(id).system;
const strengths = () => Object.values(actors).map((a) => (a.system["strength"] as Raw)["value"]);
/** A refused field as the harness writes it: "field: problem" by key and data. */
const problem = (field: string, what: Phrase) => say(phrase("NOBC.Validation.Problem", { field, problem: what }));
const TYPE = {
  string: phrase("NOBC.Validation.Type.string"),
  number: phrase("NOBC.Validation.Type.number"),
  nan: phrase("NOBC.Validation.Type.nan"),
  undefined: phrase("NOBC.Validation.Type.undefined"),
};
const wrongType = (expected: keyof typeof TYPE = "string", received: keyof typeof TYPE = "undefined") =>
  phrase("NOBC.Validation.InvalidType", { expected: TYPE[expected], received: TYPE[received] });
const query = (name: string) => (CONFIG as unknown as { queries: Record<string, Query> }).queries[name]!;

describe("posting a ground-combat card", () => {
  it("keeps plan, outcome and no split yet, words the CRT row and result, and loaded its parts on init", async () => {
    const { id, combat } = await post();
    expect(chatFake.partials).toEqual([...CARD_PARTIALS]);
    const gc = flags(id)["groundCombat"] as Raw;
    expect(gc).toEqual({ plan: combat.plan, outcome: combat.outcome, splits: {} });
    expect(flags(id)["effects"]).toEqual(combat.resolution.effects);
    const display = flags(id)["display"] as Raw;
    expect(display["inputs"]).toEqual([{ label: "Terrain", value: "Woods" }]);
    expect(display["tableRow"]).toContain("NOBC.Chat.Crt.Row");
    expect(display["outcome"]).toContain("NOBC.Chat.Title.Combat.");
    const view = chatFake.rendered.at(-1)!.data as CardView;
    expect(view.splits.map((s) => s.side)).toEqual(["attackers", "defenders"]);
    expect(view.tableRow).toBe(display["tableRow"]);
  });

  it("fires the given hook, then nobc.resolutionPosted, each with the message and the resolution", async () => {
    const { id, combat } = await post();
    expect(fired.map((f) => f.name)).toEqual(["nobc.combatResolved", "nobc.resolutionPosted"]);
    for (const f of fired) expect(f.args).toEqual([message(id), combat.resolution]);
  });

  it("a card without a hook fires only nobc.resolutionPosted, and keeps a given table row and result", async () => {
    const combat = resolveCombat(refs, 3);
    await postResolution({ title: "t", resolution: combat.resolution, groundCombat: combat, tableRow: "Row 4-", outcome: "Beaten off" });
    expect(fired.map((f) => f.name)).toEqual(["nobc.resolutionPosted"]);
    const view = chatFake.rendered.at(-1)!.data as CardView;
    expect([view.tableRow, view.title, view.kicker]).toEqual(["Row 4-", "Beaten off", "t"]);
  });
});

describe("nobc.setSplit", () => {
  const allOnTheMr = () => [
    { actor: refs.gds, hits: 0 },
    { actor: refs.mr, hits: 3 },
  ];

  it("the player owning the attackers splits them through the GM: flags hold the recomputed effects, the card is rendered again", async () => {
    const { id, combat } = await post();
    chatFake.setUsers("p1");
    expect(await requestSetSplit(id, "attackers", allOnTheMr())).toEqual({ ok: true });
    expect(chatFake.users.get("gm")!.queries).toEqual([
      { name: "nobc.setSplit", data: { messageId: id, side: "attackers", split: allOnTheMr(), userId: "p1", token: expect.any(String) } },
    ]);
    const sent = (chatFake.users.get("gm")!.queries[0]!.data as { token: string }).token;
    expect(chatFake.users.get("p1")!.flags["nobc"]!["request"]).toBe(sha256Hex(sent));
    const recomputed = unwrap(groundCombatEffects(combat.plan, combat.outcome, { attackers: allOnTheMr() }));
    expect(flags(id)["effects"]).toEqual(recomputed);
    expect((flags(id)["groundCombat"] as { splits: unknown }).splits).toEqual({ attackers: allOnTheMr() });
    expect(flags(id)["state"]).toBe("pending");
    // One message update: effects, split and the new content together.
    expect(message(id).updates).toHaveLength(1);
    expect(message(id).updates[0]!["content"]).toBe("<rendered systems/nobc/templates/chat/resolution-card.hbs>");
    const view = chatFake.rendered.at(-1)!.data as CardView;
    expect(view.documents.map((d) => [d.name, d.changes.length])).toEqual([
      [NAMES.mr, 1],
      [NAMES.bde, 1],
      [NAMES.acr, 1],
    ]);
    expect(view.splits[0]!.rows.map((r) => r.hits)).toEqual([0, 3]);
    // Nothing is written to the units before Apply.
    expect(harness.Actor.calls).toHaveLength(0);
    const split = fired.find((f) => f.name === "nobc.resolutionSplit")!;
    expect(split.args).toEqual([message(id), "attackers", allOnTheMr()]);
  });

  it("a player of the other side is refused by the GM and nothing changes", async () => {
    const { id } = await post();
    const before = structuredClone(flags(id));
    chatFake.setUsers("p2");
    expect(await requestSetSplit(id, "attackers", allOnTheMr())).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notOwner" });
    expect(flags(id)).toEqual(before);
    expect(message(id).updates).toHaveLength(0);
    expect(harness.notices.map((n) => [n.level, n.message])).toEqual([["warn", "NOBC.Chat.Refused.notOwner"]]);
  });

  it("a bad total is refused with the rules' reasons, told to the player, nothing changed", async () => {
    const { id } = await post();
    const before = structuredClone(flags(id));
    chatFake.setUsers("p2");
    const result = await requestSetSplit(id, "defenders", [
      { actor: refs.bde, hits: 2 },
      { actor: refs.acr, hits: 2 },
    ]);
    const total = phrase("NOBC.Rules.Land.CombatHits.Refusal.splitTotal", { count: 4, total: 2 });
    expect(result).toEqual({ ok: false, reason: "NOBC.Chat.Refused.badSplit", refusals: [total] });
    // The player's client writes the rules' phrase in its own words.
    expect(harness.notices.at(-1)!.message).toBe(`NOBC.Chat.Refused.badSplit ${say(total)}`);
    expect(flags(id)).toEqual(before);
  });

  it("hits on artillery and an unknown unit are refused with every reason", async () => {
    const { id } = await post();
    const result = await requestSetSplit(id, "defenders", [
      { actor: refs.art, hits: 1 },
      { actor: "Actor.ghost", hits: 1 },
    ]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.refusals?.map((p) => p.key)).toEqual([
      "NOBC.Rules.Land.CombatHits.Refusal.splitImmune",
      "NOBC.Rules.Land.CombatHits.Refusal.splitUnknownUnit",
    ]);
    expect(!result.ok && result.refusals?.map((p) => p.data?.["unit"])).toEqual(["210th FA Bde", "Actor.ghost"]);
  });

  it("an applied card is not split again", async () => {
    const { id } = await post();
    await requestCardAction("apply", id);
    expect(await requestSetSplit(id, "attackers", allOnTheMr())).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
  });

  it("with no GM online the player is told and nothing changes", async () => {
    const { id } = await post();
    const before = structuredClone(flags(id));
    chatFake.setUsers("p1", false);
    expect(await requestSetSplit(id, "attackers", allOnTheMr())).toEqual({ ok: false, reason: "NOBC.Chat.NoGM" });
    expect(harness.notices.map((n) => n.message)).toEqual(["NOBC.Chat.NoGM"]);
    expect(flags(id)).toEqual(before);
  });

  it("a GM splits directly, without a query", async () => {
    const { id } = await post();
    expect(
      await requestSetSplit(id, "defenders", [
        { actor: refs.bde, hits: 2 },
        { actor: refs.acr, hits: 0 },
      ]),
    ).toEqual({ ok: true });
    expect(chatFake.users.get("gm")!.queries).toEqual([]);
  });

  it("refuses a card that is no combat, a side that does not share, and a card that is gone", async () => {
    const plain = (await postResolution({ title: "t", resolution: { breakdown: [], rolls: [], outcome: "x", effects: [] } })) as {
      id: string;
    };
    expect(await requestSetSplit(plain.id, "attackers", [])).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notCombat" });
    const { id } = await post(6); // attackers take 3 hits on each unit
    expect(await requestSetSplit(id, "attackers", [])).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notShared" });
    expect(await requestSetSplit("gone", "attackers", [])).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notFound" });
  });

  it("a split arriving while the card is being applied is refused, not queued", async () => {
    const { id } = await post();
    const [applied, split] = await Promise.all([requestCardAction("apply", id), requestSetSplit(id, "attackers", allOnTheMr())]);
    expect([applied, split]).toEqual([{ ok: true }, { ok: false, reason: "NOBC.Chat.Refused.busy" }]);
  });

  it("the query checks its data with zod and names each bad field; a claimed id without its token is not trusted", async () => {
    // A secret of the right shape (64 hex digits) that is nobody's.
    const GUESS = "0".repeat(64);
    const { id } = await post();
    const bad = (await query("nobc.setSplit")({
      messageId: id,
      userId: "p1",
      token: GUESS,
      side: "flank",
      split: [{ actor: "", hits: "2" }],
    })) as { details: string[] };
    expect(bad).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
    expect(bad.details).toEqual([
      problem("side", phrase("NOBC.Validation.InvalidOption", { values: '"attackers", "defenders"' })),
      problem("split[0].actor", phrase("NOBC.Validation.Query.Id", { input: '""', minimum: 1 })),
      problem("split[0].hits", wrongType("number", "string")),
    ]);
    expect(await query("nobc.applyCard")({ messageId: 7 })).toMatchObject({
      ok: false,
      details: [problem("messageId", wrongType("string", "number")), problem("userId", wrongType()), problem("token", wrongType())],
    });
    expect(await query("nobc.applyCard")({ messageId: id, userId: "p1", token: GUESS, seen: "abc" })).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.badRequest",
      details: [problem("seen", phrase("NOBC.Validation.Query.Digest", { input: '"abc"' }))],
    });
    expect(await query("nobc.setSplit")({ messageId: id, userId: "gm", token: GUESS, side: "attackers", split: allOnTheMr() })).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.unverified",
    });
  });
});

describe("Apply and Undo after a split", () => {
  it("Apply writes exactly the recomputed effects in one Actor.updateDocuments call; Undo restores the exact prior state", async () => {
    const { id, combat } = await post();
    const before = Object.values(actors).map((a) => structuredClone(a.system));
    const split = [
      { actor: refs.bde, hits: 2 },
      { actor: refs.acr, hits: 0 },
    ];
    chatFake.setUsers("p2");
    expect(await requestSetSplit(id, "defenders", split)).toEqual({ ok: true });
    chatFake.setUsers("gm");
    const expected = planEffects(unwrap(groundCombatEffects(combat.plan, combat.outcome, { defenders: split })), snapshotOf);
    expect(await applyCard(id)).toEqual({ ok: true });
    expect(harness.Actor.calls.map((c) => c.method)).toEqual(["updateDocuments"]);
    expect(harness.Actor.calls[0]!.data).toEqual(expected.actorUpdates.map((u) => ({ _id: u.id, ...u.changes })));
    expect(strengths()).toEqual([8 - 2, 4 - 1, 4 - 2, 3, 2]);
    expect(flags(id)["state"]).toBe("applied");

    expect(await applyCard(id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    expect(harness.Actor.calls).toHaveLength(1);

    expect(await undoCard(id)).toEqual({ ok: true });
    expect(Object.values(actors).map((a) => a.system)).toEqual(before);
    expect(flags(id)["state"]).toBe("reverted");
    expect(await undoCard(id)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notApplied" });
  });

  it("the macro helpers refuse malformed arguments, naming the field, and change nothing", async () => {
    const { id } = await post();
    expect(await applyCard("")).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.badRequest",
      details: [problem("messageId", phrase("NOBC.Validation.Query.Id", { input: '""', minimum: 1 }))],
    });
    const bad = await setCardSplit(id, "defenders", [{ actor: refs.bde, hits: Number.NaN }]);
    expect(bad).toMatchObject({ ok: false, reason: "NOBC.Chat.Refused.badRequest" });
    expect(!bad.ok && bad.details).toEqual([problem("split[0].hits", wrongType("number", "nan"))]);
    expect(harness.notices.map((n) => n.level)).toEqual(["warn", "warn"]);
    expect(message(id).updates).toHaveLength(0);
    expect(
      await setCardSplit(id, "defenders", [
        { actor: refs.bde, hits: 2 },
        { actor: refs.acr, hits: 0 },
      ]),
    ).toEqual({ ok: true });
  });
});

describe("what each user sees on the card (renderChatMessageHTML)", () => {
  /** No DOM here: stand-in elements answering the few selectors decorateCard uses. */
  interface El {
    dataset: Record<string, string>;
    disabled: boolean;
    hidden: boolean;
    value: string;
    listeners: (() => void)[];
    addEventListener(t: string, f: () => void): void;
    click(): void;
    /** The table cell an input sits in: "<input>" until decorateCard writes the hits there as text. */
    cell: { textContent: string; classes: string[]; classList: { add(c: string): void } };
    closest(sel: string): unknown;
  }
  function el(dataset: Record<string, string>, value = ""): El {
    const classes: string[] = [];
    const e: El = {
      dataset,
      disabled: false,
      hidden: false,
      value,
      listeners: [],
      addEventListener: (_t, f) => void e.listeners.push(f),
      click: () => e.listeners.forEach((f) => f()),
      cell: { textContent: "<input>", classes, classList: { add: (c) => void classes.push(c) } },
      closest: (sel) => (sel === "td" ? e.cell : null),
    };
    return e;
  }
  /** What each input's cell shows: "<input>" for an editor this user may use, else the hits as text. */
  const cells = (inputs: readonly El[]) => inputs.map((i) => i.cell.textContent);
  function card(id: string) {
    const gc = flags(id)["groundCombat"] as {
      outcome: {
        attackerHits: { proposal: { actor: string; hits: number }[] };
        defenderHits: { proposal: { actor: string; hits: number }[] };
      };
    };
    const inputs = [
      ...gc.outcome.attackerHits.proposal.map((s) => el({ nobcSplit: "attackers", actor: s.actor }, String(s.hits))),
      ...gc.outcome.defenderHits.proposal.map((s) => el({ nobcSplit: "defenders", actor: s.actor }, String(s.hits))),
    ];
    const buttons = {
      apply: el({ nobcCard: "apply" }),
      undo: el({ nobcCard: "undo" }),
      attackers: el({ nobcCard: "split", side: "attackers" }),
      defenders: el({ nobcCard: "split", side: "defenders" }),
    };
    // Control's lines and buttons go in above the state (the player's "Mark for an umpire").
    const placed: Line[] = [];
    const state = { textContent: "", before: (n: Line) => void placed.push(n) };
    // The changes list is rebuilt into this section (tested in card-flow.test.ts); a bare stand-in.
    const node = (): object => ({
      ownerDocument: { createElement: node },
      className: "",
      append: () => undefined,
      replaceChildren: () => undefined,
    });
    const changes = node();
    /** The folded split editors: what decorateCard puts in their place, as text, when this user may split nothing. */
    const fold = { replacedBy: [] as string[], replaceWith: (...lines: Line[]) => void fold.replacedBy.push(...lines.map(lineText)) };
    interface Line {
      className: string;
      textContent: string;
      parts: (Line | string)[];
    }
    const lineText = (l: Line | string): string => (typeof l === "string" ? l : l.textContent + l.parts.map(lineText).join(""));
    const line = (): Line => {
      const l: Line & { append(...p: (Line | string)[]): void } = {
        className: "",
        textContent: "",
        parts: [],
        append: (...p) => void l.parts.push(...p),
        addEventListener: () => undefined,
      } as Line & { append(...p: (Line | string)[]): void };
      return l;
    };
    const root = {
      ownerDocument: { createElement: line },
      classList: { toggle: () => true },
      querySelector: (sel: string) =>
        sel === ".card-state" ? state : sel === ".card-changes" ? changes : sel === ".card-split-fold" ? fold : null,
      querySelectorAll: (sel: string) =>
        sel === "input[data-nobc-split]" ? inputs : sel === "button[data-nobc-card]" ? Object.values(buttons) : [],
    };
    const html = { querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : null) } as unknown as HTMLElement;
    decorateCard(message(id), html);
    return { inputs, buttons, root, fold, placed };
  }
  const shown = (e: El) => (e.hidden ? "hidden" : e.disabled ? "disabled" : "enabled");

  it("the attackers' player: no Apply/Undo (the card touches the defenders too), only the attackers' editor, the defenders' split as text", async () => {
    const { id } = await post();
    chatFake.setUsers("p1");
    const view = card(id);
    expect(Object.values(view.buttons).map(shown)).toEqual(["hidden", "hidden", "enabled", "hidden"]);
    // The attackers' player may mark the card for an umpire (they own documents it touches).
    expect(view.placed.flatMap((box) => box.parts.map((b) => (typeof b === "string" ? b : b.textContent)))).toEqual(["NOBC.Control.Mark"]);
    // The defenders' split is shown as text, the hits the card holds for each unit: nothing to edit.
    const defenders = view.inputs.slice(2).map((i) => i.value);
    expect(cells(view.inputs)).toEqual(["<input>", "<input>", ...defenders]);
    expect(view.inputs.slice(2).every((i) => i.cell.classes.includes("split-hits"))).toBe(true);
  });

  it("the GM sees Apply, a greyed Undo and both editors; after Apply, no editor: the split as text", async () => {
    const { id } = await post();
    let view = card(id);
    expect(Object.values(view.buttons).map(shown)).toEqual(["enabled", "disabled", "enabled", "enabled"]);
    expect(cells(view.inputs).every((t) => t === "<input>")).toBe(true);
    expect(view.fold.replacedBy).toEqual([]);
    await requestCardAction("apply", id);
    view = card(id);
    expect(Object.values(view.buttons).map(shown)).toEqual(["disabled", "enabled", "hidden", "hidden"]);
    expect(cells(view.inputs)).toEqual(view.inputs.map((i) => i.value));
    expect(cells(view.inputs).every((t) => /^\d+$/.test(t))).toBe(true);
    // The folded editors give way to one line of text per side, the split the card holds (this harness
    // writes each phrase as its key and data).
    const unitHits = (i: number, name: string) =>
      `UnitHits.${view.inputs[i]!.value === "1" ? "one" : "other"} {"name":"${name}","count":"${view.inputs[i]!.value}"}`;
    expect(view.fold.replacedBy).toHaveLength(2);
    expect(view.fold.replacedBy[0]).toContain("NOBC.Chat.Split.attackers");
    expect(view.fold.replacedBy[0]).toContain(unitHits(0, "1st Gds Tank Div"));
    expect(view.fold.replacedBy[0]).toContain(unitHits(1, "35th MR Div"));
    expect(view.fold.replacedBy[1]).toContain("NOBC.Chat.Split.defenders");
    expect(view.fold.replacedBy[1]).toContain(unitHits(3, "11th Armd Cav Regt"));
  });

  it("Save sends the typed split of that side through the GM", async () => {
    const { id } = await post();
    chatFake.setUsers("p1");
    const view = card(id);
    view.inputs[0]!.value = "3";
    view.inputs[1]!.value = "0";
    view.buttons.attackers.click();
    expect(view.buttons.attackers.disabled).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(chatFake.users.get("gm")!.queries[0]!.data).toMatchObject({
      side: "attackers",
      split: [
        { actor: refs.gds, hits: 3 },
        { actor: refs.mr, hits: 0 },
      ],
    });
    expect((flags(id)["groundCombat"] as { splits: Raw }).splits["attackers"]).toEqual([
      { actor: refs.gds, hits: 3 },
      { actor: refs.mr, hits: 0 },
    ]);
    expect(view.buttons.attackers.disabled).toBe(false);
  });
});
