/**
 * TEST STAND-IN for the chat and query pieces of Foundry the resolution cards use — not Foundry,
 * and not a copy of it; written from the public API docs. Import after ./install.
 *
 * - `ChatMessage.create(data)` / `createDocuments(rows)` (batch sizes in `chatFake.batches`): keeps a message (id, flags, content, rolls, speaker) in
 *   `chatFake.messages`, reachable through `game.messages.get(id)`; `message.update` sets dotted
 *   paths. `ChatMessage.getSpeaker()` returns a fixed speaker.
 * - `Roll.fromData(data)`: a plain object holding the data, marked as a roll.
 * - `CONFIG.queries`, and users: `game.users.activeGM`, `game.users.get(id)`, `game.user`; a
 *   user's `query(name, data, options)` runs `CONFIG.queries[name](data, options)` as that user,
 *   and counts the calls. As in Foundry, the handler is not told who sent the query. A user's
 *   `setFlag(scope, key, value)` sets `flags[scope][key]` and counts the writes.
 * - `testUserPermission(user, "OWNER")` on the stand-in documents: a GM owns everything; others
 *   own what `chatFake.owners` lists for the actor (an embedded item follows its actor).
 * - `Actor.updateDocuments` / `Item.updateDocuments` / `Item.deleteDocuments` / `Item.createDocuments`
 *   also change the stand-in documents, so an undo can be checked against the exact prior state.
 * - `foundry.applications.handlebars.renderTemplate` (unless ./sheets-fake already put one):
 *   records the call, returns a marker. `loadTemplates(paths)` (added to whichever renderer is
 *   there): records the paths in `chatFake.partials`, loads nothing.
 */
import { harness, type FakeActorT } from "./foundry";

type Raw = Record<string, unknown>;

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  isSelf: boolean;
  flags: Record<string, Record<string, unknown>>;
  flagWrites: number;
  queries: { name: string; data: unknown }[];
  query(name: string, data: unknown, options?: unknown): Promise<unknown>;
  setFlag(scope: string, key: string, value: unknown): Promise<FakeUser>;
}

function setPath(target: Raw, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur = target;
  for (const k of keys.slice(0, -1)) cur = (cur[k] ??= {}) as Raw;
  cur[keys[keys.length - 1]!] = value;
}

class FakeMessage {
  id: string;
  flags: Raw;
  content: string;
  rolls: unknown[];
  speaker: unknown;
  updates: Raw[] = [];
  constructor(data: Raw, id: string) {
    this.id = id;
    this.flags = structuredClone((data["flags"] ?? {}) as Raw);
    this.content = String(data["content"] ?? "");
    this.rolls = (data["rolls"] ?? []) as unknown[];
    this.speaker = data["speaker"];
  }
  async update(data: Raw): Promise<this> {
    this.updates.push(structuredClone(data));
    for (const [path, value] of Object.entries(data)) setPath(this as unknown as Raw, path, structuredClone(value));
    return this;
  }
  /** `Document#delete`: the message leaves `chatFake.messages`. */
  async delete(): Promise<this> {
    chatFake.messages.delete(this.id);
    return this;
  }
}

export const chatFake = {
  messages: new Map<string, FakeMessage>(),
  rendered: [] as { path: string; data: unknown }[],
  partials: [] as string[],
  /** The size of each `ChatMessage.createDocuments` batch, in order. */
  batches: [] as number[],
  owners: new Map<string, Set<string>>(),
  users: new Map<string, FakeUser>(),
  activeGM: null as FakeUser | null,
  /** Users: a GM `gm` (the active GM unless `gmOnline` is false) and players `p1`, `p2`; acting as `as`. */
  setUsers(as: string, gmOnline = true): void {
    this.users.clear();
    const make = (id: string, isGM: boolean): FakeUser => {
      const user: FakeUser = {
        id,
        name: id,
        isGM,
        isSelf: false,
        flags: {},
        flagWrites: 0,
        queries: [],
        async setFlag(scope, key, value) {
          user.flags[scope] = { ...user.flags[scope], [key]: structuredClone(value) };
          user.flagWrites += 1;
          return user;
        },
        async query(name, data, options) {
          user.queries.push({ name, data });
          const asking = harness.game["user"] as FakeUser;
          harness.game["user"] = user;
          for (const u of chatFake.users.values()) u.isSelf = u === user;
          try {
            const handler = (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown, o: unknown) => unknown> } }).CONFIG.queries[name];
            return await handler!(data, options);
          } finally {
            harness.game["user"] = asking;
            for (const u of chatFake.users.values()) u.isSelf = u === asking;
          }
        },
      };
      this.users.set(id, user);
      return user;
    };
    const gm = make("gm", true);
    make("p1", false);
    make("p2", false);
    this.activeGM = gmOnline ? gm : null;
    const me = this.users.get(as)!;
    me.isSelf = true;
    harness.game["user"] = me;
  },
  /** Gives player `userId` ownership of `actor`. */
  own(actor: FakeActorT, userId: string): void {
    this.owners.set(actor.uuid, new Set([...(this.owners.get(actor.uuid) ?? []), userId]));
  },
  reset(): void {
    this.messages.clear();
    this.rendered.length = 0;
    this.partials.length = 0;
    this.batches.length = 0;
    this.owners.clear();
    (globalThis as unknown as { CONFIG: Raw }).CONFIG["queries"] = {};
    this.setUsers("gm");
  },
};

