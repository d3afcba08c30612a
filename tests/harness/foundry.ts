/**
 * TEST STAND-IN FOR FOUNDRY VTT — not Foundry, and not a copy of it.
 *
 * Foundry cannot run here, so the tests of the Foundry layer run against this small fake of the
 * few pieces that layer touches, each written from Foundry's public v13 API documentation
 * (foundryvtt.com/api). It is meant to refuse what Foundry refuses; for each behaviour, the
 * documented API it mirrors:
 *
 * - `foundry.data.fields` (StringField, NumberField, BooleanField, HTMLField, DocumentUUIDField,
 *   SchemaField, ArrayField, ObjectField): a missing value takes the field's `initial`; a NumberField
 *   is cleaned before it is validated, as Foundry cleans (a numeric string cast, `integer` rounded,
 *   `min` / `max` clamped, `step` rounded to a step: an out-of-range number is stored clamped, not
 *   refused); validation rejects a wrong type, a value outside `choices`, a non-finite number, an
 *   array of fewer than `min` / more than `max` elements, an ObjectField value that is not a plain
 *   object, an empty string where `blank: false`, null where `nullable` is not set, a value the
 *   field's own `validate` function answers false to (with its `validationError`), and a
 *   DocumentUUIDField value that is no UUID, names a document of another `type`, or breaks
 *   `embedded`. Strings and other values are not cast.
 * - `foundry.abstract.TypeDataModel` / `DataModel#validate` and `DataModel.validateJoint`: the
 *   constructor runs `migrateData`, fills initial values, cleans, validates every field, then
 *   `validateJoint`, and throws when anything is invalid. An update or creation stores the system
 *   data as cleaned.
 * - `ClientDocument#update` / `Document.updateDocuments` (Actor, Item): the changes ("a.b" paths
 *   or nested, `-=key` deletes, `==key` replaces an object whole) are merged into the source and the system data is validated
 *   against the subtype's data model (CONFIG.X.dataModels, else the system's own, see
 *   ./system-models.ts), then `validateJoint`; a refused update rejects and changes nothing; a
 *   batch is checked whole before any row is written; an accepted one is applied (and recorded in
 *   `updates`). `deleteDocuments` / `createDocuments` with a `parent` change the parent's items;
 *   an embedded row is looked for in that one parent only (a card of another HQ "does not exist").
 *   Once an update is written, `update<Name>` fires for each document it wrote, with the changes
 *   expanded and this client's user id (the stand-in is one client); `create<Name>` and
 *   `delete<Name>` fire for the embedded documents a call made or removed.
 * - `Combat.create` / `Combat.updateDocuments` (a world Combat validated against
 *   `CONFIG.Combat.dataModels`, made by a GM only; v13's Combat has no `name`: one given on create is
 *   dropped, an update naming it refused) and `JournalEntry.createDocuments` (`keepId`; `ownership` as
 *   given, levels checked) / `deleteDocuments` (world entries with their pages, a GM only): what a
 *   mission's tracker writes.
 * - World `Actor.createDocuments` (a GM only; `keepId` keeps a valid id and refuses one in use; each
 *   `system` validated by its type's data model; the new actors join a loaded `game.actors`) and
 *   `Folder.createDocuments` / `deleteDocuments` (a GM only, the same id rules): what the
 *   order-of-battle import's card writes. Deleting a folder does not move its contents here.
 * - `Document#testUserPermission`, `canUserModify`, `CONST.DOCUMENT_OWNERSHIP_LEVELS`, `User#isGM`
 *   (a role of ASSISTANT or above): a GM may write anything; anyone else only what `ownership`
 *   gives OWNER (an embedded document follows its parent). `harness.playAsPlayer()` plays a player.
 * - `CompendiumCollection#locked`: writing a document of a locked pack (`harness.putInPack`) throws;
 *   an unlocked pack's document is written. A pack document's uuid is `Compendium.<pack>.<Name>.<id>`
 *   and may share its id with a world document (`harness.packCopy`, as an Adventure import keeps
 *   ids); `Actor.updateDocuments` without a `pack` writes the world's document of that id.
 * - `ClientSettings#set` with `scope: "world"` and the SETTINGS_MODIFY permission (by default an
 *   assistant GM or GM): a player's write rejects; a value outside `choices` rejects; a stored value
 *   calls the setting's `onChange` with it.
 *   A world setting's first write fires `createSetting`, a later one `updateSetting` (it is a Setting
 *   document); a client setting's fires `clientSettingChanged`.
 * - A database request the server never answers: the client's promise stays pending, as Foundry's
 *   client sets no time limit on it (`harness.stallWrites`, for documents, settings and messages).
 *   Requests in flight (`harness.holdWrites`): carried out in order once released; until then
 *   every client reads the world as before them.
 * - `Hooks.on/once/off/call/callAll`: a `once` handler is removed after it runs; a handler that
 *   throws is caught and logged (`console.error`) and the others still run, as `Hooks.call` /
 *   `callAll` do (through `Hooks.onError`). The stand-in also records it in `harness.hookErrors`,
 *   and ./install.ts fails the test after it ends unless `harness.hookSwitch.failTest` is false.
 * - v13 token movement (hookEvents.preMoveToken / moveToken, `TokenDocument#move`,
 *   `TokenMovementOperation`, `movementHistory`): an update that changes a token's x or y is a
 *   movement (method `api`; `move(waypoints, { method })` passes its waypoints and method, e.g.
 *   `dragging`). A movement arrives in checkpoints (TokenMovementWaypoint `checkpoint`: one update
 *   operation per checkpoint, the last waypoint ending the last): each operation's movement has the
 *   movement's one id, its own origin and destination, the waypoints to its checkpoint `passed` and
 *   the rest `pending`; a drag's waypoints are checkpoints unless they say otherwise, an API move's
 *   are not unless they say so. `preMoveToken(doc, movement, operation)` fires on this (the
 *   initiating) client for each operation after the permission and schema checks and before the
 *   write; false drops that token's row whole and stops the movement there. `moveToken(doc,
 *   movement, operation, user)` fires after each write; the waypoints go to the history. v14's
 *   planned movement (`move(…, { planned: true })`, TokenMovementInstructionOptions `planned`) moves
 *   nothing and fires no `preMoveToken`: it is kept (`plannedMovement`, `planToken`) until
 *   `harness.startPlannedMovement` starts it.
 * - `SceneDimensions` (`canvas.dimensions`): the scene is padded by its `padding` (0.25, Foundry's
 *   default) on every side, rounded up to whole pairs of columns and rows (the getDimensions doc:
 *   "round to the nearest 2x grid size to ensure symmetry"), so `sceneX` / `sceneY` are not 0.
 * - `game.scenes`: every stand-in `Scene` made since the reset (the viewed one and any a test makes
 *   with `new harness.Scene(...)`), there before any reset too; `get`, iteration, `contents`, `size`,
 *   `viewed` (`canvas.scene`), `active` (the reset's scene, or `harness.activateScene`). All share the
 *   one grid and size below; each has its `grid`, `dimensions` and token documents, read with no canvas.
 * - `HexagonalGrid` (`canvas.grid`, `CONST.GRID_TYPES.HEXODDQ`): flat-topped hexes in columns
 *   (`columns: true`), the odd columns shifted down; `size` is the flat-to-flat height (`sizeY`),
 *   `sizeX` the corner-to-corner width; `getOffset` ({i: row, j: column}), `getCenterPoint`, and
 *   `measurePath` (hexes entered as `spaces`, 10 km each as `distance`).
 * - `foundry.canvas.placeables.tokens.TokenRuler` and `CONFIG.Token` (`rulerClass`, `movement.actions`): the base
 *   of a system's ruler class (no label for the first waypoint) and a few movement actions with their cost
 *   functions; nothing is drawn or measured.
 * - `foundry.abstract.Document` (for `instanceof`), `foundry.utils.fromUuidSync` over a registry,
 *   `foundry.utils.randomID`, `foundry.utils.expandObject`.
 * - `ActiveEffect.implementation.fromStatusEffect(id)`: an unsaved effect carrying that status.
 *   `ActiveEffect.createDocuments` / `updateDocuments` / `deleteDocuments` (and an actor's
 *   `create…` / `deleteEmbeddedDocuments`): one parent per call, given as `parent`; a call without
 *   one, or naming an effect of another parent, is refused whole (one database operation has one
 *   parent in v13: DatabaseCreateOperation / …UpdateOperation / …DeleteOperation `parent`). The
 *   `create…` / `update…` / `deleteActiveEffect` hooks fire per document. `actor.statuses` is read
 *   from its effects.
 * - `game.settings` (with `registerMenu`: an ApplicationV2 subclass is required; `harness.openMenu(key)`
 *   presses its button, refused to a player when the menu is restricted),
 *   `game.i18n`, `game.user`, `game.packs`, `game.data`, `game.system`,
 *   `ui.notifications`, `CONFIG`, `CONST`, and a `canvas` with token placeables and a viewed scene
 *   (`harness.scene`, a `Scene` with flags, `width` / `height` and embedded tokens; `harness.setSceneFlag` sets a
 *   flag as world data; `harness.canvasState.gridType` sets the grid's `CONST.GRID_TYPES` value, HEXODDQ by default).
 *   A GM viewing another scene: `harness.view(scene)`; a client with the canvas off ("Disable Game
 *   Canvas"): `harness.canvasOff()`, then `canvas.ready` is false and `canvas.scene`, `grid`,
 *   `dimensions` are null, with no placeables, while `game.scenes` keeps every scene and its tokens.
 */
