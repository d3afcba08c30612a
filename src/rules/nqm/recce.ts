import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Phrase, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import type { ShiftReason } from "./firefight-table";
import { gradeLabel, type Grade } from "./grades";
import { spreadEffects, type SpreadResult } from "./hits";
import {
  ENGAGEMENT_SOURCE,
  RANGE_ORDER,
  RECCE_SOURCE,
  engagementRange,
  meetsScore,
  recceScore,
  type EngagementRange,
  type RecceScore,
} from "./recce-tables";
import { checkFire, checkStands, fireVolley, type FireBatch, type TargetStand } from "./volley";

export const SEQUENCE_SOURCE = `${SEEDS.nqm}, The Recce Sequence (red, white and blue dice)`;
const DECISION = "docs/rules-decisions.md";

export interface RecceParty {
  actor: ActorRef;
  name: string;
  grade: Grade;
  /** Recce troops proper: only they may shoot and scoot. */
  recceTroops: boolean;
  /** The party's stands, needed when the defender's fire is resolved. */
  stands?: readonly TargetStand[];
}

export interface ConcealedDefender {
  actor: ActorRef;
  name: string;
  grade: Grade;
  /** What the defender fires if it opens up; leave out to learn only the range. */
  fire?: readonly FireBatch[];
}

export interface RecceInput {
  recce: RecceParty;
  defender: ConcealedDefender;
  /** False when the recce blunders into a position it has not looked at: it is ambushed outright. */
  reconnoitred: boolean;
  /** What the defender does if the white die lets it choose. */
  defenderChoice: "ambush" | "letPass";
  /** Declared before the dice are read; only recce troops may, and not when ambushed. */
  shootAndScoot: boolean;
}

export type RecceResult = "sighted" | "passed" | "ambushed" | "engaged";

export interface RecceOutcome {
  result: RecceResult;
  /** The range fire opens at (blue die) when the defender fires. */
  range?: EngagementRange;
  shift?: ShiftReason;
  /** Hits the defender scored, and the hits that stay after shoot and scoot. */
  hitsScored: number;
  hitsTaken: number;
  scooted: boolean;
  onRecce: SpreadResult;
}

/** The lang key of each engagement range's name. */
export const RANGE_LABEL: Readonly<Record<EngagementRange, string>> = {
  harassing: "NOBC.Rules.Nqm.EngagementRange.harassing",
  effective: "NOBC.Rules.Nqm.EngagementRange.effective",
  contact: "NOBC.Rules.Nqm.EngagementRange.contact",
};

function scoreLabel(score: RecceScore): Phrase {
  if (score === "always") return phrase("NOBC.Rules.Nqm.Recce.ScoreAlways");
  if (score === "never") return phrase("NOBC.Rules.Nqm.Recce.ScoreNever");
  return phrase("NOBC.Rules.Nqm.Recce.Score", { score });
}

function scoreValue(score: RecceScore): number {
  if (score === "always") return 1;
  return score === "never" ? 7 : score;
}

/**
 * The recce sequence: the defender rolls red, white and blue together. Red: does the recce sight
 * the enemy (Table 3, recce against defender)? If not, white: does the defender get its choice of
 * ambush or letting the recce pass (Table 3, defender against recce)? If not, or on an ambush, blue
 * sets the range the defender opens fire at (Table 4, defender's grade).
 */
