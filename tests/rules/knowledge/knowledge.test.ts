import { describe, expect, it } from "vitest";
import { observeContacts, moveEncounter } from "../../../src/rules/nobc/knowledge/contact";
import { applyKnowledgeChanges, revertKnowledgeChanges, sameKnown } from "../../../src/rules/nobc/knowledge/changes";
import {
  expireKnowledge,
  forgetPieces,
  identifyByCards,
  learnFromCombat,
  learnFromRecce,
  reconLevel,
} from "../../../src/rules/nobc/knowledge/learn";
import {
  emptyKnowledge,
  piecesOf,
  type Known,
  type Knowledge,
  type Located,
  type Identified,
} from "../../../src/rules/nobc/knowledge/types";
import type { LandHq, LandUnit, SupportCard } from "../../../src/rules/nobc/land/types";
import { hq, LINE, unit } from "./fixture";

const located = (hex: string, turn = 1): Located => ({ level: "located", hex, turn });
const identified = (piece: ReturnType<typeof unit>, turn = 1, hex = piece.hex): Identified => ({
  level: "identified",
  hex,
  turn,
  face: piece.face,
});
const knowing = (nato: Record<string, Known> = {}, wp: Record<string, Known> = {}): Knowledge => ({ nato, wp });

describe("pieces", () => {
  it("reads units (strength) and HQs (level) as pieces with their faces", () => {
    const u: LandUnit = {
      id: "u",
      side: "wp",
      name: "10th Guards Tank Division",
      size: "division",
      arm: "armour",
      strength: 9,
      mode: "march",
      supply: 3,
      hex: "h2",
      nationality: "ussr",
    };
    const h: LandHq = {
      id: "q",
      side: "nato",
      name: "I (BR) Corps",
      echelon: "corps",
      level: 5,
      maxLevel: 6,
      radius: 4,
      nationality: "uk",
      hex: "h9",
      mayRecover: true,
    };
    expect(piecesOf([u], [h])).toEqual([
      {
        id: "u",
        side: "wp",
        hex: "h2",
        strength: 9,
        face: { kind: "unit", name: "10th Guards Tank Division", size: "division", arm: "armour", nationality: "ussr" },
      },
      { id: "q", side: "nato", hex: "h9", strength: 5, face: { kind: "hq", name: "I (BR) Corps", echelon: "corps", nationality: "uk" } },
    ]);
    expect(piecesOf([u])).toHaveLength(1);
  });
});

describe("changes", () => {
  const a = unit("a", "wp", "h3");
  it("compares entries field by field", () => {
    expect(sameKnown(null, null)).toBe(true);
    expect(sameKnown(null, located("h1"))).toBe(false);
    expect(sameKnown(located("h1"), null)).toBe(false);
    expect(sameKnown(located("h1"), located("h1"))).toBe(true);
    expect(sameKnown(located("h1"), located("h2"))).toBe(false);
    expect(sameKnown(located("h1", 1), located("h1", 2))).toBe(false);
    expect(sameKnown(located("h3"), identified(a))).toBe(false);
    expect(sameKnown(identified(a), identified(a))).toBe(true);
    const shown = (value: number, turn: number): Identified => ({ ...identified(a), strength: { value, turn } });
    expect(sameKnown(identified(a), shown(3, 1))).toBe(false);
    expect(sameKnown(shown(3, 1), shown(3, 2))).toBe(false);
    expect(sameKnown(shown(3, 1), shown(2, 1))).toBe(false);
    expect(sameKnown(shown(3, 1), shown(3, 1))).toBe(true);
    const other = (face: Identified["face"]): Identified => ({ ...identified(a), face });
    expect(sameKnown(identified(a), other({ ...a.face, name: "x" }))).toBe(false);
    expect(sameKnown(identified(a), other({ ...a.face, nationality: "gdr" }))).toBe(false);
    expect(sameKnown(identified(a), other({ kind: "unit", name: a.face.name, nationality: "ussr", size: "division", arm: "armour" }))).toBe(
      false,
    );
    expect(
      sameKnown(identified(a), other({ kind: "unit", name: a.face.name, nationality: "ussr", size: "brigade", arm: "infantry" })),
    ).toBe(false);
    const q = hq("q", "wp", "h3");
    expect(sameKnown(identified(a), identified(q))).toBe(false);
    expect(sameKnown(identified(q), identified(a))).toBe(false);
    expect(sameKnown(identified(q), identified(q))).toBe(true);
    expect(sameKnown(identified(q), { ...identified(q), face: { ...q.face, kind: "hq", echelon: "army" } as Identified["face"] })).toBe(
      false,
    );
  });

  it("applies and reverts a transition's changes exactly", () => {
    const start = knowing({ x: located("h9") });
    const pieces = [unit("n", "nato", "h2"), a, unit("x", "wp", "h12")];
    const seen = observeContacts({ knowledge: start, pieces, adjacency: LINE, turn: 2 });
    expect(seen.changes.length).toBeGreaterThan(0);
    expect(applyKnowledgeChanges(start, seen.changes)).toEqual(seen.knowledge);
    expect(revertKnowledgeChanges(seen.knowledge, seen.changes)).toEqual(start);
    expect(applyKnowledgeChanges(start, [])).toBe(start);
  });
});