import { keyWording } from "./wording";

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
  /** `NumberField` `step`: a value must be `min` plus a whole number of steps. */
  step?: number;
  /**
   * `DataFieldOptions#validate` (a `DataFieldValidator`): the field's own check, run on the cleaned value; false refuses
   * it with `validationError`, a thrown Error refuses it with the error's message, true or nothing passes it.
   */
  validate?: (value: unknown) => boolean | undefined;
  validationError?: string;
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

  /** `DataField#clean`: the value as the field would store it (see NumberField); most fields keep it as given. */
  clean(value: unknown): unknown {
    return value;
  }

  /** Every problem with `value`, as "path: problem" strings. */
  validate(value: unknown, path: string): string[] {
    if (value === null || value === undefined) {
      return this.options.nullable === true ? [] : [`${path}: may not be null`];
    }
    const wrong = this.check(value);
    if (wrong !== null) return [`${path}: ${wrong}`];
    if (this.options.choices !== undefined && !this.options.choices.includes(value)) {
      // Only string and number fields take choices, and check() has passed.
      return [`${path}: ${value as string | number} is not a valid choice`];
    }
    let own: boolean | undefined;
    try {
      own = this.options.validate?.(value);
    } catch (err) {
      return [`${path}: ${err instanceof Error ? err.message : String(err)}`];
    }
    if (own === false) return [`${path}: ${this.options.validationError ?? "is not a valid value"}`];
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

/**
 * `DocumentUUIDField`: a document UUID (`Compendium.<scope>.<pack>.` before a pack's); with `type`
 * the document it names must be of that type (an Item's UUID is refused where an Actor's is asked
 * for, an embedded one by its own type), and `embedded` true requires an embedded document, false
 * prohibits one (DocumentUUIDFieldOptions).
 */
class DocumentUUIDField extends StringField {
  protected override check(value: unknown): string | null {
    if (typeof value !== "string") return "must be a document UUID";
    const all = value.split(".");
    const parts = all[0] === "Compendium" ? all.slice(3) : all;
    const named = parts.every((p, k) => (k % 2 === 0 ? /^[A-Za-z]+$/ : /^[A-Za-z0-9_-]+$/).test(p));
    if (!named || parts.length < 2 || parts.length % 2 !== 0 || !all.every((p) => p !== "")) return "must be a document UUID";
    const type = parts[parts.length - 2]!;
    const embedded = parts.length > 2;
    const { type: wanted, embedded: mustEmbed } = this.options as FieldOptions & { embedded?: boolean };
    if (wanted !== undefined && type !== wanted) return `Invalid document type "${type}" which must be a "${wanted}"`;
    if (mustEmbed === true && !embedded) return "must be the UUID of an embedded document";
    if (mustEmbed === false && embedded) return "may not be the UUID of an embedded document";
    return null;
  }
}

/**
 * `NumberField`: cleaned before it is validated, as Foundry cleans every update (`DataModel#updateSource`
 * cleans the changes, then validates them): a numeric string is cast to its number, an `integer` field
 * rounds to the nearest whole number, a value below `min` or above `max` is clamped to it, and a `step`
 * rounds to the nearest step (`Number#toNearest`). What is left to refuse is a value that is no finite
 * number (null where not `nullable`, a word, NaN). dnd5e and draw-steel lean on it (a hit point total
 * written below 0 is stored as 0).
 */
class NumberField extends DataField {
  override clean(value: unknown): unknown {
    const cast = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof cast !== "number" || !Number.isFinite(cast)) return value;
    let n = cast;
    const { integer, min, max, step } = this.options;
    if (integer === true) n = Math.round(n);
    if (min !== undefined) n = Math.max(n, min);
    if (max !== undefined) n = Math.min(n, max);
    if (step !== undefined) n = Math.round(n / step) * step;
    return n;
  }

  protected override check(value: unknown): string | null {
    if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
    if (this.options.integer === true && !Number.isInteger(value)) return "must be an integer";
    if (this.options.min !== undefined && value < this.options.min) return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && value > this.options.max) return `must be at most ${this.options.max}`;
    const step = this.options.step;
    if (step !== undefined && !Number.isInteger((value - (this.options.min ?? 0)) / step)) return `must be an increment of ${step}`;
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

  override clean(value: unknown): unknown {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    const out: Raw = { ...(value as Raw) };
    for (const [k, f] of Object.entries(this.fields)) if (k in out) out[k] = f.clean(out[k]);
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

  override clean(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : value;
  }

  override validate(value: unknown, path: string): string[] {
    if (!Array.isArray(value)) return [`${path}: must be an array`];
    if (this.options.min !== undefined && value.length < this.options.min)
      return [`${path}: must have at least ${this.options.min} elements`];
    if (this.options.max !== undefined && value.length > this.options.max)
      return [`${path}: must have at most ${this.options.max} elements`];
    return value.flatMap((v, i) => this.element.validate(v, `${path}.${i}`));
  }
}

/** `ObjectField`: any plain object (not an array), stored as given. */
class ObjectField extends DataField {
  protected override check(value: unknown): string | null {
    return typeof value === "object" && !Array.isArray(value) ? null : "must be an object";
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

  static validateJoint(_data: Raw): void {
    // Foundry's base checks nothing; a model overrides it.
  }

  /** The source as the schema cleans it (`DataModel.cleanData`): only the fields it holds, nothing filled in. */
  static cleanSource(source: Raw): Raw {
    return new SchemaField(this.defineSchema()).clean(source) as Raw;
  }

  constructor(source: Raw = {}, options: { parent?: unknown } = {}) {
    const ctor = this.constructor as typeof TypeDataModel;
    const schema = new SchemaField(ctor.defineSchema());
    const migrated = ctor.migrateData(structuredClone(source));
    const data = schema.clean(schema.fill(migrated)) as Raw;
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

  prepareBaseData(): void {
    // Nothing in Foundry's base; a model overrides it.
  }
  prepareDerivedData(): void {
    // Nothing in Foundry's base; a model overrides it.
  }
}

/* ---------------- users, roles and ownership ---------------- */

/** `CONST.USER_ROLES`: a role of ASSISTANT or above is a GM (`User#isGM`). */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
/** `CONST.DOCUMENT_OWNERSHIP_LEVELS`. */
export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;

/** The members of a User the permission checks read. */
export interface UserLike {
  id: string;
  name?: string;
  isGM: boolean;
}

function currentUser(): UserLike {
  return game["user"] as UserLike;
}

/** Thrown where Foundry rejects a write: the promise of `update`, `create…`, `delete…`, `settings.set` rejects. */
export class HarnessRefusal extends Error {
  override name = "HarnessRefusal";
}

/**
 * Writes the server will not answer (`harness.stallWrites`): how many more, and whether each is
 * carried out all the same (the server wrote it, the answer was lost) or not at all.
 */
const stalls = { count: 0, written: false };

/**
 * Writes in flight (`harness.holdWrites`): sent, not yet carried out by the server. Two GM clients
 * then read the world as it was before them, as clients do before the server's answer arrives.
 */
let held: Promise<void> | null = null;

/**
 * A write as the client sees it: `write()`'s promise, or, while `harness.stallWrites` holds, one that
 * never settles (Foundry's client waits on the server's answer to a database request without a time
 * limit). A stalled write is carried out only when told `written`.
 */
export function answered<T>(write: () => Promise<T>, call?: WireCall): Promise<T> {
  // Another client's write, carried out here as the server sent it (tests/harness/wire.ts).
  if (replaying !== null) return write();
  const send = wire !== null && call !== undefined ? () => wire!(call) as Promise<T> : write;
  // Held writes (`harness.holdWrites`) reach the server in order once released.
  if (held !== null) return held.then(() => send());
  if (stalls.count === 0) return send();
  stalls.count -= 1;
  // Over the multi-client wire the server takes it and tells the others; the writer's copy, like its promise, hears nothing.
  if (stalls.written) (wire !== null && call !== undefined ? wire({ ...call, answerLost: true }) : send()).catch(() => undefined);
  return new Promise<T>(() => undefined);
}

/* ---------------- the generation: v13 or v14 ---------------- */

/**
 * The Foundry generation this run plays (`game.release.generation`), chosen per test run by the
 * environment variable `NOBC_FOUNDRY` (13 by default; `npm test` runs the Foundry-layer suites in
 * both, see vitest.config.ts). What differs, each from the public v13 and v14 API pages:
 * - v14's update operators `foundry.data.operators.ForcedDeletion` / `ForcedReplacement`, as the
 *   globals `_del` and `_replace(value)`: an update value that removes its key or sets it whole. In
 *   v14 the v13 keys `-=key` / `==key` still act but are deprecated (removal planned in v16): each use
 *   is kept in `harness.deprecations`, and ./install.ts fails the test, as nobc writes them nowhere.
 *   v13 has no operators (the globals are not defined).
 * - `CONFIG.statusEffects`: v13 an array, v14 a record keyed by status id.
 * - Movement actions: v14's climb carries `costMultiplier: 2` and no cost function of its own.
 */
export const GENERATION: 13 | 14 = generationOfRun();

/** `NOBC_FOUNDRY` of the test run; 13 where there is none, as in the browser tests' pages (no `process` there). */
function generationOfRun(): 13 | 14 {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.["NOBC_FOUNDRY"] === "14" ? 14 : 13;
}

/**
 * v14's `foundry.data.operators.OPERATOR_IDENTIFIER`: the key an operator is sent under when an update
 * is serialised for the server (the server and each client rebuild the operator from it,
 * `reconstructOperator`); the multi-client wire (./clients.ts) sends updates as JSON, as Foundry does.
 */
const OPERATOR_IDENTIFIER = "__$OPERATOR$__";

/** v14's `foundry.data.operators.ForcedDeletion`: the value of a key an update removes. */
class ForcedDeletion {
  toJSON(): Raw {
    return { [OPERATOR_IDENTIFIER]: "ForcedDeletion" };
  }
}

/** v14's `foundry.data.operators.ForcedReplacement`: a value an update sets whole, merging nothing into it. */
class ForcedReplacement {
  constructor(readonly replacement: unknown) {}
  static create(value: unknown): ForcedReplacement {
    return new ForcedReplacement(value);
  }
  toJSON(): Raw {
    return { [OPERATOR_IDENTIFIER]: "ForcedReplacement", value: this.replacement };
  }
}

/** An operator sent as JSON, rebuilt (`reconstructOperator`); any other value as it is. Only under v14. */
function reconstructOperator(value: unknown): unknown {
  if (GENERATION < 14 || typeof value !== "object" || value === null || !Object.hasOwn(value, OPERATOR_IDENTIFIER)) return value;
  const sent = value as Raw;
  if (sent[OPERATOR_IDENTIFIER] === "ForcedDeletion") return FORCED_DELETION;
  if (sent[OPERATOR_IDENTIFIER] === "ForcedReplacement") return new ForcedReplacement(sent["value"]);
  return value;
}

/**
 * The operators of an update as it came off the wire, rebuilt wherever they sit (each client rebuilds
 * them on receipt, so its hooks hear the operators the writer's did, not their JSON). Only under v14.
 */
export function rebuildOperators(value: unknown): unknown {
  if (GENERATION < 14 || typeof value !== "object" || value === null) return value;
  if (Object.hasOwn(value, OPERATOR_IDENTIFIER)) return reconstructOperator(value);
  if (Array.isArray(value)) return value.map(rebuildOperators);
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value as Raw).map(([k, v]) => [k, rebuildOperators(v)]));
}

/** The one `_del` value v14 defines. */
const FORCED_DELETION = new ForcedDeletion();

/** Legacy `-=` / `==` keys written while the harness plays v14, where Foundry warns they are deprecated. */
const deprecations: string[] = [];

/** A legacy key seen: recorded under v14 (deprecated there), the v13 spelling otherwise. */
function legacyKey(key: string): void {
  if (GENERATION >= 14) deprecations.push(key);
}

/** A copy of an update's changes for the record, keeping v14's operators as they are (a structured clone would flatten them). */
export function copyChanges(value: unknown): unknown {
  if (value instanceof ForcedDeletion || value instanceof ForcedReplacement) return value;
  if (Array.isArray(value)) return value.map(copyChanges);
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Raw).map(([k, v]) => [k, copyChanges(v)]));
  }
  return structuredClone(value);
}

/**
 * A write the single-client stand-in carries out at once (never stalled nor held): a message's
 * creation or deletion, a User's flag, a world document's deletion. With a wire it is sent as any write.
 */
export function sent<T>(write: () => Promise<T>, call: WireCall): Promise<T> {
  if (replaying !== null || wire === null) return write();
  return wire(call) as Promise<T>;
}

/**
 * A write as it crosses the wire of the multi-client harness (tests/harness/wire.ts): what is
 * written (a document by uuid, a document class, a message, a user, a setting), the method, and its
 * arguments as plain data (an operation's `parent` as its uuid).
 */
export interface WireCall {
  readonly kind: "document" | "class" | "message" | "chat" | "user" | "setting";
  readonly target: string;
  readonly method: string;
  readonly args: unknown[];
  /** The server takes it but its answer never reaches the writer (`harness.stallWrites(n, { written: true })`). */
  readonly answerLost?: true;
}

/** Sends a write to the server instead of carrying it out here (set by tests/harness/clients.ts; null: one client). */
let wire: ((call: WireCall) => Promise<unknown>) | null = null;

export function setWire(send: ((call: WireCall) => Promise<unknown>) | null): void {
  wire = send;
}

/** While another client's write is carried out here: its writer (permission checks and hooks name them). */
let replaying: UserLike | null = null;

/** The user a write is carried out for: this client's, or the writer of a write the server sent. */
export function writingUser(): UserLike {
  return replaying ?? currentUser();
}

/**
 * Carries out `write` (synchronously up to its hooks) as `user`'s write the server sent: not sent
 * again, not recorded in the call lists, checked and announced as that user's.
 */
export function replayAs<T>(user: UserLike, write: () => T): T {
  const was = replaying;
  replaying = user;
  try {
    return write();
  } finally {
    replaying = was;
  }
}

/** Records a call a test may count: on the client that made it, not where the server replays it. */
function logCall(list: CallRecord[], call: CallRecord): void {
  if (replaying === null) list.push(call);
}

/** An operation as plain data for the wire: its `parent` as `parentUuid`. */
function wireOperation(operation: unknown): Raw {
  const { parent, ...rest } = (operation ?? {}) as Raw & { parent?: { uuid: string } };
  return parent === undefined ? rest : { ...rest, parentUuid: parent.uuid };
}

/* ---------------- object helpers (as foundry.utils documents them) ---------------- */

/** `foundry.utils.expandObject`: "a.b.c" keys become nested objects. */
export function expandObject(data: Raw): Raw {
  const out: Raw = {};
  for (const [path, value] of Object.entries(data)) {
    const keys = path.split(".");
    let node = out;
    for (const k of keys.slice(0, -1)) {
      const next = node[k];
      node = (typeof next === "object" && next !== null && !Array.isArray(next) ? next : (node[k] = {})) as Raw;
    }
    const last = keys[keys.length - 1]!;
    const plain = typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
    node[last] = plain ? expandObject(value as Raw) : value;
  }
  return out;
}

/**
 * `foundry.utils.mergeObject` for updates: objects merge, arrays and values replace, "-=key" deletes,
 * "==key" replaces the value whole, an object included (v13's forced replacement, `isDeletionKey`);
 * in v14 the operators do the same under the plain key (`_del`, `_replace(value)`).
 */
export function mergeInto(target: Raw, changes: Raw): Raw {
  for (const [key, given] of Object.entries(changes)) {
    const value = reconstructOperator(given);
    if (value instanceof ForcedDeletion) {
      Reflect.deleteProperty(target, key);
      continue;
    }
    if (value instanceof ForcedReplacement) {
      target[key] = structuredClone(value.replacement);
      continue;
    }
    if (key.startsWith("-=")) {
      legacyKey(key);
      Reflect.deleteProperty(target, key.slice(2));
      continue;
    }
    if (key.startsWith("==")) {
      legacyKey(key);
      target[key.slice(2)] = structuredClone(value);
      continue;
    }
    const cur = target[key];
    const bothObjects =
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      typeof cur === "object" &&
      cur !== null &&
      !Array.isArray(cur);
    const plainObject = typeof value === "object" && value !== null && !Array.isArray(value);
    // A new object is merged into an empty one, so its own "-=" / "==" keys act too.
    target[key] = bothObjects
      ? mergeInto({ ...(cur as Raw) }, value as Raw)
      : plainObject
        ? mergeInto({}, value as Raw)
        : structuredClone(value);
  }
  return target;
}

/* ---------------- documents ---------------- */

const registry = new Map<string, unknown>();

/** `foundry.abstract.Document`, for `instanceof`: every document names its type. */
abstract class Document {
  abstract readonly documentName: string;
}

export interface CallRecord {
  method: string;
  data: unknown;
  operation: unknown;
}

let nextId = 1;
/** `foundry.utils.randomID` stand-in: distinct ids in order. */
let nextRandomId = 0;
/** A movement's id (`TokenMovementData#id`): one per `move`, shared by its operations. */
function movementId(): string {
  return `mv${String(++nextRandomId).padStart(14, "0")}`;
}
function makeId(): string {
  return `id${String(nextId++).padStart(13, "0")}`;
}

/** A compendium pack (`CompendiumCollection`): its id and whether it is locked. */
export interface FakePack {
  collection: string;
  documentName: string;
  locked: boolean;
}
const packs = new Map<string, FakePack>();

function makePack(packId: string, documentName: string, locked: boolean): FakePack {
  const pack = packs.get(packId) ?? { collection: packId, documentName, locked };
  pack.locked = locked;
  packs.set(packId, pack);
  return pack;
}

/**
 * The data model Foundry would validate a document's `system` against: the one registered in
 * `CONFIG[documentName].dataModels`, else the system's own (tests/harness/install.ts registers
 * them here, as Foundry knows every subtype the system declares whether or not a test registered it).
 */
const systemModels: Record<string, Record<string, typeof TypeDataModel>> = { Actor: {}, Item: {}, ChatMessage: {} };

export function modelOf(documentName: string, type: string): typeof TypeDataModel | undefined {
  const config = (globalThis as { CONFIG?: Record<string, { dataModels?: Record<string, typeof TypeDataModel> }> }).CONFIG;
  const own = <T>(table: Record<string, T> | undefined): T | undefined =>
    table !== undefined && Object.hasOwn(table, type) ? table[type] : undefined;
  // Own keys only: a type named like an Object prototype member ("constructor") names no model.
  return own(config?.[documentName]?.dataModels) ?? own(systemModels[documentName]);
}

class FakeDocument extends Document {
  static documentName = "Document";
  static calls: CallRecord[] = [];
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: Raw;
  flags: Raw = {};
  parent: FakeDocument | null;
  /** Every update that went through, as given (a refused one is not recorded). */
  updates: Raw[] = [];
  /** `ownership`: user id (or "default") → level; a GM owns everything. */
  ownership: Record<string, number> = { default: OWNERSHIP.NONE };
  /** The compendium pack holding this document, or null for a world document. */
  pack: string | null = null;
  /**
   * `_stats.systemVersion`: the system version that last wrote it; `_stats.lastModifiedBy`: the id of the
   * user who last wrote it (the server stamps both on every create and update).
   */
  _stats: { systemVersion: string | null; lastModifiedBy?: string | null } = { systemVersion: null };
  /** For a temporary document of `getInvalid`: the collection that failed to load it. */
  invalidIn: InvalidSources | null = null;

  /**
   * A world document (`Actor.<id>`), an embedded one (`<parent uuid>.Item.<id>`), or with `pack` a
   * document of that compendium (`Compendium.<pack>.Actor.<id>`, its items under it), which may
   * share its id with a world document, as an Adventure's imported copies do.
   */
  constructor(data: { name: string; type: string; system?: Raw; id?: string; pack?: string }, parent: FakeDocument | null = null) {
    super();
    const ctor = this.constructor as typeof FakeDocument;
    this.id = data.id ?? makeId();
    this.name = data.name;
    this.type = data.type;
    this.system = structuredClone(data.system ?? {});
    this.parent = parent;
    this.pack = parent === null ? (data.pack ?? null) : null;
    const root = this.pack === null ? "" : `Compendium.${this.pack}.`;
    this.uuid = parent === null ? `${root}${ctor.documentName}.${this.id}` : `${parent.uuid}.${ctor.documentName}.${this.id}`;
    registry.set(this.uuid, this);
  }

  get documentName(): string {
    return (this.constructor as typeof FakeDocument).documentName;
  }

