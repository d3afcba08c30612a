/**
 * A bot game (issue #37): a seed → a world on the multi-client harness (tests/harness/clients.ts)
 * with a GM, a second GM and two players a side (p1, p2 NATO; p3, p4 WP) over a seeded 20–40 ms wire, the
 * system started on every client as Foundry starts it (init, setup, ready), the turn tracker's
 * Combat made by the GM, then turn after turn, stage after stage: the bots (./bots.ts) act through
 * the entry points a user has, and the GM's Next stage ends each stage. After every action the wire
 * settles, the server's and every client's copy is snapshotted (./snapshot.ts) and the invariants
 * (./invariants.ts, `checkStep`) are checked; errors nobody should see (a throw, an unhandled
 * rejection, `console.error`, a hook that threw, an error notice, a wire fault) go in the step.
 *
 * Fixed by its seed: every choice of the bots, the wire's delays and the GM client's dice
 * (`CONFIG.Dice.randomUniform`) are drawn from `seededUniform` (src/rules/dice.ts). The actions
 * taken are plain data: `replay` plays a list again from the same seed (the shrinker's and the
 * found tests' way in), the stage moving only when a `tracker:advance` in the list says so.
 *
 * The world: the bench's generated theatre (tests/bench/theatre.ts) of `units` units on its
 * 50 × 42 map, one token per unit and HQ, each side's HQs dealt in turn to its two players (a unit
 * goes with its HQ, the air with the side's first player). The system's module graph is kept per
 * client for the whole test file (loading one, with every module the system loads lazily, costs
 * seconds); each game resets the stand-ins and their ids, clears what a page load starts without
 * (the registries init fills, the GM's copy of the rules values, the request counts) and starts the
 * system again.
 *
 * In half the games the first GM's client drops out at a stage drawn for it (`drop-out`, between two
 * actions, as `net.dropOut` models it): gm2, online from the start, is the active GM from then on,
 * acting for the GM and rolling the GM's dice (their own seeded stream); the next game brings the
 * client back.
 *
 * Double-blind (`blind`): the GM sets the teams (each player a sub-team of the HQs they own) and
 * `hiddenInformation` = `doubleBlind` before the first action; the players' bots choose from their
 * side's field (src/world/side-read.ts); after every action what reached each player's client is
 * gathered (`reached`: the messages they are shown, each message's HTML as the context its poster
 * rendered it from, the templates their own client rendered, each dialog drawn there by its context,
 * their notices) with their side's
 * secrets (tests/sweep/leaks.ts, from the server's truth and the knowledge flag), for the invariant
 * `side-secrets-kept`.
 *
 * Not modelled: the team scenes under double-blind (players drag on the master scene, which every
 * browser holds anyway: docs/decisions/hidden-information.md), a client dropping out in the middle of
 * an action, the canvas (the drags go through `TokenDocument#move`, as the harness's tests drag).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Network, removeAccessors, type Client } from "../harness/clients";
import { HEX_SIZE, theatre } from "../bench/theatre";
import { seededUniform } from "../../src/rules/dice";
import { STAGES } from "../../src/rules/nobc/turn";
import { serverOf, takeSnapshot } from "./snapshot";
import type { BotAction, KnownGap, PlayerReach, Reached, Step, StepOutcome, Surface, Violation, WorldSnapshot } from "./contract";
import { messageWire, secretsFor, type Secret, type TruthDoc } from "../sweep/leaks";
import type { Sight } from "../../src/rules/nobc/knowledge/view";
import { chooseAction, performAction, type BotContext, type Code } from "./bots";
import { checkStep } from "./invariants";
import type * as CounterTokens from "../../src/canvas/counter-tokens";
import type { ActorSeed } from "../harness/actors";
import type { TerrainMap } from "../../src/map/terrain-schema";
import type * as Grid from "../../src/map/hex-grid";

type Raw = Record<string, unknown>;
type Fn = (...args: never[]) => unknown;

/** Who plays: the GM, a second GM (who takes over when the first drops out), and two players a side. */
export const USERS = ["gm", "gm2", "p1", "p2", "p3", "p4"] as const;
/** The GMs, in the order they take over. */
const GMS = ["gm", "gm2"] as const;
export type UserId = (typeof USERS)[number];
export const SIDE_PLAYERS = { nato: ["p1", "p2"], wp: ["p3", "p4"] } as const;

export interface GameOptions {
  readonly seed: number;
  /** Whole turns to play (turn 0 is the first). */
  readonly turns: number;
  /** The theatre's size (tests/bench/theatre.ts): 100 or 400 (the starter scenario's are its own). */
  readonly units: number;
  /** The world played: the generated theatre (the default) or the shipped starter scenario. */
  readonly world?: "theatre" | "starter";
  /** Bot actions in a stage before the GM's Next, at most (drawn 0..this). */
  readonly actionsPerStage?: number;
  /** Play these actions again instead of choosing (the stage moves only at their `tracker:advance`). */
  readonly replay?: readonly BotAction[];
  /**
   * Choose each action with this instead of at random (a scripted game: a test's own moves through the
   * same entry points and checks); `null` ends the game.
   */
  readonly script?: (ctx: BotContext, at: TurnView) => Omit<BotAction, "index"> | null;
  /** Stop at the first failing step (default true). */
  readonly stopAtFailure?: boolean;
  /**
   * Double-blind (`hiddenInformation` = `doubleBlind`, docs/decisions/hidden-information.md): each player
   * on their side's team (src/teams/, a sub-team of the HQs they own), the bots choosing from what their
   * side knows, and after every action what reached each player's client swept for what their side
   * does not know (invariant `side-secrets-kept`).
   */
  readonly blind?: boolean;
  /** Under double-blind, surfaces not checked (the short set passes `KNOWN_BLIND_GAPS`; the long runs check all). */
  readonly blindGaps?: readonly KnownGap[];
  /** Told every step's violations (a survey of a whole game with `stopAtFailure: false`). */
  readonly onViolations?: (step: Step, violations: readonly Violation[]) => void;
}

