import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { PlaysheetEffect } from "./effects";
import { SRC, decision } from "./sources";
import { assertCount, assertDie, checkCount, rollDie, roundHalfUp } from "./validate";

export type AirToAirResult = "win" | "draw" | "lose";

/** seed 003 (Operational Playsheet), Air to Air Combat: rows die 1..6, columns odds 1-1 .. 6-1(+). */
export const AIR_TO_AIR_TABLE: readonly (readonly AirToAirResult[])[] = [
  ["lose", "lose", "draw", "draw", "draw", "win"],
  ["draw", "draw", "draw", "draw", "win", "win"],
  ["draw", "draw", "draw", "win", "win", "win"],
  ["draw", "draw", "win", "win", "win", "win"],
  ["draw", "win", "win", "win", "win", "win"],
  ["win", "win", "win", "win", "win", "win"],
];

/**
 * seed 003, Air to Air Combat: tenths of the opponent's strength each side loses, by result
 * (the result is read from the attacker's side).
 */
export const AIR_TO_AIR_LOSS_TENTHS: Readonly<Record<AirToAirResult, { readonly attacker: number; readonly defender: number }>> = {
  win: { attacker: 1, defender: 2 },
  draw: { attacker: 1, defender: 1 },
  lose: { attacker: 2, defender: 1 },
};

/** The odds column (1 for 1-1 … 6 for 6-1 or more) of a larger:smaller ratio, rounded down. */
export function oddsColumn(odds: number): number {
  if (!Number.isFinite(odds) || odds < 1) throw new RangeError(`air-to-air odds are larger:smaller, so at least 1, got ${odds}`);
  return Math.min(6, Math.floor(odds));
}

/** The attacker's result for odds (larger:smaller) and a die. */
export function airToAir(odds: number, die: number): AirToAirResult {
  const column = oddsColumn(odds);
  assertDie(die);
  return AIR_TO_AIR_TABLE[die - 1]![column - 1]!;
}

/** Squadrons lost: tenths of the opponent's squadrons, to the nearest whole squadron (halves up). */
export function squadronLoss(opponentSquadrons: number, tenths: number): number {
  assertCount(opponentSquadrons, "opponent squadrons");
  return roundHalfUp(opponentSquadrons * tenths, 10);
}

/** seed 003, Fighter Vs Transport: serials out of action per squadron through to the stream. */
export const STREAM_LOSS_PER_SQUADRON = { transport: 1, bomber: 0.25 } as const;

/** Serials lost when fighters reach a stream: one per squadron, a quarter of that against bombers. */
export function streamLosses(squadronsThrough: number, target: "transport" | "bomber"): number {
  assertCount(squadronsThrough, "squadrons through");
  return target === "transport" ? squadronsThrough : roundHalfUp(squadronsThrough, 4);
}

export interface AirSide {
  readonly actor: ActorRef;
  readonly name: string;
  readonly squadrons: number;
}

export interface AirToAirInput {
  readonly a: AirSide;
  readonly b: AirSide;
  /** A transport or bomber stream escorted by one side; if the other side wins, it strikes the stream. */
  readonly stream?: {
    readonly actor: ActorRef;
    readonly name: string;
    readonly escortedBy: "a" | "b";
    readonly target: "transport" | "bomber";
  };
}

export interface AirToAirOutcome {
  /** The larger side, which rolls (a on equal numbers). */
  readonly attacker: "a" | "b";
  readonly column: number;
  readonly result: AirToAirResult;
  readonly winner: "a" | "b" | null;
  readonly losses: { readonly a: number; readonly b: number };
  readonly serialsOutOfAction: number;
}

/** The breakdown line of a stream's losses, by what the stream carries. */
const STREAM_LOSS_KEYS: Readonly<Record<"transport" | "bomber", string>> = {
  transport: "NOBC.Rules.Playsheet.AirToAir.TransportSerialsLost",
  bomber: "NOBC.Rules.Playsheet.AirToAir.BomberSerialsLost",
};

