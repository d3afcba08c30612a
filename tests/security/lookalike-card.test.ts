/**
 * Issue #16 review: lookalike cards. `decorateCard` returned before marking anything when a message
 * held no `.nobc-resolution-card`, or was not read as a card: a player's message with card-like
 * markup under another class, or a `resolution` message whose data is out of shape and whose content
 * imitates a card, showed as the umpire's. Now any message not authored by a GM that is of type
 * `resolution` or carries card markup gets a class on the message element and a label placed before
 * its content (outside the HTML its author wrote), in the viewer's language.
 *
 * Before the fix: none of these messages got the class or the label.
 */
import "../harness/install";
import { chatFake } from "../harness/chat-fake";
import { beforeEach, describe, expect, it } from "vitest";
import { harness } from "../harness/foundry";
import { decorateCard, registerChat } from "../../src/queries/card-controls";

interface Node {
  className: string;
  textContent: string;
}

/** A message element: its classes, a `.message-content` holding what the author wrote, and what is placed before it. */
function messageElement(markup: "card" | "buttons" | "none") {
  const outer = new Set<string>();
  const before: Node[] = [];
  const content = { before: (n: Node) => void before.push(n) };
  const ownerDocument = { createElement: (): Node => ({ className: "", textContent: "" }) };
  const el = {
    classList: { add: (c: string) => outer.add(c) },
    ownerDocument,
    prepend: () => {
      throw new Error("the label goes before the content");
    },
    querySelector: (sel: string) => {
      if (sel === ":scope > .message-content") return content;
      if (sel.includes("[data-nobc-card]")) return markup === "none" ? null : {};
      return null; // no `.nobc-resolution-card` root: the markup imitates a card under other classes
    },
  } as unknown as HTMLElement;
  return { el, outer, before };
}

async function post(author: string, data: Record<string, unknown>): Promise<string> {
  chatFake.setUsers(author);
  return (await (ChatMessage as unknown as { create(d: object): Promise<{ id: string }> }).create(data)).id;
}

beforeEach(() => {
  harness.reset();
  chatFake.reset();
  registerChat();
});

describe("a message that looks like a card but was not posted by a GM", () => {
  it.each([
    ["a plain message with card buttons", { content: "<button data-nobc-card='apply'>Apply</button>" }, "buttons"],
    [
      "a resolution message out of shape",
      { type: "resolution", system: { effects: [{ type: "mode", actor: 3 }], state: "pending" } },
      "none",
    ],
    ["a resolution message in shape", { type: "resolution", system: { effects: [], state: "pending" } }, "none"],
  ] as const)("is marked for every viewer outside its content: %s", async (_name, data, markup) => {
    const id = await post("p2", data);
    for (const viewer of ["gm", "p1", "p2"]) {
      chatFake.actAs(viewer);
      const view = messageElement(markup);
      decorateCard(chatFake.messages.get(id)!, view.el);
      expect(view.outer.has("nobc-not-umpire"), viewer).toBe(true);
      expect(view.before, viewer).toEqual([{ className: "nobc-not-umpire-label", textContent: "NOBC.CardLife.Lookalike" }]);
    }
  });

  it("a GM's card and a player's ordinary message are not marked", async () => {
    const gm = await post("gm", { content: "<button data-nobc-card='apply'>Apply</button>" });
    const plain = await post("p2", { content: "hello" });
    for (const [id, markup] of [
      [gm, "buttons"],
      [plain, "none"],
    ] as const) {
      const view = messageElement(markup);
      decorateCard(chatFake.messages.get(id)!, view.el);
      expect(view.outer.size).toBe(0);
      expect(view.before).toEqual([]);
    }
  });
});
