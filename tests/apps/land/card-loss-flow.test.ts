/**
 * The card-loss choice through the GM (#17): a rear-area card with "HQ must give up 1 card" is
 * applied; the HQ's owner asks the GM to discard one of its cards; the GM posts the card, Apply
 * removes the card and Undo puts it back. The attack's card says whose choice it awaits until then.
 */
import "../../harness/install";
import { sheetsFake } from "../../harness/sheets-fake";
import { chatFake } from "../../harness/chat-fake";
import { registerRequests } from "../../harness/requests";
import { loadActors } from "../../harness/actors";
import { beforeEach, afterEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../../harness/foundry";
import { clearDialogRegistry } from "../../../src/apps/base/registry";
import { requestResolution } from "../../../src/apps/base/request";
import { requestCardAction } from "../../../src/queries/register";
import { postResolution } from "../../../src/chat/resolution-card";
import { CARD_LOSS } from "../../../src/apps/land/dialogs";
import { awaitedChoices } from "../../../src/apps/land/card-loss/card-note";
import { smallMap } from "../../map/fixture";
import { at, specs } from "./fixture";

let actors: Map<string, FakeActorT>;
const A = (id: string) => `Actor.${id}`;
const C = (id: string) => `Actor.h1.Item.${id}`;

beforeEach(() => {
  harness.reset();
  sheetsFake.reset();
  chatFake.reset();
  registerRequests([CARD_LOSS]);
  actors = loadActors(specs(), at);
  harness.setSceneFlag("terrain", smallMap());
  chatFake.own(actors.get("h1")!, "p1");
});
afterEach(() => clearDialogRegistry());

async function appliedAttack(): Promise<string> {
  chatFake.setUsers("gm");
  const attack = (await postResolution({
    title: "Rear-area attack",
    resolution: { breakdown: [], rolls: [], outcome: {}, effects: [{ type: "hqCardsLost", actor: A("h1"), count: 1 }] },
  })) as { id: string };
  expect(await requestCardAction("apply", attack.id)).toEqual({ ok: true });
  return attack.id;
}

const heldIds = () => [...actors.get("h1")!.items].map((i) => (i as { id: string }).id);
const note = (id: string) =>
  awaitedChoices(chatFake.messages.get(id) as never)
    .map((a) => `${a.text}${a.mayChoose ? " [choose]" : ""}`)
    .join("\n");

describe("the HQ's owner chooses the cards it gives up; the GM writes them", () => {
  it("allowed: the owner's choice is posted by the GM, applied (the card leaves the HQ) and undone (it is back)", async () => {
    const source = await appliedAttack();
    expect(note(source)).toContain("NOBC.MapRules.CardLoss.Awaiting");
    expect(note(source)).toContain("p1");
    // The GM may choose for the owner; another player sees the line without the button.
    expect(note(source)).toContain("[choose]");
    chatFake.setUsers("p2");
    expect(note(source)).not.toContain("[choose]");
    expect(heldIds()).toContain("e1");
    chatFake.setUsers("p1");
    const asked = await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: [C("e1")] });
    expect(asked.ok).toBe(true);
    const choice = [...chatFake.messages.values()].at(-1) as unknown as {
      id: string;
      system: { effects: unknown[]; requestedBy?: string };
    };
    expect(choice.system.effects).toEqual([{ type: "cardDiscarded", card: C("e1") }]);
    expect(choice.system.requestedBy).toBe("p1");
    // Posted: no longer awaited.
    expect(note(source)).toBe("");
    chatFake.setUsers("gm");
    expect(await requestCardAction("apply", choice.id)).toEqual({ ok: true });
    expect(heldIds()).not.toContain("e1");
    expect(await requestCardAction("undo", choice.id)).toEqual({ ok: true });
    expect(heldIds()).toContain("e1");
  });

  it("refused: another player, the wrong number of cards, a card not the HQ's, a second choice for the same attack", async () => {
    const source = await appliedAttack();
    const before = chatFake.messages.size;
    chatFake.setUsers("p2");
    expect((await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: [C("e1")] })).ok).toBe(false);
    chatFake.setUsers("p1");
    expect((await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: [] })).ok).toBe(false);
    expect((await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: ["Actor.w0.Item.x"] })).ok).toBe(false);
    expect((await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: [C("e1"), C("sig1"), C("int1")] })).ok).toBe(false);
    expect(chatFake.messages.size).toBe(before);
    expect((await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: [C("sig1")] })).ok).toBe(true);
    expect((await requestResolution(CARD_LOSS.id, { source, hq: A("h1"), cards: [C("e1")] })).ok).toBe(false);
    expect(chatFake.messages.size).toBe(before + 1);
    expect(heldIds()).toContain("e1");
  });
});
