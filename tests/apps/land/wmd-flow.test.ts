/**
 * Nuclear and ADM cards through the harness: a player asks Control for release, the GM's client posts
 * the request, a GM releases (the card is resolved with the GM's dice, applied and undone) or refuses
 * it with a reason; a GM releases at once for any HQ.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake, type PostedMessage as Message } from "../../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { requestCardAction } from "../../../src/queries/register";
import { landPhaseMacros } from "../../../src/apps/land/macros";
import { refuseWmdRequest, releaseWmdRequest } from "../../../src/apps/land/wmd/request";
import { HqSheet, SupportCardSheet } from "../../../src/sheets/sheets";
import { cardRow } from "../../../src/sheets/context/cards";
import { supportCardSheetContext } from "../../../src/sheets/context/support-card";
import type { NobcDialog } from "../../../src/apps/base/dialog";
import { ADM, ADM2, INT, NUC, RECCE } from "./wmd-fixture";
import { loadWmdWorld, unloadWmdWorld } from "./wmd-world";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const refusedWith = (reason: string) => `NOBC.Notify.Refused ${JSON.stringify({ reason })}`;
const messages = () => [...chatFake.messages.values()] as unknown as Message[];
const cards = () => messages().filter((m) => m.type === "resolution");
const request = (m: Message) => (m.flags["nobc"] as Raw)["wmdRequest"] as Raw;
const system = (id: string) => actors.get(id)!.system;
const mapState = (): Raw => ((harness.scene!.flags["nobc"] as Raw | undefined)?.["mapState"] as Raw | undefined) ?? {};
const tokenActors = () => [...harness.scene!.tokens].map((t) => (t as unknown as { actorId: string }).actorId).map((id) => `Actor.${id}`);
const heldCards = () => actors.get("h1")!.items.map((i) => (i as unknown as { id: string }).id);

beforeEach(() => {
  actors = loadWmdWorld();
  (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"] = { randomUniform: () => 0.2 };
});
afterEach(() => {
  unloadWmdWorld();
  delete (globalThis as unknown as { CONFIG: Raw }).CONFIG["Dice"];
});

/** Player p1 asks for the release of a card; the message the GM's client posted. */
async function ask(card: string, change: Raw): Promise<Message> {
  chatFake.setUsers("p1");
  const dialog = (await landPhaseMacros.openWeaponRelease({ card }))!;
  await dialog.change(change);
  return (await dialog.resolve()) as Message;
}

