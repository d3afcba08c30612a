/**
 * The missions family (src/effects/families/missions.ts) planned over snapshots: the mission
 * tracker's values and its forces' counts as one Combat row, its briefing journal created with the
 * tracker's link to it (the inverse deletes the journal and puts the link back), and the mission's
 * changes no document holds, said in words.
 */
import { describe, expect, it } from "vitest";
import { JOURNAL_OBSERVER, planEffects, type DocumentSnapshot } from "../../src/effects/apply";
import { MISSION_COMBAT_TYPE } from "../../src/base/constants";

const force = { name: "", reserves: 2, delayCounters: 0, unitsLost: 0, points: -1 };
const tracker: DocumentSnapshot = {
  uuid: "Combat.m1",
  id: "m1",
  documentName: "Combat",
  type: MISSION_COMBAT_TYPE,
  name: "Mission",
  system: { mission: "breakthrough", turn: 1, player: "attacker", journal: "", revision: 3, attackerForce: force, defenderForce: force },
};
const other: DocumentSnapshot = { ...tracker, uuid: "Combat.c2", id: "c2", type: "base" };
const docs = new Map([tracker, other].map((s) => [s.uuid, s]));
const lookup = (uuid: string) => docs.get(uuid);

describe("the missions family", () => {
  it("sets the tracker's values and each force's counts by path in one row; the inverse holds the prior values", () => {
    const plan = planEffects(
      [
        {
          type: "missionTrack",
          combat: "Combat.m1",
          set: { turn: 2, revision: 4, attackerForce: { reserves: 1 }, defenderForce: { points: 5 } },
        },
      ],
      lookup,
    );
    expect(plan.combatUpdates).toEqual([
      {
        uuid: "Combat.m1",
        id: "m1",
        changes: { "system.turn": 2, "system.revision": 4, "system.attackerForce.reserves": 1, "system.defenderForce.points": 5 },
      },
    ]);
    expect(plan.inverse.combatUpdates).toEqual([
      {
        uuid: "Combat.m1",
        id: "m1",
        changes: { "system.turn": 1, "system.revision": 3, "system.attackerForce.reserves": 2, "system.defenderForce.points": -1 },
      },
    ]);
    expect(plan.actorUpdates).toEqual([]);
  });

  it("creates the briefing journal, readable by every player, and links the tracker to it; the inverse deletes it", () => {
    const plan = planEffects(
      [
        {
          type: "missionJournal",
          combat: "Combat.m1",
          id: "j1",
          name: "Breakthrough",
          pages: [
            { name: "Deployment", text: "<p>West</p>" },
            { name: "Objectives", text: "<p>Two</p>" },
          ],
        },
      ],
      lookup,
    );
    expect(plan.journalCreations).toEqual([
      {
        data: {
          _id: "j1",
          name: "Breakthrough",
          ownership: { default: JOURNAL_OBSERVER },
          pages: [
            { name: "Deployment", type: "text", sort: 100, text: { content: "<p>West</p>", format: 1 } },
            { name: "Objectives", type: "text", sort: 200, text: { content: "<p>Two</p>", format: 1 } },
          ],
        },
      },
    ]);
    expect(plan.combatUpdates).toEqual([{ uuid: "Combat.m1", id: "m1", changes: { "system.journal": "JournalEntry.j1" } }]);
    expect(plan.inverse.journalDeletions).toEqual([{ uuid: "JournalEntry.j1", id: "j1" }]);
    expect(plan.inverse.combatUpdates).toEqual([{ uuid: "Combat.m1", id: "m1", changes: { "system.journal": "" } }]);
  });

  it("a Combat that is not the mission tracker, or none, is written nothing, with a note", () => {
    const plan = planEffects(
      [
        { type: "missionTrack", combat: "Combat.c2", set: { turn: 2 } },
        { type: "missionJournal", combat: "Combat.gone", id: "j2", name: "x", pages: [] },
      ],
      lookup,
    );
    expect(plan.combatUpdates).toBeUndefined();
    expect(plan.journalCreations).toBeUndefined();
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.wrongType", "NOBC.EffectNote.notFound"]);
  });

  it("victory points and the light are said in words on the card, to be made by hand", () => {
    const plan = planEffects(
      [
        { type: "victoryPoints", actor: "Actor.f1", points: 4 },
        { type: "missionLight", light: "darkness" },
      ],
      lookup,
    );
    expect(plan.combatUpdates).toBeUndefined();
    expect(plan.notes.map((n) => n.key)).toEqual(["NOBC.EffectNote.toolkit", "NOBC.EffectNote.toolkit"]);
  });
});
