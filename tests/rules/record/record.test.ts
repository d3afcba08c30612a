import { describe, expect, it } from "vitest";
import {
  GameTexts,
  RECORD_FORMAT,
  TurnLogWriter,
  decodePath,
  encodePath,
  prunedTurn,
  type StoredTurnLog,
} from "../../../src/rules/record/codec";
import { MAX_ENTRY_CHARS, type LogEntry, type NewEntry } from "../../../src/rules/record/entry";
import { foldGame, foldTurn } from "../../../src/rules/record/fold";
import { planRows } from "../../../src/rules/record/rows";
import { readGameLog, readTurnLog } from "../../../src/schemas/record";

const UNIT = "Actor.aaaaaaaaaaaaaaaa";
const HQ = "Actor.hhhhhhhhhhhhhhhh";

const card = (over: Partial<Extract<NewEntry, { kind: "card" }>> = {}): NewEntry => ({
  kind: "card",
  stage: "orders",
  by: "user1",
  action: "land.orders",
  sector: { war: "land", hqs: [HQ], hex: "0712" },
  outcome: { key: "NOBC.Orders.Outcome", data: { hq: "1st Corps", count: 3, mode: { key: "NOBC.Mode.combat" } } },
  once: `orders:${HQ}:3`,
  holds: [`front:${HQ}:3`],
  charges: [`combatMode:${UNIT}:3`],
  rows: [{ doc: UNIT, field: "system.mode", before: "march", after: "combat" }],
  ...over,
});

const move = (over: Partial<Extract<NewEntry, { kind: "move" }>> = {}): NewEntry => ({
  kind: "move",
  stage: "movement",
  by: "user1",
  unit: UNIT,
  from: "0712",
  path: ["0713", "0813"],
  cost: 2.5,
  override: false,
  rows: [{ doc: "Scene.s.Token.t", field: "x", before: 100, after: 250 }],
  ...over,
});

/** Writes the entries into a stored record, as the GM's client would key by key. */
function store(turn: number, entries: readonly NewEntry[]): { stored: StoredTurnLog; writer: TurnLogWriter } {
  const writer = new TurnLogWriter(turn);
  const out: Record<string, readonly unknown[]> = {};
  for (const e of entries) {
    const r = writer.append(e);
    if (!r.ok) throw new Error(r.problem.code);
    out[r.key] = r.tuple;
  }
  // What the document holds once written: the JSON of it.
  return { stored: JSON.parse(JSON.stringify({ format: RECORD_FORMAT, turn, entries: out })) as StoredTurnLog, writer };
}

describe("paths, one character a step", () => {
  it("writes a path of neighbours as its first hex and a digit a step, and reads it back", () => {
    const code = encodePath("0712", ["0713", "0813", "0812", "0711"]);
    expect(code).toBe("0712" + "5" + "7" + "3" + "0");
    expect(decodePath(code)).toEqual(["0712", "0713", "0813", "0812", "0711"]);
  });

  it("writes a step that is no neighbour's out whole, and a path not of labels as a list", () => {
    expect(encodePath("0712", ["0915", "0916"])).toBe("0712(09155");
    expect(decodePath("0712(09155")).toEqual(["0712", "0915", "0916"]);
    expect(encodePath("x", ["0101"])).toEqual(["x", "0101"]);
    expect(decodePath("07124")).toBeUndefined();
    expect(decodePath("0012" + "0")).toBeUndefined();
  });
});

