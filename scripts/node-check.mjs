// `node scripts/node-check.mjs [version]`: exits 0 when the Node version (this one by default)
// satisfies package.json's engines.node, else 1 with the range it needs. It has no dependencies
// and runs on old Node too, so .ci/run can ask it before `npm ci`, to decide whether to bring in
// Node 24 from the npm registry.
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
    console.error(`nobc: Node ${version} does not satisfy package.json's engines.node "${range}" (Node 24 LTS recommended)`);
    process.exit(1);
  }
}
