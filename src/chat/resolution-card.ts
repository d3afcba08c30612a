/**
 * Resolution cards: a rules result posted to chat with what went in, its breakdown, dice, table
 * row and changes, the split editors of shared ground-combat hits, and Apply / Undo buttons. The
 * writes happen in src/queries/ (on the active GM); this module posts the card and wires its
 * buttons for the user looking at it.
 */
import type { Resolution } from "../rules/resolution";
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import type { HitShare } from "../rules/nobc/land/combat-hits";
import { SYSTEM_ID } from "../constants";
import { CARD_STATES, cardControls, cardDigest, controlDocuments, readCard, type CardDisplay, type CardFlags, type CardInputLine } from "./card-data";
import { changesContext, type ChangesView } from "./context";
import { groundCombatText } from "./ground-combat-text";
import { loadCardPartials, nameOf, renderCardContent, translator } from "./render";
import { SPLIT_SIDES, type SplitSide } from "./splits";
import { callHook, ownership, type RequestingUser } from "../queries/card-actions";
import { registerCardQueries, requestCardAction, requestSetSplit } from "../queries/register";

export { CARD_TEMPLATE } from "./render";
export type { CardInputLine } from "./card-data";

export interface PostResolutionInput<O> {
  readonly title: string;
  readonly resolution: Resolution<O>;
  /** The table result in words; by default the ground combat's CRT cell, else the outcome written out. */
  readonly outcome?: string;
  readonly speaker?: object;
  /** What went into the resolution, in words (already localized), shown above the breakdown. */
  readonly inputs?: readonly CardInputLine[];
  /** The table row read, in words; by default the ground combat's CRT row, else none. */
  readonly tableRow?: string;
  /** A ground combat's plan and outcome, so the owners may re-split "between all" hits before Apply. */
  readonly groundCombat?: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome };
  /** A system hook fired with `(message, resolution)` once the card is posted, e.g. "nobc.combatResolved". */
  readonly hook?: string;
  /**
   * Records of the caller's own kept beside the card's under `flags.nobc` (e.g. the Air War's
   * `airBattle`), written with the message so no second update follows. The card's keys win.
   */
  readonly records?: Readonly<Record<string, unknown>>;
  /**
   * What may happen only once (e.g. `orders:<hq>:<turn>`): the GM refuses to apply this card while
   * another card with the same key stands applied; undoing that one frees the key.
   */
  readonly once?: string;
}

function outcomeText(outcome: unknown): string {
  return typeof outcome === "string" || typeof outcome === "number" ? String(outcome) : JSON.stringify(outcome);
}

/**
 * The dice as one evaluated `Nd6` Roll built from the faces (`Roll.fromData`), so dice modules
 * can show them. None when there are no dice or a face is not 1..6.
 */
export function rollsFromFaces(faces: readonly number[]): Roll[] {
  if (faces.length === 0 || !faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)) return [];
  const total = faces.reduce((s, f) => s + f, 0);
  const data = {
    class: "Roll",
    formula: `${faces.length}d6`,
    options: {},
    evaluated: true,
    total,
    terms: [
      {
        class: "Die",
        number: faces.length,
        faces: 6,
        modifiers: [],
        options: {},
        evaluated: true,
        results: faces.map((result) => ({ result, active: true })),
      },
    ],
  };
  return [(Roll as unknown as { fromData(d: object): Roll }).fromData(data)];
}

type MessageClass = {
  create(data: object): Promise<unknown>;
  createDocuments(data: object[]): Promise<unknown[]>;
  getSpeaker(): object;
};

/** The message data of one card: its content rendered, its dice as a Roll, its flags (pending). */
async function cardMessageData<O>(input: PostResolutionInput<O>, Message: MessageClass): Promise<object> {
  const { resolution } = input;
  const combat = input.groundCombat;
  const derived = combat === undefined ? undefined : groundCombatText(combat, translator());
  const display: CardDisplay = {
    title: input.title,
    inputs: input.inputs ?? [],
    breakdown: resolution.breakdown,
    rolls: resolution.rolls,
    tableRow: input.tableRow ?? derived?.tableRow ?? "",
    outcome: input.outcome ?? derived?.outcome ?? outcomeText(resolution.outcome),
  };
  const card: CardFlags & { display: CardDisplay } = {
    effects: resolution.effects,
    state: "pending",
    display,
    ...(combat === undefined ? {} : { groundCombat: { plan: combat.plan, outcome: combat.outcome, splits: {} } }),
  };
  // Only a ground combat is rendered again (after a split), so only it keeps what the card shows.
  const kept: CardFlags = combat === undefined ? { effects: card.effects, state: card.state } : card;
  const flags: CardFlags = input.once === undefined ? kept : { ...kept, once: input.once };
  return {
    content: await renderCardContent(card),
    speaker: input.speaker ?? Message.getSpeaker(),
    rolls: rollsFromFaces(resolution.rolls),
    flags: { [SYSTEM_ID]: structuredClone({ ...input.records, ...flags }) },
  };
}

function announce<O>(input: PostResolutionInput<O>, message: unknown): void {
  if (input.hook !== undefined) callHook(input.hook, message, input.resolution);
  callHook("nobc.resolutionPosted", message, input.resolution);
}

/**
 * Posts one chat card for a resolution, pending until someone applies it, then fires
 * `hook` (when given) and `nobc.resolutionPosted`, each with `(message, resolution)`.
 */
export async function postResolution<O>(input: PostResolutionInput<O>): Promise<unknown> {
  const Message = ChatMessage as unknown as MessageClass;
  const message = await Message.create(await cardMessageData(input, Message));
  announce(input, message);
  return message;
}

