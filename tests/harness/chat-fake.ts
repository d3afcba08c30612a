/**
 * TEST STAND-IN for the chat and query pieces of Foundry the resolution cards use — not Foundry,
 * and not a copy of it; written from the public v13 API docs. Import after ./install. For each
 * behaviour, the documented API it mirrors:
 *
 * - `ChatMessage.create(data)` / `createDocuments(rows)` (batch sizes in `chatFake.batches`), `deleteDocuments(ids)`,
 *   `ChatMessage.updateDocuments(rows)` (checked whole; batch sizes in `chatFake.updateBatches`):
 *   keeps a message (id, type, system, author, flags, content, rolls, speaker) in
 *   `chatFake.messages`, reachable through `game.messages.get(id)`, `.contents`, `.size` and iteration.
 *   `type` is "base" or a subtype with a registered data model (`CONFIG.ChatMessage.dataModels`,
 *   else the system's own, as for Actors and Items): an unknown subtype is refused, and `system`
 *   is validated by the model on creation and on every update (a refused one changes nothing).
 *   `message.update` merges dotted paths or nested objects (arrays replace). `ChatMessage#author`
 *   is the User who wrote it; `canUserModify`: a player may update or delete only the messages
 *   they wrote (others' are read-only to them), a GM any; a player may not write as another
 *   author. An update may get no answer (`harness.stallWrites`).
 *   `ChatMessage.getSpeaker()` returns a fixed speaker. Each creation, update and deletion fires
 *   `createChatMessage`, `updateChatMessage` (with the changes; v14's operators as the writer sent
 *   them, off the multi-client wire too) and `deleteChatMessage`, as every client hears of them in
 *   Foundry (this stand-in is one client).
 * - `ChatMessage#rolls` and `Roll#toJSON` / `Roll.fromData` / `Roll.fromJSON`: a message keeps its
 *   rolls as JSON and rebuilds them when read; data a Roll cannot be rebuilt from (no class, an
 *   unknown term class, a die face off the die, an evaluated roll without its total) throws.
 * - `CONFIG.queries` and `User#query(name, data, { timeout })`: runs the handler as that user;
 *   the data and the answer cross the socket as JSON (what JSON drops is gone); a query to a user
 *   who is not `active`, or with no handler, rejects; after `timeout` ms without an answer it
 *   rejects. As in Foundry, the handler is not told who sent the query.
 * - `User#setFlag` (an update of the User document): a player may write only their own User's
 *   flags, a GM any; counts the writes.
 * - Users: a GM `gm`, a second GM `gm2` (logged out until `chatFake.setActiveGM("gm2")` hands the
 *   active GM over) and players `p1`, `p2` (`chatFake.setUsers(as, gmOnline)`), with
 *   `game.users.activeGM`, `game.users.get(id)`, `game.users.contents`, `game.user`; `chatFake.actAs(id)` plays another
 *   user's client; `chatFake.own(actor, id)` gives a player OWNER of an actor (the documents
 *   themselves check it, see ./foundry.ts).
 * - `foundry.applications.handlebars.renderTemplate` (unless ./sheets-fake already put one):
 *   records the call, returns a marker. `loadTemplates(paths)` (added to whichever renderer is
 *   there): records the paths in `chatFake.partials`, loads nothing.
 */
import {
  answered,
  sent,
  expandObject,
  harness,
  HarnessRefusal,
  mergeInto,
  copyChanges,
  modelOf,
  writingUser,
  rebuildOperators,
  type FakeActorT,
  type FakeDocumentT,
} from "./foundry";

type Raw = Record<string, unknown>;

/** Fires a document hook on "every client" (the stand-in is one), as Foundry does once the server has written the change. */
function fire(hook: string, ...args: unknown[]): void {
  (globalThis as unknown as { Hooks: { callAll(name: string, ...a: unknown[]): boolean } }).Hooks.callAll(hook, ...args);
}

