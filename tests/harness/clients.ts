/**
 * THE MULTI-CLIENT HARNESS: several Foundry clients and a server, in one test.
 *
 * What it models (Foundry's documented client–server model: every database operation is sent to
 * the server, which checks and writes it, then broadcasts it to every connected client; the client
 * that asked learns the outcome from the server's answer):
 *
 * - **Each client holds its own copy of the world**, built by the same code on every client
 *   (`net.world(build)`; ids are drawn in order, so every copy has the same ones).
 * - **A write goes to the server**, whose own copy checks it as the single-client stand-in does
 *   (permission, data model); refused, the writer's promise rejects once the answer is back and
 *   nobody else hears of it. Accepted, it **reaches every client in the order the server wrote it**,
 *   each after a delay the test chooses (`delay`, a number of ms or a function drawing one); the
 *   writer's own copy changes only when its answer arrives, which is its place in that same order.
 *   On each client the write is carried out again (./wire.ts) and its hooks fire there with
 *   Foundry's arguments and the writer's user id (`updateActor`, `createItem`, `createChatMessage`,
 *   `updateChatMessage`, `deleteChatMessage`, `createToken`, `moveToken`, …). An update is sent as
 *   given: a `diff: false` update is broadcast whole, even where it equals the document.
 * - **Queries** (`User#query`) cross the same wire: the handler runs on the asked user's client
 *   after the delay, its answer comes back after another; a user with no client online rejects;
 *   past its `timeout` (on the asker's clock) the query rejects, as Foundry's does.
 * - **A client can drop out** between two writes (`net.dropOut(client)`): what it sent stands, it
 *   hears and sends nothing more (its pending writes and queries never settle: its tasks stop), the
 *   queries waiting on it reject, and on every other client (after the writes the server took
 *   before, as the server's notice travels in the same order) its user goes inactive,
 *   `game.users.activeGM` passes to the next GM online, and `userConnected(user, false)` fires.
 *
 * Time is the wire's own: a clock that moves from one delivery to the next. Whenever the test's
 * code is idle (nothing left in the microtask queue), the next delivery due is carried out; so a
 * 40 ms delay orders events as 40 ms would, but a run takes no wall-clock time. Timers of the code
 * under test (`setTimeout`, a query's `timeout`) keep real (or vitest's fake) time, and their
 * callbacks run in the client that set them; with fake timers, advance them once the wire has
 * settled. `net.at(ms, fn)` runs `fn` on the wire's clock (two GMs clicking 5 ms apart);
 * `net.settle()` waits until nothing is in flight (not for a module the code imports lazily: the
 * module runner takes real turns the wire cannot see).
 *
 * How each client gets its own state. Our modules keep per-client state (task queues, registered
 * hooks and queries, dialog registries), and Foundry's globals (`game`, `canvas`, `ui`, `Hooks`,
 * `CONFIG`, `foundry`, `ChatMessage`, …) differ per client. Two pieces:
 * 1. A fresh module graph per client: a module imported with `?nobcClient=<name>` passes that query
 *    on to every module of ours it imports, lazily imported ones included (the Vite plugin in
 *    ./client-graphs.ts, set in vitest.config.ts). So `client.load("src/…")` gives that client's own
 *    copy of the system code and of the stand-in. (`vi.resetModules()` plus a dynamic import does
 *    not suffice: a module the system imports lazily later would come from whichever client was
 *    loaded last.)
 * 2. Per-client globals: the names above become accessors on `globalThis` that read the current
 *    client's values from an `AsyncLocalStorage` store. A client's code runs inside
 *    `client.run(fn)` (the store set), and everything it starts (promises, timers, hooks it
 *    registers and that the wire later calls in that client's store) keeps that client's globals.
 *    Outside any client the test file's own stand-in (tests/harness/install.ts) answers as before.
 *
 * A client's own `harness.stallWrites` leaves its next writes unanswered: not sent at all, or with
 * `written` taken by the server and heard by the others while the writer's promise and copy hear
 * nothing (its answer lost).
 *
 * Not modelled: a write lost on the way (the server always answers a connected client but for the
 * stalls above), a client joining late, the wire's effect on wall-clock timers; token movement is carried out again on every
 * client as an update (`preMoveToken` then fires on each client at delivery, not on the writer's
 * before it sends).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath } from "node:url";
import type { WireCall } from "./foundry";
import type * as Entry from "./client-entry";
import type * as SystemEntry from "./client-system";

type Raw = Record<string, unknown>;
type EntryModule = typeof Entry;
type SheetsFake = typeof SystemEntry.sheetsFake;

/** The globals each client has its own of. */
const GLOBALS = [
  "foundry",
  "CONFIG",
  "CONST",
  "Hooks",
  "game",
  "ui",
  "canvas",
  "Actor",
  "Item",
  "ActiveEffect",
  "Scene",
  "TokenDocument",
  "Combat",
  "JournalEntry",
  "ChatMessage",
  "Roll",
] as const;

