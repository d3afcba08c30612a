/**
 * TEST STAND-IN for the few `foundry.applications` pieces the sheets use — not Foundry, and not a
 * copy of it; written from the public API docs. Importing this file (after ./install) adds them to
 * the fake `foundry` global, since src/sheets/base.ts mixes its base classes at load time.
 *
 * - `api.HandlebarsApplicationMixin(Base)`: returns a subclass, nothing more.
 * - `sheets.ActorSheetV2` / `ItemSheetV2`: keep `options.document`, are editable, count `render`
 *   calls, their `_prepareContext` returns `{ document }`, and `_processFormData` expands dotted names.
 *   `submitForm(values)` submits as DocumentSheetV2 does: `_processFormData`, then
 *   `_processSubmitData`, which calls `document.update` (and so is refused as an update is).
 * - `apps.DocumentSheetConfig.registerSheet`: records each call in `sheetsFake.registered`.
 * - `api.ApplicationV2`: keeps its options, counts `render` and `close` calls (`renders`, `closes`),
 *   `close` then calls `_onClose(options)` as Foundry's does,
 *   records each render in `sheetsFake.appRenders`, and its `_prepareContext` returns `{}`. No DOM:
 *   `element` is null unless a test sets it.
 * - `api.DialogV2.confirm`: records the call and answers `sheetsFake.answer`.
 * - `api.DialogV2.wait`: records the call and answers the next of `sheetsFake.choices` (the action of
 *   the button clicked), or null (the dialog closed) when none is left, as `rejectClose: false` does.
 * - `handlebars.renderTemplate`: records the data and returns a marker string.
 * - `ux.TextEditor.implementation.enrichHTML`: returns the HTML unchanged.
 * - `instances`: the Map in `sheetsFake.instances` (tests put open sheets there).
 * - `game.actors` / `game.items`: the arrays in `sheetsFake.actors` / `sheetsFake.items`.
 */
type Raw = Record<string, unknown>;

export interface RegisteredSheet {
  documentClass: unknown;
  scope: string;
  sheet: unknown;
  options: { types: string[]; makeDefault: boolean; label: string };
}

export const sheetsFake = {
  registered: [] as RegisteredSheet[],
  dialogs: [] as Raw[],
  rendered: [] as { path: string; data: unknown }[],
  /** Every `render` of an ApplicationV2 stand-in, with the application and its options. */
  appRenders: [] as { app: unknown; options: unknown }[],
  answer: true as boolean | null,
  /** What the next `DialogV2.wait` calls answer, in order (a button's action; null: closed). */
  choices: [] as (string | null)[],
  /** `foundry.applications.instances`: the open applications, by id. */
  instances: new Map<string, unknown>(),
  actors: [] as unknown[],
  items: [] as unknown[],
  reset(): void {
    this.registered.length = 0;
    this.dialogs.length = 0;
    this.rendered.length = 0;
    this.appRenders.length = 0;
    this.answer = true;
    this.choices = [];
    this.actors.length = 0;
    this.items.length = 0;
    this.instances.clear();
  },
};

class FakeDocumentSheet {
  document: unknown;
  isEditable = true;
  rendered = true;
  constructor(options: { document?: unknown } = {}) {
    this.document = options.document;
  }
  async _prepareContext(_options: object): Promise<object> {
    return { document: this.document };
  }
  /** Nothing after a render: the stand-in draws no DOM. */
  _onRender(_context: object, _options: object): Promise<void> {
    return Promise.resolve();
  }
  renders = 0;
  render(): this {
    this.renders++;
    return this;
  }
  /**
   * A form submission as DocumentSheetV2 makes it (`submitOnChange`): the form's values through
   * `_processFormData`, then `_processSubmitData`, which updates the document. A refused update
   * rejects, as Foundry's does.
   */
  async submitForm(values: Raw): Promise<void> {
    const data = this._processFormData(null, null, { object: values });
    await this._processSubmitData(null, null, data);
  }
  async _processSubmitData(_event: unknown, _form: unknown, submitData: Raw): Promise<void> {
    await (this.document as { update(d: Raw): Promise<unknown> }).update(submitData);
  }
  /** Expands dotted names into nested objects, as Foundry's `expandObject` does (numeric keys stay object keys). */
  _processFormData(_event: unknown, _form: unknown, formData: { object: Raw }): Raw {
    const out: Raw = {};
    for (const [path, value] of Object.entries(formData.object)) {
      const keys = path.split(".");
      let node = out;
      for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Raw;
      node[keys[keys.length - 1]!] = value;
    }
    return out;
  }
}

class FakeApplicationV2 {
  options: Raw;
  element: unknown = null;
  rendered = false;
  renders = 0;
  closes = 0;
  constructor(options: Raw = {}) {
    this.options = options;
  }
  async _prepareContext(_options: object): Promise<object> {
    return {};
  }
  async render(options: unknown = {}): Promise<this> {
    this.renders++;
    this.rendered = true;
    sheetsFake.appRenders.push({ app: this, options });
    return this;
  }
  /** Closes as ApplicationV2 does, then calls `_onClose(options)` (a subclass's clean-up). */
  async close(options: Raw = {}): Promise<this> {
    this.closes++;
    this.rendered = false;
    this._onClose(options);
    return this;
  }
  /** Nothing of its own to clean up (a subclass's override does its part). */
  closedWith: Raw | null = null;
  _onClose(options: Raw): void {
    this.closedWith = options;
  }
}

class FakeActorSheetV2 extends FakeDocumentSheet {}
class FakeItemSheetV2 extends FakeDocumentSheet {}

function install(): void {
  const g = globalThis as Raw;
  const foundry = g["foundry"] as Raw;
  foundry["applications"] = {
    instances: sheetsFake.instances,
    api: {
      ApplicationV2: FakeApplicationV2,
      HandlebarsApplicationMixin: (Base: new (...a: never[]) => object) => class extends Base {},
      DialogV2: {
        async confirm(config: Raw) {
          sheetsFake.dialogs.push(config);
          return sheetsFake.answer;
        },
        async wait(config: Raw) {
          sheetsFake.dialogs.push(config);
          return sheetsFake.choices.shift() ?? null;
        },
      },
    },
    sheets: { ActorSheetV2: FakeActorSheetV2, ItemSheetV2: FakeItemSheetV2 },
    apps: {
      DocumentSheetConfig: {
        registerSheet(documentClass: unknown, scope: string, sheet: unknown, options: RegisteredSheet["options"]) {
          sheetsFake.registered.push({ documentClass, scope, sheet, options });
        },
      },
    },
    handlebars: {
      async renderTemplate(path: string, data: unknown) {
        sheetsFake.rendered.push({ path, data });
        return `<rendered ${path}>`;
      },
    },
    ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
  };
  const game = g["game"] as Raw;
  game["actors"] = sheetsFake.actors;
  game["items"] = sheetsFake.items;
}

install();
