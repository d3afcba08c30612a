/**
 * "HQ must give up N cards" (#17): the HQ's owner chooses which of its cards go, the GM checks the
 * choice against the chat (an applied rear-area card owes it, no choice settles it yet) and the HQ's
 * cards (its own, each once, exactly N or all it has), and posts `cardDiscarded` effects, once.
 */
import { describe, expect, it } from "vitest";
import {
  cardLosses,
  cardLossCard,
  cardLossFromForm,
  cardLossResolution,
  lossKey,
  type LossMessage,
} from "../../../src/apps/land/card-loss/state";
import { cardLossContext } from "../../../src/apps/land/card-loss/context";
import { cardLossController } from "../../../src/apps/land/card-loss/controller";
import { CARD_MESSAGE_TYPE } from "../../../src/chat/card-data";
import { i18n, world } from "./fixture";

const A = (id: string) => `Actor.${id}`;
const C = (id: string) => `Actor.h1.Item.${id}`;
const gm = { isGM: true };
const attack = (id: string, count: number, state = "applied", author = gm): LossMessage => ({
  id,
  type: CARD_MESSAGE_TYPE,
  author,
  system: {
    state,
    effects: [
      { type: "hqLevel", actor: A("h1"), delta: -1 },
      { type: "hqCardsLost", actor: A("h1"), count },
    ],
  },
});
const choice = (source: string, state: string): LossMessage => ({
  id: `choice-${source}`,
  type: CARD_MESSAGE_TYPE,
  author: gm,
  system: { state, effects: [], once: lossKey(source, A("h1")) },
});
const lossWorld = (messages: LossMessage[]) => ({ ...world({ owned: [A("h1")], isGM: false }), losses: cardLosses(messages) });
const codes = (c: { ok: boolean; refusals?: { code: string }[] }) => (c.ok ? [] : c.refusals!.map((r) => r.code));

describe("the losses the chat owes", () => {
  it("an applied GM card with hqCardsLost owes a choice; a pending or player's card owes none; a choice settles it unless reverted", () => {
    expect(cardLosses([attack("m1", 1)])).toEqual([{ source: "m1", hq: A("h1"), count: 1, choice: "none" }]);
    expect(cardLosses([attack("m1", 1, "pending"), attack("m2", 2, "applied", { isGM: false })])).toEqual([]);
    expect(cardLosses([attack("m1", 2), choice("m1", "pending")])[0]!.choice).toBe("pending");
    expect(cardLosses([attack("m1", 2), choice("m1", "applied")])[0]!.choice).toBe("applied");
    expect(cardLosses([attack("m1", 2), choice("m1", "reverted")])[0]!.choice).toBe("none");
  });
});

describe("the choice", () => {
  it("exactly N of the HQ's own cards: allowed, as cardDiscarded effects with the loss's once-only key", () => {
    const w = lossWorld([attack("m1", 2)]);
    const state = cardLossFromForm({ source: "m1", hq: A("h1"), cards: [] }, { [`card:${C("e1")}`]: true, [`card:${C("sig1")}`]: "on" });
    const card = cardLossCard(w, state, i18n);
    expect(card.ok && card.value.resolution.effects).toEqual([
      { type: "cardDiscarded", card: C("e1") },
      { type: "cardDiscarded", card: C("sig1") },
    ]);
    expect(card.ok && card.value.once).toBe(lossKey("m1", A("h1")));
    expect(cardLossContext(w, state, i18n)).toMatchObject({ count: 2, canPost: true, hqName: "I Corps" });
    // Unticking takes a card back out.
    expect(cardLossFromForm(state, { [`card:${C("e1")}`]: false }).cards).toEqual([C("sig1")]);
  });

  it("refuses too few or too many, a card not the HQ's, a card twice, an unknown or settled loss", () => {
    const w = lossWorld([attack("m1", 2)]);
    const base = { source: "m1", hq: A("h1") };
    expect(codes(cardLossResolution(w, { ...base, cards: [C("e1")] }))).toEqual(["wrongCount"]);
    expect(codes(cardLossResolution(w, { ...base, cards: [C("e1"), C("sig1"), C("int1")] }))).toEqual(["wrongCount"]);
    expect(codes(cardLossResolution(w, { ...base, cards: [C("e1"), "Actor.w0.Item.x"] }))).toEqual(["cardNotHeld"]);
    const twice = cardLossResolution(w, { ...base, cards: [C("e1"), C("e1")] });
    expect(codes(twice)).toEqual(["cardNotHeld"]);
    // The refusal names the card as the world names it, not by its document id.
    const name = w.field.names.get(C("e1"));
    expect(name).toMatch(/\w/);
    expect(!twice.ok && twice.refusals[0]!.text.data?.["card"]).toBe(name);
    expect(codes(cardLossResolution(w, { source: "m9", hq: A("h1"), cards: [C("e1"), C("sig1")] }))).toEqual(["noLoss"]);
    const settled = lossWorld([attack("m1", 2), choice("m1", "pending")]);
    expect(codes(cardLossResolution(settled, { ...base, cards: [C("e1"), C("sig1")] }))).toEqual(["alreadyChosen"]);
    expect(cardLossContext(w, { ...base, cards: [C("e1")] }, i18n).canPost).toBe(false);
  });

  it("an HQ holding fewer cards than owed gives up all it has", () => {
    const w = lossWorld([attack("m1", 2)]);
    const few = { ...w, field: { ...w.field, cards: w.field.cards.filter((c) => c.id === C("e1")) } };
    expect(cardLossResolution(few, { source: "m1", hq: A("h1"), cards: [C("e1")] }).ok).toBe(true);
    expect(codes(cardLossResolution(few, { source: "m1", hq: A("h1"), cards: [] }))).toEqual(["wrongCount"]);
  });

  it("the owner or a GM may choose; another player may not; the request's state is bounded", () => {
    const w = lossWorld([attack("m1", 1)]);
    const state = { source: "m1", hq: A("h1"), cards: [] };
    expect(cardLossController.access(state, w).ok).toBe(true);
    expect(cardLossController.access(state, { ...w, owned: new Set<string>() }).ok).toBe(false);
    expect(cardLossController.access(state, { ...w, owned: new Set<string>(), isGM: true }).ok).toBe(true);
    const schema = cardLossController.stateSchema!;
    expect(schema.safeParse({ ...state, cards: [C("e1"), C("sig1"), C("int1")] }).success).toBe(false);
    expect(schema.safeParse({ ...state, extra: 1 }).success).toBe(false);
    // Opens on the first loss not chosen yet of an HQ the user acts for.
    expect(cardLossController.open(w, {})).toMatchObject({ ok: true, state: { source: "m1", hq: A("h1"), cards: [] } });
    expect(cardLossController.open({ ...w, losses: [] }, {}).ok).toBe(false);
  });
});