/** A fighter battle: the larger side rolls on the odds table; losses in whole squadrons. */
export function resolveAirToAir(input: AirToAirInput, dice: Dice): Checked<Resolution<AirToAirOutcome>> {
  const refusals = new RefusalList();
  checkCount(refusals, input.a.squadrons, "a.squadrons", phrase("NOBC.Rules.Playsheet.AirToAir.SquadronsOf", { side: input.a.name }), 1);
  checkCount(refusals, input.b.squadrons, "b.squadrons", phrase("NOBC.Rules.Playsheet.AirToAir.SquadronsOf", { side: input.b.name }), 1);
  if (input.a.actor === input.b.actor)
    refusals.add("sameSide", phrase("NOBC.Rules.Playsheet.AirToAir.Refusal.sameSide", { side: input.a.name }), "b.actor");
  return refusals.result(() => {
    const attacker: "a" | "b" = input.b.squadrons > input.a.squadrons ? "b" : "a";
    const defender: "a" | "b" = attacker === "a" ? "b" : "a";
    const att = input[attacker];
    const def = input[defender];
    const column = oddsColumn(att.squadrons / def.squadrons);
    const die = rollDie(dice);
    const result = airToAir(att.squadrons / def.squadrons, die);
    const tenths = AIR_TO_AIR_LOSS_TENTHS[result];
    const attLoss = Math.min(att.squadrons, squadronLoss(def.squadrons, tenths.attacker));
    const defLoss = Math.min(def.squadrons, squadronLoss(att.squadrons, tenths.defender));
    const losses = attacker === "a" ? { a: attLoss, b: defLoss } : { a: defLoss, b: attLoss };
    const winner = result === "win" ? attacker : result === "lose" ? defender : null;

    const breakdown: BreakdownLine[] = [
      {
        text: phrase("NOBC.Rules.Playsheet.AirToAir.LargerSide", { side: att.name }),
        value: att.squadrons,
        source: input.a.squadrons === input.b.squadrons ? decision("air-to-air equal numbers") : SRC.airToAir,
      },
      { text: phrase("NOBC.Rules.Playsheet.AirToAir.Squadrons", { side: def.name }), value: def.squadrons, source: SRC.airToAir },
      {
        text: phrase("NOBC.Rules.Playsheet.AirToAir.OddsColumn", { column }),
        value: column,
        source: `${SRC.airToAir}; ${decision("air-to-air odds")}`,
      },
      { text: phrase("NOBC.Rules.Playsheet.AirToAir.DieRoll"), value: die, source: SRC.airToAir },
      {
        text: phrase("NOBC.Rules.Playsheet.AirToAir.SquadronsLost", { side: att.name }),
        value: -attLoss,
        source: `${SRC.airToAir}; ${decision("nearest squadron")}`,
      },
      {
        text: phrase("NOBC.Rules.Playsheet.AirToAir.SquadronsLost", { side: def.name }),
        value: -defLoss,
        source: `${SRC.airToAir}; ${decision("nearest squadron")}`,
      },
    ];
    const effects: PlaysheetEffect[] = [];
    if (losses.a > 0) effects.push({ type: "squadronsLost", actor: input.a.actor, count: losses.a });
    if (losses.b > 0) effects.push({ type: "squadronsLost", actor: input.b.actor, count: losses.b });

    let serialsOutOfAction = 0;
    const stream = input.stream;
    if (stream && winner !== null && winner !== stream.escortedBy) {
      const through = input[winner].squadrons - losses[winner];
      serialsOutOfAction = streamLosses(through, stream.target);
      breakdown.push({
        text: phrase(STREAM_LOSS_KEYS[stream.target], { stream: stream.name, count: through }),
        value: -serialsOutOfAction,
        source: `${SRC.transports}; ${decision("stream losses")}`,
      });
      if (serialsOutOfAction > 0) effects.push({ type: "serialsOutOfAction", actor: stream.actor, count: serialsOutOfAction });
    }
    return { breakdown, rolls: [die], outcome: { attacker, column, result, winner, losses, serialsOutOfAction }, effects };
  });
}
