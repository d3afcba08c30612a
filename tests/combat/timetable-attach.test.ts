/**
 * Attaching a timetable to a scene (src/combat/timetable-attach.ts, `game.nobc.attachTimetable`):
 * checked with the schema and against the world, nothing written on any problem (each naming its
 * entry and field), else one Scene update replacing the flag whole; a player is refused. The
 * tracker's part is redrawn when the flag changes (`touchesTimetable`, read by its `updateScene` hook).
 */
import "../harness/install";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import { attachTimetable, touchesTimetable } from "../../src/combat/timetable-register";
import { TIMETABLE_PART } from "../../src/combat/tracker";
import type { TimetableInput } from "../../src/schemas/timetable";
import { unitSystem } from "../apps/ground-combat/fixture";
import { langFileWording, speak } from "../../src/words/phrase";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const words = langFileWording(JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as never);

const GOOD: TimetableInput = {
  format: "nobc-timetable/1",
  entries: [
    { turn: 1, stage: "movement", kind: "arrive", actor: "Actor.u1", hex: "0304" },
    { turn: 2, kind: "withdraw", actor: "Actor.u1" },
  ],
};

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  harness.viewScene();
  new harness.Actor({ id: "u1", name: "7 PzBrig", type: "unit", system: unitSystem("nato", {}) });
});

const sceneWrites = () => harness.Scene.calls.filter((c) => c.method === "update" || c.method === "updateDocuments").length;

describe("attaching a timetable", () => {
  it("writes a good one in one Scene update, its stages filled in", async () => {
    const result = await attachTimetable(harness.scene!, GOOD);
    expect(result).toMatchObject({ ok: true });
    expect(sceneWrites()).toBe(1);
    const flag = (harness.scene!.flags["nobc"] as Record<string, unknown>)["timetable"];
    expect(flag).toEqual({
      format: "nobc-timetable/1",
      areas: {},
      entries: [
        { turn: 1, stage: "movement", kind: "arrive", actor: "Actor.u1", hex: "0304" },
        { turn: 2, stage: "airAllocation", kind: "withdraw", actor: "Actor.u1" },
      ],
    });
  });

  it("refuses a bad one or one naming what the world lacks, naming entry and field, and writes nothing", async () => {
    const bad = await attachTimetable(harness.scene!, { ...GOOD, entries: [{ turn: 1, kind: "arrive", actor: "Actor.u1", hex: "x1" }] });
    expect(bad.ok).toBe(false);
    expect("problems" in bad && bad.problems.map((p) => speak(p, words))).toEqual([
      "entries[0].hex: must be a hex label of the map, such as 0405",
    ]);
    const missing = await attachTimetable(harness.scene!, {
      ...GOOD,
      entries: [
        { turn: 1, kind: "withdraw", actor: "Actor.nobody" },
        { turn: 1, kind: "mobilise", hq: "Actor.u1", level: 2 },
      ],
    });
    expect("problems" in missing && missing.problems.map((p) => speak(p, words))).toEqual([
      "entries[0].actor: Actor.nobody is not a unit or HQ of this world",
      "entries[1].hq: Actor.u1 is not an HQ of this world",
    ]);
    expect(sceneWrites()).toBe(0);
    expect(harness.scene!.flags["nobc"]).toBeUndefined();
  });

  it("refuses a player", async () => {
    chatFake.setUsers("p1");
    expect(await attachTimetable(harness.scene!, GOOD)).toEqual({ ok: false, refused: { key: "NOBC.Timetable.GmOnly" } });
    expect(sceneWrites()).toBe(0);
  });

  it("a change of the flag redraws the tracker's timetable part, and only such a change", () => {
    expect(touchesTimetable({ flags: { nobc: { timetable: {} } } })).toBe(true);
    expect(touchesTimetable({ flags: { nobc: { "==timetable": {} } } })).toBe(true);
    expect(touchesTimetable({ flags: { nobc: { "-=timetable": null } } })).toBe(true);
    expect(touchesTimetable({ flags: { nobc: { terrain: {} } } })).toBe(false);
    expect(touchesTimetable({})).toBe(false);
    expect(TIMETABLE_PART).toBe("nobcTimetable");
  });
});