export interface Failure {
  readonly seed: number;
  readonly turn: number;
  readonly stage: string;
  readonly action: BotAction;
  readonly violations: readonly Violation[];
  readonly errors: readonly string[];
}

export interface GameRecord {
  readonly seed: number;
  readonly units: number;
  readonly world: "theatre" | "starter";
  readonly turns: number;
  /** Played double-blind. */
  readonly blind: boolean;
  /** Under double-blind, the surfaces left out (`KNOWN_BLIND_GAPS`, or none). */
  readonly blindGaps: readonly KnownGap[];
  /** Every action taken, in order (what a replay takes). */
  readonly actions: BotAction[];
  readonly outcomes: StepOutcome[];
  /** How many actions of each entry point (a dialog's with its id) were done and refused. */
  readonly kinds: Record<string, { done: number; refused: number }>;
  failure: Failure | null;
  /** Where the tracker stood at the end. */
  readonly reached: { readonly turn: number; readonly stage: string };
  /** Where the game's time went (ms of the clock, summed over the steps): what the bench prints. */
  readonly timings: Timings;
  /**
   * The line-ups of the Air War's step 2 at the end, as the server's chat holds them (seed 000, Air War
   * QRS: 2): the line-up cards posted (each a part, or the whole), and those that complete a zone's
   * line-up (the rules' bouts on their record).
   */
  readonly lineUps: { cards: number; complete: number };
  /** Under double-blind: how many things that reached a player were swept, by surface (none at an open table). */
  readonly swept: Partial<Record<Surface, number>>;
}

/** The clock time of a game's parts, in ms. */
export interface Timings {
  build: number;
  act: number;
  quiesce: number;
  snapshot: number;
  check: number;
  choose: number;
}

/** What went wrong that no user should see, gathered between two steps. */
class ErrorLog {
  readonly lines: string[] = [];
  private readonly consoleError = console.error;
  private readonly onRejection = (reason: unknown): void => void this.lines.push(`unhandled rejection: ${text(reason)}`);

  install(): void {
    console.error = (...args: unknown[]) => void this.lines.push(`console.error: ${args.map(text).join(" ")}`);
    process.on("unhandledRejection", this.onRejection);
  }

  uninstall(): void {
    console.error = this.consoleError;
    process.off("unhandledRejection", this.onRejection);
  }

  take(): string[] {
    return this.lines.splice(0);
  }
}

function text(value: unknown): string {
  if (value instanceof Error)
    return `${value.message}${value.stack === undefined ? "" : `\n${value.stack.split("\n").slice(1, 4).join("\n")}`}`;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The modules of src/ that the system imports lazily (`import("./…")`), by path from the repository root. */
const LAZY_MODULES: readonly string[] = (() => {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".ts"))
        for (const m of readFileSync(file, "utf8").matchAll(/import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g)) {
          const target = path
            .relative(root, path.resolve(path.dirname(file), m[1]!))
            .split(path.sep)
            .join("/");
          found.add(target.endsWith(".ts") ? target : `${target}.ts`);
        }
    }
  };
  walk(path.join(root, "src"));
  return [...found].filter((f) => existsSync(path.join(root, f))).sort();
})();

/** How the server's refusal of a write reads (tests/harness/foundry.ts, as Foundry words it). */
const REFUSED = /lacks permission|may not|does not exist/;

export interface TurnView {
  readonly turn: number;
  readonly stage: number;
  readonly movementSlot?: number;
}

/**
 * The table: the network and every client's own code, opened once per test file; `play` builds a
 * fresh world for each game.
 */
export class Table {
  private constructor(
    readonly net: Network,
    readonly code: ReadonlyMap<string, Code>,
    private readonly wire: { draw: () => number },
  ) {}

