/**
 * The controls of a resolution card for the user looking at it: its state, its changes as its flags
 * say now (what Apply writes), and only the buttons and split editors this user may use, each of
 * which sends a request to the active GM (src/queries/register.ts). Wired on every render.
 */
import { registerSideCardCleanup } from "../chat/side-cleanup";
import type { HitShare } from "../rules/nobc/land/combat-hits";
import { SYSTEM_ID } from "../base/constants";
import { format, localize, translator } from "../base/foundry";
import {
  CARD_MESSAGE_TYPE,
  SIDE_CARD_TYPE,
  CARD_STATE_LABELS,
  CARD_STATES,
  cardControls,
  cardDigest,
  cardOfMessage,
  controlDocuments,
  unreadableCard,
  type CardFlags,
  type CardMessageView,
  mayMark,
  type CardRuling,
  type StageOverride,
  type UnreadableCard,
} from "../chat/card-data";
import { STAGES } from "../rules/nobc/turn";
import { byHandOnly, changesContext, changesFold, splitTexts, type ChangesView } from "../chat/context";
import { loadCardPartials, nameOf } from "../chat/render";
import { SPLIT_SIDES, splitViews, type SplitSide } from "../chat/splits";
import { ownership, turnNow, type RequestingUser } from "./card-state";
import { buildCardIndex } from "./card-index";
import { registerCardQueries, requestCardAction, requestSetSplit } from "./register";

type RenderedMessage = CardMessageView & { readonly flags: Record<string, unknown> };

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
  section.replaceChildren(heading(section), ...changeLists(section.ownerDocument, view));
}

function heading(section: HTMLElement): HTMLElement {
  const h4 = section.ownerDocument.createElement("h4");
  h4.textContent = localize("NOBC.Dialog.Changes");
  return h4;
}

/**
 * A card of many changes (`changesFold`): its changes section shows the summary line in a closed
 * `<details>`, and the list is built from the flags the first time it is opened, so showing the
 * card costs no more than a short one.
 */
function showFoldedChanges(section: HTMLElement, summaryText: string, effects: CardFlags["effects"]): void {
  const doc = section.ownerDocument;
  const details = doc.createElement("details");
  details.className = "card-fold";
  const summary = doc.createElement("summary");
  summary.textContent = summaryText;
  details.append(summary);
  let filled = false;
  details.addEventListener("toggle", () => {
    if (!details.open || filled) return;
    filled = true;
    details.append(...changeLists(doc, changesContext(effects, nameOf, translator())));
  });
  section.replaceChildren(heading(section), details);
}

/** The lists of a changes view (or the "nothing changes" line), as elements of `doc`. */
function changeLists(doc: Document, view: ChangesView): HTMLElement[] {
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
  const parts: HTMLElement[] = [];
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
  if (view.documents.length === 0 && view.other.length === 0) parts.push(el("p", localize("NOBC.Dialog.NoChanges"), "hint"));
  return parts;
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
 * A split editor's input this user may not change (an applied or undone card, or a side they do not
 * own): its hits as plain text from the card's flags, so the card does not invite an edit; the
 * editor's hint goes too. Its Save button is hidden by `decorateCard`.
 */
function showSplitAsText(input: HTMLInputElement, card: CardFlags): void {
  const side = input.dataset["nobcSplit"];
  const actor = input.dataset["actor"];
  const views = card.groundCombat === undefined ? [] : splitViews(card.groundCombat);
  const hits = views.find((v) => v.side === side)?.rows.find((r) => r.actor === actor)?.hits;
  const cell = input.closest("td");
  const text = String(hits ?? input.value);
  input.disabled = true;
  if (cell === null) {
    input.replaceWith(text);
  } else {
    cell.classList.add("split-hits");
    cell.textContent = text;
  }
  input.closest(".card-split")?.querySelector(".hint")?.remove();
}

/**
 * A card whose split this user may not change at all (applied, undone, or no side of theirs): the
 * folded editors give way to one line per side, the split as the card's data holds it.
 */
function showSplitsAsText(root: HTMLElement, card: CardFlags): void {
  const fold = root.querySelector<HTMLElement>(".card-split-fold");
  if (fold === null || card.groundCombat === undefined) return;
  const doc = root.ownerDocument;
  fold.replaceWith(
    ...splitTexts(card.groundCombat, translator()).map((view) => {
      const line = doc.createElement("p");
      line.className = "card-split-text";
      const legend = doc.createElement("strong");
      legend.textContent = `${view.legend}.`;
      line.append(legend, ` ${view.text}`);
      return line;
    }),
  );
}

/** What an unreadable card says in place of its state. */
const UNREADABLE_LABELS: Readonly<Record<UnreadableCard, string>> = {
  tooLarge: "NOBC.Chat.State.tooLarge",
  malformed: "NOBC.Chat.State.malformed",
};

/**
 * A card that is not read (`unreadableCard`: more effects than a card may carry, or data not in a
 * card's shape): its stored list of changes is dropped, it says why, and it offers no controls.
 */
