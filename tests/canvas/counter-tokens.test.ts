/**
 * Unit tokens drawn as counters (src/canvas/counter-tokens.ts, src/symbols/counter.ts): what a counter
 * shows, to whom, and that a change of one unit draws only that unit's tokens again. The PIXI painter is
 * replaced by a recorder; the browser test shows the drawing itself (gallery entry board-counters).
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { unitSystem } from "../apps/ground-combat/fixture";
import { CHIP, counterSvg, fitLine, type CounterFace } from "../../src/symbols/counter";
import { unitSymbolSvg } from "../../src/symbols/unit-symbol";
import { registerCounterTokens, setCounterPainter, type CounterToken } from "../../src/canvas/counter-tokens";
import { markerContactCount, markerCounterFace, touchesCounter } from "../../src/token/counter-face";
import { contactSvg } from "../../src/symbols/contact";
import { counterWords } from "../../src/view/counter";
import { keyWording } from "../harness/wording";

const WORDS = { modeLetter: { combat: "C", march: "M" }, label: "label" } as const;
const face: CounterFace = {
  side: "nato",
  arm: "armour",
  size: "brigade",
  designation: "34 PzBrig",
  strength: { value: 3, max: 5 },
  mode: "combat",
  noMove: false,
};

/** The drawing inside a symbol's outer <svg> element. */
const bodyOf = (side: "nato" | "wp") =>
  unitSymbolSvg(side, "armour", "brigade")
    .replace(/^<svg [^>]*>/, "")
    .replace(/<\/svg>$/, "");
/** The texts printed on a counter, in document order. */
const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
/** The counter's accessible name, unescaped (the stand-in's words: key and data). */
const label = (svg: string) => (/<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? "").replaceAll("&quot;", '"');
/** The black chip's drawing on a counter, or null. */
const chipOf = (svg: string) => /<g class="no-move">.*?<\/g>/.exec(svg)?.[0] ?? null;

