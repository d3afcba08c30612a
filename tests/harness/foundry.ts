/**
 * TEST STAND-IN FOR FOUNDRY VTT — not Foundry, and not a copy of it.
 *
 * Foundry cannot run here, so the tests of the Foundry layer run against this small fake of the
 * few pieces that layer touches, each written from Foundry's public documentation:
 *
 * - `foundry.data.fields`: StringField, NumberField, BooleanField, HTMLField, DocumentUUIDField,
 *   SchemaField, ArrayField. Only what the data models rely on: a missing value takes the field's
 *   `initial`; validation rejects a wrong type, a value outside `choices`, a non-integer where
 *   `integer` is set, a number below `min` / above `max`, an empty string where `blank: false`,
 *   and null where `nullable` is not set. No cleaning or coercion (the real one does more; we
 *   rely on none of it).
 * - `foundry.abstract.TypeDataModel`: the constructor runs `migrateData`, fills initial values,
 *   validates every field, then `validateJoint`, and throws when anything is invalid; the fields
 *   become properties of the instance. `prepareDerivedData` is called by the test, as the parent
 *   document would.
 * - `foundry.abstract.Document` (for `instanceof`), `foundry.utils.fromUuidSync` over a registry, `foundry.utils.randomID`.
 * - `Actor` / `Item`: documents with uuid, id, type, name, system, parent, items, `toObject`,
 *   `update`, `canUserModify` (answers the `writable` flag); their static `updateDocuments` /
 *   `deleteDocuments` / `createDocuments` only record
 *   the call (and its operation) in `calls`. Actors hold status `effects`; their
 *   `create/deleteEmbeddedDocuments` record the call and keep `statuses` in step.
 * - `ActiveEffect.implementation.fromStatusEffect(id)`: an unsaved effect carrying that status.
 * - `Hooks`, `game.settings`, `game.i18n`, `game.user`, `game.data`, `game.system`, `ui.notifications`,
 *   `CONFIG`, and a `canvas` with token placeables, a viewed scene whose flags are
 *   `canvasState.sceneFlags`, a grid `size`, and a hex-distance `grid.measurePath`.
 */

type Raw = Record<string, unknown>;

interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  choices?: readonly unknown[];
  integer?: boolean;
  min?: number;
  max?: number;
  blank?: boolean;
  type?: string;
}

class DataField {
  constructor(readonly options: FieldOptions = {}) {}

  initial(): unknown {
    const i = this.options.initial;
    return typeof i === "object" && i !== null ? structuredClone(i) : i;
  }

  /** Fills missing values with their initial; nothing else. */
  fill(value: unknown): unknown {
    return value === undefined ? this.initial() : value;
  }

  /** Every problem with `value`, as "path: problem" strings. */
  validate(value: unknown, path: string): string[] {
    if (value === null || value === undefined) {
      return this.options.nullable === true ? [] : [`${path}: may not be null`];
    }
    const wrong = this.check(value);
    if (wrong !== null) return [`${path}: ${wrong}`];
    if (this.options.choices !== undefined && !this.options.choices.includes(value)) {
      return [`${path}: ${String(value)} is not a valid choice`];
    }
    return [];
  }

  protected check(_value: unknown): string | null {
    return null;
  }
}

class StringField extends DataField {
  protected override check(value: unknown): string | null {
    if (typeof value !== "string") return "must be a string";
    if (value === "" && this.options.blank === false) return "may not be blank";
    return null;
  }
}

class HTMLField extends StringField {}

class DocumentUUIDField extends StringField {
  protected override check(value: unknown): string | null {
    if (typeof value !== "string" || !/^[A-Za-z]+\.[A-Za-z0-9]+(\.[A-Za-z]+\.[A-Za-z0-9]+)*$/.test(value)) return "must be a document UUID";
    return null;
  }
}

class NumberField extends DataField {
  protected override check(value: unknown): string | null {
    if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
    if (this.options.integer === true && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min) return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max) return `must be at most ${this.options.max}`;
    return null;
  }
}

class BooleanField extends DataField {
  protected override check(value: unknown): string | null {
    return typeof value === "boolean" ? null : "must be a boolean";
  }
}

