/**
 * The world the turn-stage tests start from: the harness and its chat fake reset, no stage entry
 * registered, and the system's chat hooks and settings registered as `init` registers them.
 */
import { harness } from "../harness/foundry";
import { chatFake } from "../harness/chat-fake";
import { registerChat } from "../../src/queries/card-controls";
import { registerSettings } from "../../src/base/settings";
import { clearStageRegistry } from "../../src/combat/registry";

export function resetStageWorld(): void {
  harness.reset();
  chatFake.reset();
  clearStageRegistry();
  registerChat();
  registerSettings();
}
