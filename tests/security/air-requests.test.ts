/**
 * Attacks on the Air War through a player's client (issue #16, "Requests, not results"): the
 * player's dice, a line-up part claimed as already posted, the enemy's air defence typed away, and
 * zone distances of the player's own. Each request goes to the active GM, which decides from the
 * world it reads for the asker and its own dice; what the player's client sent is only a choice.
 */
import "../harness/install";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { squadronSystem } from "../apps/air/missions/fixture";
import type { SquadronSystemOver } from "../apps/air/battle/fixtures";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry, registerDialog } from "../../src/apps/base/registry";
import { clearStageRegistry, stageActionById } from "../../src/combat/registry";
import { registerSettings } from "../../src/base/settings";
import { ALLOCATION, LINE_UP, SORTIES } from "../../src/apps/air/battle/dialogs";
import { AIRBASE_REPAIR, DEEP_STRIKE, REPAIR } from "../../src/apps/air/missions/dialogs";
import { openAirAllocation, openAirLineUp } from "../../src/apps/air/battle/macros";
import { repairSide } from "../../src/apps/air/missions/macros";
import { targetValue } from "../../src/apps/air/missions/deep-strike/state";

type Raw = Record<string, unknown>;

Object.defineProperty(harness.game["messages"] as object, "contents", { get: () => [...chatFake.messages.values()], configurable: true });

const byName = new Map<string, FakeActorT>();

function squadron(name: string, over: SquadronSystemOver, owner: string): FakeActorT {
  const actor = new harness.Actor({ name, type: "airSquadron", system: squadronSystem({ airZone: "North", ...over }) });
  sheetsFake.actors.push(actor);
  byName.set(name, actor);
  chatFake.own(actor, owner);
  return actor;
}

const cards = () => [...chatFake.messages.values()];
const cardSystem = (i: number) => cards()[i]!.system;
const airBattle = (i: number) => (cardSystem(i)["records"] as Raw)["airBattle"] as Raw;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerSettings();
  registerRequests([ALLOCATION, LINE_UP, SORTIES, DEEP_STRIKE, REPAIR, AIRBASE_REPAIR]);
  // The GM's dice land on 6; a player's client would roll 1s, and must never be read.
  (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = {
    randomUniform: () => ((harness.game["user"] as { isGM: boolean }).isGM ? 0.99 : 0),
  };
});
afterEach(() => {
  clearDialogRegistry();
  delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
});

describe("chosen dice", () => {
  it("a player's repair macro is rolled by the GM's dice, and the card is the GM's, naming the player", async () => {
    const f15 = squadron("36 TFW", { box: "damaged" }, "p1");
    chatFake.setUsers("p1");
    expect(await repairSide({ side: "nato" })).toBe(true);
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.author?.id).toBe("gm");
    expect(cardSystem(0)["requestedBy"]).toBe("p1");
    expect(cards()[0]!.rolls[0]!.total).toBe(6);
    // A 6 is over the US repair score: destroyed, whatever the player's client would have rolled.
    expect(cardSystem(0)["effects"]).toEqual([{ type: "squadronBox", squadron: f15.uuid, box: "destroyed" }]);
  });
});

describe("a line-up part claimed as posted", () => {
  beforeEach(() => {
    squadron("F-15", { airToAir: 5, box: "airSuperiority" }, "p1");
    squadron("F-16", { airToAir: 4, box: "airSuperiority" }, "p1");
    squadron("MiG-29", { side: "wp", nationality: "su", airToAir: 5, box: "airSuperiority" }, "p2");
    // Equal values: WP may put either first, and either order passes the rules.
    squadron("MiG-23", { side: "wp", nationality: "su", airToAir: 5, box: "airSuperiority" }, "p2");
  });
  const uuid = (name: string) => byName.get(name)!.uuid;

  it("NATO cannot post WP's line by saying it was already posted", async () => {
    chatFake.setUsers("p1");
    const forged = {
      zone: "North",
      wpLine: [uuid("MiG-23"), uuid("MiG-29")],
      opposite: [
        { nato: uuid("F-15"), wp: uuid("MiG-23") },
        { nato: uuid("F-16"), wp: uuid("MiG-29") },
      ],
      switches: [
        ["", ""],
        ["", ""],
      ],
      recorded: ["wpLine"],
      bouts: null,
    };
    expect((await requestResolution(LINE_UP.id, forged)).ok).toBe(false);
    expect(cards()).toHaveLength(0);
    expect(warnings()[0]).toContain("notYourPart");
  });

  it("NATO's part keeps the WP line WP posted, whatever line NATO's state carries", async () => {
    chatFake.setUsers("p2");
    expect(await (await openAirLineUp({ zone: "North" }))!.resolve()).not.toBeNull();
    const posted = [uuid("MiG-23"), uuid("MiG-29")];
    expect(airBattle(0)["wpLine"]).toEqual(posted);

    chatFake.setUsers("p1");
    const nato = (await openAirLineUp({ zone: "North" }))!;
    const state = nato.dialogState as Raw;
    const forged = { ...state, wpLine: [uuid("MiG-29"), uuid("MiG-23")] };
    expect((await requestResolution(LINE_UP.id, forged)).ok).toBe(true);
    expect(airBattle(1)["wpLine"]).toEqual(posted);
    expect(cards()[1]!.author?.id).toBe("gm");
  });
});