  static async open(): Promise<Table> {
    const wire = { draw: seededUniform(1) };
    const net = await Network.open({ users: USERS, delay: () => 20 + Math.floor(wire.draw() * 21) });
    const code = new Map<string, Code>();
    for (const c of [serverOf(net), ...net.clients]) {
      code.set(c.name, {
        registry: await c.load("src/combat/registry"),
        dialogs: await c.load("src/apps/base/registry"),
        advance: await c.load("src/combat/advance"),
        cards: await c.load("src/queries/register"),
        assignment: await c.load("src/queries/card-assignment"),
        read: await c.load("src/world/read"),
        sideRead: await c.load("src/world/side-read"),
        grid: await c.load("src/map/hex-grid"),
        sheets: await c.load("tests/harness/sheets-fake"),
        chat: await c.load("tests/harness/chat-fake"),
        actors: await c.load("tests/harness/actors"),
        record: await c.load("src/documents/rules-record"),
        wmd: await c.load("src/apps/land/wmd/request"),
        splits: await c.load("src/chat/splits"),
        air: {
          world: await c.load("src/apps/air/battle/world"),
          allocation: await c.load("src/apps/air/battle/allocation/state"),
          lineUp: await c.load("src/apps/air/battle/lineup/state"),
        },
        resets: [
          (await c.load<typeof import("../../src/combat/registry")>("src/combat/registry")).clearStageRegistry,
          (await c.load<typeof import("../../src/apps/base/registry")>("src/apps/base/registry")).clearDialogRegistry,
          (await c.load<typeof import("../../src/combat/mission-actions")>("src/combat/mission-actions")).clearMissionActions,
          (await c.load<typeof import("../../src/apps/ground-combat/house-rules")>("src/apps/ground-combat/house-rules"))
            .clearCombatModifiers,
          (await c.load<typeof import("../../src/documents/rules-guard")>("src/documents/rules-guard")).resetRulesGuard,
          (await c.load<typeof import("../../src/queries/request-limits")>("src/queries/request-limits")).resetRequestLimits,
          (await c.load<typeof import("../../src/queries/register")>("src/queries/register")).resetRequestSecret,
        ],
        startHooks: [],
      });
      // Every module the system loads on first use, loaded now: a lazy import arrives by I/O, after
      // the wire's idle rounds, so the first drag's request would land in a later step.
      for (const lazy of LAZY_MODULES) await c.load(lazy);
      // No canvas and no PIXI in the harness: each client's counters are painted by nothing
      // (tests/harness/install.ts does so for a test file's own).
      const counters = await c.load<typeof CounterTokens>("src/canvas/counter-tokens");
      c.run(() => counters.setCounterPainter(() => ({ paint: () => undefined, fit: () => undefined, release: () => undefined })));
      // src/nobc.ts puts its init, setup and ready handlers in when it is first evaluated (once per
      // file here); a world's reset clears the hooks, so they are kept and put in again for each game.
      const kept = code.get(c.name)!.startHooks;
      const hooks = c.run(() => Hooks as unknown as Record<"on" | "once", (name: string, fn: Fn) => number>);
      const { on, once } = hooks;
      hooks.on = (name, fn) => (kept.push({ once: false, name, fn }), on.call(hooks, name, fn));
      hooks.once = (name, fn) => (kept.push({ once: true, name, fn }), once.call(hooks, name, fn));
      try {
        await c.load("src/nobc");
      } finally {
        hooks.on = on;
        hooks.once = once;
      }
    }
    return new Table(net, code, wire);
  }

  /** Closes the table: the GM's record written first (its timer would fire once the world is gone). */
  async close(): Promise<void> {
    await this.flushRecord();
    this.net.close();
    removeAccessors();
  }

  client(user: string): Client {
    return this.net.client(user);
  }

  /** The world of `seed`: the theatre on every copy, each side's documents split between its two players. */
  private async build(options: GameOptions): Promise<Map<string, string>> {
    const t =
      options.world === "starter" ? starterScenario() : { ...theatre(options.units, 20 + (options.seed % 1000)), timetable: undefined };
    const owners = new Map<string, string>();
    // Each side's HQs alternate between its players; a unit goes with its HQ; air with the first player.
    const hqOwner = new Map<string, string>();
    const dealt = { nato: 0, wp: 0 };
    for (const s of t.seeds.filter((x) => x.type === "hq")) {
      const side = s.system["side"] as "nato" | "wp";
      hqOwner.set(`Actor.${s.id}`, SIDE_PLAYERS[side][dealt[side]++ % 2]!);
    }
    for (const s of t.seeds) {
      const side = s.system["side"] as "nato" | "wp";
      const owner =
        s.type === "hq"
          ? hqOwner.get(`Actor.${s.id}`)!
          : s.type === "unit"
            ? (hqOwner.get(s.system["hq"] as string) ?? SIDE_PLAYERS[side][0])
            : SIDE_PLAYERS[side][0];
      owners.set(s.id, owner);
    }
    // A client that dropped out in the game before is back (a page loaded again), and the first GM is the active one.
    for (const c of this.net.clients) (c as { online: boolean }).online = true;
    this.activeGm = GMS[0];
    await this.net.world(async (c) => {
      const code = this.code.get(c.name)!;
      const { harness } = c.entry;
      // Every copy builds the world with the same ids (each drew a different number in the games before).
      harness.restartIds();
      harness.reset();
      code.sheets.sheetsFake.reset();
      // The sheets' stand-in replaced `foundry.applications`: the chat fake puts its template loader back.
      code.chat.installChatFake();
      const chatFake = c.entry.chatFake;
      chatFake.playerIds = USERS.filter((u) => !(GMS as readonly string[]).includes(u));
      chatFake.setUsers(c.name === "server" ? "gm" : c.userId);
      harness.game["combats"] = [];
      const { width, height } = code.grid.mapPixelSize(t.map.columns, t.map.rows, HEX_SIZE);
      harness.canvasState.hexSize = HEX_SIZE;
      harness.canvasState.sceneWidth = Math.ceil(width);
      harness.canvasState.sceneHeight = Math.ceil(height);
      harness.setSceneFlag("terrain", t.map);
      if (t.timetable !== undefined) harness.setSceneFlag("timetable", t.timetable);
      const actors = code.actors.loadActors(t.seeds, (hex) => code.grid.hexCentre(code.grid.offsetOf(hex), HEX_SIZE));
      for (const [id, owner] of owners) chatFake.own(actors.get(id)!, owner);
    });
    // The system starts as Foundry starts it: every client's init, then setup, then ready.
    const all = [serverOf(this.net), ...this.net.clients];
    for (const c of all) {
      const code = this.code.get(c.name)!;
      c.run(() => {
        for (const h of code.startHooks)
          if (h.once) Hooks.once(h.name as never, h.fn as never);
          else Hooks.on(h.name as never, h.fn as never);
        // What a page load starts without: the registries init fills, the GM's copy, the request counts and secret.
        for (const reset of code.resets) reset();
        Hooks.callAll("init");
      });
    }
    for (const hook of ["setup", "ready"] as const) for (const c of all) c.run(() => Hooks.callAll(hook));
    await this.net.settle();
    return owners;
  }

