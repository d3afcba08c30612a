export type CombatResult = "totalSuccess" | "success" | "limitedSuccess" | "confused" | "beaten";

/** A retreat distance: fixed km, or km rolled on dice ("1d3" is half a d6, rounded up). */
export type RetireDistance =
  { readonly kind: "fixed"; readonly km: number } | { readonly kind: "dice"; readonly dice: "2d6" | "1d6" | "1d3" };

export interface CombatResultRow {
  readonly result: CombatResult;
  /** Lowest and highest score of the row; null for an open end. */
  readonly minScore: number | null;
  readonly maxScore: number | null;
  /** Status lost by each attacking and each defending unit. */
  readonly attackerLossPerUnit: number;
  readonly defenderLossPerUnit: number;
  /** How far the defender retires in the open and in woods/close country; null: it stays. */
  readonly defenderRetire: { readonly open: RetireDistance; readonly close: RetireDistance } | null;
  /** Supply points lost by each defending unit. */
  readonly defenderSupplyLossPerUnit: number;
  readonly defenderMayCounterAttack: boolean;
  /** The attackers are thrown back to their start line. */
  readonly attackersThrownBack: boolean;
  /** The overrun special result, or null where the table says no breakthrough. */
  readonly overrun: { readonly extraAttackerLossPerUnit: number; readonly mayFightAgain: boolean } | null;
}

/** seed 003 (Operational Playsheet), Results Table: standard and special results, best score first. */
export const COMBAT_RESULTS: readonly CombatResultRow[] = [
  {
    result: "totalSuccess",
    minScore: 12,
    maxScore: null,
    attackerLossPerUnit: 1,
    defenderLossPerUnit: 2,
    defenderRetire: { open: { kind: "dice", dice: "2d6" }, close: { kind: "dice", dice: "1d6" } },
    defenderSupplyLossPerUnit: 2,
    defenderMayCounterAttack: false,
    attackersThrownBack: false,
    overrun: { extraAttackerLossPerUnit: 0, mayFightAgain: true },
  },
  {
    result: "success",
    minScore: 8,
    maxScore: 11,
    attackerLossPerUnit: 1,
    defenderLossPerUnit: 1,
    defenderRetire: { open: { kind: "dice", dice: "1d6" }, close: { kind: "dice", dice: "1d3" } },
    defenderSupplyLossPerUnit: 1,
    defenderMayCounterAttack: false,
    attackersThrownBack: false,
    overrun: { extraAttackerLossPerUnit: 1, mayFightAgain: true },
  },
  {
    result: "limitedSuccess",
    minScore: 5,
    maxScore: 7,
    attackerLossPerUnit: 1,
    defenderLossPerUnit: 1,
    defenderRetire: { open: { kind: "fixed", km: 2 }, close: { kind: "fixed", km: 1 } },
    defenderSupplyLossPerUnit: 1,
    defenderMayCounterAttack: true,
    attackersThrownBack: false,
    overrun: { extraAttackerLossPerUnit: 1, mayFightAgain: false },
  },
  {
    result: "confused",
    minScore: -1,
    maxScore: 4,
    attackerLossPerUnit: 1,
    defenderLossPerUnit: 1,
    defenderRetire: null,
    defenderSupplyLossPerUnit: 0,
    defenderMayCounterAttack: false,
    attackersThrownBack: false,
    overrun: null,
  },
  {
    result: "beaten",
    minScore: null,
    maxScore: -2,
    attackerLossPerUnit: 1,
    defenderLossPerUnit: 0,
    defenderRetire: null,
    defenderSupplyLossPerUnit: 0,
    defenderMayCounterAttack: true,
    attackersThrownBack: true,
    overrun: null,
  },
];

/** The results-table row for a final score (a whole number). */
export function combatResultRow(score: number): CombatResultRow {
  if (!Number.isInteger(score)) throw new RangeError(`combat score must be a whole number, got ${score}`);
  // The rows cover every whole number: the first and last are open-ended.
  return COMBAT_RESULTS.find(
    (row) => (row.minScore === null || score >= row.minScore) && (row.maxScore === null || score <= row.maxScore),
  )!;
}

/** The result a final score gives. */
export function combatResult(score: number): CombatResult {
  return combatResultRow(score).result;
}
