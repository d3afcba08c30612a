/**
 * The NOBC game turn as data: the Air War's eleven steps, then the Land War's seven phases
 * (seed 000, Air War QRS steps 1-11 and Land War QRS phases 1-7). The air steps come first
 * because the seed asks for air phases 1 to 6 to be finished before land combat, and the Land
 * War opens by collecting the CAS squadrons the Air War handed over (its step 7).
 *
 * Pure: the Foundry layer stores a `TurnState` and shows `stageEntryEffects` as a card.
 */
import type { ActorRef, CardRef, HexsideRef } from "../ids";
import { RefusalList, SEEDS, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { AirBox } from "./air/effects";
import type { LandEffect } from "./land/effects";
import type { AirEffect } from "./air/effects";
import { movementAllowance } from "./land/movement";
import { alwaysInMarchMode, type Echelon, type Mode, type Side, type UnitArm, type UnitSize } from "./land/types";

const AIR_QRS = `${SEEDS.nobc}, Air War QRS`;
const LAND_QRS = `${SEEDS.nobc}, Land War QRS`;

export type War = "air" | "land";

export interface Stage {
  /** Stable id, also the last part of its name's lang key. */
  readonly id: string;
  readonly war: War;
  /** The step or phase number the seed gives it. */
  readonly number: number;
  /** The lang key of its short name, our own (`NOBC.Turn.Stage.<id>`, written out in full). */
  readonly label: string;
  readonly source: string;
}

function airStep<I extends string>(id: I, number: number, label: string): Stage & { readonly id: I } {
  return { id, war: "air", number, label, source: `${AIR_QRS}, step ${number}` };
}

function landPhase<I extends string>(id: I, number: number, label: string): Stage & { readonly id: I } {
  return { id, war: "land", number, label, source: `${LAND_QRS}, phase ${number}` };
}

/** Every stage of one game turn, in order (seed 000, Air War QRS 1-11, Land War QRS 1-7). */
export const STAGES = [
  airStep("airAllocation", 1, "NOBC.Turn.Stage.airAllocation"),
  airStep("airLineup", 2, "NOBC.Turn.Stage.airLineup"),
  airStep("airCombat", 3, "NOBC.Turn.Stage.airCombat"),
  airStep("airSuperiority", 4, "NOBC.Turn.Stage.airSuperiority"),
  airStep("airSorties", 5, "NOBC.Turn.Stage.airSorties"),
  airStep("airReturn", 6, "NOBC.Turn.Stage.airReturn"),
  airStep("airHandOver", 7, "NOBC.Turn.Stage.airHandOver"),
  airStep("airDeepStrike", 8, "NOBC.Turn.Stage.airDeepStrike"),
  airStep("airRepair", 9, "NOBC.Turn.Stage.airRepair"),
  airStep("airCapacity", 10, "NOBC.Turn.Stage.airCapacity"),
  airStep("airbaseRepair", 11, "NOBC.Turn.Stage.airbaseRepair"),
  landPhase("airSupport", 1, "NOBC.Turn.Stage.airSupport"),
  landPhase("orders", 2, "NOBC.Turn.Stage.orders"),
  landPhase("rearArea", 3, "NOBC.Turn.Stage.rearArea"),
  landPhase("groundCombat", 4, "NOBC.Turn.Stage.groundCombat"),
  landPhase("movement", 5, "NOBC.Turn.Stage.movement"),
  landPhase("resupply", 6, "NOBC.Turn.Stage.resupply"),
  landPhase("planning", 7, "NOBC.Turn.Stage.planning"),
] as const;

/** One of the eighteen stages, with its id as a literal type. */
export type TurnStage = (typeof STAGES)[number];
export type StageId = TurnStage["id"];

/** Where the game is: the turn number (0 is the opening turn, with rules of its own) and the stage index. */
export interface TurnState {
  readonly turn: number;
  readonly stage: number;
}

/** A turn state and what a tracker needs to show about it. */
export interface TurnPosition extends TurnState {
  readonly current: TurnStage;
  /** Turn 0 has its own rules (e.g. no major bridge demolition, seed 000 Land War QRS phase 3). */
  readonly turnZero: boolean;
}

function checkState(state: TurnState): RefusalList {
  const problems = new RefusalList();
  if (!Number.isInteger(state.turn) || state.turn < 0) {
    problems.add("badTurn", phrase("NOBC.Rules.Turn.Refusal.badTurn", { value: String(state.turn) }), "turn");
  }
  if (!Number.isInteger(state.stage) || state.stage < 0 || state.stage >= STAGES.length) {
    problems.add("badStage", phrase("NOBC.Rules.Turn.Refusal.badStage", { last: STAGES.length - 1, value: String(state.stage) }), "stage");
  }
  return problems;
}

function position(turn: number, stage: number): TurnPosition {
  return { turn, stage, current: STAGES[stage]!, turnZero: turn === 0 };
}

/** The state checked and described; refused when the turn or stage is out of range. */
export function describeState(state: TurnState): Checked<TurnPosition> {
  return checkState(state).result(() => position(state.turn, state.stage));
}

/** The stage after `state`; after Planning the next turn starts with the Air War's step 1. */
export function nextStage(state: TurnState): Checked<TurnPosition> {
  return checkState(state).result(() =>
    state.stage === STAGES.length - 1 ? position(state.turn + 1, 0) : position(state.turn, state.stage + 1),
  );
}

/** The stage before `state` (for a GM's mistake); the start of turn 0 has nothing before it. */
export function previousStage(state: TurnState): Checked<TurnPosition> {
  const problems = checkState(state);
  if (problems.empty && state.turn === 0 && state.stage === 0) {
    problems.add("gameStart", phrase("NOBC.Rules.Turn.Refusal.gameStart"), "stage");
  }
  return problems.result(() => (state.stage === 0 ? position(state.turn - 1, STAGES.length - 1) : position(state.turn, state.stage - 1)));
}

/** The index of a stage id (throws RangeError for an id that is not a stage). */
export function stageIndex(id: StageId): number {
  const index = STAGES.findIndex((s) => s.id === id);
  if (index < 0) throw new RangeError(`unknown stage "${id}"`);
  return index;
}

// ---------------------------------------------------------------------------------------------
// Who moves first (seed 000, Land War QRS phase 5)

/** What the movement order needs to know about an HQ. */
export interface HqSnapshot {
  readonly id: ActorRef;
  readonly side: Side;
  readonly echelon: Echelon;
  /** Set by the umpire when this NATO corps gains the initiative. */
  readonly initiative: boolean;
}

export interface FirstMover {
  readonly side: Side;
  /** The NATO corps holding the initiative (empty when the Warsaw Pact moves first). */
  readonly initiativeCorps: readonly ActorRef[];
}

/**
 * The Warsaw Pact moves first unless one or more NATO corps holds the initiative. The seed names
 * corps: the flag on any other HQ (an army group) does not count.
 */
export function firstMover(hqs: readonly HqSnapshot[]): FirstMover {
  const initiativeCorps = hqs.filter((h) => h.side === "nato" && h.echelon === "corps" && h.initiative).map((h) => h.id);
  return { side: initiativeCorps.length > 0 ? "nato" : "wp", initiativeCorps };
}

// ---------------------------------------------------------------------------------------------
// What entering a stage does

export interface TurnUnitSnapshot {
  readonly id: ActorRef;
  readonly size: UnitSize;
  readonly arm: UnitArm;
  readonly mode: Mode;
  readonly movementPoints: number;
  /** The black chip placed by a retreat this turn. */
  readonly noMove: boolean;
}

export interface TurnSquadronSnapshot {
  readonly id: ActorRef;
  readonly box: AirBox;
}

/** A support card and the unit it is assigned to, if any. */
export interface TurnCardSnapshot {
  readonly id: CardRef;
  readonly assignedTo: ActorRef | null;
}

/** The plain data `stageEntryEffects` reads. */
export interface TurnSnapshot {
  readonly units: readonly TurnUnitSnapshot[];
  readonly squadrons: readonly TurnSquadronSnapshot[];
  readonly cards: readonly TurnCardSnapshot[];
  /** River hexsides holding Bridging Engineers left by last turn's movers (the viewed scene's map state). */
  readonly engineersLeft?: readonly HexsideRef[];
}

export interface StageEntryOutcome {
  readonly stage: StageId;
  /** Documents the entry changes. */
  readonly changed: number;
}

function unchanged(stage: StageId): Resolution<StageEntryOutcome> {
  return { breakdown: [], rolls: [], outcome: { stage, changed: 0 }, effects: [] };
}

function entered(stage: StageId, breakdown: BreakdownLine[], effects: (LandEffect | AirEffect)[]): Resolution<StageEntryOutcome> {
  return { breakdown, rolls: [], outcome: { stage, changed: effects.length }, effects };
}

/**
 * Movement: movement points back to the allowance, the CAS used in ground combat to the damaged box,
 * and the Bridging Engineers left at rivers in the last Movement phase gone (they served that phase:
 * docs/rules-decisions.md, river crossings).
 */
function movementEntry(snapshot: TurnSnapshot): Resolution<StageEntryOutcome> {
  const unitEffects: LandEffect[] = [];
  for (const unit of snapshot.units) {
    const value = movementAllowance(alwaysInMarchMode(unit) ? "march" : unit.mode);
    if (unit.movementPoints !== value) unitEffects.push({ type: "movementPoints", actor: unit.id, value });
  }
  const casEffects: AirEffect[] = snapshot.squadrons
    .filter((s) => s.box === "cas")
    .map((s) => ({ type: "squadronBox", squadron: s.id, box: "damaged" }));
  const engineerEffects: LandEffect[] = (snapshot.engineersLeft ?? []).map((hexside) => ({ type: "engineersLeft", hexside, count: 0 }));
  const engineerLines: BreakdownLine[] =
    engineerEffects.length === 0
      ? []
      : [
          {
            text: phrase("NOBC.Rules.Turn.EngineersGone"),
            value: engineerEffects.length,
            source: `${LAND_QRS}, 5. Movement (bridging unit cards left behind may not be re-used); docs/rules-decisions.md: river crossings`,
          },
        ];
  return entered(
    "movement",
    [
      {
        text: phrase("NOBC.Rules.Turn.MovementPointsReset"),
        value: unitEffects.length,
        source: `${LAND_QRS}, phase 5 (Combat Mode 4 MP, March Mode 6 MP)`,
      },
      { text: phrase("NOBC.Rules.Turn.CasDamaged"), value: casEffects.length, source: `${LAND_QRS}, phase 1` },
      ...engineerLines,
    ],
    [...unitEffects, ...casEffects, ...engineerEffects],
  );
}

/**
 * A new turn (the Air War's step 1, entered after Planning): support cards are assigned for one
 * turn, so every assignment still standing ends, and the no-movement chips of last turn's retreats
 * come off (docs/rules-decisions.md, Turn sequence).
 */
function newTurnEntry(snapshot: TurnSnapshot): Resolution<StageEntryOutcome> {
  const cardEffects: LandEffect[] = snapshot.cards
    .filter((c) => c.assignedTo !== null)
    .map((c) => ({ type: "cardAssignment", card: c.id, assignedTo: null }));
  const chipEffects: LandEffect[] = snapshot.units.filter((u) => u.noMove).map((u) => ({ type: "noMoveCleared", actor: u.id }));
  return entered(
    "airAllocation",
    [
      {
        text: phrase("NOBC.Rules.Turn.AssignmentsEnd"),
        value: cardEffects.length,
        source: `${LAND_QRS}, phase 4 (support cards assigned for each combat); docs/rules-decisions.md: Turn sequence`,
      },
      {
        text: phrase("NOBC.Rules.Turn.NoMoveCleared"),
        value: chipEffects.length,
        source: `${LAND_QRS}, phase 4 (retreat: no movement); docs/rules-decisions.md: Turn sequence`,
      },
    ],
    [...cardEffects, ...chipEffects],
  );
}

/**
 * The changes entering `stage` makes on its own, as a preview. Entering the Air War's step 1
 * (the start of a new turn, after Planning) ends every support card assignment. Movement resets
 * every unit's movement points to its allowance and sends the CAS squadrons used in ground combat
 * (the phase just ended) to the damaged box. Orders change nothing by itself: players pick modes
 * and the mode change charges its supply cost. Other stages change nothing.
 */
export function stageEntryEffects(stage: TurnStage, snapshot: TurnSnapshot): Resolution<StageEntryOutcome> {
  switch (stage.id) {
    case "airAllocation":
      return newTurnEntry(snapshot);
    case "movement":
      return movementEntry(snapshot);
    default:
      return unchanged(stage.id);
  }
}