  /** Plays one game (or replays `options.replay`); never throws for what the game did: a failure is in the record. */
  async play(options: GameOptions): Promise<GameRecord> {
    const rng = seededUniform(options.seed);
    this.wire.draw = seededUniform(options.seed ^ 0x5eed);
    const dice = seededUniform(options.seed ^ 0xd1ce);
    const timings: Timings = { build: 0, act: 0, quiesce: 0, snapshot: 0, check: 0, choose: 0 };
    this.timings = timings;
    let mark = performance.now();
    this.blind = false;
    const owners = await this.build(options);
    timings.build = performance.now() - mark;
    const errors = new ErrorLog();
    errors.install();
    const check = checkStep;
    const gm = this.client("gm");
    // The first GM's client drops out in half the games, at a stage drawn for it (its own draws: the bots' stay as they were).
    const drops = seededUniform(options.seed ^ 0xd209);
    const dropAt = drops() < 0.5 ? Math.floor(drops() * options.turns * STAGES.length) : -1;
    const record: GameRecord = {
      seed: options.seed,
      units: options.units,
      world: options.world ?? "theatre",
      turns: options.turns,
      blind: options.blind === true,
      blindGaps: options.blindGaps ?? [],
      actions: [],
      outcomes: [],
      kinds: {},
      failure: null,
      reached: { turn: 0, stage: STAGES[0].id },
      timings,
      lineUps: { cards: 0, complete: 0 },
      swept: {},
    };
    try {
      const dice2 = seededUniform(options.seed ^ 0xd1ce2);
      for (const [client, draw] of [
        [gm, dice],
        [this.client("gm2"), dice2],
      ] as const)
        client.run(() => {
          const config = CONFIG as unknown as { Dice?: Raw };
          config.Dice = { ...config.Dice, randomUniform: draw };
        });
      await gm.run(() =>
        (Combat as unknown as { create(d: object): Promise<unknown> }).create({
          type: "nobcTurn",
          system: { turn: 0, stage: 0, planningEndsAt: null, reached: 0 },
        }),
      );
      // The start-up's own writes (the migration's version, the rules record) come from modules loaded on
      // ready: quiet for 50 ms of real time before the first action.
      for (let quiet = 0; quiet < 10;) {
        const mark = this.net.log.length;
        await this.quiesce();
        await new Promise((resolve) => setTimeout(resolve, 5));
        quiet = this.net.log.length === mark ? quiet + 1 : 0;
      }
      if (options.blind === true) await this.goBlind(owners);
      this.blindGaps = options.blindGaps ?? [];
      const startErrors = [...errors.take(), ...this.gatherErrors()];
      if (startErrors.length > 0) throw new Error(`the world did not start cleanly:\n${startErrors.join("\n")}`);
      const ctx: BotContext = {
        net: this.net,
        code: this.code,
        owners,
        rng,
        gm: () => this.activeGm,
        appliedBefore: new Map(),
        position: () => this.position(),
        quiesce: () => this.quiesce(),
        blind: options.blind === true,
      };
      const end = options.turns * STAGES.length;
      let before = takeSnapshot(serverOf(this.net));
      let budget = this.stageBudget(rng, options, this.position());
      const queue = options.replay === undefined ? null : [...options.replay];
      for (let index = 0; ; index += 1) {
        const at = this.position();
        if (at === null) throw new Error("the turn tracker's Combat is gone");
        if (queue === null && options.script === undefined && at.turn * STAGES.length + at.stage >= end) break;
        let action: BotAction;
        if (queue !== null) {
          const next = queue.shift();
          if (next === undefined) break;
          action = { ...next, index };
        } else if (options.script !== undefined) {
          const next = options.script(ctx, at);
          if (next === null) break;
          action = { ...next, index };
        } else if (this.activeGm === "gm" && dropAt >= 0 && at.turn * STAGES.length + at.stage >= dropAt) {
          action = { index, user: "gm", kind: "drop-out", args: {} };
        } else if (budget <= 0) {
          action = { index, user: this.activeGm, kind: "tracker:advance", args: {} };
          budget = -1;
        } else {
          mark = performance.now();
          action = chooseAction(ctx, index);
          timings.choose += performance.now() - mark;
          budget -= 1;
        }
        const step = await this.step(ctx, errors, options.seed, at, action, before);
        // A new stage (or Movement's next group): its own number of actions before the next Next.
        if (budget < 0) budget = this.stageBudget(rng, options, this.position());
        record.actions.push(action);
        record.outcomes.push(step.outcome);
        const id = action.args["id"];
        const tally = (record.kinds[typeof id === "string" ? `${action.kind} ${id}` : action.kind] ??= { done: 0, refused: 0 });
        tally[step.outcome] += 1;
        before = step.after;
        mark = performance.now();
        const violations = [...check(step)];
        timings.check += performance.now() - mark;
        if (action.wrong !== undefined && step.outcome === "done")
          violations.push({
            invariant: "wrong-refused",
            detail: `the deliberately wrong ${action.kind} (${action.wrong}) was carried out`,
          });
        for (const r of (step.blind ?? []).flatMap((p) => p.reached)) record.swept[r.surface] = (record.swept[r.surface] ?? 0) + 1;
        if (violations.length > 0) options.onViolations?.(step, violations);
        if (violations.length > 0 && record.failure === null) {
          record.failure = { seed: options.seed, turn: step.turn, stage: step.stage, action, violations, errors: step.errors };
          if (options.stopAtFailure !== false) break;
        }
      }
    } catch (error) {
      const at = this.position();
      record.failure ??= {
        seed: options.seed,
        turn: at?.turn ?? -1,
        stage: STAGES[at?.stage ?? -1]?.id ?? "?",
        action: record.actions.at(-1) ?? { index: -1, user: "gm", kind: "start", args: {} },
        violations: [{ invariant: "game-ran", detail: text(error) }],
        errors: errors.take(),
      };
    } finally {
      errors.uninstall();
      for (const m of serverOf(this.net).entry.chatFake.messages.values()) {
        const air = ((m.system["records"] ?? {}) as Raw)["airBattle"] as Raw | undefined;
        if (m.type !== "resolution" || air?.["kind"] !== "lineUp") continue;
        record.lineUps.cards += 1;
        if (Array.isArray(air["bouts"])) record.lineUps.complete += 1;
      }
      const at = this.position();
      (record as { reached: GameRecord["reached"] }).reached = { turn: at?.turn ?? -1, stage: STAGES[at?.stage ?? -1]?.id ?? "?" };
    }
    return record;
  }

