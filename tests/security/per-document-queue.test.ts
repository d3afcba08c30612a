/**
 * Issue #29, seen 14 (its first part): one write the server never answered froze every card action
 * on that GM for 20 s, as the GM's card actions ran one at a time. The model
 * (src/queries/card-actions.ts): the tasks queue per document (and per card, once-only key and
 * map), so an unanswered write holds only the cards that touch the same documents; the others go on
 * at once. Run in the multi-client harness (tests/harness/clients.ts) with a 40 ms delay; the
 * unanswered write is the stand-in's `stallWrites` on the GM's client.
 */
import "../harness/install";
import { describe, expect, it, vi } from "vitest";
import { Network } from "../harness/clients";
import { gmTable, hit, openGmNetwork } from "./gm-clients";

vi.setConfig({ testTimeout: 60_000 });

let net: Network;
openGmNetwork(40, (opened) => (net = opened));

/** What a promise has settled to after `ms` of real time, or "waiting". */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | "waiting"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"waiting">((resolve) => (timer = setTimeout(() => resolve("waiting"), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("a write the server never answers holds only the cards over the same documents", () => {
  it("a card on another unit is applied at once; one on the same unit waits", async () => {
    const t = await gmTable({ units: 2, delay: 40, net });
    const a = await t.post(hit(t.unitUuid("u0")));
    const b = await t.post(hit(t.unitUuid("u1")));
    const c = await t.post(hit(t.unitUuid("u0")));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    t.gm.run(() => t.gm.entry.harness.stallWrites(1));
    const stalled = t.act(t.gm, "apply", a);
    const same = t.act(t.gm, "apply", c);
    // Well under the 20 s time limit of a GM task.
    expect(await within(t.act(t.gm, "apply", b), 2_000)).toEqual({ ok: true });
    await net.settle();
    expect(t.strength(t.gm2, "u1")).toBe(3);
    expect(await within(same, 0)).toBe("waiting");
    expect(await within(stalled, 0)).toBe("waiting");
    expect(t.strength(t.gm2, "u0")).toBe(4);
  });
});