interface Store {
  readonly name: string;
  readonly globals: Raw;
}

const als = new AsyncLocalStorage<Store>();
/** The test file's own globals, answered outside any client; null until the accessors are put on. */
let outside: Raw | null = null;
const g = globalThis as unknown as Raw;

/** The timers whose callbacks run in the client that set them, whichever clock is installed (real, or vitest's fake). */
const TIMERS = ["setTimeout", "setInterval", "setImmediate"] as const;
/** A timer wrapper's underlying function (what vitest installed or put back). */
const UNDERLYING = Symbol("underlying");
type Timer = ((...args: unknown[]) => unknown) & { [UNDERLYING]?: Timer };
/** The underlying timer functions while the accessors are on. */
const timers = new Map<string, Timer>();

/**
 * The timer functions become accessors too: what is installed (vitest's fake timers install and
 * put back by assignment) is kept, and what is read calls it with the callback bound to the
 * current client. Real timers keep the client's store by themselves; fake ones run their callbacks
 * from the test's `advanceTimersByTime`, outside every client, which would read the test file's
 * globals instead of the client's that set the timer.
 */
function putTimerAccessors(): void {
  for (const name of TIMERS) {
    timers.set(name, g[name] as Timer);
    const wrappers = new WeakMap<Timer, Timer>();
    const wrapped = (fn: Timer): Timer => {
      let w = wrappers.get(fn);
      if (w === undefined) {
        w = Object.assign(
          (callback: unknown, ...rest: unknown[]) =>
            fn.call(globalThis, typeof callback === "function" ? AsyncLocalStorage.bind(callback as Timer) : callback, ...rest),
          { [UNDERLYING]: fn },
        );
        wrappers.set(fn, w);
      }
      return w;
    };
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => wrapped(timers.get(name)!),
      set: (value: Timer) => void timers.set(name, value[UNDERLYING] ?? value),
    });
  }
}

function putAccessors(): void {
  if (outside !== null) return;
  putTimerAccessors();
  const own: Raw = {};
  outside = own;
  for (const name of GLOBALS) {
    own[name] = g[name];
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => (als.getStore()?.globals ?? own)[name],
      set: (value: unknown) => void ((als.getStore()?.globals ?? own)[name] = value),
    });
  }
}

/** Puts the test file's own globals back as plain values (in the file's `afterAll`, after its last network). */
export function removeAccessors(): void {
  if (outside === null) return;
  for (const name of TIMERS)
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, enumerable: true, value: timers.get(name) });
  timers.clear();
  for (const name of GLOBALS) {
    const value = outside[name];
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, enumerable: true, value });
  }
  outside = null;
}

/** Real timers, taken before a test can fake them: the wire's pump runs whatever vitest fakes. */
const realImmediate = setImmediate;
const idle = (): Promise<void> => new Promise((resolve) => realImmediate(resolve));

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface Client {
  readonly name: string;
  /** The user this client plays (a user of the chat fake: `gm`, `gm2`, `p1`, `p2`). */
  readonly userId: string;
  readonly online: boolean;
  /** This client's stand-in and chat fake. */
  readonly entry: EntryModule;
  /** With `system`: this client's sheets stand-in (`game.actors` is its `actors`). */
  readonly sheets: SheetsFake | null;
  /** Runs `fn` as this client's code (its globals, its module state). */
  run<T>(fn: () => T): T;
  /** This client's own copy of a module of ours, by its path from the repository root (e.g. "src/queries/card-actions"). */
  load<T = Raw>(path: string): Promise<T>;
}