  /**
   * Waits until the step is over: the wire settled, the record written, and nothing more sent for
   * two short real-time pauses (a module the system loads on first use, as the drag's, arrives by
   * I/O, later than the wire's idle rounds see).
   */
  private async quiesce(): Promise<void> {
    for (let quiet = 0; quiet < 2;) {
      const mark = this.net.log.length;
      await this.net.settle();
      await this.flushRecord();
      await new Promise((resolve) => setTimeout(resolve, 2));
      await this.net.settle();
      quiet = this.net.log.length === mark ? quiet + 1 : 0;
    }
  }

  /**
   * The active GM's record of the umpire's values is written 250 ms (real time) after a change: a
   * user's next click comes later than that, so each step ends with it written (as the timer would,
   * when it is set).
   */
  private async flushRecord(): Promise<void> {
    const gm = this.client(this.activeGm);
    const { record } = this.code.get(gm.name)!;
    // Only when its timer is set (a write of the record compares all of it: a few ms at 400 units).
    if (!gm.run(() => record.recordDue())) return;
    await gm.run(() => record.writeRecord());
    await this.net.settle();
  }

  /**
   * Up to `actionsPerStage` actions in a stage: three times as many in each Movement group (most units
   * move) and in the Air War's Allocation and Line-up (two sides post, the GM applies, then three parts
   * in turn), twice as many in Orders and Ground Combat (every HQ gives orders, every contact may be attacked).
   */
  private stageBudget(rng: () => number, options: GameOptions, at: TurnView | null = null): number {
    const stage = at === null ? undefined : STAGES[at.stage]?.id;
    // The Allocation and the Line-up: each side's allocation posted and applied, then the line-up's parts in turn.
    const scale =
      stage === "movement" || stage === "airAllocation" || stage === "airLineup"
        ? 3
        : stage === "orders" || stage === "groundCombat"
          ? 2
          : 1;
    return Math.floor(rng() * ((options.actionsPerStage ?? 6) * scale + 1));
  }

  /** Where the tracker stands, as the GM's client reads it. */
  position(): TurnView | null {
    const gm = this.client(this.activeGm);
    const combats = gm.run(() => (game as unknown as { combats?: { type: string; system: TurnView }[] }).combats ?? []);
    return combats.find((c) => c.type === "nobcTurn")?.system ?? null;
  }

  /** The active GM's user: gm, or gm2 once gm's client dropped out. */
  private activeGm: string = GMS[0];

  /** The timings of the game being played. */
  private timings: Timings = { build: 0, act: 0, quiesce: 0, snapshot: 0, check: 0, choose: 0 };

  /** Hook errors, error notices and wire faults since the last call, on every copy. */
  private faultsSeen = 0;
  private noticesSeen = new Map<string, number>();
  private gatherErrors(): string[] {
    const out: string[] = [];
    for (const f of this.net.faults.slice(this.faultsSeen))
      out.push(`wire fault on ${f.client}: ${f.call.kind} ${f.call.target}: ${text(f.error)}`);
    this.faultsSeen = this.net.faults.length;
    for (const c of [serverOf(this.net), ...this.net.clients]) {
      const { harness } = c.entry;
      for (const e of harness.hookErrors.splice(0)) out.push(`hook ${e.hook} threw on ${c.name}: ${text(e.error)}`);
      const seen = this.noticesSeen.get(c.name) ?? 0;
      if (seen > harness.notices.length) this.noticesSeen.set(c.name, 0);
      for (const n of harness.notices.slice(this.noticesSeen.get(c.name) ?? 0))
        if (n.level === "error") out.push(`error notice on ${c.name}: ${n.message}`);
      this.noticesSeen.set(c.name, harness.notices.length);
    }
    return out;
  }

