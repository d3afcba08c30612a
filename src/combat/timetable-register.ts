/**
 * Registers the scenario timetable's stage entry for every stage on init: entering a stage posts
 * the card of its entries due (./timetable-entry.ts, loaded on first use).
 */
import { turn } from "../rules/index";
import { registerStageEntry } from "./registry";

export function registerTimetable(): void {
  for (const stage of turn.STAGES)
    registerStageEntry(stage.id, async (position) => (await import("./timetable-entry")).postTimetableEntry(position));
}