/** A posted message as a test reads it (the fake's record, cast): the fields the cards carry. */
export interface PostedMessage {
  id: string;
  type?: string;
  flags: Raw;
  system: Raw;
  author?: { id: string; isGM: boolean };
  rolls: unknown[];
}

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  isSelf: boolean;
  /** Logged in: a query to a user who is not rejects. */
  active: boolean;
  flags: Record<string, Record<string, unknown>>;
  flagWrites: number;
  queries: { name: string; data: unknown }[];
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
  setFlag(scope: string, key: string, value: unknown): Promise<FakeUser>;
}

function me(): FakeUser {
  return harness.game["user"] as FakeUser;
}

/** The user a write is carried out for: this client's, or the writer of a write the server sent (./wire.ts). */
function writer(): FakeUser {
  const id = writingUser().id;
  return chatFake.users.get(id) ?? me();
}

/** A value as it arrives on the other side of the socket: JSON, nothing else survives. */
function overTheWire<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/* ---------------- Roll ---------------- */

interface TermData {
  class: string;
  [key: string]: unknown;
}

const TERM_CLASSES = new Set(["Die", "NumericTerm", "OperatorTerm"]);

/** Why `data` is not a roll term `RollTerm.fromData` could rebuild, or null. */
function termProblem(term: unknown, k: number): string | null {
  const t = term as TermData | null;
  if (typeof t !== "object" || t === null || typeof t.class !== "string") return `terms.${k}: has no class`;
  if (!TERM_CLASSES.has(t.class)) return `terms.${k}: unknown term class ${t.class}`;
  if (t.class !== "Die") return null;
  const number = t["number"];
  const faces = t["faces"];
  if (!Number.isInteger(number) || (number as number) < 0) return `terms.${k}.number: must be a whole number`;
  if (!Number.isInteger(faces) || (faces as number) < 1) return `terms.${k}.faces: must be a positive whole number`;
  const results = t["results"];
  if (!Array.isArray(results)) return `terms.${k}.results: must be an array`;
  for (const r of results as { result?: unknown; active?: unknown }[]) {
    if (!Number.isInteger(r.result) || (r.result as number) < 1 || (r.result as number) > (faces as number))
      return `terms.${k}.results: ${String(r.result)} is not a face of a d${String(faces)}`;
  }
  return null;
}

/** `Roll`, as far as chat cards use it: rebuilt from data (`fromData`), written out with `toJSON`. */
export class FakeRoll {
  formula: string;
  terms: TermData[];
  options: Raw;
  #evaluated: boolean;
  #total: number | undefined;
  constructor(formula: string, _data: Raw = {}, options: Raw = {}) {
    this.formula = formula;
    this.terms = [];
    this.options = options;
    this.#evaluated = false;
    this.#total = undefined;
  }
  get total(): number | undefined {
    return this.#total;
  }
  get _evaluated(): boolean {
    return this.#evaluated;
  }
  get dice(): TermData[] {
    return this.terms.filter((t) => t.class === "Die");
  }
  /** `Roll#toJSON`: the roll as plain data, as a ChatMessage stores it. */
  toJSON(): Raw {
    return {
      class: "Roll",
      options: structuredClone(this.options),
      dice: [],
      formula: this.formula,
      terms: structuredClone(this.terms),
      total: this.#total,
      evaluated: this.#evaluated,
    };
  }
  /** `Roll.fromData`: throws on data a Roll cannot be rebuilt from (no class, unknown term, a face off the die). */
  static fromData(input: unknown): FakeRoll {
    if (typeof input !== "object" || input === null) throw new Error("Roll.fromData: no roll data");
    const data = input as Raw;
    if (data["class"] !== "Roll") throw new Error(`Roll.fromData: unknown roll class ${String(data["class"])}`);
    if (typeof data["formula"] !== "string" || data["formula"] === "") throw new Error("Roll.fromData: formula must be a string");
    const terms = data["terms"];
    if (!Array.isArray(terms)) throw new Error("Roll.fromData: terms must be an array");
    const problem = terms.map((t, k) => termProblem(t, k)).find((p) => p !== null);
    if (problem !== undefined) throw new Error(`Roll.fromData: ${problem}`);
    const roll = new FakeRoll(data["formula"], {}, (data["options"] ?? {}) as Raw);
    roll.terms = structuredClone(terms as TermData[]);
    roll.#evaluated = data["evaluated"] === true;
    if (roll.#evaluated) {
      if (typeof data["total"] !== "number") throw new Error("Roll.fromData: an evaluated roll needs its total");
      roll.#total = data["total"];
    }
    return roll;
  }
  static fromJSON(json: string): FakeRoll {
    return FakeRoll.fromData(JSON.parse(json) as unknown);
  }
}

