/**
 * A card's sector (issue #31): stamped on the card by the active GM's client when it posts it, from
 * the battlefield (Control's reader, set on init); left off the card in a double-blind world, where
 * a card's data reaches whoever sees the message, and read afresh when a ruling is checked.
 */
import "../../harness/install";
import { chatFake } from "../../harness/chat-fake";
import { loadActors } from "../../harness/actors";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../../harness/foundry";
import { registerSettings } from "../../../src/base/settings";
import { registerControlQueue } from "../../../src/apps/control/register";
import { cardSectorNow, postResolution } from "../../../src/chat/resolution-card";
import { readCard } from "../../../src/chat/card-data";
import { smallMap } from "../../map/fixture";
import { at, specs } from "../land/fixture";

beforeEach(() => {
  harness.reset();
  registerSettings();
  chatFake.reset();
  chatFake.setUsers("gm");
  registerControlQueue();
  loadActors(specs(), at);
  harness.setSceneFlag("terrain", smallMap());
});

async function post(): Promise<ReturnType<typeof readCard>> {
  const message = (await postResolution({
    title: "Hits",
    resolution: { breakdown: [], rolls: [], outcome: "", effects: [{ type: "hits", actor: "Actor.u1", amount: 1 }] },
    action: "groundCombat.plan",
  })) as { system: unknown };
  return readCard(message.system);
}

describe("a card's sector", () => {
  it("is stamped when posted: the war of its action's stage, the HQ chain and hex of what it touches", async () => {
    const card = await post();
    expect(card?.sector).toEqual({ war: "land", hqs: ["Actor.h1"], hex: expect.stringMatching(/^\d{4}$/) });
  });

  it("is left off the card in a double-blind world, and read afresh when a ruling is checked", async () => {
    harness.settingsStore.set("nobc.hiddenInformation", "doubleBlind");
    const card = await post();
    expect(card?.sector).toBeUndefined();
    expect(cardSectorNow(card!)).toMatchObject({ war: "land", hqs: ["Actor.h1"] });
  });
});
