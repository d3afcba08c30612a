import type { ActorRef } from "../ids";
import type { NqmEffect } from "./effects";
import { assertCount } from "./validate";

/** A stand that can take pins: strength is its bases (infantry) or strength points (vehicles). */
export interface PinnedStand {
  actor: ActorRef;
  strength: number;
  red: number;
  black: number;
}

/** What a volley of hits did to one stand. */
export interface StandHits {
  actor: ActorRef;
  /** Hits that landed on this stand, overloads included. */
  hits: number;
  /** Net change of red and black pins on the stand (pins leave with destroyed bases). */
  red: number;
  black: number;
  /** Bases or strength points destroyed by overloading. */
  basesLost: number;
  /** True when nothing of the stand is left. */
  destroyed: boolean;
}

export interface SpreadResult {
  stands: StandHits[];
  /** Hits that found nothing left to strike. */
  wasted: number;
}

function checkStand(s: PinnedStand): void {
  assertCount(s.strength, `strength of ${s.actor}`, 1);
  assertCount(s.red, `red pins of ${s.actor}`);
  assertCount(s.black, `black pins of ${s.actor}`);
  if (s.red + s.black > s.strength) throw new RangeError(`${s.actor} carries more pins than its strength`);
}

/** Index of the largest value, the first one on a tie; -1 when none is above zero. */
function largest(values: readonly number[]): number {
  let best = -1;
  values.forEach((v, i) => {
    if (v > 0 && (best < 0 || v > values[best]!)) best = i;
  });
  return best;
}

/**
 * Spreads hits evenly (Table 12 text): each hit goes where there is most free room, so no base takes
 * a second pin while another has none. Once every base carries a pin, each further hit overloads a
 * base, which is destroyed with the pin it already had (largest stand first). The owner may move pins
 * between stands afterwards; this is the proposal.
 */
export function spreadHits(stands: readonly PinnedStand[], hits: number): SpreadResult {
  assertCount(hits, "hits");
  stands.forEach(checkStand);
  const free = stands.map((s) => s.strength - s.red - s.black);
  const added = stands.map(() => 0);
  let left = hits;
  for (let i = largest(free); left > 0 && i >= 0; i = largest(free)) {
    free[i]!--;
    added[i]!++;
    left--;
  }
  const bases = stands.map((s) => s.strength);
  const redOn = stands.map((s, i) => s.red + added[i]!);
  const blackOn = stands.map((s) => s.black);
  const lost = stands.map(() => 0);
  for (let i = largest(bases); left > 0 && i >= 0; i = largest(bases)) {
    bases[i]!--;
    lost[i]!++;
    left--;
    // The destroyed base's own pin goes with it: a red one if there is one.
    if (redOn[i]! > 0) redOn[i]!--;
    else blackOn[i]!--;
  }
  return {
    wasted: left,
    stands: stands.map((s, i) => ({
      actor: s.actor,
      hits: added[i]! + lost[i]!,
      red: redOn[i]! - s.red,
      black: blackOn[i]! - s.black,
      basesLost: lost[i]!,
      destroyed: bases[i] === 0,
    })),
  };
}

/** The effects of a spread: one pins change and one bases-lost entry per stand touched. */
export function spreadEffects(result: SpreadResult): NqmEffect[] {
  return result.stands.flatMap((s): NqmEffect[] => {
    const out: NqmEffect[] = [];
    if (s.red !== 0 || s.black !== 0) out.push({ type: "pins", actor: s.actor, red: s.red, black: s.black });
    if (s.basesLost > 0) out.push({ type: "standsLost", actor: s.actor, count: s.basesLost });
    return out;
  });
}
