import "../harness/install";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";

// The dialog's base classes, as far as this test needs them: a render that is recorded.
const rendered: unknown[] = [];
class ApplicationV2 {
  async render(options?: unknown) {
    rendered.push(options);
    return this;
  }
  async _prepareContext() {
    return {};
  }
}
let openOrbatImport: typeof import("../../src/orbat/import-dialog").openOrbatImport;

beforeAll(async () => {
  const f = (globalThis as unknown as { foundry: Record<string, unknown> }).foundry;
  f["applications"] = { api: { ApplicationV2, HandlebarsApplicationMixin: (base: typeof ApplicationV2) => class extends base {} } };
  ({ openOrbatImport } = await import("../../src/orbat/import-dialog"));
});

beforeEach(() => {
  harness.reset();
  rendered.length = 0;
});

describe("openOrbatImport", () => {
  it("refuses a player clearly and opens nothing", () => {
    harness.game["user"] = { id: "p1", isGM: false };
    expect(openOrbatImport()).toBeNull();
    expect(harness.notices).toMatchObject([{ level: "warn", message: "NOBC.Orbat.GmOnly" }]);
    expect(rendered).toEqual([]);
  });

  it("opens the dialog for a GM", () => {
    expect(openOrbatImport()).not.toBeNull();
    expect(rendered).toEqual([{ force: true }]);
    expect(harness.notices).toEqual([]);
  });
});
