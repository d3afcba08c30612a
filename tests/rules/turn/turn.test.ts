import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { turn } from "../../../src/rules/index";
import { phrase, unwrap } from "../../../src/rules/resolution";

const { STAGES, nextStage, previousStage, describeState, firstMover, stageEntryEffects, stageIndex } = turn;
const LAST = STAGES.length - 1;

describe("the stage list (seed 000, Air War QRS steps 1-11, Land War QRS phases 1-7)", () => {
  it("is the eleven air steps then the seven land phases, numbered as the seed numbers them", () => {
    expect(STAGES).toHaveLength(18);
    expect(STAGES.map((s) => `${s.war}${s.number}`)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `air${i + 1}`),
      ...Array.from({ length: 7 }, (_, i) => `land${i + 1}`),
    ]);
    for (const s of STAGES)
      expect(s.source).toMatch(s.war === "air" ? /seed 000 \(NOBC\), Air War QRS, step \d+/ : /seed 000 \(NOBC\), Land War QRS, phase \d/);
    expect(new Set(STAGES.map((s) => s.id)).size).toBe(18);
  });

  it("finds a stage by id and rejects an unknown one", () => {
    expect(stageIndex("airAllocation")).toBe(0);
    expect(stageIndex("movement")).toBe(15);
    expect(stageIndex("planning")).toBe(LAST);
    expect(() => stageIndex("lunch" as never)).toThrow(RangeError);
  });
});

describe("nextStage / previousStage", () => {
  it("steps through every stage of a turn, one at a time", () => {
    for (let i = 0; i < LAST; i++) {
      const next = unwrap(nextStage({ turn: 2, stage: i }));
      expect(next).toMatchObject({ turn: 2, stage: i + 1, turnZero: false });
      expect(next.current).toBe(STAGES[i + 1]);
      expect(unwrap(previousStage(next))).toMatchObject({ turn: 2, stage: i });
    }
  });

  it("wraps from Planning to the Air War's step 1 of the next turn, and back", () => {
    const next = unwrap(nextStage({ turn: 0, stage: LAST }));
    expect(next).toMatchObject({ turn: 1, stage: 0, turnZero: false });
    expect(next.current.id).toBe("airAllocation");
    const back = unwrap(previousStage(next));
    expect(back).toMatchObject({ turn: 0, stage: LAST, turnZero: true });
    expect(back.current.id).toBe("planning");
  });

  it("flags turn 0 (it has its own rules)", () => {
    expect(unwrap(describeState({ turn: 0, stage: 3 })).turnZero).toBe(true);
    expect(unwrap(describeState({ turn: 1, stage: 3 })).turnZero).toBe(false);
  });

  it("refuses to step back from the very first stage of the game", () => {
    expect(previousStage({ turn: 0, stage: 0 })).toEqual({
      ok: false,
      refusals: [{ code: "gameStart", field: "stage", text: phrase("NOBC.Rules.Turn.Refusal.gameStart") }],
    });
  });

  it("refuses a turn or stage out of range, with every reason", () => {
    const bad = nextStage({ turn: -1, stage: 18 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.refusals.map((r) => r.code)).toEqual(["badTurn", "badStage"]);
    for (const state of [
      { turn: 1.5, stage: 0 },
      { turn: Number.NaN, stage: 0 },
      { turn: 0, stage: -1 },
      { turn: 0, stage: 0.5 },
    ]) {
      expect(describeState(state).ok).toBe(false);
      expect(previousStage(state).ok).toBe(false);
    }
  });

  it("property: next then previous is the identity, and 18 steps make one turn", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: LAST }), (t, s) => {
        const start = { turn: t, stage: s };
        const back = unwrap(previousStage(unwrap(nextStage(start))));
        expect({ turn: back.turn, stage: back.stage }).toEqual(start);
        let at: turn.TurnState = start;
        for (const _stage of STAGES) at = unwrap(nextStage(at));
        expect({ turn: at.turn, stage: at.stage }).toEqual({ turn: t + 1, stage: s });
      }),
    );
  });
});

