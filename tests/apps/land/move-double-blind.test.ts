/**
 * A player's move under double-blind (issue #30, item 3): the player drags over the board their side
 * knows; the active GM walks the path against the truth (`moveEncounter`), carries the move out as
 * far as the rules let it go, and the card says what was found, as the side knows it. The side's
 * knowledge is written with the move's card (contact where the move leaves the pieces) and its Undo
 * takes it back. The refusals a player hears name no enemy unit their side does not know. At an open
 * table the same path is refused as before (tests/apps/land/move.test.ts).
 *
 * The board (tests/turn/board-world.ts): 34 PzBrig 0201, 36 PzBrig 0202, I Corps 0102; 1 MRR 0301,
 * 2 MRR 0303, 3 MRR 0304, 1 GTA 0502. NATO has located 1 MRR and 2 MRR (both in contact); 3 MRR it
 * has not found.
 */
import "../../harness/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { stageBoardWorld } from "../../turn/board-world";
import { hexCentre, offsetOf } from "../../../src/map/hex-grid";
import { requestResolution } from "../../../src/apps/base/request";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { requestCardAction } from "../../../src/queries/register";
import { MOVE } from "../../../src/apps/land/dialogs";
import { TURN_COMBAT_TYPE } from "../../../src/combat/turn-type";
import { MOVEMENT_LAST_SLOT } from "../../../src/world/movement-slots";
import { registerSettings } from "../../../src/base/settings";
import { setBoardClock } from "../../../src/world/board";
import { turn } from "../../../src/rules/index";

type Raw = Record<string, unknown>;

function tokenAt(hex: string): { x: number; y: number } {
  const centre = harness.canvasPoint(hexCentre(offsetOf(hex), 100));
  return { x: Math.round(centre.x - 100 / Math.sqrt(3)), y: Math.round(centre.y - 50) };
}
const token = (id: string) => harness.scene!.tokens.find((t) => t.actorId === id)!;
const where = (id: string) => ({ x: token(id).x, y: token(id).y });
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const cardsPosted = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const lastCard = () => cardsPosted().at(-1) as unknown as { id: string; system: Raw };
const knowledge = () => (harness.scene!.flags["nobc"] as Raw)["knowledge"] as { nato: Raw; wp: Raw };
const located = (hex: string) => ({ level: "located", hex, turn: 1 });
const move = (unit: string, path: string[]) => requestResolution("land.move", { unit: `Actor.${unit}`, path, ignoreMines: [] });

beforeEach(() => {
  stageBoardWorld();
  registerSettings();
  registerRequests([MOVE]);
  setBoardClock(() => ({ turn: 1 }));
  // In Movement, NATO's group moves (the last slot: no corps holds the initiative).
  harness.game["combat"] = {
    type: TURN_COMBAT_TYPE,
    system: { turn: 1, stage: turn.stageIndex("movement"), movementSlot: MOVEMENT_LAST_SLOT },
  };
  harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
  harness.settingsStore.set("nobc.teams", { members: { p1: { side: "nato", hqs: [] }, p2: { side: "wp", hqs: [] } } });
  harness.setSceneFlag("knowledge", {
    format: "nobc-knowledge/1",
    nato: { w1: located("0301"), w2: located("0303") },
    wp: { n34: located("0201"), n36: located("0202") },
  });
});
afterEach(() => {
  clearDialogRegistry();
  setBoardClock(() => null);
});

describe("a player's move runs into an enemy their side had not found", () => {
  it("36 PzBrig's path past 3 MRR stops next to it; the card says what was found; NATO locates it; Undo takes it back", async () => {
    chatFake.setUsers("p1");
    // At an open table this path is refused (the NATO stop, tests/apps/land/move.test.ts); here NATO did not know 3 MRR was there.
    expect((await move("n36", ["0203", "0204"])).ok).toBe(true);
    expect(where("n36")).toEqual(tokenAt("0203"));
    const card = lastCard();
    expect((card.system["records"] as { move: Raw }).move).toMatchObject({ unit: "Actor.n36", from: "0202", path: ["0203"] });
    const shown = sheetsFake.rendered.filter((r) => r.path.includes("resolution-card")).at(-1)?.data as { inputs: Raw[] };
    expect(shown.inputs).toContainEqual({
      label: "NOBC.Move.Card.Found",
      value: `NOBC.Move.Found.adjacentToEnemy ${JSON.stringify({ hex: "0203", hexes: "0304" })}`,
    });
    // Nothing on the card names the unit found.
    expect(JSON.stringify(card.system)).not.toContain("3 MRR");
    expect(JSON.stringify(card.system)).not.toContain("Actor.w3");
    expect(knowledge().nato["w3"]).toEqual(located("0304"));
    expect(knowledge().wp["n36"]).toEqual(located("0203"));
    chatFake.setUsers("gm");
    expect(await requestCardAction("undo", card.id)).toEqual({ ok: true });
    expect(where("n36")).toEqual(tokenAt("0202"));
    expect(knowledge().nato["w3"]).toBeUndefined();
    expect(knowledge().wp["n36"]).toEqual(located("0202"));
  });

  it("at an open table the same path is refused by the NATO stop, as before", async () => {
    harness.settingsStore.set("nobc.hiddenInformation", "open");
    chatFake.setUsers("p1");
    expect((await move("n36", ["0203", "0204"])).ok).toBe(false);
    expect(warnings().join("\n")).toContain("mustStopAdjacent");
    expect(cardsPosted()).toEqual([]);
  });

  it("a GM's move is checked against the truth alone, as before", async () => {
    chatFake.setUsers("gm");
    expect((await move("n36", ["0203", "0204"])).ok).toBe(true);
    // The GM's move is carried out over the NATO stop (an override), all the way.
    expect(where("n36")).toEqual(tokenAt("0204"));
  });
});

describe("refusals through the asker's eyes", () => {
  it("a refusal naming an enemy unit NATO has not identified says 'an enemy unit'", async () => {
    chatFake.setUsers("p1");
    // 34 PzBrig into 1 MRR's hex (a regiment: no overrun), which NATO has located but not identified.
    expect((await move("n34", ["0301"])).ok).toBe(false);
    const said = warnings().join("\n");
    expect(said).toContain("NOBC.Movement.Refused.intoEnemy");
    // The overrun check says why (not a battalion), with the unit and its size hidden.
    // (The notice holds the phrase as JSON within JSON: its quotes escaped.)
    expect(said).toContain(
      `notOverrunnable ${JSON.stringify({ unit: "NOBC.Hidden.EnemyUnit", size: "NOBC.Hidden.Face" }).replaceAll('"', '\\"')}`,
    );
    for (const secret of ["1 MRR", "Actor.w1", "2 MRR", "3 MRR", "1 GTA", "Size.brigade"]) expect(said).not.toContain(secret);
    expect(cardsPosted()).toEqual([]);
    expect(where("n34")).toEqual(tokenAt("0201"));

    // At an open table the same refusal names the unit, as before.
    harness.notices.length = 0;
    harness.settingsStore.set("nobc.hiddenInformation", "open");
    expect((await move("n34", ["0301"])).ok).toBe(false);
    expect(warnings().join("\n")).toContain("1 MRR");
  });
});