export function resolveRecce(input: RecceInput, dice: Dice): Checked<Resolution<RecceOutcome>> {
  const { recce, defender } = input;
  const refusals = new RefusalList();
  if (input.shootAndScoot && !recce.recceTroops) {
    refusals.add("notRecce", phrase("NOBC.Rules.Nqm.Recce.Refusal.notRecce", { recce: recce.name }), "shootAndScoot");
  }
  const stands = recce.stands ?? [];
  checkStands(refusals, recce.name, stands, "recce.stands");
  checkFire(refusals, defender.name, defender.fire ?? [], stands, "defender");
  return refusals.result(() => {
    const [red, white, blue] = dice.roll(3) as [number, number, number];
    const breakdown: BreakdownLine[] = [];
    const effects: NqmEffect[] = [];
    const none: SpreadResult = { stands: [], wasted: 0 };
    const quiet = (result: RecceResult): Resolution<RecceOutcome> => ({
      breakdown,
      rolls: [red, white, blue],
      outcome: { result, hitsScored: 0, hitsTaken: 0, scooted: false, onRecce: none },
      effects,
    });

    if (input.reconnoitred) {
      const sight = recceScore(recce.grade, defender.grade);
      breakdown.push({
        text: phrase("NOBC.Rules.Nqm.Recce.Red", {
          recce: gradeLabel(recce.grade),
          defender: gradeLabel(defender.grade),
          score: scoreLabel(sight),
        }),
        value: scoreValue(sight),
        source: RECCE_SOURCE,
      });
      breakdown.push({ text: phrase("NOBC.Rules.Nqm.Recce.RedDie"), value: red, source: SEQUENCE_SOURCE });
      if (meetsScore(sight, red)) return quiet("sighted");
      const hold = recceScore(defender.grade, recce.grade);
      breakdown.push({
        text: phrase("NOBC.Rules.Nqm.Recce.White", {
          defender: gradeLabel(defender.grade),
          recce: gradeLabel(recce.grade),
          score: scoreLabel(hold),
        }),
        value: scoreValue(hold),
        source: `${RECCE_SOURCE}; ${DECISION}: white die`,
      });
      breakdown.push({ text: phrase("NOBC.Rules.Nqm.Recce.WhiteDie"), value: white, source: SEQUENCE_SOURCE });
      if (meetsScore(hold, white) && input.defenderChoice === "letPass") return quiet("passed");
      if (!meetsScore(hold, white)) return fire("engaged");
      return fire("ambushed");
    }
    breakdown.push({ text: phrase("NOBC.Rules.Nqm.Recce.NotReconnoitred"), value: 0, source: SEQUENCE_SOURCE });
    return fire("ambushed");

    function fire(result: "ambushed" | "engaged"): Resolution<RecceOutcome> {
      const range = engagementRange(defender.grade, blue);
      breakdown.push({
        text: phrase("NOBC.Rules.Nqm.Recce.Blue", { grade: gradeLabel(defender.grade), range: phrase(RANGE_LABEL[range]) }),
        value: blue,
        source: ENGAGEMENT_SOURCE,
      });
      const shift: ShiftReason | undefined =
        result === "ambushed"
          ? range === "contact"
            ? "ambushContact"
            : range === "effective"
              ? "ambushEffective"
              : undefined
          : range === "contact"
            ? "contactRange"
            : undefined;
      const scooted = input.shootAndScoot && result === "engaged";
      if (input.shootAndScoot && !scooted) {
        breakdown.push({ text: phrase("NOBC.Rules.Nqm.Recce.ScootBarred"), value: 0, source: SEQUENCE_SOURCE });
      }
      if (scooted) effects.push({ type: "withdrawn", actor: recce.actor });
      const batches = defender.fire ?? [];
      if (range === "harassing" || batches.length === 0) {
        if (range === "harassing" && batches.length > 0) {
          breakdown.push({
            text: phrase("NOBC.Rules.Nqm.Recce.HarassingNoCasualties"),
            value: 0,
            source: `${DECISION}: harassing-range direct fire`,
          });
        }
        return {
          breakdown,
          rolls: [red, white, blue],
          outcome: { result, range, ...(shift && { shift }), hitsScored: 0, hitsTaken: 0, scooted, onRecce: none },
          effects,
        };
      }
      const volley = fireVolley(defender.name, batches, stands, dice, shift, scooted ? (h) => Math.floor(h / 2) : undefined);
      breakdown.push(...volley.breakdown);
      const hitsTaken = volley.applied;
      if (scooted) {
        breakdown.push({
          text: phrase("NOBC.Rules.Nqm.Recce.ScootHalved"),
          value: hitsTaken - volley.hits,
          source: `${SEQUENCE_SOURCE}; ${DECISION}: shoot and scoot`,
        });
      }
      const spread = volley.spread;
      effects.push(...volley.effects, ...spreadEffects(spread));
      return {
        breakdown,
        rolls: [red, white, blue, ...volley.rolls],
        outcome: { result, range, ...(shift && { shift }), hitsScored: volley.hits, hitsTaken, scooted, onRecce: spread },
        effects,
      };
    }
  });
}

export interface MeetingSide {
  actor: ActorRef;
  name: string;
  grade: Grade;
}

export interface MeetingOutcome {
  /** Who saw the other first; `both` when each sighted the other, `neither` when no one did. */
  winner: "attacker" | "defender" | "both" | "neither";
  /** Range the fighting starts at, if the winner chooses to fight; none when neither side sighted. */
  range?: EngagementRange;
}

/**
 * A meeting engagement: red scores the attacker's sighting, white the defender's (Table 3), and
 * blue reads Table 4 on the winner's grade. When both sight each other the side with the looser fire
 * discipline opens first, so the longer of the two readings is used.
 */
export function resolveMeetingEngagement(input: { attacker: MeetingSide; defender: MeetingSide }, dice: Dice): Resolution<MeetingOutcome> {
  const { attacker, defender } = input;
  const [red, white, blue] = dice.roll(3) as [number, number, number];
  const aScore = recceScore(attacker.grade, defender.grade);
  const dScore = recceScore(defender.grade, attacker.grade);
  const aSees = meetsScore(aScore, red);
  const dSees = meetsScore(dScore, white);
  const breakdown: BreakdownLine[] = [
    {
      text: phrase("NOBC.Rules.Nqm.Recce.MeetingRed", {
        unit: attacker.name,
        grade: gradeLabel(attacker.grade),
        score: scoreLabel(aScore),
      }),
      value: red,
      source: RECCE_SOURCE,
    },
    {
      text: phrase("NOBC.Rules.Nqm.Recce.MeetingWhite", {
        unit: defender.name,
        grade: gradeLabel(defender.grade),
        score: scoreLabel(dScore),
      }),
      value: white,
      source: RECCE_SOURCE,
    },
  ];
  const rolls = [red, white, blue];
  if (!aSees && !dSees) return { breakdown, rolls, outcome: { winner: "neither" }, effects: [] };
  const readings = [aSees && engagementRange(attacker.grade, blue), dSees && engagementRange(defender.grade, blue)].filter(
    (r): r is EngagementRange => r !== false,
  );
  const range = readings.reduce((a, b) => (RANGE_ORDER.indexOf(a) <= RANGE_ORDER.indexOf(b) ? a : b));
  breakdown.push({
    text: phrase("NOBC.Rules.Nqm.Recce.MeetingBlue", { range: phrase(RANGE_LABEL[range]) }),
    value: blue,
    source: aSees && dSees ? `${ENGAGEMENT_SOURCE}; ${DECISION}: both sides sight` : ENGAGEMENT_SOURCE,
  });
  const winner = aSees && dSees ? "both" : aSees ? "attacker" : "defender";
  return { breakdown, rolls, outcome: { winner, range }, effects: [] };
}
