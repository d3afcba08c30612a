/**
 * "This turn's moves" (src/apps/land/movement-log/): each unit's movement in the current turn, read
 * from the applied move cards of that turn (`records.move`). Cards are posted through the one path
 * (`postResolution`, as the GM) and applied and undone through the card actions, so an undone move
 * drops out and another turn's moves are not shown.
 */
import "../../harness/install";
import { chatFake } from "../../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { combatFake } from "../../combat/combat-fake";
import { postResolution, setCardTurnReader } from "../../../src/chat/resolution-card";
import { registerChat } from "../../../src/queries/card-controls";
import { requestCardAction } from "../../../src/queries/register";
import { movementLog, type MoveMessage } from "../../../src/apps/land/movement-log/log";
import { movementLogContext } from "../../../src/apps/land/movement-log/context";
import { movementLogController } from "../../../src/apps/land/movement-log/controller";
import { translator } from "../../../src/base/foundry";
import { turn } from "../../../src/rules/index";

type Raw = Record<string, unknown>;

let unit: FakeActorT;
let other: FakeActorT;

/** Posts a move card of `turnNumber` for `actor` (MP left written on Apply) and returns its id. */
async function moveCard(actor: FakeActorT, turnNumber: number, move: Raw, mpLeft: number): Promise<string> {
  const message = (await postResolution({
    title: "Move",
    resolution: { breakdown: [], rolls: [], outcome: "moved", effects: [{ type: "movementPoints", actor: actor.uuid, value: mpLeft }] },
    records: { move: { unit: actor.uuid, ...move } },
    turn: turnNumber,
  })) as { id: string };
  return message.id;
}

function setTurn(turnNumber: number): void {
  combatFake.combats.length = 0;
  const combat = { type: "nobcTurn", system: { turn: turnNumber, stage: turn.stageIndex("movement") }, combatants: [] };
  combatFake.combats.push(combat as never);
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  combatFake.reset();
  registerChat();
  setCardTurnReader(() => null);
  const messages = (globalThis as unknown as { game: Raw }).game["messages"] as object;
  Object.defineProperty(messages, "contents", { get: () => [...chatFake.messages.values()], configurable: true });
  unit = new harness.Actor({ name: "36 PzBrig", type: "unit", system: { movementPoints: 4 } });
  other = new harness.Actor({ name: "1 MRR", type: "unit", system: { movementPoints: 4 } });
});

