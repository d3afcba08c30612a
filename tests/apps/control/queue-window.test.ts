/**
 * Control's queue in the Foundry shell, through the harness: who may open it, what it shows as the
 * chat changes (an item arises and leaves as its source is settled), the tracker's count, and taking
 * an item: the active GM writes the take; another GM's (an umpire's) take is a request to it,
 * checked like any other, and no two umpires hold one item.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { loadActors } from "../../harness/actors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { harness } from "../../harness/foundry";
import { clearDialogRegistry, openDialogById } from "../../../src/apps/base/registry";
import { registerSettings } from "../../../src/base/settings";
import { registerTurnTracking } from "../../../src/combat/register";
import { turn } from "../../../src/rules/index";
import { postResolution } from "../../../src/chat/resolution-card";
import { requestCardAction } from "../../../src/queries/register";
import { registerControlQueue, UMPIRES_MENU } from "../../../src/apps/control/register";
import { CONTROL_QUEUE } from "../../../src/apps/control/dialogs";
import { openControlQueue } from "../../../src/apps/control/macros";
import { controlQueueView, registerControlQueueCount } from "../../../src/combat/control-queue";
import { readTaken, requestTake, TAKE_QUERY } from "../../../src/apps/control/taken";
import type { QueueView } from "../../../src/apps/control/queue-context";
import type { UmpiresState } from "../../../src/apps/control/umpires-state";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import { smallMap } from "../../map/fixture";
import { at, specs } from "../land/fixture";

type Raw = Record<string, unknown>;
const contextOf = async (dialog: NobcDialog) =>
  (await (dialog as unknown as { _prepareContext(o: object): Promise<Raw> })._prepareContext({})) as unknown as QueueView;
const button = (data: Record<string, string>) => ({ dataset: data }) as unknown as HTMLElement;
const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const CARD = "Actor.h1.Item.ssm1";

/** The GM's "release requested" message, as the WMD request posts it. */
async function postRelease(status = "pending"): Promise<{ id: string; update(d: Raw): Promise<unknown> }> {
  const Message = ChatMessage as unknown as { create(d: Raw): Promise<{ id: string; update(d: Raw): Promise<unknown> }> };
  return Message.create({
    content: "release requested",
    flags: {
      nobc: {
        wmdRequest: {
          state: { card: CARD, target: "nuclear", hex: "0202", otherHex: "", identification: ["", ""] },
          requestedBy: "p1",
          status,
        },
      },
    },
  });
}

beforeEach(() => {
  vi.restoreAllMocks();
  harness.reset();
  registerSettings();
  sheetsFake.reset();
  chatFake.reset();
  chatFake.setUsers("gm");
  registerControlQueue();
  loadActors(specs(), at);
  harness.setSceneFlag("terrain", smallMap());
});
afterEach(() => {
  clearDialogRegistry();
  registerControlQueueCount(null);
});

