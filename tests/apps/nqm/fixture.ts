/** The NQM fixture's units as harness actors, and Foundry's dice scripted. */
import { afterEach, beforeEach } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { sheetsFake } from "../../harness/sheets-fake";
import { registerRequests } from "../../harness/requests";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { NQM_DIALOGS } from "../../../src/apps/nqm/dialogs";
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

/**
 * A describe block's NQM world in Foundry: before each test the harness is reset, the NQM dialogs answer
 * requests and the fixture's units are loaded; dice scripted with `dice` and the dialog registry are put
 * back after each test.
 */
export function nqmInFoundry(): { readonly actors: Map<string, FakeActorT>; dice(faces: readonly number[]): void } {
  let actors = new Map<string, FakeActorT>();
  let restore: () => void = () => undefined;
  beforeEach(() => {
    harness.reset();
    sheetsFake.reset();
    chatFake.reset();
    registerRequests(NQM_DIALOGS);
    actors = loadNqmActors();
  });
  afterEach(() => {
    restore();
    restore = () => undefined;
    clearDialogRegistry();
  });
  return {
    get actors() {
      return actors;
    },
    dice(faces) {
      restore = scriptFoundryDice(faces);
    },
  };
}