interface ClientState extends Client {
  online: boolean;
  /** When the last delivery to this client is due: deliveries keep the server's order. */
  lastDue: number;
  /** With `system`: the hooks the entry point registered when it was loaded. */
  readonly systemHooks: readonly unknown[];
  /** With `system`, once `init` has run: what it registered, put back in every later world. */
  started: Started | null;
}

/** What a client's `init` registered that a world's reset clears: its hooks, settings and query handlers. */
interface Started {
  readonly hooks: readonly unknown[];
  readonly settings: readonly { readonly namespace: string; readonly key: string; readonly config: Raw }[];
  readonly queries: Raw;
}

interface Pending {
  readonly at: number;
  readonly seq: number;
  readonly to: ClientState | null;
  readonly run: () => void;
}

export interface NetworkOptions {
  /** The users with a client of their own, in order (the first GM is the active GM). */
  readonly users: readonly string[];
  /** Milliseconds from the server to each client, per delivery (a function draws one each time). */
  readonly delay?: number | (() => number);
  /**
   * Each client (not the server, which runs no system code) runs the whole system as Foundry starts
   * it: the entry point (src/nobc.ts) loaded once with the sheets' stand-in; `init` before the first
   * world's build (what it registered is put back in later worlds: the modules keep their state, as
   * one page's do), `ready` once every client of a world is connected. Per test file, a client
   * keeps what its first network chose (its module graph is loaded once).
   */
  readonly system?: boolean;
}

/** What went wrong on the wire itself (a write the server accepted that a client could not carry out). */
export interface WireFault {
  readonly client: string;
  readonly call: WireCall;
  readonly error: unknown;
}

export class Network {
  readonly clients: ClientState[] = [];
  readonly faults: WireFault[] = [];
  /** Every write the server accepted, in its order, with its writer. */
  readonly log: { readonly by: string; readonly call: WireCall }[] = [];
  now = 0;
  private server!: ClientState;
  private queue: Pending[] = [];
  private seq = 0;
  private pumping = false;
  private readonly draw: () => number;
  private readonly waiting = new Map<ClientState, Set<(error: Error) => void>>();
  private readonly watchers: { test: (call: WireCall, by: string) => boolean; then: () => void }[] = [];

  private constructor(private readonly options: NetworkOptions) {
    const delay = options.delay ?? 0;
    this.draw = typeof delay === "number" ? () => delay : delay;
  }

  /** A server and one client per user, each with its own module graph; nothing is in their worlds yet. */
  static async open(options: NetworkOptions): Promise<Network> {
    putAccessors();
    const net = new Network(options);
    net.server = await net.makeClient("server", "gm");
    for (const userId of options.users) net.clients.push(await net.makeClient(userId, userId));
    return net;
  }

  /**
   * A client's module graph and globals are loaded once per test file and kept (loading one costs
   * about a second); a network opened again in the file reuses them, and `world()` resets them.
   */
  private async makeClient(name: string, userId: string): Promise<ClientState> {
    const store: Store = stores.get(name) ?? { name, globals: {} };
    stores.set(name, store);
    const run = <T>(fn: () => T): T => als.run(store, fn);
    const load = <T>(path: string): Promise<T> =>
      run(() => import(/* @vite-ignore */ `${ROOT}${path.replace(/\.ts$/, "")}.ts?nobcClient=${name}`) as Promise<T>);
    const system = this.options.system === true && name !== "server";
    const entry = await load<EntryModule & { sheetsFake?: SheetsFake }>(
      system ? "tests/harness/client-system" : "tests/harness/client-entry",
    );
    let systemHooks: unknown[] = [];
    if (system) {
      // The entry point registers its hooks (`init`, `setup`, `ready`, …) as it is evaluated.
      await load("src/nobc");
      systemHooks = run(() => [...entry.harness.hooks]);
    }
    const sheets = entry.sheetsFake ?? null;
    const client: ClientState = { name, userId, online: true, entry, sheets, run, load, lastDue: 0, systemHooks, started: null };
    return client;
  }