  /** `testUserPermission`: a GM passes; an embedded document follows its parent; else `ownership`. */
  testUserPermission(user: UserLike | null | undefined, level: keyof typeof OWNERSHIP | number): boolean {
    if (user === null || user === undefined) return false;
    if (user.isGM) return true;
    if (this.parent !== null) return this.parent.testUserPermission(user, level);
    const need = typeof level === "number" ? level : OWNERSHIP[level];
    return (this.ownership[user.id] ?? this.ownership["default"] ?? OWNERSHIP.NONE) >= need;
  }

  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }

  /** `canUserModify(user, "update" | "delete")`: Actors and Items need OWNER. */
  canUserModify(user: UserLike | null | undefined, _action: string): boolean {
    return this.testUserPermission(user, "OWNER");
  }

  toObject(): Raw {
    return {
      _id: this.id,
      name: this.name,
      type: this.type,
      system: structuredClone(this.system),
      flags: structuredClone(this.flags),
      _stats: { ...this._stats },
    };
  }

  /** Throws, as the server refuses, when `user` may not `action` this document. */
  assertWritable(user: UserLike, action: "update" | "delete"): void {
    const where = this.pack ?? this.parent?.pack ?? null;
    if (where !== null && packs.get(where)?.locked !== false) {
      throw new HarnessRefusal(`You may not ${action} ${this.documentName} [${this.id}] in the locked compendium ${where}`);
    }
    if (!this.canUserModify(user, action)) {
      throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to ${action} ${this.documentName} [${this.id}]`);
    }
  }

  /**
   * The document as it would be after `changes`, validated as `Document#update` validates: the
   * changed fields against the schema, then `validateJoint` on the whole system. Throws and
   * changes nothing when invalid.
   */
  validatedChanges(changes: Raw): { name: string; system: Raw; flags: Raw } {
    const expanded = expandObject(changes);
    delete expanded["_id"];
    let name = this.name;
    if ("name" in expanded) {
      if (typeof expanded["name"] !== "string" || expanded["name"].trim() === "") {
        throw new HarnessRefusal(`${this.documentName} [${this.id}] validation errors:\nname: may not be blank`);
      }
      name = expanded["name"];
    }
    let system = "system" in expanded ? mergeInto(structuredClone(this.system), expanded["system"] as Raw) : this.system;
    if ("system" in expanded) {
      const Model = modelOf(this.documentName, this.type);
      if (Model !== undefined) {
        try {
          // Stored as the model cleans it (a number clamped, rounded, cast), as Foundry cleans an update before writing it.
          system = Model.cleanSource(system);
          new Model(system);
        } catch (err) {
          throw new HarnessRefusal(`${this.documentName} [${this.id}] ${(err as Error).message}`);
        }
      }
    }
    const flags = "flags" in expanded ? mergeInto(structuredClone(this.flags), expanded["flags"] as Raw) : this.flags;
    const known = (this.constructor as typeof FakeDocument).fields;
    const unknown = Object.keys(expanded).filter((k) => !known.has(k));
    if (unknown.length > 0) throw new HarnessRefusal(`${this.documentName} [${this.id}] has no field ${unknown.join(", ")}`);
    return { name, system, flags };
  }

  commit(next: { name: string; system: Raw; flags: Raw }, changes: Raw): void {
    this.name = next.name;
    this.system = next.system;
    this.flags = next.flags;
    this._stats = { systemVersion: (game["system"] as { version: string }).version, lastModifiedBy: writingUser().id };
    this.updates.push(copyChanges(changes) as Raw);
    // A document that failed to load is loaded again once a write has made its source valid.
    this.invalidIn?.reload(this);
  }

  /** `Document#update`: refused (rejects, nothing changes) when locked, not owned, or invalid. */
  async update(data: Raw, options: unknown = {}): Promise<this> {
    const ctor = this.constructor as typeof FakeDocument;
    logCall(ctor.calls, { method: "update", data, operation: options });
    return answered(
      async () => {
        this.assertWritable(writingUser(), "update");
        this.commit(this.validatedChanges(data), data);
        fireUpdateHooks([{ doc: this, row: data }], options);
        return this;
      },
      { kind: "document", target: this.uuid, method: "update", args: [data, options] },
    );
  }

  /** `Document#delete`: refused as an update is (locked pack, not owned). */
  async delete(): Promise<this> {
    const ctor = this.constructor as typeof FakeDocument;
    if (this.parent === null) {
      logCall(ctor.calls, { method: "delete", data: this.id, operation: {} });
      return sent(
        async () => {
          this.assertWritable(writingUser(), "delete");
          registry.delete(this.uuid);
          return this;
        },
        { kind: "document", target: this.uuid, method: "delete", args: [] },
      );
    }
    await ctor.deleteDocuments([this.id], { parent: this.parent });
    return this;
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Raw | undefined)?.[key];
  }

  /** The document a row of a batch names: an embedded one of `parent`, or a world one. */
  static find(id: string, parent: FakeDocument | undefined): FakeDocument | undefined {
    if (parent !== undefined) return (parent as unknown as Record<string, FakeDocument[]>)[this.collectionName]?.find((d) => d.id === id);
    const doc = registry.get(`${this.documentName}.${id}`);
    return doc instanceof FakeDocument ? doc : undefined;
  }

  static collectionName = "documents";

  /** The top-level fields an update may name (others are refused, as a schema without them refuses). */
  static fields: ReadonlySet<string> = new Set(["name", "system", "flags", "img", "ownership", "folder", "sort"]);

  /** `updateDocuments`: every row is checked before any is written; one refusal rejects the batch. */
  static async updateDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    logCall(this.calls, { method: "updateDocuments", data, operation });
    return answered(() => this.commitUpdates(data, operation), {
      kind: "class",
      target: this.documentName,
      method: "updateDocuments",
      args: [data, wireOperation(operation)],
    });
  }

  static async commitUpdates(data: unknown, operation: unknown): Promise<unknown[]> {
    const parent = (operation as { parent?: FakeDocument }).parent;
    const user = writingUser();
    const planned = (data as Raw[]).map((row) => {
      const doc = this.find(String(row["_id"]), parent);
      if (doc === undefined) throw new HarnessRefusal(`${this.documentName} [${String(row["_id"])}] does not exist`);
      doc.assertWritable(user, "update");
      return { doc, row, next: doc.validatedChanges(row) };
    });
    for (const { doc, row, next } of planned) doc.commit(next, row);
    fireUpdateHooks(planned, operation);
    return planned.map((p) => p.doc);
  }

  static async deleteDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    logCall(this.calls, { method: "deleteDocuments", data, operation });
    return answered(() => this.commitDeletions(data, operation), {
      kind: "class",
      target: this.documentName,
      method: "deleteDocuments",
      args: [data, wireOperation(operation)],
    });
  }

  static async commitDeletions(data: unknown, operation: unknown): Promise<unknown[]> {
    const parent = (operation as { parent?: FakeDocument }).parent;
    const user = writingUser();
    const docs = (data as string[]).map((id) => {
      const doc = this.find(id, parent);
      if (doc === undefined) throw new HarnessRefusal(`${this.documentName} [${id}] does not exist`);
      doc.assertWritable(user, "delete");
      return doc;
    });
    for (const doc of docs) {
      registry.delete(doc.uuid);
      const world = parent === undefined && doc.documentName === "Actor" ? game["actors"] : undefined;
      if (world instanceof FakeWorldCollection) world.forget(doc.id);
      if (parent !== undefined) {
        const list = (parent as unknown as Record<string, FakeDocument[]>)[this.collectionName]!;
        list.splice(list.indexOf(doc), 1);
        if (parent instanceof FakeScene && doc instanceof FakeToken) parent.unindexToken(doc);
      }
    }
    for (const doc of docs) Hooks.callAll(`delete${this.documentName}`, doc, operation ?? {}, writingUser().id);
    return docs;
  }

  /**
   * `createDocuments`: embedded rows need OWNER of the parent and a valid system; they are added
   * to the parent. World rows are only recorded (no test creates world documents through it yet).
   */
  static async createDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    logCall(this.calls, { method: "createDocuments", data, operation });
    return answered(() => this.commitCreations(data, operation), {
      kind: "class",
      target: this.documentName,
      method: "createDocuments",
      args: [data, wireOperation(operation)],
    });
  }

  static async commitCreations(data: unknown, operation: unknown): Promise<unknown[]> {
    const parent = (operation as { parent?: FakeDocument }).parent;
    if (parent === undefined) return [];
    // A scene's tokens are created under the token permissions (`createTokens`), not the scene's ownership.
    if (parent instanceof FakeScene) return parent.createTokens(data as Raw[], operation);
    parent.assertWritable(writingUser(), "update");
    if (!(parent instanceof FakeActor)) throw new HarnessRefusal(`${parent.documentName} [${parent.id}] holds no ${this.documentName}`);
    const rows = (data as Raw[]).map((r) => {
      const Model = modelOf(this.documentName, String(r["type"]));
      if (Model === undefined) return r;
      const system = Model.cleanSource((r["system"] ?? {}) as Raw);
      new Model(system);
      return { ...r, system };
    });
    const made = rows.map((r) =>
      parent.addItem({
        id: (r["_id"] as string | undefined) ?? makeId(),
        name: String(r["name"]),
        type: String(r["type"]),
        system: r["system"] as Raw,
      }),
    );
    const by = writingUser().id;
    for (const item of made) item._stats = { ...item._stats, lastModifiedBy: by };
    // `create<Name>` on every client (the stand-in is one), with the creating user's id.
    for (const item of made) Hooks.callAll(`create${this.documentName}`, item, operation ?? {}, by);
    return made;
  }
}

/**
 * `update<Name>` for each document an update wrote, once all are written, with the changes as an
 * expanded object and this client's user id (Foundry fires them on every client; the stand-in is one).
 */
function fireUpdateHooks(rows: readonly { doc: FakeDocument; row: Raw }[], operation: unknown): void {
  for (const { doc, row } of rows) {
    const changes = rebuildOperators(expandObject(row)) as Raw;
    changes["_id"] = doc.id;
    Hooks.callAll(`update${doc.documentName}`, doc, changes, operation ?? {}, writingUser().id);
  }
}

class FakeItem extends FakeDocument {
  static override documentName = "Item";
  static override collectionName = "items";
  static override calls: CallRecord[] = [];
}

/**
 * A world Combat (`Combat.updateDocuments` validates `system` against `CONFIG.Combat.dataModels`
 * as for actors). Made by a test with `new harness.Combat(...)`; a GM owns it, as Foundry's
 * default ownership of a combat leaves players none.
 */
class FakeCombat extends FakeDocument {
  static override documentName = "Combat";
  static override collectionName = "combats";
  static override calls: CallRecord[] = [];
  /**
   * The top-level fields of Foundry v13's Combat schema (CombatData): it has no `name`, `img`,
   * `ownership` or `folder`. An update naming another is refused; `create` drops them, as Foundry's
   * schema cleaning drops unknown keys (a name given on create is lost).
   */
  static override fields: ReadonlySet<string> = new Set(["type", "system", "flags", "active", "round", "turn", "sort", "scene"]);

  constructor(data: { type: string; system?: Raw; id?: string }) {
    super({
      // Foundry's Combat has no name: the stand-in's is left blank, never given.
      name: "",
      type: data.type,
      ...(data.system === undefined ? {} : { system: data.system }),
      ...(data.id === undefined ? {} : { id: data.id }),
    });
    const Model = modelOf("Combat", this.type);
    if (Model !== undefined) this.system = structuredClone((new Model(this.system) as unknown as { _source?: Raw })._source ?? this.system);
  }

  /** `Combat.implementation`: the configured class (this one). */
  static get implementation(): typeof FakeCombat {
    return this;
  }

  /** `Combat.create`: a GM makes a world combat (players hold no permission to); it joins `game.combats`. */
  static async create(data: Raw): Promise<FakeCombat> {
    logCall(this.calls, { method: "create", data, operation: {} });
    return answered(
      async () => {
        const user = writingUser();
        if (!user.isGM) throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to create Combat`);
        // Unknown keys (`name` among them) are dropped, as Foundry's schema cleaning drops them.
        const combat = new FakeCombat({
          // The id the server gave, when another client's creation is carried out here.
          ...(typeof data["_id"] === "string" ? { id: data["_id"] } : {}),
          type: typeof data["type"] === "string" ? data["type"] : "base",
          ...(isPlainRecord(data["system"]) ? { system: data["system"] } : {}),
        });
        const list = Array.isArray(game["combats"]) ? (game["combats"] as unknown[]) : [];
        list.push(combat);
        game["combats"] = list;
        Hooks.callAll("createCombat", combat, {}, user.id);
        return combat;
      },
      { kind: "class", target: "Combat", method: "create", args: [data] },
    );
  }
}

/**
 * A world Folder (`Folder.createDocuments(rows, { keepId })`, `deleteDocuments`), as the
 * order-of-battle import writes them: a GM only (players hold no folder creation), a row needs a
 * name, a `type` and a valid id not in use (`keepId`); the parent folder (`folder`) is kept as
 * given. `createFolder` / `deleteFolder` fire for each.
 */
class FakeFolder extends FakeDocument {
  static override documentName = "Folder";
  static override collectionName = "folders";
  static override calls: CallRecord[] = [];
  folder: string | null = null;
  sorting = "a";
  sort = 0;

  override toObject(): Raw {
    const { _id, name, flags, _stats } = super.toObject();
    return { _id, name, type: this.type, folder: this.folder, sorting: this.sorting, sort: this.sort, flags, _stats };
  }

  static override async commitCreations(data: unknown, operation: unknown): Promise<unknown[]> {
    const user = writingUser();
    if (!user.isGM) throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to create Folder`);
    const keepId = (operation as { keepId?: boolean }).keepId === true;
    const rows = (data as Raw[]).map((r) => {
      if (typeof r["name"] !== "string" || r["name"].trim() === "")
        throw new HarnessRefusal("Folder validation errors:\nname: may not be blank");
      if (typeof r["type"] !== "string") throw new HarnessRefusal("Folder validation errors:\ntype: may not be undefined");
      const id = keepId && r["_id"] !== undefined ? r["_id"] : makeId();
      if (typeof id !== "string" || !VALID_ID.test(id))
        throw new HarnessRefusal(`Folder validation errors:\n_id: ${JSON.stringify(id)} is not a valid id`);
      if (registry.has(`Folder.${id}`)) throw new HarnessRefusal(`Folder [${id}] already exists`);
      return { r, id };
    });
    return rows.map(({ r, id }) => {
      const doc = new FakeFolder({ name: String(r["name"]), type: String(r["type"]), id });
      doc.folder = typeof r["folder"] === "string" ? r["folder"] : null;
      doc.sorting = typeof r["sorting"] === "string" ? r["sorting"] : "a";
      doc.sort = typeof r["sort"] === "number" ? r["sort"] : 0;
      Hooks.callAll("createFolder", doc, operation ?? {}, user.id);
      return doc;
    });
  }
}

/**
 * A world JournalEntry with its pages. `JournalEntry.createDocuments(rows, { keepId })` makes world
 * entries (a GM only here: the stand-in's players hold no JOURNAL_CREATE), refusing a row without a
 * name or with an id in use; `deleteDocuments` removes them. `createJournalEntry` fires for each.
 */
class FakeJournalEntry extends FakeDocument {
  static override documentName = "JournalEntry";
  static override collectionName = "journal";
  static override calls: CallRecord[] = [];
  pages: Raw[] = [];

  /** Its source: name, ownership and pages (each page as stored: name, type, sort, text). */
  override toObject(): Raw {
    const { _id, name, flags, _stats } = super.toObject();
    return { _id, name, ownership: { ...this.ownership }, pages: structuredClone(this.pages), flags, _stats };
  }

