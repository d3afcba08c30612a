/**
 * Step 2: the air-to-air line-up as data, with a check of each of its rules
 * (seed 000, Air War QRS: 2) Prepare for Air to Air combat).
 */
import type { ActorRef } from "../../ids";
import { RefusalList, phrase } from "../../resolution";
import type { Checked, Resolution } from "../../resolution";
import { AIR_SOURCES, decision } from "./sources";
import { pickSquadrons, squadronName } from "./validate";
import type { Squadron } from "./types";

/** Seed 000, Air War QRS: 2): WP may switch up to 2 units after NATO has placed its own. */
export const WP_SWITCH_LIMIT = 2;

export interface LineUpInput {
  /** Squadrons of the zone; those in the air superiority box take part. */
  squadrons: readonly Squadron[];
  /** Every WP air-to-air squadron, most effective (highest air-to-air value) first. */
  wpLine: readonly ActorRef[];
  /** NATO's choice of opponent for its squadrons, one NATO squadron per WP squadron at most. */
  natoOpposite: readonly { nato: ActorRef; wp: ActorRef }[];
  /** WP's switches once NATO has placed: each swaps the places of two WP squadrons in the line. */
  wpSwitches?: readonly (readonly [ActorRef, ActorRef])[];
}

/** One place in the line; a null side means the other squadron is unchallenged. */
export interface Bout {
  wp: ActorRef | null;
  nato: ActorRef | null;
}

export interface LineUpOutcome {
  /** The line after WP's switches, then NATO's spare squadrons. */
  bouts: Bout[];
}

/** Validates the line-up and returns the bouts it makes. Nothing moves, nothing is rolled. */
export function resolveLineUp(input: LineUpInput): Checked<Resolution<LineUpOutcome>> {
  const refusals = new RefusalList();
  const fighters = input.squadrons.filter((s) => s.box === "airSuperiority");
  const wpFighters = fighters.filter((s) => s.side === "wp");
  const natoFighters = fighters.filter((s) => s.side === "nato");

  // WP lines up all its air-to-air squadrons, best first.
  const line = pickSquadrons(wpFighters, input.wpLine, refusals, "wpLine");
  const lined = new Set(line.map((s) => s.id));
  for (const s of wpFighters) {
    if (!lined.has(s.id)) {
      refusals.add("missingFromLine", phrase("NOBC.Rules.Air.Lineup.Refusal.missingFromLine", { squadron: squadronName(s) }), "wpLine");
    }
  }
  line.forEach((s, i) => {
    const before = line[i - 1];
    if (before !== undefined && before.airToAir < s.airToAir) {
      refusals.add(
        "lineOrder",
        phrase("NOBC.Rules.Air.Lineup.Refusal.lineOrder", {
          squadron: squadronName(s),
          value: s.airToAir,
          before: squadronName(before),
          beforeValue: before.airToAir,
        }),
        `wpLine.${i}`,
      );
    }
  });

  // NATO faces WP squadrons of its choice, no doubling up, and leaves no one spare while an opponent is free.
  const natoPlaced = pickSquadrons(
    natoFighters,
    input.natoOpposite.map((p) => p.nato),
    refusals,
    "natoOpposite",
  );
  const faced = new Set<ActorRef>();
  const natoAt = new Map<number, ActorRef>();
  input.natoOpposite.forEach((p, i) => {
    const position = line.findIndex((s) => s.id === p.wp);
    if (position < 0) {
      refusals.add("unknownOpponent", phrase("NOBC.Rules.Air.Lineup.Refusal.unknownOpponent", { squadron: p.wp }), `natoOpposite.${i}.wp`);
    } else if (faced.has(p.wp)) {
      refusals.add(
        "doubledUp",
        phrase("NOBC.Rules.Air.Lineup.Refusal.doubledUp", { squadron: squadronName(line[position]!) }),
        `natoOpposite.${i}.wp`,
      );
    } else {
      natoAt.set(position, p.nato);
    }
    faced.add(p.wp);
  });
  const pairs = Math.min(natoFighters.length, wpFighters.length);
  if (input.natoOpposite.length < pairs) {
    refusals.add("unplaced", phrase("NOBC.Rules.Air.Lineup.Refusal.unplaced", { count: input.natoOpposite.length, pairs }), "natoOpposite");
  }

  // WP switches, each swapping two of its squadrons' places.
  const switches = input.wpSwitches ?? [];
  if (switches.length > WP_SWITCH_LIMIT) {
    refusals.add(
      "tooManySwitches",
      phrase("NOBC.Rules.Air.Lineup.Refusal.tooManySwitches", { limit: WP_SWITCH_LIMIT, count: switches.length }),
      "wpSwitches",
    );
  }
  const order = line.map((s) => s.id);
  switches.forEach(([a, b], i) => {
    const pa = order.indexOf(a);
    const pb = order.indexOf(b);
    if (pa < 0 || pb < 0 || a === b) {
      refusals.add("badSwitch", phrase("NOBC.Rules.Air.Lineup.Refusal.badSwitch", { a, b }), `wpSwitches.${i}`);
      return;
    }
    order[pa] = b;
    order[pb] = a;
  });

  const placed = new Set(natoPlaced.map((s) => s.id));
  const bouts: Bout[] = [
    ...order.map((wp, position) => ({ wp, nato: natoAt.get(position) ?? null })),
    ...natoFighters.filter((s) => !placed.has(s.id)).map((s) => ({ wp: null, nato: s.id })),
  ];
  return refusals.result(() => ({
    breakdown: [
      { text: phrase("NOBC.Rules.Air.Lineup.Pairs"), value: natoAt.size, source: AIR_SOURCES.lineUp },
      { text: phrase("NOBC.Rules.Air.Lineup.Unchallenged"), value: bouts.length - natoAt.size, source: AIR_SOURCES.lineUp },
      { text: phrase("NOBC.Rules.Air.Lineup.Switches"), value: switches.length, source: decision("WP switches") },
    ],
    rolls: [],
    outcome: { bouts },
    effects: [],
  }));
}
