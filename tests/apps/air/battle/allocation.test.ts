import { describe, expect, it } from "vitest";
import {
  allocatable,
  allocationCard,
  allocationFromForm,
  allocationInput,
  allocationProblems,
  allocationState,
  checkAllocation,
} from "../../../../src/apps/air/battle/allocation/state";
import { allocationContext } from "../../../../src/apps/air/battle/allocation/context";
import { i18n, squadron, world } from "./fixtures";
import { phrase } from "../../../../src/rules/resolution";
import { speak } from "../../../../src/words/phrase";

const f15 = squadron("f15", { airToAir: 5, cas: 0, range: 1 });
const a10 = squadron("a10", { airToAir: 1, cas: 5, range: 0 });
const tornado = squadron("tornado", { airZone: "South" });
const mig = squadron("mig", { side: "wp" });
const damaged = squadron("damaged", { box: "damaged" });
const all = [f15, a10, tornado, mig, damaged];

describe("who can be allocated", () => {
  it("ready squadrons of the side based in the zone; a player only those they own", () => {
    expect(allocatable(world(all), "nato", "North")).toEqual([f15, a10]);
    expect(allocatable(world(all, { isGM: false, owned: new Set([a10.id]) }), "nato", "North")).toEqual([a10]);
  });
});

describe("the allocation dialog's state", () => {
  const w = world(all, { zoneDistances: { North: { South: 1 } } });
  const start = allocationState(w, { side: "nato", zone: "North" });

  it("starts with every squadron staying ready in its own zone", () => {
    expect(start.rows).toEqual([
      { squadron: f15.id, box: "", targetZone: "North", weaponKind: "", weaponName: "" },
      { squadron: a10.id, box: "", targetZone: "North", weaponKind: "", weaponName: "" },
    ]);
    expect(allocationInput(w, start, i18n).orders).toEqual([]);
    expect(allocationProblems(w, start, i18n)).toEqual(["NOBC.AirBattle.Refused.noOrders"]);
  });

  it("reads the form row by row and builds the rules' orders, naming an unnamed weapon after its kind", () => {
    const next = allocationFromForm(w, start, {
      side: "nato",
      zone: "North",
      "box-0": "airSuperiority",
      "target-0": "South",
      "weaponKind-0": "aam",
      "weaponName-0": "  ",
      "box-1": "cas",
      "weaponKind-1": "cas",
      "weaponName-1": "Maverick",
    });
    expect(allocationInput(w, next, i18n).orders).toEqual([
      { squadron: f15.id, box: "airSuperiority", targetZone: "South", weapons: [{ kind: "aam", name: "NOBC.WeaponKind.aam" }] },
      { squadron: a10.id, box: "cas", targetZone: "North", weapons: [{ kind: "cas", name: "Maverick" }] },
    ]);
    const checked = checkAllocation(w, next, i18n);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.effects).toContainEqual({ type: "squadronBox", squadron: f15.id, box: "airSuperiority" });
    expect(checked.value.effects).toContainEqual({ type: "weaponAttached", squadron: a10.id, kind: "cas", weapon: "Maverick" });
  });

  it("ignores values that are not boxes or weapon kinds", () => {
    const next = allocationFromForm(w, start, { "box-0": "moon", "weaponKind-0": "laser" });
    expect(next.rows[0]).toMatchObject({ box: "", weaponKind: "" });
  });

  it("a new side or zone starts new rows, keeping the choices of squadrons still listed", () => {
    const chosen = allocationFromForm(w, start, { "box-0": "cas" });
    expect(allocationFromForm(w, chosen, { zone: "South" }).rows.map((r) => r.squadron)).toEqual([tornado.id]);
    expect(allocationFromForm(w, chosen, { side: "wp" }).rows.map((r) => r.squadron)).toEqual([mig.id]);
    const back = allocationFromForm(w, allocationFromForm(w, chosen, { side: "wp" }), { side: "nato" });
    expect(back.rows[0]!.box).toBe("");
  });

  it("the rules' refusals show with every reason and nothing can be posted", () => {
    const bad = allocationFromForm(w, start, { "box-0": "cas", "box-1": "cas", "target-1": "South", "weaponKind-1": "aam" });
    const view = allocationContext(w, bad, i18n);
    expect(view.canPost).toBe(false);
    expect(view.breakdown).toBeNull();
    expect(view.refusals).toEqual(
      [
        phrase("NOBC.Rules.Air.Allocation.Refusal.unfitCas", { squadron: "f15" }),
        phrase("NOBC.Rules.Air.Allocation.Refusal.wrongWeapon", {
          squadron: "a10",
          weapon: i18n.localize("NOBC.WeaponKind.aam"),
          kind: phrase("NOBC.Rules.Air.WeaponKind.aam"),
          box: phrase("NOBC.Rules.Air.Box.cas"),
        }),
        phrase("NOBC.Rules.Air.Allocation.Refusal.outOfRange", { squadron: "a10", range: 0, zone: "South", distance: 1 }),
      ].map((p) => speak(p, i18n)),
    );
  });

  it("a player cannot post orders for a squadron they do not own", () => {
    const p = world(all, { isGM: false, owned: new Set([a10.id]) });
    const mine = allocationState(p, { side: "nato", zone: "North" });
    expect(mine.rows).toHaveLength(1);
    const stolen = {
      ...mine,
      rows: [{ squadron: f15.id, box: "airSuperiority" as const, targetZone: "North", weaponKind: "" as const, weaponName: "" }],
    };
    expect(allocationProblems(p, stolen, i18n)).toEqual(['NOBC.AirBattle.Refused.notOwned {"name":"f15"}']);
  });
});