class SchemaField extends DataField {
  constructor(
    readonly fields: Record<string, DataField>,
    options: FieldOptions = {},
  ) {
    super(options);
  }

  override initial(): unknown {
    return this.fill({});
  }

  override fill(value: unknown): unknown {
    if (value === undefined) value = {};
    if (typeof value !== "object" || value === null) return value;
    const out: Raw = { ...(value as Raw) };
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.fill(out[k]);
    return out;
  }

  override validate(value: unknown, path: string): string[] {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [`${path}: must be an object`];
    return Object.entries(this.fields).flatMap(([k, f]) => f.validate((value as Raw)[k], path ? `${path}.${k}` : k));
  }
}

class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
  }

  override fill(value: unknown): unknown {
    if (value === undefined) return this.initial();
    return Array.isArray(value) ? value.map((v) => this.element.fill(v)) : value;
  }

  override validate(value: unknown, path: string): string[] {
    if (!Array.isArray(value)) return [`${path}: must be an array`];
    return value.flatMap((v, i) => this.element.validate(v, `${path}.${i}`));
  }
}

class TypeDataModel {
  _source: Raw;
  parent: unknown;

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  static migrateData(source: Raw): Raw {
    return source;
  }

  static validateJoint(_data: Raw): void {}

  constructor(source: Raw = {}, options: { parent?: unknown } = {}) {
    const ctor = this.constructor as typeof TypeDataModel;
    const schema = new SchemaField(ctor.defineSchema());
    const migrated = ctor.migrateData(structuredClone(source));
    const data = schema.fill(migrated) as Raw;
    const errors = schema.validate(data, "");
    if (errors.length === 0) {
      try {
        ctor.validateJoint(data);
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
    if (errors.length > 0) throw new Error(`${ctor.name} validation errors:\n${errors.join("\n")}`);
    this._source = data;
    this.parent = options.parent ?? null;
    Object.assign(this, structuredClone(data));
  }

  prepareBaseData(): void {}
  prepareDerivedData(): void {}
}

/* ---------------- documents ---------------- */

const registry = new Map<string, unknown>();

class Document {}

export interface CallRecord {
  method: string;
  data: unknown;
  operation: unknown;
}

let nextId = 1;
/** `foundry.utils.randomID` stand-in: distinct ids in order. */
let nextRandomId = 0;
function makeId(): string {
  return `id${String(nextId++).padStart(13, "0")}`;
}

class FakeDocument extends Document {
  static documentName = "Document";
  static calls: CallRecord[] = [];
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: Raw;
  parent: FakeActor | null;
  updates: Raw[] = [];
  /** Whether `canUserModify(user, "update")` says yes (set false to play a user who does not own it). */
  writable = true;

  constructor(data: { name: string; type: string; system?: Raw; id?: string }, parent: FakeActor | null = null) {
    super();
    const ctor = this.constructor as typeof FakeDocument;
    this.id = data.id ?? makeId();
    this.name = data.name;
    this.type = data.type;
    this.system = structuredClone(data.system ?? {});
    this.parent = parent;
    this.uuid = parent === null ? `${ctor.documentName}.${this.id}` : `${parent.uuid}.${ctor.documentName}.${this.id}`;
    registry.set(this.uuid, this);
  }

  canUserModify(_user: unknown, _action: string): boolean {
    return this.writable;
  }

  toObject(): Raw {
    return { _id: this.id, name: this.name, type: this.type, system: structuredClone(this.system) };
  }

  async update(data: Raw, options: unknown = {}): Promise<this> {
    this.updates.push(structuredClone(data));
    (this.constructor as typeof FakeDocument).calls.push({ method: "update", data, operation: options });
    return this;
  }

  static async updateDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    this.calls.push({ method: "updateDocuments", data, operation });
    return [];
  }

  static async deleteDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    this.calls.push({ method: "deleteDocuments", data, operation });
    return [];
  }

  static async createDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    this.calls.push({ method: "createDocuments", data, operation });
    return [];
  }
}

class FakeItem extends FakeDocument {
  static override documentName = "Item";
  static override calls: CallRecord[] = [];
}

