/**
 * Step 8: deep strike, with special forces and SSM (seed 000, Air War QRS: 8) Resolve deep strike missions).
 * The seed's mission charts are not given; the air-defence model is ours (docs/rules-decisions.md).
 */
import type { ActorRef, CardRef, HexsideRef } from "../../ids";
import type { Dice } from "../../dice";
import type { Effect } from "../../effects";
import { RefusalList, phrase, refuse } from "../../resolution";
import type { BreakdownLine, Checked, PhraseArg, Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import { boxLabel } from "./labels";
import { checkSquadron, pickSquadrons, squadronName } from "./validate";
import type { Squadron } from "./types";

/** Seed 000, Air War QRS: 8) C): special forces and SSM strikes attack with strength 3. */
export const SF_SSM_ATTACK_STRENGTH = 3;
/** Seed 000, Air War QRS: 8) C) and Land War QRS (CW): a Chemical Weapons card doubles the damage. */
export const CHEMICAL_DAMAGE_FACTOR = 2;

/** What is struck. Its chart's air-defence boxes are given by value (0..6), knocked-out ones left out. */
export type StrikeTarget =
  | { kind: "airbase"; id: ActorRef; name: string; airDefence: readonly number[] }
  | { kind: "installation"; id: ActorRef; name: string; airDefence: readonly number[] }
  | { kind: "bridge"; hexside: HexsideRef; name: string; chart?: ActorRef; airDefence: readonly number[] };

/** The lang keys of the ground strikes' names, for the breakdown. */
const STRIKE_LABELS = {
  sf: "NOBC.Rules.Air.DeepStrike.Striker.sf",
  ssm: "NOBC.Rules.Air.DeepStrike.Striker.ssm",
} as const;

export interface GroundStrike {
  kind: "sf" | "ssm";
  card: CardRef;
}

export interface DeepStrikeInput {
  squadrons: readonly Squadron[];
  /** The flying deep-strike squadrons, in the order they meet the air defence: the first ones soak it. */
  attackers: readonly ActorRef[];
  target: StrikeTarget;
  strikes?: readonly GroundStrike[];
  /** A Chemical Weapons card paired with the strike. */
  chemical?: CardRef;
  /** Hits go on the target (default) or knock out its chart's air-defence boxes. */
  aim?: "target" | "airDefence";
}

export interface DeepStrikeOutcome {
  suppressed: number;
  airDefenceShots: { squadron: ActorRef; box: number; roll: number; damaged: boolean }[];
  /** `by` is the attacking squadron's ActorRef or the support card's CardRef. */
  attacks: { by: string; roll: number; hit: boolean }[];
  hits: number;
}

function chartOf(target: StrikeTarget): ActorRef | undefined {
  return target.kind === "bridge" ? target.chart : target.id;
}

/**
 * A) each unsuppressed box, strongest first, engages the next attacker and damages it at or under its
 * value; each EW squadron suppresses one box unharmed. B) survivors hit at or under their deep-strike
 * value. C) SF and SSM hit at or under 3. Chemical weapons double the hits.
 */
export function resolveDeepStrike(input: DeepStrikeInput, dice: Dice): Checked<Resolution<DeepStrikeOutcome>> {
  const refusals = new RefusalList();
  const attackers = pickSquadrons(input.squadrons, input.attackers, refusals, "attackers");
  attackers.forEach((s, i) => {
    checkSquadron(s, refusals, `attackers.${i}`);
    if (s.box !== "deepStrike") {
      refusals.add(
        "notOnMission",
        phrase("NOBC.Rules.Air.DeepStrike.Refusal.notOnMission", { squadron: squadronName(s), box: boxLabel(s.box) }),
        `attackers.${i}`,
      );
    }
  });
  const strikes = input.strikes ?? [];
  if (input.attackers.length === 0 && strikes.length === 0) {
    refusals.add("noAttackers", phrase("NOBC.Rules.Air.DeepStrike.Refusal.noAttackers", { target: input.target.name }), "attackers");
  }
  input.target.airDefence.forEach((v, i) => {
    if (!Number.isInteger(v) || v < 0 || v > 6) {
      refusals.add(
        "badAirDefence",
        phrase("NOBC.Rules.Air.DeepStrike.Refusal.badAirDefence", { box: i + 1, target: input.target.name, value: String(v) }),
        `target.airDefence.${i}`,
      );
    }
  });
  const aim = input.aim ?? "target";
  const chart = chartOf(input.target);
  if (aim === "airDefence" && chart === undefined) {
    refusals.add("noChart", phrase("NOBC.Rules.Air.DeepStrike.Refusal.noChart", { target: input.target.name }), "aim");
  }
  if (!refusals.empty) return refuse(...refusals.items);

  const breakdown: BreakdownLine[] = [];
  const rolls: number[] = [];
  const effects: Effect[] = [];
  const boxes = [...input.target.airDefence].sort((a, b) => b - a);
  const ew = attackers.filter((s) => s.ew);
  const strikers = attackers.filter((s) => !s.ew);
  const suppressed = Math.min(ew.length, boxes.length);
  breakdown.push({ text: phrase("NOBC.Rules.Air.DeepStrike.Suppressed"), value: suppressed, source: AIR_SOURCES.deepStrike });

  // A) Air defence: the boxes left after EW meet the strikers one to one; extra strikers pass unopposed.
  const airDefenceShots: DeepStrikeOutcome["airDefenceShots"] = [];
  const damaged = new Set<ActorRef>();
  boxes.slice(suppressed).forEach((box, k) => {
    const s = strikers[k];
    if (s === undefined) return;
    const roll = dice.d6();
    rolls.push(roll);
    const hit = roll <= box;
    airDefenceShots.push({ squadron: s.id, box, roll, damaged: hit });
    breakdown.push({
      text: phrase("NOBC.Rules.Air.DeepStrike.Engages", { squadron: squadronName(s) }),
      value: box,
      source: decision("Deep-strike air defence"),
    });
    if (hit) damaged.add(s.id);
  });

  // B) and C) Attacks.
  const attacks: DeepStrikeOutcome["attacks"] = [];
  const attack = (by: string, name: PhraseArg, factor: number, source: string) => {
    const roll = dice.d6();
    rolls.push(roll);
    attacks.push({ by, roll, hit: roll <= factor });
    breakdown.push({ text: phrase("NOBC.Rules.Air.DeepStrike.Attacks", { attacker: name }), value: factor, source });
  };
  for (const s of strikers) if (!damaged.has(s.id)) attack(s.id, squadronName(s), s.deepStrike, AIR_SOURCES.deepStrike);
  for (const st of strikes) {
    attack(st.card, phrase(STRIKE_LABELS[st.kind]), SF_SSM_ATTACK_STRENGTH, AIR_SOURCES.deepStrike);
  }
  let hits = attacks.filter((a) => a.hit).length;
  if (input.chemical !== undefined && hits > 0) {
    breakdown.push({ text: phrase("NOBC.Rules.Air.DeepStrike.Chemical"), value: hits, source: AIR_SOURCES.deepStrike });
    hits *= CHEMICAL_DAMAGE_FACTOR;
  }
  breakdown.push({ text: phrase("NOBC.Rules.Air.DeepStrike.Hits"), value: hits, source: AIR_SOURCES.deepStrike });

  if (hits > 0) effects.push(...targetEffects(input.target, aim, hits));
  for (const s of attackers) {
    for (const w of s.weapons) effects.push({ type: "weaponDiscarded", squadron: s.id, weapon: w.name });
    effects.push({ type: "squadronBox", squadron: s.id, box: damaged.has(s.id) ? "damaged" : "holding" });
  }
  for (const st of strikes) effects.push({ type: "cardDiscarded", card: st.card });
  return refusals.result(() => ({ breakdown, rolls, outcome: { suppressed, airDefenceShots, attacks, hits }, effects }));
}

function targetEffects(target: StrikeTarget, aim: "target" | "airDefence", hits: number): Effect[] {
  if (aim === "airDefence") {
    const lost = Math.min(hits, target.airDefence.length);
    return lost > 0 ? [{ type: "airDefence", chart: chartOf(target)!, delta: -lost }] : [];
  }
  switch (target.kind) {
    case "airbase":
      return [{ type: "airbaseHits", airbase: target.id, repairable: hits, permanent: 0 }];
    case "bridge":
      return [{ type: "bridgeDestroyed", hexside: target.hexside }];
    case "installation":
      return [{ type: "targetHits", target: target.id, hits }];
  }
}
