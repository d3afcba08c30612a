import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { CLOSE_ASSAULT_SOURCE, gradeLabel, gradeRow, type Grade } from "./grades";
import { breakTestsFor, checkGreen, type BreakTestOutcome } from "./morale";
import { assertDie, checkCount, isCount } from "./validate";

const PROCEDURE_SOURCE = `${SEEDS.nqm}, Close Assault`;
const DECISION = "docs/rules-decisions.md";

/** Each die sorted highest first, paired in order; the unpaired are ignored. */
export function matchDice(attack: readonly number[], defence: readonly number[]): [number, number][] {
  [...attack, ...defence].forEach((d) => assertDie(d, "close assault die"));
  const a = [...attack].sort((x, y) => y - x);
  const d = [...defence].sort((x, y) => y - x);
  return a.slice(0, Math.min(a.length, d.length)).map((face, i) => [face, d[i]!]);
}

/**
 * Pinned API: matches attack and defence dice highest to highest; each pair won scores one casualty
 * on the loser, equal pairs stand off. `attackerCasualties` are the casualties the attacker suffers.
 */
export function closeAssaultDice(
  attack: readonly number[],
  defence: readonly number[],
): { attackerCasualties: number; defenderCasualties: number } {
  const pairs = matchDice(attack, defence);
  return {
    attackerCasualties: pairs.filter(([a, d]) => d > a).length,
    defenderCasualties: pairs.filter(([a, d]) => a > d).length,
  };
}

/** Dice a side rolls: one per unwounded base (attack) or figure (defence), up to its grade's cap. */
export function assaultDice(grade: Grade, role: "attack" | "defence", unwounded: number): number {
  const row = gradeRow(grade);
  return Math.min(unwounded, role === "attack" ? row.attackDice : row.defenceDice);
}

export interface AssaultSide {
  actor: ActorRef;
  name: string;
  grade: Grade;
  green?: boolean;
  /** Unwounded bases (attacker) or unwounded figures on the position (defender). */
  unwounded: number;
}

export interface AssaultingUnit extends AssaultSide {
  /** Fighting stands going in; more than one needs an unwounded battalion command base. */
  stands: number;
  commandBase: boolean;
}

export interface DefendingUnit extends AssaultSide {
  disorganised: boolean;
  /** A clear line of retreat: a broken defender then disperses rather than surrenders. */
  canRetreat: boolean;
}

export interface CloseAssaultRoundInput {
  attacker: AssaultingUnit;
  defender: DefendingUnit;
  /** Which repeat of the assault this is, from 1. */
  round: number;
  firefightWon: boolean;
  /** Armour, troops in APCs or riding tanks: may assault without winning the firefight, at a price. */
  armoured: boolean;
}

export interface CloseAssaultRoundOutcome {
  /** No dice: the defender could not resist, and surrenders or disperses. */
  overrun: boolean;
  attackDice: number[];
  defenceDice: number[];
  attackerCasualties: number;
  defenderCasualties: number;
  /** Attacking bases that break into the position, and bases pushed back out. */
  breakIns: number;
  pushBacks: number;
  standOffs: number;
  /** Repeats still allowed after this one; `null` for no limit. */
  roundsLeft: number | null;
}

function checkRound(input: CloseAssaultRoundInput): RefusalList {
  const { attacker, defender } = input;
  const refusals = new RefusalList();
  checkCount(
    refusals,
    attacker.unwounded,
    "attacker.unwounded",
    phrase("NOBC.Rules.Nqm.CloseAssault.UnwoundedBases", { unit: attacker.name }),
    1,
  );
  checkCount(
    refusals,
    attacker.stands,
    "attacker.stands",
    phrase("NOBC.Rules.Nqm.CloseAssault.StandsAssaulting", { unit: attacker.name }),
    1,
  );
  checkCount(
    refusals,
    defender.unwounded,
    "defender.unwounded",
    phrase("NOBC.Rules.Nqm.CloseAssault.UnwoundedFigures", { unit: defender.name }),
  );
  checkCount(refusals, input.round, "round", phrase("NOBC.Rules.Nqm.CloseAssault.AssaultRound"), 1);
  checkGreen(refusals, attacker, "attacker.green");
  checkGreen(refusals, defender, "defender.green");
  if (isCount(attacker.stands, 2) && !attacker.commandBase) {
    refusals.add(
      "noCommand",
      phrase("NOBC.Rules.Nqm.CloseAssault.Refusal.noCommand", { attacker: attacker.name, stands: attacker.stands }),
      "attacker.commandBase",
    );
  }
  if (!input.firefightWon && !input.armoured) {
    refusals.add(
      "firefightNotWon",
      phrase("NOBC.Rules.Nqm.CloseAssault.Refusal.firefightNotWon", { attacker: attacker.name }),
      "firefightWon",
    );
  }
  const limit = gradeRow(attacker.grade).attacks;
  if (limit !== null && isCount(input.round, 1) && input.round > limit) {
    refusals.add(
      "tooManyRounds",
      phrase("NOBC.Rules.Nqm.CloseAssault.Refusal.tooManyRounds", { grade: gradeLabel(attacker.grade), count: limit, round: input.round }),
      "round",
    );
  }
  return refusals;
}