describe("the allocation dialog's context and card", () => {
  const w = world(all, { skipped: ["Mystery"] });
  const state = allocationFromForm(w, allocationState(w, { side: "nato", zone: "North" }), { "box-0": "airSuperiority" });

  it("shows each squadron's values, the choices selected, and the rules' breakdown before posting", () => {
    const view = allocationContext(w, state, i18n);
    expect(view.canPost).toBe(true);
    expect(view.sides.map((s) => [s.value, s.selected])).toEqual([
      ["nato", true],
      ["wp", false],
    ]);
    expect(view.zones.find((z) => z.selected)?.value).toBe("North");
    expect(view.rows[0]!.boxes.find((b) => b.selected)?.value).toBe("airSuperiority");
    expect(view.rows[0]!.values).toContain("NOBC.AirBattle.Values");
    expect(view.breakdown?.rows).toHaveLength(1);
    expect(view.breakdown?.effects).toHaveLength(1);
    expect(view.problems).toEqual([]);
    expect(view.skipped).toBe("Mystery");
  });

  it("the card lists each order and records the missions with their target zone", () => {
    const checked = checkAllocation(w, state, i18n);
    if (!checked.ok) throw new Error("refused");
    const c = allocationCard(w, state, checked.value.outcome.missions, i18n);
    expect(c.title).toContain("NOBC.AirBattle.Allocation.CardTitle");
    expect(c.inputs).toEqual([{ label: "f15", value: expect.stringContaining("NOBC.AirBattle.Allocation.Order") }]);
    expect(c.record).toEqual({
      kind: "allocation",
      side: "nato",
      zone: "North",
      missions: [{ squadron: f15.id, box: "airSuperiority", targetZone: "North" }],
    });
  });

  it("with no ready squadron, no problem is listed and nothing can be posted", () => {
    const empty = allocationContext(w, allocationState(w, { side: "wp", zone: "South" }), i18n);
    expect(empty.rows).toEqual([]);
    expect(empty.problems).toEqual([]);
    expect(empty.canPost).toBe(false);
  });
});

describe("target zones", () => {
  it("offers every zone the distance table knows, and accepts a mission there within range", () => {
    const w = world([squadron("tornado", { range: 2 })], { zoneDistances: { North: { Hof: 2 } } });
    const s = allocationFromForm(w, allocationState(w, { side: "nato", zone: "North" }), {
      "box-0": "deepStrike",
      "target-0": "Hof",
    });
    const view = allocationContext(w, s, i18n);
    expect(view.rows[0]!.targets.map((t) => [t.value, t.selected])).toEqual([
      ["Hof", true],
      ["North", false],
    ]);
    expect(view.canPost).toBe(true);
    expect(view.breakdown?.rows[0]!.valueText).toContain("2");
  });
});
