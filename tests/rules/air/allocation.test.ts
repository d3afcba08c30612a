import { describe, expect, it } from "vitest";
import { phrase } from "../../../src/rules/resolution";
import { WEAPON_MISSIONS, resolveAllocation, zoneDistance } from "../../../src/rules/nobc/air";
import type { AllocationInput } from "../../../src/rules/nobc/air";
import { accepted, codes, squadron, wp } from "./fixtures";

const zoneDistances = { north: { south: 1, east: 2 } };

function allocate(orders: AllocationInput["orders"], squadrons = [squadron("f15"), squadron("a10", { airToAir: 0, cas: 5 })]) {
  return resolveAllocation({ squadrons, orders, zoneDistances });
}

describe("allocation (seed 000, Air War QRS: 1) Allocate units to missions)", () => {
  it("moves squadrons to their boxes and records each range check", () => {
    const r = accepted(
      allocate([
        { squadron: "f15", box: "airSuperiority" },
        { squadron: "a10", box: "cas", targetZone: "south" },
      ]),
    );
    expect(r.outcome.missions).toEqual([
      { squadron: "f15", box: "airSuperiority", targetZone: "north", distance: 0 },
      { squadron: "a10", box: "cas", targetZone: "south", distance: 1 },
    ]);
    expect(r.effects).toEqual([
      { type: "squadronBox", squadron: "f15", box: "airSuperiority" },
      { type: "squadronBox", squadron: "a10", box: "cas" },
    ]);
    expect(r.breakdown.map((l) => l.value)).toEqual([0, 1]);
    expect(r.breakdown[0]!.source).toMatch(/seed 000 \(NOBC\), Air War QRS: 1\)/);
    expect(r.rolls).toEqual([]);
  });

  it("recce and paradrop go in their parts of the CAS box", () => {
    const recce = squadron("rf4", { recce: true, airToAir: 0, cas: 0, deepStrike: 0 });
    const transport = squadron("c130", { airToAir: 0, cas: 0, deepStrike: 0 });
    const r = accepted(
      allocate(
        [
          { squadron: "rf4", box: "recce" },
          { squadron: "c130", box: "paradrop" },
        ],
        [recce, transport],
      ),
    );
    expect(r.effects).toEqual([
      { type: "squadronBox", squadron: "rf4", box: "recce" },
      { type: "squadronBox", squadron: "c130", box: "paradrop" },
    ]);
  });

  it("an EW squadron may join a deep strike or the recce box without attack values", () => {
    const ew = squadron("ef111", { ew: true, airToAir: 0, cas: 0, deepStrike: 0 });
    expect(accepted(allocate([{ squadron: "ef111", box: "deepStrike" }], [ew])).outcome.missions).toHaveLength(1);
    expect(accepted(allocate([{ squadron: "ef111", box: "recce" }], [ew])).outcome.missions).toHaveLength(1);
  });

  it("attaches advanced weapons that suit the mission", () => {
    const r = accepted(allocate([{ squadron: "f15", box: "airSuperiority", weapons: [{ kind: "aam", name: "AIM-120" }] }]));
    expect(r.effects[0]).toEqual({ type: "weaponAttached", squadron: "f15", kind: "aam", weapon: "AIM-120" });
    expect(WEAPON_MISSIONS).toEqual({ aam: "airSuperiority", cas: "cas", deepStrike: "deepStrike" });
  });

  it("a transfer goes to the receiving zone's holding box and leaves its airbase", () => {
    const r = accepted(allocate([{ squadron: "f15", box: "holding", targetZone: "south" }]));
    expect(r.effects).toEqual([
      { type: "squadronZone", squadron: "f15", airZone: "south" },
      { type: "squadronAirbase", squadron: "f15", airbase: null },
      { type: "squadronBox", squadron: "f15", box: "holding" },
    ]);
  });

  it("a transfer of a squadron with no airbase only changes zone and box", () => {
    const r = accepted(allocate([{ squadron: "f15", box: "holding", targetZone: "south" }], [squadron("f15", { airbase: null })]));
    expect(r.effects.map((e) => e.type)).toEqual(["squadronZone", "squadronBox"]);
  });

  it("holding in its own zone just waits there", () => {
    const r = accepted(allocate([{ squadron: "f15", box: "holding" }]));
    expect(r.effects).toEqual([{ type: "squadronBox", squadron: "f15", box: "holding" }]);
  });

  it("range is read either way round, and a zone is 0 from itself", () => {
    expect(zoneDistance(zoneDistances, "south", "north")).toBe(1);
    expect(zoneDistance(zoneDistances, "north", "south")).toBe(1);
    expect(zoneDistance(zoneDistances, "east", "east")).toBe(0);
    expect(zoneDistance(zoneDistances, "south", "east")).toBeUndefined();
  });

  it("WP squadrons are allocated the same way", () => {
    const r = accepted(allocate([{ squadron: "mig", box: "airSuperiority" }], [wp("mig")]));
    expect(r.outcome.missions[0]!.box).toBe("airSuperiority");
  });

  describe("refusals, each with its reason", () => {
    it.each([
      ["out of range", [{ squadron: "f15", box: "cas", targetZone: "east" }], "outOfRange"],
      ["unknown distance", [{ squadron: "f15", box: "cas", targetZone: "west" }], "unknownDistance"],
      ["unknown squadron", [{ squadron: "ghost", box: "cas" }], "unknownSquadron"],
      [
        "twice",
        [
          { squadron: "f15", box: "cas" },
          { squadron: "f15", box: "airSuperiority" },
        ],
        "duplicate",
      ],
      ["no air-to-air value", [{ squadron: "a10", box: "airSuperiority" }], "unfitForMission"],
      ["unknown box", [{ squadron: "f15", box: "damaged" }], "unknownBox"],
      ["weapon for another mission", [{ squadron: "f15", box: "cas", weapons: [{ kind: "aam", name: "AIM-120" }] }], "wrongWeapon"],
      [
        "two weapons",
        [
          {
            squadron: "f15",
            box: "cas",
            weapons: [
              { kind: "cas", name: "Maverick" },
              { kind: "cas", name: "Rockeye" },
            ],
          },
        ],
        "tooManyWeapons",
      ],
    ] as const)("%s", (_what, orders, code) => {
      const result = allocate(orders as unknown as AllocationInput["orders"]);
      expect(codes(result)).toContain(code);
      if (!result.ok) for (const r of result.refusals) expect(r.text.key).toMatch(/^NOBC\.Rules\.Air\.\w+\.Refusal\.\w+$/);
    });

    it("a squadron not in the ready box", () => {
      expect(codes(allocate([{ squadron: "f15", box: "cas" }], [squadron("f15", { box: "damaged" })]))).toEqual(["notReady"]);
    });

    it("a weapon already carried that does not suit the mission", () => {
      const armed = squadron("f15", { weapons: [{ kind: "deepStrike", name: "Durandal" }] });
      expect(codes(allocate([{ squadron: "f15", box: "airSuperiority" }], [armed]))).toEqual(["wrongWeapon"]);
    });

    it.each([
      ["recce", squadron("f15"), "recce"],
      ["deepStrike", squadron("f15", { deepStrike: 0 }), "deepStrike"],
      ["cas", squadron("f15", { cas: 0 }), "cas"],
    ] as const)("a squadron unfit for the %s box", (_b, s, box) => {
      expect(codes(allocate([{ squadron: "f15", box }], [s]))).toEqual(["unfitForMission"]);
    });

    it("bad squadron numbers, a bad range and the wrong nationality", () => {
      const bad = squadron("f15", { airToAir: 7, cas: -1, deepStrike: 1.5, range: -1, nationality: "su" });
      expect(codes(allocate([{ squadron: "f15", box: "holding" }], [bad]))).toEqual([
        "badFactor",
        "badFactor",
        "badFactor",
        "badRange",
        "wrongSide",
        "outOfRange",
      ]);
    });

    it("nothing is half-done: one bad order refuses all", () => {
      const r = allocate([
        { squadron: "f15", box: "airSuperiority" },
        { squadron: "a10", box: "cas", targetZone: "east" },
      ]);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.refusals).toHaveLength(1);
        expect(r.refusals[0]).toMatchObject({ code: "outOfRange", field: "orders.1.targetZone" });
        expect(r.refusals[0]!.text).toEqual(
          phrase("NOBC.Rules.Air.Allocation.Refusal.outOfRange", { squadron: "A10", range: 1, zone: "east", distance: 2 }),
        );
      }
    });
  });
});