  static override async commitCreations(data: unknown, operation: unknown): Promise<unknown[]> {
    const user = writingUser();
    if (!user.isGM) throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to create JournalEntry`);
    const keepId = (operation as { keepId?: boolean }).keepId === true;
    const rows = (data as Raw[]).map((r) => {
      if (typeof r["name"] !== "string" || r["name"].trim() === "")
        throw new HarnessRefusal("JournalEntry validation errors:\nname: may not be blank");
      const id = keepId && typeof r["_id"] === "string" ? r["_id"] : makeId();
      if (registry.has(`JournalEntry.${id}`)) throw new HarnessRefusal(`JournalEntry [${id}] already exists`);
      // `ownership` (DocumentOwnershipField): user ids or "default" to a level of CONST.DOCUMENT_OWNERSHIP_LEVELS.
      const ownership = r["ownership"] ?? { default: OWNERSHIP.NONE };
      const levels: unknown[] = Object.values(OWNERSHIP);
      if (!isPlainRecord(ownership) || Object.values(ownership).some((v) => !levels.includes(v)))
        throw new HarnessRefusal("JournalEntry validation errors:\nownership: must map user ids to ownership levels");
      return { r, id, ownership: ownership as Record<string, number> };
    });
    return rows.map(({ r, id, ownership }) => {
      const doc = new FakeJournalEntry({ name: String(r["name"]), type: "base", id });
      doc.ownership = { ...ownership };
      doc.pages = structuredClone((r["pages"] as Raw[] | undefined) ?? []);
      Hooks.callAll("createJournalEntry", doc, operation ?? {}, user.id);
      return doc;
    });
  }
}

class FakeActor extends FakeDocument {
  static override documentName = "Actor";
  static override collectionName = "actors";
  static override calls: CallRecord[] = [];
  items: FakeEmbeddedItems = new FakeEmbeddedItems(this);
  isToken = false;
  /** The id of its folder (null: none), as `Actor.createDocuments` was given it. */
  folder: string | null = null;
  sort = 0;

  /**
   * World actors (no `parent`), as Foundry's server makes them: a GM only (the stand-in's players hold
   * no ACTOR_CREATE), each row's `system` cleaned and validated by its type's data model, `keepId`
   * keeping a valid 16-character id and refusing one in use; the batch is checked whole before any is
   * made. They join `game.actors` when it is a loaded world; `createActor` fires for each.
   */
  static override async commitCreations(data: unknown, operation: unknown): Promise<unknown[]> {
    if ((operation as { parent?: unknown }).parent !== undefined) return super.commitCreations(data, operation);
    const user = writingUser();
    if (!user.isGM) throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to create Actor`);
    const keepId = (operation as { keepId?: boolean }).keepId === true;
    const taken = new Set<string>();
    const rows = (data as Raw[]).map((r) => {
      if (typeof r["name"] !== "string" || r["name"].trim() === "")
        throw new HarnessRefusal("Actor validation errors:\nname: may not be blank");
      const id = keepId && r["_id"] !== undefined ? r["_id"] : makeId();
      if (typeof id !== "string" || !VALID_ID.test(id))
        throw new HarnessRefusal(`Actor validation errors:\n_id: ${JSON.stringify(id)} is not a valid id`);
      if (registry.has(`Actor.${id}`) || taken.has(id)) throw new HarnessRefusal(`Actor [${id}] already exists`);
      taken.add(id);
      const Model = modelOf("Actor", String(r["type"]));
      const system = Model === undefined ? ((r["system"] ?? {}) as Raw) : Model.cleanSource((r["system"] ?? {}) as Raw);
      if (Model !== undefined) new Model(system);
      return { r, id, system };
    });
    const made = rows.map(({ r, id, system }) => {
      const actor = new FakeActor({ name: String(r["name"]), type: String(r["type"]), system, id });
      actor.folder = typeof r["folder"] === "string" ? r["folder"] : null;
      actor.sort = typeof r["sort"] === "number" ? r["sort"] : 0;
      actor._stats = { ...actor._stats, lastModifiedBy: user.id };
      return actor;
    });
    const world = game["actors"];
    if (world instanceof FakeWorldCollection) for (const actor of made) world.adopt(actor);
    for (const actor of made) Hooks.callAll("createActor", actor, operation ?? {}, user.id);
    return made;
  }

  /**
   * Its tokens' placeables on the viewed scene (in the scene's order), then any a test put on the canvas by
   * hand. Read from the scene's index of tokens by actor, as Foundry keeps an actor's dependent tokens,
   * not by building every token's placeable.
   */
  get tokens(): TokenPlaceable[] {
    const own = (canvasState.scene?.tokensOfActor(this.id) ?? []).filter((t) => t.actor === this).map((t) => t.object);
    return [...own, ...(canvasState.placeables as TokenPlaceable[]).filter((p) => p.actor === this)];
  }

  addItem(data: { name: string; type: string; system?: Raw; id?: string }): FakeItem {
    const item = new FakeItem(data, this);
    this.items.push(item);
    return item;
  }

  /** `Actor#getActiveTokens`: its tokens on the viewed scene; none while the canvas is not ready (off, or no scene viewed). */
  getActiveTokens(): TokenPlaceable[] {
    return canvasState.off ? [] : this.tokens;
  }

  /** Its ActiveEffects (status icons); `statuses` is read from them, as Foundry derives it. */
  effects: FakeActiveEffect[] = [];

  get statuses(): Set<string> {
    return new Set(this.effects.flatMap((e) => [...e.statuses]));
  }

  /** `createEmbeddedDocuments`: `ActiveEffect.createDocuments(data, { parent: this })`. */
  async createEmbeddedDocuments(name: string, data: Raw[]): Promise<unknown[]> {
    if (name !== "ActiveEffect") throw new HarnessRefusal(`The stand-in creates no embedded ${name} this way`);
    return FakeActiveEffect.createDocuments(data, { parent: this });
  }

  /** `deleteEmbeddedDocuments`: `ActiveEffect.deleteDocuments(ids, { parent: this })`. */
  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown[]> {
    if (name !== "ActiveEffect") throw new HarnessRefusal(`The stand-in deletes no embedded ${name} this way`);
    return FakeActiveEffect.deleteDocuments(ids, { parent: this });
  }
}

/** A token's placeable on the canvas (`Token`): its document, actor, centre and bounds. */
export interface TokenPlaceable {
  readonly document: FakeToken;
  readonly actor: FakeActor | null;
  readonly center: { x: number; y: number };
  readonly bounds: { contains(x: number, y: number): boolean };
}

/** Where a token stands in a movement (`TokenPosition`): top-left pixels, elevation, size in grid spaces, shape. */
export interface FakeTokenPosition {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
  shape: number;
}

/** A waypoint of a movement (`TokenMovementWaypoint`). */
export interface FakeWaypoint extends FakeTokenPosition {
  action: string;
  snapped: boolean;
  explicit: boolean;
  checkpoint: boolean;
  intermediate: boolean;
}

/** A part of a movement's path (`TokenMovementSectionData`); the stand-in measures nothing (distance and cost 0). */
export interface FakeMovementSection {
  waypoints: FakeWaypoint[];
  distance: number;
  cost: number;
  spaces: number;
  diagonals: number;
}

/**
 * A token's movement as the hooks `preMoveToken` and `moveToken` hand it over (v13's
 * `TokenMovementOperation` / `TokenMovementData`): origin, destination, the waypoints passed (the
 * whole path, destination last; the stand-in never leaves waypoints pending), the method (`api` for a
 * plain x/y update, else what `move` was told, e.g. `dragging`), the user and the update's options.
 */
export interface FakeMovement {
  id: string;
  chain: string[];
  origin: FakeTokenPosition;
  destination: FakeTokenPosition;
  passed: FakeMovementSection;
  pending: FakeMovementSection;
  history: { recorded: FakeMovementSection; unrecorded: FakeMovementSection };
  method: string;
  constrained: boolean;
  recorded: boolean;
  autoRotate: boolean;
  showRuler: boolean;
  user: unknown;
  updateOptions: Raw;
}

/**
 * The movement an update operation asks for, by token id (what `TokenDocument#move` sends for one of
 * its operations): the waypoints up to this operation's checkpoint, those left after it, the method,
 * and the movement's id (one id for every operation of one movement).
 */
interface AskedMovement {
  waypoints?: Partial<FakeWaypoint>[];
  pending?: Partial<FakeWaypoint>[];
  method?: string;
  id?: string;
}

/** A movement planned (v14 `planned: true`) and not yet started: its waypoints and the options it was asked with. */
export interface FakePlannedMovement {
  waypoints: Partial<FakeWaypoint>[];
  options: Raw;
}

function section(waypoints: FakeWaypoint[]): FakeMovementSection {
  return { waypoints, distance: 0, cost: 0, spaces: 0, diagonals: 0 };
}

/**
 * `TokenDocument`, embedded in a scene: `actorId`, top-left `x`, `y` in whole canvas pixels (a one-hex
 * token is `grid.sizeX` wide and `grid.sizeY` tall, so its centre is half that further), `hidden`,
 * `elevation`. Updates need OWNER of the token, which a linked token takes from its actor; creating
 * and deleting tokens is a GM's unless the world grants players Foundry's TOKEN_CREATE / TOKEN_DELETE
 * permissions (`harness.tokenRights`, both off by default as for a player's role): then a player may
 * create a token of an actor they own and delete a token they own.
 */
class FakeToken extends FakeDocument {
  static override documentName = "Token";
  static override collectionName = "tokens";
  static override calls: CallRecord[] = [];
  static override fields: ReadonlySet<string> = new Set([
    "name",
    "flags",
    "x",
    "y",
    "elevation",
    "hidden",
    "rotation",
    "texture",
    "sort",
    "width",
    "height",
    "shape",
    "actorLink",
  ]);
  actorId: string | null;
  x: number;
  y: number;
  elevation = 0;
  hidden = false;
  /** Its size in grid spaces (TokenPosition `width`, `height`: positive). */
  width = 1;
  height = 1;
  /** `shape`: one of `CONST.TOKEN_SHAPES` (0 to 5 in v13 and v14). */
  shape = 0;
  /** `texture`: its image (`texture.src`; null: the actor's, as the stand-in draws nothing). */
  texture: { src: string | null } = { src: null };
  /**
   * `actorLink`: whether the token is its actor (true) or stands for a synthetic copy. The stand-in
   * keeps one actor either way (it models no ActorDelta): `actor` is the world actor.
   */
  actorLink: boolean;

  constructor(
    data: {
      id?: string;
      name: string;
      actorId: string | null;
      x: number;
      y: number;
      hidden?: boolean;
      elevation?: number;
      width?: number;
      height?: number;
      shape?: number;
      actorLink?: boolean;
    },
    scene: FakeScene,
  ) {
    super({ id: data.id, name: data.name, type: "base" }, scene);
    this.actorId = data.actorId;
    this.x = data.x;
    this.y = data.y;
    this.hidden = data.hidden ?? false;
    this.elevation = data.elevation ?? 0;
    this.width = data.width ?? 1;
    this.height = data.height ?? 1;
    this.shape = data.shape ?? 0;
    this.actorLink = data.actorLink ?? false;
  }

  /** `movementHistory`: every waypoint the token was moved through (recorded movements) since it was last cleared. */
  movementHistory: FakeWaypoint[] = [];

  /** Where it stands, as a movement's origin. */
  position(): FakeTokenPosition {
    return { x: this.x, y: this.y, elevation: this.elevation, width: this.width, height: this.height, shape: this.shape };
  }

  /**
   * The movement an update of `changes` is (null when x and y stay): the waypoints `operation.movement`
   * names for this token (from `move`), else the destination alone, method `api`.
   */
  movementFor(changes: Raw, operation: unknown): FakeMovement | null {
    const expanded = expandObject(changes);
    const x = typeof expanded["x"] === "number" ? expanded["x"] : this.x;
    const y = typeof expanded["y"] === "number" ? expanded["y"] : this.y;
    if (x === this.x && y === this.y) return null;
    const options = (operation ?? {}) as Raw;
    const asked = (options["movement"] as Record<string, AskedMovement> | undefined)?.[this.id];
    const origin = this.position();
    const destination = { ...origin, x, y };
    const waypoint = (w: Partial<FakeWaypoint>): FakeWaypoint => ({
      ...origin,
      action: "walk",
      snapped: false,
      explicit: false,
      checkpoint: false,
      intermediate: false,
      ...w,
    });
    const given = asked?.waypoints ?? [];
    const waypoints = given.length > 0 ? given.map(waypoint) : [waypoint({ x, y, explicit: true, checkpoint: true })];
    // The mover: on another client, the writer of the movement the server sent.
    const me = writingUser();
    const users = game["users"] as { get?(id: string): unknown } | undefined;
    return {
      id: asked?.id ?? movementId(),
      chain: [],
      origin,
      destination,
      passed: section(waypoints),
      pending: section((asked?.pending ?? []).map(waypoint)),
      history: { recorded: section([...this.movementHistory]), unrecorded: section([]) },
      method: asked?.method ?? "api",
      constrained: false,
      recorded: true,
      autoRotate: false,
      showRuler: false,
      user: users?.get?.(me.id) ?? me,
      updateOptions: options,
    };
  }

  /** After the write: the waypoints recorded in the history, then `moveToken` (on every client; the stand-in is one). */
  moved(movement: FakeMovement, operation: unknown): void {
    this.movementHistory.push(...movement.passed.waypoints);
    Hooks.callAll("moveToken", this, movement, operation ?? {}, movement.user);
  }

  /**
   * `preMoveToken` on this (the initiating) client for each row that moves a token: a row whose
   * movement a handler refuses (returns false) is dropped whole, nothing of it written.
   */
  static preMove(rows: Raw[], operation: unknown): { rows: Raw[]; moves: [FakeToken, FakeMovement][] } {
    const parent = (operation as { parent?: FakeDocument } | undefined)?.parent;
    const kept: Raw[] = [];
    const moves: [FakeToken, FakeMovement][] = [];
    for (const row of rows) {
      const doc = this.find(String(row["_id"]), parent);
      const movement = doc instanceof FakeToken ? doc.movementFor(row, operation) : null;
      if (doc instanceof FakeToken && movement !== null) {
        // Only the initiating client asks `preMoveToken` (before it sends): a movement the server sent is carried out.
        if (replaying === null && !Hooks.call("preMoveToken", doc, movement, operation ?? {})) continue;
        moves.push([doc, movement]);
      }
      kept.push(row);
    }
    return { rows: kept, moves };
  }

