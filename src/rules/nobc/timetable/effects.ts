import type { ActorRef, CardRef, HexRef } from "../../ids";

/**
 * What a scenario's timetable changes when its stage comes (src/combat/timetable-entry.ts posts the
 * card, Control applies it). Keep this union closed; docs/rules-decisions.md, "The scenario's
 * timetable", says why each is what it is.
 */
export type TimetableEffect =
  /**
   * A unit (or HQ) comes onto the map: a token of its actor is created in `hex` with the id `token`
   * (chosen when the card is posted, so Apply after an Undo makes the same token again).
   */
  | { type: "arrived"; actor: ActorRef; hex: HexRef; token: string }
  /** A unit (or HQ) leaves the map: its tokens go, the actor and its strength stay (off map, not eliminated). */
  | { type: "leftMap"; actor: ActorRef }
  /** An HQ mobilised: its level set to `level` (capped at its maximum); a level-0 HQ gives no supply or cards. */
  | { type: "hqMobilised"; actor: ActorRef; level: number }
  /** A copy of the card item `card` dealt to the HQ `actor`, as a new item of id `id` (chosen when posted). */
  | { type: "cardDealt"; card: CardRef; actor: ActorRef; id: string };
