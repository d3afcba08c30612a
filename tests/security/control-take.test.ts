/**
 * Taking an item of Control's queue with two GM clients over the multi-client harness (each client
 * runs the whole system): the umpire who is not the active GM asks it, the active GM's client writes
 * the take once, and every copy then shows who has it; two umpires taking one item at once get one
 * yes and one refusal, never two yeses.
 */
import "../harness/install";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import { quiet } from "./system-clients";

type Taken = typeof import("../../src/apps/control/taken");
interface Result {
  readonly ok: boolean;
  readonly reason?: string;
}

let net: Network;
let gm: Client;
let gm2: Client;

beforeAll(async () => {
  net = await Network.open({ users: ["gm", "gm2"], delay: 30, system: true });
  await net.world(() => undefined);
  await quiet(net);
  [gm, gm2] = [net.client("gm"), net.client("gm2")];
});
afterAll(() => {
  net.close();
  removeAccessors();
});

/** The active GM posts a "release requested" message, as the WMD request does; its id. */
async function postRelease(): Promise<string> {
  const posted = gm.run(() =>
    (ChatMessage as unknown as { create(d: object): Promise<{ id: string }> }).create({
      content: "release requested",
      flags: {
        nobc: {
          wmdRequest: {
            state: { card: "Actor.h1.Item.n", target: "nuclear", hex: "0202", otherHex: "", identification: ["", ""] },
            requestedBy: "gm",
            status: "pending",
          },
        },
      },
    }),
  );
  await net.settle();
  return (await posted).id;
}

async function takeAs(client: Client, item: string): Promise<Result> {
  const taken = await client.load<Taken>("src/apps/control/taken");
  return client.run(() => taken.requestTake(item, true));
}

async function holder(client: Client, item: string): Promise<string | undefined> {
  const taken = await client.load<Taken>("src/apps/control/taken");
  return client.run(() => taken.readTaken()[item]?.by);
}

describe("taking a queue item with two GM clients", () => {
  it("the umpire's take is written by the active GM's client and reaches every copy", async () => {
    const item = `wmd:${await postRelease()}`;
    const before = net.log.length;
    const taking = takeAs(gm2, item);
    await net.settle();
    expect(await taking).toEqual({ ok: true });
    await quiet(net);
    // The umpire's client writes only its own User's proof of who asks (once a session); the take is
    // one setting write, by the active GM's client.
    const writes = net.log.slice(before);
    expect(writes.filter((l) => l.call.kind !== "user").map((l) => [l.by, l.call.kind, l.call.target])).toEqual([
      ["gm", "setting", "nobc.controlTaken"],
    ]);
    expect(writes.filter((l) => l.call.kind === "user").map((l) => [l.by, l.call.target])).toEqual([["gm2", "gm2"]]);
    expect(await holder(gm, item)).toBe("gm2");
    expect(await holder(gm2, item)).toBe("gm2");
    expect(await holder(net.serverCopy, item)).toBe("gm2");
  });

  it("two umpires taking one item at once: one has it, the other is refused", async () => {
    const item = `wmd:${await postRelease()}`;
    // gm2 asks at once (its query reaches the active GM 30 ms later); the active GM takes it itself at
    // 10 ms, so its own setting write is still on the wire when gm2's request is answered.
    const asked: Promise<Result>[] = [];
    net.at(0, () => asked.push(takeAs(gm2, item)));
    net.at(10, () => asked.push(takeAs(gm, item)));
    await net.settle();
    const results = await Promise.all(asked);
    await quiet(net);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "NOBC.Control.Refused.takenByOther" }]);
    const winner = results[0]!.ok ? "gm2" : "gm";
    expect(await holder(gm, item)).toBe(winner);
    expect(await holder(gm2, item)).toBe(winner);
  });
});
