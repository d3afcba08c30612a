/**
 * Issue #16, "Forged results": a Warsaw Pact player could post a card of their own (dice of their
 * choice, effects eliminating a NATO unit) and the GM's Apply wrote it. The model: a card is a
 * ChatMessage of type `resolution` that only the GM's client authors; a card whose author is not a
 * GM never offers Apply, and the GM refuses it. Old cards kept in flags are shown only.
 *
 * Before the fix the player's card (in `flags.nobc`) was applied by the GM and the NATO unit was
 * eliminated; now both the player's `resolution` message and a flag card are refused.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness, type FakeActorT } from "../harness/foundry";
import { decorateCard, registerChat } from "../../src/queries/card-controls";
import { requestCardAction } from "../../src/queries/register";

type Raw = Record<string, unknown>;

let nato: FakeActorT;

const strength = (actor: FakeActorT): unknown => (actor.system["strength"] as Raw)["value"];

/** The effects a forger wants: the NATO unit eliminated. */
const forgedEffects = (): Raw[] => [{ type: "eliminated", actor: nato.uuid }];

/** A card's element, with Apply and Undo buttons and a state line (no DOM here). */
function cardElement() {
  const buttons = ["apply", "undo"].map((kind) => ({
    dataset: { nobcCard: kind },
    hidden: false,
    disabled: false,
    listeners: 0,
    addEventListener() {
      this.listeners += 1;
    },
  }));
  const node = () => ({ append: () => undefined, textContent: "", className: "" });
  const ownerDocument = { createElement: node };
  const stateLine = { textContent: "", before: () => undefined };
  const changes = { replaceChildren: () => undefined, ownerDocument };
  const classes = new Set<string>();
  const root = {
    classList: { toggle: (c: string, on: boolean) => (on ? classes.add(c) : classes.delete(c)), add: (c: string) => classes.add(c) },
    ownerDocument,
    querySelector: (sel: string) => (sel === ".card-state" ? stateLine : sel === ".card-changes" ? changes : null),
    querySelectorAll: (sel: string) => (sel.includes("button[data-nobc-card]") ? buttons : []),
  };
  // The message element: its classes and what is placed in it outside the author's content.
  const outer = new Set<string>();
  const placed: { className: string; textContent: string }[] = [];
  const el = {
    classList: { add: (c: string) => outer.add(c) },
    ownerDocument,
    prepend: (n: { className: string; textContent: string }) => void placed.push(n),
    querySelector: (sel: string) => (sel === ".nobc-resolution-card" ? root : sel.startsWith(".nobc-resolution-card,") ? root : null),
  } as unknown as HTMLElement;
  return { el, buttons, stateLine, classes, outer, placed };
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
  nato = new harness.Actor({ name: "3 Pz Bde", type: "unit", system: { side: "nato", strength: { value: 4, max: 4 }, supply: 1 } });
  chatFake.own(nato, "p1");
});

describe("a player's own message carrying card data", () => {
  async function forge(): Promise<string> {
    chatFake.setUsers("p2");
    const message = await (ChatMessage as unknown as { create(d: object): Promise<{ id: string }> }).create({
      type: "resolution",
      content: "<div class='nobc-resolution-card'>Ground combat: 6, 6</div>",
      speaker: { alias: "Umpire" },
      system: { effects: forgedEffects(), state: "pending" },
    });
    return message.id;
  }

  it("offers no Apply to anyone, the GM included, and says it is never applied", async () => {
    const id = await forge();
    for (const viewer of ["gm", "p1", "p2"]) {
      chatFake.actAs(viewer);
      const view = cardElement();
      decorateCard(chatFake.messages.get(id)!, view.el);
      expect(view.buttons.map((b) => [b.hidden, b.disabled, b.listeners])).toEqual([
        [true, true, 0],
        [true, true, 0],
      ]);
      expect(view.stateLine.textContent).toBe("NOBC.CardAuth.State.notGm");
      // Marked outside the author's own content (a class on the message element and a label before it).
      expect(view.outer.has("nobc-not-umpire")).toBe(true);
      expect(view.placed.map((n) => [n.className, n.textContent])).toEqual([["nobc-not-umpire-label", "NOBC.CardLife.Lookalike"]]);
    }
  });

  it("is refused by the GM, asked by anyone, and the NATO unit keeps its strength", async () => {
    const id = await forge();
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.notGmCard" });
    chatFake.setUsers("gm");
    expect(await requestCardAction("apply", id)).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.notGmCard" });
    expect(strength(nato)).toBe(4);
    expect(harness.Actor.calls).toEqual([]);
  });

  it("a card in a player message's flags (the old shape) is shown only and refused, even for the GM", async () => {
    chatFake.setUsers("p2");
    const message = await (ChatMessage as unknown as { create(d: object): Promise<{ id: string }> }).create({
      content: "<div class='nobc-resolution-card'></div>",
      flags: { nobc: { effects: forgedEffects(), state: "pending" } },
    });
    chatFake.setUsers("gm");
    const view = cardElement();
    decorateCard(chatFake.messages.get(message.id)!, view.el);
    expect(view.buttons.every((b) => b.hidden && b.disabled)).toBe(true);
    expect(view.stateLine.textContent).toBe("NOBC.CardAuth.State.legacy");
    expect(await requestCardAction("apply", message.id)).toEqual({ ok: false, reason: "NOBC.CardAuth.Refused.legacyCard" });
    expect(strength(nato)).toBe(4);
  });

  it("the harness refuses a subtype the system does not declare, and card data its model refuses", async () => {
    chatFake.setUsers("p2");
    const Message = ChatMessage as unknown as { create(d: object): Promise<unknown> };
    await expect(Message.create({ type: "nobcForged", system: {} })).rejects.toThrow(/not a valid type/);
    await expect(Message.create({ type: "resolution", system: { effects: forgedEffects(), state: "won" } })).rejects.toThrow(/state/);
    await expect(
      Message.create({ type: "resolution", system: { effects: Array.from({ length: 2001 }, () => ({ type: "hits" })) } }),
    ).rejects.toThrow(/effects/);
  });
});