describe("contact", () => {
  it("locates enemy pieces in and next to each side's pieces, both ways", () => {
    const pieces = [unit("n1", "nato", "h5"), unit("w1", "wp", "h6"), unit("w2", "wp", "h9"), hq("wq", "wp", "h5"), unit("off", "wp", "")];
    const { knowledge, changes } = observeContacts({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 3 });
    expect(knowledge.nato).toEqual({ w1: located("h6", 3), wq: located("h5", 3) });
    expect(knowledge.wp).toEqual({ n1: located("h5", 3) });
    expect(changes.map((c) => [c.side, c.piece, c.cause, c.before])).toEqual([
      ["nato", "wq", "contact", null],
      ["nato", "w1", "contact", null],
      ["wp", "n1", "contact", null],
    ]);
  });

  it("gives no change when nothing moved, and keeps the same object", () => {
    const pieces = [unit("n1", "nato", "h5"), unit("w1", "wp", "h6")];
    const first = observeContacts({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 1 });
    const again = observeContacts({ knowledge: first.knowledge, pieces, adjacency: LINE, turn: 1 });
    expect(again.changes).toEqual([]);
    expect(again.knowledge).toBe(first.knowledge);
  });

  it("keeps an identified piece identified, with its revealed strength, at the hex it is seen in now", () => {
    const w1 = unit("w1", "wp", "h6");
    const start = knowing({ w1: { ...identified(w1, 1, "h7"), strength: { value: 4, turn: 1 } } });
    const { knowledge } = observeContacts({ knowledge: start, pieces: [unit("n1", "nato", "h5"), w1], adjacency: LINE, turn: 2 });
    expect(knowledge.nato["w1"]).toEqual({ level: "identified", hex: "h6", turn: 2, face: w1.face, strength: { value: 4, turn: 1 } });
  });

  it("identifies on contact under contactIdentifies", () => {
    const w1 = unit("w1", "wp", "h6");
    const { knowledge } = observeContacts({
      knowledge: emptyKnowledge(),
      pieces: [unit("n1", "nato", "h5"), w1],
      adjacency: LINE,
      turn: 1,
      options: { contactIdentifies: true },
    });
    expect(knowledge.nato["w1"]).toEqual(identified(w1));
  });

  it("drops an entry whose hex the side sees without the piece, and keeps one it cannot see", () => {
    const start = knowing({ gone: located("h6"), far: located("h11") });
    const pieces = [unit("n1", "nato", "h5"), unit("gone", "wp", "h9"), unit("far", "wp", "h1")];
    const { knowledge, changes } = observeContacts({ knowledge: start, pieces, adjacency: LINE, turn: 2 });
    expect(knowledge.nato).toEqual({ far: located("h11") });
    expect(changes).toEqual([
      { type: "knowledge", side: "nato", piece: "gone", before: located("h6"), after: null, cause: "contradicted" },
    ]);
  });

  it("sees nothing from a hex the adjacency does not list (off the map's hexes)", () => {
    const { knowledge } = observeContacts({
      knowledge: emptyKnowledge(),
      pieces: [unit("n1", "nato", "x99"), unit("w1", "wp", "h1")],
      adjacency: LINE,
      turn: 1,
    });
    expect(knowledge).toEqual(emptyKnowledge());
  });
});