/* ---------------- ChatMessage ---------------- */

/** The data model of a ChatMessage subtype: the registered one (`CONFIG.ChatMessage.dataModels`, else the system's). */
function systemOf(type: string, system: unknown, id: string): Raw {
  if (type === "base") return {};
  const Model = modelOf("ChatMessage", type);
  if (Model === undefined)
    throw new HarnessRefusal(
      `ChatMessage [${id}] validation errors:\ntype: ${type} is not a valid type for the ChatMessage Document class`,
    );
  try {
    return structuredClone(new Model((system ?? {}) as Raw)._source);
  } catch (err) {
    throw new HarnessRefusal(`ChatMessage [${id}] ${(err as Error).message}`);
  }
}

class FakeMessage {
  id: string;
  /** The subtype: "base" (Foundry's own) or one the system declares and registers a data model for. */
  type: string;
  /** The subtype's data, validated by its model on creation and on every update. */
  system: Raw;
  flags: Raw;
  content: string;
  /** The rolls as the message stores them: JSON strings (`Roll#toJSON`). */
  #rolls: string[];
  speaker: unknown;
  /** The ids of the users it is whispered to (empty: public), as `ChatMessage#whisper` stores them. */
  whisper: string[];
  /** The id of the user who created it (the stored `author` field). */
  #author: string;
  updates: Raw[] = [];
  constructor(data: Raw, id: string) {
    this.id = id;
    this.type = (data["type"] as string | undefined) ?? "base";
    this.system = systemOf(this.type, data["system"], id);
    this.flags = structuredClone((data["flags"] ?? {}) as Raw);
    this.content = (data["content"] as string | undefined) ?? "";
    this.#rolls = ((data["rolls"] ?? []) as unknown[]).map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
    // A stored roll Foundry cannot rebuild fails the message's validation.
    this.#rolls.forEach((r) => FakeRoll.fromJSON(r));
    this.speaker = data["speaker"];
    const whisper = data["whisper"] ?? [];
    if (!Array.isArray(whisper) || whisper.some((id) => typeof id !== "string"))
      throw new HarnessRefusal(`ChatMessage validation errors:\nwhisper: must be an array of user ids`);
    this.whisper = [...(whisper as string[])];
    this.#author = (data["author"] as string | undefined) ?? me().id;
  }
  /** `ChatMessage#author`: the User who created it (the stored field holds its id). */
  get author(): FakeUser | undefined {
    return chatFake.users.get(this.#author);
  }
  /** The rolls, rebuilt from their stored JSON as Foundry does when it reads the message. */
  get rolls(): FakeRoll[] {
    return this.#rolls.map((r) => FakeRoll.fromJSON(r));
  }
  /** A player may change or delete only the messages they wrote; a GM any. */
  canUserModify(user: { id: string; isGM: boolean }, _action: string): boolean {
    return user.isGM || user.id === this.#author;
  }
  get isOwner(): boolean {
    return this.canUserModify(me(), "update");
  }
  #assertWritable(action: string): void {
    const user = writer();
    if (!this.canUserModify(user, action))
      throw new HarnessRefusal(`User ${user.name} lacks permission to ${action} ChatMessage [${this.id}]`);
  }
  /**
   * `Document#update`: the changes ("a.b" paths or nested) are merged into the message (objects
   * merge, arrays and values replace); `system` is validated by the subtype's model first, and a
   * refused update changes nothing. The type and author cannot change.
   */
  async update(data: Raw): Promise<this> {
    return answered(
      async () => {
        this.checkedUpdate(data)();
        return this;
      },
      { kind: "message", target: this.id, method: "update", args: [data] },
    );
  }
  /**
   * Checks an update as `update` does (the writer's right, the fields, the subtype's model) and returns
   * what carries it out (the changes kept, then `updateChatMessage`); a refused one throws, changing nothing.
   */
  checkedUpdate(data: Raw): () => void {
    this.#assertWritable("update");
    // A copy that keeps v14's update operators as they are (a structured clone would flatten them).
    const expanded = expandObject(copyChanges(data) as Raw);
    const known = new Set(["system", "flags", "content", "speaker"]);
    const unknown = Object.keys(expanded).filter((k) => !known.has(k));
    if (unknown.length > 0) throw new HarnessRefusal(`ChatMessage [${this.id}] may not change ${unknown.join(", ")}`);
    const system =
      "system" in expanded ? systemOf(this.type, mergeInto(structuredClone(this.system), expanded["system"] as Raw), this.id) : this.system;
    return () => {
      this.updates.push(copyChanges(data) as Raw);
      this.system = system;
      if ("flags" in expanded) this.flags = mergeInto(structuredClone(this.flags), expanded["flags"] as Raw);
      if ("content" in expanded) this.content = expanded["content"] as string;
      if ("speaker" in expanded) this.speaker = expanded["speaker"];
      // Off the wire, the operators are rebuilt as the writer's client sent them (its own hooks hear those).
      fire("updateChatMessage", this, rebuildOperators(expanded), {}, writer().id);
    };
  }
  /** `Document#delete`: the message leaves `chatFake.messages`. */
  async delete(): Promise<this> {
    return sent(
      async () => {
        this.#assertWritable("delete");
        chatFake.messages.delete(this.id);
        fire("deleteChatMessage", this, {}, writer().id);
        return this;
      },
      { kind: "message", target: this.id, method: "delete", args: [] },
    );
  }
}

