/**
 * Makes the nobc sheets the default sheets of their subtypes (called on `init`), and keeps open
 * ones current when a link stored on another document changes.
 */
import { registerSheet } from "./base";
import { AirbaseSheet, AirSquadronSheet, HqSheet, NqmUnitSheet, SupportCardSheet, UnitSheet } from "./sheets";

export const SHEETS = [
  { documentName: "Actor", type: "unit", sheet: UnitSheet, label: "NOBC.Sheet.Unit" },
  { documentName: "Actor", type: "hq", sheet: HqSheet, label: "NOBC.Sheet.Hq" },
  { documentName: "Actor", type: "airSquadron", sheet: AirSquadronSheet, label: "NOBC.Sheet.AirSquadron" },
  { documentName: "Actor", type: "airbase", sheet: AirbaseSheet, label: "NOBC.Sheet.Airbase" },
  { documentName: "Actor", type: "nqmUnit", sheet: NqmUnitSheet, label: "NOBC.Nqm.Sheet.Label" },
  { documentName: "Item", type: "supportCard", sheet: SupportCardSheet, label: "NOBC.Sheet.SupportCard" },
] as const;

/** The link fields other sheets list from: units under an HQ, squadrons on a base, cards with a unit. */
const LINK_FIELDS = ["hq", "airbase", "assignedTo"] as const;

/** Whether an update's changes touch a link field. Pure. */
export function touchesLinks(changes: unknown): boolean {
  const system = (changes as { system?: unknown } | null)?.system;
  return typeof system === "object" && system !== null && LINK_FIELDS.some((f) => f in system);
}

interface OpenApp {
  readonly rendered: boolean;
  render(options?: object): unknown;
}

/** Redraws every open nobc sheet (a link on one document shows on the sheet of another). */
export function redrawOpenSheets(): void {
  const instances = (foundry.applications as unknown as { instances?: Map<string, unknown> }).instances;
  const ours = SHEETS.map((s) => s.sheet as unknown as abstract new (...args: never[]) => unknown);
  for (const app of instances?.values() ?? []) {
    if (ours.some((cls) => app instanceof cls) && (app as OpenApp).rendered) (app as OpenApp).render();
  }
}

export function registerSheets(): void {
  for (const s of SHEETS) registerSheet(s.documentName, s.sheet, [s.type], s.label);
  const onUpdate = (_doc: unknown, changes: unknown) => {
    if (touchesLinks(changes)) redrawOpenSheets();
  };
  Hooks.on("updateActor", onUpdate);
  Hooks.on("updateItem", onUpdate);
}
