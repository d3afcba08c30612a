/**
 * The rules API as `game.nobc.rules` holds it. The NOBC core (`land`, `air`, `turn`, dice, results)
 * loads with the system; the toolkits (`nqm`, `playsheet`, `missions`), which nothing at start-up
 * needs, load on their own chunk: `load()` fetches them (once; the entry point starts it once the
 * world is set up), and `rules.nqm` etc. read them from then on. The same names as
 * `src/rules/index.ts`, which outside Foundry still gives everything at once.
 */
import * as land from "./nobc/land/index";
import * as air from "./nobc/air/index";
import * as turn from "./nobc/turn";
import { seededDice, scriptedDice, randomDice, isDieFace } from "./dice";
import { ok, refuse, unwrap, total, RulesRefusedError } from "./resolution";
import type * as nqm from "./nqm/index";
import type * as playsheet from "./playsheet/index";
import type * as missions from "./missions/index";

/** The toolkits' rules, loaded on demand. */
export interface Toolkits {
  readonly nqm: typeof nqm;
  readonly playsheet: typeof playsheet;
  readonly missions: typeof missions;
}

export type ToolkitName = keyof Toolkits;

export const TOOLKIT_NAMES: readonly ToolkitName[] = ["nqm", "playsheet", "missions"];

const core = { land, air, turn, seededDice, scriptedDice, randomDice, isDieFace, ok, refuse, unwrap, total, RulesRefusedError };

export type RulesApi = typeof core &
  Toolkits & {
    /** Loads the toolkits (once) and gives them; `rules.nqm` etc. may be read synchronously once it has resolved. */
    load(): Promise<Toolkits>;
    /** True once the toolkits are loaded. */
    readonly loaded: boolean;
  };

let toolkits: Toolkits | null = null;
let loading: Promise<Toolkits> | null = null;

/** Loads the three toolkits in one go; a failed load may be tried again. */
export function loadToolkits(): Promise<Toolkits> {
  loading ??= Promise.all([import("./nqm/index"), import("./playsheet/index"), import("./missions/index")]).then(
    ([nqmRules, playsheetRules, missionsRules]) => (toolkits = { nqm: nqmRules, playsheet: playsheetRules, missions: missionsRules }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A loaded toolkit; read before `load()` has resolved, an error that says to await it. */
function toolkit<K extends ToolkitName>(name: K): Toolkits[K] {
  if (toolkits === null) throw new Error(`rules.${name} is not loaded yet: await rules.load() first`);
  return toolkits[name];
}

/** The rules namespace of `game.nobc`: the core as values, the toolkits as getters. */
export function rulesApi(): RulesApi {
  const api = { ...core, load: loadToolkits } as RulesApi;
  Object.defineProperty(api, "loaded", { enumerable: true, get: () => toolkits !== null });
  for (const name of TOOLKIT_NAMES) Object.defineProperty(api, name, { enumerable: true, get: () => toolkit(name) });
  return api;
}
