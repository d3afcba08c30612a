/**
 * Bridge demolition at the start of phase 3, Rear Area Attacks (seed 000, Land War QRS): NATO
 * engineers, Warsaw Pact divisional engineers, and air units.
 */
import type { ActorRef, HexsideRef } from "../../ids";
import type { Dice } from "../../dice";
import { isDieFace } from "../../dice";
import type { Effect } from "../../effects";
import { SEEDS, RefusalList, type BreakdownLine, type Checked, type Resolution } from "../../resolution";
import { categoriesWhere, supportCardRecord } from "./card-categories";
import type { LandHq, LandUnit, RiverKind, SupportCard, SupportCardCategory } from "./types";
import { isOneOf } from "../../validate";

const DEMOLITION_SOURCE = `${SEEDS.nobc}, Land War QRS: 3. Rear Area Attacks, Bridge Demolition`;

/** How a NATO engineer demolition is decided. */
export type DemolitionRule = { kind: "forbidden" } | { kind: "automatic" } | { kind: "roll"; min: number; nonMinelayingEngineer: boolean };

/** Seed 000 (NOBC), Land War QRS, 3. Rear Area Attacks, Bridge Demolition: NATO on turn 0 and from turn 1. */
export const NATO_BRIDGE_DEMOLITION: Readonly<Record<"turn0" | "later", Readonly<Record<RiverKind, DemolitionRule>>>> = {
  turn0: { minor: { kind: "roll", min: 3, nonMinelayingEngineer: false }, major: { kind: "forbidden" } },
  later: { minor: { kind: "automatic" }, major: { kind: "roll", min: 3, nonMinelayingEngineer: true } },
};

/** Engineer cards a NATO HQ may commit to a demolition: those with a demolition use (decision: all three engineer kinds). */
export const DEMOLITION_CARD_CATEGORIES: readonly SupportCardCategory[] = categoriesWhere((r) => r.uses.demolition !== undefined);

function checkTurn(turn: number): void {
  if (!Number.isInteger(turn) || turn < 0) throw new RangeError(`turn ${turn} is not a whole number of 0 or more`);
}

/** The NATO engineer rule for a bridge kind on a turn. Throws on a turn that is not a whole number ≥ 0. */
export function natoDemolitionRule(turn: number, kind: RiverKind): DemolitionRule {
  checkTurn(turn);
  return NATO_BRIDGE_DEMOLITION[turn === 0 ? "turn0" : "later"][kind];
}

/** No side may demolish a major bridge on turn 0 (seed 000, Bridge Demolition). */
export function majorDemolitionForbidden(turn: number, kind: RiverKind): boolean {
  checkTurn(turn);
  return turn === 0 && kind === "major";
}

export interface BridgeTarget {
  hexside: HexsideRef;
  kind: RiverKind;
}

/** One NATO demolition: the engineer card it uses and the bridge's distance in hexes from the HQ. */
export interface NatoDemolitionAttempt {
  bridge: BridgeTarget;
  card: SupportCard;
  distance: number;
}

/** One Warsaw Pact demolition by a division's integral engineers. */
export interface WpDemolitionAttempt {
  bridge: BridgeTarget;
  division: LandUnit;
  /** The division is in a hex touching the bridge's hexside. */
  adjacent: boolean;
}

/** One air unit attacking one bridge with its deep-strike value. */
export interface AirDemolitionAttempt {
  bridge: BridgeTarget;
  squadron: ActorRef;
  name: string;
  deepStrike: number;
}

export type BridgeDemolitionInput =
  | { means: "natoEngineers"; turn: number; hq: LandHq; attempts: readonly NatoDemolitionAttempt[] }
  | { means: "wpDivisions"; turn: number; attempts: readonly WpDemolitionAttempt[] }
  | { means: "air"; turn: number; attempts: readonly AirDemolitionAttempt[] };

export interface DemolitionAttemptOutcome {
  hexside: HexsideRef;
  kind: RiverKind;
  /** The die, when one was rolled. */
  roll: number | null;
  destroyed: boolean;
}

export interface BridgeDemolitionOutcome {
  attempts: DemolitionAttemptOutcome[];
  /** Each bridge destroyed, once. */
  destroyed: HexsideRef[];
  /** What the breakdown adds up to: the number of bridges destroyed (each attempt's line is 1 or 0). */
  total: number;
}

function isWholeNumber(n: number): boolean {
  return Number.isInteger(n) && n >= 0;
}

