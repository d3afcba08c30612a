/**
 * The land world the security tests start from: the harness and its fakes reset, the settings and
 * the requests of `dialogs` registered, the test map (tests/map/fixture.ts) as the viewed scene's
 * terrain, and no token controlled. The actors are the tests' own (tests/harness/actors.ts).
 */
import { harness, type FakeActorT } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { registerSettings } from "../../src/base/settings";
import type { DialogEntry } from "../../src/apps/base/entries";
import { smallMap } from "../map/fixture";
import { loadActors } from "../harness/actors";
import { at, front, type ActorSpec } from "../apps/ground-combat/fixture";

const board = (globalThis as unknown as { canvas: { tokens: Record<string, unknown> } }).canvas;

export function landRequestWorld(dialogs: Iterable<DialogEntry>): void {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerSettings();
  registerRequests(dialogs);
  harness.setSceneFlag("terrain", smallMap());
  board.tokens["controlled"] = [];
}

/**
 * The planner's front (tests/apps/ground-combat/fixture.ts) in a land world with `dialogs`' requests:
 * p1 plays NATO (I Corps and its brigades), p2 the Warsaw Pact (1 GTA, its regiments, the Su-25s).
 */
export function frontWorld(dialogs: Iterable<DialogEntry>, specs: readonly ActorSpec[] = front()): Map<string, FakeActorT> {
  landRequestWorld(dialogs);
  const actors = loadActors(specs, at);
  for (const id of ["icorps", "n34", "n36", "nrec"]) chatFake.own(actors.get(id)!, "p1");
  for (const id of ["gta", "w1", "w2", "w3", "wart", "su25"]) chatFake.own(actors.get(id)!, "p2");
  return actors;
}