function showUnreadable(root: HTMLElement, why: UnreadableCard): void {
  root.classList.add(why === "tooLarge" ? "card-too-large" : "card-malformed");
  const state = root.querySelector(".card-state");
  if (state !== null) state.textContent = localize(UNREADABLE_LABELS[why]);
  changesSection(root).replaceChildren();
  for (const control of root.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button[data-nobc-card], input[data-nobc-split]")) {
    control.disabled = true;
    control.hidden = true;
  }
}

/** Hides every control of a card that is never applied (a player's message, an old card) and says why. */
function showReadOnly(root: HTMLElement, why: string): void {
  root.classList.add("card-read-only");
  const state = root.querySelector(".card-state");
  if (state !== null) state.textContent = localize(why);
  for (const control of root.querySelectorAll<HTMLButtonElement | HTMLInputElement>("button[data-nobc-card], input[data-nobc-split]")) {
    control.disabled = true;
    control.hidden = true;
  }
}

/** "Asked for by <name>", in the viewer's language, above the card's state (once). */
function showRequester(root: HTMLElement, userId: string): void {
  const name = (game.users?.get(userId) as { name?: string } | undefined)?.name ?? userId;
  let line = root.querySelector<HTMLElement>(".card-requested-by");
  if (line === null) {
    line = root.ownerDocument.createElement("p");
    line.className = "card-requested-by";
    const state = root.querySelector(".card-state");
    if (state === null) root.append(line);
    else state.before(line);
  }
  line.textContent = format("NOBC.CardAuth.RequestedBy", { name });
}

/**
 * One line per step a GM took outside the card's stage or turn ("Applied by the GM Anna outside its
 * stage, in Movement"), in the viewer's language, above the card's state; drawn afresh each render.
 */
const OVERRIDE_LINES: Readonly<Record<StageOverride["step"], string>> = {
  request: "NOBC.Stage.Override.request",
  apply: "NOBC.Stage.Override.apply",
  undo: "NOBC.Stage.Override.undo",
};

function showOverrides(root: HTMLElement, overrides: readonly StageOverride[]): void {
  for (const old of root.querySelectorAll(".card-stage-override")) old.remove();
  const state = root.querySelector(".card-state");
  for (const { step, stage, by } of overrides) {
    const line = root.ownerDocument.createElement("p");
    line.className = "card-stage-override";
    const name = (game.users?.get(by) as { name?: string } | undefined)?.name ?? by;
    const label = STAGES.find((s) => s.id === stage)?.label ?? stage;
    line.textContent = format(OVERRIDE_LINES[step], { name, stage: localize(label) });
    if (state === null) root.append(line);
    else state.before(line);
  }
}

const RULING_LINES: Readonly<Record<CardRuling["kind"], string>> = {
  released: "NOBC.Control.Ruling.released",
  ruled: "NOBC.Control.Ruling.ruled",
};

const userName = (id: string): string => (game.users?.get(id) as { name?: string } | undefined)?.name ?? id;

/**
 * Control's lines and buttons on a card (issue #31): each umpire's ruling ("Released by the umpire
 * Anna"), the mark for an umpire with who set it, and the buttons this viewer may use: "Mark for an
 * umpire" (a player who asked for the card or owns its documents) and "Ruled" (a GM, on a marked card;
 * the active GM checks that they rule its sector). Each button is a request to the active GM.
 */
function showControl(
  root: HTMLElement,
  card: CardFlags,
  messageId: string | null,
  me: RequestingUser,
  owned: ReadonlyMap<string, boolean>,
): void {
  for (const old of root.querySelectorAll(".card-control-line, .card-control-buttons")) old.remove();
  const doc = root.ownerDocument;
  const state = root.querySelector(".card-state");
  const place = (node: HTMLElement) => (state === null ? root.append(node) : state.before(node));
  const line = (text: string) => {
    const p = doc.createElement("p");
    p.className = "card-control-line";
    p.textContent = text;
    place(p);
  };
  for (const { kind, by } of card.rulings ?? []) line(format(RULING_LINES[kind], { name: userName(by) }));
  if (card.marked !== undefined) line(format("NOBC.Control.Marked", { name: userName(card.marked.by) }));
  if (messageId === null) return;
  const buttons: HTMLButtonElement[] = [];
  const button = (label: string, run: () => Promise<{ readonly ok: boolean }>) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.className = "card-control-button";
    b.textContent = localize(label);
    b.addEventListener("click", () => {
      b.disabled = true;
      void run().then((result) => (b.disabled = result.ok));
    });
    buttons.push(b);
  };
  // A GM rules on a card directly (or takes it in the queue): marking is a player's way to ask for an umpire.
  if (!me.isGM && card.marked === undefined && card.state !== "reverted" && mayMark(me, card, owned))
    button("NOBC.Control.Mark", async () => (await import("./control-marks")).requestMark(messageId));
  if (card.marked !== undefined && me.isGM)
    button("NOBC.Control.Rule", async () => (await import("./control-marks")).requestRule(messageId));
  if (buttons.length === 0) return;
  const box = doc.createElement("div");
  box.className = "card-control-buttons";
  box.append(...buttons);
  place(box);
}