class FakeActor extends FakeDocument {
  static override documentName = "Actor";
  static override calls: CallRecord[] = [];
  items: FakeItem[] = [];
  isToken = false;
  statuses = new Set<string>();
  tokens: { center: { x: number; y: number } }[] = [];

  addItem(data: { name: string; type: string; system?: Raw; id?: string }): FakeItem {
    const item = new FakeItem(data, this);
    this.items.push(item);
    return item;
  }

  getActiveTokens(): { center: { x: number; y: number } }[] {
    return this.tokens;
  }

  effects: { id: string; statuses: Set<string> }[] = [];

  /** Adds status effects (keeping `statuses` in step) and records the call. */
  async createEmbeddedDocuments(name: string, data: { statuses?: string[] }[]): Promise<unknown[]> {
    FakeActor.calls.push({ method: "createEmbeddedDocuments", data: [name, data], operation: {} });
    for (const d of data) {
      const effect = { id: makeId(), statuses: new Set(d.statuses ?? []) };
      this.effects.push(effect);
      for (const s of effect.statuses) this.statuses.add(s);
    }
    return [];
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown[]> {
    FakeActor.calls.push({ method: "deleteEmbeddedDocuments", data: [name, ids], operation: {} });
    for (const e of this.effects.filter((x) => ids.includes(x.id))) for (const s of e.statuses) this.statuses.delete(s);
    this.effects = this.effects.filter((x) => !ids.includes(x.id));
    return [];
  }
}

/* ---------------- globals ---------------- */

export interface HookRecord {
  name: string;
  fn: (...args: unknown[]) => unknown;
  once: boolean;
}

const hooks: HookRecord[] = [];
const Hooks = {
  on(name: string, fn: (...args: unknown[]) => unknown) {
    hooks.push({ name, fn, once: false });
    return hooks.length;
  },
  once(name: string, fn: (...args: unknown[]) => unknown) {
    hooks.push({ name, fn, once: true });
    return hooks.length;
  },
  /** Calls the hooks of `name` in order; false from one stops the rest and is returned. */
  call(name: string, ...args: unknown[]): boolean {
    for (const h of hooks.filter((x) => x.name === name)) if (h.fn(...args) === false) return false;
    return true;
  },
  callAll(name: string, ...args: unknown[]): boolean {
    for (const h of hooks.filter((x) => x.name === name)) h.fn(...args);
    return true;
  },
};

export interface SettingRecord {
  namespace: string;
  key: string;
  config: Raw;
}

const settingsStore = new Map<string, unknown>();
const settingsRegistered: SettingRecord[] = [];
const settings = {
  register(namespace: string, key: string, config: Raw) {
    settingsRegistered.push({ namespace, key, config });
    settingsStore.set(`${namespace}.${key}`, config["default"]);
  },
  get(namespace: string, key: string) {
    const k = `${namespace}.${key}`;
    if (!settingsStore.has(k)) throw new Error(`setting ${k} is not registered`);
    return settingsStore.get(k);
  },
  async set(namespace: string, key: string, value: unknown) {
    settingsStore.set(`${namespace}.${key}`, value);
    return value;
  },
};

export interface NoticeRecord {
  level: "info" | "warn" | "error";
  message: string;
  options: Raw | undefined;
  progress: number[];
}

const notices: NoticeRecord[] = [];
function notify(level: NoticeRecord["level"]) {
  return (message: string, options?: Raw) => {
    const record: NoticeRecord = { level, message, options, progress: [] };
    notices.push(record);
    // v13 progress notifications take `{ pct }` (0..1); a bare number is recorded as NaN.
    return { update: (data: { pct?: number }) => record.progress.push(typeof data === "object" && typeof data.pct === "number" ? data.pct : NaN) };
  };
}

/** The grid of the fake canvas: hexes are `size` pixels apart along a row (distance in columns). */
const canvasState = {
  hexSize: 100,
  placeables: [] as unknown[],
  /** The viewed scene's flags, by "scope.key" (e.g. "nobc.terrain"); null: no scene is viewed. */
  sceneFlags: new Map<string, unknown>() as Map<string, unknown> | null,
};

const game = {
  settings,
  i18n: {
    localize: (key: string) => key,
    format: (key: string, data: Record<string, string>) => `${key} ${JSON.stringify(data)}`,
  },
  user: { id: "user1", isGM: true },
  users: { activeGM: { isSelf: true } },
  data: { actors: [] as unknown[], items: [] as unknown[] },
  system: { id: "nobc", version: "0.1.0" },
} as Raw;

export const harness = {
  Actor: FakeActor,
  Item: FakeItem,
  hooks,
  notices,
  settingsRegistered,
  settingsStore,
  canvasState,
  game,
  /** Forget every document, call, hook, notice and setting value. */
  reset(): void {
    registry.clear();
    FakeActor.calls = [];
    FakeItem.calls = [];
    hooks.length = 0;
    notices.length = 0;
    settingsRegistered.length = 0;
    settingsStore.clear();
    canvasState.placeables = [];
    canvasState.sceneFlags = new Map();
    game["user"] = { id: "user1", isGM: true };
    game["data"] = { actors: [], items: [] };
  },
  /** Makes `fromUuidSync(uuid)` answer `value` (e.g. a compendium index entry). */
  registerUuid(uuid: string, value: unknown): void {
    registry.set(uuid, value);
  },
  /** Makes `fromUuidSync(uuid)` answer null again, as for a deleted document. */
  forgetUuid(uuid: string): void {
    registry.delete(uuid);
  },
  /** A token on the fake canvas for `actor` whose centre is at `center` (pixels from the scene's corner). */
  placeTokenAt(actor: FakeActor, center: { x: number; y: number }): void {
    const half = canvasState.hexSize / 2;
    actor.tokens.push({ center });
    canvasState.placeables.push({
      actor,
      center,
      bounds: { contains: (px: number, py: number) => Math.abs(px - center.x) < half && Math.abs(py - center.y) < half },
    });
  },
  /** A token on the fake canvas for `actor`, at hex column `col` of row 0. */
  placeToken(actor: FakeActor, col: number): void {
    const x = col * canvasState.hexSize;
    const center = { x: x + canvasState.hexSize / 2, y: canvasState.hexSize / 2 };
    actor.tokens.push({ center });
    canvasState.placeables.push({
      actor,
      center,
      bounds: { contains: (px: number, py: number) => px >= x && px < x + canvasState.hexSize && py >= 0 && py < canvasState.hexSize },
    });
  },
};

export type FakeActorT = FakeActor;
export type FakeItemT = FakeItem;

export function installFoundryStandIn(): void {
  const g = globalThis as Raw;
  g["foundry"] = {
    data: { fields: { DataField, StringField, HTMLField, DocumentUUIDField, NumberField, BooleanField, SchemaField, ArrayField } },
    abstract: { TypeDataModel, Document },
    utils: { fromUuidSync: (uuid: string) => registry.get(uuid) ?? null, randomID: () => `id${String(++nextRandomId).padStart(14, "0")}` },
  };
  g["CONFIG"] = {
    Actor: { dataModels: {}, trackableAttributes: {} },
    Item: { dataModels: {} },
    Combat: { dataModels: {} },
    statusEffects: [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
    ],
  };
  g["Hooks"] = Hooks;
  g["game"] = game;
  g["ui"] = { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") } };
  g["Actor"] = FakeActor;
  g["Item"] = FakeItem;
  g["ActiveEffect"] = {
    implementation: {
      async fromStatusEffect(id: string) {
        return { toObject: () => ({ name: id, statuses: [id] }) };
      },
    },
  };
  g["canvas"] = {
    get scene() {
      const flags = canvasState.sceneFlags;
      return flags === null ? null : { getFlag: (scope: string, key: string) => flags.get(`${scope}.${key}`) };
    },
    dimensions: { sceneX: 0, sceneY: 0 },
    tokens: {
      get placeables() {
        return canvasState.placeables;
      },
    },
    grid: {
      get size() {
        return canvasState.hexSize;
      },
      measurePath(points: { x: number; y: number }[]) {
        const [a, b] = points;
        return { spaces: Math.round(Math.abs((b?.x ?? 0) - (a?.x ?? 0)) / canvasState.hexSize) };
      },
    },
  };
}