describe("a player asks, Control releases", () => {
  it("nuclear: the request waits for a GM; Release rolls the GM's 2d6 and posts the card; Apply writes it, Undo puts it back", async () => {
    const asked = await ask(NUC, { hex: "0302", ident0: INT, ident1: RECCE });
    // The GM's client answered and authored the request; nothing is resolved yet.
    expect(chatFake.users.get("gm")!.queries.map((q) => q.name)).toEqual(["nobc.resolve"]);
    expect(asked.author?.id).toBe("gm");
    expect(request(asked)).toMatchObject({ status: "pending", requestedBy: "p1", state: { card: NUC, target: "nuclear", hex: "0302" } });
    expect(cards()).toHaveLength(0);
    // Whispered to the GMs and the asker: the other side does not see the target before Control decides.
    expect((asked as unknown as { whisper: string[] }).whisper).toEqual(["gm", "gm2", "p1"]);

    // The player cannot release it, on their own client.
    expect(await releaseWmdRequest(asked.id)).toBeNull();
    expect(warnings()).toEqual([refusedWith("NOBC.Land.Wmd.Refused.gmOnly")]);
    expect(cards()).toHaveLength(0);

    chatFake.actAs("gm");
    const posted = (await releaseWmdRequest(asked.id)) as Message;
    expect(posted.author?.id).toBe("gm");
    expect(posted.system["requestedBy"]).toBe("p1");
    // Two dice of 2 (randomUniform 0.2): 4 hits, MRD 1's strength.
    expect(posted.system["effects"]).toEqual([
      { type: "hits", actor: "Actor.w1", amount: 4 },
      { type: "eliminated", actor: "Actor.w1" },
      { type: "supplyCountersEliminated", hexes: ["0302"] },
      { type: "supply", actor: "Actor.w1", delta: -1 },
      { type: "contaminated", hex: "0302" },
      { type: "cardDiscarded", card: NUC },
    ]);
    expect(posted.system["holds"]).toEqual([`card:${NUC}`, `card:${INT}`, `card:${RECCE}`]);
    expect(request(chatFake.messages.get(asked.id) as unknown as Message)).toMatchObject({ status: "released", card: posted.id });

    // Released once: a second Release is refused, and so is a new request for the card.
    expect(await releaseWmdRequest(asked.id)).toBeNull();
    expect(warnings().at(-1)).toBe(refusedWith("NOBC.Land.Wmd.Refused.closed"));
    await ask(NUC, { hex: "0302", ident0: INT, ident1: RECCE });
    expect(messages()).toHaveLength(2);
    // Refused before any die: the released card holds the weapon card.
    expect(warnings().at(-1)).toContain("NOBC.Request.Refused.held");

    chatFake.actAs("gm");
    const strength = system("w1")["strength"];
    expect(tokenActors()).toContain("Actor.w1");
    expect(await requestCardAction("apply", posted.id)).toEqual({ ok: true });
    expect(system("w1")["supply"]).toBe(0);
    expect(system("w1")["strength"]).not.toEqual(strength);
    expect(heldCards()).not.toContain("nuc1");
    // The scene: the hex is contaminated, the eliminated unit's token is gone.
    expect(mapState()["contaminated"]).toEqual({ "0302": true });
    expect(tokenActors()).not.toContain("Actor.w1");
    expect(await requestCardAction("undo", posted.id)).toEqual({ ok: true });
    expect(system("w1")["supply"]).toBe(1);
    expect(system("w1")["strength"]).toEqual(strength);
    expect(heldCards()).toContain("nuc1");
    expect(mapState()["contaminated"] ?? {}).toEqual({});
    expect(tokenActors()).toContain("Actor.w1");
  });

  it("ADM on a bridge: the player's request, Control's release, the card with the bridge, contamination and the card spent", async () => {
    const asked = await ask(ADM, { target: "admBridges", hex: "0101", otherHex: "0201" });
    chatFake.actAs("gm");
    const posted = (await releaseWmdRequest(asked.id)) as Message;
    expect(posted.system["effects"]).toEqual([
      { type: "bridgeDestroyed", hexside: "0101|0201" },
      { type: "contaminated", hex: "0101" },
      { type: "contaminated", hex: "0201" },
      { type: "cardDiscarded", card: ADM },
    ]);
    expect(await requestCardAction("apply", posted.id)).toEqual({ ok: true });
    expect(heldCards()).not.toContain("adm1");
    expect(mapState()["destroyedBridges"]).toEqual({ "0101|0201": true });
    expect(mapState()["contaminated"]).toEqual({ "0101": true, "0201": true });
    // The bridge is gone from the map: another ADM on it is refused, naming the hexside.
    const again = (await landPhaseMacros.openWeaponRelease({ card: ADM2 }))!;
    await again.change({ hex: "0101", otherHex: "0201" });
    expect(await again.resolve()).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Land.Check.noBridge");
    expect(await requestCardAction("undo", posted.id)).toEqual({ ok: true });
    expect(mapState()["destroyedBridges"] ?? {}).toEqual({});
    expect(mapState()["contaminated"] ?? {}).toEqual({});
    expect(heldCards()).toContain("adm1");
  });

  it("a request the rules refuse is not sent on: nothing is posted, every reason warned", async () => {
    chatFake.setUsers("p1");
    const dialog = (await landPhaseMacros.openWeaponRelease({ card: ADM }))!;
    await dialog.change({ target: "admAutobahn", hex: "0101" });
    expect(await dialog.resolve()).toBeNull();
    expect(messages()).toHaveLength(0);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain("NOBC.Land.Wmd.Check.noAutobahn");
  });
});

describe("Control refuses", () => {
  it("Refuse needs a reason; it closes the request with it, and the card can no longer be released from it", async () => {
    const asked = await ask(ADM, { target: "admAutobahn", hex: "0202" });
    chatFake.actAs("gm");
    expect(await refuseWmdRequest(asked.id, "   ")).toBe(false);
    expect(warnings().at(-1)).toBe(refusedWith('NOBC.Land.Wmd.Refused.reason {"max":"500"}'));
    expect(await refuseWmdRequest(asked.id, "Not before turn 3")).toBe(true);
    expect(request(chatFake.messages.get(asked.id) as unknown as Message)).toMatchObject({
      status: "refused",
      reason: "Not before turn 3",
    });
    expect(await releaseWmdRequest(asked.id)).toBeNull();
    expect(cards()).toHaveLength(0);
    // Refused, the card may be asked for again.
    await ask(ADM, { target: "admAutobahn", hex: "0202" });
    expect(messages()).toHaveLength(2);
  });
});

