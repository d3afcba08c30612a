/**
 * Stacks on the board (issue #36, src/canvas/stack-layout.ts, src/canvas/stacks.ts): the tokens of one hex
 * fanned so each shows and can be clicked, the count on the top one, cycling round a stack, what a player
 * counts under double-blind, and that nothing is written: the documents keep the hex centre the rules read.
 * The PIXI painter is replaced by a recorder (its shift is checked on plain objects); the gallery shows the
 * drawing (entry board-stacks).
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { unitSystem } from "../apps/ground-combat/fixture";
import { registerSettings } from "../../src/base/settings";
import { registerTeamsSetting } from "../../src/teams/read";
import { STACK_SPREAD, cycleStack, fanOffset, stackLayout, type Offset, type StackMember } from "../../src/canvas/stack-layout";
import { boardStacks, cycleFocusedStack, drawStacks, registerStacks, touchesStack, type StackToken } from "../../src/canvas/stacks";
import { shiftBy } from "../../src/canvas/stacks-pixi";
import { addStackHudButton, registerBoardStacks } from "../../src/canvas/stacks-register";
import en from "../../lang/en.json";
import de from "../../lang/de.json";
import { lookup } from "../../src/words/phrase";
import { stackEntries } from "../../src/canvas/stack-viewer";
import { stackViewerContext } from "../../src/view/stack";
import { keyWording } from "../harness/wording";

const SIZE = 100;
const member = (id: string, hex: string | null, sort = 0, counts = true): StackMember => ({ id, hex, sort, counts });

describe("the layout of a hex's tokens", () => {
  it("fans two and three tokens along the diagonal, bottom first by Foundry's sort, and leaves a lone token alone", () => {
    const layout = stackLayout(
      [member("c", "1.1", 2), member("a", "1.1", 0), member("b", "1.1", 1), member("x", "1.2"), member("p", "2.2"), member("q", "2.2")],
      SIZE,
    );
    expect(layout.stacks.get("1.1")).toEqual(["a", "b", "c"]);
    expect(layout.stacks.get("2.2")).toEqual(["p", "q"]);
    expect(layout.stacks.has("1.2")).toBe(false);
    expect(layout.offsets.has("x")).toBe(false);
    expect(["a", "b", "c"].map((id) => layout.offsets.get(id))).toEqual([
      { dx: -20, dy: -20 },
      { dx: 0, dy: 0 },
      { dx: 20, dy: 20 },
    ]);
    expect(["p", "q"].map((id) => layout.offsets.get(id))).toEqual([
      { dx: -10, dy: -10 },
      { dx: 10, dy: 10 },
    ]);
    // The count is on the top token only.
    expect([...layout.badges]).toEqual([
      ["c", 3],
      ["q", 2],
    ]);
  });

  it("leaves every token of a stack a strip no token above it covers, and keeps a big stack within the hex", () => {
    for (const n of [2, 3, 4, 6, 9]) {
      const offsets = Array.from({ length: n }, (_, i) => fanOffset(i, n, SIZE));
      const covers = (o: Offset, p: { x: number; y: number }) => Math.abs(p.x - o.dx) < SIZE / 2 && Math.abs(p.y - o.dy) < SIZE / 2;
      offsets.forEach((o, i) => {
        // A point just inside the token's top-left corner: the only part a fan down to the right leaves in view.
        const corner = { x: o.dx - SIZE / 2 + 1, y: o.dy - SIZE / 2 + 1 };
        expect(covers(o, corner)).toBe(true);
        expect(offsets.slice(i + 1).some((above) => covers(above, corner))).toBe(false);
      });
      const spread = offsets[n - 1]!.dx - offsets[0]!.dx;
      expect(spread).toBeLessThanOrEqual(STACK_SPREAD * SIZE + 1e-9);
    }
  });

  it("leaves a token the client may not count out of the fan and the count, so the others give nothing away", () => {
    const withHidden = stackLayout([member("a", "1.1", 0), member("enemy", "1.1", 1, false), member("b", "1.1", 2)], SIZE);
    const without = stackLayout([member("a", "1.1", 0), member("b", "1.1", 2)], SIZE);
    expect(withHidden).toEqual(without);
    expect(withHidden.offsets.has("enemy")).toBe(false);
    // Off the grid (null hex): drawn where it is.
    expect(stackLayout([member("a", null), member("b", null)], SIZE).stacks.size).toBe(0);
  });

  it("cycles round a stack both ways and has nothing to cycle for a lone token", () => {
    const layout = stackLayout([member("a", "1.1", 0), member("b", "1.1", 1), member("c", "1.1", 2), member("x", "1.2")], SIZE);
    expect([cycleStack(layout, "a", 1), cycleStack(layout, "c", 1), cycleStack(layout, "a", -1)]).toEqual(["b", "a", "c"]);
    expect(cycleStack(layout, "x", 1)).toBeNull();
  });
});

describe("the PIXI painter's shift", () => {
  const obj = (x: number, y: number) => {
    const position = { x, y, set: (a: number, b: number) => Object.assign(position, { x: a, y: b }) };
    return { position };
  };

  it("shifts from the place Foundry gave, once however often it is put back, and follows Foundry's new place", () => {
    const o = obj(100, 200);
    shiftBy(o, { dx: 20, dy: 20 });
    shiftBy(o, { dx: 20, dy: 20 });
    expect([o.position.x, o.position.y]).toEqual([120, 220]);
    // A new offset in the same stack: from Foundry's place, not on top of the old shift.
    shiftBy(o, { dx: -10, dy: -10 });
    expect([o.position.x, o.position.y]).toEqual([90, 190]);
    // Foundry placed it again (a refresh, an animation frame): the shift goes on top of its new place.
    o.position.set(300, 300);
    shiftBy(o, { dx: -10, dy: -10 });
    expect([o.position.x, o.position.y]).toEqual([290, 290]);
    shiftBy(o, { dx: 0, dy: 0 });
    expect([o.position.x, o.position.y]).toEqual([300, 300]);
  });
});

describe("stacks on the canvas", () => {
  let offsets: Map<string, Offset>;
  let badges: Map<string, number | null>;
  let paints: number;
  const idOf = (t: StackToken) => t.document.id ?? "?";

  beforeEach(() => {
    harness.reset();
    registerSettings();
    registerTeamsSetting();
    offsets = new Map();
    badges = new Map();
    paints = 0;
    gm = game.user;
    registerStacks(() => ({
      offset: (t, o) => {
        paints++;
        offsets.set(idOf(t), o);
      },
      badge: (t, n) => {
        paints++;
        badges.set(idOf(t), n);
      },
      refresh: () => undefined,
    }));
  });

  /** Back to the GM `harness.reset()` plays. */
  let gm: unknown;
  const playAsGM = () => ((game as unknown as { user: unknown }).user = gm);

  const unit = (name: string, side: "nato" | "wp") => new harness.Actor({ name, type: "unit", system: unitSystem(side) });

  /** Three NATO units in hex 0101 (the last a WP unit when `enemy`), one alone in 0201. */
  function scene(enemy = false): { ids: string[]; alone: string; actors: FakeActorT[] } {
    const actors = [unit("A", "nato"), unit("B", "nato"), enemy ? unit("73 MRR", "wp") : unit("C", "nato"), unit("D", "nato")];
    const ids = actors.slice(0, 3).map((a) => harness.placeToken(a, 0).id);
    const alone = harness.placeToken(actors[3]!, 1).id;
    return { ids, alone, actors };
  }

  it("fans a stack of three with its count and writes nothing: the rules still read one hex for all three", () => {
    const { ids, alone } = scene();
    const docs = () => harness.scene!.tokens.filter((t) => ids.includes(t.id)).map((t) => [t.x, t.y]);
    const before = docs();
    const writes = harness.Token.calls.length;
    drawStacks();
    expect(ids.map((id) => offsets.get(id))).toEqual([
      { dx: -20, dy: -20 },
      { dx: 0, dy: 0 },
      { dx: 20, dy: 20 },
    ]);
    expect(badges.get(ids[2]!)).toBe(3);
    expect(offsets.has(alone)).toBe(false);
    // No document written: the three tokens keep the one hex centre the rules and the ruler read.
    expect(harness.Token.calls.length).toBe(writes);
    expect(docs()).toEqual(before);
    const centre = canvas!.grid!.getCenterPoint(harness.offsetOfHex(0, 0));
    const placed = canvas!.tokens!.placeables.filter((t) => ids.includes((t as unknown as StackToken).document.id ?? ""));
    expect(placed).toHaveLength(3);
    for (const t of placed) expect(Math.hypot(t.center.x - centre.x, t.center.y - centre.y)).toBeLessThan(1);
  });

  it("lays out again once after a move, paints only what changed, and puts the unit that left back on its own centre", async () => {
    const { ids, alone } = scene();
    drawStacks();
    paints = 0;
    const layouts = boardStacks().layouts;
    const moved = harness.scene!.tokens.find((t) => t.id === ids[2])!;
    const to = harness.scene!.tokens.find((t) => t.id === alone)!;
    await moved.update({ x: to.x, y: to.y });
    await Promise.resolve();
    expect(boardStacks().layouts).toBe(layouts + 1);
    // The two left behind closed up; the one that moved made a stack of two with the lone token.
    expect(offsets.get(ids[0]!)).toEqual({ dx: -10, dy: -10 });
    expect(offsets.get(ids[1]!)).toEqual({ dx: 10, dy: 10 });
    expect(badges.get(ids[1]!)).toBe(2);
    const joined = boardStacks().stackOf(alone);
    expect([...joined].sort()).toEqual([alone, ids[2]!].sort());
    expect(joined.map((id) => offsets.get(id))).toEqual([
      { dx: -10, dy: -10 },
      { dx: 10, dy: 10 },
    ]);
    expect(joined.map((id) => badges.get(id) ?? null)).toEqual([null, 2]);
    // Eight paints: four offsets and the counts of the old top (gone), the new top left behind, and the joined stack's.
    expect(paints).toBeLessThanOrEqual(8);
    // A change of a field the stacks do not read lays out nothing.
    expect(touchesStack({ rotation: 90 })).toBe(false);
    expect(touchesStack({ x: 10 })).toBe(true);
  });

  it("under double-blind, a NATO player neither counts nor fans the Warsaw Pact's real token; open, and for the GM, it counts", async () => {
    const { ids } = scene(true);
    harness.settingsStore.set("nobc.teams", { members: { player1: { side: "nato", hqs: [] } } });
    harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
    harness.playAsPlayer("player1");
    drawStacks();
    expect(offsets.get(ids[0]!)).toEqual({ dx: -10, dy: -10 });
    expect(offsets.get(ids[1]!)).toEqual({ dx: 10, dy: 10 });
    expect(offsets.has(ids[2]!)).toBe(false);
    expect(badges.get(ids[1]!)).toBe(2);
    expect(badges.has(ids[2]!)).toBe(false);
    expect(boardStacks().stackOf(ids[0]!)).toEqual(ids.slice(0, 2));
    // The viewer lists what the stacks counted, no more.
    const entries = stackEntries(boardStacks().stackOf(ids[0]!), canvas!.tokens!.placeables, game.user);
    expect(entries.map((e) => e.token)).toEqual(ids.slice(0, 2));
    // An open table: the same player counts all three.
    harness.settingsStore.set("nobc.hiddenInformation", "open");
    drawStacks();
    expect(badges.get(ids[2]!)).toBe(3);
    harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
    playAsGM();
    drawStacks();
    expect(badges.get(ids[2]!)).toBe(3);
  });

  it("shows a player what they may know of each unit in the viewer, top first: the enemy's symbol and name only", () => {
    const { ids } = scene(true);
    harness.playAsPlayer("player1");
    drawStacks();
    const entries = stackEntries(boardStacks().stackOf(ids[0]!), canvas!.tokens!.placeables, game.user);
    const context = stackViewerContext(entries, keyWording());
    expect(context.rows.map((r) => r.name)).toEqual(["73 MRR", "B", "A"]);
    const enemy = context.rows[0]!;
    expect(enemy.facts.map((f) => f.label)).toEqual(["NOBC.Field.Side"]);
    expect(enemy.unknown).toBe("NOBC.Stack.NotKnown");
    // The player owns no unit here: with no teams set, ownership decides, and they read none of the three.
    expect(context.rows.every((r) => r.unknown !== null)).toBe(true);
    playAsGM();
    const gm = stackViewerContext(stackEntries(boardStacks().stackOf(ids[0]!), canvas!.tokens!.placeables, game.user), keyWording());
    expect(gm.rows[0]!.facts.map((f) => [f.label, f.value])).toEqual([
      ["NOBC.Field.Side", "NOBC.Side.wp"],
      ["NOBC.Field.Strength", "4/6"],
      ["NOBC.Field.Mode", "NOBC.Mode.combat"],
      ["NOBC.Field.Supply", "2"],
      ["NOBC.Field.MovementPoints", "4"],
    ]);
    expect(gm.count).toBe('NOBC.Stack.Count {"count":"3"}');
  });

  it("cycles the keyboard's selection round the stack of the selected token", () => {
    const chosen: string[] = [];
    const piece = (id: string, sort: number): StackToken => ({
      document: { id, x: 0, y: 0, sort },
      actor: null,
      control: () => chosen.push(id),
    });
    const hand = [piece("p1", 0), piece("p2", 1), piece("p3", 2)];
    harness.canvasState.placeables = hand;
    const tokens = (globalThis as unknown as { canvas: { tokens: Record<string, unknown> } }).canvas.tokens;
    drawStacks();
    tokens["controlled"] = [hand[2]];
    expect(cycleFocusedStack(1)).toBe(true);
    tokens["controlled"] = [hand[0]];
    expect(cycleFocusedStack(-1)).toBe(true);
    expect(cycleFocusedStack(1)).toBe(true);
    expect(chosen).toEqual(["p1", "p3", "p2"]);
    tokens["controlled"] = [];
    expect(cycleFocusedStack(1)).toBe(false);
  });

  it("puts a stack button on the HUD of a token in a stack only", () => {
    const { ids, alone } = scene();
    drawStacks();
    const buttons: HTMLElement[] = [];
    const column = {
      ownerDocument: {
        createElement: () => {
          const el = {
            dataset: {} as Record<string, string>,
            classList: { add: () => undefined },
            setAttribute: () => undefined,
            addEventListener: () => undefined,
            innerHTML: "",
          };
          return el as unknown as HTMLElement;
        },
      },
      append: (b: unknown) => buttons.push(b as HTMLElement),
    };
    const html = { querySelector: (s: string) => (s.includes("left") ? column : null) };
    const token = (id: string) =>
      canvas!.tokens!.placeables.find((t) => (t as unknown as StackToken).document.id === id) as unknown as StackToken;
    addStackHudButton({ object: token(ids[0]!) }, html);
    addStackHudButton({ object: token(alone) }, html);
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.dataset["tooltip"]).toBe("NOBC.Stack.Open");
  });
});

describe("the stack keys", () => {
  it("registers next, previous and the Stack window with Foundry's keybindings, each named in English and German", () => {
    harness.reset();
    const registered: { namespace: string; action: string; config: { name: string; hint: string; editable: { key: string }[] } }[] = [];
    (game as unknown as { keybindings: unknown }).keybindings = {
      register: (namespace: string, action: string, config: (typeof registered)[number]["config"]) =>
        registered.push({ namespace, action, config }),
    };
    try {
      registerBoardStacks();
    } finally {
      delete (game as unknown as { keybindings?: unknown }).keybindings;
    }
    expect(registered.map((r) => [r.namespace, r.action, r.config.editable.map((e) => e.key)])).toEqual([
      ["nobc", "stackNext", ["BracketRight"]],
      ["nobc", "stackPrevious", ["BracketLeft"]],
      ["nobc", "stackViewer", ["Backslash"]],
    ]);
    for (const tree of [en, de])
      for (const r of registered) for (const key of [r.config.name, r.config.hint]) expect(typeof lookup(tree, key), key).toBe("string");
  });
});