describe("this turn's moves", () => {
  it("lists each unit's applied moves of this turn in order: start, hexes, MP spent, overrides; undone and pending ones left out", async () => {
    setTurn(2);
    const first = await moveCard(unit, 2, { from: "0202", path: ["0102"], mpSpent: 2, override: false }, 2);
    const second = await moveCard(
      unit,
      2,
      { from: "0102", path: ["0103", "0104"], mpSpent: 1.5, override: "bridge repaired by ruling" },
      0,
    );
    const undone = await moveCard(other, 2, { from: "0301", path: ["0401"], mpSpent: 1, override: false }, 3);
    await moveCard(other, 2, { from: "0301", path: ["0302"], mpSpent: 1, override: false }, 3); // never applied
    const old = await moveCard(other, 1, { from: "0303", path: ["0301"], mpSpent: 2, override: false }, 2);
    for (const id of [first, second, undone]) expect(await requestCardAction("apply", id)).toEqual({ ok: true });
    expect(await requestCardAction("undo", undone)).toEqual({ ok: true });
    expect(await requestCardAction("apply", old)).toEqual({ ok: true });

    const world = movementLogController.read();
    expect(world.log).toEqual({
      turn: 2,
      unreadable: 0,
      units: [
        {
          unit: unit.uuid,
          start: "0202",
          now: "0104",
          mpSpent: 3.5,
          overrides: 1,
          moves: [
            { kind: "move", message: first, from: "0202", path: ["0102"], mpSpent: 2, override: false },
            { kind: "move", message: second, from: "0102", path: ["0103", "0104"], mpSpent: 1.5, override: "bridge repaired by ruling" },
          ],
        },
      ],
    });
    const view = movementLogContext(world.log, (uuid) => (uuid === unit.uuid ? "36 PzBrig" : uuid), translator());
    expect(view).toMatchObject({ turn: 2, hasTurn: true, empty: false, unreadable: null });
    expect(view.units[0]!.moves.map((m) => [m.path, m.override])).toEqual([
      ["0202 → 0102", null],
      ["0102 → 0103 → 0104", 'NOBC.MovementTurn.Log.OverrideBecause {"reason":"bridge repaired by ruling"}'],
    ]);

    // A new turn starts with an empty log: nothing is cleared, the cards are simply another turn's.
    setTurn(3);
    expect(movementLogController.read().log).toEqual({ turn: 3, units: [], unreadable: 0 });
  });

  it("counts only GM-authored applied cards, and counts (without showing) a move record out of shape", () => {
    const card = (id: string, system: Raw, isGM = true): MoveMessage => ({ id, type: "resolution", system, author: { isGM } });
    const move = { unit: "Actor.a", from: "0101", path: ["0102"], mpSpent: 1 };
    const log = movementLog(
      [
        card("m1", { state: "applied", turn: 4, records: { move } }),
        card("m2", { state: "applied", turn: 4, records: { move } }, false), // a player's lookalike
        card("m3", { state: "applied", turn: 4, records: { move: { ...move, path: ["not a hex"] } } }),
        card("m4", { state: "applied", turn: 4, records: { move: { ...move, mpSpent: -1 } } }),
        card("m5", { state: "applied", turn: 4, records: {} }), // another card of the turn
        { id: "m6", type: "base", system: { state: "applied", turn: 4, records: { move } }, author: { isGM: true } },
      ],
      4,
    );
    expect(log.units.map((u) => [u.unit, u.moves.map((m) => m.message)])).toEqual([["Actor.a", ["m1"]]]);
    expect(log.unreadable).toBe(2);
  });

  it("lists a retreat a card carried out (its moved effects) beside the unit's own moves, and where the unit stands now on the board", () => {
    const card = (id: string, system: Raw): MoveMessage => ({ id, type: "resolution", system, author: { isGM: true } });
    const retreatCard = (effects: unknown[]) => card("r1", { state: "applied", turn: 5, records: {}, effects });
    const log = movementLog(
      [
        card("m1", { state: "applied", turn: 5, records: { move: { unit: "Actor.a", from: "0101", path: ["0102"], mpSpent: 1 } } }),
        retreatCard([
          { type: "moved", actor: "Actor.a", from: "0102", path: ["0103", "0104"] },
          { type: "hits", actor: "Actor.b", amount: 2 },
          { type: "moved", actor: "Actor.b", from: "0301", path: ["0302"] },
          { type: "moved", actor: "Actor.c", path: ["0401"] }, // no start hex: out of shape
        ]),
      ],
      5,
      (unit) => (unit === "Actor.b" ? "0303" : undefined),
    );
    expect(log.unreadable).toBe(1);
    expect(log.units).toEqual([
      {
        unit: "Actor.a",
        start: "0101",
        now: "0104",
        mpSpent: 1,
        overrides: 0,
        moves: [
          { kind: "move", message: "m1", from: "0101", path: ["0102"], mpSpent: 1, override: false },
          { kind: "retreat", message: "r1", from: "0102", path: ["0103", "0104"], mpSpent: 0, override: false },
        ],
      },
      {
        unit: "Actor.b",
        start: "0301",
        now: "0303", // placed there by the umpire since: the board says where it is
        mpSpent: 0,
        overrides: 0,
        moves: [{ kind: "retreat", message: "r1", from: "0301", path: ["0302"], mpSpent: 0, override: false }],
      },
    ]);
    const view = movementLogContext(log, (uuid) => uuid, translator());
    expect(view.units[0]!.moves.map((m) => m.mpSpent)).toEqual([
      'NOBC.MovementTurn.Log.Mp.one {"count":"1"}',
      "NOBC.MovementTurn.Log.Retreat",
    ]);
  });

  it("is the umpire's: a player is refused, and with no turn on the tracker it says so", () => {
    expect(movementLogController.access({}, { isGM: false, log: null, names: new Map() })).toMatchObject({ ok: false });
    expect(movementLogController.access({}, { isGM: true, log: null, names: new Map() })).toEqual({ ok: true });
    expect(movementLogContext(null, (u) => u, translator())).toEqual({
      turn: null,
      hasTurn: false,
      empty: true,
      units: [],
      unreadable: null,
    });
  });
});