describe("a turn's record, written and read back", () => {
  it("reads back every kind of entry as written, with its turn and seq", () => {
    const written: NewEntry[] = [
      { kind: "stage", stage: "orders", by: null, from: { turn: 3, stage: "airSupport" } },
      card(),
      move(),
      move({ from: "0813", path: ["0914"], cost: 1, override: "bridge out", rows: [] }),
      { kind: "undo", stage: "movement", by: "user1", ofTurn: 3, undoes: 3 },
      { kind: "release", stage: "movement", by: "gm", ofTurn: 2, releases: 7, reason: "stuck" },
      card({
        outcome: null,
        sector: null,
        once: null,
        holds: [],
        charges: [],
        rows: [{ doc: "Item.c", field: "*", before: { _id: "c", name: "Arty" } }],
      }),
    ];
    const { stored } = store(3, written);
    const read = readTurnLog(stored);
    expect(read.problems).toEqual([]);
    expect(read.turn).toBe(3);
    expect(read.entries).toEqual(written.map((e, i) => ({ ...e, seq: i + 1, turn: 3 })));
  });

  it("writes a text once: the second move of a unit names it by number, and its stage as the one before", () => {
    const { stored } = store(1, [move(), move({ from: "0813", path: ["0814"] })]);
    const [first, second] = [stored.entries["000001"]!, stored.entries["000002"]!];
    expect(JSON.stringify(first)).toContain(UNIT);
    expect(second[0]).toEqual([]);
    expect(second[2]).toBe(-1);
    expect(JSON.stringify(second)).not.toContain(UNIT);
  });

  it("writes a text once a game: the next turn's record names it by number, read with the turns before", () => {
    const texts = new GameTexts();
    const one = new TurnLogWriter(1, texts).append(card());
    const two = new TurnLogWriter(2, texts).append(card({ outcome: null }));
    expect(one.ok && one.tuple[0]).toContain(UNIT);
    expect(two.ok && two.tuple[0]).toEqual([]);
    if (!one.ok || !two.ok) throw new Error("refused");
    const record = (turn: number, tuple: readonly unknown[]) => ({ format: RECORD_FORMAT, turn, entries: { "000001": tuple } });
    // In any order: the game is read turn after turn.
    const game = readGameLog([record(2, two.tuple), record(1, one.tuple)]);
    expect(game.problems).toEqual([]);
    expect(game.turns.get(2)).toEqual([{ ...card({ outcome: null }), seq: 1, turn: 2 }]);
    expect(game.texts.size).toBe(texts.size);
    // Read alone, the second turn names texts it does not have.
    expect(readTurnLog(record(2, two.tuple)).problems[0]?.text.key).toBe("NOBC.Record.Problem.badRef");
  });

  it("refuses an entry too large, takes nothing of it, and goes on with the same seq", () => {
    const writer = new TurnLogWriter(1);
    const huge = card({ action: "big", rows: [{ doc: "Item.x", field: "*", before: { text: "x".repeat(MAX_ENTRY_CHARS) } }] });
    const refused = writer.append(huge);
    expect(refused).toEqual({ ok: false, problem: { path: "000001", code: "NOBC.Record.Problem.entryTooLarge" } });
    expect(writer.size).toBe(0);
    const next = writer.append(card({ action: "big" }));
    expect(next.ok && next.seq).toBe(1);
    // The refused entry's texts were not kept: the next entry brings "big" itself.
    expect(next.ok && (next.tuple[0] as string[])).toContain("big");
  });

  it("resumes after a record read back: the next seq, and texts already written named by number", () => {
    const { stored } = store(2, [card(), move()]);
    const texts = new GameTexts();
    const writer = TurnLogWriter.resume(2, readTurnLog(stored, texts).entries, texts);
    const r = writer.append(move({ unit: "Actor.bbbbbbbbbbbbbbbb" }));
    expect(r.ok && r.seq).toBe(3);
    expect(r.ok && r.tuple[0]).toEqual(["Actor.bbbbbbbbbbbbbbbb"]);
    expect(r.ok && r.tuple[2]).toBe(-1);
    expect(writer.length).toBeGreaterThan(0);
  });
});

