/**
 * Resolution cards: a rules result posted to chat with its breakdown, dice and changes, and
 * Apply / Undo buttons. The writes happen in src/queries/ (on the active GM); this module posts
 * the card and wires its buttons.
 */
import type { Resolution } from "../rules/resolution";
import type { GroundCombatOutcome, GroundCombatPlan } from "../rules/nobc/land/combat";
import { documentAt, planEffects, snapshotOf } from "../effects/apply";
import type { Translator } from "../sheets/context/breakdown";
import { templatePath } from "../sheets/paths";
import { SYSTEM_ID } from "../constants";
import { readCard, type CardFlags } from "./card-data";
import { resolutionCardContext } from "./context";
import { registerCardQueries, requestCardAction } from "../queries/register";

export const CARD_TEMPLATE = templatePath("chat/resolution-card.hbs");

export interface PostResolutionInput<O> {
  readonly title: string;
  readonly resolution: Resolution<O>;
  /** The table result in words; by default the outcome itself, written out. */
  readonly outcome?: string;
  readonly speaker?: object;
  /** What went into the resolution, in words (already localized), shown above the breakdown. */
  readonly inputs?: readonly CardInputLine[];
  /** A ground combat's plan and outcome, so the owners may re-split "between all" hits before Apply. */
  readonly groundCombat?: { readonly plan: GroundCombatPlan; readonly outcome: GroundCombatOutcome };
  /** A system hook fired with `(message, resolution)` once the card is posted, e.g. "nobc.combatResolved". */
  readonly hook?: string;
}

export interface CardInputLine {
  readonly label: string;
  readonly value: string;
}

function renderCard(data: object): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate as unknown as (p: string, d: object) => Promise<string>;
  return render(CARD_TEMPLATE, data);
}

function translator(): Translator {
  return {
    // Cards are posted after init, when the translations exist.
    localize: (key) => game.i18n!.localize(key),
    format: (key, data) => game.i18n!.format(key, data),
  };
}

function nameOf(uuid: string): string {
  return (documentAt(uuid) as { name?: string } | null | undefined)?.name ?? uuid;
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

/** Posts one chat card for a resolution, pending until someone applies it. */
export async function postResolution<O>(input: PostResolutionInput<O>): Promise<unknown> {
  const { resolution } = input;
  const plan = planEffects(resolution.effects, snapshotOf);
  const view = resolutionCardContext(
    {
      title: input.title,
      breakdown: resolution.breakdown,
      rolls: resolution.rolls,
      outcome: input.outcome ?? outcomeText(resolution.outcome),
      effects: resolution.effects,
      notes: plan.notes,
    },
    nameOf,
    translator(),
  );
  const flags: CardFlags = { effects: structuredClone(resolution.effects), state: "pending" };
  const Message = ChatMessage as unknown as { create(data: object): Promise<unknown>; getSpeaker(): object };
  return Message.create({
    content: await renderCard(view),
    speaker: input.speaker ?? Message.getSpeaker(),
    rolls: rollsFromFaces(resolution.rolls),
    flags: { [SYSTEM_ID]: flags },
  });
}

interface RenderedMessage {
  readonly id: string | null;
  readonly flags: Record<string, unknown>;
}

/** Shows the card's state and enables only the button that makes sense in it. */
export function decorateCard(message: RenderedMessage, html: HTMLElement): void {
  const card = readCard(message.flags[SYSTEM_ID]);
  const root = html.querySelector<HTMLElement>(".nobc-resolution-card");
  if (card === undefined || root === null || message.id === null) return;
  root.dataset["state"] = card.state;
  const state = root.querySelector(".card-state");
  if (state !== null) state.textContent = game.i18n!.localize(`NOBC.Chat.State.${card.state}`);
  const messageId = message.id;
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-nobc-card]")) {
    const action = button.dataset["nobcCard"] === "undo" ? "undo" : "apply";
    button.disabled = action === "apply" ? card.state !== "pending" : card.state !== "applied";
    button.addEventListener("click", () => {
      button.disabled = true;
      void requestCardAction(action, messageId);
    });
  }
}

/** Registers the card queries and the chat hook (on init). */
export function registerChat(): void {
  registerCardQueries();
  Hooks.on("renderChatMessageHTML", ((message: RenderedMessage, html: HTMLElement) => decorateCard(message, html)) as never);
}