/** Posts several cards in one `ChatMessage.createDocuments` call (in order), then fires each card's hooks. */
export async function postResolutions(inputs: readonly PostResolutionInput<unknown>[]): Promise<unknown[]> {
  if (inputs.length === 0) return [];
  const Message = ChatMessage as unknown as MessageClass;
  const data = await Promise.all(inputs.map((input) => cardMessageData(input, Message)));
  const messages = await Message.createDocuments(data);
  inputs.forEach((input, i) => announce(input, messages[i]));
  return messages;
}

interface RenderedMessage {
  readonly id: string | null;
  readonly flags: Record<string, unknown>;
}

function isSide(value: string | undefined): value is SplitSide {
  return (SPLIT_SIDES as readonly (string | undefined)[]).includes(value);
}

/** The split a side's editor holds now, as typed (the rules judge it on the GM's side). */
function typedSplit(root: HTMLElement, side: SplitSide): HitShare[] {
  return [...root.querySelectorAll<HTMLInputElement>("input[data-nobc-split]")]
    .filter((input) => input.dataset["nobcSplit"] === side)
    .map((input) => ({ actor: input.dataset["actor"] ?? "", hits: Number(input.value) }));
}

/**
 * Lists `view` in the card's changes section, built from text nodes. The list in the stored content
 * is the poster's (who may edit it); this one is the viewer's, from the flags Apply reads.
 */
function showChanges(section: HTMLElement, view: ChangesView): void {
  const doc = section.ownerDocument;
  const el = (tag: string, text?: string, className?: string): HTMLElement => {
    const node = doc.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className !== undefined) node.className = className;
    return node;
  };
  const list = (items: readonly string[], className?: string): HTMLElement => {
    const ul = el("ul", undefined, className);
    for (const item of items) ul.append(el("li", item));
    return ul;
  };
  const parts: HTMLElement[] = [el("h4", game.i18n!.localize("NOBC.Dialog.Changes"))];
  if (view.documents.length > 0) {
    const ul = el("ul", undefined, "card-documents");
    for (const d of view.documents) {
      const li = el("li");
      li.append(el("strong", d.name), list(d.changes));
      ul.append(li);
    }
    parts.push(ul);
  }
  if (view.other.length > 0) parts.push(list(view.other, "card-other"));
  if (view.documents.length === 0 && view.other.length === 0) parts.push(el("p", game.i18n!.localize("NOBC.Dialog.NoChanges"), "hint"));
  section.replaceChildren(...parts);
}

/**
 * The card's changes section. A card without one (posted by an older version, or its content
 * edited) gets a new one before its state line, and loses the stored lists that stood in its place.
 */
function changesSection(root: HTMLElement): HTMLElement {
  const found = root.querySelector<HTMLElement>(".card-changes");
  if (found !== null) return found;
  for (const stale of root.querySelectorAll(".card-documents, .card-other")) stale.remove();
  const section = root.ownerDocument.createElement("section");
  section.className = "card-changes";
  const state = root.querySelector(".card-state");
  if (state === null) root.append(section);
  else state.before(section);
  return section;
}

/**
 * Shows the card's state, its changes as its flags now say (what Apply writes), and, for the user
 * looking at it, only the controls they may use:
 * Apply / Undo for a GM or the owner of every touched document (enabled when the state allows),
 * the split editors of the sides they may split while the card is pending.
 */
export function decorateCard(message: RenderedMessage, html: HTMLElement): void {
  const card = readCard(message.flags[SYSTEM_ID]);
  const root = html.querySelector<HTMLElement>(".nobc-resolution-card");
  if (card === undefined || root === null || message.id === null) return;
  for (const state of CARD_STATES) root.classList.toggle(`state-${state}`, state === card.state);
  const state = root.querySelector(".card-state");
  if (state !== null) state.textContent = game.i18n!.localize(`NOBC.Chat.State.${card.state}`);
  showChanges(changesSection(root), changesContext(card.effects, nameOf, translator()));
  const me = game.user as unknown as RequestingUser;
  const controls = cardControls(me, card, ownership(me, controlDocuments(card)));
  const messageId = message.id;
  for (const input of root.querySelectorAll<HTMLInputElement>("input[data-nobc-split]")) {
    const side = input.dataset["nobcSplit"];
    input.disabled = !(isSide(side) && controls.splits.includes(side));
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-nobc-card]")) {
    const kind = button.dataset["nobcCard"];
    if (kind === "split") {
      const side = button.dataset["side"];
      const editable = isSide(side) && controls.splits.includes(side);
      button.hidden = !editable;
      button.disabled = !editable;
      if (editable) {
        button.addEventListener("click", () => {
          button.disabled = true;
          void requestSetSplit(messageId, side, typedSplit(root, side)).finally(() => (button.disabled = false));
        });
      }
      continue;
    }
    const action = kind === "undo" ? "undo" : "apply";
    const control = controls[action];
    button.hidden = control === "hidden";
    button.disabled = control !== "enabled";
    button.addEventListener("click", () => {
      button.disabled = true;
      // Done: the message re-renders with its new state. Refused: the button is usable again.
      // Apply sends the fingerprint of the card as shown (read at render), so the GM refuses one changed since.
      const seen = action === "apply" ? cardDigest(card) : undefined;
      void requestCardAction(action, messageId, seen).then((result) => (button.disabled = result.ok));
    });
  }
}

/** Registers the card queries, loads the card's partials and hooks the chat (on init). */
export function registerChat(): void {
  registerCardQueries();
  void loadCardPartials();
  Hooks.on("renderChatMessageHTML", ((message: RenderedMessage, html: HTMLElement) => decorateCard(message, html)) as never);
}