/** Problems every means shares: a valid turn, a named bridge, and no major bridge on turn 0. */
function bridgeProblems(problems: RefusalList, turn: number, bridge: BridgeTarget, at: string): void {
  if (bridge.hexside.length === 0) problems.add("missingHexside", "A demolition names no bridge hexside.", `${at}.bridge.hexside`);
  if (!isOneOf(bridge.kind, ["minor", "major"] as const)) {
    problems.add(
      "invalidBridgeKind",
      `Bridge ${bridge.hexside} is "${String(bridge.kind)}", neither minor nor major.`,
      `${at}.bridge.kind`,
    );
  } else if (isWholeNumber(turn) && majorDemolitionForbidden(turn, bridge.kind)) {
    problems.add("majorBridgeTurn0", `Major bridge ${bridge.hexside} cannot be demolished on turn 0.`, `${at}.bridge.kind`);
  }
}

function natoProblems(problems: RefusalList, input: Extract<BridgeDemolitionInput, { means: "natoEngineers" }>): void {
  const { hq, turn } = input;
  if (hq.side !== "nato") problems.add("wrongSide", `HQ ${hq.name} is not NATO; NATO engineers demolish only for NATO.`, "hq.side");
  if (!isWholeNumber(hq.level) || !isWholeNumber(hq.radius)) {
    problems.add(
      "invalidHq",
      `HQ ${hq.name} has level ${hq.level} and radius ${hq.radius}; both must be whole numbers of 0 or more.`,
      "hq",
    );
  } else if (input.attempts.length > hq.level) {
    problems.add(
      "engineerCardLimit",
      `HQ ${hq.name} at level ${hq.level} may commit at most ${hq.level} engineer cards, but ${input.attempts.length} demolitions are ordered.`,
      "attempts",
    );
  }
  const cards = new Set<string>();
  const bridges = new Set<HexsideRef>();
  input.attempts.forEach((attempt, i) => {
    const at = `attempts[${i}]`;
    const { card, bridge, distance } = attempt;
    bridgeProblems(problems, turn, bridge, at);
    const rule = isWholeNumber(turn) && isOneOf(bridge.kind, ["minor", "major"] as const) ? natoDemolitionRule(turn, bridge.kind) : null;
    const demolition = supportCardRecord(card.category)?.uses.demolition;
    if (demolition === undefined) {
      problems.add("notEngineerCard", `Card ${card.id} is a ${card.category} card, not an engineer card.`, `${at}.card.category`);
    } else if (rule?.kind === "roll" && rule.nonMinelayingEngineer && demolition.minelaying) {
      problems.add(
        "minelayingEngineer",
        `Card ${card.id} is a minelaying engineer; only other engineers may demolish ${bridge.kind} bridge ${bridge.hexside} on this turn.`,
        `${at}.card.category`,
      );
    }
    if (card.side !== "nato") problems.add("wrongSide", `Card ${card.id} is not a NATO card.`, `${at}.card.side`);
    if (card.hq !== hq.id) problems.add("cardNotHeld", `Card ${card.id} is not held by HQ ${hq.name}.`, `${at}.card.hq`);
    if (cards.has(card.id)) problems.add("cardReused", `Card ${card.id} is used for more than one demolition.`, `${at}.card.id`);
    cards.add(card.id);
    if (!isWholeNumber(distance)) {
      problems.add(
        "invalidDistance",
        `Distance ${distance} to bridge ${bridge.hexside} must be a whole number of 0 or more.`,
        `${at}.distance`,
      );
    } else if (distance > hq.radius) {
      problems.add(
        "outsideRadius",
        `Bridge ${bridge.hexside} is ${distance} hexes from HQ ${hq.name}, beyond its radius of ${hq.radius}.`,
        `${at}.distance`,
      );
    }
    if (bridges.has(bridge.hexside))
      problems.add("bridgeRepeated", `Bridge ${bridge.hexside} is ordered demolished twice.`, `${at}.bridge.hexside`);
    bridges.add(bridge.hexside);
  });
}

function wpProblems(problems: RefusalList, input: Extract<BridgeDemolitionInput, { means: "wpDivisions" }>): void {
  const bridges = new Set<HexsideRef>();
  input.attempts.forEach((attempt, i) => {
    const at = `attempts[${i}]`;
    const { division, bridge } = attempt;
    bridgeProblems(problems, input.turn, bridge, at);
    if (division.side !== "wp") problems.add("wrongSide", `Unit ${division.name} is not Warsaw Pact.`, `${at}.division.side`);
    if (division.size !== "division") {
      problems.add(
        "notDivision",
        `Unit ${division.name} is a ${division.size}; only divisions have integral engineers.`,
        `${at}.division.size`,
      );
    }
    if (!attempt.adjacent) {
      problems.add("notAdjacent", `Division ${division.name} is not adjacent to bridge ${bridge.hexside}.`, `${at}.adjacent`);
    }
    if (bridges.has(bridge.hexside))
      problems.add("bridgeRepeated", `Bridge ${bridge.hexside} is ordered demolished twice.`, `${at}.bridge.hexside`);
    bridges.add(bridge.hexside);
  });
}