describe("the Control queue window", () => {
  it("refuses a player clearly and opens nothing", async () => {
    chatFake.actAs("p1");
    expect(await openDialogById(CONTROL_QUEUE.id)).toBeNull();
    expect(warnings()).toEqual([`NOBC.Notify.Refused ${JSON.stringify({ reason: "NOBC.Control.GmOnly" })}`]);
    expect(await controlQueueView(false)).toBeNull();
  });

  it("shows a release request while it is pending, with the tracker's count, and drops it once released", async () => {
    const dialog = (await openDialogById(CONTROL_QUEUE.id))!;
    expect((await contextOf(dialog)).groups).toEqual([]);
    expect(await controlQueueView(true)).toEqual({ count: 0 });
    const message = await postRelease();
    const view = await contextOf(dialog);
    expect(view.groups).toHaveLength(1);
    expect(view.groups[0]).toMatchObject({ key: "war:land" });
    expect(view.groups[0]!.rows).toEqual([
      expect.objectContaining({ id: `wmd:${message.id}`, kind: "wmd", mayTake: true, takenBy: null, takenByMe: false }),
    ]);
    expect(await controlQueueView(true)).toEqual({ count: 1 });
    await message.update({ "flags.nobc.wmdRequest.status": "released" });
    expect((await contextOf(dialog)).groups).toEqual([]);
    expect(await controlQueueView(true)).toEqual({ count: 0 });
  });

  it("draws itself again a moment after the chat changes, once for a burst, and the tracker only when its count changed", async () => {
    // A redraw the earlier tests' chat changes scheduled (on real time) runs out first.
    await new Promise((resolve) => setTimeout(resolve, 350));
    vi.useFakeTimers();
    try {
      const dialog = (await openControlQueue())!;
      const renders = () => sheetsFake.appRenders.filter((r) => r.app === dialog).length;
      const tracker = { rendered: true, render: vi.fn() };
      (globalThis as unknown as { ui: Raw }).ui["combat"] = tracker;
      expect(await controlQueueView(true)).toEqual({ count: 0 });
      const before = renders();
      await postRelease();
      await postRelease();
      await vi.advanceTimersByTimeAsync(300);
      expect(renders()).toBe(before + 1);
      expect(tracker.render).toHaveBeenCalledTimes(1);
      // The tracker drew the new count; a change that leaves it the same draws the window, not the tracker.
      expect(await controlQueueView(true)).toEqual({ count: 2 });
      await postRelease("released");
      await vi.advanceTimersByTimeAsync(300);
      expect(renders()).toBe(before + 2);
      expect(tracker.render).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      delete (globalThis as unknown as { ui: Raw }).ui["combat"];
    }
  });

  it("opened through game.nobc.openDialog, draws itself again as well", async () => {
    await new Promise((resolve) => setTimeout(resolve, 350));
    vi.useFakeTimers();
    try {
      const dialog = (await openDialogById(CONTROL_QUEUE.id))!;
      const renders = () => sheetsFake.appRenders.filter((r) => r.app === dialog).length;
      const before = renders();
      const message = await postRelease();
      await vi.advanceTimersByTimeAsync(300);
      expect(renders()).toBe(before + 1);
      expect((await contextOf(dialog)).groups[0]!.rows.map((r) => r.id)).toEqual([`wmd:${message.id}`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("draws itself again a moment after the turn moves on: step 9 entered brings the damaged squadron's repair", async () => {
    registerTurnTracking();
    const combat = new harness.Combat({ type: "nobcTurn", system: { turn: 2, stage: 0, reached: 2 * turn.STAGES.length } });
    harness.game["combats"] = [combat];
    const squadron = (sheetsFake.actors as { id: string; update(d: Raw): Promise<unknown> }[]).find((a) => a.id === "s1")!;
    await squadron.update({ "system.box": "damaged" });
    // The redraw that change scheduled (on real time) runs out first.
    await new Promise((resolve) => setTimeout(resolve, 350));
    vi.useFakeTimers();
    try {
      const dialog = (await openDialogById(CONTROL_QUEUE.id))!;
      const renders = () => sheetsFake.appRenders.filter((r) => r.app === dialog).length;
      const before = renders();
      expect((await contextOf(dialog)).shown).toBe(0);
      const stage = turn.stageIndex("airRepair");
      await combat.update({ system: { stage, reached: 2 * turn.STAGES.length + stage } });
      await vi.advanceTimersByTimeAsync(300);
      expect(renders()).toBe(before + 1);
      expect((await contextOf(dialog)).groups.flatMap((g) => g.rows.map((r) => r.id))).toEqual(["repair:Actor.s1:2"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows an umpire only their sector's items, unless they ask for every sector", async () => {
    await game.settings!.set("nobc", "umpires", { umpires: { gm2: { wars: ["air"], hqs: [], areas: [] } } });
    await postRelease();
    chatFake.setActiveGM("gm");
    chatFake.actAs("gm2");
    const dialog = (await openDialogById(CONTROL_QUEUE.id))!;
    expect((await contextOf(dialog)).groups).toEqual([]);
    expect(await controlQueueView(true)).toEqual({ count: 0 });
    await dialog.change({ all: "on" });
    expect((await contextOf(dialog)).shown).toBe(1);
  });
});

describe("a row's button", () => {
  it("opens what settles it: the retreat dialog on the card's retreat, aircraft repair for the squadron's side; a settled row is told", async () => {
    registerTurnTracking();
    const stage = turn.stageIndex("airRepair");
    harness.game["combats"] = [new harness.Combat({ type: "nobcTurn", system: { turn: 1, stage, reached: turn.STAGES.length + stage } })];
    const card = (await postResolution({
      title: "Ground combat",
      resolution: { breakdown: [], rolls: [], outcome: {}, effects: [{ type: "retreat", actor: "Actor.u3", hexes: 1 }] },
    })) as { id: string };
    expect(await requestCardAction("apply", card.id)).toEqual({ ok: true });
    const squadron = (sheetsFake.actors as { id: string; update(d: Raw): Promise<unknown> }[]).find((a) => a.id === "s1")!;
    await squadron.update({ "system.box": "damaged" });
    const dialog = (await openDialogById(CONTROL_QUEUE.id))!;
    const rows = (await contextOf(dialog)).groups.flatMap((g) => g.rows);
    // The Land War's group, then the Air War's.
    expect(rows.map((r) => [r.id, r.settleLabel])).toEqual([
      [`retreat:${card.id}:Actor.u3`, "NOBC.Control.Settle.retreat"],
      ["repair:Actor.s1:1", "NOBC.Control.Settle.repair"],
    ]);
    const windows = () => sheetsFake.appRenders.map((r) => r.app).filter((a) => a !== dialog);
    await dialog.act("settle", button({ id: `retreat:${card.id}:Actor.u3` }));
    const retreat = windows().at(-1) as NobcDialog;
    expect(retreat.dialogState).toMatchObject({ source: card.id, units: [{ actor: "Actor.u3" }] });
    await dialog.act("settle", button({ id: "repair:Actor.s1:1" }));
    const repair = windows().at(-1) as NobcDialog;
    expect(repair).not.toBe(retreat);
    expect(repair.dialogState).toMatchObject({ side: "nato" });
    harness.notices.length = 0;
    await dialog.act("settle", button({ id: "wmd:gone" }));
    expect(warnings()).toEqual(["NOBC.Control.Refused.settled"]);
  });
});

describe("taking an item", () => {
  it("the active GM writes its own take at once, and lets go of it", async () => {
    const message = await postRelease();
    const id = `wmd:${message.id}`;
    const dialog = (await openDialogById(CONTROL_QUEUE.id))!;
    await dialog.act("take", button({ id }));
    expect(readTaken()).toEqual({ [id]: { by: "gm", at: expect.any(Number) as number } });
    expect((await contextOf(dialog)).groups[0]!.rows[0]).toMatchObject({ takenBy: "gm", takenByMe: true, mayTake: false });
    await dialog.act("release", button({ id }));
    expect(readTaken()).toEqual({});
  });

  it("another GM's take is a request to the active GM, and a second umpire cannot take what the first holds", async () => {
    const message = await postRelease();
    const id = `wmd:${message.id}`;
    // gm2, an umpire, online beside the active GM.
    chatFake.setActiveGM("gm");
    chatFake.actAs("gm2");
    const gm = chatFake.users.get("gm")!;
    const set = vi.spyOn(game.settings!, "set");
    expect(await requestTake(id, true)).toEqual({ ok: true });
    // Asked of the active GM, whose client wrote the setting once.
    expect(gm.queries.map((q) => q.name)).toEqual([TAKE_QUERY]);
    expect(set).toHaveBeenCalledTimes(1);
    expect(readTaken()[id]?.by).toBe("gm2");
    // The active GM's own take of the same item is refused: gm2 holds it.
    chatFake.actAs("gm");
    expect(await requestTake(id, true)).toEqual({ ok: false, reason: "NOBC.Control.Refused.takenByOther" });
    expect(readTaken()[id]?.by).toBe("gm2");
    expect(warnings()).toContain("NOBC.Control.Refused.takenByOther");
  });

  it("refuses an item that no longer waits, and a player's take, writing nothing", async () => {
    const message = await postRelease("released");
    expect(await requestTake(`wmd:${message.id}`, true)).toEqual({ ok: false, reason: "NOBC.Control.Refused.settled" });
    const pending = await postRelease();
    chatFake.actAs("p1");
    expect(await requestTake(`wmd:${pending.id}`, true)).toEqual({ ok: false, reason: "NOBC.Control.Refused.gmOnly" });
    expect(readTaken()).toEqual({});
  });

  it("a take forged for another user is refused unverified", async () => {
    const message = await postRelease();
    const handler = (CONFIG as unknown as { queries: Record<string, (d: unknown) => Promise<unknown>> }).queries[TAKE_QUERY]!;
    expect(await handler({ userId: "gm2", token: "0".repeat(64), item: `wmd:${message.id}`, take: true })).toEqual({
      ok: false,
      reason: "NOBC.Chat.Refused.unverified",
    });
    expect(readTaken()).toEqual({});
  });
});

describe("the Umpires window", () => {
  it("is a GM's menu, names GMs umpires with their sectors, and saves once; a bad area is refused, nothing written", async () => {
    expect(harness.settingsMenus.get(`nobc.${UMPIRES_MENU}`)).toMatchObject({ name: "NOBC.Umpires.Menu.name", restricted: true });
    await harness.openMenu(`nobc.${UMPIRES_MENU}`);
    const dialog = sheetsFake.appRenders.at(-1)!.app as NobcDialog;
    expect((dialog.dialogState as UmpiresState).rows.map((r) => r.user)).toEqual(["gm", "gm2"]);
    await dialog.change({
      "areas:gm": "",
      "umpire:gm2": "true",
      "war:gm2": ["air", "sea"],
      "hq:gm2": ["Actor.h1", "Actor.nope"],
      "areas:gm2": "01x",
    });
    expect(await dialog.resolve()).toBeNull();
    expect(warnings().join(" ")).toContain("NOBC.Umpires.BadArea");
    expect(game.settings!.get("nobc", "umpires")).toEqual({ umpires: {} });
    await dialog.change({
      "areas:gm": "",
      "umpire:gm2": "true",
      "war:gm2": ["air"],
      "hq:gm2": ["Actor.h1"],
      "areas:gm2": "0101-0302, 0403",
    });
    await dialog.resolve();
    expect(game.settings!.get("nobc", "umpires")).toEqual({
      umpires: {
        gm2: {
          wars: ["air"],
          hqs: ["Actor.h1"],
          areas: [
            { from: "0101", to: "0302" },
            { from: "0403", to: "0403" },
          ],
        },
      },
    });
  });
});
