/**
 * Whether the world changed on this client since a moment: `watchWorld(onChange)` calls `onChange` on
 * every hook of a document a world read may depend on (and on a new canvas, a token selected or
 * targeted, a change of teams), until the function it returns is called. A window that keeps a
 * reading drops it when told.
 */
import { TEAMS_CHANGED_HOOK } from "../teams/read";

const DOCUMENTS = ["Actor", "Item", "Token", "Scene", "Combat", "Combatant", "ChatMessage", "Setting", "User", "JournalEntry"];
const HOOKS = [
  ...DOCUMENTS.flatMap((d) => [`create${d}`, `update${d}`, `delete${d}`]),
  "clientSettingChanged",
  "controlToken",
  "targetToken",
  "canvasReady",
  TEAMS_CHANGED_HOOK,
];

/** Calls `onChange` on each change of the world from now on; the answer stops it. */
export function watchWorld(onChange: () => void): () => void {
  const handler = (): void => onChange();
  const ids = HOOKS.map((hook) => [hook, Hooks.on(hook as never, handler as never)] as const);
  return () => {
    for (const [hook, id] of ids) Hooks.off(hook as never, id);
  };
}