function airProblems(problems: RefusalList, input: Extract<BridgeDemolitionInput, { means: "air" }>): void {
  const squadrons = new Set<ActorRef>();
  input.attempts.forEach((attempt, i) => {
    const at = `attempts[${i}]`;
    bridgeProblems(problems, input.turn, attempt.bridge, at);
    if (!isWholeNumber(attempt.deepStrike)) {
      problems.add(
        "invalidValue",
        `Air unit ${attempt.name} has deep-strike value ${attempt.deepStrike}; it must be a whole number of 0 or more.`,
        `${at}.deepStrike`,
      );
    }
    if (squadrons.has(attempt.squadron)) {
      problems.add("squadronReused", `Air unit ${attempt.name} attacks more than one bridge; each rolls for one.`, `${at}.squadron`);
    }
    squadrons.add(attempt.squadron);
  });
}

function rollDie(dice: Dice): number {
  const roll = dice.d6();
  if (!isDieFace(roll)) throw new RangeError(`die roll ${roll} is not 1..6`);
  return roll;
}

/**
 * Decides one attempt (already validated): the label shown (naming the die, if any) and whether the
 * bridge goes. The line's value is set by the caller so the breakdown counts bridges destroyed.
 */
function decide(
  input: BridgeDemolitionInput,
  index: number,
  dice: Dice,
): { line: Omit<BreakdownLine, "value">; outcome: DemolitionAttemptOutcome } {
  const bridge = input.attempts[index]!.bridge;
  const base = { hexside: bridge.hexside, kind: bridge.kind };
  if (input.means === "wpDivisions") {
    const division = input.attempts[index]!.division;
    return {
      line: { label: `${bridge.kind} bridge ${bridge.hexside}: destroyed by ${division.name}'s engineers`, source: DEMOLITION_SOURCE },
      outcome: { ...base, roll: null, destroyed: true },
    };
  }
  if (input.means === "air") {
    const attempt = input.attempts[index]!;
    const roll = rollDie(dice);
    const destroyed = roll <= attempt.deepStrike;
    return {
      line: {
        label: `${attempt.name} on bridge ${bridge.hexside}: rolled ${roll}, needs ${attempt.deepStrike} or less, ${destroyed ? "destroyed" : "missed"}`,
        source: DEMOLITION_SOURCE,
      },
      outcome: { ...base, roll, destroyed },
    };
  }
  const rule = natoDemolitionRule(input.turn, bridge.kind);
  // A forbidden demolition was refused before any die was rolled: what is left rolls or is automatic.
  if (rule.kind !== "roll") {
    return {
      line: { label: `${bridge.kind} bridge ${bridge.hexside}: destroyed without a roll`, source: DEMOLITION_SOURCE },
      outcome: { ...base, roll: null, destroyed: true },
    };
  }
  const roll = rollDie(dice);
  const destroyed = roll >= rule.min;
  return {
    line: {
      label: `${bridge.kind} bridge ${bridge.hexside}: rolled ${roll}, needs ${rule.min} or more, ${destroyed ? "destroyed" : "still standing"}`,
      source: DEMOLITION_SOURCE,
    },
    outcome: { ...base, roll, destroyed },
  };
}

/**
 * Resolves the bridge demolitions of one HQ (NATO), of Warsaw Pact divisions, or of air units.
 * Refused with every problem found; otherwise each attempt is decided in order.
 */
export function demolishBridges(input: BridgeDemolitionInput, dice: Dice): Checked<Resolution<BridgeDemolitionOutcome>> {
  const problems = new RefusalList();
  if (!isWholeNumber(input.turn)) problems.add("invalidTurn", `Turn ${input.turn} must be a whole number of 0 or more.`, "turn");
  if (input.means === "natoEngineers") natoProblems(problems, input);
  else if (input.means === "wpDivisions") wpProblems(problems, input);
  else airProblems(problems, input);
  if (!problems.empty) return { ok: false, refusals: problems.items };

  const breakdown: BreakdownLine[] = [];
  const rolls: number[] = [];
  const attempts: DemolitionAttemptOutcome[] = [];
  const destroyed: HexsideRef[] = [];
  for (let i = 0; i < input.attempts.length; i++) {
    const { line, outcome } = decide(input, i, dice);
    // A bridge counts once, on the first attempt that destroys it (air units may try the same bridge).
    const counts = outcome.destroyed && !destroyed.includes(outcome.hexside);
    if (counts) destroyed.push(outcome.hexside);
    breakdown.push({ ...line, value: counts ? 1 : 0 });
    if (outcome.roll !== null) rolls.push(outcome.roll);
    attempts.push(outcome);
  }
  const effects: Effect[] = destroyed.map((hexside) => ({ type: "bridgeDestroyed", hexside }));
  return { ok: true, value: { breakdown, rolls, outcome: { attempts, destroyed, total: destroyed.length }, effects } };
}
