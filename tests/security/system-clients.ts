/**
 * The whole system on a GM's client and two players' (`p1`, `p2`) over the multi-client harness
 * (tests/harness/clients.ts, `system: true`), for the security tests of what a player can write
 * from the browser console (#29 seen 4, 9, 10, 11): each client runs src/nobc.ts as Foundry starts
 * it (`init`, the world, `ready`); a player's write goes through its own Foundry API to the server,
 * which checks its permission, and reaches the GM's client after the wire's delay with Foundry's
 * hook arguments and the writer's id, where the rules guard answers it.
 */
import { afterAll, beforeAll } from "vitest";
import { Network, removeAccessors, type Client } from "../harness/clients";
import type { FakeActorT, FakeDocumentT, FakeItemT, harness as Harness } from "../harness/foundry";

type Raw = Record<string, unknown>;
type HarnessT = typeof Harness;
export type TokenT = ReturnType<HarnessT["placeToken"]>;

/** The wire's delay, in ms (issue #29: 30–40 ms before one client sees another's write). */
export const DELAY = 40;

export interface SystemTable {
  readonly net: Network;
  readonly gm: Client;
  readonly p1: Client;
  readonly p2: Client;
  /** The server's copy, then each client's. */
  readonly copies: readonly Client[];
}

/** One network for the test file, opened before its tests (`set` receives it) and closed after them. */
export function openSystemNetwork(set: (table: SystemTable) => void): void {
  let net: Network | undefined;
  beforeAll(async () => {
    net = await Network.open({ users: ["gm", "p1", "p2"], delay: DELAY, system: true });
    const [gm, p1, p2] = [net.client("gm"), net.client("p1"), net.client("p2")];
    set({ net, gm, p1, p2, copies: [net.serverCopy, gm, p1, p2] });
  });
  afterAll(() => {
    net?.close();
    removeAccessors();
  });
}

/** Real time, for what the wire cannot see (a module the system loads lazily on `ready`). */
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until nothing is in flight and the network's log of accepted writes has stopped growing
 * across a short real pause: what `ready` starts (the GM's start-up check, the migration, whose
 * writer loads lazily) and every put-back the guard sends.
 */
export async function quiet(net: Network): Promise<void> {
  for (let seen = -1; seen !== net.log.length;) {
    seen = net.log.length;
    await net.settle();
    await pause(5);
    await net.settle();
  }
}

/**
 * A fresh world on every copy (`build` makes the same documents on each, as that client's code;
 * the actors it returns go in `game.actors`), every client's `ready`, and the wire quiet after it.
 */
export async function systemWorld(table: SystemTable, build: (h: HarnessT) => readonly FakeActorT[]): Promise<void> {
  await table.net.world((c) => {
    const actors = build(c.entry.harness);
    c.sheets?.actors.push(...actors);
  });
  await quiet(table.net);
}

/** A world actor made by `build` on one copy: given OWNER to `owner`. */
export function ownedActor(h: HarnessT, name: string, type: string, system: Raw, owner?: string): FakeActorT {
  const made = new h.Actor({ name, type, system });
  if (owner !== undefined) h.own(made, owner);
  return made;
}

/** Any document named `name` (an actor, an item of one) as `client`'s copy holds it. */
function named(client: Client, name: string): FakeDocumentT {
  const found = client.run(() => client.entry.harness.documents().find((d) => d.name === name));
  if (found === undefined) throw new Error(`${client.name} holds no document named ${name}`);
  return found;
}

/** Actor `name` as `client`'s copy holds it. */
export function docOn(client: Client, name: string): FakeActorT {
  const found = named(client, name);
  if (!(found instanceof client.entry.harness.Actor)) throw new Error(`${name} is not an actor`);
  return found;
}

/** Item `name` (of an actor) as `client`'s copy holds it. */
export function itemOn(client: Client, name: string): FakeItemT {
  const found = named(client, name);
  if (!(found instanceof client.entry.harness.Item)) throw new Error(`${name} is not an item`);
  return found;
}

/** Actor `actor`'s items on `client`'s copy. */
export function itemsOn(client: Client, actor: string): FakeItemT[] {
  return docOn(client, actor).items;
}

/** The scene `client` views, with its tokens. */
export function sceneOn(client: Client): { tokens: TokenT[] } {
  return client.run(() => client.entry.harness.scene!);
}

/** What `client`'s user was told whose text holds `key`. */
export function noticesOn(client: Client, key: string): string[] {
  return client.entry.harness.notices.filter((n) => n.message.includes(key)).map((n) => n.message);
}

/** Everything each client was told, by user. */
export function allNotices(table: SystemTable): Record<string, string[]> {
  return Object.fromEntries(table.net.clients.map((c) => [c.userId, c.entry.harness.notices.map((n) => n.message)]));
}

/** The document writes the server accepted from `from` on (not the settings the record keeps), as "writer method target". */
export function documentWrites(net: Network, from = 0): string[] {
  return net.log
    .slice(from)
    .filter((w) => w.call.kind !== "setting" && w.call.kind !== "user")
    .map((w) => `${w.by} ${w.call.method} ${w.call.target}`);
}

/** `fn` run as `client`'s code: the console of that user's browser. */
export function onConsole<T>(client: Client, fn: () => T): T {
  return client.run(fn);
}
