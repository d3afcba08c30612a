/**
 * `game.nobc.playsheet.open(procedure, fields?)`: opens one Operational Playsheet dialog, its fields
 * laid over the opening state (e.g. `open("airResupply", { points: 8, landing: "airstrip" })`). A bad
 * procedure name or field is refused, naming it, and nothing opens.
 */
import { notify, say } from "../../base/foundry";
import { parsePayload } from "../../queries/payloads";
import type { NobcDialog } from "../base/dialog";
import { openDialog } from "../base/registry";
import { playsheetOpenArgs, PLAYSHEET_PROCEDURES } from "./args";
import { PLAYSHEET_DIALOGS } from "./dialogs";

export async function openPlaysheet(procedure: unknown, fields?: unknown): Promise<NobcDialog | null> {
  const parsed = parsePayload(playsheetOpenArgs, fields === undefined ? { procedure } : { procedure, fields });
  if (!parsed.ok) {
    notify("warn", "NOBC.Playsheet.BadArgs", { problems: parsed.problems.map(say).join(" ") });
    return null;
  }
  const entry = PLAYSHEET_DIALOGS.find((e) => e.id === `playsheet.${parsed.value.procedure}`)!;
  return openDialog(entry, parsed.value.fields ?? {});
}

export const playsheetMacros = { open: openPlaysheet, procedures: PLAYSHEET_PROCEDURES };
