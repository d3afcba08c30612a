/**
 * The system started as Foundry starts it, for the security tests of the rules values (#29): the entry
 * point's `init` run once per file (every hook the system registers, whatever registers it), then each
 * test's world and a GM client's `ready`, on the one client the stand-in is. The tests of what a
 * player writes from the console play several clients over the wire instead (./system-clients.ts).
 */
import { chatFake } from "../harness/chat-fake";
import { harness, type FakeActorT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { RECORD_PARTS, recordKey } from "../../src/documents/rules-record";

const g = globalThis as unknown as { Hooks: { callAll(n: string, ...a: unknown[]): boolean } };

/** Once per file, after `import "../../src/nobc"`: the harness reset (the entry point's hooks kept), then Foundry's `init`. */
export function startSystem(): void {
  const entry = [...harness.hooks];
  harness.reset();
  harness.hooks.push(...entry);
  sheetsFake.reset();
  chatFake.reset();
  g.Hooks.callAll("init");
}

/** A fresh world for a test: no actors, messages, notices or record; a new viewed scene; the GM's client. */
export function freshWorld(): void {
  sheetsFake.actors.length = 0;
  sheetsFake.items.length = 0;
  chatFake.messages.clear();
  harness.notices.length = 0;
  harness.Actor.calls.length = 0;
  harness.Item.calls.length = 0;
  for (let n = 0; n < RECORD_PARTS; n++) harness.settingsStore.set(`nobc.${recordKey(n)}`, null);
  harness.tokenRights.create = false;
  harness.tokenRights.delete = false;
  // The last test's scenes go: their tokens would stand for this test's actors, which may reuse an id.
  harness.scenes.clear();
  harness.viewScene();
  chatFake.setUsers("gm");
}

/** Foundry's `ready` on the GM's client (the world is loaded), and what it started, awaited. */
export async function gmReady(as = "gm"): Promise<void> {
  chatFake.setUsers(as);
  g.Hooks.callAll("ready");
  await settle();
}

/** Lets the promises of hooks Foundry does not wait for run to their end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
}

/**
 * What the GM's client hears of a player's write, on the single client: the system's handlers of
 * `hook` run as `userId` with Foundry's arguments (the writing user's id last), then the test plays
 * `back` again. For checks of the guard's own logic; the same claims over the multi-client wire are
 * in the files that use ./system-clients.ts (e.g. token-shape-clients.test.ts).
 */
export async function heardOn(userId: string, hook: string, args: readonly unknown[], back: string): Promise<void> {
  chatFake.actAs(userId);
  try {
    for (const h of harness.hooks.filter((x) => x.name === hook)) await h.fn(...args);
    await settle();
  } finally {
    chatFake.actAs(back);
  }
}

/** A world actor (in `game.actors`) owned by `owner`, with the id `id` if given. */
export function actor(name: string, type: string, system: Record<string, unknown>, owner?: string, id?: string): FakeActorT {
  const made = new harness.Actor({ name, type, system, ...(id === undefined ? {} : { id }) });
  sheetsFake.actors.push(made);
  if (owner !== undefined) chatFake.own(made, owner);
  return made;
}
