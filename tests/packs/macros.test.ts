/**
 * The macros pack: each command parses as the body of an async function (how Foundry runs script
 * macros), names only `game.nobc` members that exist, and behaves against a small fake of the
 * Foundry globals it touches, with the real rules core behind `game.nobc.rules`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import * as rules from "../../src/rules/index";
import type { RulesOptions } from "../../src/rules/index";
import type { Phrase } from "../../src/rules/resolution";
import { documentsOf, ROOT } from "./load";

interface Macro {
  name: string;
  type: string;
  command: string;
}

const macros = documentsOf<Macro>("macros");
const AsyncFunction = (
  Object.getPrototypeOf(async () => undefined) as { constructor: new (...args: string[]) => (...args: unknown[]) => Promise<unknown> }
).constructor;
const GLOBALS = ["game", "canvas", "ui", "ChatMessage", "Roll", "foundry"] as const;

/** Member names of `game.nobc`, read from the `NobcApi` interface in src/nobc.ts (it cannot load outside Foundry). */
function nobcApiMembers(): string[] {
  const source = readFileSync(path.join(ROOT, "src", "nobc.ts"), "utf8");
  const body = /interface NobcApi \{([^}]*)\}/.exec(source)?.[1] ?? "";
  return [...body.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1]!);
}

function macro(name: string): Macro {
  const found = macros.find((m) => m.name === name);
  if (!found) throw new Error(`no macro named ${name}`);
  return found;
}

describe.each(macros.map((m) => [m.name, m] as const))("macro %s", (_name, m) => {
  it("is a script that parses as an async function body", () => {
    expect(m.type).toBe("script");
    expect(() => new AsyncFunction(...GLOBALS, m.command)).not.toThrow();
  });

  it("names only game.nobc members that exist", () => {
    const members = nobcApiMembers();
    const paths = [...m.command.matchAll(/game\.nobc((?:\.\w+)+)/g)].map((x) => x[1]!.slice(1).split("."));
    expect(paths.length).toBeGreaterThan(0);
    expect(m.command).not.toMatch(/game\.nobc(?!\.\w)/);
    for (const [top, ...rest] of paths) {
      expect(members, `game.nobc.${top}`).toContain(top);
      if (top !== "rules") continue;
      let at: unknown = rules;
      for (const key of rest) {
        expect(at && typeof at === "object" && key in at, `game.nobc.rules.${rest.join(".")}`).toBe(true);
        at = (at as Record<string, unknown>)[key];
      }
    }
  });
});

/** A small fake of the Foundry globals the macros use. */
function fakeFoundry(
  opts: { dice?: number[]; controlled?: unknown[]; targets?: unknown[]; promptAnswer?: string | null; options?: RulesOptions } = {},
) {
  const dice = [...(opts.dice ?? [])];
  class Roll {
    total = 0;
    constructor(readonly formula: string) {}
    async evaluate() {
      this.total = dice.shift() ?? Number.NaN;
      return this;
    }
  }
  const env = {
    game: {
      user: { id: "user1", targets: new Set(opts.targets ?? []) },
      // The world's rules options in the shape `game.nobc.rulesOptions()` gives them.
      nobc: {
        rules,
        // `game.nobc.say` writes a phrase in the user's language; here it marks what it was given.
        say: vi.fn((p: Phrase) => `said:${JSON.stringify(p)}`),
        applyEffects: vi.fn(async () => undefined),
        land: { toggleMode: vi.fn(async () => ({ ok: true })), oddsForSelection: vi.fn(async () => ({ ok: true })) },
        openDialog: vi.fn(async () => null),
        rulesOptions: (): RulesOptions => opts.options ?? rules.land.DEFAULT_RULES_OPTIONS,
      },
    },
    canvas: { tokens: { controlled: opts.controlled ?? [] } },
    ui: { notifications: { warn: vi.fn() } },
    ChatMessage: { create: vi.fn(async () => undefined), getSpeaker: () => ({ alias: "Umpire" }) },
    Roll,
    foundry: { applications: { api: { DialogV2: { prompt: vi.fn(async () => opts.promptAnswer ?? null) } } } },
  };
  return {
    env,
    run: (name: string) => new AsyncFunction(...GLOBALS, macro(name).command)(...GLOBALS.map((g) => env[g])),
    chat: () => (env.ChatMessage.create.mock.calls as unknown as [{ content: string; whisper?: string[] }][]).map((c) => c[0]),
  };
}

const token = (name: string, system: Record<string, unknown>, type = "unit") => ({
  actor: { name, type, uuid: `Actor.${name.padEnd(16, "x").slice(0, 16)}`, system },
});
const brigade = (name: string, side: string, strength: number, extra: Record<string, unknown> = {}) =>
  token(name, {
    side,
    nationality: side === "nato" ? "us" : "su",
    size: "brigade",
    arm: "armour",
    strength: { value: strength, max: 6 },
    mode: "march",
    supply: 1,
    hq: null,
    ...extra,
  });

describe.each(["Roll Mission and Time of Day", "Roll Time of Day for a Mission"])("%s", (name) => {
  it("rolls nothing on the caller's client and posts nothing itself: it opens the GM's mission set-up", async () => {
    const f = fakeFoundry({ dice: [3, 2] });
    await f.run(name);
    expect(f.chat()).toHaveLength(0);
    expect(f.env.game.nobc.openDialog).toHaveBeenCalledWith("missions.setup", expect.objectContaining({ time: "roll" }));
    expect(macro(name).command).not.toMatch(/new Roll|ChatMessage\.create/);
  });
});

describe("Odds for Selected against Targeted (seed 000, Step One)", () => {
  const odds = "Odds for Selected against Targeted";

  it("asks game.nobc.land.oddsForSelection (src/apps/land/odds-check.ts) and holds no sentence of its own", async () => {
    const f = fakeFoundry({ controlled: [brigade("A", "wp", 6)] });
    await f.run(odds);
    expect(f.env.game.nobc.land.oddsForSelection).toHaveBeenCalledTimes(1);
    expect(f.env.ui.notifications.warn).not.toHaveBeenCalled();
    expect(f.env.ChatMessage.create).not.toHaveBeenCalled();
    const code = macro(odds)
      .command.split("\n")
      .filter((line) => !line.trim().startsWith("//"))
      .join("\n");
    expect(code).not.toMatch(/["'`]/);
  });
});

describe("Toggle Combat or March Mode (seed 000, 2. Orders)", () => {
  const toggle = "Toggle Combat or March Mode";

  it("asks the GM through game.nobc.land.toggleMode (the selected units, checked by the GM) and writes nothing itself", async () => {
    const f = fakeFoundry({ controlled: [brigade("A", "nato", 6)] });
    await f.run(toggle);
    expect(f.env.game.nobc.land.toggleMode).toHaveBeenCalledTimes(1);
    expect(f.env.game.nobc.land.toggleMode).toHaveBeenCalledWith();
    expect(f.env.game.nobc.applyEffects).not.toHaveBeenCalled();
    expect(f.env.ui.notifications.warn).not.toHaveBeenCalled();
    expect(f.env.ChatMessage.create).not.toHaveBeenCalled();
  });

  it("holds no sentence of its own: its words come from the lang files (a string literal is only in comments)", () => {
    const code = macro(toggle)
      .command.split("\n")
      .filter((line) => !line.trim().startsWith("//"))
      .join("\n");
    expect(code).not.toMatch(/["'`]/);
  });
});