  /** A batch: every row checked first (as before), then the movements' `preMoveToken`, the write, `moveToken`. */
  static override async updateDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    // Over a wire, the initiating client checks and asks `preMoveToken` before it sends, and sends
    // only the rows kept (Foundry's client does so; the server and the other clients do not ask it).
    if (wire === null || replaying !== null) return super.updateDocuments(data, operation);
    logCall(this.calls, { method: "updateDocuments", data, operation });
    const parent = (operation as { parent?: FakeDocument }).parent;
    const user = currentUser();
    for (const row of data as Raw[]) {
      const doc = this.find(String(row["_id"]), parent);
      if (doc === undefined) throw new HarnessRefusal(`${this.documentName} [${String(row["_id"])}] does not exist`);
      doc.assertWritable(user, "update");
      doc.validatedChanges(row);
    }
    const { rows } = this.preMove(data as Raw[], operation);
    if (rows.length === 0) return [];
    return answered(() => this.commitUpdates(rows, operation), {
      kind: "class",
      target: this.documentName,
      method: "updateDocuments",
      args: [rows, wireOperation(operation)],
    });
  }

  static override async commitUpdates(data: unknown, operation: unknown): Promise<unknown[]> {
    const parent = (operation as { parent?: FakeDocument }).parent;
    const user = writingUser();
    for (const row of data as Raw[]) {
      const doc = this.find(String(row["_id"]), parent);
      if (doc === undefined) throw new HarnessRefusal(`${this.documentName} [${String(row["_id"])}] does not exist`);
      doc.assertWritable(user, "update");
      doc.validatedChanges(row);
    }
    const { rows, moves } = this.preMove(data as Raw[], operation);
    const done = rows.length === 0 ? [] : await super.commitUpdates(rows, operation);
    for (const [doc, movement] of moves) doc.moved(movement, operation);
    return done;
  }

  /** `update`: refused as before; a move fires `preMoveToken` first (false: nothing written, undefined returned) and `moveToken` after. */
  override async update(data: Raw, options: unknown = {}): Promise<this> {
    logCall(FakeToken.calls, { method: "update", data, operation: options });
    return answered(async () => {
      this.assertWritable(currentUser(), "update");
      const next = this.validatedChanges(data);
      const movement = this.movementFor(data, options);
      if (movement !== null && !Hooks.call("preMoveToken", this, movement, options ?? {})) return undefined as unknown as this;
      this.commit(next, data);
      fireUpdateHooks([{ doc: this, row: data }], options);
      if (movement !== null) this.moved(movement, options);
      return this;
    });
  }

  /**
   * `TokenDocument#move(waypoints, options)`: moves through the waypoints (each may leave out what
   * stays; x and y whole pixels) to the last; `options.method` as the movement's method (`api` when
   * left out). One update operation per checkpoint (TokenMovementWaypoint `checkpoint`: "there's an
   * update/movement operation for each checkpoint in a movement path"), the last waypoint ending the
   * last one; each operation's movement has the one movement id, its own origin and destination, the
   * waypoints to its checkpoint as `passed` and the rest as `pending`. A drag (`dragging`) places each
   * waypoint as a checkpoint unless it says otherwise; through the API a waypoint is none unless it
   * says so. A `preMoveToken` refusal stops the movement where it stands (later operations are not
   * sent). True when the whole movement was carried out; false when a handler refused part of it.
   * With `planned: true` (v14) nothing moves and no `preMoveToken` fires: the movement is kept as
   * this user's plan (`plannedMovement`, `planToken` fires) until `harness.startPlannedMovement`.
   */
  async move(waypoints: Partial<FakeWaypoint> | Partial<FakeWaypoint>[], options: Raw & { method?: string } = {}): Promise<boolean> {
    const list = Array.isArray(waypoints) ? waypoints : [waypoints];
    if (list.length === 0) return false;
    let at = { x: this.x, y: this.y };
    const filled = list.map((w) => {
      at = { x: w.x ?? at.x, y: w.y ?? at.y };
      if (!Number.isInteger(at.x) || !Number.isInteger(at.y))
        throw new HarnessRefusal(`Token [${this.id}] validation errors:\nwaypoints: x and y must be integers`);
      return { ...w, ...at };
    });
    const { method, planned, ...rest } = options;
    // v13 knows no planned movement: the option is not read there, and the move goes ahead.
    if (planned === true && GENERATION >= 14) {
      this.assertWritable(currentUser(), "update");
      this.plannedMovement[currentUser().id] = { waypoints: filled, options: { ...rest, ...(method === undefined ? {} : { method }) } };
      Hooks.callAll("planToken", this);
      return false;
    }
    const dragged = method === "dragging";
    const marked = filled.map((w, k) => ({ ...w, checkpoint: k === filled.length - 1 || (w.checkpoint ?? dragged) }));
    const id = movementId();
    let start = 0;
    for (let k = 0; k < marked.length; k++) {
      if (!marked[k]!.checkpoint) continue;
      const end = marked[k]!;
      const before = { x: this.x, y: this.y };
      const moves = end.x !== before.x || end.y !== before.y;
      if (moves) {
        await FakeToken.updateDocuments([{ _id: this.id, x: end.x, y: end.y }], {
          ...rest,
          parent: this.parent,
          movement: { [this.id]: { waypoints: marked.slice(start, k + 1), pending: marked.slice(k + 1), method: method ?? "api", id } },
        });
        if (this.x === before.x && this.y === before.y) return false;
      }
      start = k + 1;
    }
    return true;
  }

  /** v14 `plannedMovement`: each user's movement planned and not yet started, by user id. */
  plannedMovement: Record<string, FakePlannedMovement> = {};

  /** `clearMovementHistory`: the token's owner (or a GM) forgets its recorded movement. */
  async clearMovementHistory(): Promise<void> {
    this.assertWritable(currentUser(), "update");
    this.movementHistory = [];
    Hooks.callAll("recordToken", this);
  }

  get actor(): FakeActor | null {
    const found = this.actorId === null ? undefined : registry.get(`Actor.${this.actorId}`);
    return found instanceof FakeActor ? found : null;
  }

  /** A linked token's permissions are its actor's. */
  override testUserPermission(user: UserLike | null | undefined, level: keyof typeof OWNERSHIP | number): boolean {
    if (user?.isGM === true) return true;
    return this.actor?.testUserPermission(user, level) ?? false;
  }

  override canUserModify(user: UserLike | null | undefined, action: string): boolean {
    if (action === "delete" && user?.isGM !== true && tokenRights.delete) return this.testUserPermission(user, "OWNER");
    if (action !== "update") return user?.isGM === true;
    return this.testUserPermission(user, "OWNER");
  }

  override validatedChanges(changes: Raw): { name: string; system: Raw; flags: Raw } {
    const expanded = expandObject(changes);
    for (const key of ["x", "y", "elevation"] as const) {
      if (key in expanded && (typeof expanded[key] !== "number" || !Number.isFinite(expanded[key]))) {
        throw new HarnessRefusal(`Token [${this.id}] validation errors:\n${key}: must be a finite number`);
      }
    }
    for (const key of ["x", "y"] as const) {
      if (key in expanded && !Number.isInteger(expanded[key])) {
        throw new HarnessRefusal(`Token [${this.id}] validation errors:\n${key}: must be an integer`);
      }
    }
    for (const key of ["hidden", "actorLink"] as const) {
      if (key in expanded && typeof expanded[key] !== "boolean") {
        throw new HarnessRefusal(`Token [${this.id}] validation errors:\n${key}: must be a boolean`);
      }
    }
    for (const key of ["width", "height"] as const) {
      const v = expanded[key];
      if (key in expanded && (typeof v !== "number" || !Number.isFinite(v) || v <= 0)) {
        throw new HarnessRefusal(`Token [${this.id}] validation errors:\n${key}: must be a positive number`);
      }
    }
    if ("shape" in expanded && !TOKEN_SHAPE_VALUES.includes(expanded["shape"] as number)) {
      throw new HarnessRefusal(`Token [${this.id}] validation errors:\nshape: must be one of CONST.TOKEN_SHAPES`);
    }
    return super.validatedChanges(changes);
  }

  override commit(next: { name: string; system: Raw; flags: Raw }, changes: Raw): void {
    const expanded = expandObject(changes);
    if (typeof expanded["x"] === "number") this.x = expanded["x"];
    if (typeof expanded["y"] === "number") this.y = expanded["y"];
    if (typeof expanded["elevation"] === "number") this.elevation = expanded["elevation"];
    if (typeof expanded["hidden"] === "boolean") this.hidden = expanded["hidden"];
    if (typeof expanded["width"] === "number") this.width = expanded["width"];
    if (typeof expanded["height"] === "number") this.height = expanded["height"];
    if (typeof expanded["shape"] === "number") this.shape = expanded["shape"];
    if (typeof expanded["actorLink"] === "boolean") this.actorLink = expanded["actorLink"];
    const texture = expanded["texture"] as Raw | undefined;
    if (typeof texture?.["src"] === "string") this.texture = { src: texture["src"] };
    super.commit(next, changes);
  }

  override toObject(): Raw {
    const { _stats, flags, name, _id } = super.toObject();
    return {
      _id,
      name,
      actorId: this.actorId,
      actorLink: this.actorLink,
      x: this.x,
      y: this.y,
      elevation: this.elevation,
      width: this.width,
      height: this.height,
      shape: this.shape,
      hidden: this.hidden,
      texture: { ...this.texture },
      flags,
      _stats,
    };
  }

  /** Its placeable (`token.object`) on the canvas. */
  get object(): TokenPlaceable {
    const { sizeX, sizeY } = hexSizes();
    const center = { x: this.x + sizeX / 2, y: this.y + sizeY / 2 };
    return {
      document: this,
      actor: this.actor,
      center,
      bounds: { contains: (px: number, py: number) => Math.abs(px - center.x) < sizeX / 2 && Math.abs(py - center.y) < sizeY / 2 },
    };
  }
}

/**
 * `game.scenes`: the world's scenes, every `FakeScene` made since the last reset (the viewed one and
 * any a test makes with `new harness.Scene(...)`), in the order made. `get(id)`, iteration, `contents`,
 * `size`; `viewed` is the canvas's scene (`canvas.scene`, undefined when none), `active` the scene
 * marked active (undefined when none). Every scene shares the one stand-in grid and size.
 */
class FakeScenes {
  readonly #byId = new Map<string, FakeScene>();
  readonly documentName = "Scene";

  add(scene: FakeScene): void {
    this.#byId.set(scene.id, scene);
  }

  clear(): void {
    this.#byId.clear();
  }

  get(id: string): FakeScene | undefined {
    return this.#byId.get(id);
  }

  get contents(): FakeScene[] {
    return [...this.#byId.values()];
  }

  get size(): number {
    return this.#byId.size;
  }

  get viewed(): FakeScene | undefined {
    return canvasState.off ? undefined : (canvasState.scene ?? undefined);
  }

  get active(): FakeScene | undefined {
    return this.contents.find((scene) => scene.active);
  }

  [Symbol.iterator](): Iterator<FakeScene> {
    return this.#byId.values();
  }
}

const worldScenes = new FakeScenes();

/** Every `Scene#pullUsers` since the reset: which users were sent to which scene. */
const pulls: { scene: string; users: string[] }[] = [];

/**
 * `Scene`: its flags (the terrain and the map state live there), its grid, padding and size, and its
 * embedded tokens. Only a GM may update it (a scene's default ownership gives players nothing).
 */
class FakeScene extends FakeDocument {
  static override documentName = "Scene";
  static override collectionName = "scenes";
  static override calls: CallRecord[] = [];
  static override fields: ReadonlySet<string> = new Set(["name", "flags", "navigation", "background", "sort", "folder", "ownership"]);
  #tokens: FakeToken[] = [];
  /** Its embedded tokens. A test may put another list in their place (a scene whose tokens were deleted): the index follows. */
  get tokens(): FakeToken[] {
    return this.#tokens;
  }

  set tokens(list: FakeToken[]) {
    this.#tokens = list;
    this.#byActor.clear();
    for (const token of list) this.#index(token);
  }

  /** `Scene#active`: the scene the players are pulled to (at most one: `harness.activateScene`). */
  active = false;

  /** `Scene#navigation`: whether it shows in the navigation bar (to those who may see it). */
  navigation = false;

  /**
   * World `Scene.createDocuments(rows, { keepId })`: a GM's (a player lacks SCENE_CREATE); each row's `name`
   * (not blank), `flags`, `ownership` (levels of CONST.DOCUMENT_OWNERSHIP_LEVELS) and `navigation`; with
   * `keepId` its `_id` (one in use refuses the call).
   * Every scene shares the stand-in's one grid and size. `createScene` fires for each.
   */
  static override async commitCreations(data: unknown, operation: unknown): Promise<unknown[]> {
    if ((operation as { parent?: unknown }).parent !== undefined) return [];
    const user = writingUser();
    if (!user.isGM) throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to create Scene`);
    const levels = Object.values(OWNERSHIP) as unknown[];
    const rows = (data as Raw[]).map((r) => {
      if (typeof r["name"] !== "string" || r["name"].trim() === "")
        throw new HarnessRefusal("Scene validation errors:\nname: may not be blank");
      const ownership = r["ownership"] ?? { default: OWNERSHIP.NONE };
      if (!isPlainRecord(ownership) || Object.values(ownership).some((v) => !levels.includes(v)))
        throw new HarnessRefusal("Scene validation errors:\nownership: must map user ids to ownership levels");
      return { r, ownership: ownership as Record<string, number> };
    });
    const keepId = (operation as { keepId?: boolean }).keepId === true;
    for (const { r } of rows)
      if (keepId && typeof r["_id"] === "string" && worldScenes.get(r["_id"]) !== undefined)
        throw new HarnessRefusal(`Scene [${r["_id"]}] already exists`);
    const made = rows.map(({ r, ownership }) => {
      const id = keepId && typeof r["_id"] === "string" ? r["_id"] : undefined;
      const scene = new FakeScene({ name: r["name"] as string, ...(id === undefined ? {} : { id }) });
      scene.flags = isPlainRecord(r["flags"]) ? structuredClone(r["flags"]) : {};
      scene.ownership = { ...ownership };
      scene.navigation = r["navigation"] === true;
      scene._stats = { ...scene._stats, lastModifiedBy: user.id };
      return scene;
    });
    for (const scene of made) Hooks.callAll("createScene", scene, operation ?? {}, user.id);
    return made;
  }

  /** An update may set `ownership` (merged by user id, as Foundry merges the field) and `navigation`. */
  override commit(next: { name: string; system: Raw; flags: Raw }, changes: Raw): void {
    const expanded = expandObject(changes);
    const ownership = expanded["ownership"];
    if (isPlainRecord(ownership))
      for (const [who, level] of Object.entries(ownership)) if (typeof level === "number") this.ownership[who] = level;
    if (typeof expanded["navigation"] === "boolean") this.navigation = expanded["navigation"];
    super.commit(next, changes);
  }

  /** `Scene#pullUsers(users)`: a GM sends those users' clients to this scene (the stand-in records it: `harness.pulls`). */
  pullUsers(users: readonly (string | { id: string })[]): void {
    if (!currentUser().isGM) throw new HarnessRefusal("Only a Gamemaster may pull users to a scene");
    pulls.push({ scene: this.id, users: users.map((u) => (typeof u === "string" ? u : u.id)) });
  }

  /** `Scene#view()`: this client draws this scene (`canvas.scene`). */
  async view(): Promise<this> {
    canvasState.scene = this;
    return this;
  }

  /** A world scene: it joins `game.scenes` (the stand-in has no compendium scenes). */
  constructor(data: { id?: string; name: string }) {
    super({ ...data, type: "base" });
    worldScenes.add(this);
  }

  get grid(): typeof grid {
    return grid;
  }

  get padding(): number {
    return canvasState.padding;
  }

  /** `Scene#width` / `height`: the scene's size in pixels, without its padding. */
  get width(): number {
    return canvasState.sceneWidth;
  }

  get height(): number {
    return canvasState.sceneHeight;
  }

  get dimensions(): ReturnType<typeof dimensions> {
    return dimensions();
  }

  /** Its tokens by actor id, in the scene's order: kept as tokens are added and deleted (a token's actor never changes). */
  readonly #byActor = new Map<string, FakeToken[]>();

  #index(token: FakeToken): void {
    if (token.actorId === null) return;
    const list = this.#byActor.get(token.actorId);
    if (list === undefined) this.#byActor.set(token.actorId, [token]);
    else list.push(token);
  }