  /**
   * Builds the same world on the server and every client: each copy reset, then `build` run as that
   * client's code (make the actors, post nothing: a card is posted through the wire once the
   * network is up). Then each client plays its user, every client's user logged in, and writes and
   * queries go through the wire. With `system`, each client's copy hears `init` before `build`
   * (the first world; later ones get back what it registered) and `ready` after every client is
   * connected; what `ready` starts and the wire carries is awaited with `settle()`.
   */
  async world(build: (client: Client) => void | Promise<void>): Promise<void> {
    // What is on its way is delivered first (a test that ended early): a write dropped here would leave its
    // writer's promise pending for good, and with it any module state of that client that waits on it.
    await this.settle();
    this.queue = [];
    this.watchers.length = 0;
    this.waiting.clear();
    for (const c of [this.server, ...this.clients]) {
      c.online = true;
      c.lastDue = this.now;
    }
    // Every copy draws the same ids from here (a creation the server numbered was not numbered by the other copies).
    const ids = Math.max(...[this.server, ...this.clients].map((c) => c.run(() => c.entry.harness.idCounter)));
    for (const c of [this.server, ...this.clients]) {
      await c.run(async () => {
        c.entry.harness.idCounter = ids;
        c.entry.harness.reset();
        c.entry.chatFake.reset();
        if (c.sheets !== null) this.init(c, c.sheets);
        await build(c);
        this.connect(c);
      });
    }
    this.registerSettingsOnServer();
    for (const c of this.clients) if (c.sheets !== null) c.run(() => hooks().callAll("ready"));
  }

  /**
   * With `system`: the server's copy learns the settings the system registered on `init` (their
   * scope, default and choices; no client code), so it checks a write of one as a client's copy
   * does: a world setting is a GM's to write. Foundry's server keeps them as Setting documents.
   */
  private registerSettingsOnServer(): void {
    const first = this.clients.find((c) => c.sheets !== null);
    if (first === undefined) return;
    const registered = first.run(() => first.entry.harness.settingsRegistered.map((r) => ({ ...r })));
    const server = this.server;
    server.run(() => {
      const settings = server.entry.harness.game["settings"] as { register(ns: string, key: string, config: Raw): void };
      for (const { namespace, key, config } of registered) {
        const { scope, choices } = config;
        settings.register(namespace, key, { scope, default: JSON.parse(JSON.stringify(config["default"] ?? null)) as unknown, choices });
      }
    });
  }

  /**
   * The system's `init` on a client's fresh copy, once per client (its modules keep what it
   * registered, as a page does: a second `init` would register each stage action again); in a later
   * world what it registered is put back. Who the client plays is set once it is connected.
   */
  private init(c: ClientState, sheets: SheetsFake): void {
    const { harness } = c.entry;
    sheets.reset();
    const config = g["CONFIG"] as { queries: Raw };
    if (c.started === null) {
      harness.hooks.push(...(c.systemHooks as typeof harness.hooks));
      hooks().callAll("init");
      c.started = {
        hooks: [...harness.hooks],
        settings: harness.settingsRegistered.map((r) => ({ ...r })),
        queries: { ...config.queries },
      };
      return;
    }
    harness.hooks.push(...(c.started.hooks as typeof harness.hooks));
    const settings = harness.game["settings"] as { register(ns: string, key: string, config: Raw): void };
    for (const { namespace, key, config: setting } of c.started.settings) settings.register(namespace, key, setting);
    config.queries = { ...c.started.queries };
  }

  private connect(c: ClientState): void {
    const { chatFake, setWire } = c.entry;
    const gms = this.options.users.filter((u) => chatFake.users.get(u)?.isGM === true);
    for (const u of chatFake.users.values()) u.active = this.options.users.includes(u.id) || (c === this.server && u.id === "gm");
    chatFake.activeGM = gms.length > 0 ? chatFake.users.get(gms[0]!)! : null;
    if (c === this.server) return;
    chatFake.actAs(c.userId);
    setWire((call) => this.send(c, call));
    for (const u of chatFake.users.values()) u.query = (name, data, options) => this.query(c, u.id, name, data, options?.timeout);
  }

  /** The server's own copy of the world, read as a client's (its `run`, `entry`): what the server holds. Sends nothing. */
  get serverCopy(): Client {
    return this.server;
  }

