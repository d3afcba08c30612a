/**
 * The nuclear and ADM world (./wmd-fixture.ts) put in the harness, for the tests that play the cards
 * through it (tests/apps/land/wmd-flow.test.ts, tests/security/wmd-release.test.ts): the actors and
 * their tokens on a scene with the test map, NATO's documents owned by p1 and the Warsaw Pact's by
 * p2, the Land dialogs and the nuclear dialog answering requests, and a turn tracker at turn 1.
 */
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { loadActors } from "../../harness/actors";
import { harness, type FakeActorT } from "../../harness/foundry";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { LAND_DIALOGS } from "../../../src/apps/land/register";
import { WMD } from "../../../src/apps/land/dialogs";
import { smallMap } from "../../map/fixture";
import { at } from "./fixture";
import { wmdSpecs } from "./wmd-fixture";

/** Resets the harness and its fakes and loads the world; returns the actors by id. */
export function loadWmdWorld(): Map<string, FakeActorT> {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([...LAND_DIALOGS, WMD]);
  const actors = loadActors(wmdSpecs(), at);
  harness.setSceneFlag("terrain", smallMap());
  for (const id of ["h1", "u1", "u2", "u3", "s1"]) chatFake.own(actors.get(id)!, "p1");
  for (const id of ["w0", "w1", "w2", "w3"]) chatFake.own(actors.get(id)!, "p2");
  harness.game["combats"] = [{ type: "nobcTurn", system: { turn: 1, stage: 13 } }]; // Rear Area Attacks
  return actors;
}

/** Takes the dialogs and the turn tracker away again. */
export function unloadWmdWorld(): void {
  clearDialogRegistry();
  delete harness.game["combats"];
}