  addToken(data: ConstructorParameters<typeof FakeToken>[0]): FakeToken {
    const token = new FakeToken(data, this);
    this.#tokens.push(token);
    this.#index(token);
    return token;
  }

  /** The scene's tokens of an actor (by its id), in the scene's order. */
  tokensOfActor(actorId: string): readonly FakeToken[] {
    return this.#byActor.get(actorId) ?? [];
  }

  /** A token deleted from the scene leaves the index too. */
  unindexToken(token: FakeToken): void {
    const list = token.actorId === null ? undefined : this.#byActor.get(token.actorId);
    const at = list?.indexOf(token) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  }

  /** `Token.createDocuments(rows, { parent: scene, keepId })`: a GM's; each row needs a finite x and y. */
  createTokens(rows: Raw[], operation: unknown): FakeToken[] {
    const user = writingUser();
    const ownsActor = (r: Raw) => {
      const actor = registry.get(`Actor.${String(r["actorId"])}`);
      return actor instanceof FakeActor && actor.testUserPermission(user, "OWNER");
    };
    if (!user.isGM && !(tokenRights.create && rows.every(ownsActor)))
      throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to create Token in Scene [${this.id}]`);
    const keepId = (operation as { keepId?: boolean }).keepId === true;
    const checked = rows.map((r) => {
      if (!Number.isInteger(r["x"]) || !Number.isInteger(r["y"]))
        throw new HarnessRefusal(`Token validation errors:\nx, y: must be integers`);
      const id = keepId && typeof r["_id"] === "string" ? r["_id"] : makeId();
      if (this.tokens.some((t) => t.id === id)) throw new HarnessRefusal(`Token [${id}] already exists in Scene [${this.id}]`);
      return { r, id };
    });
    const made = checked.map(({ r, id }) =>
      this.addToken({
        id,
        name: typeof r["name"] === "string" ? r["name"] : "",
        actorId: typeof r["actorId"] === "string" ? r["actorId"] : null,
        x: r["x"] as number,
        y: r["y"] as number,
        hidden: r["hidden"] === true,
        elevation: typeof r["elevation"] === "number" ? r["elevation"] : 0,
        ...(typeof r["width"] === "number" ? { width: r["width"] } : {}),
        ...(typeof r["height"] === "number" ? { height: r["height"] } : {}),
        ...(typeof r["shape"] === "number" ? { shape: r["shape"] } : {}),
        actorLink: r["actorLink"] === true,
      }),
    );
    checked.forEach(({ r }, i) => {
      // `flags` and `texture.src` as given (a token's image; a system's flags).
      if (isPlainRecord(r["flags"])) made[i]!.flags = structuredClone(r["flags"]);
      const texture = r["texture"] as Raw | undefined;
      if (typeof texture?.["src"] === "string") made[i]!.texture = { src: texture["src"] };
    });
    for (const t of made) t._stats = { ...t._stats, lastModifiedBy: user.id };
    for (const t of made) Hooks.callAll("createToken", t, operation ?? {}, user.id);
    return made;
  }
}

/** The placeables of the viewed scene's tokens, then any a test put on the canvas by hand. */
function viewedPlaceables(): TokenPlaceable[] {
  const scene = canvasState.scene;
  return [...(scene?.tokens.map((t) => t.object) ?? []), ...(canvasState.placeables as TokenPlaceable[])];
}

/**
 * `ActiveEffect`, embedded in an actor: `createDocuments` / `updateDocuments` / `deleteDocuments`
 * each take the one `parent` of their operation (DatabaseCreateOperation / DatabaseUpdateOperation /
 * DatabaseDeleteOperation `parent`): without one, or naming an effect that parent does not hold
 * (another actor's), the whole call is refused and nothing is written. Writing needs OWNER of the
 * parent. Each call fires `createActiveEffect` / `updateActiveEffect` / `deleteActiveEffect` per
 * document, with this client's user id.
 */
class FakeActiveEffect extends Document {
  static documentName = "ActiveEffect";
  static calls: CallRecord[] = [];
  static get implementation(): typeof FakeActiveEffect {
    return FakeActiveEffect;
  }
  readonly documentName = "ActiveEffect";
  id: string;
  uuid: string;
  name: string;
  img: string | null;
  statuses: Set<string>;
  constructor(
    data: Raw,
    readonly parent: FakeActor,
  ) {
    super();
    this.id = typeof data["_id"] === "string" ? data["_id"] : makeId();
    this.uuid = `${parent.uuid}.ActiveEffect.${this.id}`;
    this.name = typeof data["name"] === "string" ? data["name"] : "";
    this.img = typeof data["img"] === "string" ? data["img"] : null;
    this.statuses = new Set(Array.isArray(data["statuses"]) ? (data["statuses"] as string[]) : []);
  }

  /** `ActiveEffect.fromStatusEffect(id)`: an unsaved effect carrying that status, its name and icon from CONFIG.statusEffects. */
  static async fromStatusEffect(id: string): Promise<{ toObject(): Raw }> {
    interface Status {
      id: string;
      name?: string;
      img?: string;
    }
    const config = (globalThis as { CONFIG?: { statusEffects?: Status[] | Record<string, Status> } }).CONFIG;
    const all = config?.statusEffects ?? [];
    const status = (Array.isArray(all) ? all : Object.values(all)).find((s) => s.id === id);
    const data = { name: status?.name ?? id, img: status?.img ?? null, statuses: [id] };
    return { toObject: () => structuredClone(data) };
  }

  /** The one parent an operation names; refused without one (an ActiveEffect is never a world document here). */
  static parentOf(operation: unknown, action: string): FakeActor {
    const parent = (operation as { parent?: unknown } | null)?.parent;
    if (!(parent instanceof FakeActor)) throw new HarnessRefusal(`ActiveEffect ${action} needs the parent document of the operation`);
    parent.assertWritable(currentUser(), "update");
    return parent;
  }

  static effectOf(parent: FakeActor, id: string): FakeActiveEffect {
    const effect = parent.effects.find((e) => e.id === id);
    if (effect === undefined) throw new HarnessRefusal(`ActiveEffect [${id}] does not exist in ${parent.uuid}`);
    return effect;
  }

  static async createDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    logCall(this.calls, { method: "createDocuments", data, operation });
    return answered(async () => {
      const parent = this.parentOf(operation, "creation");
      const made = (data as Raw[]).map((row) => new FakeActiveEffect(row, parent));
      parent.effects.push(...made);
      for (const e of made) Hooks.callAll("createActiveEffect", e, operation, currentUser().id);
      return made;
    });
  }

  static async updateDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    logCall(this.calls, { method: "updateDocuments", data, operation });
    return answered(async () => {
      const parent = this.parentOf(operation, "update");
      const rows = (data as Raw[]).map((row) => ({ effect: this.effectOf(parent, String(row["_id"])), row }));
      for (const { effect, row } of rows) {
        if (typeof row["name"] === "string") effect.name = row["name"];
        if (typeof row["img"] === "string") effect.img = row["img"];
        if (Array.isArray(row["statuses"])) effect.statuses = new Set(row["statuses"] as string[]);
      }
      for (const { effect, row } of rows) Hooks.callAll("updateActiveEffect", effect, row, operation, currentUser().id);
      return rows.map((r) => r.effect);
    });
  }

  static async deleteDocuments(data: unknown, operation: unknown = {}): Promise<unknown[]> {
    logCall(this.calls, { method: "deleteDocuments", data, operation });
    return answered(async () => {
      const parent = this.parentOf(operation, "deletion");
      const gone = (data as string[]).map((id) => this.effectOf(parent, id));
      parent.effects = parent.effects.filter((e) => !gone.includes(e));
      for (const e of gone) Hooks.callAll("deleteActiveEffect", e, operation, currentUser().id);
      return gone;
    });
  }
}

/* ---------------- loading the world: documents Foundry could not load ---------------- */

/** `foundry.data.validators.isValidId`: 16 letters or digits. */
const VALID_ID = /^[a-zA-Z0-9]{16}$/;

function isPlainRecord(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Why Foundry would not construct a document from `source` (none: it would): not an object, an
 * `_id` that is not a valid id, a blank name, a type the system does not declare (own keys only),
 * `system` data its model refuses, `_stats` that is not an object; for an actor, `items` that is
 * not a list, or an entry in it that is not an object with a valid id (the stand-in reads that
 * strictly: the whole actor fails). An item entry with a valid id that is invalid itself does not
 * fail its actor: Foundry loads the world with `dropInvalidEmbedded`, which puts it in the actor's
 * `items.invalidDocumentIds`.
 */
function sourceProblems(documentName: string, source: unknown): string[] {
  if (!isPlainRecord(source)) return ["the source is not an object"];
  const problems: string[] = [];
  if (typeof source["_id"] !== "string" || !VALID_ID.test(source["_id"])) problems.push("_id: is not a valid Document ID string");
  if (typeof source["name"] !== "string" || source["name"].trim() === "") problems.push("name: may not be blank");
  const type = source["type"];
  const Model = typeof type === "string" ? modelOf(documentName, type) : undefined;
  if (Model === undefined) problems.push(`type: ${String(type)} is not a valid type for the ${documentName} Document class`);
  else {
    try {
      new Model((source["system"] ?? {}) as Raw);
    } catch (err) {
      problems.push(`system: ${(err as Error).message}`);
    }
  }
  if (source["_stats"] !== undefined && source["_stats"] !== null && !isPlainRecord(source["_stats"]))
    problems.push("_stats: must be an object");
  if (documentName === "Actor" && source["items"] !== undefined) {
    const items = source["items"];
    if (!Array.isArray(items)) problems.push("items: must be an array");
    else if (items.some((i) => !isPlainRecord(i) || typeof i["_id"] !== "string" || !VALID_ID.test(i["_id"]))) {
      problems.push("items: an entry is not an embedded document with a valid id");
    }
  }
  return problems;
}

/**
 * The documents of a collection that failed to load (`DocumentCollection#invalidDocumentIds`, `#getInvalid`):
 * their raw sources by id. `getInvalid(id)` gives a temporary document, in no registry (so
 * `fromUuidSync` does not find it), that can be written; a write that makes its source valid loads
 * it into its collection, as Foundry re-initialises a document an update has repaired.
 */
class InvalidSources {
  readonly ids = new Set<string>();
  readonly sources = new Map<string, Raw>();

  constructor(
    readonly documentName: string,
    readonly make: (source: Raw) => FakeDocument,
    readonly load: (source: Raw) => void,
  ) {}

  add(source: Raw): void {
    const id = String(source["_id"]);
    this.ids.add(id);
    this.sources.set(id, source);
  }

  /** `getInvalid(id, { strict })`: throws for an id that loaded (or never existed) unless `strict` is false. */
  get(id: string, { strict = true }: { strict?: boolean } = {}): FakeDocument | undefined {
    const source = this.sources.get(id);
    if (source === undefined) {
      if (strict) throw new Error(`${this.documentName} id [${id}] is not in the set of invalid Document IDs`);
      return undefined;
    }
    const doc = this.make(source);
    registry.delete(doc.uuid);
    doc.invalidIn = this;
    return doc;
  }

  /** After a write to a temporary document: its source with the write, loaded again. */
  reload(doc: FakeDocument): void {
    const source = { ...this.sources.get(doc.id), ...doc.toObject() };
    this.ids.delete(doc.id);
    this.sources.delete(doc.id);
    doc.invalidIn = null;
    this.load(source);
  }
}

/**
 * Builds a document from a source (flags and `_stats` as stored). The system data of a valid one is
 * its data model's source, as Foundry keeps it: `migrateData` applied and initial values filled; a
 * temporary document of `getInvalid` keeps the raw system.
 */
function fromSource<T extends FakeDocument>(make: (data: { id: string; name: string; type: string; system: Raw }) => T, source: Raw): T {
  const raw = (source["system"] ?? {}) as Raw;
  const doc = make({ id: String(source["_id"]), name: String(source["name"]), type: String(source["type"]), system: raw });
  const Model = modelOf(doc.documentName, doc.type);
  if (Model !== undefined) {
    try {
      doc.system = structuredClone(new Model(raw)._source);
    } catch {
      // An invalid source (a temporary document of getInvalid) keeps its raw system.
    }
  }
  doc.flags = structuredClone((source["flags"] ?? {}) as Raw);
  const stats = source["_stats"] as { systemVersion?: unknown } | null | undefined;
  doc._stats = { systemVersion: typeof stats?.systemVersion === "string" ? stats.systemVersion : null };
  return doc;
}

/** An actor's `items` (`EmbeddedCollection`): the items that loaded, plus `invalidDocumentIds` / `getInvalid`. */
class FakeEmbeddedItems extends Array<FakeItem> {
  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  readonly #invalid: InvalidSources;
  readonly #actor: FakeActor;

  constructor(actor: FakeActor) {
    super();
    this.#actor = actor;
    this.#invalid = new InvalidSources(
      "Item",
      (source) => fromSource((d) => new FakeItem(d, actor), source),
      (source) => this.load(source),
    );
  }

  get invalidDocumentIds(): Set<string> {
    return this.#invalid.ids;
  }

  getInvalid(id: string, options?: { strict?: boolean }): FakeDocument | undefined {
    return this.#invalid.get(id, options);
  }

  /** Adds an item from its source, or records it as invalid. */
  load(source: Raw): void {
    if (sourceProblems("Item", source).length > 0) {
      this.#invalid.add(source);
      return;
    }
    fromSource((d) => this.#actor.addItem(d), source);
  }
}

/** `WorldCollection` (`game.actors`, `game.items`) loaded from `game.data`: the live documents, and those that failed. */
class FakeWorldCollection<T extends FakeDocument> {
  readonly #live = new Map<string, T>();
  readonly #invalid: InvalidSources;

  constructor(
    readonly documentName: string,
    make: (source: Raw) => T,
  ) {
    this.#invalid = new InvalidSources(documentName, make, (source) => this.load(source));
    this.#make = make;
  }

  readonly #make: (source: Raw) => T;

  get invalidDocumentIds(): Set<string> {
    return this.#invalid.ids;
  }

  getInvalid(id: string, options?: { strict?: boolean }): FakeDocument | undefined {
    return this.#invalid.get(id, options);
  }

  get(id: string): T | undefined {
    return this.#live.get(id);
  }

  /** A document the server made (a `createDocuments` of the world) joins the collection. */
  adopt(doc: T): void {
    this.#live.set(doc.id, doc);
  }

  /** A document the server deleted leaves it. */
  forget(id: string): void {
    this.#live.delete(id);
  }

  get contents(): T[] {
    return [...this.#live.values()];
  }

  get size(): number {
    return this.#live.size;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#live.values();
  }

  /**
   * Constructs a document from its stored source, as Foundry does for each one at load: an
   * invalid source goes to `invalidDocumentIds`; one without a valid `_id` cannot even be
   * recorded there and is left out.
   */
  load(source: unknown): void {
    if (!isPlainRecord(source) || typeof source["_id"] !== "string" || !VALID_ID.test(source["_id"])) return;
    if (sourceProblems(this.documentName, source).length > 0) {
      this.#invalid.add(source);
      return;
    }
    const doc = this.#make(source);
    this.#live.set(doc.id, doc);
    if (doc instanceof FakeActor) for (const item of (source["items"] ?? []) as Raw[]) doc.items.load(item);
  }
}

/* ---------------- hooks ---------------- */

export interface HookRecord {
  name: string;
  fn: (...args: unknown[]) => unknown;
  once: boolean;
  id?: number;
}

export interface HookError {
  hook: string;
  error: unknown;
}

const hooks: HookRecord[] = [];
let nextHookId = 1;
/** Handlers that threw, caught and logged as Foundry's `Hooks.call` / `callAll` do. */
const hookErrors: HookError[] = [];
/** When true (the default), a test in which a hook handler threw fails after it ends (tests/harness/install.ts). */
const hookSwitch = { failTest: true };

/** Runs one handler as Foundry does: a throw is caught, logged and counts as no answer. */
function runHook(name: string, h: HookRecord, args: unknown[]): unknown {
  if (h.once) hooks.splice(hooks.indexOf(h), 1);
  try {
    return h.fn(...args);
  } catch (error) {
    hookErrors.push({ hook: name, error });
    console.error(`Error thrown in hooked function '${h.fn.name}' for hook '${name}'`, error);
    return undefined;
  }
}

/** Runs hook handlers as this client's own code: a write they make is sent, even while a replayed write announces itself. */
function ownCode<T>(run: () => T): T {
  const was = replaying;
  replaying = null;
  try {
    return run();
  } finally {
    replaying = was;
  }
}

const Hooks = {
  on(name: string, fn: (...args: unknown[]) => unknown) {
    const id = nextHookId++;
    hooks.push({ name, fn, once: false, id });
    return id;
  },
  once(name: string, fn: (...args: unknown[]) => unknown) {
    const id = nextHookId++;
    hooks.push({ name, fn, once: true, id });
    return id;
  },
  off(name: string, fn: number | ((...args: unknown[]) => unknown)) {
    const i = hooks.findIndex((h) => h.name === name && (typeof fn === "number" ? h.id === fn : h.fn === fn));
    if (i >= 0) hooks.splice(i, 1);
  },
  /** Calls the hooks of `name` in order; false from one stops the rest and is returned. */
  call(name: string, ...args: unknown[]): boolean {
    return ownCode(() => {
      for (const h of hooks.filter((x) => x.name === name)) if (runHook(name, h, args) === false) return false;
      return true;
    });
  },
  callAll(name: string, ...args: unknown[]): boolean {
    return ownCode(() => {
      for (const h of hooks.filter((x) => x.name === name)) runHook(name, h, args);
      return true;
    });
  },
};

/* ---------------- settings ---------------- */

export interface SettingRecord {
  namespace: string;
  key: string;
  config: Raw;
}

const settingsStore = new Map<string, unknown>();
/** The world settings written since the reset: each is a Setting document from its first write. */
const settingsWritten = new Set<string>();
const settingsRegistered: SettingRecord[] = [];
/** `game.settings.menus`: the registered menus by "namespace.key". */
const settingsMenus = new Map<string, Raw>();
const settings = {
  register(namespace: string, key: string, config: Raw) {
    settingsRegistered.push({ namespace, key, config });
    settingsStore.set(`${namespace}.${key}`, config["default"]);
  },
  menus: settingsMenus,
  /**
   * A menu in Configure Settings: both halves of the name are needed, and its `type` must be an
   * application class (here: the ApplicationV2 stand-in or a subclass), which Foundry constructs
   * with no arguments and renders when the menu's button is pressed (`harness.openMenu`).
   */
  registerMenu(namespace: string, key: string, data: Raw) {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the menu");
    const base = (globalThis as { foundry?: { applications?: { api?: { ApplicationV2?: unknown } } } }).foundry?.applications?.api
      ?.ApplicationV2 as (new () => unknown) | undefined;
    const type = data["type"] as { prototype?: unknown } | undefined;
    if (base === undefined || typeof type !== "function" || !(type.prototype instanceof base))
      throw new Error(`menu ${namespace}.${key}: its type must be an ApplicationV2 subclass`);
    settingsMenus.set(`${namespace}.${key}`, { ...data, key: `${namespace}.${key}`, namespace });
  },
  get(namespace: string, key: string) {
    const k = `${namespace}.${key}`;
    if (!settingsStore.has(k)) throw new Error(`setting ${k} is not registered`);
    return settingsStore.get(k);
  },
  /** A world setting needs SETTINGS_MODIFY (by default an assistant GM or GM); a refused one rejects. */
  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    return answered(() => setSetting(namespace, key, value), {
      kind: "setting",
      target: `${namespace}.${key}`,
      method: "set",
      args: [value],
    });
  },
};

/** `ClientSettings#set` once sent: refused as the server refuses, else stored (as JSON). */
async function setSetting(namespace: string, key: string, value: unknown): Promise<unknown> {
  const k = `${namespace}.${key}`;
  const record = settingsRegistered.find((r) => r.namespace === namespace && r.key === key);
  if (record === undefined) throw new Error(`setting ${k} is not registered`);
  const user = writingUser();
  if ((record.config["scope"] ?? "client") === "world" && !user.isGM) {
    throw new HarnessRefusal(`User ${user.name ?? user.id} lacks permission to modify the world setting ${k}`);
  }
  const choices = record.config["choices"] as Raw | undefined;
  if (choices !== undefined && !Object.keys(choices).includes(String(value))) {
    throw new HarnessRefusal(`${k}: ${String(value)} is not a valid choice`);
  }
  settingsStore.set(k, JSON.parse(JSON.stringify(value)) as unknown);
  // Foundry calls the setting's onChange with the new value once it changed (on every client for a world setting).
  (record.config["onChange"] as ((v: unknown) => void) | undefined)?.(settingsStore.get(k));
  // A world setting is a Setting document: its first write creates it, a later one updates it, and the
  // document's hook fires; a client setting fires `clientSettingChanged` (both in Foundry's hook events).
  if ((record.config["scope"] ?? "client") === "world") {
    const created = !settingsWritten.has(k);
    settingsWritten.add(k);
    const doc = { key: k, value: settingsStore.get(k) };
    if (created) Hooks.callAll("createSetting", doc, {}, user.id);
    else Hooks.callAll("updateSetting", doc, { value: doc.value }, {}, user.id);
  } else Hooks.callAll("clientSettingChanged", k, settingsStore.get(k), {});
  return value;
}

/* ---------------- notifications ---------------- */

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
    return {
      update: (data: { pct?: number }) => record.progress.push(typeof data === "object" && typeof data.pct === "number" ? data.pct : NaN),
    };
  };
}

/* ---------------- the scene and its hex grid ---------------- */

/** `CONST.GRID_TYPES.HEXODDQ`: flat-topped hexes in columns, the odd columns (0-based) shifted down. */
export const HEXODDQ = 4;

/**
 * The viewed scene: its size, padding (Foundry's default 0.25) and grid size (flat side to flat
 * side of a hex, the distance between neighbours' centres; 10 km a hex).
 */
/** Foundry's TOKEN_CREATE / TOKEN_DELETE world permissions for players (a GM has both). */
const tokenRights = { create: false, delete: false };
/** The values of `CONST.TOKEN_SHAPES` (ELLIPSE_1 0 … RECTANGLE_2 5), the same in v13 and v14. */
const TOKEN_SHAPE_VALUES: readonly number[] = [0, 1, 2, 3, 4, 5];

const canvasState = {
  /** The grid's `CONST.GRID_TYPES` value: flat-topped, odd columns shifted unless a test says otherwise. */
  gridType: HEXODDQ,
  hexSize: 100,
  sceneWidth: 4000,
  sceneHeight: 3000,
  padding: 0.25,
  /** Placeables a test put on the canvas by hand, besides the viewed scene's tokens. */
  placeables: [] as unknown[],
  /** The viewed scene (`canvas.scene`); null: no scene is viewed. */
  scene: new FakeScene({ name: "Scene" }) as FakeScene | null,
  /**
   * The game canvas switched off (the client setting "Disable Game Canvas"): `canvas.ready` is false
   * and the canvas draws no scene (`scene`, `grid`, `dimensions` null, no token placeables), while
   * `game.scenes` and their documents are all there.
   */
  off: false,
};

/** `{ i: row, j: column }`, as Foundry's grid offsets. */
export interface GridOffset {
  i: number;
  j: number;
}

/** Hex width (corner to corner) and height (flat to flat) of a flat-topped grid of `size`. */
function hexSizes(): { sizeX: number; sizeY: number; colStep: number } {
  const sizeY = canvasState.hexSize;
  const sizeX = (2 * sizeY) / Math.sqrt(3);
  return { sizeX, sizeY, colStep: 0.75 * sizeX };
}

/**
 * `Scene#dimensions`: the padding is a share of the scene's size on each side, rounded up to
 * whole pairs of grid columns and rows (the v8 doc of getDimensions: "round to the nearest 2x
 * grid size to ensure symmetry"), so the scene's top-left hex is an even, unshifted column.
 */
function dimensions() {
  const { sizeY, colStep } = hexSizes();
  const { sceneWidth, sceneHeight, padding } = canvasState;
  const padCols = 2 * Math.ceil((padding * sceneWidth) / (2 * colStep));
  const padRows = 2 * Math.ceil((padding * sceneHeight) / (2 * sizeY));
  const sceneX = padCols * colStep;
  const sceneY = padRows * sizeY;
  return {
    size: canvasState.hexSize,
    sceneX,
    sceneY,
    sceneWidth,
    sceneHeight,
    width: sceneWidth + 2 * sceneX,
    height: sceneHeight + 2 * sceneY,
    distance: 10,
    units: "km",
  };
}

function isShifted(j: number): boolean {
  return Math.abs(j) % 2 === 1;
}

/** `HexagonalGrid#getCenterPoint` of an offset (odd-q, columns). */
function centerOf({ i, j }: GridOffset): { x: number; y: number } {
  const { sizeX, sizeY, colStep } = hexSizes();
  return { x: j * colStep + sizeX / 2, y: i * sizeY + sizeY / 2 + (isShifted(j) ? sizeY / 2 : 0) };
}

function toCube({ i, j }: GridOffset): { q: number; r: number; s: number } {
  const q = j;
  const r = i - (j - (j & 1)) / 2;
  return { q, r, s: -q - r };
}

/** `HexagonalGrid#getOffset` of a point: the hex it falls in. */
function offsetAt({ x, y }: { x: number; y: number }): GridOffset {
  const { sizeX, sizeY } = hexSizes();
  const radius = sizeX / 2;
  const px = (x - radius) / radius;
  const py = (y - sizeY / 2) / radius;
  const fq = (2 / 3) * px;
  const fr = -px / 3 + (Math.sqrt(3) / 3) * py;
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return { i: r + (q - (q & 1)) / 2, j: q };
}

function hexSteps(a: GridOffset, b: GridOffset): number {
  const ca = toCube(a);
  const cb = toCube(b);
  return Math.max(Math.abs(ca.q - cb.q), Math.abs(ca.r - cb.r), Math.abs(ca.s - cb.s));
}

const asOffset = (c: GridOffset | { x: number; y: number }): GridOffset => ("i" in c ? c : offsetAt(c));

const grid = {
  get type() {
    return canvasState.gridType;
  },
  set type(value: number) {
    canvasState.gridType = value;
  },
  columns: true,
  even: false,
  isHexagonal: true,
  isSquare: false,
  isGridless: false,
  distance: 10,
  units: "km",
  get size() {
    return canvasState.hexSize;
  },
  get sizeX() {
    return hexSizes().sizeX;
  },
  get sizeY() {
    return hexSizes().sizeY;
  },
  getOffset(coords: GridOffset | { x: number; y: number }): GridOffset {
    return asOffset(coords);
  },
  getCenterPoint(coords: GridOffset | { x: number; y: number }): { x: number; y: number } {
    return centerOf(asOffset(coords));
  },
  /** Hexes entered along the waypoints (`spaces`) and their length in grid units (`distance`). */
  measurePath(waypoints: ({ x: number; y: number } | GridOffset)[], _options: object = {}) {
    let spaces = 0;
    for (let k = 1; k < waypoints.length; k++) spaces += hexSteps(asOffset(waypoints[k - 1]!), asOffset(waypoints[k]!));
    return { spaces, distance: spaces * 10, cost: spaces * 10 };
  },
};

/** The grid offset of the scene's top-left hex (the map's hex 0101). */
function sceneOrigin(): GridOffset {
  const d = dimensions();
  return offsetAt({ x: d.sceneX + hexSizes().sizeX / 2, y: d.sceneY + hexSizes().sizeY / 2 });
}

/* ---------------- game ---------------- */

const game = {
  settings,
  i18n: keyWording(),
  user: { id: "user1", name: "Gamemaster", isGM: true },
  users: { activeGM: { isSelf: true } },
  data: { actors: [] as unknown[], items: [] as unknown[] },
  system: { id: "nobc", version: "0.1.0" },
  // `game.release`: the generation and a build of it (v13's 13.351, v14's 14.369, the newest the public pages list).
  release: { generation: GENERATION, build: GENERATION === 14 ? 369 : 351 },
  packs: { get: (id: string) => packs.get(id) },
  // Foundry always has the world's scenes, before any reset too.
  scenes: worldScenes,
} as Raw;

/** A token for `actor` on the viewed scene, its centre at canvas point `center` (set up, not a write). */
function addToken(actor: FakeActor, center: { x: number; y: number }): FakeToken {
  const scene = canvasState.scene;
  if (scene === null) throw new Error("no scene is viewed: harness.viewScene() first");
  const { sizeX, sizeY } = hexSizes();
  // A token's x and y are whole pixels (TokenDocument's schema), so its centre is within half a pixel of `center`.
  // Linked, as the system makes our actors' prototype tokens (src/token/token-defaults.ts).
  return scene.addToken({
    name: actor.name,
    actorId: actor.id,
    actorLink: true,
    x: Math.round(center.x - sizeX / 2),
    y: Math.round(center.y - sizeY / 2),
  });
}

/** A new viewed scene with no flags and no tokens. */
function newScene(): FakeScene {
  return new FakeScene({ name: "Scene" });
}

export const harness = {
  tokenRights,
  /**
   * The number of the next document id this copy draws (ids are drawn in order, and `reset` keeps
   * counting): the multi-client harness sets every copy's to the same before it builds a world, so
   * the copies' documents have the same ids however many each drew before.
   */
  get idCounter(): number {
    return nextId;
  },
  set idCounter(n: number) {
    nextId = n;
  },
  Actor: FakeActor,
  Item: FakeItem,
  Scene: FakeScene,
  Combat: FakeCombat,
  JournalEntry: FakeJournalEntry,
  Folder: FakeFolder,
  Token: FakeToken,
  ActiveEffect: FakeActiveEffect,
  hooks,
  hookErrors,
  /** The generation this run plays (see GENERATION). */
  generation: GENERATION,
  /** v13 `-=` / `==` keys written while playing v14 (./install.ts fails a test that leaves any). */
  deprecations,
  /** `hookSwitch.failTest = false` in a test that means a hook handler to throw. */
  hookSwitch,
  notices,
  settingsRegistered,
  settingsStore,
  settingsMenus,
  /**
   * Presses a menu's button in Configure Settings: a player does not see a restricted menu (refused
   * here, as the button is not there), else its class is constructed with no arguments and rendered.
   */
  async openMenu(key: string): Promise<unknown> {
    const menu = settingsMenus.get(key);
    if (menu === undefined) throw new Error(`menu ${key} is not registered`);
    if (menu["restricted"] === true && !currentUser().isGM) throw new HarnessRefusal(`menu ${key} is restricted to a GM`);
    const app = new (menu["type"] as new () => { render(options: unknown): Promise<unknown> })();
    return app.render({ force: true });
  },
  canvasState,
  packs,
  systemModels,
  game,
  grid,
  /** `canvas.dimensions` of the viewed scene. */
  dimensions,
  /**
   * The next `count` writes (a document's update, a batch's update, delete or create, a setting, a
   * chat message's update) get no answer from the server: their promise never settles. With
   * `written`, each is carried out all the same (only the answer is lost).
   */
  stallWrites(count = 1, options: { written?: boolean } = {}): void {
    stalls.count = count;
    stalls.written = options.written ?? false;
  },
  /**
   * Holds every write from now on (a document's update, delete or create, a setting, a chat
   * message's update) until the returned `release()`: then they are carried out in the order sent.
   * Until then the world reads as before them, as another client sees it while they are in flight.
   */
  holdWrites(): () => void {
    let release: () => void = () => undefined;
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = null;
      release();
    };
  },
  /**
   * Draws document ids from the first again (then `reset`, whose scene takes the first):
   * every copy of the multi-client harness then gives a world it builds the same ids, however many
   * ids each drew for the worlds before (./clients.ts `world`, a test file building several).
   */
  restartIds(): void {
    nextId = 1;
  },
  /** Forget every document, call, hook, notice, pack and setting value; play the GM again. */
  reset(): void {
    held = null;
    tokenRights.create = false;
    tokenRights.delete = false;
    stalls.count = 0;
    stalls.written = false;
    registry.clear();
    FakeActor.calls = [];
    FakeItem.calls = [];
    FakeActiveEffect.calls = [];
    FakeCombat.calls = [];
    FakeJournalEntry.calls = [];
    FakeFolder.calls = [];
    hooks.length = 0;
    hookErrors.length = 0;
    deprecations.length = 0;
    hookSwitch.failTest = true;
    notices.length = 0;
    settingsRegistered.length = 0;
    settingsStore.clear();
    settingsWritten.clear();
    settingsMenus.clear();
    packs.clear();
    canvasState.placeables = [];
    FakeScene.calls = [];
    FakeToken.calls = [];
    canvasState.padding = 0.25;
    canvasState.gridType = HEXODDQ;
    canvasState.hexSize = 100;
    canvasState.sceneWidth = 4000;
    canvasState.sceneHeight = 3000;
    canvasState.off = false;
    worldScenes.clear();
    pulls.length = 0;
    canvasState.scene = newScene();
    canvasState.scene.active = true;
    game["scenes"] = worldScenes;
    game["user"] = { id: "user1", name: "Gamemaster", isGM: true };
    game["data"] = { actors: [], items: [] };
    // A world `loadWorld` put there is forgotten (collections other fakes installed stay).
    if (game["actors"] instanceof FakeWorldCollection) delete game["actors"];
    if (game["items"] instanceof FakeWorldCollection) delete game["items"];
  },
  /**
   * Loads a world as Foundry does from the sources the server sent: `game.data` holds them as
   * given, and `game.actors` / `game.items` the documents constructed from them; a source Foundry
   * would refuse (see `sourceProblems`) is in the collection's `invalidDocumentIds` instead, and
   * `getInvalid(id)` gives it as a temporary document.
   */
  loadWorld(data: { actors?: unknown; items?: unknown }): void {
    game["data"] = { actors: data.actors, items: data.items };
    const actors = new FakeWorldCollection("Actor", (source) => fromSource((d) => new FakeActor(d), source));
    const items = new FakeWorldCollection("Item", (source) => fromSource((d) => new FakeItem(d), source));
    for (const source of Array.isArray(data.actors) ? data.actors : []) actors.load(source);
    for (const source of Array.isArray(data.items) ? data.items : []) items.load(source);
    game["actors"] = actors;
    game["items"] = items;
  },
  /** Plays a player (no GM rights, owning nothing unless given); `harness.reset()` plays the GM again. */
  playAsPlayer(id = "player1"): UserLike {
    const user = { id, name: id, isGM: false };
    game["user"] = user;
    return user;
  },
  /** Gives `userId` OWNER of `doc` (its embedded documents follow it). */
  own(doc: FakeDocument, userId: string): void {
    doc.ownership[userId] = OWNERSHIP.OWNER;
  },
  /**
   * Puts `doc` in compendium `packId` (locked unless told), with the uuid Foundry gives pack
   * documents (its items too); the world no longer holds it.
   */
  putInPack(doc: FakeDocument, packId: string, locked = true): FakePack {
    const pack = makePack(packId, doc.documentName, locked);
    const moved = [doc, ...(doc instanceof FakeActor ? doc.items : [])];
    for (const d of moved) if (registry.get(d.uuid) === d) registry.delete(d.uuid);
    doc.pack = packId;
    doc.uuid = `Compendium.${packId}.${doc.documentName}.${doc.id}`;
    if (doc instanceof FakeActor) for (const item of doc.items) item.uuid = `${doc.uuid}.Item.${item.id}`;
    for (const d of moved) registry.set(d.uuid, d);
    return pack;
  },
  /**
   * A copy of world document `doc` in compendium `packId` (locked unless told) with the same id,
   * its items with theirs: what a world built by importing an Adventure has (imports keep ids).
   * `fromUuidSync` finds the copy by its compendium uuid (as a document, loaded in the pack's
   * cache), the world document by its own.
   */
  packCopy<T extends FakeActor | FakeItem>(doc: T, packId: string, locked = true): T {
    makePack(packId, doc.documentName, locked);
    const data = { id: doc.id, name: doc.name, type: doc.type, system: doc.system, pack: packId };
    if (doc instanceof FakeActor) {
      const copy = new FakeActor(data);
      for (const item of doc.items) copy.addItem({ id: item.id, name: item.name, type: item.type, system: item.system });
      copy.ownership = structuredClone(doc.ownership);
      return copy as T;
    }
    const copy = new FakeItem(data);
    copy.ownership = structuredClone(doc.ownership);
    return copy as T;
  },
  /** Every stand-in document alive (world and embedded). */
  documents(): FakeDocument[] {
    return [...registry.values()].filter((d): d is FakeDocument => d instanceof FakeDocument);
  },
  /** Makes `fromUuidSync(uuid)` answer `value` (e.g. a compendium index entry). */
  registerUuid(uuid: string, value: unknown): void {
    registry.set(uuid, value);
  },
  /** Makes `fromUuidSync(uuid)` answer null again, as for a deleted document. */
  forgetUuid(uuid: string): void {
    registry.delete(uuid);
  },
  /** The canvas point of a point given in pixels from the scene's top-left corner. */
  canvasPoint(p: { x: number; y: number }): { x: number; y: number } {
    const d = dimensions();
    return { x: p.x + d.sceneX, y: p.y + d.sceneY };
  },
  /** The grid offset of the map's hex `col`, `row` (0-based from the scene's top-left hex). */
  offsetOfHex(col: number, row: number): GridOffset {
    const o = sceneOrigin();
    return { i: o.i + row, j: o.j + col };
  },
  /** A token for `actor` whose centre is `center`, in pixels from the scene's top-left corner. */
  placeTokenAt(actor: FakeActor, center: { x: number; y: number }): FakeToken {
    return addToken(actor, harness.canvasPoint(center));
  },
  /** A token for `actor` whose centre is canvas point `center` (padding included). */
  placeTokenOnCanvas(actor: FakeActor, center: { x: number; y: number }): FakeToken {
    return addToken(actor, center);
  },
  /** A token for `actor` at the centre of the map's hex in column `col` (0-based) of row `row` (0 unless told). */
  placeToken(actor: FakeActor, col: number, row = 0): FakeToken {
    return addToken(actor, centerOf(harness.offsetOfHex(col, row)));
  },
  /** The viewed scene (`canvas.scene`), or null. */
  get scene(): FakeScene | null {
    return canvasState.scene;
  },
  /** Views a new empty scene (`canvas.scene`; it joins `game.scenes`) and returns it. */
  viewScene(): FakeScene {
    canvasState.scene = newScene();
    return canvasState.scene;
  },
  /** `game.scenes`: the world's scenes. */
  get scenes(): FakeScenes {
    return worldScenes;
  },
  /** Every `Scene#pullUsers` since the reset, in order. */
  get pulls(): readonly { scene: string; users: string[] }[] {
    return pulls;
  },
  /** Marks `scene` as the active one (`game.scenes.active`), and no other; null: none is active. */
  activateScene(scene: FakeScene | null): void {
    for (const other of worldScenes) other.active = other === scene;
  },
  /** Views `scene`, one of the world's (the GM switching scenes). */
  view(scene: FakeScene): void {
    canvasState.scene = scene;
  },
  /** Views no scene at all. */
  viewNoScene(): void {
    canvasState.scene = null;
  },
  /**
   * Switches the game canvas off (a client with "Disable Game Canvas"): `canvas.ready` false, no
   * scene drawn (`canvas.scene`, `grid`, `dimensions` null, no placeables); `harness.scene` (the
   * scene the client would view) and `game.scenes` stay. `canvasOn()` draws it again.
   */
  canvasOff(): void {
    canvasState.off = true;
  },
  canvasOn(): void {
    canvasState.off = false;
  },
  /**
   * The user starts the movement they planned (v14): it is carried out as `move` without `planned`
   * would have been, `preMoveToken` firing now. False when there was none or it was refused.
   */
  async startPlannedMovement(token: FakeToken): Promise<boolean> {
    const plan = token.plannedMovement[currentUser().id];
    if (plan === undefined) return false;
    Reflect.deleteProperty(token.plannedMovement, currentUser().id);
    return token.move(plan.waypoints, plan.options);
  },
  /**
   * Sets the viewed scene's flag `nobc.<key>` as world data (a fixture, not a write: no hook fires);
   * `undefined` removes it. A test of writing goes through `scene.update` instead.
   */
  setSceneFlag(key: string, value: unknown): void {
    const scene = canvasState.scene;
    if (scene === null) throw new Error("no scene is viewed");
    const scope = ((scene.flags["nobc"] as Raw | undefined) ??= {});
    if (value === undefined) Reflect.deleteProperty(scope, key);
    else scope[key] = value;
  },
};

