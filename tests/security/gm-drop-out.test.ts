/**
 * Issue #29, seen 12: a GM client that dropped out mid-Apply left the documents written and the
 * card pending and unmarked, and the next GM applied it again (a 1-hit card dealt 2 hits). The model
 * (src/queries/card-actions.ts): the card is marked "applying" (or "undoing") with its plan before
 * any document is written; the GM client that becomes the active GM (`userConnected`) compares the
 * documents with the plan of each card left so, finishes or reverses it, and says which in chat.
 * Run in the multi-client harness (tests/harness/clients.ts) with a 40 ms delay.
 */
import "../harness/install";
import { describe, expect, it, vi } from "vitest";
import { Network } from "../harness/clients";
import type { WireCall } from "../harness/foundry";
import { gmTable, hit, openGmNetwork, type GmTable } from "./gm-clients";

vi.setConfig({ testTimeout: 60_000 });

let net: Network;
openGmNetwork(40, (opened) => (net = opened));

const actorWrite = (call: WireCall): boolean => call.kind === "class" && call.target === "Actor";
const cardMarked = (state: string) => (call: WireCall) =>
  call.kind === "message" && call.method === "update" && (call.args[0] as Record<string, unknown>)["system.state"] === state;

/** The chat notices the GMs read (plain messages, not cards), as gm2 holds them. */
function notices(t: GmTable): string[] {
  return t.gm2.run(() => [...t.gm2.entry.chatFake.messages.values()].filter((m) => m.type === "base").map((m) => m.content));
}

/** Whom each notice went to: the GMs alone (a card's title can name units the other side does not know). */
function noticeReaders(t: GmTable): string[][] {
  return t.gm2.run(() => [...t.gm2.entry.chatFake.messages.values()].filter((m) => m.type === "base").map((m) => [...m.whisper].sort()));
}

describe("a GM client dropping out mid-Apply", () => {
  it("after the documents were written: the next active GM finds the card applying, marks it applied and says so; it is not applied twice", async () => {
    const t = await gmTable({ units: 1, delay: 40, net });
    const x = await t.post(hit(t.unitUuid("u0")));
    net.whenSent(actorWrite, () => net.dropOut(t.gm));
    void t.act(t.gm, "apply", x);
    await net.settle();
    expect(t.strength(t.gm2, "u0")).toBe(3);
    expect(t.card(t.gm2, x)["state"]).toBe("applied");
    expect(notices(t)).toEqual([expect.stringContaining("NOBC.CardAuth.Recovered.finished")]);
    expect(noticeReaders(t)).toEqual([["gm", "gm2"]]);
    // The new active GM's click: refused, the hit is dealt once.
    expect(await t.act(t.gm2, "apply", x)).toEqual({ ok: false, reason: "NOBC.Chat.Refused.notPending" });
    await net.settle();
    expect(t.strength(t.gm2, "u0")).toBe(3);
  });

  it("before any document was written: the card is pending again, nothing put back is lost, and applied once it lands once", async () => {
    const t = await gmTable({ units: 1, delay: 40, net });
    const x = await t.post(hit(t.unitUuid("u0")));
    net.whenSent(cardMarked("applying"), () => net.dropOut(t.gm));
    void t.act(t.gm, "apply", x);
    await net.settle();
    expect(t.strength(t.gm2, "u0")).toBe(4);
    expect(t.card(t.gm2, x)["state"]).toBe("pending");
    expect(notices(t)).toEqual([expect.stringContaining("NOBC.CardAuth.Recovered.reversed")]);
    expect(await t.act(t.gm2, "apply", x)).toEqual({ ok: true });
    await net.settle();
    expect(t.strength(t.gm2, "u0")).toBe(3);
  });

  it("mid-Undo, after the documents were written back: the card stands undone", async () => {
    const t = await gmTable({ units: 1, delay: 40, net });
    const x = await t.post(hit(t.unitUuid("u0")));
    expect(await t.act(t.gm, "apply", x)).toEqual({ ok: true });
    await net.settle();
    net.whenSent(actorWrite, () => net.dropOut(t.gm));
    void t.act(t.gm, "undo", x);
    await net.settle();
    expect(t.strength(t.gm2, "u0")).toBe(4);
    expect(t.card(t.gm2, x)["state"]).toBe("reverted");
    expect(notices(t)).toEqual([expect.stringContaining("NOBC.CardAuth.Recovered.undoFinished")]);
  });
});