export const chatFake = {
  messages: new Map<string, FakeMessage>(),
  rendered: [] as { path: string; data: unknown }[],
  partials: [] as string[],
  /** The size of each `ChatMessage.createDocuments` batch, in order. */
  batches: [] as number[],
  /** The size of each `ChatMessage.updateDocuments` batch, in order. */
  updateBatches: [] as number[],
  users: new Map<string, FakeUser>(),
  activeGM: null as FakeUser | null,
  /** The players `setUsers` makes (a test of more players a side, e.g. the bot games of tests/fuzz, names more). */
  playerIds: ["p1", "p2"] as readonly string[],
  /** The GMs besides `gm` that `setUsers` makes, logged out (a Control team of umpires names more: tests/turn/control-game.test.ts). */
  otherGmIds: ["gm2"] as readonly string[],
  /** Users: a GM `gm` (logged in and the active GM unless `gmOnline` is false) and the players of `playerIds`; acting as `as`. */
  setUsers(as: string, gmOnline = true): void {
    this.users.clear();
    const make = (id: string, isGM: boolean): FakeUser => {
      const user: FakeUser = {
        id,
        name: id,
        isGM,
        isSelf: false,
        active: true,
        flags: {},
        flagWrites: 0,
        queries: [],
        /** A player may write only their own User's flags; a GM any. */
        async setFlag(scope, key, value) {
          return sent(
            async () => {
              const by = writer();
              if (by.id !== user.id && !by.isGM) throw new HarnessRefusal(`User ${by.name} lacks permission to update User [${user.id}]`);
              user.flags[scope] = { ...user.flags[scope], [key]: structuredClone(value) };
              user.flagWrites += 1;
              return user;
            },
            { kind: "user", target: user.id, method: "setFlag", args: [scope, key, value] },
          );
        },
        /**
         * `User#query`: runs `CONFIG.queries[name]` on that user's client. The data and the answer
         * cross the socket as JSON; a user not logged in, or no handler, rejects; `timeout` (ms)
         * rejects if no answer came in time.
         */
        async query(name, data, options = {}) {
          user.queries.push({ name, data });
          if (!user.active) throw new Error(`User ${user.name} is not active`);
          const handler = (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown, o: unknown) => unknown> } }).CONFIG
            .queries[name];
          if (handler === undefined) throw new Error(`Unknown query ${name}`);
          const sent = overTheWire(data);
          const answer = (async () => {
            const asking = me();
            harness.game["user"] = user;
            for (const u of chatFake.users.values()) u.isSelf = u === user;
            try {
              return overTheWire(await handler(sent, { timeout: options.timeout }));
            } catch (err) {
              // eslint-disable-next-line preserve-caught-error -- the socket carries only the message back to the asker, as Foundry's does
              throw new Error((err as Error).message);
            } finally {
              harness.game["user"] = asking;
              for (const u of chatFake.users.values()) u.isSelf = u === asking;
            }
          })();
          if (options.timeout === undefined) return answer;
          let timer: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`Query ${name} to ${user.name} timed out after ${String(options.timeout)}ms`)),
              options.timeout,
            );
          });
          try {
            return await Promise.race([answer, late]);
          } finally {
            clearTimeout(timer);
          }
        },
      };
      this.users.set(id, user);
      return user;
    };
    const gm = make("gm", true);
    gm.active = gmOnline;
    // A second GM (and any more), logged out until a test hands the active GM over to it (`setActiveGM`).
    for (const id of this.otherGmIds) make(id, true).active = false;
    for (const id of this.playerIds) make(id, false);
    this.activeGM = gmOnline ? gm : null;
    const self = this.users.get(as)!;
    self.isSelf = true;
    harness.game["user"] = self;
  },
  /**
   * Hands the active GM over (`game.users.activeGM`): `id` logs in and becomes the active GM; the
   * other GM stays logged in. Each client checks `activeGM` for itself, so a task a GM client queued
   * before the hand-over sees the change when it runs.
   */
  setActiveGM(id: string): void {
    const gm = this.users.get(id)!;
    gm.active = true;
    this.activeGM = gm;
  },
  /**
   * Plays the client of user `id` from now on (`game.user`, `isSelf`). Two GM clients in one world:
   * each card action captures the client's user when it is asked, so tasks keep their client.
   */
  actAs(id: string): void {
    const self = this.users.get(id)!;
    for (const u of this.users.values()) u.isSelf = u === self;
    harness.game["user"] = self;
  },
  /** The card data of a resolution message (its `system`), for assertions. */
  cardOf(message: unknown): Raw {
    return (message as { system: Raw }).system;
  },
  /** Gives player `userId` ownership of `actor`. */
  own(actor: FakeActorT | FakeDocumentT, userId: string): void {
    harness.own(actor, userId);
  },
  /** Takes every player's ownership of `actor` away. */
  disown(actor: FakeActorT | FakeDocumentT): void {
    actor.ownership = { default: 0 };
  },
  /** No player owns anything any more. */
  disownAll(): void {
    for (const doc of harness.documents()) doc.ownership = { default: 0 };
  },
  reset(): void {
    this.messages.clear();
    this.rendered.length = 0;
    this.partials.length = 0;
    this.batches.length = 0;
    this.updateBatches.length = 0;
    (globalThis as unknown as { CONFIG: Raw }).CONFIG["queries"] = {};
    this.setUsers("gm");
  },
};

