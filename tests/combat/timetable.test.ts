/**
 * The scenario's timetable (issue #31 item 6): its schema (a bad entry refused whole, each problem
 * naming its entry and field), which entries fall due at a stage, the card's effects, and the
 * tracker's "what comes next" rendered with real Handlebars and the lang files' words.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createHandlebars, type Lang } from "../harness/handlebars-helpers";
import { readTimetable, timetableSchema, type Timetable, type TimetableInput } from "../../src/schemas/timetable";
import { dueAt, timetableCard, timetableView, timetableWords, unreadableWords } from "../../src/combat/timetable";
import { langFileWording, speak } from "../../src/words/phrase";
import { turn } from "../../src/rules/index";

const repo = resolve(__dirname, "../..");
const en = JSON.parse(readFileSync(resolve(repo, "lang/en.json"), "utf8")) as Lang;
const de = JSON.parse(readFileSync(resolve(repo, "lang/de.json"), "utf8")) as Lang;
const template = readFileSync(resolve(repo, "templates/combat/timetable.hbs"), "utf8");
const words = langFileWording(en);

const NAMES: Record<string, string> = {
  "Actor.aaaaaaaaaaaaaaaa": "7 PzBrig",
  "Actor.bbbbbbbbbbbbbbbb": "3 MRR",
  "Actor.cccccccccccccccc": "I Corps",
  "Item.dddddddddddddddd": "Engineers",
};
const nameOf = (uuid: string) => NAMES[uuid] ?? uuid;

const INPUT: TimetableInput = {
  format: "nobc-timetable/1",
  areas: { "west-edge": ["0101", "0102"] },
  entries: [
    { turn: 1, stage: "movement", kind: "arrive", actor: "Actor.aaaaaaaaaaaaaaaa", area: "west-edge" },
    { turn: 1, stage: "movement", kind: "arrive", actor: "Actor.bbbbbbbbbbbbbbbb", area: "west-edge", mode: "march" },
    { turn: 2, kind: "withdraw", actor: "Actor.bbbbbbbbbbbbbbbb" },
    { turn: 2, stage: "resupply", kind: "mobilise", hq: "Actor.cccccccccccccccc", level: 4 },
    { turn: 3, stage: "orders", kind: "deal", hq: "Actor.cccccccccccccccc", cards: ["Item.dddddddddddddddd"] },
    { turn: 4, stage: "planning", kind: "event", title: "Ceasefire talks", text: "Both sides halt for a turn." },
  ],
};
const parsed = (input: unknown): Timetable => timetableSchema.parse(input);

/** The fields a bad timetable's problems name. */
function fieldsOf(input: unknown): string[] {
  const read = readTimetable(input);
  if (read.ok) return [];
  return read.problems.map((p) => String((p.data as { field?: unknown }).field));
}