describe("the counter's drawing", () => {
  it("nests the sheets' own symbol and prints strength of full, the mode's letter and the designation", () => {
    const svg = counterSvg(face, WORDS, 50);
    expect(svg).toContain(bodyOf("nato"));
    expect(svg).toMatch(/^<svg [^>]*width="50" height="50"/);
    expect(texts(svg)).toEqual(["3/5", "C", "34 PzBrig"]);
    expect(counterSvg({ ...face, side: "wp", mode: "march" }, WORDS)).toContain(bodyOf("wp"));
    expect(texts(counterSvg({ ...face, mode: "march" }, WORDS))).toEqual(["3/5", "M", "34 PzBrig"]);
  });

  it("prints only the symbol and designation when strength and mode are hidden from the reader", () => {
    expect(texts(counterSvg({ ...face, strength: null, mode: null }, WORDS))).toEqual(["34 PzBrig"]);
  });

  it("draws the black chip (a black disc, a white ring and bar) when the unit may not move, and none otherwise", () => {
    expect(chipOf(counterSvg(face, WORDS))).toBeNull();
    const chip = chipOf(counterSvg({ ...face, noMove: true }, WORDS));
    expect(chip).toMatch(/<circle cx="87" cy="69.5" r="9.5" fill="#000" stroke="#fff"/);
    expect(chip).toMatch(/<path d="M81.5 69.5 H92.5" stroke="#fff"/);
    // Drawn for a reader who may not see strength and mode too: the chip is on the table for all.
    expect(chipOf(counterSvg({ ...face, strength: null, mode: null, noMove: true }, WORDS))).toBe(chip);
    // Over everything else, so the symbol never hides it; the texts are the same as without it.
    expect(counterSvg({ ...face, noMove: true }, WORDS).endsWith(`${chip}</svg>`)).toBe(true);
    expect(texts(counterSvg({ ...face, noMove: true }, WORDS))).toEqual(texts(counterSvg(face, WORDS)));
  });

  it("places the chip clear of the symbol's frame, the strength, the mode's letter and the designation", () => {
    const outer = CHIP.r + 1; // the ring's half stroke
    const box = { left: CHIP.cx - outer, right: CHIP.cx + outer, top: CHIP.cy - outer, bottom: CHIP.cy + outer };
    // Inside the plate's border (its inner edge at 97).
    expect(box.right).toBeLessThanOrEqual(97.5);
    // Below the top corners' figures (baseline 21) and above the designation's capitals (baseline 94, 19 units, cap height 0.716 em).
    expect(box.top).toBeGreaterThan(21);
    expect(box.bottom).toBeLessThan(94 - 0.716 * 19);
    // A NATO frame (the 200-unit symbol scaled 0.35 from (15, 8)): its outline ends at x 77.125 and y 65.575; the
    // frame's nearest point to the chip's centre is farther than the chip reaches.
    const frameRight = 15 + (175 + 2.5) * 0.35;
    const frameBottom = 8 + (162 + 2.5) * 0.35;
    expect(Math.hypot(Math.max(CHIP.cx - frameRight, 0), Math.max(CHIP.cy - frameBottom, 0))).toBeGreaterThan(outer);
    // A Warsaw Pact diamond (centre (100, 113), half-diagonal 85 + 2.5 stroke, same scale): the chip is outside its lower right edge.
    const [ccx, ccy, cr] = [15 + 100 * 0.35, 8 + 113 * 0.35, 87.5 * 0.35];
    expect((Math.abs(CHIP.cx - ccx) + Math.abs(CHIP.cy - ccy) - cr) / Math.SQRT2).toBeGreaterThan(outer);
  });

  it("says the chip in the counter's accessible name, to every reader", () => {
    const i18n = keyWording();
    expect(counterWords(face, i18n).label).not.toContain("LabelNoMove");
    const full = counterWords(face, i18n).label;
    expect(counterWords({ ...face, noMove: true }, i18n).label).toBe(`NOBC.Counter.LabelNoMove ${JSON.stringify({ label: full })}`);
    const hidden = counterWords({ ...face, strength: null, mode: null }, i18n).label;
    expect(counterWords({ ...face, strength: null, mode: null, noMove: true }, i18n).label).toBe(
      `NOBC.Counter.LabelNoMove ${JSON.stringify({ label: hidden })}`,
    );
  });

  it("fits a long designation to the counter's width, cutting it with an ellipsis past the smallest size, and escapes it", () => {
    expect(fitLine("73 MRR", 92, 19, 13)).toEqual({ text: "73 MRR", size: 19 });
    const smaller = fitLine("3 Armd Div", 92, 19, 13);
    expect(smaller.text).toBe("3 Armd Div");
    expect(smaller.size).toBeLessThan(19);
    expect(smaller.size).toBeGreaterThanOrEqual(13);
    const cut = fitLine("3rd Armoured Division", 92, 19, 13);
    expect(cut.size).toBe(13);
    expect(cut.text).toBe("3rd Armour…");
    expect(cut.text.length * 0.62 * 13).toBeLessThanOrEqual(92);
    expect(texts(counterSvg({ ...face, designation: "A&B <1>" }, WORDS))).toContain("A&amp;B &lt;1&gt;");
  });
});

