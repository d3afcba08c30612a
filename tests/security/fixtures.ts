/**
 * The land world the security tests start from: the harness and its fakes reset, the settings and
 * the requests of `dialogs` registered, the test map (tests/map/fixture.ts) as the viewed scene's
 * terrain, and no token controlled. The actors are the tests' own (tests/harness/actors.ts).
 */
import { harness } from "../harness/foundry";
import { sheetsFake } from "../harness/sheets-fake";
import { chatFake } from "../harness/chat-fake";
import { registerRequests } from "../harness/requests";
import { registerSettings } from "../../src/base/settings";
import type { DialogEntry } from "../../src/apps/base/entries";
import { smallMap } from "../map/fixture";

const board = (globalThis as unknown as { canvas: { tokens: Record<string, unknown> } }).canvas;

export function landRequestWorld(dialogs: Iterable<DialogEntry>): void {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerSettings();
  registerRequests(dialogs);
  harness.canvasState.sceneFlags!.set("nobc.terrain", smallMap());
  board.tokens["controlled"] = [];
}
