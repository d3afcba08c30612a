/**
 * The one adapter between the Foundry layer and Foundry's globals for what every module needs:
 * words (`game.i18n`), notifications (`ui.notifications`), the current user and what they own,
 * our own hooks, and template rendering. Nothing else in `src/` touches `game.i18n`,
 * `ui.notifications` or scans the actors for ownership, so a test stand-in and a future API change
 * meet in one place. Before `init` (no translations yet) a key stands for its text.
 */
import { phrase, type Phrase, type PhraseArg } from "../rules/resolution";
import { gameWording, speak, type Wording } from "../words/phrase";

/** What views write words with: Foundry's `game.i18n` in play, a lang file in tests and CLI tools. */
export type Translator = Wording;

/**
 * Data for a lang key: numbers are written in the user's locale, a `count` chooses the plural form,
 * and a phrase (a side, a mode) is written first.
 */
export type FormatData = Readonly<Record<string, PhraseArg>>;

export function translator(): Translator {
  return gameWording();
}

/** A rules phrase in the user's language. */
export function say(p: Phrase): string {
  return speak(p, translator());
}

export function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/** The text of `key` filled with `data`, written as a phrase (locale numbers, plural forms). */
export function format(key: string, data: FormatData = {}): string {
  return say(Object.keys(data).length === 0 ? phrase(key) : phrase(key, data));
}

export type NotifyLevel = "info" | "warn" | "error";

/** Options Foundry's notifications take (a progress bar, a notice that stays). */
export interface NotifyOptions {
  readonly permanent?: boolean;
  readonly progress?: boolean;
}

/** Shows text that is already in the user's language; returns Foundry's notification. */
export function notifyText(level: NotifyLevel, text: string, options?: NotifyOptions): unknown {
  const notifications = ui.notifications as unknown as Record<NotifyLevel, (m: string, o?: NotifyOptions) => unknown> | undefined;
  return notifications?.[level](text, options);
}

/** Shows the text of a lang key filled with `data`. */
export function notify(level: NotifyLevel, key: string, data: FormatData = {}, options?: NotifyOptions): unknown {
  return notifyText(level, format(key, data), options);
}

/** The one "refused, nothing changed" warning, with every reason (already in the user's language). */
export function warnRefused(reasons: string | readonly string[]): void {
  const reason = typeof reasons === "string" ? reasons : reasons.join(" ");
  notify("warn", "NOBC.Notify.Refused", { reason });
}

/** The user of this client as the layer reads it. */
export interface CurrentUser {
  readonly id: string | null;
  readonly isGM: boolean;
}

/**
 * The user a dialog's world is read for: this client's user, or (on the active GM's client) the user
 * who sent a request, as its User document, so permission tests are made for the asker.
 */
export interface AskingUser {
  readonly id: string | null;
  readonly isGM: boolean;
}

export function currentUser(): CurrentUser | null {
  const user = game.user as unknown as { id?: string | null; isGM?: boolean } | null | undefined;
  return user === null || user === undefined ? null : { id: user.id ?? null, isGM: user.isGM === true };
}

/** The GMs' user ids (the active GM's at least): whom a message for Control alone is whispered to. */
export function gmUserIds(): string[] {
  const all = game.users as unknown as
    | {
        readonly activeGM?: { readonly id: string } | null;
        readonly contents?: readonly { readonly id: string; readonly isGM?: boolean }[];
      }
    | undefined;
  const ids = (all?.contents ?? []).filter((u) => u.isGM === true).map((u) => u.id);
  const active = all?.activeGM?.id;
  return active === undefined || ids.includes(active) ? ids : [...ids, active];
}

/**
 * Whether `user` (this client's user by default) is a GM. The GM's client passes the user who sent
 * a request, so a dialog's access is checked for the asker, not for the GM answering.
 */
export function isGM(user: { readonly isGM?: boolean } | null = currentUser()): boolean {
  return user?.isGM === true;
}

interface OwnableDocument {
  readonly uuid: string;
  testUserPermission?(user: unknown, level: "OWNER"): boolean;
}

/**
 * The uuids of the world actors `user` owns (every one for a GM), in one pass: this client's user
 * by default, the asker's User document when the GM answers a request.
 */
export function ownedActorUuids(actors: Iterable<OwnableDocument> = worldActors(), user: unknown = game.user): Set<string> {
  const gm = isGM(user as { isGM?: boolean } | null);
  const owned = new Set<string>();
  for (const actor of actors) if (gm || actor.testUserPermission?.(user, "OWNER") === true) owned.add(actor.uuid);
  return owned;
}

/** The world's actors, typed as the caller reads them (empty before the world is ready). */
export function worldActors<T = OwnableDocument>(): T[] {
  return [...((game.actors ?? []) as unknown as Iterable<T>)];
}

/** The world's loose items (held by no actor), typed as the caller reads them. */
export function worldItems<T>(): T[] {
  return [...((game.items ?? []) as unknown as Iterable<T>)];
}

/** Our own hook names are not in Foundry's typed hook list. */
export function callHook(name: string, ...args: unknown[]): void {
  (Hooks as unknown as { callAll(n: string, ...a: unknown[]): boolean }).callAll(name, ...args);
}

/** Renders one of our Handlebars templates. */
export function renderTemplate(path: string, data: object): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate as unknown as (p: string, d: object) => Promise<string>;
  return render(path, data);
}

/** Loads templates (partials) once; Foundry caches them. */
export function loadTemplates(paths: readonly string[]): Promise<unknown> {
  const load = foundry.applications.handlebars.loadTemplates as unknown as (p: readonly string[]) => Promise<unknown>;
  return load(paths);
}