export type FakeActorT = FakeActor;
export type FakeSceneT = FakeScene;
export type FakeTokenT = FakeToken;
export type FakeItemT = FakeItem;
export type FakeDocumentT = FakeDocument;

/**
 * `foundry.canvas.placeables.tokens.TokenRuler` (v13), the base a system's ruler class extends: its
 * `token`, the label template's path, and `_getWaypointLabelContext(waypoint, state)`, which gives no
 * label for the first waypoint (the token's own place) and a distance for the others. Nothing is drawn.
 */
class TokenRuler {
  static WAYPOINT_LABEL_TEMPLATE = "templates/hud/waypoint-label.hbs";
  constructor(readonly token: { readonly actor: { readonly uuid: string } | null }) {}
  protected _getWaypointLabelContext(waypoint: { readonly previous: unknown }, _state: object): object | undefined {
    return waypoint.previous === null ? undefined : { distance: { total: "10" }, units: "km" };
  }
}

/**
 * A few of v13's token movement actions (`CONFIG.Token.movement.actions`), each with its documented
 * `getCostFunction(token, options)` answering `(baseCost, from, to, distance, segment) => cost`: walk (the
 * base cost), climb (its own cost, doubled), blink and displace (teleports).
 */
function movementActions(): Record<
  string,
  { teleport: boolean; getCostFunction?: (token: unknown, options: object) => (cost: number) => number; costMultiplier?: number }