describe("a move that runs into an unseen enemy", () => {
  const path = ["h3", "h4", "h5", "h6"];

  it("stops before a hex holding an enemy the side did not know was there; both sides locate each other", () => {
    const mover = unit("m", "wp", "h2");
    const pieces = [mover, unit("n1", "nato", "h5"), hq("nq", "nato", "h5")];
    const r = moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 4, mover: "m", path });
    expect(r.steps).toBe(2);
    expect(r.stop).toEqual({ reason: "enemyInHex", hex: "h4", found: ["n1", "nq"] });
    expect(r.knowledge.wp).toEqual({ n1: located("h5", 4), nq: located("h5", 4) });
    expect(r.knowledge.nato).toEqual({ m: located("h4", 4) });
    expect(r.changes.map((c) => c.cause)).toEqual(["move", "move", "contact"]);
  });

  it("stops a NATO piece in the first hex next to a WP piece NATO did not know of", () => {
    const pieces = [unit("m", "nato", "h2"), unit("w1", "wp", "h6")];
    const r = moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 1, mover: "m", path });
    expect(r.steps).toBe(3);
    expect(r.stop).toEqual({ reason: "adjacentToEnemy", hex: "h5", found: ["w1"] });
    expect(r.knowledge.nato).toEqual({ w1: located("h6") });
    expect(r.knowledge.wp).toEqual({ m: located("h5") });
  });

  it("does not stop a NATO piece whose path ends next to the enemy, nor one that knew where the enemy was", () => {
    const pieces = [unit("m", "nato", "h2"), unit("w1", "wp", "h7")];
    const ends = moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 1, mover: "m", path });
    expect([ends.steps, ends.stop]).toEqual([4, null]);
    expect(ends.knowledge.nato).toEqual({ w1: located("h7") });
    const known = knowing({ w1: located("h7") });
    const past = moveEncounter({ knowledge: known, pieces, adjacency: LINE, turn: 1, mover: "m", path: [...path, "h8"] });
    // The known enemy is the movement rules' business (NATO stops, overrun): not stopped here.
    expect(past.steps).toBe(5);
    expect(past.stop).toBeNull();
  });

  it("does not stop a WP piece that passes next to NATO, but both locate each other where they last were next to each other", () => {
    const pieces = [unit("m", "wp", "h2"), unit("n1", "nato", "h4"), unit("n2", "nato", "h1")];
    const r = moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 2, mover: "m", path: ["h3"] });
    // h3 is next to h4: n1 found; n2 (next to the start, not the path) is contact's business.
    expect([r.steps, r.stop]).toEqual([1, null]);
    expect(r.knowledge.wp).toEqual({ n1: located("h4", 2) });
    expect(r.knowledge.nato).toEqual({ m: located("h3", 2) });
    const by = moveEncounter({
      knowledge: emptyKnowledge(),
      pieces: [unit("m", "wp", "h6"), unit("n1", "nato", "h9")],
      adjacency: LINE,
      turn: 2,
      mover: "m",
      path: ["h7"],
    });
    // h7 is next to h6 and h8 only: nothing met, nothing seen.
    expect(by.knowledge).toEqual(emptyKnowledge());
  });

  it("stops before a hex where the side had the enemy at another hex (a stale contact is no warning)", () => {
    const pieces = [unit("m", "wp", "h2"), unit("n1", "nato", "h3")];
    const r = moveEncounter({ knowledge: knowing({}, { n1: located("h8") }), pieces, adjacency: LINE, turn: 3, mover: "m", path });
    expect(r.steps).toBe(0);
    expect(r.stop).toEqual({ reason: "enemyInHex", hex: "h2", found: ["n1"] });
    expect(r.knowledge.wp).toEqual({ n1: located("h3", 3) });
  });

  it("passes through a hex whose enemies the side knew were there (an overrun the movement rules price)", () => {
    const pieces = [unit("m", "wp", "h2"), unit("bn", "nato", "h3")];
    const r = moveEncounter({
      knowledge: knowing({}, { bn: located("h3") }),
      pieces,
      adjacency: LINE,
      turn: 1,
      mover: "m",
      path: ["h3", "h4"],
    });
    expect([r.steps, r.stop]).toEqual([2, null]);
  });

  it("locates nothing for the enemy when a piece off the map is stopped on its first step", () => {
    const pieces = [unit("m", "wp", ""), unit("n1", "nato", "h3")];
    const r = moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 1, mover: "m", path: ["h3"] });
    expect(r.stop).toEqual({ reason: "enemyInHex", hex: "", found: ["n1"] });
    expect(r.knowledge.nato).toEqual({});
    expect(r.knowledge.wp).toEqual({ n1: located("h3") });
  });

  it("takes an empty path as no move, and refuses a mover that is not a piece", () => {
    const pieces = [unit("m", "wp", "h2")];
    expect(moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 1, mover: "m", path: [] })).toEqual({
      knowledge: emptyKnowledge(),
      changes: [],
      steps: 0,
      stop: null,
    });
    expect(() => moveEncounter({ knowledge: emptyKnowledge(), pieces, adjacency: LINE, turn: 1, mover: "zz", path })).toThrow(RangeError);
  });
});