describe("the enemy's air defence", () => {
  it("a player's deep strike meets the world's working boxes at the umpire's value, not the values the player typed", async () => {
    const tornado = squadron("Tornado", { box: "deepStrike", deepStrike: 6 }, "p1");
    const templin = new harness.Actor({
      name: "Templin",
      type: "airbase",
      system: { side: "wp", airZone: "North", baseCapacity: 2, hits: { repairable: 0, permanent: 0 }, airDefence: { value: 2, max: 2 } },
    });
    sheetsFake.actors.push(templin);
    chatFake.setUsers("p1");
    const state = {
      side: "nato",
      attackers: [tornado.uuid],
      order: { [tornado.uuid]: 1 },
      strikes: [],
      chemical: null,
      target: targetValue("airbase", templin.uuid),
      aim: "target",
      airDefence: "",
    };
    expect((await requestResolution(DEEP_STRIKE.id, state)).ok).toBe(true);
    // The first working box (value 3) engages the Tornado; the GM's 6 does not damage it, and its 6 hits.
    const view = sheetsFake.rendered.at(-1)!.data as { inputs: { label: string; value: string }[] };
    expect(view.inputs.find((i) => i.label === "NOBC.AirMissions.DeepStrike.AirDefence")!.value).toBe("3, 3");
    expect(cards()[0]!.rolls[0]!.total).toBe(12);
  });
});

describe("zone distances", () => {
  it("a player may not set them, and a request that carries its own is refused by its shape", async () => {
    const f15 = squadron("F-15", { range: 1 }, "p1");
    chatFake.setUsers("p1");
    expect(await openAirAllocation({ zoneDistances: { North: { Far: 0 } } })).toBeNull();
    expect(warnings()[0]).toContain("NOBC.AirRequest.distancesGmOnly");
    const row = { squadron: f15.uuid, box: "deepStrike", targetZone: "Far", weaponKind: "", weaponName: "" };
    const carried = { side: "nato", zone: "North", rows: [row], zoneDistances: { North: { Far: 0 } } };
    expect((await requestResolution(ALLOCATION.id, carried)).ok).toBe(false);
    expect(warnings()[1]).toContain("zoneDistances");
    // Without the world's distance, the mission is out of reach.
    expect((await requestResolution(ALLOCATION.id, { side: "nato", zone: "North", rows: [row] })).ok).toBe(false);
    expect(warnings()[2]).toContain("unknownDistance");
    expect(cards()).toHaveLength(0);
  });

  it("a GM's table is the world's, and the player's allocation is checked against it", async () => {
    const f15 = squadron("F-15", { range: 1 }, "p1");
    expect(await openAirAllocation({ zoneDistances: { North: { Far: 1 } } })).not.toBeNull();
    chatFake.setUsers("p1");
    const row = { squadron: f15.uuid, box: "deepStrike", targetZone: "Far", weaponKind: "", weaponName: "" };
    expect((await requestResolution(ALLOCATION.id, { side: "nato", zone: "North", rows: [row] })).ok).toBe(true);
    expect(airBattle(0)).toMatchObject({ missions: [{ squadron: f15.uuid, targetZone: "Far" }] });
  });

  it("stored once in the world, they serve the allocation opened from the tracker, with no macro argument (issue #17, item 7)", async () => {
    const f15 = squadron("F-15", { range: 1 }, "p1");
    await game.settings!.set("nobc", "airZoneDistances", { North: { Far: 1 } });
    registerDialog(ALLOCATION);
    chatFake.setUsers("p1");
    // The tracker's button runs the stage action, which opens the dialog without arguments.
    const opened = await stageActionById(ALLOCATION.id)!.run();
    expect(opened).not.toBeNull();
    const row = { squadron: f15.uuid, box: "deepStrike", targetZone: "Far", weaponKind: "", weaponName: "" };
    expect((await requestResolution(ALLOCATION.id, { side: "nato", zone: "North", rows: [row] })).ok).toBe(true);
    expect(airBattle(0)).toMatchObject({ missions: [{ squadron: f15.uuid, targetZone: "Far" }] });
    clearStageRegistry();
  });
});
