/**
 * The airfield overrun offered on the map (issue #17, item 7), through the harness: a land unit's
 * token moved into the hex of an enemy airbase's token on the same scene gives the active GM one
 * whispered offer; its button opens the overrun dialog for that airbase, whose card writes
 * permanent hits through the one write path and is undone exactly.
 */
import "../../../harness/install";
import { sheetsFake } from "../../../harness/sheets-fake";
import { chatFake } from "../../../harness/chat-fake";
import { registerRequests } from "../../../harness/requests";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { harness, type FakeActorT } from "../../../harness/foundry";
import { requestCardAction } from "../../../../src/queries/register";
import { registerAirMissionActions } from "../../../../src/apps/air/missions/register";
import { OVERRUN } from "../../../../src/apps/air/missions/dialogs";
import { OVERRUN_OFFER_TEMPLATE, overrunOffers, wireOverrunOffer } from "../../../../src/apps/air/missions/overrun/watch";
import { watchAirfieldOverruns } from "../../../../src/apps/air/missions/overrun/hooks";
import type { NobcDialog } from "../../../../src/apps/base/dialog";
import { clearStageRegistry } from "../../../../src/combat/registry";
import { clearDialogRegistry } from "../../../../src/apps/base/registry";
import { unitSystem } from "../../ground-combat/fixture";

type Raw = Record<string, unknown>;

let natoUnit: FakeActorT;
let wpUnit: FakeActorT;
let templin: FakeActorT;

const airbaseSystem = (side: "nato" | "wp"): Raw => ({
  side,
  airZone: "2ATAF",
  baseCapacity: 2,
  hits: { repairable: 1, permanent: 0 },
  airDefence: { value: 2, max: 4 },
});

/** Lets the hook's promise (an async handler Foundry does not wait for) run to its end. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};
const offers = () => [...chatFake.messages.values()].filter((m) => (m.flags["nobc"] as Raw | undefined)?.["overrunOffer"] !== undefined);
/** Moves a token to the top-left corner of another (the same hex), as its owner's drag would. */
const moveOnto = (token: { update(d: Raw): Promise<unknown> }, to: { x: number; y: number }) => token.update({ x: to.x, y: to.y });

beforeEach(() => {
  clearStageRegistry();
  clearDialogRegistry();
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([OVERRUN]);
  registerAirMissionActions();
  watchAirfieldOverruns();
  natoUnit = new harness.Actor({ name: "PzBrig 34", type: "unit", system: unitSystem("nato") });
  wpUnit = new harness.Actor({ name: "MRR 81", type: "unit", system: unitSystem("wp") });
  // An airbase listed before Templin, so a dialog opened for Templin shows that it was asked for.
  const ramstein = new harness.Actor({ name: "Ramstein", type: "airbase", system: airbaseSystem("nato") });
  templin = new harness.Actor({ name: "Templin", type: "airbase", system: airbaseSystem("wp") });
  sheetsFake.actors.push(natoUnit, wpUnit, ramstein, templin);
  chatFake.own(natoUnit, "p1");
  chatFake.own(wpUnit, "p2");
});

