/**
 * Control's release of nuclear and ADM cards is the GM's alone: a player cannot send a release, act
 * on a request, forge one, or ask for another side's card; only a GM sees the Release and Refuse buttons.
 */
import "../harness/install";
import "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { requestResolution } from "../../src/apps/base/request";
import { WMD } from "../../src/apps/land/dialogs";
import { refuseWmdRequest, releaseWmdRequest } from "../../src/apps/land/wmd/request";
import { wireWmdRequest } from "../../src/apps/land/wmd/request-card";
import { ADM, INT, NUC, RECCE } from "../apps/land/wmd-fixture";
import { loadWmdWorld, unloadWmdWorld } from "../apps/land/wmd-world";

type Raw = Record<string, unknown>;
let actors: Map<string, FakeActorT>;

const warnings = () => harness.notices.filter((n) => n.level === "warn").map((n) => n.message);
const state = { card: NUC, target: "nuclear", hex: "0302", otherHex: "", identification: [INT, RECCE] };
const create = async (data: object) => (await (ChatMessage as unknown as { create(d: object): Promise<{ id: string }> }).create(data)).id;
const flagOf = (id: string) => ((chatFake.messages.get(id) as unknown as { flags: Raw }).flags["nobc"] as Raw)["wmdRequest"] as Raw;

beforeEach(() => {
  actors = loadWmdWorld();
});
afterEach(() => {
  unloadWmdWorld();
});

describe("a player cannot release", () => {
  it("a request carrying a release (or any field the dialog does not have) is refused by the GM, naming it; nothing posted", async () => {
    chatFake.setUsers("p1");
    expect(await requestResolution(WMD.id, { ...state, umpireConfirmed: true })).toEqual({ ok: false });
    expect(chatFake.messages.size).toBe(0);
    expect(warnings()[0]).toContain("NOBC.Chat.Refused.badRequest");
    expect(warnings()[0]).toContain("umpireConfirmed");
  });

  it("a player's Release or Refuse of a real request does nothing, on their own client", async () => {
    chatFake.setUsers("p1");
    expect(await requestResolution(WMD.id, state)).toMatchObject({ ok: true });
    const [id] = [...chatFake.messages.keys()];
    expect(await releaseWmdRequest(id!)).toBeNull();
    expect(await refuseWmdRequest(id!, "no")).toBe(false);
    expect(flagOf(id!)["status"]).toBe("pending");
    expect(chatFake.messages.size).toBe(1);
    expect(warnings().filter((w) => w.includes("NOBC.Land.Wmd.Refused.gmOnly"))).toHaveLength(2);
  });

  it("a request a player wrote themselves (the flag on their own message) is no request: the GM's Release refuses it", async () => {
    chatFake.setUsers("p1");
    const forged = await create({
      content: "<div class='nobc-wmd-request'></div>",
      flags: { nobc: { wmdRequest: { state, requestedBy: "p1", status: "pending" } } },
    });
    chatFake.actAs("gm");
    expect(await releaseWmdRequest(forged)).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Land.Wmd.Refused.notRequest");
    expect(chatFake.messages.size).toBe(1);
  });

  it("a player of the other side may not ask for I Corps' card (wrong side): denied, nothing posted", async () => {
    chatFake.setUsers("p2");
    expect(await requestResolution(WMD.id, { ...state, card: ADM, target: "admAutobahn", hex: "0202" })).toEqual({ ok: false });
    expect(warnings()[0]).toContain("NOBC.Land.Refused.notYourHq");
    expect(chatFake.messages.size).toBe(0);
  });

  it("a GM's Release re-checks the asker: once the player no longer holds the HQ, the release is refused", async () => {
    chatFake.setUsers("p1");
    await requestResolution(WMD.id, state);
    const [id] = [...chatFake.messages.keys()];
    chatFake.disown(actors.get("h1")!);
    chatFake.actAs("gm");
    expect(await releaseWmdRequest(id!)).toBeNull();
    expect(warnings().at(-1)).toContain("NOBC.Land.Refused.notYourHq");
    expect(flagOf(id!)["status"]).toBe("pending");
  });
});

/** A request message's element with no DOM: the status line and the controls' box record what is put in them. */
function requestElement() {
  const made: { tag: string; dataset: Raw; textContent: string }[] = [];
  const ownerDocument = {
    createElement: (tag: string) => {
      const node = {
        tag,
        dataset: {},
        textContent: "",
        type: "",
        name: "",
        placeholder: "",
        maxLength: 0,
        setAttribute: () => undefined,
        addEventListener: () => undefined,
      };
      made.push(node);
      return node;
    },
  };
  const status = { textContent: "" };
  const controls = {
    children: [] as unknown[],
    replaceChildren: () => void (controls.children = []),
    append: (...c: unknown[]) => controls.children.push(...c),
  };
  const root = {
    ownerDocument,
    querySelector: (sel: string) => (sel === ".wmd-status" ? status : sel === ".wmd-controls" ? controls : null),
  };
  const el = { querySelector: (sel: string) => (sel === ".nobc-wmd-request" ? root : null) } as unknown as HTMLElement;
  return { el, status, controls };
}

describe("the request message in chat", () => {
  const flags = { nobc: { wmdRequest: { state, requestedBy: "p1", status: "pending" } } };
  const gm = { isGM: true };

  it("shows its status to everyone and the Release / Refuse controls to a GM only", () => {
    chatFake.setUsers("p1");
    const seen = requestElement();
    wireWmdRequest({ id: "m1", flags, author: gm }, seen.el);
    expect(seen.status.textContent).toBe("NOBC.Land.Wmd.Status.pending");
    expect(seen.controls.children).toHaveLength(0);
    chatFake.actAs("gm");
    const gmSees = requestElement();
    wireWmdRequest({ id: "m1", flags, author: gm }, gmSees.el);
    expect(gmSees.controls.children.map((c) => (c as { dataset: Raw }).dataset["nobcWmd"])).toEqual([undefined, "release", "refuse"]);
  });

  it("a closed request offers no controls; a player's lookalike is left as it is", () => {
    chatFake.setUsers("gm");
    const refused = requestElement();
    const closed = { nobc: { wmdRequest: { state, requestedBy: "p1", status: "refused", reason: "Not yet" } } };
    wireWmdRequest({ id: "m1", flags: closed, author: gm }, refused.el);
    expect(refused.status.textContent).toBe('NOBC.Land.Wmd.Status.refused {"reason":"Not yet"}');
    expect(refused.controls.children).toHaveLength(0);
    const lookalike = requestElement();
    wireWmdRequest({ id: "m2", flags, author: { isGM: false } }, lookalike.el);
    expect(lookalike.status.textContent).toBe("");
    expect(lookalike.controls.children).toHaveLength(0);
  });
});