> {
  const same = () => (cost: number) => cost;
  return {
    walk: { teleport: false, getCostFunction: same },
    // v14 describes climb's doubled cost by its multiplier, with no cost function of its own.
    climb:
      GENERATION >= 14 ? { teleport: false, costMultiplier: 2 } : { teleport: false, getCostFunction: () => (cost: number) => cost * 2 },
    blink: { teleport: true, getCostFunction: same },
    displace: { teleport: true, getCostFunction: same },
  };
}

/** Two of Foundry's token statuses: v13 keeps them in an array, v14 in a record keyed by id. */
function statusEffects(): unknown {
  const all = [
    { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
    { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  ];
  return GENERATION >= 14 ? Object.fromEntries(all.map((s) => [s.id, s])) : all;
}

export function installFoundryStandIn(): void {
  const g = globalThis as Raw;
  g["foundry"] = {
    data: {
      fields: { DataField, StringField, HTMLField, DocumentUUIDField, NumberField, BooleanField, SchemaField, ArrayField, ObjectField },
      ...(GENERATION >= 14 ? { operators: { ForcedDeletion, ForcedReplacement } } : {}),
    },
    abstract: { TypeDataModel, Document },
    canvas: { placeables: { tokens: { TokenRuler } } },
    utils: {
      fromUuidSync: (uuid: string) => registry.get(uuid) ?? null,
      // Foundry's loads a compendium document on demand; the stand-in's are all in the registry.
      fromUuid: async (uuid: string) => {
        await Promise.resolve();
        return registry.get(uuid) ?? null;
      },
      randomID: () => `id${String(++nextRandomId).padStart(14, "0")}`,
      expandObject,
    },
  };
  g["CONFIG"] = {
    Actor: { dataModels: {}, trackableAttributes: {} },
    Item: { dataModels: {} },
    Combat: { dataModels: {} },
    ChatMessage: { dataModels: {} },
    Token: { rulerClass: TokenRuler, movement: { actions: movementActions() } },
    statusEffects: statusEffects(),
  };
  if (GENERATION >= 14) {
    g["_del"] = FORCED_DELETION;
    g["_replace"] = (value: unknown) => ForcedReplacement.create(value);
  }
  g["CONST"] = {
    USER_ROLES,
    DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
    GRID_TYPES: { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ, HEXEVENQ: 5 },
  };
  g["Hooks"] = Hooks;
  g["game"] = game;
  g["ui"] = { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") } };
  g["Actor"] = FakeActor;
  g["Item"] = FakeItem;
  g["ActiveEffect"] = FakeActiveEffect;
  g["Scene"] = FakeScene;
  g["TokenDocument"] = FakeToken;
  g["Combat"] = FakeCombat;
  g["JournalEntry"] = FakeJournalEntry;
  g["Folder"] = FakeFolder;
  g["canvas"] = {
    get ready() {
      return !canvasState.off && canvasState.scene !== null;
    },
    get scene() {
      return canvasState.off ? null : canvasState.scene;
    },
    get dimensions() {
      return canvasState.off ? null : dimensions();
    },
    tokens: {
      get placeables() {
        return canvasState.off ? [] : viewedPlaceables();
      },
    },
    get grid() {
      return canvasState.off ? null : grid;
    },
  };
}
