/**
 * Gallery entries of Control's theatre dashboard (src/apps/control): the generated 100-unit theatre
 * filtered to one NATO HQ and everything under it, sorted by strength, and the whole theatre's
 * squadrons and airbases. Built by the dashboard's own pure functions.
 */
import type { FixtureSheet } from "../sheets/fixtures";
import type { Translator } from "../../src/base/foundry";
import { dashboardContext } from "../../src/apps/control/context";
import { NO_FILTER, theatreRows } from "../../src/world/theatre-table";
import { theatre, theatreField } from "../bench/theatre";

const rows = theatreRows(theatreField(theatre(100)));
const hq = rows.find((r) => r.kind === "hq" && r.side === "nato" && r.parent === null) ?? rows.find((r) => r.kind === "hq")!;
// The black chip on one unit, so the entry shows it.
const shown = rows.map((r, i) => (r.kind === "unit" && i % 7 === 0 ? { ...r, chip: true, states: [...r.states, "noMove" as const] } : r));

/** What the entries are built from: the theatre's names and hexes are data, not words. */
export const controlFixtureData: readonly unknown[] = [rows];

export function controlGallery(i18n: Translator): FixtureSheet[] {
  const classes = "application nobc nobc-theatre";
  return [
    {
      id: "theatre-dashboard-hq",
      title: "Theatre dashboard (one NATO HQ and everything under it, by strength, GM)",
      template: "apps/control/dashboard.hbs",
      classes,
      context: dashboardContext(shown, { filter: { ...NO_FILTER, hq: hq.id }, sort: { key: "strength", descending: true } }, i18n),
    },
    {
      id: "theatre-dashboard-air",
      title: "Theatre dashboard (the squadrons, by box, GM)",
      template: "apps/control/dashboard.hbs",
      classes,
      context: dashboardContext(shown, { filter: { ...NO_FILTER, kind: "airSquadron" }, sort: { key: "box", descending: false } }, i18n),
    },
  ];
}