  private async step(
    ctx: BotContext,
    errors: ErrorLog,
    seed: number,
    at: TurnView,
    action: BotAction,
    before: WorldSnapshot,
  ): Promise<Step> {
    const thrown: string[] = [];
    let outcome: StepOutcome = "refused";
    const advance = action.kind === "tracker:advance";
    let mark = performance.now();
    try {
      outcome = await performAction(ctx, action);
      if (action.kind === "drop-out" && outcome === "done") this.activeGm = GMS[1];
    } catch (error) {
      // A deliberately wrong write the server refuses rejects as Foundry's does (a console user's
      // update of a token they do not own): that is the refusal, not an error.
      if (action.wrong === undefined || !REFUSED.test((error as Error).message)) thrown.push(`${action.kind} threw: ${text(error)}`);
    }
    this.timings.act += performance.now() - mark;
    mark = performance.now();
    await this.quiesce();
    this.timings.quiesce += performance.now() - mark;
    mark = performance.now();
    const after = takeSnapshot(serverOf(this.net));
    const clients = this.net.clients.filter((c) => c.online).map((c) => takeSnapshot(c));
    this.timings.snapshot += performance.now() - mark;
    const blind = this.blind ? await this.reached(after, clients, action) : undefined;
    const moved = this.position();
    const stageMoved = moved !== null && (moved.turn !== at.turn || moved.stage !== at.stage);
    // Undo's invariant compares with the world before the Apply: given only when nothing else changed a
    // document since the Apply (else the other changes rightly stand and no exact comparison is owed).
    const applied = action.kind === "card:undo" ? ctx.appliedBefore.get(String(action.args["nth"])) : undefined;
    const undone = applied !== undefined && sameDocuments(applied.after, before) ? applied.before : undefined;
    if (action.kind === "card:apply" && outcome === "done") ctx.appliedBefore.set(String(action.args["nth"]), { before, after });
    return {
      seed,
      turn: at.turn,
      stage: STAGES[at.stage]!.id,
      action,
      outcome,
      before,
      after,
      clients,
      errors: [...thrown, ...errors.take(), ...this.gatherErrors()],
      ...(undone === undefined || outcome !== "done" ? {} : { undoes: undone }),
      ...(stageMoved ? { advancedBy: advance ? ("tracker" as const) : ("other" as const) } : {}),
      ...(blind === undefined ? {} : { blind, blindGaps: this.blindGaps }),
    };
  }

  /** Whether the game being played is double-blind. */
  private blind = false;
  private blindGaps: readonly KnownGap[] = [];
  /** Per player: how much of their notices and rendered templates was swept, and their copy's messages then. */
  private seen = new Map<string, { apps: number; notices: number; chat: number; sheets: number; messages: WorldSnapshot["messages"] }>();
  /** Each side's secrets, kept while the server's actors, tokens and scenes (the knowledge flag) are the same maps. */
  private secretsCache: { keys: readonly unknown[]; secrets: Record<"nato" | "wp", Secret[]> } | null = null;
  /** How much of each GM client's rendered templates was read. */
  private gmRendered = new Map<string, number>();

  /**
   * The world goes double-blind, as a GM sets it up: the teams (each player on their side, a sub-team
   * of the HQs they own: src/teams/), then `hiddenInformation` = `doubleBlind`. What reached each
   * player so far is taken as seen.
   */
  private async goBlind(owners: ReadonlyMap<string, string>): Promise<void> {
    const members: Record<string, { side: "nato" | "wp"; hqs: string[] }> = {};
    const hqs = serverOf(this.net).run(() => this.code.get("server")!.read.readBattlefield().hqs);
    for (const [side, players] of Object.entries(SIDE_PLAYERS) as ["nato" | "wp", readonly string[]][])
      for (const p of players)
        members[p] = { side, hqs: hqs.filter((h) => owners.get(h.id.replace(/^Actor\./, "")) === p).map((h) => h.id) };
    const gm = this.client(this.activeGm);
    await gm.run(() => (game.settings as unknown as Settings).set("nobc", "teams", { members }));
    await gm.run(() => (game.settings as unknown as Settings).set("nobc", "hiddenInformation", "doubleBlind"));
    await this.quiesce();
    this.blind = true;
    this.secretsCache = null;
    this.seen.clear();
    for (const gm of GMS) for (const [key, rendered] of this.renderedOn(gm)) this.gmRendered.set(key, rendered.length);
    for (const c of this.net.clients)
      if (!(GMS as readonly string[]).includes(c.name))
        this.seen.set(c.name, {
          apps: this.code.get(c.name)!.sheets.sheetsFake.appRenders.length,
          notices: c.entry.harness.notices.length,
          chat: c.entry.chatFake.rendered.length,
          sheets: this.code.get(c.name)!.sheets.sheetsFake.rendered.length,
          messages: takeSnapshot(c).messages,
        });
  }

  /** The templates `user`'s client rendered (the chat's stand-in renderer, or the sheets' where it came first), by a key of their own. */
  private renderedOn(user: string): [string, readonly { path: string; data: unknown }[]][] {
    const c = this.client(user);
    return [
      [`${user}:chat`, c.entry.chatFake.rendered],
      [`${user}:sheets`, this.code.get(c.name)!.sheets.sheetsFake.rendered],
    ];
  }

