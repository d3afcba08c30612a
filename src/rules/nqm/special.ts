import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, SEEDS, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { gradeLabel, type Grade } from "./grades";
import type { MoraleUnit } from "./morale";
import { assertCount } from "./validate";

const ASSAULT_RULES = `${SEEDS.nqm}, Special Assault Rules`;

const STEADY: readonly Grade[] = ["elite", "veteran"];

/** Veteran (and better) infantry assault in the hour they win the firefight; the rest wait an hour. */
export function assaultDelayHours(grade: Grade): 0 | 1 {
  return STEADY.includes(grade) ? 0 : 1;
}

/** Veteran or Elite reserves counter-attack at once; Regular or worse in the next move. */
export function counterattackDelay(grade: Grade): "immediate" | "nextMove" {
  return STEADY.includes(grade) ? "immediate" : "nextMove";
}

/** After an immediate counter-attack, every attacker is disorganised except Veteran or Elite still in supply. */
export function disorganisedByImmediateCounterattack(attacker: Grade, inSupply: boolean): boolean {
  return !(STEADY.includes(attacker) && inSupply);
}

/** Who may shoot and scoot: anti-tank, recce and artillery that out-range their attackers. */
export function mayShootAndScoot(kind: "antiTank" | "recce" | "artillery" | "other", outranges: boolean): boolean {
  return kind !== "other" && outranges;
}

/** Shoot and scoot halves the hits taken, rounded down (decision). */
export function shootAndScootHits(hits: number): number {
  assertCount(hits, "hits");
  return Math.floor(hits / 2);
}

/** Infantry in close country, once over tank terror, may fire at unsupported tanks as light targets. */
export function tanksCountAsLight(closeCountry: boolean, tankTerrorOvercome: boolean, tanksUnsupported: boolean): boolean {
  return closeCountry && tankTerrorOvercome && tanksUnsupported;
}

/** A defender with no unwounded figures, or broken, is overrun without a fight. */
export function isOverrun(unwounded: number, broken: boolean): boolean {
  assertCount(unwounded, "unwounded");
  return unwounded === 0 || broken;
}

/** Unsupported tanks may roll over infantry that have no anti-tank fire, without winning a firefight first. */
export function tanksMayOverrunWithoutFirefight(infantryHasAntiTankFire: boolean): boolean {
  return !infantryHasAntiTankFire;
}

/**
 * Follow-on attacks: a unit that keeps moving or fighting stays in battle for disorganisation;
 * reorganisation starts only once it has stopped moving, fighting and being fired on.
 */
export function mayBeginReorganising(state: { moving: boolean; fighting: boolean; underFire: boolean }): boolean {
  return !state.moving && !state.fighting && !state.underFire;
}

/**
 * Support stands give supporting fire in an attack only when neither they nor the supported unit
 * are disorganised; self-defence is always allowed.
 */
export function supportMayFire(selfDefence: boolean, supportDisorganised: boolean, supportedDisorganised: boolean): boolean {
  return selfDefence || (!supportDisorganised && !supportedDisorganised);
}

/** Tank terror's pass score (a flat 50%, 4-6, whatever the grade). */
export const TANK_TERROR_SCORE = 4;

export interface TankTerrorInput {
  unit: MoraleUnit;
  /** Friendly tanks or effective anti-tank fire support the unit. */
  supported: boolean;
  /** The first time tanks attack this unit. */
  firstTime: boolean;
}

/** Tank terror: unsupported Regular or poorer troops facing tanks for the first time surrender on 1-3. */
export function resolveTankTerror(input: TankTerrorInput, dice: Dice): Resolution<{ applies: boolean; surrendered: boolean }> {
  const { unit } = input;
  const applies = !STEADY.includes(unit.grade) && !input.supported && input.firstTime;
  if (!applies) {
    return {
      breakdown: [
        {
          text: phrase("NOBC.Rules.Nqm.Special.NoTankTerror", { unit: unit.name, grade: gradeLabel(unit.grade) }),
          value: 0,
          source: ASSAULT_RULES,
        },
      ],
      rolls: [],
      outcome: { applies, surrendered: false },
      effects: [],
    };
  }
  const die = dice.d6();
  const surrendered = die < TANK_TERROR_SCORE;
  const effects: NqmEffect[] = surrendered ? [{ type: "surrendered", actor: unit.actor }] : [];
  return {
    breakdown: [
      {
        text: phrase("NOBC.Rules.Nqm.Special.TankTerror", { unit: unit.name, score: TANK_TERROR_SCORE }),
        value: die,
        source: ASSAULT_RULES,
      },
    ],
    rolls: [die],
    outcome: { applies, surrendered },
    effects,
  };
}

/** Score each stand of a surrounded, disorganised Veteran unit needs to break out. */
export const BREAK_OUT_SCORE = 3;

/** Surrounded disorganised Veterans break out stand by stand on 3-6; the rest are lost (decision). */
export function resolveVeteranBreakOut(
  input: { stands: readonly ActorRef[] },
  dice: Dice,
): Resolution<{ escaped: ActorRef[]; caught: ActorRef[] }> {
  const rolls = dice.roll(input.stands.length);
  const escaped = input.stands.filter((_, i) => rolls[i]! >= BREAK_OUT_SCORE);
  const caught = input.stands.filter((_, i) => rolls[i]! < BREAK_OUT_SCORE);
  return {
    breakdown: input.stands.map((s, i) => ({
      text: phrase("NOBC.Rules.Nqm.Special.BreakOut", { stand: s, score: BREAK_OUT_SCORE }),
      value: rolls[i]!,
      source: `${SEEDS.nqm}, Unit Grading (Veteran)`,
    })),
    rolls,
    outcome: { escaped, caught },
    effects: [
      ...escaped.map((actor): NqmEffect => ({ type: "withdrawn", actor })),
      ...caught.map((actor): NqmEffect => ({ type: "surrendered", actor })),
    ],
  };
}