let nextMessage = 1;

function byId(id: string): FakeActorT | undefined {
  return (globalThis as unknown as { foundry: { utils: { fromUuidSync(u: string): unknown } } }).foundry.utils.fromUuidSync(`Actor.${id}`) as FakeActorT | undefined;
}

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
  const make = (data: Raw): FakeMessage => {
    const message = new FakeMessage(data, `msg${nextMessage++}`);
    chatFake.messages.set(message.id, message);
    return message;
  };
  g["ChatMessage"] = {
    async create(data: Raw) {
      return make(data);
    },
    async createDocuments(rows: Raw[]) {
      chatFake.batches.push(rows.length);
      return rows.map(make);
    },
    getSpeaker: () => ({ alias: "Umpire" }),
  };
  g["Roll"] = { fromData: (data: Raw) => ({ isRoll: true, data }) };
  const game = harness.game;
  game["messages"] = { get: (id: string) => chatFake.messages.get(id) };
  game["users"] = {
    get activeGM() {
      return chatFake.activeGM;
    },
    get: (id: string) => chatFake.users.get(id),
  };

  const proto = Object.getPrototypeOf(harness.Actor.prototype) as Raw;
  proto["testUserPermission"] = function (this: { uuid: string; parent: { uuid: string } | null }, user: FakeUser, level: string) {
    if (level !== "OWNER") return false;
    return user.isGM || (chatFake.owners.get((this.parent ?? this).uuid)?.has(user.id) ?? false);
  };

  const actorUpdate = harness.Actor.updateDocuments.bind(harness.Actor);
  harness.Actor.updateDocuments = async (data: unknown, operation: unknown = {}) => {
    for (const row of data as Raw[]) {
      const actor = byId(String(row["_id"]));
      for (const [path, value] of Object.entries(row)) if (path !== "_id" && actor) setPath(actor as unknown as Raw, path, structuredClone(value));
    }
    return actorUpdate(data, operation);
  };
  const itemUpdate = harness.Item.updateDocuments.bind(harness.Item);
  harness.Item.updateDocuments = async (data: unknown, operation: unknown = {}) => {
    const parent = (operation as { parent?: FakeActorT }).parent;
    const fromUuid = (globalThis as unknown as { foundry: { utils: { fromUuidSync(u: string): unknown } } }).foundry.utils.fromUuidSync;
    for (const row of data as Raw[]) {
      const item = parent ? parent.items.find((i) => i.id === row["_id"]) : fromUuid(`Item.${String(row["_id"])}`);
      for (const [path, value] of Object.entries(row)) if (path !== "_id" && item) setPath(item as unknown as Raw, path, structuredClone(value));
    }
    return itemUpdate(data, operation);
  };
  const itemDelete = harness.Item.deleteDocuments.bind(harness.Item);
  harness.Item.deleteDocuments = async (ids: unknown, operation: unknown = {}) => {
    const parent = (operation as { parent?: FakeActorT }).parent;
    if (parent) {
      for (const item of parent.items.filter((i) => (ids as string[]).includes(i.id))) harness.forgetUuid(item.uuid);
      parent.items = parent.items.filter((i) => !(ids as string[]).includes(i.id));
    }
    return itemDelete(ids, operation);
  };
  const itemCreate = harness.Item.createDocuments.bind(harness.Item);
  harness.Item.createDocuments = async (rows: unknown, operation: unknown = {}) => {
    const parent = (operation as { parent?: FakeActorT }).parent;
    for (const r of rows as Raw[]) parent?.addItem({ id: String(r["_id"]), name: String(r["name"]), type: String(r["type"]), system: r["system"] as Raw });
    return itemCreate(rows, operation);
  };
  chatFake.reset();
}

installChatFake();