  /** What reached each online player's client since the last step, with their side's secrets (tests/sweep/leaks.ts). */
  private async reached(after: WorldSnapshot, clients: readonly WorldSnapshot[], action: BotAction): Promise<PlayerReach[]> {
    // The hexes the acting player named (a drag's path, a combat's target): told back to them, they tell nothing.
    const asked = [...new Set(JSON.stringify(action.args).match(/(?<!\d)\d{4}(?!\d)/g) ?? [])];
    const out: PlayerReach[] = [];
    // The templates the GMs' clients rendered in this step: a message's HTML is rendered by its poster (the
    // active GM's client) and reaches every browser as its content; the harness's content names the template.
    const posted = new Map<string, unknown[]>();
    for (const gm of GMS)
      for (const [key, rendered] of this.renderedOn(gm)) {
        const from = Math.min(this.gmRendered.get(key) ?? 0, rendered.length);
        for (const r of rendered.slice(from)) posted.set(r.path, [...(posted.get(r.path) ?? []), r.data]);
        this.gmRendered.set(key, rendered.length);
      }
    for (const copy of clients) {
      const seen = this.seen.get(copy.of);
      if (seen === undefined) continue;
      const c = this.client(copy.of);
      const reached: Reached[] = [];
      // The messages made in this step, per template, in the order they were made. When as many were made as
      // the GMs rendered of that template, the k-th was drawn from the k-th render (one createDocuments call
      // keeps its rows' order); else (a card re-rendered besides) any render may be its, and all are swept.
      const made = new Map<string, string[]>();
      for (const [id, raw] of copy.messages) {
        const template = templateOf(raw);
        if (!seen.messages.has(id) && template !== undefined) made.set(template, [...(made.get(template) ?? []), id]);
      }
      let nth = 0;
      for (const [id, raw] of copy.messages) {
        nth += 1;
        if (seen.messages.get(id) === raw) continue;
        const whisper = raw["whisper"] as readonly string[];
        if (whisper.length > 0 && !whisper.includes(c.userId)) continue;
        const nobc = (raw["flags"] as Raw | undefined)?.["nobc"];
        const flags = Object.keys(typeof nobc === "object" && nobc !== null ? nobc : {}).join(",");
        const where = `#${String(nth - 1)} ${String(raw["type"])}${flags === "" ? "" : ` nobc.${flags}`}`;
        reached.push({ surface: "message", where, data: messageWire(raw) });
        // Its HTML: the context its template was rendered from (a side card's: the one for this side).
        const template = templateOf(raw);
        const renders = template === undefined ? [] : (posted.get(template) ?? []);
        const ids = template === undefined ? [] : (made.get(template) ?? []);
        const k = ids.indexOf(id);
        for (const data of k >= 0 && ids.length === renders.length ? [renders[k]] : renders)
          if (raw["type"] !== "sideCard" || (data as Raw)["side"] === sideOfPlayer(copy.of))
            reached.push({ surface: "card-html", where: `${where} ${template}`, data });
      }
      const notices = c.entry.harness.notices;
      for (const n of notices.slice(Math.min(seen.notices, notices.length)))
        reached.push({ surface: "notice", where: noticeKey(n.message), data: { message: n.message, options: n.options } });
      const rendered = [
        ...c.entry.chatFake.rendered.slice(Math.min(seen.chat, c.entry.chatFake.rendered.length)),
        ...this.code.get(c.name)!.sheets.sheetsFake.rendered.slice(seen.sheets),
      ];
      for (const r of rendered)
        reached.push({ surface: r.path.includes("templates/chat/") ? "card-html" : "dialog-html", where: r.path, data: r.data });
      // Each of the system's dialogs drawn on the player's client (the harness draws no template): the context its
      // template is rendered from, made as its render makes it (`_prepareContext`: the controller's view of the state).
      const apps = this.code.get(c.name)!.sheets.sheetsFake.appRenders;
      for (const { app } of apps.slice(Math.min(seen.apps, apps.length))) {
        const dialog = app as {
          dialogState?: unknown;
          _configureRenderParts?: () => { body?: { template?: string } };
          _prepareContext?: (o: object) => Promise<unknown>;
        };
        if (!("dialogState" in dialog) || typeof dialog._prepareContext !== "function") continue;
        const data = await c.run(() => dialog._prepareContext!.call(dialog, {}));
        const template = dialog._configureRenderParts?.call(dialog).body?.template ?? "dialog";
        reached.push({ surface: "dialog-html", where: template, data });
      }
      this.seen.set(copy.of, {
        apps: apps.length,
        notices: notices.length,
        chat: c.entry.chatFake.rendered.length,
        sheets: this.code.get(c.name)!.sheets.sheetsFake.rendered.length,
        messages: copy.messages,
      });
      if (reached.length === 0) continue;
      const side = sideOfPlayer(copy.of);
      out.push({ user: copy.of, side, reached, secrets: this.secrets(after)[side], ...(copy.of === action.user ? { asked } : {}) });
    }
    return out;
  }