let nextMessage = 1;

export function installChatFake(): void {
  const g = globalThis as unknown as Raw;
  const foundryNs = g["foundry"] as Raw;
  const apps = (foundryNs["applications"] ??= {}) as Raw;
  // Keep the sheets' stand-in renderer when ./sheets-fake was imported first.
  apps["handlebars"] ??= {
    async renderTemplate(path: string, data: unknown) {
      chatFake.rendered.push({ path, data });
      return `<rendered ${path}>`;
    },
  };
  (apps["handlebars"] as Raw)["loadTemplates"] ??= async (paths: string[]) => {
    chatFake.partials.push(...paths);
    return [];
  };
  const make = (data: Raw, keep = true): FakeMessage => {
    const by = writer();
    const author = data["author"];
    if (author !== undefined && author !== by.id && !by.isGM)
      throw new HarnessRefusal(`User ${by.name} may not write a message as ${author as string}`);
    // Another client's message carries the id the server gave it (./wire.ts); the author is its writer.
    const id = typeof data["_id"] === "string" ? data["_id"] : `msg${nextMessage++}`;
    const message = new FakeMessage({ author: by.id, ...data }, id);
    if (keep) {
      chatFake.messages.set(message.id, message);
      fire("createChatMessage", message, {}, by.id);
    }
    return message;
  };
  g["ChatMessage"] = {
    async create(data: Raw) {
      return sent(async () => make(data), { kind: "chat", target: "ChatMessage", method: "create", args: [data] });
    },
    /** A batch is checked whole: one refused row creates none. */
    async createDocuments(rows: Raw[]) {
      return sent(
        async () => {
          chatFake.batches.push(rows.length);
          const made = rows.map((row) => make(row, false));
          for (const m of made) chatFake.messages.set(m.id, m);
          for (const m of made) fire("createChatMessage", m, {}, writer().id);
          return made;
        },
        { kind: "chat", target: "ChatMessage", method: "createDocuments", args: [rows] },
      );
    },
    /**
     * `ChatMessage.updateDocuments(rows)`: each row names its message by `_id`. The batch is checked
     * whole before anything is written (a row naming no message, or one refused as `update` refuses
     * it, updates none); then each message changes and its `updateChatMessage` fires.
     */
    async updateDocuments(rows: Raw[]) {
      return answered(
        async () => {
          const planned = rows.map((row) => {
            const { _id: id, ...changes } = row;
            const message = typeof id === "string" ? chatFake.messages.get(id) : undefined;
            if (message === undefined) throw new HarnessRefusal(`ChatMessage [${String(id)}] does not exist`);
            return { message, commit: message.checkedUpdate(changes) };
          });
          chatFake.updateBatches.push(rows.length);
          for (const { commit } of planned) commit();
          return planned.map((p) => p.message);
        },
        { kind: "chat", target: "ChatMessage", method: "updateDocuments", args: [rows] },
      );
    },
    /**
     * `ChatMessage.deleteDocuments(ids)`: the batch is checked whole (an id naming no message, or one
     * the writer may not delete, deletes none); then each message leaves and its `deleteChatMessage` fires.
     */
    async deleteDocuments(ids: string[]) {
      return answered(
        async () => {
          const by = writer();
          const planned = ids.map((id) => {
            const message = chatFake.messages.get(id);
            if (message === undefined) throw new HarnessRefusal(`ChatMessage [${id}] does not exist`);
            if (!message.canUserModify(by, "delete"))
              throw new HarnessRefusal(`User ${by.name} lacks permission to delete ChatMessage [${id}]`);
            return message;
          });
          for (const message of planned) chatFake.messages.delete(message.id);
          for (const message of planned) fire("deleteChatMessage", message, {}, by.id);
          return planned;
        },
        { kind: "chat", target: "ChatMessage", method: "deleteDocuments", args: [ids] },
      );
    },
    getSpeaker: () => ({ alias: "Umpire" }),
  };
  g["Roll"] = FakeRoll;
  const game = harness.game;
  // `game.messages` (a WorldCollection, a Map by id): `get`, `contents` (in creation order), iteration.
  game["messages"] = {
    get: (id: string) => chatFake.messages.get(id),
    get contents() {
      return [...chatFake.messages.values()];
    },
    get size() {
      return chatFake.messages.size;
    },
    [Symbol.iterator]: () => chatFake.messages.values(),
  };
  game["users"] = {
    get activeGM() {
      return chatFake.activeGM;
    },
    get: (id: string) => chatFake.users.get(id),
    /** `WorldCollection#contents`: every user, GMs and players. */
    get contents() {
      return [...chatFake.users.values()];
    },
  };
  chatFake.reset();
}

installChatFake();