describe("combat", () => {
  it("shows both sides who fought, with their strength after the result", () => {
    const att = unit("w1", "wp", "h6", 4);
    const def = unit("n1", "nato", "h4", 2);
    const { knowledge, changes } = learnFromCombat({ knowledge: knowing({ w1: located("h6") }), fought: [att, def], turn: 2 });
    expect(knowledge.nato["w1"]).toEqual({ ...identified(att, 2), strength: { value: 4, turn: 2 } });
    expect(knowledge.wp["n1"]).toEqual({ ...identified(def, 2), strength: { value: 2, turn: 2 } });
    expect(changes.every((c) => c.cause === "combat")).toBe(true);
  });

  it("forgets a piece the result eliminated, and shows no strength without combatRevealsStrength (keeping one shown before)", () => {
    const w1 = unit("w1", "wp", "h6", 0);
    const n1 = unit("n1", "nato", "h5", 3);
    const start = knowing({ w1: located("h6") }, { n1: { ...identified(n1), strength: { value: 5, turn: 1 } } });
    const r = learnFromCombat({ knowledge: start, fought: [w1, n1], turn: 2, options: { combatRevealsStrength: false } });
    expect(r.knowledge.nato).toEqual({});
    expect(r.knowledge.wp["n1"]).toEqual({ ...identified(n1, 2), strength: { value: 5, turn: 1 } });
    const fresh = learnFromCombat({ knowledge: emptyKnowledge(), fought: [n1], turn: 2, options: { combatRevealsStrength: false } });
    expect(fresh.knowledge.wp["n1"]).toEqual(identified(n1, 2));
    expect(r.changes.find((c) => c.piece === "w1")?.cause).toBe("gone");
  });
});

