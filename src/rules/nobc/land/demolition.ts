/**
 * Bridge demolition at the start of phase 3, Rear Area Attacks (seed 000, Land War QRS): NATO
 * engineers, Warsaw Pact divisional engineers, and air units.
 */
import type { ActorRef, HexsideRef } from "../../ids";
import type { Dice } from "../../dice";
import { isDieFace } from "../../dice";
import type { Effect } from "../../effects";
import { SEEDS, RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../../resolution";
import { categoriesWhere, categoryName, supportCardRecord } from "./card-categories";
import { riverName, sizeName } from "./words";
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
  if (bridge.hexside.length === 0)
    problems.add("missingHexside", phrase("NOBC.Rules.Land.Demolition.Refusal.missingHexside"), `${at}.bridge.hexside`);
  if (!isOneOf(bridge.kind, ["minor", "major"] as const)) {
    problems.add(
      "invalidBridgeKind",
      phrase("NOBC.Rules.Land.Demolition.Refusal.invalidBridgeKind", { bridge: bridge.hexside, kind: String(bridge.kind) }),
      `${at}.bridge.kind`,
    );
  } else if (isWholeNumber(turn) && majorDemolitionForbidden(turn, bridge.kind)) {
    problems.add(
      "majorBridgeTurn0",
      phrase("NOBC.Rules.Land.Demolition.Refusal.majorBridgeTurn0", { bridge: bridge.hexside }),
      `${at}.bridge.kind`,
    );
  }
}

function natoProblems(problems: RefusalList, input: Extract<BridgeDemolitionInput, { means: "natoEngineers" }>): void {
  const { hq, turn } = input;
  if (hq.side !== "nato") problems.add("wrongSide", phrase("NOBC.Rules.Land.Demolition.Refusal.wrongSide", { hq: hq.name }), "hq.side");
  if (!isWholeNumber(hq.level) || !isWholeNumber(hq.radius)) {
    problems.add(
      "invalidHq",
      phrase("NOBC.Rules.Land.Demolition.Refusal.invalidHq", { hq: hq.name, level: String(hq.level), radius: String(hq.radius) }),
      "hq",
    );
  } else if (input.attempts.length > hq.level) {
    problems.add(
      "engineerCardLimit",
      phrase("NOBC.Rules.Land.Demolition.Refusal.engineerCardLimit", { hq: hq.name, count: hq.level, ordered: input.attempts.length }),
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
      problems.add(
        "notEngineerCard",
        phrase("NOBC.Rules.Land.Demolition.Refusal.notEngineerCard", { card: card.id, category: categoryName(card.category) }),
        `${at}.card.category`,
      );
    } else if (rule?.kind === "roll" && rule.nonMinelayingEngineer && demolition.minelaying) {
      problems.add(
        "minelayingEngineer",
        phrase("NOBC.Rules.Land.Demolition.Refusal.minelayingEngineer", {
          card: card.id,
          kind: riverName(bridge.kind),
          bridge: bridge.hexside,
        }),
        `${at}.card.category`,
      );
    }
    if (card.side !== "nato")
      problems.add("wrongSide", phrase("NOBC.Rules.Land.Demolition.Refusal.wrongSideCard", { card: card.id }), `${at}.card.side`);
    if (card.hq !== hq.id)
      problems.add(
        "cardNotHeld",
        phrase("NOBC.Rules.Land.Demolition.Refusal.cardNotHeld", { card: card.id, hq: hq.name }),
        `${at}.card.hq`,
      );
    if (cards.has(card.id))
      problems.add("cardReused", phrase("NOBC.Rules.Land.Demolition.Refusal.cardReused", { card: card.id }), `${at}.card.id`);
    cards.add(card.id);
    if (!isWholeNumber(distance)) {
      problems.add(
        "invalidDistance",
        phrase("NOBC.Rules.Land.Demolition.Refusal.invalidDistance", { distance: String(distance), bridge: bridge.hexside }),
        `${at}.distance`,
      );
    } else if (distance > hq.radius) {
      problems.add(
        "outsideRadius",
        phrase("NOBC.Rules.Land.Demolition.Refusal.outsideRadius", {
          bridge: bridge.hexside,
          count: distance,
          hq: hq.name,
          radius: hq.radius,
        }),
        `${at}.distance`,
      );
    }
    if (bridges.has(bridge.hexside))
      problems.add(
        "bridgeRepeated",
        phrase("NOBC.Rules.Land.Demolition.Refusal.bridgeRepeated", { bridge: bridge.hexside }),
        `${at}.bridge.hexside`,
      );
    bridges.add(bridge.hexside);
  });
}