  /** What each side may not read now: the truth (the server's battlefield) against the side's knowledge (the scene's flag). */
  private secrets(after: WorldSnapshot): Record<"nato" | "wp", Secret[]> {
    const keys = [after.actors, after.tokens, after.scenes];
    if (this.secretsCache?.keys.every((k, i) => k === keys[i]) === true) return this.secretsCache.secrets;
    const server = serverOf(this.net);
    const field = server.run(() => this.code.get("server")!.read.readBattlefield());
    const hqSide = new Map(field.hqs.map((h) => [h.id, h.side]));
    const truth: TruthDoc[] = [
      ...field.units.map((u) => ({ ref: u.id, side: u.side, name: u.name, hex: u.hex, strength: u.strength })),
      ...field.hqs.map((h) => ({ ref: h.id, side: h.side, name: h.name, hex: h.hex })),
      ...field.cards.flatMap((c) => {
        const side = hqSide.get(c.hq ?? "");
        return side === undefined ? [] : [{ ref: c.id, side, name: c.name }];
      }),
      ...field.squadrons.map((q) => ({ ref: q.id, side: q.side, name: q.name })),
      // Not the airbases: fixed installations whose names a side knows (its deep strike dialog offers the enemy's as targets).
    ];
    const flags = server.run(() => server.entry.harness.scene?.flags["nobc"] as Raw | undefined);
    const knowledge = (flags?.["knowledge"] ?? {}) as Raw;
    const grid = this.code.get("server")!.grid;
    const hexsides = ((flags?.["terrain"] as Raw | undefined)?.["hexsides"] ?? []) as {
      hex: string;
      side: Grid.HexDirection;
      bridge?: boolean;
    }[];
    const bridgeHexes = hexsides
      .filter((h) => h.bridge === true)
      .flatMap((h) => [h.hex, grid.hexLabel(grid.neighbour(grid.offsetOf(h.hex), h.side))]);
    const secrets = {} as Record<"nato" | "wp", Secret[]>;
    for (const side of ["nato", "wp"] as const) {
      const sights = new Map<string, Sight>();
      for (const [piece, entry] of Object.entries((knowledge[side] ?? {}) as Record<string, Raw>)) {
        const { hex, turn, face, strength } = entry as { hex: string; turn: number; face: never; strength: never };
        sights.set(
          `Actor.${piece}`,
          entry["level"] === "identified"
            ? { kind: "counter", hex, turn, face, ...("strength" in entry ? { strength } : {}) }
            : { kind: "contact", hex, turn },
        );
      }
      // The hexes the side knows something stands in (another piece there is not told by its hex), and the
      // map's bridges (every side's map shows them: the deep strike dialog offers each as a target, by its hexes).
      secrets[side] = secretsFor(truth, side, sights, { allowedHexes: [...[...sights.values()].map((x) => x.hex), ...bridgeHexes] });
    }
    this.secretsCache = { keys, secrets };
    return secrets;
  }
}

/** A notice by its lang key, and a refusal's by its reasons' keys too ("NOBC.Notify.Refused NOBC.AirBattle.Refused.notOwned"). */
function noticeKey(message: string): string {
  const key = message.split(" ")[0]!;
  const reasons = [...new Set([...message.slice(key.length).matchAll(/NOBC\.[A-Za-z0-9.]+/g)].map((m) => m[0]))];
  return [key, ...reasons].join(" ");
}

/** The settings as a GM's client writes them. */
interface Settings {
  set(ns: string, key: string, value: unknown): Promise<unknown>;
}

/** A player's side (p1, p2 NATO; p3, p4 the Warsaw Pact). */
const sideOfPlayer = (user: string): "nato" | "wp" => ((SIDE_PLAYERS.nato as readonly string[]).includes(user) ? "nato" : "wp");

/** The shipped starter scenario's adventure (packs/_source/starter-scenario/, built by scripts/scenario-build.mjs). */
const STARTER = fileURLToPath(new URL("../../packs/_source/starter-scenario/hanover-sector-starter-scenario.json", import.meta.url));

/**
 * The starter scenario as the harness loads a world: its actors (HQs with their cards, units,
 * squadrons, airbases) as seeds, each token's hex from its flag, and the scene's terrain and
 * timetable flags, as importing the adventure with its ids kept gives them.
 */
export function starterScenario(): { seeds: ActorSeed[]; map: TerrainMap; timetable: unknown } {
  const adventure = JSON.parse(readFileSync(STARTER, "utf8")) as {
    actors: { _id: string; name: string; type: string; system: Raw; items: { _id: string; name: string; system: Raw }[] }[];
    scenes: {
      tokens: { actorId: string; flags: { nobc: { hex: string } } }[];
      flags: { nobc: { terrain: TerrainMap; timetable?: unknown } };
    }[];
  };
  const scene = adventure.scenes[0]!;
  const hexOf = new Map(scene.tokens.map((t) => [t.actorId, t.flags.nobc.hex]));
  const seeds = adventure.actors.map((a) => {
    const hex = hexOf.get(a._id);
    return {
      id: a._id,
      name: a.name,
      type: a.type,
      system: a.system,
      items: a.items.map((i) => ({ id: i._id, name: i.name, system: i.system })),
      ...(hex === undefined ? {} : { hex }),
    };
  });
  const { terrain, timetable } = scene.flags.nobc;
  if (terrain.hexSize !== HEX_SIZE)
    throw new Error(`the starter scenario's hexes are ${String(terrain.hexSize)} px, the bots drag on ${String(HEX_SIZE)}`);
  return { seeds, map: terrain, timetable };
}

const DOCUMENT_PARTS = ["actors", "items", "tokens", "scenes", "combats"] as const;

/** Whether two snapshots hold the very same document entries (snapshots share an entry while its document is unchanged). */
function sameDocuments(a: WorldSnapshot, b: WorldSnapshot): boolean {
  return DOCUMENT_PARTS.every((part) => a[part].size === b[part].size && [...a[part]].every(([k, v]) => b[part].get(k) === v));
}

/** The failure as a report: seed, turn, stage, what failed and every action up to it. */
export function describeFailure(record: GameRecord): string {
  const f = record.failure;
  if (f === null) return `seed ${String(record.seed)}: clean (${String(record.actions.length)} actions)`;
  const lines = [
    `seed ${String(f.seed)} (${record.world === "starter" ? "starter scenario" : `units ${String(record.units)}`}, turns ${String(record.turns)}): failed at turn ${String(f.turn)}, stage ${f.stage}, action #${String(f.action.index)} ${f.action.user} ${f.action.kind}`,
    ...f.violations.map((v) => `  ${v.invariant}: ${v.detail}`),
    "actions:",
    ...record.actions.map((a) => `  ${JSON.stringify(a)}`),
  ];
  return lines.join("\n");
}

/** The template a message's content was rendered from (the harness's stand-in content names it). */
function templateOf(raw: Raw): string | undefined {
  return /^<rendered (.+)>$/.exec(String(raw["content"]))?.[1];
}
