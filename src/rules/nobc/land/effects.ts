import type { ActorRef, CardRef, HexRef, HexsideRef } from "../../ids";
import type { Mode, Side } from "./types";

/**
 * What a Land War resolution changes, as data. Deltas are signed; the Foundry layer records the
 * prior values when it applies them, so undo restores exactly. Keep this union closed.
 */
export type LandEffect =
  /** Combat Strength lost by a unit (or hits an HQ/artillery counter takes). */
  | { type: "hits"; actor: ActorRef; amount: number }
  /** A unit removed from play (battalion overrun, strength reduced to nothing, total loss). */
  | { type: "eliminated"; actor: ActorRef }
  /** Supply points carried by a unit: + on resupply, − when spent. */
  | { type: "supply"; actor: ActorRef; delta: number }
  /** A unit's Combat / March Mode marker. */
  | { type: "mode"; actor: ActorRef; mode: Mode }
  /** A retreat the owner must carry out on the map: direction is a player's choice, distance is not. */
  | { type: "retreat"; actor: ActorRef; hexes: number }
  /**
   * A unit's token moved on the map along `path` (the hexes entered, in order; it ends in the last):
   * a move, an overrun, or a retreat carried out. `from` is the hex it stood in when the move was
   * decided: a token found elsewhere (moved since) is not moved from there.
   */
  | { type: "moved"; actor: ActorRef; path: HexRef[]; from?: HexRef }
  /** The black chip: the unit may not move this turn. */
  | { type: "noMove"; actor: ActorRef }
  /** The black chip taken off when the turn it was placed in ends. */
  | { type: "noMoveCleared"; actor: ActorRef }
  /** Movement points left this turn set to a value. */
  | { type: "movementPoints"; actor: ActorRef; value: number }
  /** HQ boxes (level): − from attacks, + from recovery. */
  | { type: "hqLevel"; actor: ActorRef; delta: number }
  /** Support cards an HQ must give up; the HQ's owner picks which. */
  | { type: "hqCardsLost"; actor: ActorRef; count: number }
  /** A support card leaves play after use. */
  | { type: "cardDiscarded"; card: CardRef }
  /** A support card assigned to a unit, or freed (`null`) when its assignment ends with the turn. */
  | { type: "cardAssignment"; card: CardRef; assignedTo: ActorRef | null }
  /** A minefield counter placed on or removed from a hex; `side` is who laid it (known when it is laid). */
  | { type: "minefield"; hex: HexRef; present: boolean; side?: Side }
  /**
   * Bridging Engineer cards left at a river hexside for later movers this Movement phase (seed 000, Land
   * War QRS, 5. Movement: "can be left behind for other units"); `count` 0 takes them away.
   */
  | { type: "engineersLeft"; hexside: HexsideRef; count: number }
  /** A bridge over a river hexside destroyed. */
  | { type: "bridgeDestroyed"; hexside: HexsideRef }
  /** An autobahn cut in a hex (ADM). */
  | { type: "autobahnCut"; hex: HexRef }
  /** A hex contaminated by chemical or nuclear weapons (+1 MP to enter). */
  | { type: "contaminated"; hex: HexRef }
  /** Every supply counter in these hexes eliminated (nuclear). */
  | { type: "supplyCountersEliminated"; hexes: HexRef[] };