  /** The client of user `userId`. */
  client(userId: string): Client {
    const c = this.clients.find((x) => x.userId === userId);
    if (c === undefined) throw new Error(`no client plays ${userId}`);
    return c;
  }

  /**
   * Runs `then` once, right after the server accepted the first write `test` matches (it is on its
   * way to every client): e.g. a GM client dropping out between two writes of one Apply.
   */
  whenSent(test: (call: WireCall, by: string) => boolean, then: () => void): void {
    this.watchers.push({ test, then });
  }

  /** Runs `fn` on the wire's clock, `ms` from now (0: next, after what is already due now). */
  at(ms: number, fn: () => void): void {
    this.schedule(this.now + ms, null, fn);
  }

  private schedule(at: number, to: ClientState | null, run: () => void): void {
    const item = { at, seq: this.seq++, to, run };
    // Kept sorted by time, then by order of scheduling.
    let i = this.queue.length;
    while (i > 0 && (this.queue[i - 1]!.at > at || (this.queue[i - 1]!.at === at && this.queue[i - 1]!.seq > item.seq))) i -= 1;
    this.queue.splice(i, 0, item);
    if (!this.pumping) void this.pump();
  }

  /** Delivers to `to` after its delay, after everything already on its way to it. */
  private deliver(to: ClientState, run: () => void): void {
    const due = Math.max(this.now + this.draw(), to.lastDue);
    to.lastDue = due;
    this.schedule(due, to, () => to.run(run));
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (;;) {
        // Let every task the code under test has queued run before the next delivery.
        await idle();
        await idle();
        const next = this.queue.shift();
        if (next === undefined) break;
        this.now = Math.max(this.now, next.at);
        if (next.to !== null && !next.to.online) continue;
        next.run();
      }
    } finally {
      this.pumping = false;
    }
  }

  /** Waits until nothing is in flight and the code under test is idle. */
  async settle(): Promise<void> {
    for (let quiet = 0; quiet < 3;) {
      await idle();
      if (this.queue.length > 0 || this.pumping) quiet = 0;
      else quiet += 1;
    }
  }

  /** A write from client `from`: checked by the server, then carried out on every client in the server's order. */
  private send(from: ClientState, call: WireCall): Promise<unknown> {
    if (!from.online) return new Promise<never>(() => undefined);
    const sent = JSON.parse(JSON.stringify(call)) as WireCall;
    return new Promise((resolve, reject) => {
      const server = this.server;
      server
        .run(() => server.entry.carryOut(sent, from.userId))
        .then(
          (written) => {
            const broadcast = withServerIds(sent, written);
            this.log.push({ by: from.userId, call: broadcast });
            for (const c of this.clients) {
              // A lost answer: the writer's copy never hears of its write (its promise stays pending).
              if (!c.online || (c === from && sent.answerLost === true)) continue;
              this.deliver(c, () => {
                const done = c.entry.carryOut(broadcast, from.userId);
                if (c === from) done.then(resolve, reject);
                else done.catch((error: unknown) => this.faults.push({ client: c.userId, call: broadcast, error }));
              });
            }
            const watcher = this.watchers.findIndex((w) => w.test(broadcast, from.userId));
            if (watcher >= 0) this.watchers.splice(watcher, 1)[0]!.then();
          },
          // Refused by the server: only the writer hears, once the answer is back.
          (error: unknown) => this.deliver(from, () => reject(error instanceof Error ? error : new Error(String(error)))),
        );
    });
  }

  /**
   * `User#query` from client `from` to user `userId`: run on that user's client, the answer back over
   * the wire. With `timeout` (ms, on the asker's clock: real or vitest's fake time, as its own timers)
   * it rejects if no answer has arrived by then, as Foundry's does; the handler is given the timeout.
   */
  private query(from: ClientState, userId: string, name: string, data: unknown, timeout?: number): Promise<unknown> {
    if (!from.online) return new Promise<never>(() => undefined);
    const target = this.clients.find((c) => c.userId === userId && c.online);
    if (target === undefined) return Promise.reject(new Error(`User ${userId} is not active`));
    const sent = JSON.parse(JSON.stringify(data ?? null)) as unknown;
    const asked = new Promise((resolve, reject) => {
      const fail = (error: Error): void => reject(error);
      const waits = this.waiting.get(target) ?? new Set();
      this.waiting.set(target, waits);
      waits.add(fail);
      this.deliver(target, () => {
        // Read in the target's store: its own CONFIG.queries.
        const handler = (g["CONFIG"] as { queries?: Raw }).queries?.[name];
        const answer =
          typeof handler === "function"
            ? Promise.resolve().then(() => (handler as (d: unknown, o: unknown) => unknown)(sent, { timeout }))
            : Promise.reject(new Error(`Unknown query ${name}`));
        answer.then(
          (value) =>
            this.deliver(from, () => {
              waits.delete(fail);
              resolve(JSON.parse(JSON.stringify(value ?? null)) as unknown);
            }),
          (error: unknown) =>
            this.deliver(from, () => {
              waits.delete(fail);
              reject(new Error((error as Error).message));
            }),
        );
      });
    });
    if (timeout === undefined) return asked;
    return from.run(() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Query ${name} to ${userId} timed out after ${String(timeout)}ms`)), timeout);
      });
      return Promise.race([asked, late]).finally(() => clearTimeout(timer));
    });
  }

  /**
   * Client `c` drops out: it hears and sends nothing more; the queries waiting on it reject; on the
   * others its user goes inactive, the active GM passes to the next GM online, `userConnected` fires.
   */
  dropOut(client: Client): void {
    const c = client as ClientState;
    c.online = false;
    for (const fail of this.waiting.get(c) ?? []) fail(new Error(`User ${c.userId} is not active`));
    this.waiting.delete(c);
    const gmsOnline = this.clients.filter((x) => x.online && x.entry.chatFake.users.get(x.userId)?.isGM === true).map((x) => x.userId);
    // The server's word that the user left travels as its writes do: after those it sent before.
    const tell = (other: ClientState, run: () => void): void => (other === this.server ? other.run(run) : this.deliver(other, run));
    for (const other of [this.server, ...this.clients.filter((x) => x.online)]) {
      tell(other, () => {
        const { chatFake } = other.entry;
        const user = chatFake.users.get(c.userId);
        if (user !== undefined) user.active = false;
        if (chatFake.activeGM?.id === c.userId) chatFake.activeGM = gmsOnline.length > 0 ? chatFake.users.get(gmsOnline[0]!)! : null;
        hooks().callAll("userConnected", user, false);
      });
    }
  }

  /** Stops the clients' wires; the test file's globals answer again outside any client. */
  close(): void {
    for (const c of this.clients) {
      c.online = false;
      c.run(() => c.entry.setWire(null));
    }
    this.queue = [];
    this.watchers.length = 0;
  }
}

/** The current client's `Hooks`. */
const hooks = (): { callAll(name: string, ...args: unknown[]): boolean } =>
  g["Hooks"] as { callAll(name: string, ...args: unknown[]): boolean };

/** Each client's globals, by client name, for the whole test file (its modules were evaluated with them). */
const stores = new Map<string, Store>();

/** The call as every client carries it out: a creation with the ids the server gave (so every copy has the same). */
function withServerIds(call: WireCall, written: unknown): WireCall {
  const idOf = (doc: unknown): unknown => (doc as { id?: unknown } | null)?.id;
  const rowsWithIds = (rows: unknown, docs: unknown): unknown =>
    Array.isArray(rows) && Array.isArray(docs) ? rows.map((r: Raw, i) => ({ ...r, _id: idOf(docs[i]) })) : rows;
  if (call.kind === "chat" && call.method === "create") return { ...call, args: [{ ...(call.args[0] as Raw), _id: idOf(written) }] };
  if (call.kind === "chat" && call.method === "createDocuments") return { ...call, args: [rowsWithIds(call.args[0], written)] };
  if (call.kind === "class" && call.method === "create") return { ...call, args: [{ ...(call.args[0] as Raw), _id: idOf(written) }] };
  if (call.kind === "class" && call.method === "createDocuments")
    return { ...call, args: [rowsWithIds(call.args[0], written), { ...(call.args[1] as Raw), keepId: true }] };
  return call;
}