describe("the timetable's schema", () => {
  it("reads a good timetable, a stage left out being the turn's first; none is no timetable", () => {
    const t = parsed(INPUT);
    expect(t.entries[2]).toEqual({ turn: 2, stage: "airAllocation", kind: "withdraw", actor: "Actor.bbbbbbbbbbbbbbbb" });
    expect(t.entries[5]).toMatchObject({ kind: "event", text: "Both sides halt for a turn." });
    expect(readTimetable(INPUT)).toEqual({ ok: true, timetable: t });
    expect(readTimetable(undefined)).toEqual({ ok: true, timetable: null });
    expect(readTimetable(null)).toEqual({ ok: true, timetable: null });
  });

  it("refuses a bad entry whole, each problem naming the entry and the field", () => {
    const bad = (entry: object) => ({ ...INPUT, entries: [INPUT.entries[0], entry] });
    expect(fieldsOf(bad({ turn: 1, kind: "arrive", actor: "Actor.aaaaaaaaaaaaaaaa", hex: "12-07" }))).toEqual(["entries[1].hex"]);
    expect(fieldsOf(bad({ turn: 1, kind: "arrive", actor: "Actor.aaaaaaaaaaaaaaaa" }))).toEqual(["entries[1].hex"]);
    expect(fieldsOf(bad({ turn: 1, kind: "arrive", actor: "Actor.aaaaaaaaaaaaaaaa", hex: "0101", area: "west-edge" }))).toEqual([
      "entries[1].hex",
    ]);
    expect(fieldsOf(bad({ turn: 1, kind: "arrive", actor: "Actor.aaaaaaaaaaaaaaaa", area: "north" }))).toEqual(["entries[1].area"]);
    expect(fieldsOf(bad({ turn: 1, kind: "withdraw", actor: "Compendium.x.Actor.y" }))).toEqual(["entries[1].actor"]);
    expect(fieldsOf(bad({ turn: -1, kind: "withdraw", actor: "Actor.aaaaaaaaaaaaaaaa" }))).toEqual(["entries[1].turn"]);
    expect(fieldsOf(bad({ turn: 1, stage: "lunch", kind: "withdraw", actor: "Actor.aaaaaaaaaaaaaaaa" }))).toEqual(["entries[1].stage"]);
    expect(fieldsOf(bad({ turn: 1, kind: "mobilise", hq: "Actor.cccccccccccccccc", level: 0 }))).toEqual(["entries[1].level"]);
    expect(fieldsOf(bad({ turn: 1, kind: "deal", hq: "Actor.cccccccccccccccc", cards: [] }))).toEqual(["entries[1].cards"]);
    expect(fieldsOf(bad({ turn: 1, kind: "event", title: "" }))).toEqual(["entries[1].title"]);
    expect(fieldsOf(bad({ turn: 1, kind: "withdraw", actor: "Actor.aaaaaaaaaaaaaaaa", hex: "0101" }))).toEqual(["entries[1]"]);
    expect(fieldsOf(bad({ turn: 1, kind: "reinforce", actor: "Actor.aaaaaaaaaaaaaaaa" }))).toEqual(["entries[1].kind"]);
    expect(fieldsOf({ ...INPUT, format: "nobc-timetable/2" })).toEqual(["format"]);
    expect(fieldsOf({ ...INPUT, areas: { West: ["0101"] } })).toEqual(["areas.West"]);
  });

  it("says what is wrong in words, naming the field", () => {
    const read = readTimetable({ ...INPUT, entries: [{ turn: 1, kind: "arrive", actor: "Actor.aaaaaaaaaaaaaaaa", hex: "x" }] });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(speak(read.problems[0]!, words)).toBe("entries[0].hex: must be a hex label of the map, such as 0405");
  });
});

