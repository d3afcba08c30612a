import type { ActorRef } from "../ids";

/** Which stock a supply change draws on: ammunition, fuel, or general supply points. */
export type PlaysheetSupplyKind = "ammo" | "fuel" | "supply";

/**
 * What an Operational Playsheet resolution changes, as data. Deltas are signed; the Foundry layer
 * records prior values when it applies them, so undo restores exactly. Keep this union closed.
 */
export type PlaysheetEffect =
  /** Supply points spent (−) or received (+) by a formation or unit. */
  | { type: "playsheetSupply"; actor: ActorRef; delta: number; kind: PlaysheetSupplyKind }
  /** Squadrons lost (whole squadrons only). */
  | { type: "squadronsLost"; actor: ActorRef; count: number }
  /** A ground unit's status changed (− for losses). */
  | { type: "playsheetStatus"; actor: ActorRef; delta: number }
  /** A defeated unit must retire this many km (direction is its owner's choice). */
  | { type: "playsheetRetire"; actor: ActorRef; km: number }
  /** A beaten attacker goes back to the line it started its attack from. */
  | { type: "playsheetFallBack"; actor: ActorRef }
  /** A unit hit by interdiction cannot move this turn. */
  | { type: "playsheetImmobilised"; actor: ActorRef }
  /** A flak unit silenced by flak suppression. */
  | { type: "playsheetSuppressed"; actor: ActorRef }
  /** Damage points on an air serial or squadron (two mean it is lost). */
  | { type: "airDamage"; actor: ActorRef; delta: number }
  /** An air serial or squadron lost after its second damage point. */
  | { type: "airUnitLost"; actor: ActorRef }
  /** Transport serials (or bombers) in a stream put out of action by fighters. */
  | { type: "serialsOutOfAction"; actor: ActorRef; count: number };