describe("rows, compact", () => {
  it("writes documents written alike as one group, text values by number, and reads each row back", () => {
    const rows = [
      { doc: "Actor.a", field: "system.mode", before: "march", after: "combat" },
      { doc: "Actor.b", field: "system.mode", before: "combat", after: "march" },
      { doc: "Actor.c", field: "system.mode", before: "march", after: "combat" },
      { doc: "Actor.d", field: "system.supply", after: 2 },
      { doc: "Item.x", field: "*" },
    ];
    const { stored } = store(1, [card({ rows })]);
    const tuple = stored.entries["000001"]!;
    expect(JSON.stringify(tuple[10])).not.toContain("march");
    expect((tuple[10] as unknown[][])[0]![0]).toHaveLength(2); // Actor.a and Actor.c in one group
    const [entry] = readTurnLog(stored).entries;
    // Back in the order of their groups: a and c, then b.
    expect(entry?.kind === "card" && entry.rows).toEqual([rows[0], rows[2], rows[1], rows[3], rows[4]]);
  });

  it("prunes an ended turn in one update: moves of their rows, cards of their holds and charges; paths and cards' rows stay", () => {
    const { stored } = store(2, [card(), move(), move({ from: "0813", path: ["0814"] })]);
    const update = prunedTurn(stored);
    expect(Object.keys(update)).toEqual(["000001", "000002", "000003"]);
    const read = readTurnLog({ ...stored, entries: { ...stored.entries, ...update } });
    expect(read.problems).toEqual([]);
    expect(read.entries.map((e) => (e.kind === "card" || e.kind === "move" ? e.rows.length : -1))).toEqual([1, 0, 0]);
    expect(read.entries[0]).toMatchObject({
      kind: "card",
      once: `orders:${HQ}:3`,
      holds: [],
      charges: [],
      outcome: { key: "NOBC.Orders.Outcome" },
    });
    expect(read.entries[2]).toMatchObject({ kind: "move", from: "0813", path: ["0814"], cost: 2.5 });
    expect(prunedTurn({ entries: { ...stored.entries, ...update } })).toEqual({});
  });
});

describe("reading a record out of shape names the field", () => {
  it("a record of another format", () => {
    const read = readTurnLog({ format: "nobc-record/9", turn: 1, entries: {} });
    expect(read.turn).toBeNull();
    expect(read.problems.map((p) => p.path)).toEqual(["format"]);
  });

  it("keeps the entries that read and names each one that does not", () => {
    const { stored } = store(4, [move(), move(), move()]);
    const entries = { ...stored.entries } as Record<string, unknown[]>;
    entries["000001"] = entries["000001"]!.map((v, i) => (i === 6 ? -1 : v)); // cost -1
    entries["000002"] = entries["000002"]!.map((v, i) => (i === 5 ? "0712x" : v)); // path
    entries["000003"] = entries["000003"]!.map((v, i) => (i === 4 ? 99 : v)); // unit: no such text
    const read = readTurnLog({ ...stored, entries });
    expect(read.entries).toEqual([]);
    expect(read.problems.map((p) => [p.path, p.text.key])).toEqual([
      ["000002.path", "NOBC.Record.Problem.badPath"],
      ["000003.unit", "NOBC.Record.Problem.badRef"],
      ["000001.cost", expect.stringMatching(/^NOBC\.Validation\./)],
    ]);
  });

  it("an entry of no known kind", () => {
    const { stored } = store(1, [card()]);
    const bad = { ...stored, entries: { "000001": [[], "z", 0, 0] } };
    expect(readTurnLog(bad).problems.map((p) => [p.path, p.text.key])).toEqual([["000001.kind", "NOBC.Record.Problem.badKind"]]);
  });
});

