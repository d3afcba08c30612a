/**
 * The rules API as `game.nobc.rules` holds it. The turn, dice and results load with the system; the
 * Land and Air War namespaces (`land`, `air`) and the toolkits (`nqm`, `playsheet`, `missions`), which
 * nothing at start-up reads whole, load on their own chunks: `load()` fetches them (once; the entry
 * point starts it once the world is set up), and `rules.land` etc. read them from then on. (The
 * system's own code imports the rules it uses directly; this namespace is for macros and modules.)
 * The same names as `src/rules/index.ts`, which outside Foundry still gives everything at once.
 */
import type * as land from "./nobc/land/index";
import type * as air from "./nobc/air/index";
import * as turn from "./nobc/turn";
import { seededDice, scriptedDice, randomDice, isDieFace } from "./dice";
import { ok, refuse, unwrap, total, RulesRefusedError } from "./resolution";
import type * as nqm from "./nqm/index";
import type * as playsheet from "./playsheet/index";
import type * as missions from "./missions/index";

/** The rules loaded on demand: the Land and Air War namespaces and the toolkits. */
export interface Toolkits {
  readonly land: typeof land;
  readonly air: typeof air;
  readonly nqm: typeof nqm;
  readonly playsheet: typeof playsheet;
  readonly missions: typeof missions;
}

export type ToolkitName = keyof Toolkits;

export const TOOLKIT_NAMES: readonly ToolkitName[] = ["land", "air", "nqm", "playsheet", "missions"];

const core = { turn, seededDice, scriptedDice, randomDice, isDieFace, ok, refuse, unwrap, total, RulesRefusedError };

export type RulesApi = typeof core &
  Toolkits & {
    /** Loads the toolkits (once) and gives them; `rules.nqm` etc. may be read synchronously once it has resolved. */
    load(): Promise<Toolkits>;
    /** True once the toolkits are loaded. */
    readonly loaded: boolean;
  };

let toolkits: Toolkits | null = null;
let loading: Promise<Toolkits> | null = null;

/** Loads the rules on demand in one go; a failed load may be tried again. */
export function loadToolkits(): Promise<Toolkits> {
  loading ??= Promise.all([
    import("./nobc/land/index"),
    import("./nobc/air/index"),
    import("./nqm/index"),
    import("./playsheet/index"),
    import("./missions/index"),
  ]).then(
    ([landRules, airRules, nqmRules, playsheetRules, missionsRules]) =>
      (toolkits = { land: landRules, air: airRules, nqm: nqmRules, playsheet: playsheetRules, missions: missionsRules }),
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
