/**
 * The Playsheet toolkit's effects (src/rules/playsheet/): a unit's supply, status, retirement,
 * fall-back, immobilisation and suppression, squadrons and air units lost, serials out of action.
 * No document holds them yet: the card says each in words, to be made on the table by hand.
 */
import { BY_HAND, type FamilyHandlers } from "../handler";

export const PLAYSHEET_HANDLERS = {
  playsheetSupply: BY_HAND,
  squadronsLost: BY_HAND,
  playsheetStatus: BY_HAND,
  playsheetRetire: BY_HAND,
  playsheetFallBack: BY_HAND,
  playsheetImmobilised: BY_HAND,
  playsheetSuppressed: BY_HAND,
  airDamage: BY_HAND,
  airUnitLost: BY_HAND,
  serialsOutOfAction: BY_HAND,
} as const satisfies FamilyHandlers;