describe("a GM is Control", () => {
  it("releases and resolves at once: the card is posted with no request, the autobahn cut", async () => {
    chatFake.setUsers("gm");
    const dialog = (await landPhaseMacros.openWeaponRelease({ card: ADM, hex: "0202" }))!;
    await dialog.change({ target: "admAutobahn" });
    const posted = (await dialog.resolve()) as Message;
    expect(posted.type).toBe("resolution");
    expect(posted.system["effects"]).toEqual([
      { type: "autobahnCut", hex: "0202" },
      { type: "contaminated", hex: "0202" },
      { type: "cardDiscarded", card: ADM },
    ]);
    expect(messages()).toHaveLength(1);
    expect(await requestCardAction("apply", posted.id)).toEqual({ ok: true });
    expect(mapState()["cutAutobahn"]).toEqual({ "0202": true });
    expect(mapState()["contaminated"]).toEqual({ "0202": true });
    expect(await requestCardAction("undo", posted.id)).toEqual({ ok: true });
    expect(mapState()["cutAutobahn"] ?? {}).toEqual({});
  });
});

describe("the support card sheet's button", () => {
  const item = (id: string) => actors.get("h1")!.items.find((i) => (i as unknown as { id: string }).id === id)!;

  it("opens the release dialog for that card on the targeted token's hex; it writes and posts nothing itself", async () => {
    chatFake.setUsers("p1");
    (harness.game["user"] as Raw)["targets"] = new Set([{ actor: { uuid: "Actor.w1" } }]);
    const sheet = new SupportCardSheet({ document: item("nuc1") as never });
    const askRelease = SupportCardSheet.DEFAULT_OPTIONS.actions.askRelease as (this: unknown, e: Event, t: HTMLElement) => Promise<void>;
    await askRelease.call(sheet, new Event("click"), { dataset: {} } as unknown as HTMLElement);
    const opened = sheetsFake.appRenders.map((r) => r.app as NobcDialog);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.dialogState).toEqual({ card: NUC, target: "nuclear", hex: "0302", otherHex: "", identification: ["", ""] });
    expect(chatFake.messages.size).toBe(0);
    expect(harness.Actor.calls).toEqual([]);
  });

  it("the HQ sheet's card row opens the same dialog for the row's card; a read-only sheet opens nothing", async () => {
    chatFake.setUsers("p1");
    const sheet = new HqSheet({ document: actors.get("h1") as never });
    const askRelease = HqSheet.DEFAULT_OPTIONS.actions.askRelease as (this: unknown, e: Event, t: HTMLElement) => Promise<void>;
    const row = { dataset: { uuid: ADM } } as unknown as HTMLElement;
    await askRelease.call(sheet, new Event("click"), row);
    const opened = sheetsFake.appRenders.map((r) => r.app as NobcDialog);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.dialogState).toMatchObject({ card: ADM, target: "admBridges", hex: "" });
    expect(chatFake.messages.size).toBe(0);
    expect(harness.Actor.calls).toEqual([]);
    (sheet as unknown as { isEditable: boolean }).isEditable = false;
    await askRelease.call(sheet, new Event("click"), row);
    expect(sheetsFake.appRenders).toHaveLength(1);
  });

  it("a card row is releasable only for a nuclear or ADM card held by an HQ", () => {
    const row = (category: string, held: boolean) =>
      cardRow({
        id: "c",
        uuid: "Actor.h1.Item.c",
        name: "Card",
        img: "",
        side: "nato",
        category: category as never,
        value: 0,
        modifier: 0,
        assignedTo: null,
        holder: held ? { uuid: "Actor.h1", name: "I Corps" } : null,
      }).releasable;
    expect([row("nuclear", true), row("adm", true), row("nuclear", false), row("engineer", true)]).toEqual([true, true, false, false]);
  });

  it("the dialog's Targeted token button takes the targeted token's hex; none targeted leaves the hex", async () => {
    chatFake.setUsers("p1");
    const dialog = (await landPhaseMacros.openWeaponRelease({ card: ADM }))!;
    await dialog.act("useTarget", {} as HTMLElement);
    expect((dialog.dialogState as { hex: string }).hex).toBe("");
    (harness.game["user"] as Raw)["targets"] = new Set([{ actor: { uuid: "Actor.w3" } }]);
    await dialog.act("useTarget", {} as HTMLElement);
    expect((dialog.dialogState as { hex: string }).hex).toBe("0201");
  });

  it("a card sheet offers the button only for a nuclear or ADM card held by an HQ", () => {
    const ctx = (category: string, holder: boolean) =>
      supportCardSheetContext(
        { side: "nato", category, value: 0, modifier: 0, afterUse: "discard", assignedTo: null, description: "" } as never,
        {
          holder: holder ? { uuid: "Actor.h1", name: "I Corps" } : null,
          assignedTo: null,
          enrichedDescription: "",
        } as never,
      ).releasable;
    expect([ctx("nuclear", true), ctx("adm", true), ctx("nuclear", false), ctx("ssm", true)]).toEqual([true, true, false, false]);
  });
});
