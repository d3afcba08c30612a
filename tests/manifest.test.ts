import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM build script without type declarations
import { manifestPaths as untypedManifestPaths } from "../scripts/package.mjs";

const manifestPaths = untypedManifestPaths as (manifest: unknown) => string[];

const root = path.resolve(__dirname, "..");
const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8")) as {
  id: string;
  compatibility: { minimum: string; verified: string };
  esmodules: string[];
  styles: string[];
  languages: { lang: string; path: string }[];
  packs: { name: string; path: string; type: string }[];
  documentTypes: Record<string, Record<string, unknown>>;
  grid: { type: number; distance: number; units: string };
};

describe("system.json", () => {
  it("is the nobc system for Foundry 13 and 14: verified on a v14 build, with no maximum", () => {
    expect(manifest.id).toBe("nobc");
    expect(manifest.compatibility).toEqual({ minimum: "13", verified: "14.369" });
    expect(manifest.compatibility).not.toHaveProperty("maximum");
  });

  it("declares the ten subtypes", () => {
    expect(Object.keys(manifest.documentTypes["Actor"] ?? {}).sort()).toEqual(["airSquadron", "airbase", "hq", "nqmUnit", "unit"]);
    expect(Object.keys(manifest.documentTypes["Item"] ?? {})).toEqual(["supportCard"]);
    expect(Object.keys(manifest.documentTypes["Combat"] ?? {})).toEqual(["nobcTurn", "nobcMission"]);
    expect(Object.keys(manifest.documentTypes["ChatMessage"] ?? {})).toEqual(["resolution", "sideCard"]);
  });

  it("defaults scenes to flat-topped 10 km hexes (docs/rules-decisions.md, Map scale)", () => {
    // Foundry's grid types: 4 = hexagonal columns, odd columns shifted (flat-topped), as board wargames number them.
    expect(manifest.grid).toEqual({ type: 4, distance: 10, units: "km" });
  });

  it("names only files the build produces or copies from the repo", () => {
    expect(manifest.esmodules).toEqual(["nobc.mjs"]);
    expect(manifest.styles).toEqual(["nobc.css"]);
    for (const lang of manifest.languages) expect(existsSync(path.join(root, lang.path)), lang.path).toBe(true);
    for (const pack of manifest.packs) {
      expect(existsSync(path.join(root, "packs", "_source", path.basename(pack.path))), pack.name).toBe(true);
    }
  });

  // Runs after `npm run build` (as CI does); the build script makes the same check itself.
  const dist = path.join(root, "dist");
  it.runIf(existsSync(path.join(dist, "system.json")))("every path it names exists in dist/ once built", () => {
    const missing = manifestPaths(manifest).filter((p) => !existsSync(path.join(dist, p)));
    expect(missing).toEqual([]);
  });
});
