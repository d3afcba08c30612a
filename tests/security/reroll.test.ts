/**
 * Re-roll by asking again (#16): a rolled card's result carried no key, so a player could ask for
 * the same combat (or repair, …) three times and apply the best card. Now the GM's card holds the
 * subjects it uses up from the moment it is posted (a unit's attack of the turn, a support card
 * played, a squadron's repair of the turn), whatever its state, and refuses a request naming one.
 * Before the fix every repeated request below was posted as a second card.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nameOf } from "../../src/chat/render";
import { harness, type FakeActorT } from "../harness/foundry";
import { frontWorld } from "./fixtures";
import { requestResolution } from "../../src/apps/base/request";
import { clearDialogRegistry } from "../../src/apps/base/registry";
import { PLANNER } from "../../src/apps/ground-combat/dialogs";
import { REPAIR } from "../../src/apps/air/missions/dialogs";
import { openGroundCombat } from "../../src/apps/ground-combat/macros";
import { repairSide } from "../../src/apps/air/missions/macros";
import { releaseCardKey } from "../../src/queries/macros";
import type { NobcDialog } from "../../src/apps/base/dialog";
import type { GroundCombatState } from "../../src/apps/ground-combat/state";
import { cardUuid } from "../apps/ground-combat/fixture";
import { turn } from "../../src/rules/index";

type Raw = Record<string, unknown>;
const g = globalThis as unknown as { game: Raw };

let actors: Map<string, FakeActorT>;

/** The turn tracker at `turn` (none: no tracker), in the stage where what is asked for belongs. */
let stage: turn.StageId = "groundCombat";
function setTurn(at: number | null): void {
  if (at === null) delete g.game["combat"];
  else g.game["combat"] = { type: "nobcTurn", system: { turn: at, stage: turn.stageIndex(stage) } };
}

beforeEach(() => {
  actors = frontWorld([PLANNER, REPAIR]);
  setTurn(1);
});
afterEach(() => {
  clearDialogRegistry();
  setTurn(null);
});

const A = (id: string) => actors.get(id)!.uuid;
const cards = () => [...chatFake.messages.values()].filter((m) => m.type === "resolution");
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const stateOf = (planner: NobcDialog) => planner.dialogState as GroundCombatState;
/** The refusal naming a held subject by what it names (a unit's, card's or squadron's name, or the hex), never by an id. */
const heldWarning = (subject: string) =>
  `NOBC.Notify.Refused ${JSON.stringify({ reason: `NOBC.Request.Refused.held ${JSON.stringify({ subject })}` })}`;

/** The WP player's plan: 1 MRR and 2 MRR attack 34 PzBrig, 1 GTA's barrage (assigned to 1 MRR) ticked. */
async function wpPlan(): Promise<GroundCombatState> {
  chatFake.setUsers("p2");
  const state = stateOf((await openGroundCombat({ attackers: [A("w1"), A("w2")], target: "0201" }))!);
  harness.notices.length = 0;
  return state;
}

