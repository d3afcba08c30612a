/**
 * Ready marks (issue #31, item 3) over the multi-client harness with the whole system on each client
 * (./system-clients.ts): a player's mark goes from their client to the active GM, whose client writes
 * the turn Combat, and every copy holds it; the same player's mark for the other team, sent from
 * their client, is refused by the GM and nothing is written; the GM's Next clears the marks on every copy.
 */
import "../harness/install";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  documentWrites,
  noticesOn,
  onConsole,
  openSystemNetwork,
  ownedActor,
  quiet,
  systemWorld,
  type SystemTable,
} from "./system-clients";
import type * as Ready from "../../src/combat/readiness-request";
import type * as Advance from "../../src/combat/advance";
import { turn } from "../../src/rules/index";

type Raw = Record<string, unknown>;

vi.setConfig({ testTimeout: 60_000 });

let t: SystemTable;
openSystemNetwork((table) => (t = table));

const GROUND = turn.stageIndex("groundCombat");

interface CombatLike {
  readonly type: string;
  readonly system: Raw;
  update(d: object): Promise<unknown>;
}

/** The turn Combat as `copy` holds it. */
const turnOn = (copy: SystemTable["gm"]): CombatLike | undefined =>
  copy.run(() => ((game as unknown as { combats?: CombatLike[] }).combats ?? []).find((c) => c.type === "nobcTurn"));

const marksEverywhere = (): unknown[] => t.copies.map((c) => turnOn(c)?.system["ready"]);

beforeEach(async () => {
  await systemWorld(t, (h) => [
    ownedActor(h, "I (GE) Corps", "hq", { side: "nato", level: { value: 3, max: 4 }, radius: 3 }, "p1"),
    ownedActor(h, "8th Guards Army", "hq", { side: "wp", level: { value: 4, max: 5 }, radius: 4 }, "p2"),
  ]);
  // The harness's new world keeps the last test's Combat in `game.combats` (a Combat is made on the wire, not by `build`): none here.
  for (const copy of t.copies) copy.run(() => Object.assign(game as object, { combats: [] }));
  await t.gm.run(() =>
    (Combat as unknown as { create(d: object): Promise<unknown> }).create({
      type: "nobcTurn",
      system: { turn: 2, stage: GROUND, planningEndsAt: null, reached: 2 * turn.STAGES.length + GROUND },
    }),
  );
  await quiet(t.net);
});

describe("a ready mark from a player's client", () => {
  it("reaches the active GM, whose client writes it; every copy holds it; a mark for the other team is refused", async () => {
    const ready = await t.p1.load<typeof Ready>("src/combat/readiness-request");
    const from = t.net.log.length;
    expect(await onConsole(t.p1, () => ready.requestReady("nato", true))).toBe(true);
    await quiet(t.net);
    expect(marksEverywhere()).toEqual(t.copies.map(() => ["nato"]));
    const combatUuid = t.gm.run(() => (turnOn(t.gm) as unknown as { uuid: string }).uuid);
    expect(documentWrites(t.net, from).filter((w) => w.includes(combatUuid))).toEqual([`gm update ${combatUuid}`]);
    // p1 plays NATO: the Warsaw Pact's mark is not theirs.
    const before = t.net.log.length;
    expect(await onConsole(t.p1, () => ready.requestReady("wp", true))).toBe(false);
    await quiet(t.net);
    expect(documentWrites(t.net, before)).toEqual([]);
    expect(marksEverywhere()).toEqual(t.copies.map(() => ["nato"]));
    expect(noticesOn(t.p1, "NOBC.Turn.Ready.Refused.notYours")).toHaveLength(1);
  });

  it("the GM's Next clears the marks on every copy", async () => {
    const ready = await t.p2.load<typeof Ready>("src/combat/readiness-request");
    expect(await onConsole(t.p2, () => ready.requestReady("wp", true))).toBe(true);
    await quiet(t.net);
    expect(marksEverywhere()).toEqual(t.copies.map(() => ["wp"]));
    const advance = await t.gm.load<typeof Advance>("src/combat/advance");
    const combat = turnOn(t.gm)!;
    expect(await t.gm.run(() => advance.advanceTurn(combat as unknown as Advance.TurnCombat, { now: 0 }))).toMatchObject({ ok: true });
    await quiet(t.net);
    expect(marksEverywhere()).toEqual(t.copies.map(() => []));
    expect(t.copies.map((c) => turnOn(c)?.system["stage"])).toEqual(t.copies.map(() => GROUND + 1));
  });
});
