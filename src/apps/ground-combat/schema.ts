/**
 * The planner's state as a request carries it to the active GM (`groundCombat.plan`): the choices
 * only, every list and record bounded. No strength, die, odds or result crosses: the GM reads the
 * units, the map and the cards itself, checks the asker's rights (./access.ts) and rolls.
 */
import { z } from "zod";
import { LAND_TERRAINS } from "../../rules/nobc/land/types";
import { boundedList, boundedRecord, hexOrEmpty, uuid } from "../base/state-bounds";

/** A combat has a few units a side; fire missions and their guns fewer still. */
const MAX_UNITS = 30;
const MAX_MISSIONS = 10;

const hex = z.string().min(1).max(8);

export const groundCombatStateSchema = z
  .object({
    attackerSide: z.enum(["nato", "wp"]),
    attackers: boundedList(uuid, MAX_UNITS),
    target: hexOrEmpty,
    terrain: boundedList(z.enum(LAND_TERRAINS), LAND_TERRAINS.length),
    rivers: boundedRecord(hex, z.object({ kind: z.enum(["none", "minor", "major"]), bridged: z.boolean() }).strict(), MAX_UNITS),
    minefield: z.boolean(),
    missions: boundedList(z.object({ supported: uuid, artillery: boundedList(uuid, MAX_UNITS) }).strict(), MAX_MISSIONS),
    cards: boundedList(uuid),
    cas: boundedRecord(uuid, uuid),
    // A typed distance; the rules refuse one that is not a whole number of hexes.
    distances: boundedRecord(uuid, z.number().min(-999).max(999).nullable()),
    chemicalReleaseConfirmed: z.boolean(),
    options: z
      .object({
        combat: z.object({ oddsBelowOne: z.enum(["zero", "mirror"]) }).strict(),
        overrun: z.object({ lightExtrasCumulative: z.boolean(), minorRoadMeansMinorRiver: z.boolean() }).strict(),
      })
      .strict(),
  })
  .strict();
