/**
 * The one contract of every dialog: a controller says what the dialog reads, who may use it, what
 * it shows, how the form changes its state, and what Submit makes of it (a card to post, or work to
 * run). It holds no state: the dialog (./dialog.ts) keeps the state and calls these. Everything a
 * controller returns is data, so most of it is tested without Foundry.
 */
import type { CardStamp } from "./submit";
import type { z } from "zod";
import type { AskingUser, FormatData, Translator } from "../../base/foundry";
import type { PostResolutionInput } from "../../chat/resolution-card";
import { parsePayload } from "../../queries/payloads";
import type { Dice } from "../../rules/dice";
import { phrase, type Checked, type Phrase } from "../../rules/resolution";
import { speak } from "../../words/phrase";

/** The form's values as Foundry hands them over: input name → value (names not expanded). */
export type FormValues = Readonly<Record<string, unknown>>;

/** Why not, as a lang key and its data (the base words it and warns). */
export interface Denied {
  readonly ok: false;
  readonly reason: string;
  readonly data?: FormatData;
}

/** Whether the user may use a dialog now: checked when it opens and again at Submit. */
export type Access = { readonly ok: true } | Denied;

/** The state a dialog opens on, or why it does not open. */
export type Opened<S> = { readonly ok: true; readonly state: S } | Denied;

/** A checked value, or every reason it was refused, each already in the user's language. */
export type Verdict<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusals: readonly string[] };

/** The card every resolution posts (`postResolution`). */
export type Card = PostResolutionInput<unknown>;

/**
 * What Submit makes: a card the base posts, or work it runs (the order-of-battle import, a move posted
 * and applied at once), which says what it made or why it could not, so the asker hears a refusal.
 */
export type Submission =
  | { readonly card: Card }
  // `stamp`: what the request path writes on any card the work posts (its turn action, a GM's override of its stage).
  | { readonly run: (stamp: CardStamp) => Promise<Verdict<unknown>> };

/**
 * A button of the dialog other than Submit (its `data-action`): the next state. Typed as a method
 * (whose parameters TypeScript checks both ways) so that a controller of any state is an
 * `AnyController`, as its other members are.
 */
export type DialogAction<S, W> = { action(state: S, world: W, target: HTMLElement): S | Promise<S> }["action"];

/** What a card will use up (`PostResolutionInput.once` and `holds`), known from the request before any die is rolled. */
export interface Claims {
  readonly once?: string;
  readonly holds?: readonly string[];
}

export interface DialogController<S, W, A extends object = object> {
  /** Template path under templates/. */
  readonly template: string;
  /** Lang key of the window title. */
  readonly title: string;
  /** Font Awesome classes of the window icon. */
  readonly icon: string;
  /** CSS classes of the window (the area's styles hang on them). */
  readonly classes: readonly string[];
  readonly width: number;
  /** The `data-action` of the button that submits ("roll", "post", "import"). */
  readonly submitAction: string;
  /** Lang key (with `{error}`) of the notice when Submit fails; a generic one by default. */
  readonly failed?: string;
  /**
   * The world as this dialog reads it for `user` (this client's user when left out); read again for
   * every render and change, and by the active GM for the asker when it answers a Submit.
   */
  read(user?: AskingUser): W;
  /**
   * The shape of the state, checked by the active GM before it acts on a request: the state crosses
   * the socket from the asker's client, so it is data to check, never trusted (every list and
   * string bounded). The GM then reads the world and runs `access` and `submit` itself.
   */
  readonly stateSchema?: z.ZodType<S>;
  /** The state to open on for these arguments, or why the dialog does not open. */
  open(world: W, args: A): Opened<S>;
  /** Who may use it (GM only, a side, owned documents). */
  access(state: S, world: W): Access;
  /** State → template context (every refusal shown before Submit). */
  context(state: S, world: W, i18n: Translator): object;
  /** Form input → state. */
  change(state: S, values: FormValues, world: W): S | Promise<S>;
  /** Reads the form itself, when the default values (one per name) are not enough. */
  readForm?(form: HTMLFormElement): FormValues;
  /** The other buttons, by `data-action`. */
  readonly actions?: Readonly<Record<string, DialogAction<S, W>>>;
  /**
   * After each render, with the window's element and its `act` (a button's action by name): the DOM's
   * own wiring a form does not give (the Air War chart's drag and drop). Nothing to do in most dialogs.
   */
  rendered?(element: HTMLElement, act: (action: string, target: HTMLElement) => Promise<void>): void;
  /** After the window closed (by its close button, Escape or a finished Submit): what it showed outside itself goes. */
  closed?(state: S, world: W): void;
  /**
   * What the card of this request will use up, the same as its card's `once` and `holds`: the GM
   * refuses a request whose subjects are taken before it rolls (./request.ts). None: nothing to check first.
   */
  claims?(state: S, world: W): Claims;
  /** The rules check and the roll: what to post (or run), or every refusal. */
  submit(state: S, world: W, i18n: Translator, dice: Dice): Verdict<Submission> | Promise<Verdict<Submission>>;
}

/** Any controller, as the registry and the dialog hold it (each keeps its own state type inside). */
export type AnyController = DialogController<unknown, unknown>;

/** A form value as text; anything but text, a number or a tick (a chosen file) reads as "". */
export function formText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : "";
}

/** Every value of each name (a plain read: unticked boxes send nothing), for `readForm`. */
export function allFormValues(form: HTMLFormElement): Readonly<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of new FormData(form)) (out[name] ??= []).push(formText(value));
  return out;
}

export const allowed: Access = { ok: true };

export function denied(reason: string, data?: FormatData): Denied {
  return data === undefined ? { ok: false, reason } : { ok: false, reason, data };
}

/** The umpire's dialogs. */
export function gmOnly(isGM: boolean, reason = "NOBC.Dialog.GmOnly"): Access {
  return isGM ? allowed : denied(reason);
}

export function opened<S>(state: S): Opened<S> {
  return { ok: true, state };
}

/**
 * Opens on a macro's arguments, checked at the edge: the arguments with their own schema (a typed
 * list that is no list, an unknown name), then the state they make with the dialog's state schema
 * (a choice no form offers). A bad one is refused with the dialog and the field named (`reason`,
 * filled with `dialog`, the window title, and `problem`), and nothing opens.
 */
export function openChecked<A extends object, S>(
  controller: { readonly title: string; readonly stateSchema?: z.ZodType<S> },
  argsSchema: z.ZodType<A>,
  args: unknown,
  initial: (args: A) => S,
  reason = "NOBC.Dialog.BadArgs",
): Opened<S> {
  const refuse = (problems: readonly Phrase[]) =>
    denied(reason, { dialog: phrase(controller.title), problem: problems[0] ?? phrase("NOBC.Validation.InvalidInput") });
  const given = parsePayload(argsSchema, args ?? {});
  if (!given.ok) return refuse(given.problems);
  const state = initial(given.value);
  if (controller.stateSchema === undefined) return opened(state);
  const checked = parsePayload(controller.stateSchema, state);
  return checked.ok ? opened(checked.value) : refuse(checked.problems);
}

export function refused(refusals: readonly string[]): Verdict<never> {
  return { ok: false, refusals };
}

/** A checked card, ready to post; refused with the rules' words in the user's language. */
export function cardOf(checked: Checked<Card>, i18n: Translator): Verdict<Submission> {
  return checked.ok ? { ok: true, value: { card: checked.value } } : refused(checked.refusals.map((r) => speak(r.text, i18n)));
}
