import type { ActorRef } from "../../ids";
import type { AirZoneRef, WeaponKind } from "./types";

/** Boxes of the Operations Allocation chart and the Airbase chart a squadron can be in (seed 000, Air War QRS). */
export const AIR_BOXES = ["ready", "airSuperiority", "cas", "deepStrike", "recce", "paradrop", "holding", "damaged", "destroyed"] as const;
export type AirBox = (typeof AIR_BOXES)[number];

/** What an Air War resolution changes, as data. Keep this union closed. */
export type AirEffect =
  /** A squadron moves to a box (damaged, holding, destroyed, …). */
  | { type: "squadronBox"; squadron: ActorRef; box: AirBox }
  /** An advanced weapon attached to a squadron is used up. */
  | { type: "weaponDiscarded"; squadron: ActorRef; weapon: string }
  /** Hits on an airbase: repairable (+/−) or permanent (+). */
  | { type: "airbaseHits"; airbase: ActorRef; repairable: number; permanent: number }
  /** Air-defence boxes of a chart lost (−) or repaired (+). */
  | { type: "airDefence"; chart: ActorRef; delta: number }
  /** Hits recorded on a deep-strike target's chart (bridge, depot, HQ, airbase). */
  | { type: "targetHits"; target: ActorRef; hits: number }
  /** An advanced weapon card attached to a squadron for this turn's mission. */
  | { type: "weaponAttached"; squadron: ActorRef; kind: WeaponKind; weapon: string }
  /** A squadron transferred to another air zone (it arrives in that zone's holding box). */
  | { type: "squadronZone"; squadron: ActorRef; airZone: AirZoneRef }
  /** The airbase a squadron is based at (null: none, it waits in holding). */
  | { type: "squadronAirbase"; squadron: ActorRef; airbase: ActorRef | null };