describe("firstMover (seed 000, Land War QRS phase 5)", () => {
  it("is the Warsaw Pact with no HQs or no NATO corps holding the initiative", () => {
    expect(firstMover([])).toEqual({ side: "wp", initiativeCorps: [] });
    expect(
      firstMover([
        { id: "A.1", side: "nato", echelon: "corps", initiative: false },
        { id: "A.2", side: "wp", echelon: "army", initiative: true },
      ]),
    ).toEqual({ side: "wp", initiativeCorps: [] });
  });

  it("is NATO, naming the corps, when one or more NATO corps holds the initiative", () => {
    expect(
      firstMover([
        { id: "A.1", side: "nato", echelon: "corps", initiative: true },
        { id: "A.2", side: "nato", echelon: "corps", initiative: false },
        { id: "A.3", side: "nato", echelon: "corps", initiative: true },
      ]),
    ).toEqual({ side: "nato", initiativeCorps: ["A.1", "A.3"] });
  });

  it("counts only a corps: the flag on a NATO army group does not give NATO the first move", () => {
    expect(firstMover([{ id: "A.n", side: "nato", echelon: "armyGroup", initiative: true }])).toEqual({ side: "wp", initiativeCorps: [] });
  });
});

describe("stageEntryEffects", () => {
  const snapshot: turn.TurnSnapshot = {
    units: [
      { id: "U.cm", size: "brigade", arm: "armour", mode: "combat", movementPoints: 1, noMove: true },
      { id: "U.mm", size: "division", arm: "infantry", mode: "march", movementPoints: 0, noMove: false },
      { id: "U.full", size: "brigade", arm: "armour", mode: "march", movementPoints: 6, noMove: false },
      { id: "U.arty", size: "brigade", arm: "artillery", mode: "combat", movementPoints: 2, noMove: false },
      { id: "U.bn", size: "battalion", arm: "infantry", mode: "combat", movementPoints: 4, noMove: true },
    ],
    squadrons: [
      { id: "S.cas", box: "cas" },
      { id: "S.ready", box: "ready" },
      { id: "S.cas2", box: "cas" },
      { id: "S.dmg", box: "damaged" },
    ],
    cards: [
      { id: "Actor.hq.Item.c1", assignedTo: "U.cm" },
      { id: "Actor.hq.Item.c2", assignedTo: null },
      { id: "Item.c3", assignedTo: "U.mm" },
    ],
  };

  it("Movement: resets movement points to the allowance (CM 4, MM 6, forced March Mode 6) and returns CAS to damaged", () => {
    const r = stageEntryEffects(STAGES[stageIndex("movement")]!, snapshot);
    expect(r.effects).toEqual([
      { type: "movementPoints", actor: "U.cm", value: 4 },
      { type: "movementPoints", actor: "U.mm", value: 6 },
      { type: "movementPoints", actor: "U.arty", value: 6 },
      { type: "movementPoints", actor: "U.bn", value: 6 },
      { type: "squadronBox", squadron: "S.cas", box: "damaged" },
      { type: "squadronBox", squadron: "S.cas2", box: "damaged" },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([4, 2]);
    expect(r.breakdown[0]!.source).toContain("Land War QRS, phase 5");
    expect(r.breakdown[1]!.source).toContain("Land War QRS, phase 1");
    expect(r.outcome).toEqual({ stage: "movement", changed: 6 });
    expect(r.rolls).toEqual([]);
  });

  it("Movement takes away the Bridging Engineers left at rivers in the last Movement phase, with a line saying how many", () => {
    const r = stageEntryEffects(STAGES[stageIndex("movement")]!, {
      units: [],
      squadrons: [],
      cards: [],
      engineersLeft: ["0301|0302", "0604|0704"],
    });
    expect(r.effects).toEqual([
      { type: "engineersLeft", hexside: "0301|0302", count: 0 },
      { type: "engineersLeft", hexside: "0604|0704", count: 0 },
    ]);
    expect(r.breakdown.at(-1)).toMatchObject({ text: phrase("NOBC.Rules.Turn.EngineersGone"), value: 2 });
    expect(r.breakdown.at(-1)!.source).toContain("5. Movement");
    expect(r.outcome.changed).toBe(2);
  });

  it("Movement with nothing to change is an empty preview", () => {
    const r = stageEntryEffects(STAGES[stageIndex("movement")]!, {
      units: [{ id: "U", size: "brigade", arm: "armour", mode: "combat", movementPoints: 4, noMove: false }],
      squadrons: [],
      cards: [],
    });
    expect(r.effects).toEqual([]);
    expect(r.outcome.changed).toBe(0);
  });

  it("a new turn (Air War step 1, after Planning) ends every support card assignment and takes the no-movement chips off", () => {
    const r = stageEntryEffects(STAGES[0], snapshot);
    expect(r.effects).toEqual([
      { type: "cardAssignment", card: "Actor.hq.Item.c1", assignedTo: null },
      { type: "cardAssignment", card: "Item.c3", assignedTo: null },
      { type: "noMoveCleared", actor: "U.cm" },
      { type: "noMoveCleared", actor: "U.bn" },
    ]);
    expect(r.breakdown).toEqual([
      {
        text: phrase("NOBC.Rules.Turn.AssignmentsEnd"),
        value: 2,
        source: expect.stringContaining("docs/rules-decisions.md: Turn sequence"),
      },
      {
        text: phrase("NOBC.Rules.Turn.NoMoveCleared"),
        value: 2,
        source: expect.stringContaining("Land War QRS, phase 4"),
      },
    ]);
    expect(r.outcome).toEqual({ stage: "airAllocation", changed: 4 });
    expect(r.rolls).toEqual([]);
    // Movement points and CAS are left alone at the turn's start.
    expect(r.effects.some((e) => e.type !== "cardAssignment" && e.type !== "noMoveCleared")).toBe(false);
  });

  it("a new turn with no card assigned and no chip is an empty preview (the count lines say 0)", () => {
    const units = snapshot.units.map((u) => ({ ...u, noMove: false }));
    const r = stageEntryEffects(STAGES[0], { ...snapshot, units, cards: [{ id: "Item.c", assignedTo: null }] });
    expect(r.effects).toEqual([]);
    expect(r.breakdown.map((l) => l.value)).toEqual([0, 0]);
    expect(r.outcome.changed).toBe(0);
  });

  it("Movement does not touch card assignments", () => {
    const r = stageEntryEffects(STAGES[stageIndex("movement")]!, snapshot);
    expect(r.effects.some((e) => e.type === "cardAssignment")).toBe(false);
  });

  it("property: a new turn frees exactly the assigned cards, once each", () => {
    const card = fc.record({ id: fc.uuid(), assignedTo: fc.option(fc.constantFrom("U.a", "U.b"), { nil: null }) });
    fc.assert(
      fc.property(fc.uniqueArray(card, { selector: (c) => c.id }), (cards) => {
        const r = stageEntryEffects(STAGES[0], { units: [], squadrons: [], cards });
        expect(r.effects.map((e) => (e.type === "cardAssignment" ? e.card : ""))).toEqual(
          cards.filter((c) => c.assignedTo !== null).map((c) => c.id),
        );
      }),
    );
  });

  it("Orders and every other stage change nothing by themselves", () => {
    for (const stage of STAGES.filter((s) => s.id !== "movement" && s.id !== "airAllocation")) {
      const r = stageEntryEffects(stage, snapshot);
      expect(r).toEqual({ breakdown: [], rolls: [], outcome: { stage: stage.id, changed: 0 }, effects: [] });
    }
  });

  it("does not mutate its input", () => {
    const copy = structuredClone(snapshot);
    stageEntryEffects(STAGES[stageIndex("movement")]!, snapshot);
    stageEntryEffects(STAGES[0], snapshot);
    expect(snapshot).toEqual(copy);
  });
});
