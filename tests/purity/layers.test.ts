/**
 * The layer map of `src/`: each top-level folder sits on a tier and imports only folders on lower
 * tiers, so no two folders import each other and no folder reaches up. Files directly under `src/`
 * are the entry (Foundry's `init`), which may import anything and which nothing imports.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "./imports";

const SRC = path.resolve(__dirname, "../../src");
const ENTRY = "(entry)";

/** Lowest first. Folders on one tier are peers and may not import each other. */
export const TIERS: readonly (readonly string[])[] = [
  ["rules"], // the pure rules core
  ["words"], // writing phrases (lang key + data) and zod issues as words, for Foundry and the CLI
  ["data", "map", "symbols"], // data models, terrain data and geometry, counter symbols
  ["base"], // the Foundry adapter, settings, constants, errors, hashing
  ["schemas", "view", "teams"], // zod schemas; pure view helpers (labels, breakdown, snapshots, paths); the teams
  ["world", "effects", "token"], // reading the world; the one write path; token looks
  ["documents", "chat", "canvas", "team-scenes"], // drops; resolution cards; the board drawn on the canvas; the team scenes kept in step
  ["queries"], // requests to the active GM and its handlers
  ["combat"], // the turn on the combat tracker
  ["apps"], // dialogs
  ["sheets", "orbat"], // document sheets; the order-of-battle import
  ["ui"], // sidebar buttons
  [ENTRY],
];

function tierOf(folder: string): number {
  return TIERS.findIndex((tier) => tier.includes(folder));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
  );
}

/** The top-level folder of a file under `src/`, or the entry for a file directly in it. */
export function folderOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : ENTRY;
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly file: string;
}

/** Every import from one folder of `src/` into another. */
function folderEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of tsFiles(SRC)) {
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(SRC + path.sep)) continue; // styles, lang: not code layers
      const from = folderOf(file);
      const to = folderOf(target);
      if (from !== to) edges.push({ from, to, file: path.relative(SRC, file) });
    }
  }
  return edges;
}

/** The edges that break the map: into an unknown folder, sideways, or upwards. */
export function layerViolations(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => tierOf(e.from) < 0 || tierOf(e.to) < 0 || tierOf(e.to) >= tierOf(e.from))
    .map((e) => `${e.file}: ${e.from} → ${e.to}`);
}

describe("the layer map of src/", () => {
  const edges = folderEdges();

  it("reads the folders' imports", () => {
    expect(edges.length).toBeGreaterThan(50);
  });

  it("places every folder on a tier", () => {
    const folders = new Set(tsFiles(SRC).map(folderOf));
    expect([...folders].filter((f) => tierOf(f) < 0)).toEqual([]);
  });

  it("has every import go down a tier (no cycle, no upward or sideways import)", () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it("refuses an upward, a sideways and an unknown import", () => {
    expect(
      layerViolations([
        { from: "rules", to: "base", file: "rules/a.ts" },
        { from: "chat", to: "documents", file: "chat/b.ts" },
        { from: "apps", to: "nowhere", file: "apps/c.ts" },
        { from: "apps", to: "chat", file: "apps/d.ts" },
      ]),
    ).toEqual(["rules/a.ts: rules → base", "chat/b.ts: chat → documents", "apps/c.ts: apps → nowhere"]);
  });
});