function wpProblems(problems: RefusalList, input: Extract<BridgeDemolitionInput, { means: "wpDivisions" }>): void {
  const bridges = new Set<HexsideRef>();
  input.attempts.forEach((attempt, i) => {
    const at = `attempts[${i}]`;
    const { division, bridge } = attempt;
    bridgeProblems(problems, input.turn, bridge, at);
    if (division.side !== "wp")
      problems.add(
        "wrongSide",
        phrase("NOBC.Rules.Land.Demolition.Refusal.wrongSideDivision", { unit: division.name }),
        `${at}.division.side`,
      );
    if (division.size !== "division") {
      problems.add(
        "notDivision",
        phrase("NOBC.Rules.Land.Demolition.Refusal.notDivision", { unit: division.name, size: sizeName(division.size) }),
        `${at}.division.size`,
      );
    }
    if (!attempt.adjacent) {
      problems.add(
        "notAdjacent",
        phrase("NOBC.Rules.Land.Demolition.Refusal.notAdjacent", { unit: division.name, bridge: bridge.hexside }),
        `${at}.adjacent`,
      );
    }
    if (bridges.has(bridge.hexside))
      problems.add(
        "bridgeRepeated",
        phrase("NOBC.Rules.Land.Demolition.Refusal.bridgeRepeated", { bridge: bridge.hexside }),
        `${at}.bridge.hexside`,
      );
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
        phrase("NOBC.Rules.Land.Demolition.Refusal.invalidValue", { unit: attempt.name, value: String(attempt.deepStrike) }),
        `${at}.deepStrike`,
      );
    }
    if (squadrons.has(attempt.squadron)) {
      problems.add("squadronReused", phrase("NOBC.Rules.Land.Demolition.Refusal.squadronReused", { unit: attempt.name }), `${at}.squadron`);
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
 * Decides one attempt (already validated): the words shown (naming the die, if any) and whether the
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
      line: {
        text: phrase("NOBC.Rules.Land.Demolition.ByDivision", {
          kind: riverName(bridge.kind),
          bridge: bridge.hexside,
          unit: division.name,
        }),
        source: DEMOLITION_SOURCE,
      },
      outcome: { ...base, roll: null, destroyed: true },
    };
  }
  if (input.means === "air") {
    const attempt = input.attempts[index]!;
    const roll = rollDie(dice);
    const destroyed = roll <= attempt.deepStrike;
    return {
      line: {
        text: phrase(destroyed ? "NOBC.Rules.Land.Demolition.AirDestroyed" : "NOBC.Rules.Land.Demolition.AirMissed", {
          unit: attempt.name,
          bridge: bridge.hexside,
          roll,
          needed: attempt.deepStrike,
        }),
        source: DEMOLITION_SOURCE,
      },
      outcome: { ...base, roll, destroyed },
    };
  }
  const rule = natoDemolitionRule(input.turn, bridge.kind);
  // A forbidden demolition was refused before any die was rolled: what is left rolls or is automatic.
  if (rule.kind !== "roll") {
    return {
      line: {
        text: phrase("NOBC.Rules.Land.Demolition.NoRoll", { kind: riverName(bridge.kind), bridge: bridge.hexside }),
        source: DEMOLITION_SOURCE,
      },
      outcome: { ...base, roll: null, destroyed: true },
    };
  }
  const roll = rollDie(dice);
  const destroyed = roll >= rule.min;
  return {
    line: {
      text: phrase(destroyed ? "NOBC.Rules.Land.Demolition.RollDestroyed" : "NOBC.Rules.Land.Demolition.RollStanding", {
        kind: riverName(bridge.kind),
        bridge: bridge.hexside,
        roll,
        needed: rule.min,
      }),
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
  if (!isWholeNumber(input.turn))
    problems.add("invalidTurn", phrase("NOBC.Rules.Land.Demolition.Refusal.invalidTurn", { turn: String(input.turn) }), "turn");
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
