/**
 * The one place where the sheets meet Foundry's application and document types.
 *
 * Why the casts: with the pinned foundry-vtt-types, a sheet class whose `_prepareContext`,
 * actions or document updates are checked against the full ActorSheetV2 / ItemSheetV2 types
 * makes `tsc` run for minutes or stop with TS2589. So the mixed-in base classes are cast once,
 * here, to constructors of the few members the sheets use, and the sheets only see these narrow
 * shapes. Everything else in src/sheets stays fully typed against them.
 */
import { SYSTEM_ID } from "../base/constants";

/** The members of a live Actor or Item the sheets read or call. */
export interface LiveDocument {
  readonly uuid: string;
  readonly id: string | null;
  readonly name: string;
  readonly img: string | null;
  readonly type: string;
  readonly system: unknown;
  readonly parent: unknown;
  readonly sheet?: { render(options: { force: boolean }): unknown } | null;
  update(data: object): Promise<unknown>;
  delete(): Promise<unknown>;
  canUserModify(user: unknown, action: "update"): boolean;
}

/** An Actor as the sheets and the drop handlers use it. */
export interface LiveActor extends LiveDocument {
  readonly items: Iterable<LiveDocument>;
  getActiveTokens(): readonly { readonly center: { x: number; y: number } }[];
}

/** The sheet members our subclasses call. */
export interface SheetApp<D> {
  readonly document: D;
  /** The window's element (Foundry's `ApplicationV2#element`). */
  readonly element: HTMLElement;
  readonly isEditable: boolean;
  render(options?: { force?: boolean }): unknown;
  _prepareContext(options: object): Promise<object>;
  /** After each render, with the element in place. */
  _onRender(context: object, options: object): Promise<void>;
  /** The form's values as the update data (Foundry expands the dotted names). */
  _processFormData(event: Event | null, form: HTMLFormElement, formData: unknown): Record<string, unknown>;
  /** Writes the processed form: Foundry's calls `document.update(submitData, options)`. */
  _processSubmitData(event: Event | null, form: HTMLFormElement, submitData: Record<string, unknown>, options?: object): Promise<void>;
}

type SheetConstructor<D> = new (options?: object) => SheetApp<D>;

const { HandlebarsApplicationMixin } = foundry.applications.api;

export const ActorSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ActorSheetV2,
) as unknown as SheetConstructor<LiveActor>;
export const ItemSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ItemSheetV2,
) as unknown as SheetConstructor<LiveDocument>;

/** Registers a sheet class as the default for some subtypes of Actor or Item. */
export function registerSheet(documentName: "Actor" | "Item", sheet: object, types: readonly string[], label: string): void {
  const config = foundry.applications.apps.DocumentSheetConfig as unknown as {
    registerSheet(cls: unknown, scope: string, sheet: unknown, options: object): void;
  };
  const cls = documentName === "Actor" ? Actor : Item;
  config.registerSheet(cls, SYSTEM_ID, sheet, { types: [...types], makeDefault: true, label });
}

/** Notes and descriptions rendered with links and inline rolls, as Foundry's editor shows them. */
export async function enrichHtml(html: string): Promise<string> {
  const editor = foundry.applications.ux.TextEditor.implementation as unknown as {
    enrichHTML(content: string): Promise<string>;
  };
  return editor.enrichHTML(html);
}

/** A template rendered to HTML (the breakdown dialog's body). */
export async function renderHtml(path: string, data: object): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate as unknown as (p: string, d: object) => Promise<string>;
  return render(path, data);
}

/** Asks the user Yes / No in a modal dialog; true only on an explicit yes. */
export async function confirmDialog(title: string, content: string): Promise<boolean> {
  const dialog = foundry.applications.api.DialogV2 as unknown as {
    confirm(config: object): Promise<boolean | null | undefined>;
  };
  const answer = await dialog.confirm({ window: { title }, content, modal: true, rejectClose: false });
  return answer === true;
}