describe("counters on the tokens", () => {
  let painted: { token: string; svg: string }[];
  let fitted: string[];
  let released: string[];
  const idOf = (t: CounterToken) => t.document?.id ?? "?";

  beforeEach(() => {
    harness.reset();
    painted = [];
    fitted = [];
    released = [];
    setCounterPainter(() => ({
      paint: (token, svg) => painted.push({ token: idOf(token), svg }),
      fit: (token) => fitted.push(idOf(token)),
      release: (token) => released.push(idOf(token)),
    }));
    registerCounterTokens();
  });

  const hooks = () => (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;

  /** Two units on the scene, A with two tokens, B with one, and an HQ; every token drawn once. */
  function scene(): { a: FakeActorT; b: FakeActorT; ids: Record<string, string> } {
    const a = new harness.Actor({ name: "34 PzBrig", type: "unit", system: unitSystem("nato", { strength: { value: 5, max: 6 } }) });
    const b = new harness.Actor({ name: "73 MRR", type: "unit", system: unitSystem("wp") });
    const hq = new harness.Actor({ name: "I Corps", type: "hq", system: {} });
    const tokens = {
      a1: harness.placeToken(a, 0),
      a2: harness.placeToken(a, 2),
      b: harness.placeToken(b, 1),
      hq: harness.placeToken(hq, 3),
    };
    for (const t of Object.values(tokens)) hooks().callAll("drawToken", t.object);
    const ids = Object.fromEntries(Object.entries(tokens).map(([k, t]) => [k, t.id]));
    return { a, b, ids };
  }

  it("draws each unit's token when the canvas draws it, and no counter on an HQ's", () => {
    const { ids } = scene();
    expect(painted.map((p) => p.token)).toEqual([ids["a1"], ids["a2"], ids["b"]]);
    // The stand-in's words are the keys themselves, so the mode's letter is its key, cut to fit the corner.
    expect(texts(painted[0]!.svg)).toEqual(["5/6", fitLine("NOBC.Counter.Mode.combat", 26, 22, 12).text, "34 PzBrig"]);
  });

  it("draws again only the changed unit's tokens when its strength or mode changes", async () => {
    const { a, ids } = scene();
    painted = [];
    await a.update({ "system.strength.value": 2 });
    expect(painted.map((p) => p.token)).toEqual([ids["a1"], ids["a2"]]);
    expect(painted.every((p) => texts(p.svg)[0] === "2/6")).toBe(true);
    painted = [];
    await a.update({ "system.mode": "march" });
    expect(painted.map((p) => p.token)).toEqual([ids["a1"], ids["a2"]]);
    expect(label(painted[0]!.svg)).toContain('"mode":"NOBC.Mode.march"');
    // A change the counter does not show draws nothing.
    painted = [];
    await a.update({ "system.supply": 1 });
    expect(painted).toEqual([]);
    expect(touchesCounter({ system: { supply: 1 } })).toBe(false);
    expect(touchesCounter({ name: "34 PzBrig (-)" })).toBe(true);
  });

  it("draws the black chip on the changed unit's own tokens only, for the GM and for a player who may not read the sheet", async () => {
    const { a, ids } = scene();
    painted = [];
    await a.update({ "system.noMove": true });
    expect(touchesCounter({ system: { noMove: true } })).toBe(true);
    expect(painted.map((p) => p.token)).toEqual([ids["a1"], ids["a2"]]);
    expect(painted.every((p) => chipOf(p.svg) !== null)).toBe(true);
    expect(label(painted[0]!.svg)).toMatch(/^NOBC\.Counter\.LabelNoMove /);
    // A player of the other side sees the chip on the symbol and designation alone.
    harness.playAsPlayer("player1");
    painted = [];
    hooks().callAll("drawToken", a.getActiveTokens()[0]);
    expect(texts(painted[0]!.svg)).toEqual(["34 PzBrig"]);
    expect(chipOf(painted[0]!.svg)).not.toBeNull();
    // The chip taken off (the GM's write, as the player's client receives it): drawn again without it, that unit only.
    painted = [];
    a.system["noMove"] = false;
    hooks().callAll("updateActor", a, { system: { noMove: false } }, {}, "gm");
    expect(painted.map((p) => p.token)).toEqual([ids["a1"], ids["a2"]]);
    expect(painted.every((p) => chipOf(p.svg) === null)).toBe(true);
  });

  it("shows a unit always in March Mode as in March Mode", async () => {
    const { b, ids } = scene();
    painted = [];
    await b.update({ "system.arm": "artillery" });
    expect(painted.map((p) => p.token)).toEqual([ids["b"]]);
    expect(label(painted[0]!.svg)).toContain('"mode":"NOBC.Mode.march"');
  });

  it("shows a player who may not read the unit's sheet its symbol and designation only, and more once they may", async () => {
    const { a, ids } = scene();
    harness.playAsPlayer("player1");
    painted = [];
    hooks().callAll("drawToken", a.getActiveTokens()[0]);
    expect(texts(painted[0]!.svg)).toEqual(["34 PzBrig"]);
    expect(label(painted[0]!.svg)).toBe('NOBC.Counter.LabelHidden {"name":"34 PzBrig"}');
    // Observer of the unit (a GM's ownership change, as the player's client receives it): strength and mode.
    painted = [];
    a.ownership["player1"] = 2;
    hooks().callAll("updateActor", a, { ownership: { player1: 2 } }, {}, "gm");
    expect(painted.map((p) => p.token)).toEqual([ids["a1"], ids["a2"]]);
    expect(texts(painted[0]!.svg)[0]).toBe("5/6");
  });

  it("fits a unit's counter when its token is refreshed and lets it go when the token is destroyed", () => {
    const { a, b } = scene();
    hooks().callAll("refreshToken", b.getActiveTokens()[0]);
    hooks().callAll("destroyToken", a.getActiveTokens()[1]);
    expect(fitted).toEqual([b.getActiveTokens()[0]!.document.id]);
    expect(released).toEqual([a.getActiveTokens()[1]!.document.id]);
  });
});

/** A marker token of a team scene as the canvas holds it: no actor, flag `nobc.marker`, its scene's `nobc.teamScene`. */
function markerToken(id: string, flag: unknown, sceneSide: "nato" | "wp" | null): CounterToken {
  const scene = {
    getFlag: (scope: string, key: string) =>
      scope === "nobc" && key === "teamScene" && sceneSide !== null ? { side: sceneSide, master: "M1" } : undefined,
  };
  return {
    actor: null,
    document: { id, parent: scene, getFlag: (scope: string, key: string) => (scope === "nobc" && key === "marker" ? flag : undefined) },
  };
}

const identified = (strength?: number) => ({
  key: "counter:0302:0",
  kind: "counter",
  hex: "0302",
  turn: 2,
  face: { kind: "unit", name: "1st Gds Tank Div", size: "division", arm: "armour", nationality: "SU" },
  ...(strength === undefined ? {} : { strength: { value: strength, turn: 1 } }),
});

describe("an identified enemy's marker on a team scene (double-blind)", () => {
  it("reads as the enemy's counter: the face's symbol and designation, the strength shown and no full strength, no mode", () => {
    expect(markerCounterFace(identified(6), "wp")).toEqual({
      side: "wp",
      arm: "armour",
      size: "division",
      designation: "1st Gds Tank Div",
      strength: { value: 6, max: null },
      mode: null,
      noMove: false,
    });
    expect(markerCounterFace(identified(), "wp")?.strength).toBeNull();
    // A contact, an HQ's marker and a broken flag have no counter: the token shows its image.
    expect(markerCounterFace({ key: "contact:0303", kind: "contact", hex: "0303", turn: 2 }, "wp")).toBeNull();
    expect(markerCounterFace({ ...identified(), face: { kind: "hq", name: "8 GA", echelon: "army", nationality: "SU" } }, "wp")).toBeNull();
    expect(markerCounterFace({ ...identified(), face: { kind: "unit", name: "x", size: "corps", arm: "armour" } }, "wp")).toBeNull();
  });

  it("prints the strength shown alone, and its accessible name says no strength of a full one", () => {
    const f = markerCounterFace(identified(6), "wp")!;
    const svg = counterSvg(f, WORDS);
    expect(texts(svg)).toEqual(["6", fitLine("1st Gds Tank Div", 92, 19, 13).text]);
    expect(svg).toContain(
      unitSymbolSvg("wp", "armour", "division")
        .replace(/^<svg [^>]*>/, "")
        .replace(/<\/svg>$/, ""),
    );
    expect(label(counterSvg(f, counterWords(f, keyWording())))).toContain("NOBC.Counter.LabelHidden");
  });

  it("is drawn on the canvas, fitted on refresh and drawn again when its flag changes; a contact and a marker off a team scene are not", () => {
    const painted: { token: string; svg: string }[] = [];
    const fitted: string[] = [];
    setCounterPainter(() => ({
      paint: (token, svg) => painted.push({ token: token.document?.id ?? "?", svg }),
      fit: (token) => fitted.push(token.document?.id ?? "?"),
      release: () => undefined,
    }));
    harness.reset();
    registerCounterTokens();
    const hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;
    const counter = markerToken("m1", identified(6), "nato");
    const contact = markerToken("m2", { key: "contact:0303", kind: "contact", hex: "0303", turn: 2 }, "nato");
    const stray = markerToken("m3", identified(6), null);
    for (const t of [counter, contact, stray]) hooks.callAll("drawToken", t);
    expect(painted.map((p) => p.token)).toEqual(["m1"]);
    expect(texts(painted[0]!.svg)).toEqual(["6", fitLine("1st Gds Tank Div", 92, 19, 13).text]);
    expect(painted[0]!.svg).toContain('fill="#7a1a1a"');
    for (const t of [counter, contact]) hooks.callAll("refreshToken", t);
    expect(fitted).toEqual(["m1"]);
    painted.length = 0;
    hooks.callAll("updateToken", { object: counter }, { flags: { nobc: { marker: identified(4) } } });
    hooks.callAll("updateToken", { object: counter }, { x: 100 });
    hooks.callAll("updateToken", { object: contact }, { flags: { nobc: { marker: {} } } });
    expect(painted.map((p) => p.token)).toEqual(["m1"]);
  });
});

describe("a contact marker that carries a count (double-blind, contacts show a count)", () => {
  const contact = (count?: number) => ({
    key: "contact:0303",
    kind: "contact",
    hex: "0303",
    turn: 2,
    ...(count === undefined ? {} : { count }),
  });

  it("reads its count from the flag; none without one, or for a counter's flag", () => {
    expect(markerContactCount(contact(2))).toBe(2);
    expect(markerContactCount(contact())).toBeNull();
    expect(markerContactCount(contact(0))).toBeNull();
    expect(markerContactCount(identified(3))).toBeNull();
  });

  it("is the contact image's drawing with the count on a dark disc, and its accessible name", () => {
    const svg = contactSvg(2, "Contact, 2");
    expect(svg).toContain('fill="#f2e6c9"');
    expect(texts(svg)).toEqual(["?", "2"]);
    expect(label(svg)).toBe("Contact, 2");
    expect(texts(contactSvg(120, "x"))).toEqual(["?", "99+"]);
  });

  it("is drawn on the canvas with its count, and let go when its flag no longer has one", () => {
    const painted: string[] = [];
    const released: string[] = [];
    setCounterPainter(() => ({
      paint: (_token, svg) => painted.push(texts(svg).join(" ")),
      fit: () => undefined,
      release: (token) => released.push(token.document?.id ?? "?"),
    }));
    harness.reset();
    registerCounterTokens();
    const hooks = (globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } }).Hooks;
    let flag: unknown = contact(2);
    const token = markerToken("c1", null, "wp");
    (token.document as { getFlag: (s: string, k: string) => unknown }).getFlag = (scope, key) =>
      scope === "nobc" && key === "marker" ? flag : undefined;
    hooks.callAll("drawToken", token);
    expect(painted).toEqual(["? 2"]);
    flag = contact(3);
    hooks.callAll("updateToken", { object: token }, { flags: { nobc: { marker: flag } } });
    expect(painted).toEqual(["? 2", "? 3"]);
    flag = contact();
    hooks.callAll("updateToken", { object: token }, { flags: { nobc: { marker: flag } } });
    expect(painted).toHaveLength(2);
    expect(released).toEqual(["c1"]);
  });
});