function attackerPins(input: CloseAssaultRoundInput, casualties: number): NqmEffect[] {
  if (casualties === 0) return [];
  // Armour pressing in without winning the firefight takes its losses as permanent (black) pins.
  const black = !input.firefightWon && input.armoured;
  return [{ type: "pins", actor: input.attacker.actor, red: black ? 0 : casualties, black: black ? casualties : 0 }];
}

function overrunEffects(defender: DefendingUnit): NqmEffect[] {
  if (defender.canRetreat) return [{ type: "withdrawn", actor: defender.actor }];
  // Surrounded: the rest give up, but Veterans never surrender; they break out stand by stand
  // (resolveVeteranBreakOut), so nothing is decided for them here.
  return defender.grade === "veteran" ? [] : [{ type: "surrendered", actor: defender.actor }];
}

/** One round of close assault, after its input has been checked. */
function round(input: CloseAssaultRoundInput, dice: Dice): Resolution<CloseAssaultRoundOutcome> {
  const { attacker, defender } = input;
  const limit = gradeRow(attacker.grade).attacks;
  const roundsLeft = limit === null ? null : limit - input.round;
  if (defender.unwounded === 0 || defender.disorganised) {
    return {
      breakdown: [
        {
          text:
            defender.grade === "veteran" && !defender.canRetreat
              ? phrase("NOBC.Rules.Nqm.CloseAssault.OverrunBreakOut", { defender: defender.name })
              : phrase("NOBC.Rules.Nqm.CloseAssault.Overrun", { defender: defender.name }),
          value: 0,
          source: `${SEEDS.nqm}, Special Attack Rules (unit overruns)`,
        },
      ],
      rolls: [],
      outcome: {
        overrun: true,
        attackDice: [],
        defenceDice: [],
        attackerCasualties: 0,
        defenderCasualties: 0,
        breakIns: 0,
        pushBacks: 0,
        standOffs: 0,
        roundsLeft,
      },
      effects: overrunEffects(defender),
    };
  }
  const nA = assaultDice(attacker.grade, "attack", attacker.unwounded);
  const nD = assaultDice(defender.grade, "defence", defender.unwounded);
  const attackDice = dice.roll(nA);
  const defenceDice = dice.roll(nD);
  const { attackerCasualties, defenderCasualties } = closeAssaultDice(attackDice, defenceDice);
  const standOffs = Math.min(nA, nD) - attackerCasualties - defenderCasualties;
  const breakdown: BreakdownLine[] = [
    {
      text: phrase("NOBC.Rules.Nqm.CloseAssault.AttackDice", {
        unit: attacker.name,
        grade: gradeLabel(attacker.grade),
        unwounded: attacker.unwounded,
        cap: gradeRow(attacker.grade).attackDice,
      }),
      value: nA,
      source: CLOSE_ASSAULT_SOURCE,
    },
    {
      text: phrase("NOBC.Rules.Nqm.CloseAssault.DefenceDice", {
        unit: defender.name,
        grade: gradeLabel(defender.grade),
        unwounded: defender.unwounded,
        cap: gradeRow(defender.grade).defenceDice,
      }),
      value: nD,
      source: CLOSE_ASSAULT_SOURCE,
    },
    { text: phrase("NOBC.Rules.Nqm.CloseAssault.BreakIns", { unit: attacker.name }), value: defenderCasualties, source: PROCEDURE_SOURCE },
    { text: phrase("NOBC.Rules.Nqm.CloseAssault.PushBacks", { unit: defender.name }), value: attackerCasualties, source: PROCEDURE_SOURCE },
  ];
  const effects: NqmEffect[] = [...attackerPins(input, attackerCasualties)];
  if (defenderCasualties > 0) effects.push({ type: "pins", actor: defender.actor, red: defenderCasualties, black: 0 });
  return {
    breakdown,
    rolls: [...attackDice, ...defenceDice],
    outcome: {
      overrun: false,
      attackDice,
      defenceDice,
      attackerCasualties,
      defenderCasualties,
      breakIns: defenderCasualties,
      pushBacks: attackerCasualties,
      standOffs,
      roundsLeft,
    },
    effects,
  };
}

/** One round of close assault (Table 9): dice capped by grade, matched highest to highest. */
export function resolveCloseAssaultRound(input: CloseAssaultRoundInput, dice: Dice): Checked<Resolution<CloseAssaultRoundOutcome>> {
  return checkRound(input).result(() => round(input, dice));
}

export interface CloseAssaultInput {
  attacker: AssaultingUnit & { strength: number; casualties: number };
  defender: DefendingUnit & { strength: number; casualties: number };
  firefightWon: boolean;
  armoured: boolean;
  /** The attacker gives up after this many rounds; defaults to its grade's limit (Elite: until a result). */
  maxRounds?: number;
}

export type AssaultResult = "taken" | "overrun" | "repulsed" | "attackerBroke" | "defenderBroke" | "unresolved";