describe("a ground combat asked for again", () => {
  it("holds each attacker's attack of the turn and the card played; the same request again is refused, naming the subject", async () => {
    const state = await wpPlan();
    expect(state.cards).toEqual([cardUuid("gta", "cbar")]);
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.system["holds"]).toEqual([
      `attack:${A("w1")}:1`,
      `attack:${A("w2")}:1`,
      "target:0201:1",
      // Each attacking hex's one target of the turn (src/apps/ground-combat/turn-limits.ts).
      "from:0301:1",
      "from:0302:1",
      // The attacker's card; the defender's Corps artillery (assigned to 34 PzBrig) is not used up.
      `card:${cardUuid("gta", "cbar")}`,
    ]);

    expect((await requestResolution(PLANNER.id, state)).ok).toBe(false);
    expect(cards()).toHaveLength(1);
    // Said before the holds are looked at: the turn limits name the earlier combat (tests/apps/ground-combat/turn-limits.test.ts).
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked");
  });

  it("another combat on the same hex, or playing a card already played, is refused; other units may still attack elsewhere", async () => {
    const state = await wpPlan();
    expect((await requestResolution(PLANNER.id, { ...state, attackers: [A("w1")] })).ok).toBe(true);
    // 2 MRR has not attacked, but 0201 has been attacked this turn (a hex is attacked by one combat).
    expect((await requestResolution(PLANNER.id, { ...state, attackers: [A("w2")], cards: [] })).ok).toBe(false);
    expect(warnings().at(-1)).toContain("NOBC.Rules.Land.CombatTurn.Earlier.targetAttacked");
    // Elsewhere it may attack, but not with the barrage played already.
    const elsewhere = { ...state, attackers: [A("w2")], target: "0202" };
    expect((await requestResolution(PLANNER.id, elsewhere)).ok).toBe(false);
    expect(warnings().at(-1)).toBe(heldWarning(nameOf(cardUuid("gta", "cbar"))));
    expect(cards()).toHaveLength(1);
    expect((await requestResolution(PLANNER.id, { ...elsewhere, cards: [] })).ok).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("held whatever the card's state: undone it still holds; the GM's delete frees the subjects", async () => {
    const state = await wpPlan();
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    const first = cards()[0]!;
    chatFake.setUsers("gm");
    await first.update({ "system.state": "reverted" });
    chatFake.setUsers("p2");
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(false);
    expect(cards()).toHaveLength(1);
    chatFake.setUsers("gm");
    await first.delete();
    chatFake.setUsers("p2");
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(cards()).toHaveLength(1);
  });

  it("the GM's own request is held too; releaseCardKey frees the holds (named on a release card) and the GM may redo it", async () => {
    const state = await wpPlan();
    chatFake.setUsers("gm");
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(false);
    expect(warnings().at(-1)).toContain("NOBC.Rules.Land.CombatTurn.Earlier.unitAttacked");
    const first = cards()[0]!;
    expect(await releaseCardKey(first.id, "the umpire redoes this combat")).toEqual({ ok: true });
    expect(first.system["holds"]).toEqual([]);
    const note = [...chatFake.messages.values()].at(-1)!;
    expect(note.content).toContain(`attack:${A("w1")}:1`);
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("a player may not release holds: releaseCardKey is the GM's", async () => {
    const state = await wpPlan();
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    const result = await releaseCardKey(cards()[0]!.id, "mine");
    expect(result).toMatchObject({ ok: false });
    expect(cards()[0]!.system["holds"]).toHaveLength(6);
  });

  it("without a turn on the tracker nothing is held (as for once-only keys)", async () => {
    setTurn(null);
    const state = await wpPlan();
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(cards()[0]!.system["holds"]).toEqual([]);
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it("next turn the same units may attack again", async () => {
    const state = await wpPlan();
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(true);
    setTurn(2);
    // The barrage was played last turn: a card is played once, whatever the turn.
    expect((await requestResolution(PLANNER.id, state)).ok).toBe(false);
    expect(warnings().at(-1)).toBe(heldWarning(nameOf(cardUuid("gta", "cbar"))));
    const next = { ...state, cards: [] };
    expect((await requestResolution(PLANNER.id, next)).ok).toBe(true);
    expect(cards()).toHaveLength(2);
  });
});

describe("a squadron's repair asked for again", () => {
  beforeEach(() => {
    stage = "airRepair";
    setTurn(1);
  });
  afterEach(() => {
    stage = "groundCombat";
  });
  it("holds repair:<squadron>:<turn>; the second repair of the turn is refused", async () => {
    const f15 = new harness.Actor({
      name: "36 TFW",
      type: "airSquadron",
      system: (await import("../apps/air/missions/fixture")).squadronSystem({ airZone: "North", box: "damaged" }),
    });
    (await import("../harness/sheets-fake")).sheetsFake.actors.push(f15);
    chatFake.own(f15, "p1");
    chatFake.setUsers("p1");
    expect(await repairSide({ side: "nato" })).toBe(true);
    expect(cards()).toHaveLength(1);
    expect(cards()[0]!.system["holds"]).toEqual([`repair:${f15.uuid}:1`]);
    expect(await repairSide({ side: "nato" })).toBe(false);
    expect(cards()).toHaveLength(1);
    expect(warnings().at(-1)).toBe(heldWarning(f15.name));
  });
});
