import type { Dice } from "../dice";
import type { ActorRef } from "../ids";
import { phrase, RefusalList, SEEDS, type BreakdownLine, type Checked, type Resolution } from "../resolution";
import type { NqmEffect } from "./effects";
import { checkCount, isCount } from "./validate";

export const LOGISTICS_SOURCE = `${SEEDS.nqm}, Logistics`;
const DECISION = "docs/rules-decisions.md";

/** A stand carries as many ammunition dice as its strength, and fires one die per turn. */
export function ammoCapacity(strength: number): number {
  if (!isCount(strength)) throw new RangeError(`strength must be a whole number of at least 0, got ${strength}`);
  return strength;
}

/** A truck carries one DIV LOG or DIV POL unit. */
export const TRUCK_LOAD = 1;

export interface SupplyState {
  /** Tracked (tank or mechanised) formations need fuel; others do not count it. */
  needsFuel: boolean;
  hasFuel: boolean;
  hasAmmunition: boolean;
}

/** Out of fuel a unit cannot move; out of LOG or ammunition it cannot attack. */
export function supplyLimits(state: SupplyState): { canMove: boolean; canAttack: boolean } {
  return { canMove: !state.needsFuel || state.hasFuel, canAttack: state.hasAmmunition };
}

/** The fuel chain holds when every link (division, corps, army vehicle) is within a road march of its HQ. */
export function fuelChainIntact(links: readonly boolean[]): boolean {
  return links.every(Boolean);
}

export interface ResupplyStand {
  actor: ActorRef;
  /** Its name, for a refusal. */
  name: string;
  strength: number;
  ammo: number;
}

export interface ResupplyInput {
  dump: { actor: ActorRef; name: string; divLog: number };
  stands: readonly ResupplyStand[];
  overnight: boolean;
  /** A battalion vehicle went back to the dump, which allows resupply by day. */
  vehicleSentBack: boolean;
}

/** Spends one DIV LOG and fills every stand back to its carrying capacity. */
export function resolveResupply(input: ResupplyInput): Checked<Resolution<{ diceIssued: number }>> {
  const refusals = new RefusalList();
  const { dump } = input;
  checkCount(refusals, dump.divLog, "dump.divLog", phrase("NOBC.Rules.Nqm.Logistics.DivLogAt", { dump: dump.name }));
  if (isCount(dump.divLog) && dump.divLog < 1) {
    refusals.add("noDivLog", phrase("NOBC.Rules.Nqm.Logistics.Refusal.noDivLog", { dump: dump.name }), "dump.divLog");
  }
  if (!input.overnight && !input.vehicleSentBack) {
    refusals.add("notOvernight", phrase("NOBC.Rules.Nqm.Logistics.Refusal.notOvernight"), "overnight");
  }
  input.stands.forEach((s, i) => {
    // A stand that lost bases may hold more dice than it can now carry: it is given none, not refused.
    if (!isCount(s.strength) || !isCount(s.ammo)) {
      refusals.add("badStand", phrase("NOBC.Rules.Nqm.Logistics.Refusal.badStand", { stand: s.name }), `stands[${i}]`);
    }
  });
  return refusals.result(() => {
    const fills = input.stands.map((s) => ({ actor: s.actor, delta: ammoCapacity(s.strength) - s.ammo })).filter((f) => f.delta > 0);
    const diceIssued = fills.reduce((sum, f) => sum + f.delta, 0);
    const breakdown: BreakdownLine[] = [
      {
        text: phrase("NOBC.Rules.Nqm.Logistics.DivLogSpent", { dump: dump.name }),
        value: -1,
        source: `${LOGISTICS_SOURCE} (Resupply); ${DECISION}: daytime resupply`,
      },
      { text: phrase("NOBC.Rules.Nqm.Logistics.DiceIssued"), value: diceIssued, source: LOGISTICS_SOURCE },
    ];
    const effects: NqmEffect[] = [
      { type: "supplyUnits", actor: dump.actor, kind: "log", delta: -1 },
      ...fills.map((f): NqmEffect => ({ type: "ammo", actor: f.actor, delta: f.delta })),
    ];
    return { breakdown, rolls: [], outcome: { diceIssued }, effects };
  });
}

/**
 * The house rule for light-touch supply (a world setting): each hour a battalion or battery goes out
 * of supply on a 1, and its HQ is marked disorganised until it reorganises.
 */
export function resolveHourlySupplyCheck(unit: { actor: ActorRef; name: string }, dice: Dice): Resolution<{ outOfSupply: boolean }> {
  const die = dice.d6();
  const outOfSupply = die === 1;
  return {
    breakdown: [
      {
        text: phrase("NOBC.Rules.Nqm.Logistics.HourlyCheck", { unit: unit.name }),
        value: die,
        source: `${LOGISTICS_SOURCE} (Resupply, house rule)`,
      },
    ],
    rolls: [die],
    outcome: { outOfSupply },
    effects: outOfSupply
      ? [
          { type: "inSupply", actor: unit.actor, value: false },
          { type: "disorganised", actor: unit.actor, value: true },
        ]
      : [],
  };
}
