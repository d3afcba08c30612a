// `node scripts/node-check.mjs [version]`: exits 0 when the Node version (this one by default)
// satisfies package.json's engines.node, else 1 with the range it needs and how to get it. It has
// no dependencies and runs on old Node too: .ci/run asks it before `npm ci`, to decide whether to
// bring in Node 24 from the npm registry, and package.json runs it before `npm test` (pretest)
// and `npm run build` (prebuild), so an old Node stops them at once with a reason instead of
// failing minutes later in a dependency (vitest 5 on Node 20 crashes in its reporter with
// "Map.groupBy is not a function"). `npm ci` is stopped by `engine-strict` in .npmrc, which npm
// checks before it installs anything (a preinstall script would run only after the install).
import { readFileSync } from "node:fs";
import path from "node:path";
import { isMain, root } from "./script-paths.mjs";

function parse(version) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(version).trim());
  if (!m) throw new Error(`not a version: "${version}"`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

function compare(a, b) {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Whether `version` satisfies `range`: alternatives joined by "||", each "^x.y.z" (same major, at
 * least x.y.z), ">=x.y.z" or ">x.y.z" (missing parts are 0). Any other form is refused, not guessed.
 */
export function satisfies(version, range) {
  const v = parse(version);
  return String(range)
    .split("||")
    .some((alternative) => {
      const m = /^\s*(\^|>=|>)\s*(\S+)\s*$/.exec(alternative);
      if (!m) throw new Error(`unsupported range "${alternative.trim()}" (only ^x.y.z, >=x.y.z and >x.y.z, joined by ||)`);
      const [op, min] = [m[1], parse(m[2])];
      const c = compare(v, min);
      if (op === ">") return c > 0;
      return c >= 0 && (op === ">=" || v[0] === min[0]);
    });
}

/** package.json's engines.node. */
export function enginesNode() {
  return JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
}

if (isMain(import.meta.url)) {
  const version = process.argv[2] ?? process.versions.node;
  const range = enginesNode();
  if (!satisfies(version, range)) {
    console.error(
      [
        `nobc: Node ${version} is too old or not supported: package.json's engines.node is "${range}" (Node 24 LTS recommended).`,
        "  Install Node 24 from nodejs.org or your package manager, or without a system install, from the npm registry:",
        "    npm install --prefix ~/.cache/nobc/node-24 --no-save node@24",
        '    export PATH="$HOME/.cache/nobc/node-24/node_modules/.bin:$PATH"',
        "  (.ci/run does this by itself on a machine whose Node is too old.)",
      ].join("\n"),
    );
    process.exit(1);
  }
}
