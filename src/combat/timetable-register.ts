/**
 * Registers the scenario timetable's stage entry for every stage on init: entering a stage posts
 * the card of its entries due (./timetable-entry.ts, loaded on first use).
 */
import { turn } from "../rules/index";
import { SYSTEM_ID } from "../base/constants";
import { registerStageEntry } from "./registry";
import { TIMETABLE_PART } from "./tracker";

/** Whether a scene's update changed its timetable flag (set, replaced or removed). */
export function touchesTimetable(changes: { readonly flags?: unknown }): boolean {
  const scope = (changes.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID];
  return typeof scope === "object" && scope !== null && Object.keys(scope).some((k) => k.replace(/^(-=|==)/, "") === "timetable");
}

export function registerTimetable(): void {
  for (const stage of turn.STAGES)
    registerStageEntry(stage.id, async (position) => (await import("./timetable-entry")).postTimetableEntry(position));
  // A timetable attached (or changed) redraws the tracker's part that shows it.
  Hooks.on("updateScene", ((_scene: unknown, changes: { flags?: unknown }) => {
    if (!touchesTimetable(changes)) return;
    const tracker = (globalThis as { ui?: { combat?: { render(options: { parts: string[] }): unknown } | null } }).ui?.combat;
    void tracker?.render({ parts: [TIMETABLE_PART] });
  }) as never);
}

/** Checks `data` and writes it as `scene`'s timetable (GM only; ./timetable-attach.ts, loaded on first use). */
export async function attachTimetable(
  ...args: Parameters<typeof import("./timetable-attach").attachTimetable>
): ReturnType<typeof import("./timetable-attach").attachTimetable> {
  return (await import("./timetable-attach")).attachTimetable(...args);
}