describe("an airfield overrun offered on the map", () => {
  it("a unit's token moved into an enemy airbase's hex: one offer, whispered to the GMs, naming both", async () => {
    const base = harness.placeToken(templin, 3, 2);
    const tank = harness.placeToken(natoUnit, 1, 1);
    await moveOnto(tank, base);
    await settle();
    const posted = offers();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.whisper).toEqual(["gm", "gm2"]);
    expect(posted[0]!.flags["nobc"]).toEqual({ overrunOffer: { airbase: templin.uuid, unit: natoUnit.uuid } });
    const view = chatFake.rendered.concat(sheetsFake.rendered).find((r) => r.path === OVERRUN_OFFER_TEMPLATE)!.data;
    expect(view).toEqual({ unit: { uuid: natoUnit.uuid, name: "PzBrig 34" }, airbase: { uuid: templin.uuid, name: "Templin" } });
    // Nothing was written: the offer changes nothing.
    expect(templin.system["hits"]).toEqual({ repairable: 1, permanent: 0 });
    // Moved off and back while the offer is in chat: no second offer; once the GM deletes it, the next entry offers again.
    await moveOnto(tank, { x: base.x - 400, y: base.y });
    await moveOnto(tank, base);
    await settle();
    expect(offers()).toHaveLength(1);
    await (posted[0] as unknown as { delete(): Promise<unknown> }).delete();
    await moveOnto(tank, { x: base.x - 400, y: base.y });
    await moveOnto(tank, base);
    await settle();
    expect(offers()).toHaveLength(1);
  });

  it("no offer for a friendly unit, another hex, a move that is no move, or on a client that is not the active GM", async () => {
    const base = harness.placeToken(templin, 3, 2);
    const friend = harness.placeToken(wpUnit, 1, 1);
    await moveOnto(friend, base);
    const tank = harness.placeToken(natoUnit, 1, 1);
    await moveOnto(tank, { x: base.x - 400, y: base.y });
    await tank.update({ hidden: true });
    await settle();
    expect(offers()).toHaveLength(0);
    // The unit's own player moves it: their client hears the update but does not offer.
    chatFake.setUsers("p1");
    await moveOnto(tank, base);
    await settle();
    expect(offers()).toHaveLength(0);
  });

  it("a drag arrives in checkpoints: a hex only passed through offers nothing, the hex the drag ends in does", async () => {
    const base = harness.placeToken(templin, 3, 2);
    const tank = harness.placeToken(natoUnit, 1, 1);
    const beyond = { x: base.x + 150, y: base.y };
    await tank.move([{ x: base.x, y: base.y }, beyond], { method: "dragging" });
    await settle();
    expect([tank.x, tank.y]).toEqual([beyond.x, beyond.y]);
    expect(offers()).toHaveLength(0);
    await tank.move(
      [
        { x: base.x - 300, y: base.y },
        { x: base.x, y: base.y },
      ],
      { method: "dragging" },
    );
    await settle();
    expect(offers()).toHaveLength(1);
  });

  it("an airbase token on another scene is not in the hex", () => {
    const base = harness.placeToken(templin, 3, 2);
    const tank = harness.placeToken(natoUnit, 3, 2);
    expect(overrunOffers(tank as never)).toHaveLength(1);
    const elsewhere = harness.viewScene();
    const alone = elsewhere.addToken({ name: "PzBrig 34", actorId: natoUnit.id, x: base.x, y: base.y });
    expect(overrunOffers(alone as never)).toEqual([]);
  });

  it("the offer's button opens the dialog for that airbase; its card writes permanent hits, and Undo puts them back", async () => {
    const base = harness.placeToken(templin, 3, 2);
    const tank = harness.placeToken(natoUnit, 1, 1);
    await moveOnto(tank, base);
    await settle();
    const offer = offers()[0]!;
    const clicks: (() => void)[] = [];
    const button = { addEventListener: (_: string, fn: () => void) => clicks.push(fn) };
    const html = { querySelectorAll: () => [button] } as unknown as HTMLElement;
    // A player's message carrying the flag is not an offer.
    wireOverrunOffer({ flags: offer.flags, author: { isGM: false } }, html);
    expect(clicks).toHaveLength(0);
    wireOverrunOffer({ flags: offer.flags, author: offer.author ?? null }, html);
    expect(clicks).toHaveLength(1);
    clicks[0]!();
    // The dialog's code loads on its first opening.
    await vi.waitFor(() => expect(sheetsFake.appRenders).toHaveLength(1));
    const dialog = sheetsFake.appRenders.at(-1)!.app as NobcDialog;
    const context = (await (dialog as unknown as { _prepareContext(): Promise<Raw> })._prepareContext()) as {
      airbases: { value: string; selected: boolean }[];
    };
    expect(context.airbases.map((a) => a.selected)).toEqual([false, true]);
    // The seed names no number of hits: the umpire types them.
    await dialog.change({ hits: "2" });
    const card = (await dialog.resolve()) as { id: string; system: { effects: Raw[] } };
    expect(card.system.effects).toEqual([{ type: "airbaseHits", airbase: templin.uuid, repairable: 0, permanent: 2 }]);
    expect(await requestCardAction("apply", card.id)).toMatchObject({ ok: true });
    expect(templin.system["hits"]).toEqual({ repairable: 1, permanent: 2 });
    expect(await requestCardAction("undo", card.id)).toMatchObject({ ok: true });
    expect(templin.system["hits"]).toEqual({ repairable: 1, permanent: 0 });
  });

  it("the GM's macro opens the dialog for an airbase too; a key it does not know is refused", async () => {
    const { openOverrun } = await import("../../../../src/apps/air/missions/macros");
    const other = new harness.Actor({ name: "Bitburg", type: "airbase", system: airbaseSystem("nato") });
    sheetsFake.actors.push(other);
    const dialog = (await openOverrun({ airbase: other.uuid }))!;
    const context = (await (dialog as unknown as { _prepareContext(): Promise<Raw> })._prepareContext()) as {
      airbases: { value: string; selected: boolean }[];
    };
    expect(context.airbases.map((a) => a.value)).toEqual([expect.any(String), templin.uuid, other.uuid]);
    expect(context.airbases.find((a) => a.selected)?.value).toBe(other.uuid);
    expect(await openOverrun({ airbase: templin.uuid, hits: 2 })).toBeNull();
  });
});