/** Whether the rendered message looks like a card: a `resolution` or `sideCard` message, or card markup in its content. */
function looksLikeCard(message: RenderedMessage, html: HTMLElement): boolean {
  if (message.type === CARD_MESSAGE_TYPE || message.type === SIDE_CARD_TYPE) return true;
  return html.querySelector(".nobc-resolution-card, [data-nobc-card], [data-nobc-split]") !== null;
}

/**
 * Marks a message that looks like a card but was not authored by a GM: a class on the message
 * element and a label placed before its content, outside the HTML its author wrote (which could
 * imitate anything inside it). Its controls, if any, are hidden by `decorateCard`.
 */
function markLookalike(html: HTMLElement): void {
  html.classList.add("nobc-not-umpire");
  if (html.querySelector(":scope > .nobc-not-umpire-label") !== null) return;
  const label = html.ownerDocument.createElement("p");
  label.className = "nobc-not-umpire-label";
  label.textContent = localize("NOBC.CardLife.Lookalike");
  const content = html.querySelector(":scope > .message-content");
  if (content === null) html.prepend(label);
  else content.before(label);
}

/**
 * Shows the card's state, who asked for it, its changes as its data now says (what Apply writes),
 * and, for the user looking at it, only the controls they may use: Apply / Undo for a GM or the
 * owner of every touched document (enabled when the state allows), the split editors of the sides
 * they may split while the card is pending. A card a GM did not author, or an old card kept in its
 * flags, offers none: it is shown only. Any message looking like a card that a GM did not author is
 * marked "not the umpire's card" outside its own content, whether or not it is read as a card.
 */
export function decorateCard(message: RenderedMessage, html: HTMLElement): void {
  if (message.author?.isGM !== true && looksLikeCard(message, html)) markLookalike(html);
  const root = html.querySelector<HTMLElement>(".nobc-resolution-card");
  const read = cardOfMessage(message, SYSTEM_ID);
  if (read === undefined) {
    const why = root === null ? undefined : unreadableCard(message, SYSTEM_ID);
    if (root !== null && why !== undefined) showUnreadable(root, why);
    return;
  }
  if (root === null || message.id === null) return;
  const { card } = read;
  for (const state of CARD_STATES) root.classList.toggle(`state-${state}`, state === card.state);
  root.classList.toggle("outcome-unknown", card.outcomeUnknown === true);
  const state = root.querySelector(".card-state");
  if (state !== null)
    state.textContent = localize(card.outcomeUnknown === true ? "NOBC.Chat.State.unknown" : CARD_STATE_LABELS[card.state]);
  // A card of changes to make by hand writes nothing: it has no changes list to refresh. Only a ground
  // combat keeps what its card shows, so the list drawn by hand is read from the card as posted.
  const byHand = card.display?.byHand ?? (root.querySelector(".card-by-hand li") === null ? [] : [""]);
  if (!byHandOnly({ effects: card.effects, byHand })) {
    const fold = changesFold(card.effects, translator());
    if (fold === null) showChanges(changesSection(root), changesContext(card.effects, nameOf, translator()));
    else showFoldedChanges(changesSection(root), fold, card.effects);
  }
  if (card.requestedBy !== undefined) showRequester(root, card.requestedBy);
  showOverrides(root, card.overrides ?? []);
  if (read.legacy) return showReadOnly(root, "NOBC.CardAuth.State.legacy");
  if (!read.gmAuthored) return showReadOnly(root, "NOBC.CardAuth.State.notGm");
  const me = game.user as unknown as RequestingUser;
  const owned = ownership(me, controlDocuments(card));
  const controls = cardControls(me, card, owned, turnNow());
  const messageId = message.id;
  showControl(root, card, messageId, me, owned);
  if (controls.splits.length === 0) showSplitsAsText(root, card);
  for (const input of root.querySelectorAll<HTMLInputElement>("input[data-nobc-split]")) {
    const side = input.dataset["nobcSplit"];
    if (!(isSide(side) && controls.splits.includes(side))) showSplitAsText(input, card);
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
  registerSideCardCleanup();
  void loadCardPartials();
  Hooks.on("renderChatMessageHTML", ((message: RenderedMessage, html: HTMLElement) => decorateCard(message, html)) as never);
  // A GM client left (or this one starts): the active GM settles the cards a GM client left half-written.
  Hooks.on("userConnected", () => void recoverLeftCards());
  Hooks.once("ready", () => {
    // A GM's client reads the chat log into its index of cards once, now, not on its first Apply.
    if (game.user?.isGM === true) buildCardIndex();
    void recoverLeftCards();
  });
}

/** On the active GM's client only: finishes or reverses each card left "applying" or "undoing" (src/queries/card-actions.ts). */
async function recoverLeftCards(): Promise<void> {
  const users = game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined;
  if (users?.activeGM?.isSelf !== true) return;
  await (await import("./card-actions")).recoverCards();
}
