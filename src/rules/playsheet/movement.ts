import type { ActorRef } from "../ids";
import { RefusalList, phrase, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { PlaysheetEffect } from "./effects";
import { SRC, decision } from "./sources";
import { checkDistance } from "./validate";

/** The troop types of the movement table. */
export type PlaysheetTroops = "horseDrawnInfantry" | "mechanised" | "tanks" | "motorTowedArtillery" | "recce";
/** Ground a unit moves over. */
export type PlaysheetGround = "close" | "open" | "woodTown" | "marsh";
/** How a unit moves: each has its own maximum. */
export type MoveMode = "tactical" | "nonTactical" | "roadColumn";

/** Labels of the troop types, in the middle of a sentence. */
export const PLAYSHEET_TROOPS_LABELS: Readonly<Record<PlaysheetTroops, string>> = {
  horseDrawnInfantry: "NOBC.Rules.Playsheet.PlaysheetTroops.horseDrawnInfantry",
  mechanised: "NOBC.Rules.Playsheet.PlaysheetTroops.mechanised",
  tanks: "NOBC.Rules.Playsheet.PlaysheetTroops.tanks",
  motorTowedArtillery: "NOBC.Rules.Playsheet.PlaysheetTroops.motorTowedArtillery",
  recce: "NOBC.Rules.Playsheet.PlaysheetTroops.recce",
};

/** Labels of the kinds of ground, in the middle of a sentence ("on {ground} ground"). */
export const PLAYSHEET_GROUND_LABELS: Readonly<Record<PlaysheetGround, string>> = {
  close: "NOBC.Rules.Playsheet.PlaysheetGround.close",
  open: "NOBC.Rules.Playsheet.PlaysheetGround.open",
  woodTown: "NOBC.Rules.Playsheet.PlaysheetGround.woodTown",
  marsh: "NOBC.Rules.Playsheet.PlaysheetGround.marsh",
};

/** Labels of the ways to move, in the middle of a sentence. */
export const MOVE_MODE_LABELS: Readonly<Record<MoveMode, string>> = {
  tactical: "NOBC.Rules.Playsheet.MoveMode.tactical",
  nonTactical: "NOBC.Rules.Playsheet.MoveMode.nonTactical",
  roadColumn: "NOBC.Rules.Playsheet.MoveMode.roadColumn",
};

export interface MovementRow {
  readonly troops: PlaysheetTroops;
  /** "allTerrain" rows apply on any ground. */
  readonly ground: PlaysheetGround | "allTerrain";
  /** Uninterrupted maximum per turn, read as km; null where the table shows "-". */
  readonly tactical: number | null;
  readonly nonTactical: number | null;
  readonly roadColumn: number;
  readonly riverCrossing: boolean;
}

/** seed 003 (Operational Playsheet), Movement table, row by row as printed. */
export const MOVEMENT_TABLE: readonly MovementRow[] = [
  { troops: "horseDrawnInfantry", ground: "allTerrain", tactical: 15, nonTactical: 25, roadColumn: 30, riverCrossing: true },
  { troops: "mechanised", ground: "close", tactical: 18, nonTactical: 28, roadColumn: 64, riverCrossing: false },
  { troops: "mechanised", ground: "open", tactical: 30, nonTactical: 32, roadColumn: 64, riverCrossing: false },
  { troops: "mechanised", ground: "woodTown", tactical: 18, nonTactical: 28, roadColumn: 64, riverCrossing: false },
  { troops: "tanks", ground: "marsh", tactical: 8, nonTactical: 18, roadColumn: 64, riverCrossing: false },
  { troops: "tanks", ground: "open", tactical: 30, nonTactical: 32, roadColumn: 64, riverCrossing: false },
  { troops: "motorTowedArtillery", ground: "allTerrain", tactical: null, nonTactical: null, roadColumn: 75, riverCrossing: false },
  { troops: "recce", ground: "close", tactical: 18, nonTactical: 28, roadColumn: 100, riverCrossing: true },
  { troops: "recce", ground: "open", tactical: 30, nonTactical: 35, roadColumn: 100, riverCrossing: true },
];

/**
 * Mechanised/motorised and tanks/SPGs share one block of ground rows (their printed Open rows are
 * the same), so each borrows the other's row where it has none (docs/rules-decisions.md).
 */
const SHARED_VEHICLE_ROWS: Partial<Record<PlaysheetTroops, PlaysheetTroops>> = {
  mechanised: "tanks",
  tanks: "mechanised",
};

/** Troops that burn fuel when they move: every type but horse-drawn infantry and paras. */
export function usesFuel(troops: PlaysheetTroops): boolean {
  return troops !== "horseDrawnInfantry";
}

/** The movement row for troops on some ground, with whether it was borrowed; undefined if none. */
export function movementRow(troops: PlaysheetTroops, ground: PlaysheetGround): { row: MovementRow; borrowed: boolean } | undefined {
  const own = MOVEMENT_TABLE.find((r) => r.troops === troops && (r.ground === ground || r.ground === "allTerrain"));
  if (own) return { row: own, borrowed: false };
  const partner = SHARED_VEHICLE_ROWS[troops];
  const shared = partner && MOVEMENT_TABLE.find((r) => r.troops === partner && r.ground === ground);
  return shared ? { row: shared, borrowed: true } : undefined;
}

/** The maximum move for a mode (null: the troops cannot move that way); throws if no row fits. */
export function movementAllowance(troops: PlaysheetTroops, ground: PlaysheetGround, mode: MoveMode): number | null {
  const found = movementRow(troops, ground);
  if (!found) throw new RangeError(`the movement table has no row for ${troops} on ${ground} ground`);
  return found.row[mode];
}

/** Units that moved more than half their move cannot fight this turn, unless they are overrunning. */
export function canFightAfterMoving(distanceKm: number, allowanceKm: number, overrun: boolean): boolean {
  return overrun || distanceKm * 2 <= allowanceKm;
}

export interface PlaysheetMoveInput {
  readonly unit: { readonly ref: ActorRef; readonly name: string; readonly troops: PlaysheetTroops };
  readonly ground: PlaysheetGround;
  readonly mode: MoveMode;
  readonly distanceKm: number;
  readonly crossesRiver: boolean;
  /** The move is an overrun (a unit may overrun and still fight). */
  readonly overrun?: boolean;
}

export interface PlaysheetMoveOutcome {
  readonly allowanceKm: number;
  readonly canFightThisTurn: boolean;
  readonly fuelSpent: number;
}

/** Checks a move against the movement table; the move costs fuel for motor vehicles. */
export function resolvePlaysheetMove(input: PlaysheetMoveInput): Checked<Resolution<PlaysheetMoveOutcome>> {
  const refusals = new RefusalList();
  const { unit, ground, mode, distanceKm } = input;
  checkDistance(refusals, distanceKm, "distanceKm", phrase("NOBC.Rules.Playsheet.Movement.DistanceOf", { unit: unit.name }));
  const labels = {
    unit: unit.name,
    troops: phrase(PLAYSHEET_TROOPS_LABELS[unit.troops]),
    ground: phrase(PLAYSHEET_GROUND_LABELS[ground]),
    mode: phrase(MOVE_MODE_LABELS[mode]),
  };
  const found = movementRow(unit.troops, ground);
  const allowance = found?.row[mode] ?? null;
  if (!found) {
    refusals.add(
      "noMovementRow",
      phrase("NOBC.Rules.Playsheet.Movement.Refusal.noMovementRow", { unit: labels.unit, troops: labels.troops, ground: labels.ground }),
      "ground",
    );
  } else if (allowance === null) {
    refusals.add(
      "modeUnavailable",
      phrase("NOBC.Rules.Playsheet.Movement.Refusal.modeUnavailable", { unit: labels.unit, troops: labels.troops, mode: labels.mode }),
      "mode",
    );
  } else if (distanceKm > allowance) {
    refusals.add(
      "tooFar",
      phrase("NOBC.Rules.Playsheet.Movement.Refusal.tooFar", {
        unit: labels.unit,
        mode: labels.mode,
        ground: labels.ground,
        allowance,
        distance: distanceKm,
      }),
      "distanceKm",
    );
  }
  if (input.crossesRiver && found && !found.row.riverCrossing) {
    refusals.add(
      "noRiverCrossing",
      phrase("NOBC.Rules.Playsheet.Movement.Refusal.noRiverCrossing", { unit: labels.unit, troops: labels.troops }),
      "crossesRiver",
    );
  }
  return refusals.result(() => {
    const allowanceKm = allowance!; // a null allowance was refused above
    const breakdown: BreakdownLine[] = [
      {
        text: phrase("NOBC.Rules.Playsheet.Movement.MaxMove", { mode: labels.mode, ground: labels.ground }),
        value: allowanceKm,
        source: (found as { borrowed: boolean }).borrowed ? decision("shared vehicle rows") : SRC.movement,
      },
      { text: phrase("NOBC.Rules.Playsheet.Movement.DistanceMoved"), value: distanceKm, source: SRC.movement },
    ];
    const fuelSpent = usesFuel(unit.troops) && distanceKm > 0 ? 1 : 0;
    const effects: PlaysheetEffect[] = [];
    if (fuelSpent > 0) {
      breakdown.push({ text: phrase("NOBC.Rules.Playsheet.Movement.Fuel"), value: -1, source: SRC.supply });
      effects.push({ type: "playsheetSupply", actor: unit.ref, delta: -1, kind: "fuel" });
    }
    return {
      breakdown,
      rolls: [],
      outcome: {
        allowanceKm,
        canFightThisTurn: canFightAfterMoving(distanceKm, allowanceKm, input.overrun ?? false),
        fuelSpent,
      },
      effects,
    };
  });
}