describe("the timetable against the turn", () => {
  const t = parsed(INPUT);

  it("finds the entries due at a stage, in order", () => {
    expect(dueAt(t, 1, "movement").map((e) => e.kind)).toEqual(["arrive", "arrive"]);
    expect(dueAt(t, 2, "airAllocation").map((e) => e.kind)).toEqual(["withdraw"]);
    expect(dueAt(t, 1, "orders")).toEqual([]);
  });

  it("makes the card: arrivals take an entry area's hexes in order, a scheduled mode follows, ids are made when posted", () => {
    let n = 0;
    const ids = () => `id${String(++n).padStart(14, "0")}`;
    const { resolution, lines } = timetableCard(t, dueAt(t, 1, "movement"), { turn: 1, stage: "movement" }, nameOf, ids);
    expect(resolution.effects).toEqual([
      { type: "arrived", actor: "Actor.aaaaaaaaaaaaaaaa", hex: "0101", token: "id00000000000001" },
      { type: "arrived", actor: "Actor.bbbbbbbbbbbbbbbb", hex: "0102", token: "id00000000000002" },
      { type: "mode", actor: "Actor.bbbbbbbbbbbbbbbb", mode: "march" },
    ]);
    expect(lines.map((l) => speak(l, words))).toEqual(["7 PzBrig arrives in 0101.", "3 MRR arrives in 0102."]);
    expect(resolution.outcome).toEqual({ turn: 1, stage: "movement", entries: 2 });

    const later = [...dueAt(t, 2, "airAllocation"), ...dueAt(t, 2, "resupply"), ...dueAt(t, 3, "orders"), ...dueAt(t, 4, "planning")];
    const card = timetableCard(t, later, { turn: 2, stage: "airAllocation" }, nameOf, ids);
    expect(card.resolution.effects).toEqual([
      { type: "leftMap", actor: "Actor.bbbbbbbbbbbbbbbb" },
      { type: "hqMobilised", actor: "Actor.cccccccccccccccc", level: 4 },
      { type: "cardDealt", card: "Item.dddddddddddddddd", actor: "Actor.cccccccccccccccc", id: "id00000000000003" },
    ]);
    expect(card.lines.map((l) => speak(l, words))).toEqual([
      "3 MRR withdraws from the map.",
      "I Corps mobilises (level 4).",
      "I Corps is dealt 1 card: Engineers.",
      "Event: Ceasefire talks.",
    ]);
    expect(card.resolution.breakdown.map((b) => speak(b.text, words))).toEqual(["Ceasefire talks: Both sides halt for a turn."]);
  });

  it("shows what comes next: this stage and the next ones with entries, then how many more", () => {
    const view = timetableView(t, { turn: 1, stage: turn.stageIndex("movement") }, nameOf, 2)!;
    expect(view.stages.map((s) => [s.turn, s.stageKey, s.now, s.lines.length])).toEqual([
      [1, "NOBC.Turn.Stage.movement", true, 2],
      [2, "NOBC.Turn.Stage.airAllocation", false, 1],
    ]);
    expect(view.more).toBe(3);
    // Past entries are gone; after the last, nothing comes.
    expect(timetableView(t, { turn: 4, stage: turn.stageIndex("planning") }, nameOf)!.stages).toHaveLength(1);
    expect(timetableView(t, { turn: 5, stage: 0 }, nameOf)).toBeNull();
  });
});

describe("the tracker's timetable part (real Handlebars)", () => {
  const t = parsed(INPUT);

  it("lists what comes next with the lang file's words", () => {
    const env = createHandlebars(en);
    const html = env.hbs.compile(template)({
      nobc: timetableWords(timetableView(t, { turn: 1, stage: turn.stageIndex("movement") }, nameOf, 2)!, words),
    });
    expect(html).toContain("Timetable: what comes next");
    expect(html).toContain("Now (Movement)");
    expect(html).toContain("<li>7 PzBrig arrives in west-edge.</li>");
    expect(html).toContain("Turn 2, Assign squadrons to missions");
    expect(html).toContain("<li>3 MRR withdraws from the map.</li>");
    expect(html).toContain("3 more stages of the timetable follow.");
    expect(env.missing).toEqual(new Set());
  });

  it("names each problem of an unreadable timetable; renders nothing without a view", () => {
    const env = createHandlebars(en);
    const read = readTimetable({ ...INPUT, entries: [{ turn: 1, kind: "withdraw", actor: "nobody" }] });
    if (read.ok) throw new Error("the timetable should be unreadable");
    const html = env.hbs.compile(template)({ nobc: unreadableWords(read.problems, words) });
    expect(html).toContain("The scene&#x27;s timetable cannot be read, so none of it is carried out:");
    expect(html).toContain("entries[0].actor: must be an actor of this world, written Actor.&lt;id&gt;");
    expect(env.hbs.compile(template)({}).replace(/\s+/g, "")).toBe('<divclass="nobcnobc-turn-timetable"></div>');
  });

  it("is written in German too", () => {
    const env = createHandlebars(de, "de");
    const german = langFileWording(de, "de");
    const html = env.hbs.compile(template)({ nobc: timetableWords(timetableView(t, { turn: 2, stage: 0 }, nameOf)!, german) });
    expect(html).toContain("Zeitplan: was als Nächstes kommt");
    expect(html).toContain("3 MRR wird von der Karte abgezogen.");
    expect(env.missing).toEqual(new Set());
  });
});