describe("identification cards", () => {
  const card = (id: string, category: SupportCard["category"], side: SupportCard["side"] = "nato"): SupportCard => ({
    id,
    side,
    category,
    value: 0,
  });
  const cards = [card("intel", "intelligence"), card("recce", "airRecce")];
  const wq = hq("wq", "wp", "h9");
  const w2 = unit("w2", "wp", "h9");
  const pieces = [unit("n1", "nato", "h1"), wq, w2, unit("w3", "wp", "h10"), unit("nx", "nato", "h9")];

  it("identify and locate every enemy piece in the hex, and drop what the side had there that is not", () => {
    const start = knowing({ old: located("h9"), elsewhere: located("h2") });
    const r = identifyByCards({ knowledge: start, side: "nato", hex: "h9", cards, pieces, turn: 3 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.found).toEqual(["wq", "w2"]);
    expect(r.value.knowledge.nato).toEqual({ wq: identified(wq, 3), w2: identified(w2, 3), elsewhere: located("h2") });
    expect(r.value.changes.map((c) => [c.piece, c.cause])).toEqual([
      ["wq", "identification"],
      ["w2", "identification"],
      ["old", "contradicted"],
    ]);
  });

  it("find an empty hex empty", () => {
    const r = identifyByCards({
      knowledge: emptyKnowledge(),
      side: "wp",
      hex: "h5",
      cards: [card("a", "specialForces", "wp"), card("b", "intelligence", "wp")],
      pieces,
      turn: 1,
    });
    expect(r.ok && r.value.found).toEqual([]);
    expect(r.ok && r.value.changes).toEqual([]);
  });

  it("are refused as a rear-area attack refuses them, changing nothing", () => {
    const r = identifyByCards({ knowledge: emptyKnowledge(), side: "nato", hex: "h9", cards: [cards[0]!], pieces, turn: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusals.map((x) => x.code)).toEqual(["identificationCount"]);
    expect(r.refusals[0]!.field).toBe("cards");
    const wrong = identifyByCards({ knowledge: emptyKnowledge(), side: "wp", hex: "h9", cards, pieces, turn: 1 });
    expect(!wrong.ok && wrong.refusals.map((x) => x.code)).toEqual(["wrongSide", "wrongSide"]);
  });

  it('find nothing in the hex "" (off the map)', () => {
    const r = identifyByCards({ knowledge: emptyKnowledge(), side: "nato", hex: "", cards, pieces: [unit("off", "wp", "")], turn: 1 });
    expect(r.ok && r.value.found).toEqual([]);
  });
});

describe("air recce reports (Operational Playsheet)", () => {
  const w1 = unit("w1", "wp", "h4");
  const w2 = unit("w2", "wp", "h4");

  it("identify with type and size, locate with less, and tell nothing with no report", () => {
    expect(reconLevel("directionTypeSize")).toBe("identified");
    expect(reconLevel("typeSize")).toBe("identified");
    for (const r of ["directionType", "direction", "type", "enemySpotted"] as const) expect(reconLevel(r)).toBe("located");
    expect(reconLevel("none")).toBeNull();
  });

  it("teach the side what the report says of each piece looked at, never less than it knew", () => {
    const start = knowing({ w2: identified(w2) });
    const r = learnFromRecce({
      knowledge: start,
      side: "nato",
      seen: [w1, w2, unit("own", "nato", "h4"), unit("off", "wp", "")],
      report: "type",
      turn: 3,
    });
    expect(r.knowledge.nato).toEqual({ w1: located("h4", 3), w2: identified(w2, 3) });
    expect(r.changes.map((c) => c.cause)).toEqual(["recce", "recce"]);
    const sized = learnFromRecce({ knowledge: emptyKnowledge(), side: "nato", seen: [w1], report: "typeSize", turn: 1 });
    expect(sized.knowledge.nato).toEqual({ w1: identified(w1) });
    expect(learnFromRecce({ knowledge: start, side: "nato", seen: [w1], report: "none", turn: 1 })).toEqual({
      knowledge: start,
      changes: [],
    });
  });
});

describe("how long knowledge lasts", () => {
  const start = knowing({ a: located("h1", 1), b: located("h2", 2) }, { c: located("h3", 0) });

  it("drops, at the start of a turn, what was not seen again within the turns it lasts", () => {
    const r = expireKnowledge(start, 2);
    expect(r.knowledge).toEqual(knowing({ b: located("h2", 2) }, {}));
    expect(r.changes.map((c) => [c.side, c.piece, c.cause])).toEqual([
      ["nato", "a", "expired"],
      ["wp", "c", "expired"],
    ]);
    expect(expireKnowledge(start, 3, { lastsTurns: 2 }).knowledge).toEqual(knowing({ b: located("h2", 2) }, {}));
    expect(expireKnowledge(start, 1).knowledge).toEqual(knowing({ a: located("h1", 1), b: located("h2", 2) }, {}));
  });

  it("keeps what is still in contact when a turn starts with the contacts, then the lapse", () => {
    const w1 = unit("w1", "wp", "h6");
    const w9 = unit("w9", "wp", "h11");
    const pieces = [unit("n1", "nato", "h5"), w1, w9];
    const before = knowing({ w1: { ...identified(w1), strength: { value: 4, turn: 1 } }, w9: identified(w9, 1, "h10") });
    // w9 was seen in h10 in turn 1 and went out of sight; w1 is still next to n1.
    const seen = observeContacts({ knowledge: before, pieces, adjacency: LINE, turn: 2 });
    const lapsed = expireKnowledge(seen.knowledge, 2);
    expect(lapsed.knowledge.nato).toEqual({ w1: { ...identified(w1, 2), strength: { value: 4, turn: 1 } } });
    expect(lapsed.changes.map((c) => [c.piece, c.cause])).toEqual([["w9", "expired"]]);
  });

  it("keeps everything until contradicted when lastsTurns is null, and refuses a lastsTurns below one turn", () => {
    expect(expireKnowledge(start, 40, { lastsTurns: null })).toEqual({ knowledge: start, changes: [] });
    expect(() => expireKnowledge(start, 2, { lastsTurns: 0 })).toThrow(RangeError);
    expect(() => expireKnowledge(start, 2, { lastsTurns: 1.5 })).toThrow(RangeError);
  });

  it("forgets, on both sides, pieces that left play", () => {
    const r = forgetPieces(start, ["a", "c", "nobody"]);
    expect(r.knowledge).toEqual(knowing({ b: located("h2", 2) }, {}));
    expect(r.changes.map((c) => c.cause)).toEqual(["gone", "gone"]);
  });
});