describe("folding a turn", () => {
  const entries = (turn: number, list: readonly NewEntry[]): LogEntry[] => readTurnLog(store(turn, list).stored).entries as LogEntry[];

  it("keeps the keys, holds and charges of standing cards and each unit's movement", () => {
    const log = entries(3, [
      { kind: "stage", stage: "orders", by: null, from: null },
      card(),
      move(),
      move({ from: "0813", path: ["0914"], cost: 1, override: "bridge out" }),
    ]);
    const fold = foldTurn(3, log);
    expect(fold.lastSeq).toBe(4);
    expect([...fold.keys]).toEqual([[`orders:${HQ}:3`, 2]]);
    expect([...fold.holds]).toEqual([[`front:${HQ}:3`, 2]]);
    expect([...fold.charges]).toEqual([[`combatMode:${UNIT}:3`, 2]]);
    expect(fold.movement.get(UNIT)).toEqual({ unit: UNIT, start: "0712", now: "0914", cost: 3.5, moves: [3, 4], overrides: 1 });
    expect(fold.stages.map((s) => s.seq)).toEqual([1]);
  });

  it("an undo frees the card's key and drops the move; a release frees key and holds, not the charge", () => {
    const log = entries(3, [
      card(),
      move(),
      move({ from: "0813", path: ["0914"], cost: 1 }),
      { kind: "undo", stage: "movement", by: "user1", ofTurn: 3, undoes: 3 },
      card({ once: "resupply:x:3", holds: ["h"], charges: ["c"] }),
      { kind: "release", stage: "movement", by: "gm", ofTurn: 3, releases: 5, reason: "stuck" },
      { kind: "undo", stage: "movement", by: "user1", ofTurn: 3, undoes: 1 },
    ]);
    const fold = foldTurn(3, log);
    expect([...fold.standing.keys()]).toEqual([2, 5]);
    expect([...fold.keys]).toEqual([]);
    expect([...fold.holds]).toEqual([]);
    expect([...fold.charges]).toEqual([["c", 5]]);
    expect(fold.movement.get(UNIT)).toMatchObject({ start: "0712", now: "0813", cost: 2.5, moves: [2] });
  });

  it("an undo made in a later turn reaches the turn it names", () => {
    const turns = new Map([
      [1, entries(1, [card()])],
      [2, entries(2, [{ kind: "undo", stage: "orders", by: "gm", ofTurn: 1, undoes: 1 }])],
    ]);
    const game = foldGame(turns);
    expect(game.get(1)!.standing.size).toBe(0);
    expect([...game.get(1)!.undone]).toEqual([1]);
    expect(game.get(2)!.undone.size).toBe(0);
  });
});

describe("a write plan and its inverse as rows", () => {
  it("pairs each field with its value before, and keeps a deleted document's source", () => {
    const rows = planRows(
      {
        actorUpdates: [{ uuid: UNIT, changes: { "system.strength.value": 2, "system.mode": "combat" } }],
        itemDeletions: [{ uuid: `${HQ}.Item.c1`, id: "c1" }],
        itemCreations: [{ parentUuid: HQ, data: { _id: "c2", name: "Mines" } }],
        sceneUpdates: [
          {
            uuid: "Scene.s",
            changes: { "flags.nobc.mapState.mines.0712": { side: "wp" } },
            removals: ["flags.nobc.mapState.contaminated.0101"],
          },
        ],
        tokenUpdates: [{ uuid: "Scene.s.Token.t", changes: { x: 300, y: 400 } }],
      },
      {
        actorUpdates: [{ uuid: UNIT, changes: { "system.strength.value": 3, "system.mode": "march" } }],
        itemCreations: [{ parentUuid: HQ, data: { _id: "c1", name: "Artillery" } }],
        itemDeletions: [{ uuid: `${HQ}.Item.c2`, id: "c2" }],
        sceneUpdates: [
          { uuid: "Scene.s", changes: { "flags.nobc.mapState.contaminated.0101": true }, removals: ["flags.nobc.mapState.mines.0712"] },
        ],
        tokenUpdates: [{ uuid: "Scene.s.Token.t", changes: { x: 100, y: 400 } }],
      },
    );
    expect(rows).toEqual([
      { doc: UNIT, field: "system.strength.value", before: 3, after: 2 },
      { doc: UNIT, field: "system.mode", before: "march", after: "combat" },
      { doc: "Scene.s.Token.t", field: "x", before: 100, after: 300 },
      { doc: "Scene.s.Token.t", field: "y", before: 400, after: 400 },
      { doc: "Scene.s", field: "flags.nobc.mapState.mines.0712", after: { side: "wp" } },
      { doc: "Scene.s", field: "flags.nobc.mapState.contaminated.0101", before: true },
      { doc: `${HQ}.Item.c2`, field: "*", after: { _id: "c2", name: "Mines" } },
      { doc: `${HQ}.Item.c1`, field: "*", before: { _id: "c1", name: "Artillery" } },
    ]);
  });
});
