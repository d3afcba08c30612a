/** The NQM fixture's units as harness actors, and Foundry's dice scripted. */
import type { FakeActorT } from "../../harness/foundry";
import { loadActors } from "../../harness/actors";
import { chatFake } from "../../harness/chat-fake";
import { SPECS } from "./world-fixture";
import { registerSettings } from "../../../src/base/settings";

export { SPECS, nqmSystem, plainWorld } from "./world-fixture";

type Raw = Record<string, unknown>;

/** The same units as harness actors (the GM owns them all). */
export function loadNqmActors(): Map<string, FakeActorT> {
  const out = loadActors(
    SPECS.map((s) => ({ id: s.id, name: s.name, type: "nqmUnit", system: structuredClone(s.system) })),
    () => ({ x: 0, y: 0 }),
  );
  chatFake.setUsers("gm");
  // The NQM world reads its optional rule's setting.
  registerSettings();
  return out;
}

/** Foundry's random source giving these faces in turn (CONFIG.Dice.randomUniform). */
export function scriptFoundryDice(faces: readonly number[]): () => void {
  const queue = [...faces];
  const config = (globalThis as unknown as { CONFIG: Raw }).CONFIG;
  config["Dice"] = {
    randomUniform: () => {
      const face = queue.shift();
      if (face === undefined) throw new Error("scripted Foundry dice exhausted");
      return (face - 1) / 6 + 0.01;
    },
  };
  return () => {
    delete config["Dice"];
  };
}
