/** Makes the nobc sheets the default sheets of their subtypes (called on `init`). */
import { registerSheet } from "./base";
import { AirbaseSheet, AirSquadronSheet, HqSheet, SupportCardSheet, UnitSheet } from "./sheets";

export const SHEETS = [
  { documentName: "Actor", type: "unit", sheet: UnitSheet, label: "NOBC.Sheet.Unit" },
  { documentName: "Actor", type: "hq", sheet: HqSheet, label: "NOBC.Sheet.Hq" },
  { documentName: "Actor", type: "airSquadron", sheet: AirSquadronSheet, label: "NOBC.Sheet.AirSquadron" },
  { documentName: "Actor", type: "airbase", sheet: AirbaseSheet, label: "NOBC.Sheet.Airbase" },
  { documentName: "Item", type: "supportCard", sheet: SupportCardSheet, label: "NOBC.Sheet.SupportCard" },
] as const;

export function registerSheets(): void {
  for (const s of SHEETS) registerSheet(s.documentName, s.sheet, [s.type], s.label);
}
