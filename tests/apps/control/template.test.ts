/** templates/apps/control/dashboard.hbs rendered with real Handlebars and the context the window gives it. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createHandlebars, lookupKey, type Lang } from "../../harness/handlebars-helpers";
import { dashboardContext } from "../../../src/apps/control/context";
import { NO_FILTER, theatreRows } from "../../../src/world/theatre-table";
import { theatre, theatreField } from "../../bench/theatre";

const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as Lang;
const env = createHandlebars(lang);
const render = env.hbs.compile(readFileSync("templates/apps/control/dashboard.hbs", "utf8"));
const rows = theatreRows(theatreField(theatre(100)));
const word = (key: string) => lookupKey(lang, key)!;

describe("templates/apps/control/dashboard.hbs", () => {
  it("shows every row with its actions, the sorted column marked, and every word from en.json", () => {
    const html = render(dashboardContext(rows, { filter: NO_FILTER, sort: { key: "strength", descending: true } }, env));
    expect(html.match(/<tr data-id=/g)).toHaveLength(rows.length);
    expect(html.match(/data-action="openSheet"/g)).toHaveLength(rows.length);
    // Only rows with a token on the scene pan: units and HQs of the generated theatre, not squadrons or airbases.
    expect(html.match(/data-action="pan"/g)).toHaveLength(rows.filter((r) => r.hex !== "").length);
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"><button type="button" data-action="sort" data-key="strength">Strength <i class="fa-solid fa-sort-down"/,
    );
    expect(html).toContain(`Showing ${rows.length} of ${rows.length}.`);
    expect(html).toContain(word("NOBC.Theatre.ExportHint"));
    expect(html).toContain('data-action="exportCsv"');
    expect(html).toContain('data-action="exportXlsx"');
    expect(env.missing).toEqual(new Set());
  });

  it("keeps the chosen filters selected and shows only what they let through", () => {
    const hq = rows.find((r) => r.kind === "hq" && r.side === "nato")!;
    const filter = { ...NO_FILTER, side: "nato" as const, hq: hq.id, text: "x" };
    const view = dashboardContext(rows, { filter, sort: { key: "name", descending: false } }, env);
    const html = render(view);
    expect(html).toContain('<option value="nato" selected>NATO</option>');
    expect(html).toContain(`<option value="${hq.id}" selected>${hq.name}</option>`);
    expect(html).toContain('<input type="search" name="text" value="x" maxlength="100">');
    expect(html.match(/<tr data-id=/g)?.length ?? 0).toBe(view.shown);
    expect(view.hqs.every((h) => rows.find((r) => r.id === h.value)!.side === "nato")).toBe(true);
  });

  it("marks a unit's black chip with words, not only a dot", () => {
    const chipped = rows.filter((r) => r.kind === "unit").map((r, i) => (i === 0 ? { ...r, chip: true } : r));
    const html = render(
      dashboardContext(chipped, { filter: { ...NO_FILTER, kind: "unit" }, sort: { key: "chip", descending: true } }, env),
    );
    expect(html).toContain(`role="img" aria-label="${word("NOBC.Theatre.State.noMove")}"`);
  });
});