export interface CloseAssaultOutcome {
  result: AssaultResult;
  rounds: CloseAssaultRoundOutcome[];
  attackerCasualties: number;
  defenderCasualties: number;
  attackerMorale: BreakTestOutcome[];
  defenderMorale: BreakTestOutcome[];
}

/**
 * The whole assault: rounds repeat until the defender has no one left to resist, the attacker has no
 * one left to assault with, a side fails a break test, or the attacker's limit is reached (the fight
 * then carries over to the next hour). Each casualty wounds one base, which then sits out.
 */
export function resolveCloseAssault(input: CloseAssaultInput, dice: Dice): Checked<Resolution<CloseAssaultOutcome>> {
  const { attacker, defender } = input;
  const first: CloseAssaultRoundInput = { attacker, defender, round: 1, firefightWon: input.firefightWon, armoured: input.armoured };
  const refusals = checkRound(first);
  checkCount(
    refusals,
    attacker.strength,
    "attacker.strength",
    phrase("NOBC.Rules.Nqm.CloseAssault.StartingStrength", { unit: attacker.name }),
    1,
  );
  checkCount(
    refusals,
    defender.strength,
    "defender.strength",
    phrase("NOBC.Rules.Nqm.CloseAssault.StartingStrength", { unit: defender.name }),
    1,
  );
  checkCount(
    refusals,
    attacker.casualties,
    "attacker.casualties",
    phrase("NOBC.Rules.Nqm.CloseAssault.CasualtiesSoFar", { unit: attacker.name }),
  );
  checkCount(
    refusals,
    defender.casualties,
    "defender.casualties",
    phrase("NOBC.Rules.Nqm.CloseAssault.CasualtiesSoFar", { unit: defender.name }),
  );
  const limit = gradeRow(attacker.grade).attacks;
  if (input.maxRounds !== undefined) {
    checkCount(refusals, input.maxRounds, "maxRounds", phrase("NOBC.Rules.Nqm.CloseAssault.MaxRounds"), 1);
    if (limit !== null && input.maxRounds > limit) {
      refusals.add(
        "tooManyRounds",
        phrase("NOBC.Rules.Nqm.CloseAssault.Refusal.tooManyRoundsPlanned", {
          grade: gradeLabel(attacker.grade),
          count: limit,
          asked: input.maxRounds,
        }),
        "maxRounds",
      );
    }
  }
  return refusals.result(() => {
    const cap = input.maxRounds ?? limit ?? Number.POSITIVE_INFINITY;
    const out: Resolution<CloseAssaultOutcome> = {
      breakdown: [],
      rolls: [],
      outcome: { result: "unresolved", rounds: [], attackerCasualties: 0, defenderCasualties: 0, attackerMorale: [], defenderMorale: [] },
      effects: [],
    };
    const o = out.outcome;
    let a = { ...attacker };
    let d = { ...defender };
    for (let n = 1; n <= cap; n++) {
      const r = round({ ...first, attacker: a, defender: d, round: n }, dice);
      out.breakdown.push(
        {
          text: phrase("NOBC.Rules.Nqm.CloseAssault.Round", { round: n }),
          value: n,
          source: `${PROCEDURE_SOURCE}; ${DECISION}: repeated assaults`,
        },
        ...r.breakdown,
      );
      out.rolls.push(...r.rolls);
      out.effects.push(...r.effects);
      o.rounds.push(r.outcome);
      if (r.outcome.overrun) {
        o.result = "overrun";
        break;
      }
      o.attackerCasualties += r.outcome.attackerCasualties;
      o.defenderCasualties += r.outcome.defenderCasualties;
      const aTests = breakTestsFor(
        {
          unit: a,
          role: "attacking",
          strength: a.strength,
          casualtiesBefore: a.casualties,
          casualtiesAfter: a.casualties + r.outcome.attackerCasualties,
        },
        dice,
      );
      const dTests = breakTestsFor(
        {
          unit: d,
          role: "defending",
          strength: d.strength,
          casualtiesBefore: d.casualties,
          casualtiesAfter: d.casualties + r.outcome.defenderCasualties,
        },
        dice,
      );
      for (const t of [aTests, dTests]) {
        out.breakdown.push(...t.breakdown);
        out.rolls.push(...t.rolls);
        out.effects.push(...t.effects);
      }
      o.attackerMorale.push(aTests.outcome);
      o.defenderMorale.push(dTests.outcome);
      a = { ...a, unwounded: a.unwounded - r.outcome.attackerCasualties, casualties: a.casualties + r.outcome.attackerCasualties };
      d = { ...d, unwounded: d.unwounded - r.outcome.defenderCasualties, casualties: d.casualties + r.outcome.defenderCasualties };
      if (d.unwounded === 0) o.result = "taken";
      else if (a.unwounded === 0) o.result = "repulsed";
      else if (aTests.outcome.breaksOff) o.result = "attackerBroke";
      else if (dTests.outcome.disorganised) o.result = "defenderBroke";
      if (o.result !== "unresolved") break;
    }
    return out;
  });
}
